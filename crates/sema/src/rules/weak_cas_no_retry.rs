//! W0405 `weak-cas-no-retry`: a weak compare-exchange that is not retried.
//!
//! **What it does.** Reports `atomic_compare_exchange_weak(_explicit)` whose
//! result is discarded (the call is an expression statement) or that is not
//! lexically inside a loop (its body, condition or step). A `goto` back to
//! an earlier label counts as a loop around the whole function. In a
//! helper function that returns a value, a weak compare-exchange whose
//! result is used is taken to report to a caller that retries (the
//! `try_lock` idiom) and is not reported.
//!
//! **Why is this bad?** A weak compare-exchange may fail spuriously: it can
//! return false and leave the object unchanged even though the object held
//! the expected value. It is only correct in a loop that retries until the
//! exchange succeeds and tests its result; a single attempt needs the
//! strong form, which fails only when the values differ.
//!
//! **Example.**
//! ```c
//! kernel void once(global atomic_int *owner, int me) {
//!     int expected = 0;
//!     atomic_compare_exchange_weak(owner, &expected, me);      // warning[W0405]
//!     atomic_compare_exchange_strong(owner, &expected, me);    // ok
//!     expected = atomic_load(owner);
//!     while (!atomic_compare_exchange_weak(owner, &expected, expected + 1)) {}  // ok
//! }
//! ```
//!
//! **How to fix.** Retry the call in a loop that tests its result, or use
//! `atomic_compare_exchange_strong`. The suggested fix replaces `weak` by
//! `strong` in the function name, which keeps the arguments and never
//! introduces a spurious failure.
//!
//! **Spec.** OpenCL C 3.0 §6.15.12.7.4 (The atomic_compare_exchange
//! Functions), which allows the weak forms to fail spuriously.

use super::support::{section, see, AtomicSite};
use oclc_diagnostics::{Code, Diagnostic, Level};
use oclc_ir::{AtomicForm, AtomicOp, Type};

/// W0405.
pub static CODE: Code = Code {
    id: "W0405",
    name: "weak-cas-no-retry",
    default_level: Level::Warn,
    summary: "a weak compare-exchange may fail spuriously and must be retried in a loop",
    spec: Some("OpenCL C 3.0 §6.15.12.7.4"),
    explanation: rule_doc!("weak_cas_no_retry"),
};

/// Whether the call is in a helper that returns a value (not a kernel,
/// not `void`), whose caller can retry.
fn reports_to_caller(site: &AtomicSite<'_>) -> bool {
    site.function.kernel.is_none() && site.module.types.get(site.function.ret) != Type::Void
}

/// Reports a weak compare-exchange that is discarded or not in a loop.
pub(super) fn check(site: &AtomicSite<'_>, out: &mut Vec<Diagnostic>) {
    if site.call.op != AtomicOp::CompareExchangeWeak {
        return;
    }
    let name = site.name();
    let (message, label) = if site.facts.discarded(site.id) {
        (
            format!("result of `{name}` is ignored"),
            "may fail spuriously, and nothing checks whether it did",
        )
    } else if !site.facts.in_loop(site.id) && !reports_to_caller(site) {
        (
            format!("`{name}` is not retried in a loop"),
            "may fail spuriously, and nothing retries it",
        )
    } else {
        return;
    };
    let diagnostic = Diagnostic::new(&CODE, message)
        .with_primary(site.call.name_span, label)
        .with_note("a weak compare-exchange may fail even when the values are equal")
        .with_note(see(section::COMPARE_EXCHANGE));
    let strong = name.replacen("_weak", "_strong", 1);
    // GNU `__atomic_compare_exchange(_n)` chooses by its `weak` argument.
    let weak_flag = (site.call.form == AtomicForm::Gnu)
        .then(|| site.call.arg_spans.get(3).copied())
        .flatten();
    out.push(if let Some(weak) = weak_flag {
        diagnostic.with_fix(
            "pass `false` as the `weak` argument: a strong compare-exchange fails only when the values differ",
            weak,
            "false",
        )
    } else if strong != name {
        diagnostic.with_fix(
            format!("use `{strong}`, which fails only when the values differ"),
            site.call.name_span,
            strong,
        )
    } else {
        diagnostic.with_help("use `atomic_compare_exchange_strong`, or retry in a loop")
    });
}
