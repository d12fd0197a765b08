//! Helpers shared by the rules: the call-site views handed to each rule,
//! order and scope spelling, spec citations and the common diagnostic
//! shapes ("this argument may not be X here; use Y").

use super::walk::StatementFacts;
use crate::Context;
use oclc_diagnostics::{Code, Diagnostic, Span};
use oclc_ir::{
    AddressSpace, AtomicCall, Expr, ExprId, FenceCall, Function, MemArg, MemoryOrder, MemoryScope,
    Module, Quals, Spelling, Type, TypeId,
};

pub(crate) use crate::spec::{section, see};

/// The pointer an atomic operation works on, resolved from its type.
#[derive(Clone, Copy, Debug)]
pub(super) struct PointerInfo {
    /// The pointee's address space.
    pub space: AddressSpace,
    /// The pointee type.
    pub pointee: TypeId,
    /// The pointee's qualifiers.
    pub quals: Quals,
    /// The pointer argument as written.
    pub span: Span,
}

impl PointerInfo {
    /// The pointer type of `expr`, if it is a pointer.
    pub fn of(module: &Module, expr: &Expr) -> Option<PointerInfo> {
        match module.types.get(expr.ty) {
            Type::Pointer {
                pointee,
                space,
                quals,
            } => Some(PointerInfo {
                space,
                pointee,
                quals,
                span: expr.span,
            }),
            _ => None,
        }
    }
}

/// Everything a rule may look at for one atomic call.
#[derive(Clone, Copy)]
pub(super) struct AtomicSite<'a> {
    /// Target, preprocessor output and sources.
    pub cx: &'a Context<'a>,
    /// The module (types).
    pub module: &'a Module,
    /// The function containing the call.
    pub function: &'a Function,
    /// Loop nesting and discarded results.
    pub facts: &'a StatementFacts<'a>,
    /// The call expression.
    pub id: ExprId,
    /// The call.
    pub call: &'a AtomicCall,
    /// The object pointer, when its type is a pointer.
    pub pointer: Option<PointerInfo>,
}

impl AtomicSite<'_> {
    /// The function name as written (`atomic_store_explicit`).
    pub fn name(&self) -> &str {
        spelled(self.cx, self.call.name_span, self.call.op.base_name())
    }

    /// How the call's family spells orders and scopes.
    pub fn spelling(&self) -> Spelling {
        self.call.form.spelling()
    }

    /// The constant success/only order, if written and valid.
    pub fn order(&self) -> Option<MemoryOrder> {
        self.call.order.as_ref().and_then(order_value)
    }

    /// The pointee type, if the pointer's type is known.
    pub fn pointee(&self) -> Option<Type> {
        self.pointer.map(|p| self.module.types.get(p.pointee))
    }

    /// The value type the operation works on: the atomic's inner type, or
    /// the pointee itself for legacy and ill-typed calls.
    pub fn value_type(&self) -> Option<Type> {
        match self.pointee()? {
            Type::Atomic(inner) => Some(self.module.types.get(inner)),
            other => Some(other),
        }
    }
}

/// Everything a rule may look at for one fence or barrier call.
#[derive(Clone, Copy)]
pub(super) struct FenceSite<'a> {
    /// Target, preprocessor output and sources.
    pub cx: &'a Context<'a>,
    /// The call.
    pub call: &'a FenceCall,
}

impl FenceSite<'_> {
    /// How the fence's family spells orders and scopes.
    pub fn spelling(&self) -> Spelling {
        self.call.kind.spelling()
    }

    /// The function name as written.
    pub fn name(&self) -> &str {
        spelled(self.cx, self.call.name_span, self.call.kind.name())
    }

    /// The constant flags, if they are a valid combination.
    pub fn flags(&self) -> Option<i64> {
        self.call.flags.value.filter(|f| valid_fence_flags(*f))
    }
}

/// What an order, scope or flags argument is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ArgRole {
    /// The (success) order.
    Order,
    /// A compare-exchange's failure order.
    FailureOrder,
    /// The memory scope.
    Scope,
    /// `cl_mem_fence_flags`.
    Flags,
}

impl ArgRole {
    /// The argument as a noun phrase ("memory order argument").
    pub fn describe(self) -> &'static str {
        match self {
            ArgRole::Order => "memory order argument",
            ArgRole::FailureOrder => "failure memory order argument",
            ArgRole::Scope => "memory scope argument",
            ArgRole::Flags => "fence flags argument",
        }
    }
}

/// The written order, failure order and scope arguments of an atomic call.
pub(super) fn atomic_args(call: &AtomicCall) -> impl Iterator<Item = (ArgRole, &MemArg)> {
    [
        (ArgRole::Order, call.order.as_ref()),
        (ArgRole::FailureOrder, call.failure.as_ref()),
        (ArgRole::Scope, call.scope.as_ref()),
    ]
    .into_iter()
    .filter_map(|(role, arg)| Some((role, arg?)))
}

