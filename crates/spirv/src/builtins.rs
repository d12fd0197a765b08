//! Built-in functions other than atomics: work-item functions read
//! `BuiltIn` `Input` variables; integer and float `min`/`max`/`clamp`/`abs`
//! call `OpenCL.std` extended instructions.
//!
//! A work-item function with a constant dimension loads the variable and
//! extracts the component (or, for a dimension of 3 or more, yields the
//! value the specification prescribes: 0 for ids and offsets, 1 for
//! sizes). A dynamic dimension extracts with `OpVectorExtractDynamic` and
//! selects the out-of-range value when `dim >= 3`.

use oclc_ir::{BuiltinFn, ExprId, ExprKind, Literal, TypeId};
use rspirv::spirv::{BuiltIn, Decoration, Op, StorageClass};

use crate::expr::Scalar;
use crate::function::FunctionEmitter;
use crate::module::{unsupported, Emit, ModuleEmitter};
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
}

/// How many [`WorkItemVar`]s there are.
pub(crate) const WORK_ITEM_VAR_COUNT: usize = 9;

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
        }
    }

    /// The value for a dimension outside 0..3.
    fn out_of_range_value(self) -> u64 {
        match self {
            WorkItemVar::GlobalSize
            | WorkItemVar::LocalSize
            | WorkItemVar::NumGroups
            | WorkItemVar::EnqueuedLocalSize => 1,
            _ => 0,
        }
    }
}

impl ModuleEmitter<'_> {
    /// The `Input` variable of `var`, declared on first use.
    pub(crate) fn work_item_var(&mut self, var: WorkItemVar) -> Word {
        let index = var as usize;
        if let Some(Some(id)) = self.builtin_vars.get(index) {
            return *id;
        }
        let value_ty = if var == WorkItemVar::WorkDim {
            self.int_type(32)
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
        push_inst(
            &mut self.annotations,
            Op::Decorate,
            &[id, Decoration::Constant as u32],
        );
        self.name(id, &format!("__spirv_BuiltIn{:?}", var.built_in()));
        if let Some(slot) = self.builtin_vars.get_mut(index) {
            *slot = Some(id);
        }
        id
    }
}

/// `OpenCL.std` instruction numbers.
mod opencl_std {
    pub(super) const FMAX: u32 = 27;
    pub(super) const FMIN: u32 = 28;
    pub(super) const S_ABS: u32 = 141;
    pub(super) const S_CLAMP: u32 = 149;
    pub(super) const U_CLAMP: u32 = 150;
    pub(super) const S_MAX: u32 = 156;
    pub(super) const U_MAX: u32 = 157;
    pub(super) const S_MIN: u32 = 158;
    pub(super) const U_MIN: u32 = 159;
    pub(super) const U_ABS: u32 = 201;
}

impl FunctionEmitter<'_, '_> {
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
        let operand_ty = match args.first() {
            Some(&first) => self.type_of(first)?,
            None => return Err(unsupported(None, "a built-in call without arguments")),
        };
        let signed = self.scalar(operand_ty) == Scalar::Signed;
        let instruction = match (function, signed) {
            (BuiltinFn::Min, true) => opencl_std::S_MIN,
            (BuiltinFn::Min, false) => opencl_std::U_MIN,
            (BuiltinFn::Max, true) => opencl_std::S_MAX,
            (BuiltinFn::Max, false) => opencl_std::U_MAX,
            (BuiltinFn::Clamp, true) => opencl_std::S_CLAMP,
            (BuiltinFn::Clamp, false) => opencl_std::U_CLAMP,
            (BuiltinFn::Abs, true) => opencl_std::S_ABS,
            (BuiltinFn::Abs, false) => opencl_std::U_ABS,
            (BuiltinFn::FMin, _) => opencl_std::FMIN,
            (BuiltinFn::FMax, _) => opencl_std::FMAX,
            _ => return Err(unsupported(None, "an unknown built-in function")),
        };
        let set = self.m.opencl_std();
        let spirv_ty = self.m.ty(ty)?;
        let mut operands = vec![set, instruction];
        operands.extend_from_slice(&values);
        Ok(self.value(Op::ExtInst, spirv_ty, &operands))
    }

    /// `get_global_id(dim)` and friends.
    fn work_item(&mut self, var: WorkItemVar, dim: Option<ExprId>, ty: TypeId) -> Emit<Word> {
        let spirv_ty = self.m.ty(ty)?;
        let variable = self.m.work_item_var(var);
        self.summary.work_items |= 1 << (var as u32);
        if var == WorkItemVar::WorkDim {
            let uint = self.m.int_type(32);
            let value = self.value(Op::Load, uint, &[variable]);
            return Ok(self.fit_width(value, 32, ty, spirv_ty));
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
        let constant_dim = self.constant_index(dim);
        let value = match constant_dim {
            Some(index) if index < 3 => {
                let loaded = self.value(Op::Load, vector, &[variable]);
                self.value(Op::CompositeExtract, size, &[loaded, index as u32])
            }
            Some(_) => self.m.scalar_constant(size, var.out_of_range_value()),
            None => {
                let index = self.expr(dim)?;
                let dim_ty = self.type_of(dim)?;
                let loaded = self.value(Op::Load, vector, &[variable]);
                let component = self.value(Op::VectorExtractDynamic, size, &[loaded, index]);
                let index_ty = self.m.ty(dim_ty)?;
                let three = self.m.scalar_constant(index_ty, 3);
                let bool_ty = self.m.bool_type();
                let in_range = self.value(Op::ULessThan, bool_ty, &[index, three]);
                let fallback = self.m.scalar_constant(size, var.out_of_range_value());
                self.value(Op::Select, size, &[in_range, component, fallback])
            }
        };
        Ok(self.fit_width(value, bits, ty, spirv_ty))
    }

    /// The value of an integer literal dimension, looking through integer
    /// conversions when the value is 0, 1 or 2 (which every conversion
    /// keeps); `None` otherwise (the dynamic path handles it).
    fn constant_index(&self, mut expr: ExprId) -> Option<u64> {
        let mut converted = false;
        // Each step moves to a child, so this ends within the arena size.
        for _ in 0..self.func.exprs.len() {
            match &self.func.exprs.get(expr.0 as usize)?.kind {
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
    fn fit_width(&mut self, value: Word, bits: u32, ty: TypeId, spirv_ty: Word) -> Word {
        if self.m.scalar_bits(ty) == bits {
            value
        } else {
            self.value(Op::UConvert, spirv_ty, &[value])
        }
    }
}
