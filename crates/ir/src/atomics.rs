//! Atomic operations, fences and barriers as the IR records them: which
//! OpenCL C function was called, on what, and with which order and scope
//! arguments (constant-folded where possible, with spans for diagnostics).

use crate::ExprId;
use oclc_diagnostics::Span;

/// `memory_order` values (as clang's `__ATOMIC_*` numbers).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MemoryOrder {
    /// `memory_order_relaxed` (0).
    Relaxed,
    /// `memory_order_acquire` (2).
    Acquire,
    /// `memory_order_release` (3).
    Release,
    /// `memory_order_acq_rel` (4).
    AcqRel,
    /// `memory_order_seq_cst` (5).
    SeqCst,
}

impl MemoryOrder {
    /// All orders, weakest first.
    pub const ALL: [MemoryOrder; 5] = [
        MemoryOrder::Relaxed,
        MemoryOrder::Acquire,
        MemoryOrder::Release,
        MemoryOrder::AcqRel,
        MemoryOrder::SeqCst,
    ];

    /// The enumerator's value in OpenCL C: the one place it is written
    /// (the built-in table's constants, the rules and the back end's
    /// run-time dispatch read it).
    pub const fn value(self) -> i64 {
        match self {
            MemoryOrder::Relaxed => 0,
            MemoryOrder::Acquire => 2,
            MemoryOrder::Release => 3,
            MemoryOrder::AcqRel => 4,
            MemoryOrder::SeqCst => 5,
        }
    }

    /// The order with this value; `None` for anything else (including
    /// C11's `memory_order_consume`, 1, which OpenCL C does not have).
    pub fn from_value(v: i64) -> Option<MemoryOrder> {
        MemoryOrder::ALL.into_iter().find(|o| o.value() == v)
    }

    /// The enumerator's name.
    pub const fn name(self) -> &'static str {
        match self {
            MemoryOrder::Relaxed => "memory_order_relaxed",
            MemoryOrder::Acquire => "memory_order_acquire",
            MemoryOrder::Release => "memory_order_release",
            MemoryOrder::AcqRel => "memory_order_acq_rel",
            MemoryOrder::SeqCst => "memory_order_seq_cst",
        }
    }

    /// The failure orders a compare-exchange may use with this success
    /// order, weakest first (OpenCL C 3.0 §6.15.12.7.4: the failure order
    /// is never release or acq_rel and "no stronger than" the success
    /// order). "Stronger" follows the declaration order relaxed < acquire
    /// < release < acq_rel < seq_cst, as the conformance suite
    /// (OpenCL-CTS c11_atomics) and SPIRV-Tools read it: only an acquire
    /// failure with a relaxed success and a seq_cst failure with any
    /// success but seq_cst are too strong. This is the one statement of
    /// the rule: the checker and the back end's run-time dispatch read it.
    pub fn allowed_failure_orders(self) -> &'static [MemoryOrder] {
        use MemoryOrder::*;
        match self {
            Relaxed => &[Relaxed],
            Acquire | Release | AcqRel => &[Relaxed, Acquire],
            SeqCst => &[Relaxed, Acquire, SeqCst],
        }
    }

    /// The strongest failure order allowed with this success order.
    pub fn strongest_failure_order(self) -> MemoryOrder {
        match self {
            MemoryOrder::SeqCst => MemoryOrder::SeqCst,
            MemoryOrder::Relaxed => MemoryOrder::Relaxed,
            _ => MemoryOrder::Acquire,
        }
    }
}

/// `memory_scope` values (as clang's `__OPENCL_MEMORY_SCOPE_*` numbers).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MemoryScope {
    /// `memory_scope_work_item` (0).
    WorkItem,
    /// `memory_scope_work_group` (1).
    WorkGroup,
    /// `memory_scope_device` (2).
    Device,
    /// `memory_scope_all_svm_devices` / `memory_scope_all_devices` (3).
    AllSvmDevices,
    /// `memory_scope_sub_group` (4).
    SubGroup,
}

impl MemoryScope {
    /// All scopes in value order.
    pub const ALL: [MemoryScope; 5] = [
        MemoryScope::WorkItem,
        MemoryScope::WorkGroup,
        MemoryScope::Device,
        MemoryScope::AllSvmDevices,
        MemoryScope::SubGroup,
    ];

