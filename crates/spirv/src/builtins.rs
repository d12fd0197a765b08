//! Built-in functions other than atomics: work-item functions read
//! `BuiltIn` `Input` variables; the library functions (math, integer,
//! common, geometric) call `OpenCL.std` extended instructions, `dot`
//! `OpDot`.
//!
//! A work-item function with a constant dimension loads the variable and
//! extracts the component (or, for a dimension of 3 or more, yields the
//! value the specification prescribes: 0 for ids and offsets, 1 for
//! sizes). A dynamic dimension extracts with `OpVectorExtractDynamic` and
//! selects the out-of-range value when `dim >= 3`.

use oclc_ir::{
    BuiltinFn, ExprId, ExprKind, GroupArith, GroupOp, GroupScope, LibFn, Literal, PipeOp, Rounding,
    SubGroupMask, Type, TypeId,
};
use rspirv::spirv::{
    BuiltIn, Capability, Decoration, FPRoundingMode, GroupOperation, Op, StorageClass,
};

use crate::expr::Scalar;
use crate::function::FunctionEmitter;
use crate::module::{unsupported, Emit, ModuleEmitter};
use crate::policy::Policy;
use crate::words::{push_inst, Word};

/// The work-item `Input` variables, in a fixed order (their index is the
/// bit in [`crate::function::FunctionSummary::work_items`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum WorkItemVar {
    GlobalId,
    LocalId,
    GroupId,
    GlobalSize,
    LocalSize,
    NumGroups,
    WorkDim,
    GlobalOffset,
    EnqueuedLocalSize,
    GlobalLinearId,
    LocalLinearId,
    SubgroupSize,
    SubgroupMaxSize,
    NumSubgroups,
    NumEnqueuedSubgroups,
    SubgroupId,
    SubgroupLocalInvocationId,
    SubgroupEqMask,
    SubgroupGeMask,
    SubgroupGtMask,
    SubgroupLeMask,
    SubgroupLtMask,
}

/// How many [`WorkItemVar`]s there are.
pub(crate) const WORK_ITEM_VAR_COUNT: usize = 22;

impl WorkItemVar {
    /// Every variable, in bit order.
    pub(crate) const ALL: [WorkItemVar; WORK_ITEM_VAR_COUNT] = [
        WorkItemVar::GlobalId,
        WorkItemVar::LocalId,
        WorkItemVar::GroupId,
        WorkItemVar::GlobalSize,
        WorkItemVar::LocalSize,
        WorkItemVar::NumGroups,
        WorkItemVar::WorkDim,
        WorkItemVar::GlobalOffset,
        WorkItemVar::EnqueuedLocalSize,
        WorkItemVar::GlobalLinearId,
        WorkItemVar::LocalLinearId,
        WorkItemVar::SubgroupSize,
        WorkItemVar::SubgroupMaxSize,
        WorkItemVar::NumSubgroups,
        WorkItemVar::NumEnqueuedSubgroups,
        WorkItemVar::SubgroupId,
        WorkItemVar::SubgroupLocalInvocationId,
        WorkItemVar::SubgroupEqMask,
        WorkItemVar::SubgroupGeMask,
        WorkItemVar::SubgroupGtMask,
        WorkItemVar::SubgroupLeMask,
        WorkItemVar::SubgroupLtMask,
    ];

    fn of(function: BuiltinFn) -> Option<WorkItemVar> {
        Some(match function {
            BuiltinFn::GetGlobalId => WorkItemVar::GlobalId,
            BuiltinFn::GetLocalId => WorkItemVar::LocalId,
            BuiltinFn::GetGroupId => WorkItemVar::GroupId,
            BuiltinFn::GetGlobalSize => WorkItemVar::GlobalSize,
            BuiltinFn::GetLocalSize => WorkItemVar::LocalSize,
            BuiltinFn::GetNumGroups => WorkItemVar::NumGroups,
            BuiltinFn::GetWorkDim => WorkItemVar::WorkDim,
            BuiltinFn::GetGlobalOffset => WorkItemVar::GlobalOffset,
            BuiltinFn::GetEnqueuedLocalSize => WorkItemVar::EnqueuedLocalSize,
            BuiltinFn::GetGlobalLinearId => WorkItemVar::GlobalLinearId,
            BuiltinFn::GetLocalLinearId => WorkItemVar::LocalLinearId,
            BuiltinFn::GetSubGroupSize => WorkItemVar::SubgroupSize,
            BuiltinFn::GetMaxSubGroupSize => WorkItemVar::SubgroupMaxSize,
            BuiltinFn::GetNumSubGroups => WorkItemVar::NumSubgroups,
            BuiltinFn::GetEnqueuedNumSubGroups => WorkItemVar::NumEnqueuedSubgroups,
            BuiltinFn::GetSubGroupId => WorkItemVar::SubgroupId,
            BuiltinFn::GetSubGroupLocalId => WorkItemVar::SubgroupLocalInvocationId,
            BuiltinFn::SubGroupMask(mask) => match mask {
                SubGroupMask::Eq => WorkItemVar::SubgroupEqMask,
                SubGroupMask::Ge => WorkItemVar::SubgroupGeMask,
                SubGroupMask::Gt => WorkItemVar::SubgroupGtMask,
                SubGroupMask::Le => WorkItemVar::SubgroupLeMask,
                SubGroupMask::Lt => WorkItemVar::SubgroupLtMask,
            },
            _ => return None,
        })
    }

