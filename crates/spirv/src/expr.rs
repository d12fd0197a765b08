//! Expressions: every [`ExprKind`] except conversions ([`crate::convert`]),
//! built-in functions ([`crate::builtins`]) and atomics
//! ([`crate::atomics`]).
//!
//! Choices: integer operations pick the signed or unsigned opcode from the
//! operand type; shift counts are reduced modulo the operand width as
//! OpenCL C requires; `!=` on floats is unordered (true for NaN) and the
//! other comparisons ordered, as in C. Pointer arithmetic
//! ([`ExprKind::PtrOffset`], `++`/`--`, `+=` on pointers) uses
//! `OpPtrAccessChain`, never the `InBounds` form, because C allows a
//! pointer one past the end of an object; member access uses
//! `OpInBoundsAccessChain` (always in bounds) and array indexing
//! `OpAccessChain`. `&&`, `||` and `?:` branch and merge with `OpPhi`.

use oclc_ir::{BinaryOp, ExprId, ExprKind, Literal, Type, TypeId, UnaryOp};
use rspirv::spirv::{Op, StorageClass};

use crate::function::FunctionEmitter;
use crate::module::{unsupported, Emit};
use crate::words::Word;

/// The kind of scalar an operation works on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Scalar {
    Bool,
    Signed,
    Unsigned,
    Float,
    Pointer,
    Other,
}

impl FunctionEmitter<'_, '_> {
    /// The IR type of an expression.
    pub(crate) fn type_of(&self, id: ExprId) -> Emit<TypeId> {
        self.func
            .exprs
            .get(id)
            .map(|e| e.ty)
            .ok_or_else(|| unsupported(None, "a reference to a missing expression"))
    }

    /// The scalar kind of an IR type (of its elements for vectors).
    pub(crate) fn scalar(&self, ty: TypeId) -> Scalar {
        match self.m.scalar_of(ty).0 {
            Type::Bool => Scalar::Bool,
            Type::Int { signed: true, .. } => Scalar::Signed,
            Type::Int { .. } | Type::AtomicFlag => Scalar::Unsigned,
            Type::Float { .. } => Scalar::Float,
            Type::Pointer { .. } => Scalar::Pointer,
            _ => Scalar::Other,
        }
    }

    /// Emits an expression; returns its value id (0 for `void`).
    pub(crate) fn expr(&mut self, id: ExprId) -> Emit<Word> {
        let func = self.func;
        let Some(e) = func.exprs.get(id) else {
            return Err(unsupported(None, "a reference to a missing expression"));
        };
        self.m.enter(Some(e.span))?;
        let result = self.expr_kind(id, &e.kind, e.ty);
        self.m.leave();
        result
    }

