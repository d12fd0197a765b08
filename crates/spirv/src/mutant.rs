//! Deliberate miscompilations of the Vulkan memory-model mapping, one at
//! a time, for the GPU litmus suite's compiler mutants
//! (scripts/gpu-litmus.sh): they show that the suite, on a given GPU,
//! would catch each of these bugs in oclc's own output.
//!
//! This module exists only with the `mutants` feature, which nothing
//! enables by default and no other crate's feature turns on: a normal
//! build contains none of it. Under the feature, the variable
//! `OCLC_SPIRV_MUTANT` picks the mutant (unset or unknown: none), read
//! once per process. Each hook takes what the correct mapping computed and
//! returns the broken value.

use std::sync::OnceLock;

use oclc_ir::MemoryOrder;

use crate::policy::{MAKE_AVAILABLE, MAKE_VISIBLE};
use oclc_target::Env;

/// One broken place of the mapping.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mutant {
    /// No `MakeAvailable`/`MakeVisible` on releases and acquires.
    NoAvailability,
    /// Plain storage-buffer and workgroup accesses lack `NonPrivatePointer`.
    NoNonPrivate,
    /// `memory_order_acquire` is emitted as relaxed.
    AcquireRelaxed,
    /// `memory_scope_device` is emitted as `Workgroup` instead of `QueueFamily`.
    WorkgroupScope,
    /// seq_cst loads and stores stay loads (acquire) and stores (release)
    /// instead of read-modify-writes.
    SeqCstPlain,
}

/// The names `OCLC_SPIRV_MUTANT` takes: one table.
pub(crate) const MUTANTS: [(&str, Mutant); 5] = [
    ("no-availability", Mutant::NoAvailability),
    ("no-nonprivate", Mutant::NoNonPrivate),
    ("acquire-relaxed", Mutant::AcquireRelaxed),
    ("workgroup-scope", Mutant::WorkgroupScope),
    ("seq-cst-plain", Mutant::SeqCstPlain),
];

/// The mutant this process compiles with.
pub(crate) fn active() -> Option<Mutant> {
    static ACTIVE: OnceLock<Option<Mutant>> = OnceLock::new();
    *ACTIVE.get_or_init(|| {
        let name = std::env::var("OCLC_SPIRV_MUTANT").ok()?;
        MUTANTS.iter().find(|(n, _)| *n == name).map(|&(_, m)| m)
    })
}

/// Order bits of `order` (correctly `bits`).
pub(crate) fn order_bits(env: Env, order: MemoryOrder, bits: u32) -> u32 {
    match active() {
        Some(Mutant::NoAvailability) if env.is_vulkan() => bits & !(MAKE_AVAILABLE | MAKE_VISIBLE),
        Some(Mutant::AcquireRelaxed) if env.is_vulkan() && order == MemoryOrder::Acquire => 0,
        _ => bits,
    }
}

/// The SPIR-V scope (correctly `scope`).
pub(crate) fn scope(env: Env, scope: u32) -> u32 {
    match active() {
        Some(Mutant::WorkgroupScope)
            if env.is_vulkan() && scope == rspirv::spirv::Scope::QueueFamily as u32 =>
        {
            rspirv::spirv::Scope::Workgroup as u32
        }
        _ => scope,
    }
}

/// Memory-access bits of a plain access (correctly `bits`).
pub(crate) fn memory_access(env: Env, bits: u32) -> u32 {
    match active() {
        Some(Mutant::NoNonPrivate) if env.is_vulkan() => bits & !0x20,
        _ => bits,
    }
}

/// For a seq_cst atomic load or store under Vulkan: `None` keeps the
/// read-modify-write form; `Some(bits)` emits the plain load (acquire) or
/// store (release) with these semantics instead.
pub(crate) fn seq_cst_plain(op: rspirv::spirv::Op, bits: u32) -> Option<u32> {
    const ACQUIRE_RELEASE: u32 = 0x8;
    if active() != Some(Mutant::SeqCstPlain) {
        return None;
    }
    let storage = bits & !(ACQUIRE_RELEASE | MAKE_AVAILABLE | MAKE_VISIBLE);
    match op {
        rspirv::spirv::Op::AtomicLoad => Some(storage | 0x2 | MAKE_VISIBLE),
        rspirv::spirv::Op::AtomicStore => Some(storage | 0x4 | MAKE_AVAILABLE),
        _ => None,
    }
}

/// Whether a fence the mutant left without any order bits (an acquire
/// fence made relaxed) is dropped: a relaxed fence is no instruction.
pub(crate) fn drops_fence(op: rspirv::spirv::Op, bits: u32) -> bool {
    const ORDERS: u32 = 0x2 | 0x4 | 0x8 | 0x10;
    active() == Some(Mutant::AcquireRelaxed)
        && op == rspirv::spirv::Op::MemoryBarrier
        && bits & ORDERS == 0
}