    /// The enumerator's value in OpenCL C.
    pub const fn value(self) -> i64 {
        match self {
            MemoryScope::WorkItem => 0,
            MemoryScope::WorkGroup => 1,
            MemoryScope::Device => 2,
            MemoryScope::AllSvmDevices => 3,
            MemoryScope::SubGroup => 4,
        }
    }

    /// The scope with this value.
    pub fn from_value(v: i64) -> Option<MemoryScope> {
        MemoryScope::ALL.into_iter().find(|s| s.value() == v)
    }

    /// The enumerator's name (`memory_scope_all_svm_devices` for 3).
    pub const fn name(self) -> &'static str {
        match self {
            MemoryScope::WorkItem => "memory_scope_work_item",
            MemoryScope::WorkGroup => "memory_scope_work_group",
            MemoryScope::Device => "memory_scope_device",
            MemoryScope::AllSvmDevices => "memory_scope_all_svm_devices",
            MemoryScope::SubGroup => "memory_scope_sub_group",
        }
    }
}

/// `CLK_LOCAL_MEM_FENCE`.
pub const FENCE_LOCAL: i64 = 1;
/// `CLK_GLOBAL_MEM_FENCE`.
pub const FENCE_GLOBAL: i64 = 2;
/// `CLK_IMAGE_MEM_FENCE`.
pub const FENCE_IMAGE: i64 = 4;
/// Every fence flag: a `cl_mem_fence_flags` value outside this mask is
/// not one the language defines.
pub const FENCE_ALL: i64 = FENCE_LOCAL | FENCE_GLOBAL | FENCE_IMAGE;

/// An order, scope or flags argument: the expression and, when it is a
/// compile-time constant, its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemArg {
    /// The argument expression (an `int`).
    pub expr: ExprId,
    /// Its value when constant.
    pub value: Option<i64>,
    /// The argument as written.
    pub span: Span,
}

/// The atomic operation a function performs.
#[allow(missing_docs)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AtomicOp {
    // C11-style (OpenCL C 2.0+).
    Init,
    Store,
    Load,
    Exchange,
    CompareExchangeStrong,
    CompareExchangeWeak,
    FetchAdd,
    FetchSub,
    FetchOr,
    FetchXor,
    FetchAnd,
    FetchMin,
    FetchMax,
    FlagTestAndSet,
    FlagClear,
    /// clang's `__atomic_fetch_nand` and friends: the object becomes
    /// `~(old & operand)`. OpenCL C has no such function and SPIR-V no such
    /// instruction: the back end emits a compare-exchange loop.
    FetchNand,
    // OpenCL 1.x (`atomic_*` and `atom_*`).
    LegacyAdd,
    LegacySub,
    LegacyXchg,
    LegacyInc,
    LegacyDec,
    LegacyCmpxchg,
    LegacyMin,
    LegacyMax,
    LegacyAnd,
    LegacyOr,
    LegacyXor,
}

impl AtomicOp {
    /// The C11-style operations of OpenCL C 2.0+, in declaration order.
    pub const C11: [AtomicOp; 15] = [
        AtomicOp::Init,
        AtomicOp::Store,
        AtomicOp::Load,
        AtomicOp::Exchange,
        AtomicOp::CompareExchangeStrong,
        AtomicOp::CompareExchangeWeak,
        AtomicOp::FetchAdd,
        AtomicOp::FetchSub,
        AtomicOp::FetchOr,
        AtomicOp::FetchXor,
        AtomicOp::FetchAnd,
        AtomicOp::FetchMin,
        AtomicOp::FetchMax,
        AtomicOp::FlagTestAndSet,
        AtomicOp::FlagClear,
    ];

    /// The OpenCL 1.x read-modify-write operations (`atomic_<op>`,
    /// `atom_<op>`), in declaration order.
    pub const LEGACY: [AtomicOp; 11] = [
        AtomicOp::LegacyAdd,
        AtomicOp::LegacySub,
        AtomicOp::LegacyXchg,
        AtomicOp::LegacyInc,
        AtomicOp::LegacyDec,
        AtomicOp::LegacyCmpxchg,
        AtomicOp::LegacyMin,
        AtomicOp::LegacyMax,
        AtomicOp::LegacyAnd,
        AtomicOp::LegacyOr,
        AtomicOp::LegacyXor,
    ];