    fn expr_kind(&mut self, id: ExprId, kind: &ExprKind, ty: TypeId) -> Emit<Word> {
        let missing = || unsupported(None, "a reference to a missing variable or parameter");
        match kind {
            ExprKind::Literal(literal) => self.m.literal(*literal, ty),
            ExprKind::Param(index) => {
                let param = self
                    .params
                    .get(*index as usize)
                    .copied()
                    .ok_or_else(missing)?;
                if self.m.by_value(ty) {
                    // An aggregate arrives as a pointer to the caller's
                    // copy (`FuncParamAttr ByVal`).
                    let value_ty = self.m.ty(ty)?;
                    Ok(self.value(Op::Load, value_ty, &[param]))
                } else {
                    Ok(param)
                }
            }
            ExprKind::Local(local) => self.locals.get(local.index()).copied().ok_or_else(missing),
            ExprKind::Global(global) => {
                let id = self.m.global_id(*global).ok_or_else(missing)?;
                if self.m.env.is_vulkan() {
                    self.summary.interface.push(id);
                }
                Ok(id)
            }
            ExprKind::Load(pointer) => {
                let p = self.expr(*pointer)?;
                self.load(p, self.type_of(*pointer)?, ty)
            }
            ExprKind::Store { pointer, value } => {
                let p = self.expr(*pointer)?;
                let v = self.expr(*value)?;
                self.store(p, self.type_of(*pointer)?, v)?;
                Ok(v)
            }
            ExprKind::CompoundAssign {
                op,
                pointer,
                value,
                op_ty,
            } => self.compound_assign(*op, *pointer, *value, *op_ty),
            ExprKind::IncDec {
                pointer,
                increment,
                prefix,
            } => self.inc_dec(*pointer, *increment, *prefix),
            ExprKind::Unary(op, operand) => self.unary(*op, *operand, ty),
            ExprKind::Binary(op, lhs, rhs) => {
                if self.chain_continues(*op, *lhs, ty) {
                    self.binary_chain(id)
                } else {
                    self.binary_node(*op, *lhs, *rhs, ty)
                }
            }
            ExprKind::LogicalAnd(lhs, rhs) => self.logical(*lhs, *rhs, true),
            ExprKind::LogicalOr(lhs, rhs) => self.logical(*lhs, *rhs, false),
            ExprKind::Select {
                cond,
                then,
                otherwise,
            } => self.select(*cond, *then, *otherwise, ty),
            ExprKind::Convert(conversion, operand) => {
                let v = self.expr(*operand)?;
                self.convert(v, self.type_of(*operand)?, ty, Some(*conversion))
            }
            ExprKind::PtrOffset { pointer, index } => self.ptr_offset(id, *pointer, *index, ty),
            ExprKind::ElementPtr { pointer, index } => self.element_ptr(*pointer, *index, ty),
            ExprKind::MemberPtr { pointer, field } => self.member_ptr(*pointer, *field, ty),
            ExprKind::PtrDiff(lhs, rhs) => self.ptr_diff(*lhs, *rhs, ty),
            ExprKind::Call(function, args) => self.call(id, *function, args, ty),
            ExprKind::Builtin(function, args) => self.builtin(*function, args, ty),
            ExprKind::Atomic(call) => self.atomic(call, ty),
            ExprKind::Fence(call) => {
                self.fence(call)?;
                Ok(0)
            }
            ExprKind::Construct(parts) => {
                // Scalars only: SPIR-V allows vector operands, but Intel's
                // runtime fails to link such an `OpCompositeConstruct`
                // ("Invalid insert element record"); llvm-spirv emits
                // scalars too.
                let mut values = Vec::new();
                for &part in parts {
                    let value = self.expr(part)?;
                    match self.m.ir(self.type_of(part)?) {
                        Type::Vector { elem, len } => {
                            let elem = self.m.ty(elem)?;
                            for i in 0..u32::from(len) {
                                values.push(self.value(Op::CompositeExtract, elem, &[value, i]));
                            }
                        }
                        _ => values.push(value),
                    }
                }
                let result = self.m.ty(ty)?;
                Ok(self.value(Op::CompositeConstruct, result, &values))
            }
            ExprKind::Comma(first, second) => {
                self.expr(*first)?;
                self.expr(*second)
            }
            ExprKind::Statements(block, value) => {
                self.block(block)?;
                if self.terminated {
                    // A `return` or jump inside the statements: the rest
                    // of the expression is unreachable.
                    let dead = self.label();
                    self.begin(dead);
                }
                self.expr(*value)
            }
        }
    }

    /// One binary operation whose left operand is emitted recursively
    /// (floating additions contract, see `crate::contract`).
    fn binary_node(&mut self, op: BinaryOp, lhs: ExprId, rhs: ExprId, ty: TypeId) -> Emit<Word> {
        if matches!(op, BinaryOp::Add | BinaryOp::Sub) && self.is_floating(ty) {
            if let Some(fused) = self.contracted(op, lhs, rhs, ty)? {
                return Ok(fused);
            }
        }
        let l = self.expr(lhs)?;
        let r = self.expr(rhs)?;
        self.binary(op, l, r, self.type_of(lhs)?, ty)
    }

    /// Whether `lhs op …` continues a left-associative chain (`a + b + c
    /// …`) that is emitted in a loop: both operators chain, and the node
    /// is not a floating `a * b + c` to contract.
    fn chain_continues(&self, op: BinaryOp, lhs: ExprId, ty: TypeId) -> bool {
        let chains = |op: BinaryOp| {
            matches!(
                op,
                BinaryOp::Add
                    | BinaryOp::Sub
                    | BinaryOp::Mul
                    | BinaryOp::Div
                    | BinaryOp::Rem
                    | BinaryOp::Shl
                    | BinaryOp::Shr
                    | BinaryOp::BitAnd
                    | BinaryOp::BitOr
                    | BinaryOp::BitXor
            )
        };
        let Some(ExprKind::Binary(inner, ..)) = self.func.exprs.get(lhs).map(|e| &e.kind) else {
            return false;
        };
        let contracts =
            matches!(op, BinaryOp::Add | BinaryOp::Sub) && self.contractible_mul(lhs, ty).is_some();
        chains(op) && chains(*inner) && !contracts
    }

