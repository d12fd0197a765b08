//! E0401 `store-order`: an atomic store with acquire semantics.
//!
//! **What it does.** Reports `atomic_store_explicit` whose order argument
//! is `memory_order_acquire` or `memory_order_acq_rel`.
//!
//! **Why is this bad?** A store only writes; an acquire ordering constrains
//! what a *read* makes visible, so the specification forbids it on a store
//! and the behaviour of such a call is undefined.
//!
//! **Example.**
//! ```c
//! atomic_store_explicit(flag, 1, memory_order_acquire);   // error
//! atomic_store_explicit(flag, 1, memory_order_release);   // ok
//! ```
//!
//! **Spec.** OpenCL C 3.0 §6.15.12.7.1 (The atomic_store Functions).

use super::support::{section, AtomicSite, ForbiddenOrder};
use oclc_diagnostics::{Code, Diagnostic, Level};
use oclc_ir::{AtomicOp, MemoryOrder};

/// E0401.
pub static CODE: Code = Code {
    id: "E0401",
    name: "store-order",
    default_level: Level::Deny,
    configurable: false,
    summary: "an atomic store cannot have acquire or acq_rel ordering",
    spec: Some("OpenCL C 3.0 §6.15.12.7.1"),
    explanation: "\
An atomic store only writes memory, so it can publish data (`release`) but \
cannot acquire it. The order argument of `atomic_store_explicit` must not be \
`memory_order_acquire` or `memory_order_acq_rel`; only `memory_order_relaxed`, \
`memory_order_release` and `memory_order_seq_cst` are allowed.

```c
kernel void publish(global int *data, global atomic_int *ready) {
    data[0] = 42;
    atomic_store_explicit(ready, 1, memory_order_acquire);  // error[E0401]
    atomic_store_explicit(ready, 1, memory_order_release);  // ok
}
```

To make the store both order earlier writes and be ordered with later \
reads, use `memory_order_seq_cst` or an `atomic_exchange_explicit` with \
`memory_order_acq_rel`.

See OpenCL C 3.0 §6.15.12.7.1 (The atomic_store Functions).",
};

/// Reports a store with an acquire ordering.
pub(super) fn check(site: &AtomicSite<'_>, out: &mut Vec<Diagnostic>) {
    if site.call.op != AtomicOp::Store {
        return;
    }
    ForbiddenOrder {
        code: &CODE,
        operation: "atomic store",
        forbidden: &[MemoryOrder::Acquire, MemoryOrder::AcqRel],
        allowed: &[
            MemoryOrder::Relaxed,
            MemoryOrder::Release,
            MemoryOrder::SeqCst,
        ],
        replacement: |_| MemoryOrder::Release,
        section: section::STORE,
    }
    .check(site.call.order.as_ref(), out);
}
