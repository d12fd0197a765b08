//! Atomic functions: C11-style (`atomic_fetch_add`, `_explicit` forms with
//! orders and an optional scope), OpenCL 1.x `atomic_*` and extension
//! `atom_*` functions, lowered to [`AtomicCall`].
//!
//! Contract with the rules ([`crate::rules`]): a pointer to a non-atomic
//! object, to `constant` memory or to a `const` atomic still produces an
//! `AtomicCall` (the rules report it); so do invalid or unavailable order
//! and scope values. This module reports only what makes the call
//! meaningless: a wrong argument count, a first argument that is not a
//! pointer, or operands that cannot be converted to the value type.
//!
//! Operands are converted to the value type `T` of the atomic object. The
//! IR cannot tell `atomic_uintptr_t` from `atomic_ulong` (both are
//! `Atomic(ulong)` on 64-bit targets), so the `ptrdiff_t` operand C gives
//! `atomic_fetch_add` on the pointer-sized types is converted to `T` as
//! well; the bits are the same.

use oclc_ir::{
    AddressSpace, AtomicCall, AtomicForm, AtomicOp, AtomicReturn, Elems, ExprId, ExprKind, Family,
    Lens, MemArg, Quals, Slot, Type, TypeId,
};

use super::overload::{self, Failure};
use super::{mem_arg, wrong_count, wrong_type, Call};
use crate::lower::{Lowerer, TypeClass};

/// Lowers a call of an atomic function.
pub(super) fn lower(
    lw: &mut Lowerer<'_>,
    call: &Call<'_>,
    op: AtomicOp,
    form: AtomicForm,
) -> ExprId {
    if op.is_legacy() {
        legacy(lw, call, op, form)
    } else {
        c11(lw, call, op, form == AtomicForm::Explicit)
    }
}

/// Number of value operands after the pointer.
fn operand_count(op: AtomicOp) -> usize {
    match op {
        AtomicOp::Load | AtomicOp::FlagTestAndSet | AtomicOp::FlagClear => 0,
        AtomicOp::LegacyInc | AtomicOp::LegacyDec => 0,
        AtomicOp::CompareExchangeStrong
        | AtomicOp::CompareExchangeWeak
        | AtomicOp::LegacyCmpxchg => 2,
        _ => 1,
    }
}

fn is_flag_op(op: AtomicOp) -> bool {
    matches!(op, AtomicOp::FlagTestAndSet | AtomicOp::FlagClear)
}

/// The pointer argument: an rvalue of pointer type, or an error.
pub(super) fn pointer_arg(
    lw: &mut Lowerer<'_>,
    call: &Call<'_>,
    value: ExprId,
    expected: &str,
) -> Option<(ExprId, TypeId)> {
    if lw.is_poison(value) {
        return None;
    }
    match lw.type_of(value) {
        Type::Pointer { pointee, .. } => Some((value, pointee)),
        _ => {
            wrong_type(lw, call, value, expected);
            None
        }
    }
}