    /// A left-associative chain of binary operations, emitted bottom-up
    /// in a loop: a chain is as long as the source makes it, not bounded
    /// by the nesting limit.
    #[inline(never)]
    fn binary_chain(&mut self, top: ExprId) -> Emit<Word> {
        let mut spine = Vec::new();
        let mut current = top;
        loop {
            spine.push(current);
            let Some(expr) = self.func.exprs.get(current) else {
                break;
            };
            match expr.kind {
                ExprKind::Binary(op, lhs, _) if self.chain_continues(op, lhs, expr.ty) => {
                    current = lhs;
                }
                _ => break,
            }
        }
        let missing = || unsupported(None, "a reference to a missing expression");
        let bottom = spine.pop().ok_or_else(missing)?;
        let mut acc = self.expr(bottom)?;
        for node in spine.into_iter().rev() {
            let expr = self.func.exprs.get(node).ok_or_else(missing)?;
            let (ExprKind::Binary(op, lhs, rhs), ty) = (&expr.kind, expr.ty) else {
                return Err(missing());
            };
            let (op, lhs, rhs) = (*op, *lhs, *rhs);
            // `… + a * b` contracts with the chain so far as the addend.
            if let Some((product, negate)) = self.added_product(op, rhs, ty) {
                let (a, b) = self.product_operands(&product)?;
                acc = self.fused_add_product(ty, a, b, negate, acc)?;
                continue;
            }
            let r = self.expr(rhs)?;
            acc = self.binary(op, acc, r, self.type_of(lhs)?, ty)?;
        }
        Ok(acc)
    }

    /// `pointer + index` (out of line: `expr_kind`'s frame is paid at
    /// every nesting level).
    #[inline(never)]
    fn ptr_offset(&mut self, id: ExprId, pointer: ExprId, index: ExprId, ty: TypeId) -> Emit<Word> {
        let p = self.expr(pointer)?;
        let i = self.expr(index)?;
        let i = self.index_to_size(i, self.type_of(index)?)?;
        let pointer_ty = self.type_of(pointer)?;
        let spirv_ty = self.m.ty(pointer_ty)?;
        let moved = match self.local_argument_offset(pointer) {
            Some(array) => self.value(Op::AccessChain, spirv_ty, &[array, i]),
            None => {
                self.require_variable_pointers(pointer_ty, self.span_of(id))?;
                self.value(Op::PtrAccessChain, spirv_ty, &[p, i])
            }
        };
        self.convert(moved, pointer_ty, ty, None)
    }

    /// A call of a user function (out of line, as [`Self::ptr_offset`]).
    #[inline(never)]
    fn call(
        &mut self,
        id: ExprId,
        function: oclc_ir::FunctionId,
        args: &[ExprId],
        ty: TypeId,
    ) -> Emit<Word> {
        let mut values = Vec::with_capacity(args.len() + 1);
        let callee = self
            .m
            .function_id(function)
            .ok_or_else(|| unsupported(self.span_of(id), "a call of a missing function"))?;
        if self.m.env.is_vulkan() && self.m.module.function(function).kernel.is_some() {
            return Err(unsupported(
                self.span_of(id),
                "a call of a kernel on the Vulkan target (a Vulkan entry point \
                 cannot be called; move the body into a helper function)",
            ));
        }
        values.push(callee);
        let through_memory = self.m.returns_through_memory(ty);
        let result_pointer = if through_memory {
            let result = self.temporary(ty)?;
            values.push(result);
            Some(result)
        } else {
            None
        };
        for &arg in args {
            let arg_ty = self.type_of(arg)?;
            if !self.m.by_value(arg_ty) {
                let value = self.expr(arg)?;
                values.push(value);
                continue;
            }
            // Pass a pointer to a fresh copy: the callee may write to its
            // parameter. A struct read from memory is copied byte for byte
            // (`OpCopyMemorySized`), as clang passes it: Intel's CPU
            // runtime crashed in instruction selection on a whole-struct
            // load and store of a struct with padding in some callers.
            let copy = self.temporary(arg_ty)?;
            let source = match self.func.exprs.get(arg).map(|e| &e.kind) {
                Some(&ExprKind::Load(source)) if !self.volatile_pointer(source) => Some(source),
                _ => None,
            };
            match (source, self.aggregate_size(arg_ty)) {
                (Some(source), Some(size)) => {
                    let from = self.expr(source)?;
                    self.copy_memory(copy, from, size);
                }
                _ => {
                    let value = self.expr(arg)?;
                    self.inst(Op::Store, &[copy, value]);
                }
            }
            values.push(copy);
        }
        self.summary.callees.push(function);
        if let Some(result) = result_pointer {
            let void = self.m.void_type();
            self.value(Op::FunctionCall, void, &values);
            let spirv_ty = self.m.ty(ty)?;
            return Ok(self.value(Op::Load, spirv_ty, &[result]));
        }
        let ret = self.m.ty(ty)?;
        let result = self.value(Op::FunctionCall, ret, &values);
        Ok(if self.m.ir(ty) == Type::Void {
            0
        } else {
            result
        })
    }