    /// Whether this is an OpenCL 1.x operation of the "extended" group
    /// (min, max, and, or, xor) rather than the "base" one.
    pub fn is_legacy_extended(self) -> bool {
        matches!(
            self,
            AtomicOp::LegacyMin
                | AtomicOp::LegacyMax
                | AtomicOp::LegacyAnd
                | AtomicOp::LegacyOr
                | AtomicOp::LegacyXor
        )
    }

    /// Whether this is an OpenCL 1.x function.
    pub fn is_legacy(self) -> bool {
        matches!(
            self,
            AtomicOp::LegacyAdd
                | AtomicOp::LegacySub
                | AtomicOp::LegacyXchg
                | AtomicOp::LegacyInc
                | AtomicOp::LegacyDec
                | AtomicOp::LegacyCmpxchg
                | AtomicOp::LegacyMin
                | AtomicOp::LegacyMax
                | AtomicOp::LegacyAnd
                | AtomicOp::LegacyOr
                | AtomicOp::LegacyXor
        )
    }

    /// The memory orders this operation may take, weakest first (OpenCL
    /// C 3.0 §6.15.12.7.1, §6.15.12.7.2, §6.15.12.7.8): a load neither
    /// releases nor is acq_rel, a store or flag clear neither acquires nor
    /// is acq_rel; every other operation takes any order. The one
    /// statement of the rule: the `load-order`, `store-order` and
    /// `flag-clear-order` rules and the back end's run-time dispatch read
    /// it.
    pub fn allowed_orders(self) -> &'static [MemoryOrder] {
        use MemoryOrder::*;
        match self {
            AtomicOp::Load => &[Relaxed, Acquire, SeqCst],
            AtomicOp::Store | AtomicOp::FlagClear => &[Relaxed, Release, SeqCst],
            _ => &MemoryOrder::ALL,
        }
    }

    /// Whether this is a compare-exchange (with a failure order).
    pub fn is_compare_exchange(self) -> bool {
        matches!(
            self,
            AtomicOp::CompareExchangeStrong | AtomicOp::CompareExchangeWeak
        )
    }

    /// The C11 function's base name (`atomic_fetch_add`), or the legacy
    /// `atomic_` name.
    pub fn base_name(self) -> &'static str {
        match self {
            AtomicOp::Init => "atomic_init",
            AtomicOp::Store => "atomic_store",
            AtomicOp::Load => "atomic_load",
            AtomicOp::Exchange => "atomic_exchange",
            AtomicOp::CompareExchangeStrong => "atomic_compare_exchange_strong",
            AtomicOp::CompareExchangeWeak => "atomic_compare_exchange_weak",
            AtomicOp::FetchAdd => "atomic_fetch_add",
            AtomicOp::FetchSub => "atomic_fetch_sub",
            AtomicOp::FetchOr => "atomic_fetch_or",
            AtomicOp::FetchXor => "atomic_fetch_xor",
            AtomicOp::FetchAnd => "atomic_fetch_and",
            AtomicOp::FetchMin => "atomic_fetch_min",
            AtomicOp::FetchMax => "atomic_fetch_max",
            AtomicOp::FlagTestAndSet => "atomic_flag_test_and_set",
            AtomicOp::FlagClear => "atomic_flag_clear",
            AtomicOp::FetchNand => "atomic_fetch_nand",
            AtomicOp::LegacyAdd => "atomic_add",
            AtomicOp::LegacySub => "atomic_sub",
            AtomicOp::LegacyXchg => "atomic_xchg",
            AtomicOp::LegacyInc => "atomic_inc",
            AtomicOp::LegacyDec => "atomic_dec",
            AtomicOp::LegacyCmpxchg => "atomic_cmpxchg",
            AtomicOp::LegacyMin => "atomic_min",
            AtomicOp::LegacyMax => "atomic_max",
            AtomicOp::LegacyAnd => "atomic_and",
            AtomicOp::LegacyOr => "atomic_or",
            AtomicOp::LegacyXor => "atomic_xor",
        }
    }
}