fn c11(lw: &mut Lowerer<'_>, call: &Call<'_>, op: AtomicOp, explicit: bool) -> ExprId {
    let operands = operand_count(op);
    let orders = match (explicit, op.is_compare_exchange()) {
        (false, _) => 0,
        (true, false) => 1,
        (true, true) => 2,
    };
    let base = 1 + operands + orders;
    let count = call.args.len();
    if count != base && !(explicit && count == base + 1) {
        let expected = if explicit {
            format!("{base} or {}", base + 1)
        } else {
            base.to_string()
        };
        return wrong_count(lw, call, &expected);
    }
    let values: Vec<ExprId> = call.args.iter().map(|a| lw.rvalue_expr(a)).collect();
    if values.iter().any(|&v| lw.is_poison(v)) {
        return lw.poison(call.span);
    }
    let expected = if is_flag_op(op) {
        "a pointer to `atomic_flag`"
    } else {
        "a pointer to an atomic object"
    };
    let Some((pointer, pointee)) = pointer_arg(lw, call, values[0], expected) else {
        return lw.poison(call.span);
    };
    // The value type: `T` of `Atomic(T)`; for a non-atomic pointee (which
    // the rules report), the pointee itself.
    let value_ty = match lw.ty(pointee) {
        _ if is_flag_op(op) => None,
        Type::Atomic(inner) => Some(inner),
        Type::AtomicFlag => Some(lw.int_ty()),
        t if t.is_arithmetic() || t.is_pointer() => Some(pointee),
        _ => return wrong_type(lw, call, pointer, "a pointer to an atomic object"),
    };
    if let Some(t) = value_ty {
        let integer_only = matches!(
            op,
            AtomicOp::FetchOr | AtomicOp::FetchXor | AtomicOp::FetchAnd
        );
        let arithmetic = matches!(
            op,
            AtomicOp::FetchAdd | AtomicOp::FetchSub | AtomicOp::FetchMin | AtomicOp::FetchMax
        );
        let ty = lw.ty(t);
        if (integer_only && !ty.is_integer_like()) || (arithmetic && !ty.is_arithmetic()) {
            return wrong_type(lw, call, pointer, "a pointer to an atomic integer (or, for add, sub, min and max, floating-point) object");
        }
        // `cl_ext_float_atomics` gives `atomic_half` load, store, exchange
        // and fetch-and-modify, but no compare-exchange (SPIR-V compares
        // integers only, and no 16-bit integer atomics are assumed).
        if op.is_compare_exchange() && ty == (Type::Float { bits: 16 }) {
            return wrong_type(
                lw,
                call,
                pointer,
                "a pointer to an atomic object with a compare-exchange (`atomic_half` has none)",
            );
        }
    }
    let mut converted = Vec::with_capacity(operands);
    for (i, &value) in values.iter().enumerate().skip(1).take(operands) {
        let Some(t) = value_ty else { break };
        let span = call.args.get(i).map_or(call.span, |a| a.span);
        let operand = if op.is_compare_exchange() && i == 1 {
            expected_pointer(lw, call, value, t)
        } else {
            lw.convert_for_assignment(value, t, "passing", span)
        };
        if lw.is_poison(operand) {
            return operand;
        }
        converted.push(operand);
    }
    let int = lw.int_ty();
    let mut mem_args: Vec<MemArg> = Vec::new();
    for (i, &value) in values.iter().enumerate().skip(1 + operands) {
        let span = call.args.get(i).map_or(call.span, |a| a.span);
        let what = if i < base {
            "a `memory_order`"
        } else {
            "a `memory_scope`"
        };
        match mem_arg(lw, value, span, int, what, call) {
            Some(m) => mem_args.push(m),
            None => return lw.poison(call.span),
        }
    }
    let mut mem_args = mem_args.into_iter();
    let order = if explicit { mem_args.next() } else { None };
    let failure = if explicit && op.is_compare_exchange() {
        mem_args.next()
    } else {
        None
    };
    let scope = mem_args.next();
    let form = match (explicit, scope.is_some()) {
        (false, _) => AtomicForm::Plain,
        (true, false) => AtomicForm::Explicit,
        (true, true) => AtomicForm::ExplicitScope,
    };
    let result = match op {
        AtomicOp::Init | AtomicOp::Store | AtomicOp::FlagClear => lw.void_ty(),
        AtomicOp::CompareExchangeStrong
        | AtomicOp::CompareExchangeWeak
        | AtomicOp::FlagTestAndSet => lw.bool_ty(),
        _ => value_ty.unwrap_or(int),
    };
    push_atomic(
        lw,
        call,
        Operation {
            op,
            form,
            pointer,
            operands: converted,
            order,
            failure,
            scope,
            result,
            returns: AtomicReturn::Natural,
        },
    )
}

/// The `expected` pointer of a compare-exchange: a pointer to the value
/// type in any address space, kept as written.
pub(super) fn expected_pointer(
    lw: &mut Lowerer<'_>,
    call: &Call<'_>,
    value: ExprId,
    value_ty: TypeId,
) -> ExprId {
    match lw.type_of(value) {
        Type::Pointer { pointee, .. } if pointee == value_ty => value,
        _ => {
            let name = lw.type_name(value_ty);
            wrong_type(
                lw,
                call,
                value,
                &format!("a pointer to `{name}` for the expected value"),
            )
        }
    }
}

/// An atomic call ready to be pushed.
pub(super) struct Operation {
    pub op: AtomicOp,
    pub form: AtomicForm,
    pub pointer: ExprId,
    pub operands: Vec<ExprId>,
    pub order: Option<MemArg>,
    pub failure: Option<MemArg>,
    pub scope: Option<MemArg>,
    /// The call's IR type.
    pub result: TypeId,
    pub returns: AtomicReturn,
}