/// The flags, order and scope arguments of a fence or barrier.
pub(super) fn fence_args(call: &FenceCall) -> impl Iterator<Item = (ArgRole, &MemArg)> {
    [
        (ArgRole::Flags, Some(&call.flags)),
        (ArgRole::Order, call.order.as_ref()),
        (ArgRole::Scope, call.scope.as_ref()),
    ]
    .into_iter()
    .filter_map(|(role, arg)| Some((role, arg?)))
}

/// The text of `span`, or `fallback` when the span is empty or unreadable.
pub(super) fn spelled<'a>(cx: &'a Context<'_>, span: Span, fallback: &'a str) -> &'a str {
    let text = cx.sources.snippet(span);
    if text.is_empty() {
        fallback
    } else {
        text
    }
}

/// The order an argument names, when constant and valid.
pub(super) fn order_value(arg: &MemArg) -> Option<MemoryOrder> {
    arg.value.and_then(MemoryOrder::from_value)
}

/// The scope an argument names, when constant and valid.
pub(super) fn scope_value(arg: &MemArg) -> Option<MemoryScope> {
    arg.value.and_then(MemoryScope::from_value)
}

/// Whether `flags` uses only `CLK_LOCAL_MEM_FENCE`, `CLK_GLOBAL_MEM_FENCE`
/// and `CLK_IMAGE_MEM_FENCE` bits ([`oclc_ir::FENCE_ALL`]).
pub(super) fn valid_fence_flags(flags: i64) -> bool {
    flags & !oclc_ir::FENCE_ALL == 0
}

/// "`a`, `b` or `c`".
pub(super) fn list<'a>(names: impl IntoIterator<Item = &'a str>) -> String {
    let quoted: Vec<String> = names.into_iter().map(|n| format!("`{n}`")).collect();
    match quoted.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// "`memory_order_relaxed`, `memory_order_release` or `memory_order_seq_cst`"
/// (in `spelling`).
pub(super) fn list_orders(orders: &[MemoryOrder], spelling: Spelling) -> String {
    list(orders.iter().map(|o| o.spelled(spelling)))
}

/// The failure orders a compare-exchange may use with `success` (the
/// rule is stated once, on [`MemoryOrder`]).
pub(super) fn allowed_failure_orders(success: MemoryOrder) -> &'static [MemoryOrder] {
    success.allowed_failure_orders()
}

/// The strongest failure order allowed with `success`.
pub(super) fn strongest_failure_order(success: MemoryOrder) -> MemoryOrder {
    success.strongest_failure_order()
}

/// An order argument that an operation forbids: "atomic store cannot have
/// `memory_order_acquire` ordering", with the allowed orders (those of
/// [`oclc_ir::AtomicOp::allowed_orders`]; every other order is forbidden),
/// the spec section and a fix to `replacement`.
pub(super) struct ForbiddenOrder<'a> {
    /// The code to report.
    pub code: &'static Code,
    /// The operation as a noun phrase ("atomic store").
    pub operation: &'a str,
    /// The orders the operation accepts.
    pub allowed: &'static [MemoryOrder],
    /// What to suggest instead of each forbidden order.
    pub replacement: fn(MemoryOrder) -> MemoryOrder,
    /// The spec section.
    pub section: &'a str,
    /// How the call's family spells orders.
    pub spelling: Spelling,
}

impl ForbiddenOrder<'_> {
    /// Reports `arg` if it names a forbidden order.
    pub fn check(&self, arg: Option<&MemArg>, out: &mut Vec<Diagnostic>) {
        let Some(arg) = arg else { return };
        let Some(order) = order_value(arg) else {
            return;
        };
        if self.allowed.contains(&order) {
            return;
        }
        let replacement = (self.replacement)(order).spelled(self.spelling);
        out.push(
            Diagnostic::new(
                self.code,
                format!(
                    "{} cannot have `{}` ordering",
                    self.operation,
                    order.spelled(self.spelling)
                ),
            )
            .with_primary(arg.span, format!("invalid ordering for {}", self.operation))
            .with_note(format!(
                "the orders allowed for {} are {}",
                self.operation,
                list_orders(self.allowed, self.spelling)
            ))
            .with_note(see(self.section))
            // One valid order among several: a choice, not a certainty.
            .with_suggestion(format!("use `{replacement}`"), arg.span, replacement),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_read_like_english() {
        assert_eq!(list([]), "");
        assert_eq!(list(["a"]), "`a`");
        assert_eq!(list(["a", "b"]), "`a` or `b`");
        assert_eq!(list(["a", "b", "c"]), "`a`, `b` or `c`");
    }

    #[test]
    fn fence_flag_validity() {
        for flags in 0..8 {
            assert!(valid_fence_flags(flags));
        }
        assert!(!valid_fence_flags(8));
        assert!(!valid_fence_flags(-1));
    }
}
