//! The SPIR-V back end: checked IR in, a SPIR-V binary module out, plus the
//! in-process validator and a disassembler.
//!
//! Architecture invariant: the back end sees only the checked IR
//! ([`oclc_ir::Checked`], which only the IR validator makes) and
//! [`Options`]; it trusts that semantic analysis and the rules accepted
//! the module and never panics on such a module; what it cannot translate
//! becomes an `E09xx` [`oclc_diagnostics::Diagnostic`]. [`emit`] returns
//! everything it knows ([`Emitted`]: the words, the Vulkan interface, the
//! validation environment), so callers recompute nothing. Output is
//! deterministic: ids, types and constants are numbered in first-use order
//! from the back end's own caches (hash maps are only looked up, never
//! iterated into the output), and every instruction is appended in O(1), so
//! emission is linear in the size of the IR.
//!
//! # Module shape
//! SPIR-V 1.0, `Addresses` + `Kernel` and only the capabilities the module
//! needs (in numeric order), `OpMemoryModel Physical64 OpenCL`
//! (`Physical32` for 32-bit pointers), `OpSource OpenCL_C`, one
//! `OpEntryPoint Kernel` per kernel listing the work-item `Input` variables
//! it (or anything it calls) reads, and `OpExecutionMode LocalSize` for
//! `reqd_work_group_size`. Program-scope `global` variables are
//! `CrossWorkgroup`, `constant` ones `UniformConstant` (both with an
//! initializer), kernel-scope `local` ones module-scope `Workgroup`
//! variables.
//!
//! # Atomics
//! | OpenCL C | SPIR-V | scope | semantics |
//! |---|---|---|---|
//! | C11 `atomic_*` (plain and `_explicit`) | `OpAtomicLoad`/`Store`/`Exchange`/`IAdd`/`ISub`/`And`/`Or`/`Xor`/`SMin`/`UMin`/`SMax`/`UMax`/`FlagTestAndSet`/`FlagClear`; `OpAtomicFAddEXT`/`FMinEXT`/`FMaxEXT` on floats (sub adds the negated value) | the scope argument (default device) | order bits (default seq_cst), plus the object's storage-class bits (global 0x200, local 0x100, generic both) unless relaxed |
//! | `atomic_compare_exchange_{strong,weak}` | `OpAtomicCompareExchange` (floats as same-width integers) | as above | Equal from the success order, Unequal from the failure order |
//! | `atomic_init` | `OpStore` | | |
//! | legacy `atomic_*`/`atom_*` | the matching `OpAtomic*` (`inc`/`dec` → `OpAtomicIIncrement`/`IDecrement`) | work-group for `local` objects, device otherwise (device for all before OpenCL C 2.0) | 0 |
//! | `atomic_work_item_fence` | `OpMemoryBarrier` (none when relaxed) | the scope argument | order bits + flag bits |
//! | `mem_fence`, `read_mem_fence`, `write_mem_fence` | `OpMemoryBarrier` | work-group | AcqRel/Acquire/Release + flag bits (SeqCst + flag bits before OpenCL C 2.0) |
//! | `barrier`, `work_group_barrier` | `OpControlBarrier` (execution scope work-group) | the scope argument (default work-group) | SeqCst + flag bits, 0 without flags (SeqCst before OpenCL C 2.0) |
//! | `sub_group_barrier` | `OpControlBarrier` (execution scope sub-group) | the scope argument (default work-group, as llvm-spirv) | SeqCst + flag bits, 0 without flags |
//!
//! Before OpenCL C 2.0 the module targets the OpenCL 1.2 SPIR-V
//! environment, which requires work-group scope and SeqCst on every
//! barrier instruction; hence the stronger 1.x fences.
//!
//! Flag bits: `CLK_LOCAL_MEM_FENCE` 0x100, `CLK_GLOBAL_MEM_FENCE` 0x200,
//! `CLK_IMAGE_MEM_FENCE` 0x800. Non-constant order, scope or flags
//! arguments become an `OpSwitch` over the values valid for the operation
//! (orders relaxed/acquire/seq_cst for loads, relaxed/release/seq_cst for
//! stores and flag clears, all five otherwise; the nine valid
//! (success, failure) pairs for compare-exchange; every scope but
//! work-item, which only an image fence may use; flags 0–7),
//! each arm issuing the operation with constant operands, merged with
//! `OpPhi`; the default arm is the seq_cst, device-scope case.
//!
//! Compare-exchange loads `*expected`, compares the value read with it and
//! stores the value read back to `*expected` unconditionally (on success
//! it equals `*expected`, so the store changes nothing).

mod atomics;
mod builtins;
mod callable;
pub mod codes;
mod constants;
mod contract;
mod convert;
mod disassemble;
mod dispatch;
mod emit;
mod expr;
#[cfg(feature = "validate")]
mod ffi;
mod function;
mod generic;
mod images;
mod integer_ext;
mod layout;
mod memory;
mod module;
#[cfg(feature = "mutants")]
mod mutant;
mod policy;
#[cfg(feature = "validate")]
mod shard;
mod subgroups;
mod types;
mod unroll;
mod validate;
mod vulkan;
mod vulkan_library;
mod words;

#[cfg(test)]
mod tests;

pub use disassemble::{disassemble, DisassembleError};
pub use emit::{emit, Emitted};
pub use oclc_target::{Env, ValidationEnv};
pub use validate::{required_validation_env, validation_failed};
pub use vulkan::{ArgKind, ArgLayout, KernelLayout};

#[cfg(feature = "validate")]
pub use validate::{validate, validate_in, validate_under};

/// Back-end options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// Emit `OpName` for locals and helper functions too (`-g`); kernels,
    /// parameters and module-scope variables are always named.
    pub debug_info: bool,
    /// The environment the module is for (OpenCL by default).
    pub env: Env,
    /// The highest SPIR-V version the module may declare
    /// (`--spirv-max-version`); `None`: whatever it needs. A module
    /// declares the environment's version, raised to 1.3 where it uses
    /// instructions that need it (the sub-group non-uniform ones).
    pub max_version: Option<(u8, u8)>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            debug_info: false,
            env: Env::OpenCl,
            max_version: None,
        }
    }
}