    fn compound_assign(
        &mut self,
        op: BinaryOp,
        pointer: ExprId,
        value: ExprId,
        op_ty: TypeId,
    ) -> Emit<Word> {
        let p = self.expr(pointer)?;
        let pointer_ty = self.type_of(pointer)?;
        let (object_ty, _) = self.pointee(pointer)?;
        // `x += a * b`, `x -= a * b`: one `mad` (see `crate::contract`).
        if let Some((product, negate)) = self.added_product(op, value, op_ty) {
            let (a_value, b_value) = self.product_operands(&product)?;
            let old = self.load(p, pointer_ty, object_ty)?;
            let widened = self.convert(old, object_ty, op_ty, None)?;
            let result = self.fused_add_product(op_ty, a_value, b_value, negate, widened)?;
            let new = self.convert(result, op_ty, object_ty, None)?;
            self.store(p, pointer_ty, new)?;
            return Ok(new);
        }
        let v = self.expr(value)?;
        let old = self.load(p, pointer_ty, object_ty)?;
        let new = if self.scalar(object_ty) == Scalar::Pointer {
            let mut index = self.index_to_size(v, self.type_of(value)?)?;
            if op == BinaryOp::Sub {
                let size = self.m.size_type();
                index = self.value(Op::SNegate, size, &[index]);
            }
            let spirv_ty = self.m.ty(object_ty)?;
            self.require_variable_pointers(object_ty, self.span_of(pointer))?;
            self.value(Op::PtrAccessChain, spirv_ty, &[old, index])
        } else {
            let widened = self.convert(old, object_ty, op_ty, None)?;
            let result = self.binary(op, widened, v, op_ty, op_ty)?;
            self.convert(result, op_ty, object_ty, None)?
        };
        self.store(p, pointer_ty, new)?;
        Ok(new)
    }

    fn inc_dec(&mut self, pointer: ExprId, increment: bool, prefix: bool) -> Emit<Word> {
        let p = self.expr(pointer)?;
        let pointer_ty = self.type_of(pointer)?;
        let (object_ty, _) = self.pointee(pointer)?;
        let old = self.load(p, pointer_ty, object_ty)?;
        let spirv_ty = self.m.ty(object_ty)?;
        let new = match self.scalar(object_ty) {
            Scalar::Pointer => {
                let size = self.m.size_type();
                let step = self
                    .m
                    .scalar_constant(size, if increment { 1 } else { u64::MAX });
                self.require_variable_pointers(object_ty, self.span_of(pointer))?;
                self.value(Op::PtrAccessChain, spirv_ty, &[old, step])
            }
            Scalar::Bool if increment => self.m.bool_constant(true),
            Scalar::Bool => self.value(Op::LogicalNot, spirv_ty, &[old]),
            scalar => {
                let one = self.m.one(object_ty)?;
                let op = match (scalar == Scalar::Float, increment) {
                    (true, true) => Op::FAdd,
                    (true, false) => Op::FSub,
                    (false, true) => Op::IAdd,
                    (false, false) => Op::ISub,
                };
                self.value(op, spirv_ty, &[old, one])
            }
        };
        self.store(p, pointer_ty, new)?;
        Ok(if prefix { new } else { old })
    }

    fn unary(&mut self, op: UnaryOp, operand: ExprId, ty: TypeId) -> Emit<Word> {
        let v = self.expr(operand)?;
        let operand_ty = self.type_of(operand)?;
        let spirv_ty = self.m.ty(ty)?;
        Ok(match (op, self.scalar(operand_ty)) {
            (UnaryOp::Neg, Scalar::Float) => self.value(Op::FNegate, spirv_ty, &[v]),
            (UnaryOp::Neg, _) => self.value(Op::SNegate, spirv_ty, &[v]),
            (UnaryOp::Not, Scalar::Bool) => self.value(Op::LogicalNot, spirv_ty, &[v]),
            (UnaryOp::Not, _) => {
                let is_true = self.convert(v, operand_ty, ty, Some(oclc_ir::Conversion::ToBool))?;
                self.value(Op::LogicalNot, spirv_ty, &[is_true])
            }
            (UnaryOp::BitNot, Scalar::Bool) => self.value(Op::LogicalNot, spirv_ty, &[v]),
            (UnaryOp::BitNot, _) => self.value(Op::Not, spirv_ty, &[v]),
        })
    }

