//! Built-in functions on the Vulkan target: the `OpenCL.std` extended
//! instructions are not available to `Shader` modules, so the library
//! functions with a `GLSL.std.450` counterpart of the same definition map
//! to it; the rest, and the built-ins that need `Kernel` instructions
//! (vector loads and stores, async copies, group collectives, saturating
//! or explicitly rounded conversions), are `E0902` errors naming the
//! function.

use oclc_ir::{BuiltinFn, ExprId, LibFn, Rounding, TypeId};
use rspirv::spirv::Op;

use crate::expr::Scalar;
use crate::function::FunctionEmitter;
use crate::module::{unsupported, Emit};
use crate::words::Word;

/// The `GLSL.std.450` instruction of a library function for operands of
/// `class` (numbers from the GLSL.std.450 specification), for the
/// functions whose OpenCL and GLSL definitions agree: `fmin`/`fmax`/float
/// `clamp` use the NaN-ignoring `NMin`/`NMax`/`NClamp` as OpenCL requires;
/// `pow` (defined for negative bases in OpenCL, not in GLSL), `round`
/// (halfway cases away from zero in OpenCL, unspecified in GLSL) and
/// `fract` (a pointer output) have no counterpart.
#[rustfmt::skip]
fn glsl_std(f: LibFn, class: Scalar) -> Option<u32> {
    use LibFn::*;
    let float = class == Scalar::Float;
    let signed = class == Scalar::Signed;
    Some(match f {
        Trunc if float => 3, Fabs => 4,
        Abs if signed => 5, Floor => 8, Ceil => 9,
        Sin | NativeSin | HalfSin => 13, Cos | NativeCos | HalfCos => 14,
        Tan | NativeTan | HalfTan => 15, Asin => 16, Acos => 17, Atan => 18,
        Sinh => 19, Cosh => 20, Tanh => 21, Asinh => 22, Acosh => 23, Atanh => 24,
        Atan2 => 25, Powr | NativePowr | HalfPowr => 26,
        Exp | NativeExp | HalfExp => 27, Log | NativeLog | HalfLog => 28,
        Exp2 | NativeExp2 | HalfExp2 => 29, Log2 | NativeLog2 | HalfLog2 => 30,
        Sqrt | NativeSqrt | HalfSqrt => 31, Rsqrt | NativeRsqrt | HalfRsqrt => 32,
        Fmin => 79, Min if float => 37, Min if signed => 39, Min => 38,
        Fmax => 80, Max if float => 40, Max if signed => 42, Max => 41,
        Clamp if float => 81, Clamp if signed => 45, Clamp => 44,
        Mix => 46, Step => 48, Smoothstep => 49, Fma | Mad => 50,
        Length | FastLength => 66, Distance | FastDistance => 67, Cross => 68,
        Normalize | FastNormalize => 69,
        _ => return None,
    })
}

impl FunctionEmitter<'_, '_> {
    /// A non-atomic built-in call on the Vulkan target (work-item
    /// functions are handled before this).
    pub(crate) fn vulkan_builtin(
        &mut self,
        function: BuiltinFn,
        args: &[ExprId],
        values: &[Word],
        operand_ty: TypeId,
        ty: TypeId,
    ) -> Emit<Word> {
        let missing = |what: &str| {
            Err(unsupported(
                args.first().and_then(|&a| self.span_of(a)),
                format!("{what} on the Vulkan target (not yet)"),
            ))
        };
        match function {
            BuiltinFn::Convert {
                saturate: false,
                rounding: Rounding::Default,
            } => {
                let (&value, &arg) = values
                    .first()
                    .zip(args.first())
                    .ok_or_else(|| unsupported(None, "a conversion without an operand"))?;
                self.convert(value, self.type_of(arg)?, ty, None)
            }
            BuiltinFn::Convert { .. } => {
                missing("saturating or explicitly rounded conversions (`convert_…_sat`, `_rt…`)")
            }
            BuiltinFn::Lib(LibFn::Dot) => {
                let spirv_ty = self.m.ty(ty)?;
                let op = if matches!(self.m.ir(operand_ty), oclc_ir::Type::Vector { .. }) {
                    Op::Dot
                } else {
                    Op::FMul
                };
                Ok(self.value(op, spirv_ty, values))
            }
            BuiltinFn::Lib(
                f @ (LibFn::Isequal
                | LibFn::Isgreater
                | LibFn::Isgreaterequal
                | LibFn::Isless
                | LibFn::Islessequal
                | LibFn::Isnotequal
                | LibFn::Isinf
                | LibFn::Isnan
                | LibFn::Any
                | LibFn::All),
            ) => self.relational(f, values, operand_ty, ty),
            BuiltinFn::Lib(f) => {
                let Some(instruction) = glsl_std(f, self.scalar(operand_ty)) else {
                    let name = oclc_ir::LIBRARY
                        .iter()
                        .find(|(_, g, _)| *g == f)
                        .map_or("this library function", |(name, _, _)| name);
                    return missing(&format!("`{name}`"));
                };
                let spirv_ty = self.m.ty(ty)?;
                let set = self.m.opencl_std();
                let mut operands = vec![set, instruction];
                operands.extend_from_slice(values);
                Ok(self.value(Op::ExtInst, spirv_ty, &operands))
            }
            BuiltinFn::VLoad { .. } | BuiltinFn::VStore { .. } => missing("`vload`/`vstore`"),
            BuiltinFn::AsyncCopy { .. } | BuiltinFn::WaitGroupEvents => {
                missing("async work-group copies")
            }
            BuiltinFn::Prefetch => missing("`prefetch`"),
            BuiltinFn::Printf => missing("`printf`"),
            BuiltinFn::WorkGroup(_) | BuiltinFn::SubGroup(_) => {
                missing("work-group and sub-group collective functions")
            }
            _ => missing("this built-in function"),
        }
    }
}
