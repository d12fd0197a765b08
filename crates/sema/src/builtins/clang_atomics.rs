//! clang's atomic built-ins, lowered onto the same [`AtomicCall`] and
//! [`FenceCall`] nodes as OpenCL C's atomic functions, so that every
//! order and scope rule applies to them (with their own spelling of
//! orders and scopes in messages and fixes, [`AtomicForm::spelling`]):
//!
//! * GNU `__atomic_<op>(p, …, order)` on plain integer and pointer
//!   objects ([`AtomicForm::Gnu`]), with the `_n` forms taking values and
//!   the generic forms (`__atomic_load`, `__atomic_store`,
//!   `__atomic_exchange`, `__atomic_compare_exchange`) taking the value
//!   and the result through pointers; `__atomic_<op>_fetch` returns the
//!   stored value ([`AtomicReturn::Stored`]); `__atomic_fetch_nand`
//!   stores `~(old & operand)` ([`AtomicOp::FetchNand`]);
//! * legacy GNU `__sync_<op>(p, …)` ([`AtomicForm::Sync`]): seq_cst, with
//!   any further arguments evaluated and ignored, as clang does; clang's
//!   `__sync_fetch_and_umin`/`umax` work on the object as unsigned;
//! * `__c11_atomic_<op>(p, …, order)` and
//!   `__opencl_atomic_<op>(p, …, order, scope)` on atomic objects
//!   ([`AtomicForm::ClangC11`], [`AtomicForm::ClangOpenCl`]);
//! * `__atomic_thread_fence(order)`, `__c11_atomic_thread_fence` and
//!   `__sync_synchronize()` ([`FenceKind::ThreadFence`]), the signal
//!   fences ([`FenceKind::SignalFence`]), and the lock-free queries (a
//!   constant: every size oclc compiles an atomic of is lock-free).
//!
//! A call without a scope argument has device scope, as OpenCL C's
//! functions without one (docs/mapping.md says why this follows the
//! specification rather than clang 15). `__ATOMIC_CONSUME` is read as
//! `__ATOMIC_ACQUIRE`, as clang does. The names are the built-in table's
//! rows ([`super::table`]); this module only lowers them.

use oclc_diagnostics::Span;
use oclc_ir::{
    AtomicForm, AtomicOp, AtomicReturn, ExprId, ExprKind, FenceCall, FenceKind, Literal, MemArg,
    MemoryOrder, Type, TypeId, FENCE_GLOBAL, FENCE_LOCAL,
};

use super::atomics::{expected_pointer, pointer_arg, push_atomic, Operation};
use super::{mem_arg, wrong_count, wrong_type, Call};
use crate::lower::{Lowerer, TypeClass};

/// One of clang's atomic built-ins, as the table classifies it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ClangAtomic {
    /// An atomic operation.
    Op {
        /// The operation.
        op: AtomicOp,
        /// The family.
        form: AtomicForm,
        /// What the call evaluates to.
        returns: AtomicReturn,
        /// The generic GNU forms: value and result through pointers.
        by_reference: bool,
        /// `__sync_fetch_and_umin`/`umax`: the object compared unsigned.
        unsigned: bool,
    },
    /// A thread or signal fence of the family.
    Fence(FenceKind, AtomicForm),
    /// `__atomic_always_lock_free(size, p)`, `__atomic_is_lock_free(size,
    /// p)`, `__c11_atomic_is_lock_free(size)`.
    LockFree(AtomicForm),
}

/// Lowers a call of one of clang's atomic built-ins.
pub(super) fn lower(lw: &mut Lowerer<'_>, call: &Call<'_>, builtin: ClangAtomic) -> ExprId {
    match builtin {
        ClangAtomic::Op {
            op,
            form,
            returns,
            by_reference,
            unsigned,
        } => operation(
            lw,
            call,
            Shape {
                op,
                form,
                returns,
                by_reference,
                unsigned,
            },
        ),
        ClangAtomic::Fence(kind, form) => fence(lw, call, kind, form),
        ClangAtomic::LockFree(form) => lock_free(lw, call, form),
    }
}

/// The call being lowered.
#[derive(Clone, Copy)]
struct Shape {
    op: AtomicOp,
    form: AtomicForm,
    returns: AtomicReturn,
    by_reference: bool,
    unsigned: bool,
}