    /// A binary operation on operands of IR type `operand_ty` giving IR
    /// type `ty`.
    pub(crate) fn binary(
        &mut self,
        op: BinaryOp,
        l: Word,
        r: Word,
        operand_ty: TypeId,
        ty: TypeId,
    ) -> Emit<Word> {
        let scalar = self.scalar(operand_ty);
        if is_comparison(op) {
            return self.comparison(op, l, r, operand_ty, ty);
        }
        let spirv_ty = self.m.ty(ty)?;
        let (float, signed) = (scalar == Scalar::Float, scalar == Scalar::Signed);
        let opcode = match (op, scalar) {
            (BinaryOp::BitAnd, Scalar::Bool) => Op::LogicalAnd,
            (BinaryOp::BitOr, Scalar::Bool) => Op::LogicalOr,
            (BinaryOp::BitXor, Scalar::Bool) => Op::LogicalNotEqual,
            (BinaryOp::Add, _) if float => Op::FAdd,
            (BinaryOp::Add, _) => Op::IAdd,
            (BinaryOp::Sub, _) if float => Op::FSub,
            (BinaryOp::Sub, _) => Op::ISub,
            (BinaryOp::Mul, _) if float => Op::FMul,
            (BinaryOp::Mul, _) => Op::IMul,
            (BinaryOp::Div, _) if float => Op::FDiv,
            (BinaryOp::Div, _) if signed => Op::SDiv,
            (BinaryOp::Div, _) => Op::UDiv,
            (BinaryOp::Rem, _) if float => Op::FRem,
            (BinaryOp::Rem, _) if signed => Op::SRem,
            (BinaryOp::Rem, _) => Op::UMod,
            (BinaryOp::Shl | BinaryOp::Shr, _) => {
                // OpenCL C takes the shift count modulo the width.
                let bits = self.m.scalar_bits(operand_ty);
                let mask = self
                    .m
                    .literal(Literal::Int(u64::from(bits) - 1), operand_ty)?;
                let count = self.value(Op::BitwiseAnd, spirv_ty, &[r, mask]);
                let opcode = match op {
                    BinaryOp::Shl => Op::ShiftLeftLogical,
                    _ if signed => Op::ShiftRightArithmetic,
                    _ => Op::ShiftRightLogical,
                };
                return Ok(self.value(opcode, spirv_ty, &[l, count]));
            }
            (BinaryOp::BitAnd, _) => Op::BitwiseAnd,
            (BinaryOp::BitOr, _) => Op::BitwiseOr,
            (BinaryOp::BitXor, _) => Op::BitwiseXor,
            _ => return Err(unsupported(None, "a comparison operator in arithmetic")),
        };
        Ok(self.value(opcode, spirv_ty, &[l, r]))
    }

    fn comparison(
        &mut self,
        op: BinaryOp,
        mut l: Word,
        mut r: Word,
        operand_ty: TypeId,
        ty: TypeId,
    ) -> Emit<Word> {
        let mut scalar = self.scalar(operand_ty);
        if scalar == Scalar::Pointer {
            let size = self.m.size_type();
            l = self.value(Op::ConvertPtrToU, size, &[l]);
            r = self.value(Op::ConvertPtrToU, size, &[r]);
            scalar = Scalar::Unsigned;
        }
        let len = self.m.scalar_of(operand_ty).1;
        let bool_ty = self.m.bool_type();
        let result_ty = if len > 1 {
            self.m.vector_type(bool_ty, len)
        } else {
            bool_ty
        };
        use BinaryOp::*;
        let opcode = match (op, scalar) {
            (Eq, Scalar::Bool) => Op::LogicalEqual,
            (Ne, Scalar::Bool) => Op::LogicalNotEqual,
            (Eq, Scalar::Float) => Op::FOrdEqual,
            (Ne, Scalar::Float) => Op::FUnordNotEqual,
            (Lt, Scalar::Float) => Op::FOrdLessThan,
            (Le, Scalar::Float) => Op::FOrdLessThanEqual,
            (Gt, Scalar::Float) => Op::FOrdGreaterThan,
            (Ge, Scalar::Float) => Op::FOrdGreaterThanEqual,
            (Eq, _) => Op::IEqual,
            (Ne, _) => Op::INotEqual,
            (Lt, Scalar::Signed) => Op::SLessThan,
            (Le, Scalar::Signed) => Op::SLessThanEqual,
            (Gt, Scalar::Signed) => Op::SGreaterThan,
            (Ge, Scalar::Signed) => Op::SGreaterThanEqual,
            (Lt, _) => Op::ULessThan,
            (Le, _) => Op::ULessThanEqual,
            (Gt, _) => Op::UGreaterThan,
            (Ge, _) => Op::UGreaterThanEqual,
            _ => return Err(unsupported(None, "an arithmetic operator as a comparison")),
        };
        let result = self.value(opcode, result_ty, &[l, r]);
        if self.scalar(ty) == Scalar::Bool {
            return Ok(result);
        }
        // An integer result: vector comparisons give -1 for true, scalar
        // ones 1.
        let spirv_ty = self.m.ty(ty)?;
        let truth = if len > 1 {
            self.m.literal(Literal::Int(u64::MAX), ty)?
        } else {
            self.m.one(ty)?
        };
        let falsity = self.m.zero(ty)?;
        Ok(self.value(Op::Select, spirv_ty, &[result, truth, falsity]))
    }