    fn built_in(self) -> BuiltIn {
        match self {
            WorkItemVar::GlobalId => BuiltIn::GlobalInvocationId,
            WorkItemVar::LocalId => BuiltIn::LocalInvocationId,
            WorkItemVar::GroupId => BuiltIn::WorkgroupId,
            WorkItemVar::GlobalSize => BuiltIn::GlobalSize,
            WorkItemVar::LocalSize => BuiltIn::WorkgroupSize,
            WorkItemVar::NumGroups => BuiltIn::NumWorkgroups,
            WorkItemVar::WorkDim => BuiltIn::WorkDim,
            WorkItemVar::GlobalOffset => BuiltIn::GlobalOffset,
            WorkItemVar::EnqueuedLocalSize => BuiltIn::EnqueuedWorkgroupSize,
            WorkItemVar::GlobalLinearId => BuiltIn::GlobalLinearId,
            WorkItemVar::LocalLinearId => BuiltIn::LocalInvocationIndex,
            WorkItemVar::SubgroupSize => BuiltIn::SubgroupSize,
            WorkItemVar::SubgroupMaxSize => BuiltIn::SubgroupMaxSize,
            WorkItemVar::NumSubgroups => BuiltIn::NumSubgroups,
            WorkItemVar::NumEnqueuedSubgroups => BuiltIn::NumEnqueuedSubgroups,
            WorkItemVar::SubgroupId => BuiltIn::SubgroupId,
            WorkItemVar::SubgroupLocalInvocationId => BuiltIn::SubgroupLocalInvocationId,
            WorkItemVar::SubgroupEqMask => BuiltIn::SubgroupEqMask,
            WorkItemVar::SubgroupGeMask => BuiltIn::SubgroupGeMask,
            WorkItemVar::SubgroupGtMask => BuiltIn::SubgroupGtMask,
            WorkItemVar::SubgroupLeMask => BuiltIn::SubgroupLeMask,
            WorkItemVar::SubgroupLtMask => BuiltIn::SubgroupLtMask,
        }
    }

    /// The OpenCL C function that reads the variable.
    pub(crate) fn function_name(self) -> &'static str {
        match self {
            WorkItemVar::GlobalId => "get_global_id",
            WorkItemVar::LocalId => "get_local_id",
            WorkItemVar::GroupId => "get_group_id",
            WorkItemVar::GlobalSize => "get_global_size",
            WorkItemVar::LocalSize => "get_local_size",
            WorkItemVar::NumGroups => "get_num_groups",
            WorkItemVar::WorkDim => "get_work_dim",
            WorkItemVar::GlobalOffset => "get_global_offset",
            WorkItemVar::EnqueuedLocalSize => "get_enqueued_local_size",
            WorkItemVar::GlobalLinearId => "get_global_linear_id",
            WorkItemVar::LocalLinearId => "get_local_linear_id",
            WorkItemVar::SubgroupSize => "get_sub_group_size",
            WorkItemVar::SubgroupMaxSize => "get_max_sub_group_size",
            WorkItemVar::NumSubgroups => "get_num_sub_groups",
            WorkItemVar::NumEnqueuedSubgroups => "get_enqueued_num_sub_groups",
            WorkItemVar::SubgroupId => "get_sub_group_id",
            WorkItemVar::SubgroupLocalInvocationId => "get_sub_group_local_id",
            WorkItemVar::SubgroupEqMask => "get_sub_group_eq_mask",
            WorkItemVar::SubgroupGeMask => "get_sub_group_ge_mask",
            WorkItemVar::SubgroupGtMask => "get_sub_group_gt_mask",
            WorkItemVar::SubgroupLeMask => "get_sub_group_le_mask",
            WorkItemVar::SubgroupLtMask => "get_sub_group_lt_mask",
        }
    }

    /// Whether the variable is one `uint` (the sub-group built-ins).
    fn is_uint(self) -> bool {
        matches!(
            self,
            WorkItemVar::WorkDim
                | WorkItemVar::SubgroupSize
                | WorkItemVar::SubgroupMaxSize
                | WorkItemVar::NumSubgroups
                | WorkItemVar::NumEnqueuedSubgroups
                | WorkItemVar::SubgroupId
                | WorkItemVar::SubgroupLocalInvocationId
        )
    }

    /// Whether the variable is a `uint4` lane mask (`cl_khr_subgroup_ballot`).
    pub(crate) fn is_mask(self) -> bool {
        matches!(
            self,
            WorkItemVar::SubgroupEqMask
                | WorkItemVar::SubgroupGeMask
                | WorkItemVar::SubgroupGtMask
                | WorkItemVar::SubgroupLeMask
                | WorkItemVar::SubgroupLtMask
        )
    }

    /// The value for a dimension outside 0..3.
    pub(crate) fn out_of_range_value(self) -> u64 {
        match self {
            WorkItemVar::GlobalSize
            | WorkItemVar::LocalSize
            | WorkItemVar::NumGroups
            | WorkItemVar::EnqueuedLocalSize => 1,
            _ => 0,
        }
    }
}

/// A work-item vector, read only when a component is needed.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Lazy {
    /// Load the variable (of the SPIR-V type).
    Load(Word, Word),
    /// Already computed.
    Value(Word),
}