/// How the function was spelled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AtomicForm {
    /// `atomic_store(p, v)`: seq_cst, device scope.
    Plain,
    /// `atomic_store_explicit(p, v, order)`: device scope.
    Explicit,
    /// `atomic_store_explicit(p, v, order, scope)`.
    ExplicitScope,
    /// OpenCL 1.1 `atomic_add`.
    Legacy,
    /// Extension `atom_add`.
    LegacyAtom,
    /// clang's GNU built-ins `__atomic_fetch_add(p, v, order)`: orders
    /// written as `__ATOMIC_*`, no scope argument (device scope).
    Gnu,
    /// clang's legacy GNU built-ins `__sync_fetch_and_add(p, v)`: no
    /// order or scope argument (seq_cst, device scope).
    Sync,
    /// clang's `__c11_atomic_fetch_add(p, v, order)` on `_Atomic` objects:
    /// no scope argument (device scope).
    ClangC11,
    /// clang's `__opencl_atomic_fetch_add(p, v, order, scope)`: orders and
    /// a scope always written (`__OPENCL_MEMORY_SCOPE_*`).
    ClangOpenCl,
}

impl AtomicForm {
    /// Whether this is an OpenCL 1.x spelling (`atomic_add`, `atom_add`),
    /// whose order and scope are implementation-defined (relaxed, with the
    /// object's scope).
    pub fn is_legacy(self) -> bool {
        matches!(self, AtomicForm::Legacy | AtomicForm::LegacyAtom)
    }

    /// Whether this is one of clang's built-in atomic families rather
    /// than an OpenCL C function.
    pub fn is_clang_builtin(self) -> bool {
        matches!(
            self,
            AtomicForm::Gnu | AtomicForm::Sync | AtomicForm::ClangC11 | AtomicForm::ClangOpenCl
        )
    }

    /// Whether calls in this form never write an order: seq_cst (for a
    /// compare-exchange, both orders).
    pub fn is_implicitly_seq_cst(self) -> bool {
        matches!(self, AtomicForm::Plain | AtomicForm::Sync)
    }

    /// How orders and scopes are spelled in this family (diagnostics and
    /// fixes use the family's own spelling).
    pub fn spelling(self) -> Spelling {
        if self.is_clang_builtin() {
            Spelling::Clang
        } else {
            Spelling::OpenCl
        }
    }
}

/// How a family of atomic functions spells orders and scopes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Spelling {
    /// `memory_order_release`, `memory_scope_device`.
    OpenCl,
    /// clang's predefined macros: `__ATOMIC_RELEASE`,
    /// `__OPENCL_MEMORY_SCOPE_DEVICE`.
    Clang,
}

impl MemoryOrder {
    /// The order's name in `spelling`.
    pub fn spelled(self, spelling: Spelling) -> &'static str {
        match spelling {
            Spelling::OpenCl => self.name(),
            Spelling::Clang => match self {
                MemoryOrder::Relaxed => "__ATOMIC_RELAXED",
                MemoryOrder::Acquire => "__ATOMIC_ACQUIRE",
                MemoryOrder::Release => "__ATOMIC_RELEASE",
                MemoryOrder::AcqRel => "__ATOMIC_ACQ_REL",
                MemoryOrder::SeqCst => "__ATOMIC_SEQ_CST",
            },
        }
    }
}

impl MemoryScope {
    /// The scope's name in `spelling`.
    pub fn spelled(self, spelling: Spelling) -> &'static str {
        match spelling {
            Spelling::OpenCl => self.name(),
            Spelling::Clang => match self {
                MemoryScope::WorkItem => "__OPENCL_MEMORY_SCOPE_WORK_ITEM",
                MemoryScope::WorkGroup => "__OPENCL_MEMORY_SCOPE_WORK_GROUP",
                MemoryScope::Device => "__OPENCL_MEMORY_SCOPE_DEVICE",
                MemoryScope::AllSvmDevices => "__OPENCL_MEMORY_SCOPE_ALL_SVM_DEVICES",
                MemoryScope::SubGroup => "__OPENCL_MEMORY_SCOPE_SUB_GROUP",
            },
        }
    }
}

