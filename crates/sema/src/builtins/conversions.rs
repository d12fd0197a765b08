//! Explicit conversions (OpenCL C 3.0, `section::EXPLICIT_CONVERSIONS`): `convert_<type>[_sat]
//! [_rte|_rtz|_rtp|_rtn](x)` converts a scalar or each component of a
//! vector, and `as_<type>(x)` reinterprets the bits of a value of the same
//! size.

use oclc_ir::{BuiltinFn, Conversion, ExprId, ExprKind, Rounding, Type, TypeId};

use super::{wrong_count, wrong_type, Call};
use crate::lower::{Lowerer, TypeClass};

/// Element type names and their (bits, signed, floating).
pub(super) const ELEMENTS: [(&str, u8, bool, bool); 11] = [
    ("char", 8, true, false),
    ("uchar", 8, false, false),
    ("short", 16, true, false),
    ("ushort", 16, false, false),
    ("int", 32, true, false),
    ("uint", 32, false, false),
    ("long", 64, true, false),
    ("ulong", 64, false, false),
    ("half", 16, true, true),
    ("float", 32, true, true),
    ("double", 64, true, true),
];

/// An explicit conversion function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Explicit {
    /// `convert_…`.
    Convert {
        /// Index into [`ELEMENTS`].
        elem: usize,
        /// Vector length (1 for a scalar).
        len: u8,
        saturate: bool,
        rounding: Rounding,
    },
    /// `as_…`.
    As {
        /// Index into [`ELEMENTS`].
        elem: usize,
        /// Vector length (1 for a scalar).
        len: u8,
    },
}

impl Lowerer<'_> {
    fn explicit_type(&mut self, elem: usize, len: u8) -> TypeId {
        let (_, bits, signed, floating) = ELEMENTS[elem];
        let scalar = if floating {
            self.intern(Type::Float { bits })
        } else {
            self.int_type(bits, signed)
        };
        if len == 1 {
            scalar
        } else {
            self.intern(Type::Vector { elem: scalar, len })
        }
    }
}

/// Components and element of a scalar or vector type.
fn shape(lw: &Lowerer<'_>, ty: TypeId) -> (u8, TypeId) {
    match lw.ty(ty) {
        Type::Vector { elem, len } => (len, elem),
        _ => (1, ty),
    }
}

/// `as_<type>n` between a 3-component vector and a 4-component shape of
/// the same size (a 3-vector occupies 4 components): to 3 components, the
/// bits as the 4-component vector, then its first three; from 3, the
/// vector widened to 4 (the fourth undefined, as the specification says:
/// oclc repeats the third), then the bits.
fn reinterpret_three(
    lw: &mut Lowerer<'_>,
    value: ExprId,
    from: TypeId,
    to: TypeId,
    span: oclc_diagnostics::Span,
) -> ExprId {
    let (to_len, to_elem) = shape(lw, to);
    if to_len == 3 {
        let wide = lw.intern(Type::Vector {
            elem: to_elem,
            len: 4,
        });
        let bits = lw.push(ExprKind::Convert(Conversion::Bitcast, value), wide, span);
        return lw.pick_components(bits, wide, to_elem, &[0, 1, 2], span);
    }
    let (_, from_elem) = shape(lw, from);
    let widened = lw.pick_components(value, from, from_elem, &[0, 1, 2, 2], span);
    lw.push(ExprKind::Convert(Conversion::Bitcast, widened), to, span)
}

/// `__builtin_astype(operand, type_name)`: `as_<type>(operand)` for a
/// scalar or vector number type, reported otherwise (clang's built-in
/// takes those, and a pointer's bits as its integer).
pub(crate) fn lower_astype(
    lw: &mut Lowerer<'_>,
    operand: &oclc_syntax::ast::Expr,
    type_name: &oclc_syntax::ast::TypeName,
    span: oclc_diagnostics::Span,
) -> ExprId {
    let Some(to) = lw.lower_type_name(type_name) else {
        return lw.poison(span);
    };
    let (len, elem) = shape(lw, to);
    let index = ELEMENTS
        .iter()
        .position(|&(_, bits, signed, floating)| match lw.ty(elem) {
            Type::Int { bits: b, signed: s } => !floating && b == bits && s == signed,
            Type::Float { bits: b } => floating && b == bits,
            _ => false,
        });
    let Some(elem) = index else {
        let name = lw.type_name(to);
        lw.report(
            &crate::codes::INVALID_CAST,
            format!(
                "`__builtin_astype` to `{name}`: the type must be a scalar or vector of numbers"
            ),
            type_name.span,
            "not a number type",
        );
        return lw.poison(span);
    };
    let call = Call {
        name: "__builtin_astype",
        name_span: span,
        args: std::slice::from_ref(operand),
        span,
    };
    lower(lw, &call, Explicit::As { elem, len })
}