impl Shape {
    /// Value arguments after the object pointer.
    fn operands(self) -> usize {
        match self.op {
            AtomicOp::Load | AtomicOp::FlagTestAndSet | AtomicOp::FlagClear => {
                usize::from(self.by_reference)
            }
            AtomicOp::Store if self.form == AtomicForm::Sync => 0,
            AtomicOp::CompareExchangeStrong
            | AtomicOp::CompareExchangeWeak
            | AtomicOp::LegacyCmpxchg => 2,
            AtomicOp::Exchange if self.by_reference => 2,
            _ => 1,
        }
    }

    /// Order arguments (and the GNU compare-exchange's `weak` flag before
    /// them).
    fn orders(self) -> usize {
        match (self.form, self.op) {
            (AtomicForm::Sync, _) | (_, AtomicOp::Init) => 0,
            (_, AtomicOp::CompareExchangeStrong | AtomicOp::CompareExchangeWeak) => 2,
            _ => 1,
        }
    }

    fn weak_flag(self) -> bool {
        self.form == AtomicForm::Gnu && self.op.is_compare_exchange()
    }

    fn scope(self) -> bool {
        self.form == AtomicForm::ClangOpenCl && self.op != AtomicOp::Init
    }

    fn arity(self) -> usize {
        1 + self.operands()
            + usize::from(self.weak_flag())
            + self.orders()
            + usize::from(self.scope())
    }
}

fn operation(lw: &mut Lowerer<'_>, call: &Call<'_>, shape: Shape) -> ExprId {
    let arity = shape.arity();
    let count = call.args.len();
    // `__sync_*` takes (and clang ignores) any further arguments.
    if count < arity || (count > arity && shape.form != AtomicForm::Sync) {
        let expected = if shape.form == AtomicForm::Sync {
            format!("at least {arity}")
        } else {
            arity.to_string()
        };
        return wrong_count(lw, call, &expected);
    }
    let values: Vec<ExprId> = call.args.iter().map(|a| lw.rvalue_expr(a)).collect();
    if values.iter().any(|&v| lw.is_poison(v)) {
        return lw.poison(call.span);
    }
    let Some((mut pointer, pointee)) =
        pointer_arg(lw, call, values[0], "a pointer to an atomic object")
    else {
        return lw.poison(call.span);
    };
    let Some(mut value_ty) = value_type(lw, call, shape, pointer, pointee) else {
        return lw.poison(call.span);
    };
    // `__sync_fetch_and_umin` on a signed object: the object as unsigned.
    let mut signed_result = None;
    if shape.unsigned {
        if let Type::Int { bits, signed: true } = lw.ty(value_ty) {
            let unsigned = lw.int_type(bits, false);
            if let Type::Pointer { space, quals, .. } = lw.type_of(pointer) {
                let target = lw.pointer_to(unsigned, space, quals);
                let span = lw.span_of(pointer);
                pointer = lw.convert_pointer(pointer, target, span, true);
            }
            signed_result = Some(value_ty);
            value_ty = unsigned;
        }
    }
    let mut operands = Vec::with_capacity(shape.operands() + 1);
    let mut result_pointer = None;
    for (i, &value) in values.iter().enumerate().skip(1).take(shape.operands()) {
        let span = call.args.get(i).map_or(call.span, |a| a.span);
        let operand = if shape.op.is_compare_exchange() && i == 1 {
            expected_pointer(lw, call, value, value_ty)
        } else if shape.by_reference {
            // The value (or, last, the result) through a pointer.
            let Some(target) = referenced(lw, call, value, value_ty) else {
                return lw.poison(call.span);
            };
            let is_result =
                matches!(shape.op, AtomicOp::Load) || (shape.op == AtomicOp::Exchange && i == 2);
            if is_result {
                result_pointer = Some(target);
                continue;
            }
            lw.push(ExprKind::Load(target), value_ty, span)
        } else {
            lw.convert_for_assignment(value, value_ty, "passing", span)
        };
        if lw.is_poison(operand) {
            return operand;
        }
        operands.push(operand);
    }
    let mut next = 1 + shape.operands();
    let mut op = shape.op;
    if shape.weak_flag() {
        // A constant `weak` chooses the operation; otherwise the strong
        // one, which a weak compare-exchange may always be, with the flag
        // still evaluated.
        let weak = values[next];
        match lw.fold_int(weak) {
            Some(0) => {}
            Some(_) => op = AtomicOp::CompareExchangeWeak,
            None => operands.push(weak),
        }
        next += 1;
    }
    let int = lw.int_ty();
    let mut args: Vec<MemArg> = Vec::new();
    let count = shape.orders() + usize::from(shape.scope());
    for (i, &value) in values.iter().enumerate().skip(next).take(count) {
        let span = call.args.get(i).map_or(call.span, |a| a.span);
        let is_order = i < next + shape.orders();
        let what = if is_order {
            "a memory order"
        } else {
            "a memory scope"
        };
        let Some(mut arg) = mem_arg(lw, value, span, int, what, call) else {
            return lw.poison(call.span);
        };
        if is_order && arg.value == Some(CONSUME) {
            arg.value = Some(MemoryOrder::Acquire.value());
        }
        args.push(arg);
    }
    let mut args = args.into_iter();
    let mut order = if shape.orders() > 0 {
        args.next()
    } else {
        None
    };
    let failure = if shape.orders() > 1 {
        args.next()
    } else {
        None
    };
    let scope = args.next();
    if shape.form == AtomicForm::Sync && shape.op == AtomicOp::Store {
        // `__sync_lock_release(p)`: a release store of 0.
        let zero = lw.int_literal(0, value_ty, call.name_span);
        operands.push(zero);
        let release = lw.int_literal(MemoryOrder::Release.value(), int, call.name_span);
        order = Some(MemArg {
            expr: release,
            value: Some(MemoryOrder::Release.value()),
            span: call.name_span,
        });
    }
    let result = match (op, shape.returns) {
        (_, AtomicReturn::Exchanged) => lw.bool_ty(),
        (AtomicOp::Init | AtomicOp::Store | AtomicOp::FlagClear, _) => lw.void_ty(),
        (AtomicOp::CompareExchangeStrong | AtomicOp::CompareExchangeWeak, _)
        | (AtomicOp::FlagTestAndSet, _) => lw.bool_ty(),
        _ => value_ty,
    };
    let atomic = push_atomic(
        lw,
        call,
        Operation {
            op,
            form: shape.form,
            pointer,
            operands,
            order,
            failure,
            scope,
            result,
            returns: shape.returns,
        },
    );
    if let Some(target) = result_pointer {
        return lw.push(
            ExprKind::Store {
                pointer: target,
                value: atomic,
            },
            value_ty,
            call.span,
        );
    }
    match signed_result {
        Some(signed) => lw.convert_arith(atomic, signed),
        None => atomic,
    }
}