    /// `a && b` (`and`) or `a || b`: evaluates `b` only when needed. A
    /// small `b` that can neither trap nor change anything (comparisons of
    /// private variables, as range checks are written) is evaluated anyway
    /// and combined with `OpLogicalAnd`/`OpLogicalOr`, as clang -O2 would:
    /// a branch per operand kept the driver's vectorizer from turning the
    /// conditions into selects (a Rodinia stencil ran 1.9x slower).
    fn logical(&mut self, lhs: ExprId, rhs: ExprId, and: bool) -> Emit<Word> {
        let a = self.expr(lhs)?;
        let mut budget = SPECULATION_BUDGET;
        if speculatable(self.func, rhs, &mut budget) {
            let b = self.expr(rhs)?;
            let bool_ty = self.m.bool_type();
            let op = if and { Op::LogicalAnd } else { Op::LogicalOr };
            return Ok(self.value(op, bool_ty, &[a, b]));
        }
        let from = self.current;
        let rhs_label = self.label();
        let merge = self.label();
        if and {
            self.branch_conditional(a, rhs_label, merge, merge);
        } else {
            self.branch_conditional(a, merge, rhs_label, merge);
        }
        self.begin(rhs_label);
        let b = self.expr(rhs)?;
        let rhs_end = self.current;
        self.branch(merge);
        self.begin(merge);
        let bool_ty = self.m.bool_type();
        let short = self.m.bool_constant(!and);
        Ok(self.phi(bool_ty, &[(short, from), (b, rhs_end)]))
    }

    /// `cond ? then : otherwise`, evaluating one side (or both, when that
    /// is unobservable). A struct or array
    /// result goes through a temporary, as clang's aggregates go through
    /// memory: Intel's runtime crashed building some modules with an
    /// `OpPhi` of a struct (a nested `?:` of structs in an inlined helper).
    fn select(&mut self, cond: ExprId, then: ExprId, otherwise: ExprId, ty: TypeId) -> Emit<Word> {
        let c = self.expr(cond)?;
        // Scalar arms that can neither trap nor have effects (`x < lo ? lo
        // : x`) are both evaluated and chosen by `OpSelect`, as for `&&`.
        let mut budget = SPECULATION_BUDGET;
        let scalar = matches!(
            self.m.ir(ty),
            Type::Bool | Type::Int { .. } | Type::Float { .. }
        );
        if scalar
            && speculatable(self.func, then, &mut budget)
            && speculatable(self.func, otherwise, &mut budget)
        {
            let a = self.expr(then)?;
            let a = self.convert(a, self.type_of(then)?, ty, None)?;
            let b = self.expr(otherwise)?;
            let b = self.convert(b, self.type_of(otherwise)?, ty, None)?;
            let spirv_ty = self.m.ty(ty)?;
            return Ok(self.value(Op::Select, spirv_ty, &[c, a, b]));
        }
        let slot = match self.m.ir(ty) {
            Type::Struct(_) | Type::Array { .. } => Some(self.temporary(ty)?),
            _ => None,
        };
        let then_label = self.label();
        let else_label = self.label();
        let merge = self.label();
        self.branch_conditional(c, then_label, else_label, merge);
        self.begin(then_label);
        let a = self.expr(then)?;
        let a = self.convert(a, self.type_of(then)?, ty, None)?;
        if let Some(slot) = slot {
            self.inst(Op::Store, &[slot, a]);
        }
        let then_end = self.current;
        self.branch(merge);
        self.begin(else_label);
        let b = self.expr(otherwise)?;
        let b = self.convert(b, self.type_of(otherwise)?, ty, None)?;
        if let Some(slot) = slot {
            self.inst(Op::Store, &[slot, b]);
        }
        let else_end = self.current;
        self.branch(merge);
        self.begin(merge);
        if self.m.ir(ty) == Type::Void {
            return Ok(0);
        }
        let spirv_ty = self.m.ty(ty)?;
        if let Some(slot) = slot {
            return Ok(self.value(Op::Load, spirv_ty, &[slot]));
        }
        Ok(self.phi(spirv_ty, &[(a, then_end), (b, else_end)]))
    }