/// Pushes the [`AtomicCall`] of `call`.
pub(super) fn push_atomic(lw: &mut Lowerer<'_>, call: &Call<'_>, operation: Operation) -> ExprId {
    let Operation {
        op,
        form,
        pointer,
        operands,
        order,
        failure,
        scope,
        result,
        returns,
    } = operation;
    lw.push(
        ExprKind::Atomic(Box::new(AtomicCall {
            op,
            form,
            name_span: call.name_span,
            pointer,
            operands,
            order,
            failure,
            scope,
            arg_spans: call.args.iter().map(|a| a.unparenthesized().span).collect(),
            returns,
        })),
        result,
        call.span,
    )
}

fn legacy(lw: &mut Lowerer<'_>, call: &Call<'_>, op: AtomicOp, form: AtomicForm) -> ExprId {
    let operands = operand_count(op);
    if call.args.len() != 1 + operands {
        return wrong_count(lw, call, &(1 + operands).to_string());
    }
    let values: Vec<ExprId> = call.args.iter().map(|a| lw.rvalue_expr(a)).collect();
    if values.iter().any(|&v| lw.is_poison(v)) {
        return lw.poison(call.span);
    }
    let wide = form == AtomicForm::LegacyAtom;
    let elems = match (op, wide) {
        (AtomicOp::LegacyXchg, false) => Elems::Int32Float,
        (_, false) => Elems::Int32,
        (_, true) => Elems::Int3264,
    };
    // `T f(volatile T *p, T...)`: resolved as clang resolves it, so that a
    // pointer to another type (an `atomic_int *`, say) converts with a
    // warning to the overload the operands pick.
    let pointee = match overload::resolve_in(lw, legacy_families(elems, operands), &values) {
        Ok(chosen) => chosen.operand(lw, Slot::PtrG).0,
        Err(Failure::Ambiguous(tied)) => {
            return overload::report_ambiguous(lw, call, &values, &tied)
        }
        // A pointer to `constant` memory matches no overload; the rules
        // report it (E0412) when it points to a type that one takes.
        Err(Failure::NoMatch) => match lw.type_of(values[0]) {
            Type::Pointer {
                pointee,
                space: AddressSpace::Constant,
                ..
            } if overload::elements(elems).contains(&lw.ty(pointee))
                && values[1..].iter().all(|&v| lw.type_of(v).is_arithmetic()) =>
            {
                pointee
            }
            _ => {
                let expected = match elems {
                    Elems::Int32Float => "a pointer to `int`, `uint` or `float`",
                    Elems::Int32 => "a pointer to `int` or `uint`",
                    _ => "a pointer to `int`, `uint`, `long` or `ulong`",
                };
                let blame = match lw.type_of(values[0]) {
                    Type::Pointer { .. } => values[1..]
                        .iter()
                        .copied()
                        .find(|&v| !lw.type_of(v).is_arithmetic()),
                    _ => None,
                };
                return match blame {
                    Some(value) => wrong_type(lw, call, value, "an integer or floating scalar"),
                    None => wrong_type(lw, call, values[0], expected),
                };
            }
        },
    };
    let pointer = match lw.type_of(values[0]) {
        Type::Pointer {
            pointee: p,
            space,
            quals,
        } if p != pointee || quals.const_ => {
            let quals = Quals {
                const_: false,
                ..quals
            };
            let target = lw.pointer_to(pointee, space, quals);
            let span = lw.span_of(values[0]);
            lw.convert_pointer(values[0], target, span, false)
        }
        _ => values[0],
    };
    let mut converted = Vec::with_capacity(operands);
    for &value in &values[1..] {
        converted.push(lw.convert_arith(value, pointee));
    }
    push_atomic(
        lw,
        call,
        Operation {
            op,
            form,
            pointer,
            operands: converted,
            order: None,
            failure: None,
            scope: None,
            result: pointee,
            returns: AtomicReturn::Natural,
        },
    )
}

/// The overloads of a legacy atomic function with `operands` values
/// after the pointer, over the element types `elems`.
fn legacy_families(elems: Elems, operands: usize) -> &'static [Family] {
    macro_rules! families {
        ($($elems:ident),*) => {
            match (elems, operands) {
                $(
                    (Elems::$elems, 0) => &[Family { elems: Elems::$elems, lens: Lens::One, params: &[Slot::PtrG], result: Slot::G }],
                    (Elems::$elems, 1) => &[Family { elems: Elems::$elems, lens: Lens::One, params: &[Slot::PtrG, Slot::G], result: Slot::G }],
                    (Elems::$elems, _) => &[Family { elems: Elems::$elems, lens: Lens::One, params: &[Slot::PtrG, Slot::G, Slot::G], result: Slot::G }],
                )*
                _ => &[],
            }
        };
    }
    families!(Int32, Int32Float, Int3264)
}