/// `__ATOMIC_CONSUME`.
const CONSUME: i64 = 1;

/// The type the operation works on, after checking the object's type as
/// clang does; `None` when reported.
fn value_type(
    lw: &mut Lowerer<'_>,
    call: &Call<'_>,
    shape: Shape,
    pointer: ExprId,
    pointee: TypeId,
) -> Option<TypeId> {
    let object = lw.ty(pointee);
    let inner = match object {
        Type::Atomic(inner) => inner,
        Type::AtomicFlag => lw.int_ty(),
        _ => pointee,
    };
    let ty = lw.ty(inner);
    let flag = matches!(shape.op, AtomicOp::FlagTestAndSet | AtomicOp::FlagClear);
    let ok = if flag {
        // SPIR-V's flag instructions work on 32-bit integers.
        matches!(ty, Type::Int { bits: 32, .. })
    } else {
        match shape.op {
            AtomicOp::FetchAnd | AtomicOp::FetchOr | AtomicOp::FetchXor | AtomicOp::FetchNand => {
                ty.is_integer_like()
            }
            AtomicOp::FetchMin | AtomicOp::FetchMax => {
                ty.is_integer_like() && !matches!(ty, Type::Bool)
            }
            // clang 15 has floating add and sub for the C11 and OpenCL
            // families only.
            AtomicOp::FetchAdd | AtomicOp::FetchSub => {
                ty.is_integer_like()
                    || (ty.is_arithmetic()
                        && matches!(shape.form, AtomicForm::ClangC11 | AtomicForm::ClangOpenCl))
            }
            _ => ty.is_arithmetic() || ty.is_pointer(),
        }
    };
    if !ok {
        let expected = if flag {
            "a pointer to a 32-bit integer or `atomic_flag`"
        } else {
            match shape.op {
                AtomicOp::FetchAdd | AtomicOp::FetchSub
                    if matches!(shape.form, AtomicForm::ClangC11 | AtomicForm::ClangOpenCl) =>
                {
                    "a pointer to an atomic integer or floating-point object"
                }
                AtomicOp::FetchAdd
                | AtomicOp::FetchSub
                | AtomicOp::FetchAnd
                | AtomicOp::FetchOr
                | AtomicOp::FetchXor
                | AtomicOp::FetchNand
                | AtomicOp::FetchMin
                | AtomicOp::FetchMax => "a pointer to an integer object",
                _ => "a pointer to an integer, floating-point or pointer object",
            }
        };
        wrong_type(lw, call, pointer, expected);
        return None;
    }
    // Half-precision objects have no compare-exchange (as for
    // `atomic_half`).
    if (shape.op.is_compare_exchange() || shape.op == AtomicOp::LegacyCmpxchg)
        && ty == (Type::Float { bits: 16 })
    {
        wrong_type(
            lw,
            call,
            pointer,
            "a pointer to an object with a compare-exchange",
        );
        return None;
    }
    Some(inner)
}