    fn element_ptr(&mut self, pointer: ExprId, index: ExprId, ty: TypeId) -> Emit<Word> {
        let p = self.expr(pointer)?;
        let i = self.expr(index)?;
        let i = self.index_to_size(i, self.type_of(index)?)?;
        let (pointee, space) = self.pointee(pointer)?;
        let class = self.m.storage_class(space);
        let (element, op) = match self.m.ir(pointee) {
            Type::Array { elem, len: Some(_) } | Type::Vector { elem, .. } => {
                (elem, Op::AccessChain)
            }
            Type::Array { elem, len: None } => (elem, Op::PtrAccessChain),
            _ => (pointee, Op::PtrAccessChain),
        };
        if op == Op::PtrAccessChain {
            self.require_variable_pointers(self.type_of(pointer)?, self.span_of(pointer))?;
        }
        let element_ptr = self.m.pointer_to(class, element)?;
        let result = self.value(op, element_ptr, &[p, i]);
        let result = self.retype_pointer(result, class, element, ty)?;
        // An element of an under-aligned array is as under-aligned.
        if let Some(&align) = self.underaligned.get(&p) {
            self.underaligned.insert(result, align);
        }
        Ok(result)
    }

    fn member_ptr(&mut self, pointer: ExprId, field: u32, ty: TypeId) -> Emit<Word> {
        let p = self.expr(pointer)?;
        let (pointee, space) = self.pointee(pointer)?;
        let class = self.m.storage_class(space);
        let Type::Struct(id) = self.m.ir(pointee) else {
            return Err(unsupported(
                self.span_of(pointer),
                "a member of a non-struct",
            ));
        };
        let def = self.m.module.types.struct_def(id);
        let member = def
            .members
            .get(field as usize)
            .map(|&(_, t)| t)
            .ok_or_else(|| unsupported(self.span_of(pointer), "a missing struct member"))?;
        let member_ptr = self.m.pointer_to(class, member)?;
        let result = if def.is_union {
            if self.m.env.is_vulkan() {
                return Err(unsupported(
                    self.span_of(pointer),
                    "a union member on the Vulkan target (logical pointers cannot be \
                     reinterpreted; use `as_<type>` to reinterpret a value)",
                ));
            }
            self.value(Op::Bitcast, member_ptr, &[p])
        } else if self.m.module.types.is_flexible_member(member) {
            // A flexible array member: its offset in bytes from the
            // struct, as a pointer to its elements.
            let offset = self
                .m
                .module
                .types
                .member_offsets(id, self.m.module.pointer_bits, true)
                .and_then(|offsets| offsets.get(field as usize).copied())
                .ok_or_else(|| unsupported(self.span_of(pointer), "a flexible array member"))?;
            let byte = self.m.int_type(8);
            let bytes = self.m.pointer_type(class, byte);
            let start = self.value(Op::Bitcast, bytes, &[p]);
            let size = self.m.size_type();
            let offset = self.m.scalar_constant(size, offset);
            let at = self.value(Op::InBoundsPtrAccessChain, bytes, &[start, offset]);
            self.value(Op::Bitcast, member_ptr, &[at])
        } else {
            let index = self.m.member_index(id, field)?;
            let index = self.m.u32_constant(index);
            self.value(Op::InBoundsAccessChain, member_ptr, &[p, index])
        };
        let result = self.retype_pointer(result, class, member, ty)?;
        self.note_member_alignment(p, pointee, id, field, member, result);
        Ok(result)
    }

    /// Records `result`, the pointer to member `field` of struct `id`
    /// (the pointee of `base`), as under-aligned when the member can sit
    /// below its natural alignment: in a `packed` struct, or one whose
    /// members `#pragma pack` or `packed` limit (llvm-spirv marks such
    /// accesses `Aligned 1` too).
    fn note_member_alignment(
        &mut self,
        base: Word,
        pointee: TypeId,
        id: oclc_ir::StructId,
        field: u32,
        member: TypeId,
        result: Word,
    ) {
        let types = &self.m.module.types;
        let bits = self.m.module.pointer_bits;
        if !types.is_physically_packed(id) && !self.underaligned.contains_key(&base) {
            return;
        }
        let struct_align = types.align_of(pointee, bits).unwrap_or(1);
        let base_align = self
            .underaligned
            .get(&base)
            .map_or(struct_align, |&a| u64::from(a).min(struct_align));
        let offset = types
            .member_offsets(id, bits, true)
            .and_then(|offsets| offsets.get(field as usize).copied())
            .unwrap_or(0);
        let mut align = base_align.max(1);
        while !offset.is_multiple_of(align) {
            align /= 2;
        }
        if align < types.align_of(member, bits).unwrap_or(1) {
            self.underaligned.insert(result, align as u32);
        }
    }