impl ModuleEmitter<'_> {
    /// The `Input` variable of `var`, declared on first use.
    pub(crate) fn work_item_var(&mut self, var: WorkItemVar) -> Word {
        let index = var as usize;
        if let Some(Some(id)) = self.builtin_vars.get(index) {
            return *id;
        }
        let value_ty = if var.is_uint() {
            self.int_type(32)
        } else if var.is_mask() {
            let uint = self.int_type(32);
            self.vector_type(uint, 4)
        } else if matches!(
            var,
            WorkItemVar::GlobalLinearId | WorkItemVar::LocalLinearId
        ) {
            self.size_type()
        } else {
            let size = self.size_type();
            self.vector_type(size, 3)
        };
        let pointer_ty = self.pointer_type(StorageClass::Input, value_ty);
        let id = self.id();
        push_inst(
            &mut self.globals,
            Op::Variable,
            &[pointer_ty, id, StorageClass::Input as u32],
        );
        push_inst(
            &mut self.annotations,
            Op::Decorate,
            &[id, Decoration::BuiltIn as u32, var.built_in() as u32],
        );
        if !self.env.is_vulkan() {
            push_inst(
                &mut self.annotations,
                Op::Decorate,
                &[id, Decoration::Constant as u32],
            );
        }
        self.name(id, &format!("__spirv_BuiltIn{:?}", var.built_in()));
        if let Some(slot) = self.builtin_vars.get_mut(index) {
            *slot = Some(id);
        }
        id
    }
}

/// The `OpenCL.std` instruction of a vector load or store function.
fn data_instruction(function: BuiltinFn) -> Option<u32> {
    Some(match function {
        BuiltinFn::VLoad { half: false, .. } => 171,    // vloadn
        BuiltinFn::VLoad { n: 1, .. } => 173,           // vload_half
        BuiltinFn::VLoad { aligned: false, .. } => 174, // vload_halfn
        BuiltinFn::VLoad { .. } => 179,                 // vloada_halfn
        BuiltinFn::VStore { half: false, .. } => 172,   // vstoren
        BuiltinFn::VStore {
            n,
            aligned,
            rounding,
            ..
        } => {
            let r = u32::from(rounding != Rounding::Default);
            match (n, aligned) {
                (1, _) => 175 + r,     // vstore_half[_r]
                (_, false) => 177 + r, // vstore_halfn[_r]
                (_, true) => 180 + r,  // vstorea_halfn[_r]
            }
        }
        _ => return None,
    })
}

/// The `OpenCL.std` extended instruction of a library function for
/// operands of `class` (numbers from the OpenCL.std extended instruction
/// set specification); `None` for [`LibFn::Dot`], a core instruction.
/// Floating `min`/`max` have none (a comparison and a select); floating
/// `clamp` is `fclamp`.
#[rustfmt::skip]
fn opencl_std(f: LibFn, class: Scalar) -> Option<u32> {
    use LibFn::*;
    let signed = class == Scalar::Signed;
    let pick = |s: u32, u: u32| if signed { s } else { u };
    Some(match f {
        Acos => 0, Acosh => 1, Acospi => 2, Asin => 3, Asinh => 4, Asinpi => 5,
        Atan => 6, Atan2 => 7, Atanh => 8, Atanpi => 9, Atan2pi => 10, Cbrt => 11,
        Ceil => 12, Copysign => 13, Cos => 14, Cosh => 15, Cospi => 16, Erfc => 17,
        Erf => 18, Exp => 19, Exp2 => 20, Exp10 => 21, Expm1 => 22, Fabs => 23,
        Fdim => 24, Floor => 25, Fma => 26, Fmax => 27, Fmin => 28, Fmod => 29,
        Fract => 30, Frexp => 31, LgammaR => 36, Modf => 45, Remquo => 52, Sincos => 58,
        Hypot => 32, Ilogb => 33, Ldexp => 34, Lgamma => 35, Nan => 46, Log => 37, Log2 => 38, Log10 => 39,
        Log1p => 40, Logb => 41, Mad => 42, Maxmag => 43, Minmag => 44,
        Nextafter => 47, Pow => 48, Pown => 49, Powr => 50, Remainder => 51,
        Rint => 53, Rootn => 54, Round => 55, Rsqrt => 56, Sin => 57, Sinh => 59,
        Sinpi => 60, Sqrt => 61, Tan => 62, Tanh => 63, Tanpi => 64, Tgamma => 65,
        Trunc => 66,
        HalfCos => 67, HalfDivide => 68, HalfExp => 69, HalfExp2 => 70,
        HalfExp10 => 71, HalfLog => 72, HalfLog2 => 73, HalfLog10 => 74,
        HalfPowr => 75, HalfRecip => 76, HalfRsqrt => 77, HalfSin => 78,
        HalfSqrt => 79, HalfTan => 80,
        NativeCos => 81, NativeDivide => 82, NativeExp => 83, NativeExp2 => 84,
        NativeExp10 => 85, NativeLog => 86, NativeLog2 => 87, NativeLog10 => 88,
        NativePowr => 89, NativeRecip => 90, NativeRsqrt => 91, NativeSin => 92,
        NativeSqrt => 93, NativeTan => 94,
        Degrees => 96, Mix => 99, Radians => 100, Step => 101, Smoothstep => 102,
        Sign => 103, Cross => 104, Distance => 105, Length => 106, Normalize => 107,
        FastDistance => 108, FastLength => 109, FastNormalize => 110,
        Abs => pick(141, 201), AbsDiff => pick(142, 202), AddSat => pick(143, 144),
        Hadd => pick(145, 146), Rhadd => pick(147, 148), Clz => 151, Ctz => 152,
        MadHi => pick(153, 204), MadSat => pick(155, 154), MulHi => pick(160, 203),
        Rotate => 161, SubSat => pick(162, 163), Popcount => 166,
        Mad24 => pick(167, 168), Mul24 => pick(169, 170), Upsample => pick(165, 164),
        // Floating `min`/`max`: a comparison and a select (`float_min_max`).
        Min | Max if class == Scalar::Float => return None,
        Clamp if class == Scalar::Float => 95,
        Min => pick(158, 159), Max => pick(156, 157), Clamp => pick(149, 150),
        Shuffle => 182, Shuffle2 => 183, Bitselect => 186, Select => 187,
        Dot | Isequal | Isnotequal | Isgreater | Isgreaterequal | Isless
        | Islessequal | Islessgreater | Isfinite | Isinf | Isnan | Isnormal
        | Isordered | Isunordered | Signbit | Any | All => return None,
    })
}