/// A pointer to `value_ty` (any address space) for the generic GNU forms.
fn referenced(
    lw: &mut Lowerer<'_>,
    call: &Call<'_>,
    value: ExprId,
    value_ty: TypeId,
) -> Option<ExprId> {
    match lw.type_of(value) {
        Type::Pointer { pointee, .. } if pointee == value_ty => Some(value),
        _ => {
            let name = lw.type_name(value_ty);
            wrong_type(lw, call, value, &format!("a pointer to `{name}`"));
            None
        }
    }
}

/// `__atomic_thread_fence(order)`, `__c11_atomic_thread_fence(order)`,
/// `__sync_synchronize()` and the signal fences: a [`FenceCall`] on
/// global and local memory with the order (seq_cst for `__sync`) and no
/// scope argument (device scope).
fn fence(lw: &mut Lowerer<'_>, call: &Call<'_>, kind: FenceKind, form: AtomicForm) -> ExprId {
    let arity = usize::from(form != AtomicForm::Sync);
    if call.args.len() != arity {
        return wrong_count(lw, call, &arity.to_string());
    }
    let int = lw.int_ty();
    let order = match call.args.first() {
        Some(arg) => {
            let value = lw.rvalue_expr(arg);
            let Some(mut order) = mem_arg(lw, value, arg.span, int, "a memory order", call) else {
                return lw.poison(call.span);
            };
            if order.value == Some(CONSUME) {
                order.value = Some(MemoryOrder::Acquire.value());
            }
            order
        }
        None => synthesized(lw, MemoryOrder::SeqCst.value(), int, call.name_span),
    };
    let uint = lw.uint_ty();
    let flags = synthesized(lw, FENCE_LOCAL | FENCE_GLOBAL, uint, call.name_span);
    let void = lw.void_ty();
    lw.push(
        ExprKind::Fence(Box::new(FenceCall {
            kind,
            name_span: call.name_span,
            flags,
            order: Some(order),
            scope: None,
        })),
        void,
        call.span,
    )
}

/// A constant argument oclc supplies (spanning the function name).
fn synthesized(lw: &mut Lowerer<'_>, value: i64, ty: TypeId, span: Span) -> MemArg {
    let expr = lw.int_literal(value, ty, span);
    MemArg {
        expr,
        value: Some(value),
        span,
    }
}

/// The lock-free queries: `true` for the sizes oclc has atomics of (1, 2,
/// 4 and 8 bytes), `false` otherwise; the size must be a constant, the
/// pointer (if any) is evaluated.
fn lock_free(lw: &mut Lowerer<'_>, call: &Call<'_>, form: AtomicForm) -> ExprId {
    let arity = if form == AtomicForm::Gnu { 2 } else { 1 };
    if call.args.len() != arity {
        return wrong_count(lw, call, &arity.to_string());
    }
    let values: Vec<ExprId> = call.args.iter().map(|a| lw.rvalue_expr(a)).collect();
    if values.iter().any(|&v| lw.is_poison(v)) {
        return lw.poison(call.span);
    }
    let Some(size) = lw.fold_int(values[0]) else {
        return wrong_type(lw, call, values[0], "a constant size");
    };
    let bool_ty = lw.bool_ty();
    let answer = lw.push(
        ExprKind::Literal(Literal::Bool(matches!(size, 1 | 2 | 4 | 8))),
        bool_ty,
        call.span,
    );
    match values.get(1) {
        Some(&pointer) if !lw.type_of(pointer).is_pointer() && lw.fold_int(pointer).is_none() => {
            wrong_type(lw, call, pointer, "a pointer")
        }
        Some(&pointer) => lw.push(ExprKind::Comma(pointer, answer), bool_ty, call.span),
        None => answer,
    }
}