/// Lowers a call of an explicit conversion.
pub(super) fn lower(lw: &mut Lowerer<'_>, call: &Call<'_>, explicit: Explicit) -> ExprId {
    let [arg] = call.args else {
        return wrong_count(lw, call, "1");
    };
    let value = lw.rvalue_expr(arg);
    if lw.is_poison(value) {
        return value;
    }
    // A `bool` converts as the `int` it promotes to (clang's overloads
    // take it so), and reinterprets as the byte it occupies.
    let value = match (lw.type_of(value), explicit) {
        (Type::Bool, Explicit::Convert { .. }) => {
            let int = lw.int_ty();
            lw.convert_arith(value, int)
        }
        (Type::Bool, Explicit::As { .. }) => {
            let byte = lw.int_type(8, false);
            lw.convert_arith(value, byte)
        }
        // `as_size_t(p)`, `as_ulong(p)`: a pointer's bits as the unsigned
        // integer of its width (clang's `__builtin_astype` takes pointers).
        (Type::Pointer { .. }, Explicit::As { .. }) => {
            let bits = lw.pointer_bits();
            let int = lw.int_type(bits, false);
            let span = lw.span_of(value);
            lw.push(ExprKind::Convert(Conversion::PtrToInt, value), int, span)
        }
        _ => value,
    };
    let from = lw.ty_of(value);
    let (from_len, from_elem) = shape(lw, from);
    if !lw.ty(from_elem).is_arithmetic() || lw.ty(from_elem) == Type::Bool {
        return wrong_type(lw, call, value, "a scalar or vector of numbers");
    }
    match explicit {
        Explicit::Convert {
            elem,
            len,
            saturate,
            rounding,
        } => {
            if from_len != len {
                let expected = if len == 1 {
                    "a scalar".to_owned()
                } else {
                    format!("a vector of {len} components")
                };
                return wrong_type(lw, call, value, &expected);
            }
            let to = lw.explicit_type(elem, len);
            let f = BuiltinFn::Convert { saturate, rounding };
            lw.push(ExprKind::Builtin(f, vec![value]), to, call.span)
        }
        Explicit::As { elem, len } => {
            let to = lw.explicit_type(elem, len);
            let bits = |lw: &Lowerer<'_>, ty: TypeId| {
                let (n, e) = shape(lw, ty);
                let width = match lw.ty(e) {
                    Type::Int { bits, .. } | Type::Float { bits } => u32::from(bits),
                    _ => 0,
                };
                u32::from(n) * width
            };
            let (from_bits, to_bits) = (bits(lw, from), bits(lw, to));
            // 3-component vectors occupy 4 components' space, but a bit
            // pattern of 3 components cannot become one of 4.
            if from_bits != to_bits {
                let size = |n: u8, b: u32| if n == 3 { b / 3 * 4 } else { b };
                let same_size = size(from_len, from_bits) == size(len, to_bits);
                if same_size {
                    return reinterpret_three(lw, value, from, to, call.span);
                }
                let target = lw.type_name(to);
                return wrong_type(lw, call, value, &format!("a value the size of `{target}`"));
            }
            lw.push(ExprKind::Convert(Conversion::Bitcast, value), to, call.span)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::table::{lookup, Class};
    use super::*;

    fn resolve(name: &str) -> Option<Explicit> {
        match lookup(name)?.class {
            Class::Conversion(explicit) => Some(explicit),
            _ => None,
        }
    }

    #[test]
    fn names() {
        assert_eq!(
            resolve("convert_int4_sat_rte"),
            Some(Explicit::Convert {
                elem: 4,
                len: 4,
                saturate: true,
                rounding: Rounding::Rte
            })
        );
        assert_eq!(
            resolve("convert_float"),
            Some(Explicit::Convert {
                elem: 9,
                len: 1,
                saturate: false,
                rounding: Rounding::Default
            })
        );
        assert_eq!(
            resolve("as_uchar16"),
            Some(Explicit::As { elem: 1, len: 16 })
        );
        assert_eq!(resolve("convert_float_sat"), None);
        assert_eq!(resolve("convert_int5"), None);
        assert_eq!(resolve("as_bool"), None);
        assert_eq!(resolve("convert_"), None);
    }
}