impl FunctionEmitter<'_, '_> {
    /// A pipe built-in: the operands as sema laid them out (see
    /// [`BuiltinFn::Pipe`]), the packet pointer as a generic `char`
    /// pointer, the type llvm-spirv gives it and Intel's runtime expects.
    fn pipe(&mut self, op: PipeOp, mut values: Vec<Word>, ty: TypeId) -> Emit<Word> {
        let result_ty = self.m.ty(ty)?;
        if let PipeOp::Packet { reserved, .. } = op {
            let at = if reserved { 3 } else { 1 };
            let byte = self.m.int_type(8);
            let generic = self.m.env.storage_class(oclc_ir::AddressSpace::Generic);
            let bytes = self.m.pointer_type(generic, byte);
            let pointer = values
                .get(at)
                .copied()
                .ok_or_else(|| unsupported(None, "a pipe packet without a pointer"))?;
            values[at] = self.value(Op::Bitcast, bytes, &[pointer]);
        }
        let scope = |m: &mut ModuleEmitter<'_>, group: GroupScope| {
            m.u32_constant(match group {
                GroupScope::WorkGroup => rspirv::spirv::Scope::Workgroup as u32,
                GroupScope::SubGroup => rspirv::spirv::Scope::Subgroup as u32,
            })
        };
        let (opcode, with_result) = match op {
            PipeOp::Packet {
                write: false,
                reserved: false,
            } => (Op::ReadPipe, true),
            PipeOp::Packet {
                write: true,
                reserved: false,
            } => (Op::WritePipe, true),
            PipeOp::Packet {
                write: false,
                reserved: true,
            } => (Op::ReservedReadPipe, true),
            PipeOp::Packet {
                write: true,
                reserved: true,
            } => (Op::ReservedWritePipe, true),
            PipeOp::Reserve { write, group: None } => (
                if write {
                    Op::ReserveWritePipePackets
                } else {
                    Op::ReserveReadPipePackets
                },
                true,
            ),
            PipeOp::Reserve {
                write,
                group: Some(group),
            } => {
                values.insert(0, scope(self.m, group));
                (
                    if write {
                        Op::GroupReserveWritePipePackets
                    } else {
                        Op::GroupReserveReadPipePackets
                    },
                    true,
                )
            }
            PipeOp::Commit { write, group: None } => (
                if write {
                    Op::CommitWritePipe
                } else {
                    Op::CommitReadPipe
                },
                false,
            ),
            PipeOp::Commit {
                write,
                group: Some(group),
            } => {
                values.insert(0, scope(self.m, group));
                (
                    if write {
                        Op::GroupCommitWritePipe
                    } else {
                        Op::GroupCommitReadPipe
                    },
                    false,
                )
            }
            PipeOp::IsValidReserveId => (Op::IsValidReserveId, true),
            PipeOp::NumPackets => (Op::GetNumPipePackets, true),
            PipeOp::MaxPackets => (Op::GetMaxPipePackets, true),
        };
        if with_result {
            Ok(self.value(opcode, result_ty, &values))
        } else {
            self.inst(opcode, &values);
            Ok(0)
        }
    }

    /// A call of a non-atomic built-in function.
    pub(crate) fn builtin(
        &mut self,
        function: BuiltinFn,
        args: &[ExprId],
        ty: TypeId,
    ) -> Emit<Word> {
        if let Some(var) = WorkItemVar::of(function) {
            return self.work_item(var, args.first().copied(), ty);
        }
        let mut values = Vec::with_capacity(args.len());
        for &arg in args {
            values.push(self.expr(arg)?);
        }
        if let BuiltinFn::SubGroupExt(f) = function {
            return self.sub_group_ext(f, &values, args, ty);
        }
        if let BuiltinFn::BitOp(op) = function {
            return self.bit_op(op, &values, ty);
        }
        if let BuiltinFn::IntDot(f) = function {
            return self.int_dot(f, &values, ty);
        }
        let operand_ty = match args.first() {
            Some(&first) => self.type_of(first)?,
            None => return Err(unsupported(None, "a built-in call without arguments")),
        };
        match function {
            BuiltinFn::ReadImage { sampled } => {
                return self.read_image(sampled, args, &values, ty);
            }
            BuiltinFn::WriteImage => return Ok(self.write_image(&values)),
            BuiltinFn::ImageQuery(query) => return self.image_query(query, args, &values, ty),
            BuiltinFn::Printf if !self.m.env.is_vulkan() => {
                // OpenCL.std `printf` (184): the format pointer, then the
                // arguments; the result is a 32-bit int.
                let set = self.m.opencl_std();
                let int = self.m.ty(ty)?;
                let mut operands = vec![set, 184];
                operands.extend_from_slice(&values);
                return Ok(self.value(Op::ExtInst, int, &operands));
            }
            BuiltinFn::Pipe(op) if !self.m.env.is_vulkan() => {
                return self.pipe(op, values, ty);
            }
            BuiltinFn::ToSpace(space) if !self.m.env.is_vulkan() => {
                let class = self.m.env.storage_class(space);
                let pointer = self.m.ty(ty)?;
                return Ok(self.value(
                    Op::GenericCastToPtrExplicit,
                    pointer,
                    &[values[0], class as u32],
                ));
            }
            BuiltinFn::GetFence if !self.m.env.is_vulkan() => {
                // The pointer's memory semantics (`WorkgroupMemory` 0x100,
                // `CrossWorkgroupMemory` 0x200) shifted down onto
                // `CLK_LOCAL_MEM_FENCE` (1) and `CLK_GLOBAL_MEM_FENCE` (2),
                // as llvm-spirv lowers it. Intel's runtime implements it
                // for `char` pointers only, the type clang passes.
                let flags = self.m.ty(ty)?;
                let byte = self.m.int_type(8);
                let generic = self.m.env.storage_class(oclc_ir::AddressSpace::Generic);
                let bytes = self.m.pointer_type(generic, byte);
                let pointer = self.value(Op::Bitcast, bytes, &[values[0]]);
                let semantics = self.value(Op::GenericPtrMemSemantics, flags, &[pointer]);
                let eight = self.m.u32_constant(8);
                return Ok(self.value(Op::ShiftRightLogical, flags, &[semantics, eight]));
            }
            _ => {}
        }
        if self.m.env.is_vulkan() {
            return self.vulkan_builtin(function, args, &values, operand_ty, ty);
        }
        if let Some(instruction) = data_instruction(function) {
            return self.data_access(function, instruction, values, ty);
        }
        match function {
            BuiltinFn::AsyncCopy { strided } => {
                let scope = self.m.u32_constant(rspirv::spirv::Scope::Workgroup as u32);
                let spirv_ty = self.m.ty(ty)?;
                let mut operands = vec![scope];
                operands.extend_from_slice(&values[..3]);
                if !strided {
                    let size = self.m.size_type();
                    operands.push(self.m.scalar_constant(size, 1));
                } else {
                    operands.push(values[3]);
                }
                operands.push(values[values.len() - 1]);
                return Ok(self.value(Op::GroupAsyncCopy, spirv_ty, &operands));
            }
            BuiltinFn::WaitGroupEvents => {
                let scope = self.m.u32_constant(rspirv::spirv::Scope::Workgroup as u32);
                self.inst(Op::GroupWaitEvents, &[scope, values[0], values[1]]);
                return Ok(0);
            }
            BuiltinFn::Prefetch => {
                let set = self.m.opencl_std();
                let void = self.m.ty(ty)?;
                return Ok(self.value(Op::ExtInst, void, &[set, 185, values[0], values[1]]));
            }
            _ => {}
        }
        if let BuiltinFn::WorkGroup(op) = function {
            return self.work_group(op, rspirv::spirv::Scope::Workgroup, &values, args, ty);
        }
        if let BuiltinFn::SubGroup(op) = function {
            return self.work_group(op, rspirv::spirv::Scope::Subgroup, &values, args, ty);
        }
        if let BuiltinFn::Convert { saturate, rounding } = function {
            let (&value, &arg) = values
                .first()
                .zip(args.first())
                .ok_or_else(|| unsupported(None, "a conversion without an operand"))?;
            return self.explicit_conversion(value, self.type_of(arg)?, ty, saturate, rounding);
        }
        let BuiltinFn::Lib(f) = function else {
            return Err(unsupported(None, "an unknown built-in function"));
        };
        let spirv_ty = self.m.ty(ty)?;
        let instruction = match (f, opencl_std(f, self.scalar(operand_ty))) {
            (_, Some(instruction)) => instruction,
            (LibFn::Max | LibFn::Min, None) => {
                return Ok(self.float_min_max(f, &values, operand_ty, spirv_ty))
            }
            (LibFn::Dot, None) => {
                // `OpDot` on vectors, a product on scalars.
                let op = if matches!(self.m.ir(operand_ty), Type::Vector { .. }) {
                    Op::Dot
                } else {
                    Op::FMul
                };
                return Ok(self.value(op, spirv_ty, &values));
            }
            (_, None) => return self.relational(f, &values, operand_ty, ty),
        };
        let set = self.m.opencl_std();
        let mut operands = vec![set, instruction];
        operands.extend_from_slice(&values);
        Ok(self.value(Op::ExtInst, spirv_ty, &operands))
    }

    /// Floating `max(x, y)` as `x > y ? x : y` and `min(x, y)` as
    /// `x < y ? x : y`, per component: what the runtime's own compiler
    /// computes (the second operand for a NaN or for equal zeros, where the
    /// specification leaves the choice open), and neither OpenCL.std `fmax`
    /// nor `fmax_common` on it does.
    fn float_min_max(&mut self, f: LibFn, values: &[Word], operand: TypeId, ty: Word) -> Word {
        let bools = self.bools_like(operand);
        let compare = if f == LibFn::Max {
            Op::FOrdGreaterThan
        } else {
            Op::FOrdLessThan
        };
        let (x, y) = (values[0], values[1]);
        let first = self.value(compare, bools, &[x, y]);
        self.value(Op::Select, ty, &[first, x, y])
    }

    /// `bool`, or a vector of `bool`s as long as the vector IR type `ty`.
    fn bools_like(&mut self, ty: TypeId) -> Word {
        let bool_ty = self.m.bool_type();
        match self.m.ir(ty) {
            Type::Vector { len, .. } => self.m.vector_type(bool_ty, len),
            _ => bool_ty,
        }
    }

    /// The relational functions: a core test or comparison giving `bool`s,
    /// turned into 1/0 (scalar result) or -1/0 per component (vector
    /// result) of IR type `ty`; `any`/`all` test the sign bits.
    pub(crate) fn relational(
        &mut self,
        f: LibFn,
        values: &[Word],
        operand: TypeId,
        ty: TypeId,
    ) -> Emit<Word> {
        use LibFn::*;
        let len = match self.m.ir(operand) {
            Type::Vector { len, .. } => Some(len),
            _ => None,
        };
        let bool_ty = self.m.bool_type();
        let bools = self.bools_like(operand);
        let op = match f {
            Isequal => Op::FOrdEqual,
            Isnotequal => Op::FUnordNotEqual,
            Isgreater => Op::FOrdGreaterThan,
            Isgreaterequal => Op::FOrdGreaterThanEqual,
            Isless => Op::FOrdLessThan,
            Islessequal => Op::FOrdLessThanEqual,
            Islessgreater => Op::LessOrGreater,
            Isordered => Op::Ordered,
            Isunordered => Op::Unordered,
            Isfinite => Op::IsFinite,
            Isinf => Op::IsInf,
            Isnan => Op::IsNan,
            Isnormal => Op::IsNormal,
            Signbit => Op::SignBitSet,
            Any | All => {
                let zero = self.m.zero(operand)?;
                let negative = self.value(Op::SLessThan, bools, &[values[0], zero]);
                let test = match (len, f) {
                    (None, _) => negative,
                    (Some(_), Any) => self.value(Op::Any, bool_ty, &[negative]),
                    (Some(_), _) => self.value(Op::All, bool_ty, &[negative]),
                };
                let spirv_ty = self.m.ty(ty)?;
                let one = self.m.one(ty)?;
                let zero = self.m.zero(ty)?;
                return Ok(self.value(Op::Select, spirv_ty, &[test, one, zero]));
            }
            _ => return Err(unsupported(None, "an unknown relational function")),
        };
        let test = self.value(op, bools, values);
        let spirv_ty = self.m.ty(ty)?;
        // Scalars give 1, vector components -1 (all bits set).
        let yes = match len {
            Some(_) => self.m.all_ones(ty)?,
            None => self.m.one(ty)?,
        };
        let no = self.m.zero(ty)?;
        Ok(self.value(Op::Select, spirv_ty, &[test, yes, no]))
    }

    /// A work-group or sub-group collective: `OpGroupAll`/`OpGroupAny` on the
    /// predicate `!= 0` (giving 1/0), `OpGroupBroadcast`, or the `OpGroup…`
    /// arithmetic instruction for the operand's type with the `Reduce`,
    /// `InclusiveScan` or `ExclusiveScan` group operation, all at `scope`.
    fn work_group(
        &mut self,
        op: GroupOp,
        scope: rspirv::spirv::Scope,
        values: &[Word],
        args: &[ExprId],
        ty: TypeId,
    ) -> Emit<Word> {
        self.m.require(Capability::Groups);
        let scope = self.m.u32_constant(scope as u32);
        let spirv_ty = self.m.ty(ty)?;
        let value = values
            .first()
            .copied()
            .ok_or_else(|| unsupported(None, "a collective without an operand"))?;
        let (arith, operation) = match op {
            GroupOp::All | GroupOp::Any => {
                let bool_ty = self.m.bool_type();
                let zero = self.m.zero(ty)?;
                let predicate = self.value(Op::INotEqual, bool_ty, &[value, zero]);
                let group = if op == GroupOp::All {
                    Op::GroupAll
                } else {
                    Op::GroupAny
                };
                let result = self.value(group, bool_ty, &[scope, predicate]);
                let one = self.m.one(ty)?;
                return Ok(self.value(Op::Select, spirv_ty, &[result, one, zero]));
            }
            GroupOp::Broadcast => {
                let local = values
                    .get(1)
                    .copied()
                    .ok_or_else(|| unsupported(None, "a broadcast without a local id"))?;
                return Ok(self.value(Op::GroupBroadcast, spirv_ty, &[scope, value, local]));
            }
            GroupOp::Reduce(a) => (a, GroupOperation::Reduce),
            GroupOp::ScanInclusive(a) => (a, GroupOperation::InclusiveScan),
            GroupOp::ScanExclusive(a) => (a, GroupOperation::ExclusiveScan),
        };
        let operand = match args.first() {
            Some(&arg) => self.type_of(arg)?,
            None => ty,
        };
        let instruction = match (arith, self.scalar(operand)) {
            (GroupArith::Add, Scalar::Float) => Op::GroupFAdd,
            (GroupArith::Add, _) => Op::GroupIAdd,
            (GroupArith::Min, Scalar::Float) => Op::GroupFMin,
            (GroupArith::Min, Scalar::Signed) => Op::GroupSMin,
            (GroupArith::Min, _) => Op::GroupUMin,
            (GroupArith::Max, Scalar::Float) => Op::GroupFMax,
            (GroupArith::Max, Scalar::Signed) => Op::GroupSMax,
            (GroupArith::Max, _) => Op::GroupUMax,
        };
        Ok(self.value(instruction, spirv_ty, &[scope, operation as u32, value]))
    }

    /// A vector load or store: `OpenCL.std` `instruction` on the
    /// evaluated operands, with the literal component count for the
    /// vector forms and the rounding mode for the `_r` stores.
    fn data_access(
        &mut self,
        function: BuiltinFn,
        instruction: u32,
        mut values: Vec<Word>,
        ty: TypeId,
    ) -> Emit<Word> {
        let set = self.m.opencl_std();
        let (n, rounding) = match function {
            BuiltinFn::VLoad { n, half, .. } => ((!half || n > 1).then_some(n), None),
            BuiltinFn::VStore { rounding, .. } => (None, Some(rounding)),
            _ => (None, None),
        };
        if let Some(n) = n {
            values.push(u32::from(n));
        }
        if let Some(mode) = rounding.and_then(|r| match r {
            Rounding::Rte => Some(FPRoundingMode::RTE),
            Rounding::Rtz => Some(FPRoundingMode::RTZ),
            Rounding::Rtp => Some(FPRoundingMode::RTP),
            Rounding::Rtn => Some(FPRoundingMode::RTN),
            Rounding::Default => None,
        }) {
            values.push(mode as u32);
        }
        let spirv_ty = self.m.ty(ty)?;
        let mut operands = vec![set, instruction];
        operands.extend(values);
        Ok(self.value(Op::ExtInst, spirv_ty, &operands))
    }

    /// `convert_<type>[_sat][_<rounding>]` from IR type `from` to `to`.
    ///
    /// Floating to integer rounds first with `rint`/`ceil`/`floor` for
    /// `_rte`/`_rtp`/`_rtn` (the conversion itself truncates); `_sat`
    /// decorates it `SaturatedConversion` and, instead of rounding first,
    /// `FPRoundingMode`. Integer to integer with `_sat`
    /// uses `OpSatConvertSToU`/`OpSatConvertUToS` when the signedness
    /// changes, and a `SaturatedConversion` narrowing otherwise. A rounding
    /// mode on a floating result is an `FPRoundingMode` decoration.
    fn explicit_conversion(
        &mut self,
        value: Word,
        from: TypeId,
        to: TypeId,
        saturate: bool,
        rounding: Rounding,
    ) -> Emit<Word> {
        let (source, target) = (self.scalar(from), self.scalar(to));
        let integer = |s: Scalar| matches!(s, Scalar::Signed | Scalar::Unsigned);
        let to_ty = self.m.ty(to)?;
        if source == Scalar::Float && integer(target) {
            let rounded = match rounding {
                // Saturating: an `FPRoundingMode` decoration, as llvm-spirv
                // emits it. Rounding first would be the same for numbers,
                // but Intel's runtime gives a saturated NaN-to-unsigned
                // conversion 0xffffffff, where the decorated one (and the
                // specification) gives 0.
                _ if saturate => None,
                Rounding::Rte => Some(53), // rint
                Rounding::Rtp => Some(12), // ceil
                Rounding::Rtn => Some(25), // floor
                Rounding::Rtz | Rounding::Default => None,
            };
            let value = match rounded {
                Some(instruction) => {
                    let float_ty = self.m.ty(from)?;
                    let set = self.m.opencl_std();
                    self.value(Op::ExtInst, float_ty, &[set, instruction, value])
                }
                None => value,
            };
            let op = if target == Scalar::Signed {
                Op::ConvertFToS
            } else {
                Op::ConvertFToU
            };
            let result = self.value(op, to_ty, &[value]);
            if saturate {
                self.m
                    .decorate(result, Decoration::SaturatedConversion, &[]);
                let mode = match rounding {
                    Rounding::Rte => Some(FPRoundingMode::RTE),
                    Rounding::Rtp => Some(FPRoundingMode::RTP),
                    Rounding::Rtn => Some(FPRoundingMode::RTN),
                    Rounding::Rtz | Rounding::Default => None,
                };
                if let Some(mode) = mode {
                    self.m
                        .decorate(result, Decoration::FPRoundingMode, &[mode as u32]);
                }
            }
            return Ok(result);
        }
        if saturate && integer(source) && integer(target) {
            if source != target {
                let op = if source == Scalar::Signed {
                    Op::SatConvertSToU
                } else {
                    Op::SatConvertUToS
                };
                return Ok(self.value(op, to_ty, &[value]));
            }
            if self.m.scalar_bits(to) < self.m.scalar_bits(from) {
                let op = if source == Scalar::Signed {
                    Op::SConvert
                } else {
                    Op::UConvert
                };
                let result = self.value(op, to_ty, &[value]);
                self.m
                    .decorate(result, Decoration::SaturatedConversion, &[]);
                return Ok(result);
            }
        }
        let result = self.convert(value, from, to, None)?;
        let mode = match rounding {
            Rounding::Rte => Some(FPRoundingMode::RTE),
            Rounding::Rtz => Some(FPRoundingMode::RTZ),
            Rounding::Rtp => Some(FPRoundingMode::RTP),
            Rounding::Rtn => Some(FPRoundingMode::RTN),
            Rounding::Default => None,
        };
        if let (Some(mode), true) = (mode, target == Scalar::Float && result != value) {
            self.m
                .decorate(result, Decoration::FPRoundingMode, &[mode as u32]);
        }
        Ok(result)
    }

    /// `get_global_id(dim)` and friends.
    fn work_item(&mut self, var: WorkItemVar, dim: Option<ExprId>, ty: TypeId) -> Emit<Word> {
        if var.is_mask() {
            self.require_non_uniform(Capability::GroupNonUniformBallot)?;
        }
        if self.m.env.is_vulkan() {
            return self.vulkan_work_item(var, dim, ty);
        }
        let spirv_ty = self.m.ty(ty)?;
        let variable = self.m.work_item_var(var);
        self.summary.work_items |= 1 << (var as u32);
        if var.is_mask() {
            return Ok(self.value(Op::Load, spirv_ty, &[variable]));
        }
        if var.is_uint() {
            let uint = self.m.int_type(32);
            let value = self.value(Op::Load, uint, &[variable]);
            return Ok(self.fit_width(value, 32, ty, spirv_ty));
        }
        if matches!(
            var,
            WorkItemVar::GlobalLinearId | WorkItemVar::LocalLinearId
        ) {
            let size = self.m.size_type();
            return Ok(self.value(Op::Load, size, &[variable]));
        }
        let Some(dim) = dim else {
            return Err(unsupported(
                None,
                "a work-item function without a dimension",
            ));
        };
        let size = self.m.size_type();
        let vector = self.m.vector_type(size, 3);
        let bits = self.m.module.pointer_bits;
        let source = Lazy::Load(variable, vector);
        let value = self.vector_component(source, size, dim, var)?;
        Ok(self.fit_width(value, bits, ty, spirv_ty))
    }

    /// Component `dim` of the work-item vector `source` (elements
    /// `elem`): extracted for a constant dimension, the prescribed value
    /// for a constant dimension of 3 or more, and for a dynamic one
    /// `OpVectorExtractDynamic` guarded by `dim < 3`.
    pub(crate) fn vector_component(
        &mut self,
        source: Lazy,
        elem: Word,
        dim: ExprId,
        var: WorkItemVar,
    ) -> Emit<Word> {
        Ok(match self.constant_index(dim) {
            Some(index) if index < 3 => {
                let vector = self.force(source);
                self.value(Op::CompositeExtract, elem, &[vector, index as u32])
            }
            Some(_) => self.m.scalar_constant(elem, var.out_of_range_value()),
            None => {
                let index = self.expr(dim)?;
                let dim_ty = self.type_of(dim)?;
                let vector = self.force(source);
                let component = self.value(Op::VectorExtractDynamic, elem, &[vector, index]);
                let index_ty = self.m.ty(dim_ty)?;
                let three = self.m.scalar_constant(index_ty, 3);
                let bool_ty = self.m.bool_type();
                let in_range = self.value(Op::ULessThan, bool_ty, &[index, three]);
                let fallback = self.m.scalar_constant(elem, var.out_of_range_value());
                self.value(Op::Select, elem, &[in_range, component, fallback])
            }
        })
    }

    /// The value of a [`Lazy`] vector.
    fn force(&mut self, source: Lazy) -> Word {
        match source {
            Lazy::Load(variable, ty) => self.value(Op::Load, ty, &[variable]),
            Lazy::Value(value) => value,
        }
    }

    /// The value of an integer literal dimension, looking through integer
    /// conversions when the value is 0, 1 or 2 (which every conversion
    /// keeps); `None` otherwise (the dynamic path handles it).
    fn constant_index(&self, mut expr: ExprId) -> Option<u64> {
        let mut converted = false;
        // Each step moves to a child, so this ends within the arena size.
        for _ in 0..self.func.exprs.len() {
            match &self.func.exprs.get(expr)?.kind {
                ExprKind::Literal(Literal::Int(value)) if !converted || *value < 3 => {
                    return Some(*value)
                }
                ExprKind::Convert(oclc_ir::Conversion::IntToInt, inner) => {
                    converted = true;
                    expr = *inner;
                }
                _ => return None,
            }
        }
        None
    }

    /// Converts an unsigned `value` of `bits` bits to the result type.
    pub(crate) fn fit_width(&mut self, value: Word, bits: u32, ty: TypeId, spirv_ty: Word) -> Word {
        if self.m.scalar_bits(ty) == bits {
            value
        } else {
            self.value(Op::UConvert, spirv_ty, &[value])
        }
    }
}