/// What an atomic call evaluates to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AtomicReturn {
    /// The operation's own result: the value read (read-modify-writes,
    /// loads, legacy cmpxchg), success (C11 compare-exchange, flag
    /// test-and-set), or nothing.
    Natural,
    /// The value a read-modify-write stored (`__atomic_add_fetch`,
    /// `__sync_add_and_fetch`): the operation applied to the value read
    /// and the operand.
    Stored,
    /// Whether a value compare-exchange stored (the value read equals
    /// the comparand: `__sync_bool_compare_and_swap`).
    Exchanged,
}

/// One call of an atomic function.
#[derive(Clone, Debug, PartialEq)]
pub struct AtomicCall {
    /// The operation.
    pub op: AtomicOp,
    /// The spelling.
    pub form: AtomicForm,
    /// The function name as written (for messages and fixes).
    pub name_span: Span,
    /// Pointer to the atomic object (its address space is the object's
    /// when known, `Generic` otherwise).
    pub pointer: ExprId,
    /// The value operands after the pointer, converted to the operation's
    /// type. Compare-exchange: `[expected pointer, desired]`; legacy
    /// cmpxchg: `[compare, value]`; inc/dec/load/flag functions: none.
    pub operands: Vec<ExprId>,
    /// The order (success order for compare-exchange); `None` when not
    /// written (seq_cst for C11 forms, relaxed for legacy).
    pub order: Option<MemArg>,
    /// The failure order of `_explicit` compare-exchange.
    pub failure: Option<MemArg>,
    /// The scope; `None` when not written (device for C11 forms).
    pub scope: Option<MemArg>,
    /// Each argument as written, without its outer parentheses (for help
    /// texts that quote them); may be empty for calls oclc made itself.
    pub arg_spans: Vec<Span>,
    /// What the call evaluates to.
    pub returns: AtomicReturn,
}

/// Which fence or barrier function was called.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FenceKind {
    /// `barrier(flags)`.
    Barrier,
    /// `work_group_barrier(flags[, scope])`.
    WorkGroupBarrier,
    /// `sub_group_barrier(flags[, scope])` (sub-groups).
    SubGroupBarrier,
    /// `mem_fence(flags)`.
    MemFence,
    /// `read_mem_fence(flags)`.
    ReadMemFence,
    /// `write_mem_fence(flags)`.
    WriteMemFence,
    /// `atomic_work_item_fence(flags, order, scope)`.
    AtomicWorkItemFence,
    /// clang's `__atomic_thread_fence(order)`, `__c11_atomic_thread_fence`
    /// and `__sync_synchronize()` (seq_cst): a fence on global and local
    /// memory at device scope.
    ThreadFence,
    /// clang's `__atomic_signal_fence(order)` and
    /// `__c11_atomic_signal_fence`: orders a work-item with a signal
    /// handler in itself, which OpenCL has none of: no instruction.
    SignalFence,
}

impl FenceKind {
    /// The function's name.
    pub fn name(self) -> &'static str {
        match self {
            FenceKind::Barrier => "barrier",
            FenceKind::WorkGroupBarrier => "work_group_barrier",
            FenceKind::SubGroupBarrier => "sub_group_barrier",
            FenceKind::MemFence => "mem_fence",
            FenceKind::ReadMemFence => "read_mem_fence",
            FenceKind::WriteMemFence => "write_mem_fence",
            FenceKind::AtomicWorkItemFence => "atomic_work_item_fence",
            FenceKind::ThreadFence => "__atomic_thread_fence",
            FenceKind::SignalFence => "__atomic_signal_fence",
        }
    }

    /// How this fence's order is spelled.
    pub fn spelling(self) -> Spelling {
        match self {
            FenceKind::ThreadFence | FenceKind::SignalFence => Spelling::Clang,
            _ => Spelling::OpenCl,
        }
    }
}

/// One call of a fence or barrier.
#[derive(Clone, Debug, PartialEq)]
pub struct FenceCall {
    /// Which function.
    pub kind: FenceKind,
    /// The function name as written.
    pub name_span: Span,
    /// `cl_mem_fence_flags`.
    pub flags: MemArg,
    /// The order of `atomic_work_item_fence`.
    pub order: Option<MemArg>,
    /// The scope of `atomic_work_item_fence` and two-argument
    /// `work_group_barrier`.
    pub scope: Option<MemArg>,
}