    /// Bitcasts a pointer to `element` in `class` to the SPIR-V type of
    /// `ty` when the two differ (e.g. a `void *` result).
    fn retype_pointer(
        &mut self,
        pointer: Word,
        class: StorageClass,
        element: TypeId,
        ty: TypeId,
    ) -> Emit<Word> {
        let have = self.m.pointer_to(class, element)?;
        let want = self.m.ty(ty)?;
        Ok(if have == want {
            pointer
        } else if self.m.env.is_vulkan() {
            return Err(unsupported(
                None,
                "a pointer cast on the Vulkan target (logical addressing)",
            ));
        } else {
            self.value(Op::Bitcast, want, &[pointer])
        })
    }

    fn ptr_diff(&mut self, lhs: ExprId, rhs: ExprId, ty: TypeId) -> Emit<Word> {
        if self.m.env.is_vulkan() {
            return Err(unsupported(
                self.span_of(lhs),
                "the difference of two pointers on the Vulkan target (logical addressing has \
                 no pointer values to subtract; subtract the indices instead)",
            ));
        }
        let a = self.expr(lhs)?;
        let b = self.expr(rhs)?;
        let (pointee, _) = self.pointee(lhs)?;
        let size_ty = self.m.size_type();
        let a = self.value(Op::ConvertPtrToU, size_ty, &[a]);
        let b = self.value(Op::ConvertPtrToU, size_ty, &[b]);
        let mut diff = self.value(Op::ISub, size_ty, &[a, b]);
        let element_size = match self.m.ir(pointee) {
            Type::Void => 1,
            Type::Array { elem, len: None } => self
                .m
                .module
                .types
                .size_of(elem, self.m.module.pointer_bits)
                .unwrap_or(1),
            _ => self
                .m
                .module
                .types
                .size_of(pointee, self.m.module.pointer_bits)
                .unwrap_or(1),
        };
        if element_size > 1 {
            let divisor = self.m.scalar_constant(size_ty, element_size);
            diff = self.value(Op::SDiv, size_ty, &[diff, divisor]);
        }
        let bits = self.m.scalar_bits(ty);
        if bits == self.m.module.pointer_bits {
            return Ok(diff);
        }
        let spirv_ty = self.m.ty(ty)?;
        Ok(self.value(Op::SConvert, spirv_ty, &[diff]))
    }
}

fn is_comparison(op: BinaryOp) -> bool {
    matches!(
        op,
        BinaryOp::Eq | BinaryOp::Ne | BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge
    )
}

/// The most IR nodes [`speculatable`] accepts in one operand.
const SPECULATION_BUDGET: u32 = 24;

/// Whether evaluating `id` can neither trap, nor read memory other than a
/// private variable's own value, nor write anything, nor call anything —
/// so evaluating it when C would not is unobservable — within `budget`
/// nodes. Integer division and remainder are excluded (a zero divisor
/// traps on some devices); so is every access through a pointer but the
/// direct load of a private variable.
fn speculatable(func: &oclc_ir::Function, id: ExprId, budget: &mut u32) -> bool {
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    let Some(expr) = func.exprs.get(id) else {
        return false;
    };
    match &expr.kind {
        ExprKind::Literal(_) | ExprKind::Param(_) => true,
        ExprKind::Load(pointer) => func
            .exprs
            .get(*pointer)
            .is_some_and(|p| matches!(p.kind, ExprKind::Local(_))),
        ExprKind::Unary(_, operand) | ExprKind::Convert(_, operand) => {
            speculatable(func, *operand, budget)
        }
        ExprKind::Binary(op, a, b) => {
            !matches!(op, BinaryOp::Div | BinaryOp::Rem)
                && speculatable(func, *a, budget)
                && speculatable(func, *b, budget)
        }
        ExprKind::LogicalAnd(a, b) | ExprKind::LogicalOr(a, b) => {
            speculatable(func, *a, budget) && speculatable(func, *b, budget)
        }
        ExprKind::Select {
            cond,
            then,
            otherwise,
        } => {
            speculatable(func, *cond, budget)
                && speculatable(func, *then, budget)
                && speculatable(func, *otherwise, budget)
        }
        _ => false,
    }
}
