//! Exhaustive matrix tests of the atomic built-ins: every function × order
//! (× failure order) × scope × address space of the object, checked
//! against tables written here from the specifications rather than from
//! oclc's code.
//!
//! * [`diagnostics`]: which (code, argument) diagnostics `oclc::check`
//!   reports, against OpenCL C 3.0 §6.15.12 and §6.15.15.6;
//! * [`operands`]: the opcode, Scope and Memory Semantics operands
//!   `oclc::compile` emits for every valid combination, against the
//!   mapping documented in `docs/mapping.md`.
//!
//! This file holds the vocabulary both share: orders, scopes, objects and
//! the C11 functions, each with its OpenCL C spelling.

mod decode;
mod diagnostics;
mod operands;
mod runtime;

/// A `memory_order` enumerator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Order {
    Relaxed,
    Acquire,
    Release,
    AcqRel,
    SeqCst,
}

impl Order {
    /// Every order, weakest first.
    pub const ALL: [Order; 5] = [
        Order::Relaxed,
        Order::Acquire,
        Order::Release,
        Order::AcqRel,
        Order::SeqCst,
    ];

    /// The enumerator's name.
    pub fn name(self) -> &'static str {
        match self {
            Order::Relaxed => "memory_order_relaxed",
            Order::Acquire => "memory_order_acquire",
            Order::Release => "memory_order_release",
            Order::AcqRel => "memory_order_acq_rel",
            Order::SeqCst => "memory_order_seq_cst",
        }
    }

    /// clang's predefined macro for the order (`__ATOMIC_RELAXED`).
    pub fn macro_name(self) -> &'static str {
        match self {
            Order::Relaxed => "__ATOMIC_RELAXED",
            Order::Acquire => "__ATOMIC_ACQUIRE",
            Order::Release => "__ATOMIC_RELEASE",
            Order::AcqRel => "__ATOMIC_ACQ_REL",
            Order::SeqCst => "__ATOMIC_SEQ_CST",
        }
    }

    /// The enumerator's value (as in clang's `opencl-c-base.h`).
    pub fn value(self) -> u32 {
        match self {
            Order::Relaxed => 0,
            Order::Acquire => 2,
            Order::Release => 3,
            Order::AcqRel => 4,
            Order::SeqCst => 5,
        }
    }
}

/// A `memory_scope` enumerator. `AllDevices` is OpenCL C 3.0's alias of
/// `AllSvmDevices`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Scope {
    WorkItem,
    WorkGroup,
    Device,
    AllSvmDevices,
    SubGroup,
    AllDevices,
}

impl Scope {
    /// The scopes of OpenCL C 2.0 (with `cl_khr_subgroups`).
    pub const CL20: [Scope; 5] = [
        Scope::WorkItem,
        Scope::WorkGroup,
        Scope::Device,
        Scope::AllSvmDevices,
        Scope::SubGroup,
    ];

    /// The scopes of OpenCL C 3.0 with every optional feature.
    pub const CL30: [Scope; 6] = [
        Scope::WorkItem,
        Scope::WorkGroup,
        Scope::Device,
        Scope::AllSvmDevices,
        Scope::SubGroup,
        Scope::AllDevices,
    ];

    /// The enumerator's name.
    pub fn name(self) -> &'static str {
        match self {
            Scope::WorkItem => "memory_scope_work_item",
            Scope::WorkGroup => "memory_scope_work_group",
            Scope::Device => "memory_scope_device",
            Scope::AllSvmDevices => "memory_scope_all_svm_devices",
            Scope::SubGroup => "memory_scope_sub_group",
            Scope::AllDevices => "memory_scope_all_devices",
        }
    }

    /// clang's predefined macro for the scope
    /// (`__OPENCL_MEMORY_SCOPE_DEVICE`); `all_devices` has none of its own.
    pub fn macro_name(self) -> &'static str {
        match self {
            Scope::WorkItem => "__OPENCL_MEMORY_SCOPE_WORK_ITEM",
            Scope::WorkGroup => "__OPENCL_MEMORY_SCOPE_WORK_GROUP",
            Scope::Device => "__OPENCL_MEMORY_SCOPE_DEVICE",
            Scope::AllSvmDevices | Scope::AllDevices => "__OPENCL_MEMORY_SCOPE_ALL_SVM_DEVICES",
            Scope::SubGroup => "__OPENCL_MEMORY_SCOPE_SUB_GROUP",
        }
    }

    /// The enumerator's value (as in clang's `opencl-c-base.h`).
    pub fn value(self) -> u32 {
        match self {
            Scope::WorkItem => 0,
            Scope::WorkGroup => 1,
            Scope::Device => 2,
            Scope::AllSvmDevices | Scope::AllDevices => 3,
            Scope::SubGroup => 4,
        }
    }
}

/// Where the atomic object lives, as the operation sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Space {
    /// A `global atomic_int *` kernel parameter.
    Global,
    /// A kernel-scope `local atomic_int`.
    Local,
    /// An `atomic_int *` parameter of a helper function (generic pointer).
    Generic,
    /// A program-scope `global atomic_int` variable.
    ProgramScope,
}

/// The C11 atomic functions that take orders and scopes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum C11 {
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
}

impl C11 {
    /// Every function.
    pub const ALL: [C11; 14] = [
        C11::Store,
        C11::Load,
        C11::Exchange,
        C11::CompareExchangeStrong,
        C11::CompareExchangeWeak,
        C11::FetchAdd,
        C11::FetchSub,
        C11::FetchOr,
        C11::FetchXor,
        C11::FetchAnd,
        C11::FetchMin,
        C11::FetchMax,
        C11::FlagTestAndSet,
        C11::FlagClear,
    ];

    /// The function name without `_explicit`.
    pub fn name(self) -> &'static str {
        match self {
            C11::Store => "atomic_store",
            C11::Load => "atomic_load",
            C11::Exchange => "atomic_exchange",
            C11::CompareExchangeStrong => "atomic_compare_exchange_strong",
            C11::CompareExchangeWeak => "atomic_compare_exchange_weak",
            C11::FetchAdd => "atomic_fetch_add",
            C11::FetchSub => "atomic_fetch_sub",
            C11::FetchOr => "atomic_fetch_or",
            C11::FetchXor => "atomic_fetch_xor",
            C11::FetchAnd => "atomic_fetch_and",
            C11::FetchMin => "atomic_fetch_min",
            C11::FetchMax => "atomic_fetch_max",
            C11::FlagTestAndSet => "atomic_flag_test_and_set",
            C11::FlagClear => "atomic_flag_clear",
        }
    }

    /// Whether it takes a success and a failure order.
    pub fn is_compare_exchange(self) -> bool {
        matches!(self, C11::CompareExchangeStrong | C11::CompareExchangeWeak)
    }

    /// Whether its object is an `atomic_flag`.
    pub fn is_flag(self) -> bool {
        matches!(self, C11::FlagTestAndSet | C11::FlagClear)
    }

    /// The arguments between the object and the orders, given the names
    /// of the object's value type's operand and of an `expected` variable.
    pub fn value_args(self, expected: &str) -> String {
        match self {
            C11::Load | C11::FlagTestAndSet | C11::FlagClear => String::new(),
            C11::CompareExchangeStrong | C11::CompareExchangeWeak => format!(", &{expected}, 2"),
            _ => ", 1".to_owned(),
        }
    }

    /// A call statement: `name(object, args[, orders...][, scope]);`, the
    /// weak compare-exchange wrapped in a retry loop.
    pub fn statement(self, object: &str, expected: &str, memory_args: &[&str]) -> String {
        let explicit = if memory_args.is_empty() {
            ""
        } else {
            "_explicit"
        };
        let mut call = format!(
            "{}{explicit}({object}{}",
            self.name(),
            self.value_args(expected)
        );
        for arg in memory_args {
            call.push_str(", ");
            call.push_str(arg);
        }
        call.push(')');
        if self == C11::CompareExchangeWeak {
            format!("while (!{call}) {{}}")
        } else {
            format!("{call};")
        }
    }
}

/// clang's atomic built-in families, whose calls must get the same
/// diagnostics as the OpenCL C functions with the same orders and scope.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Family {
    /// `__atomic_<op>(p, …, order)` on plain `int` objects (no scope).
    Gnu,
    /// `__c11_atomic_<op>(p, …, order)` on `atomic_int` (no scope).
    C11,
    /// `__opencl_atomic_<op>(p, …, order, scope)` on `atomic_int`.
    OpenCl,
}

impl Family {
    /// Every family.
    pub const ALL: [Family; 3] = [Family::Gnu, Family::C11, Family::OpenCl];

    /// The family's spelling of `op`, when it has one: the GNU family has
    /// every operation (`__atomic_test_and_set` and `__atomic_clear` on an
    /// `int`), the others no flag operations.
    pub fn name(self, op: C11) -> Option<String> {
        let gnu = match op {
            C11::Store => "__atomic_store_n",
            C11::Load => "__atomic_load_n",
            C11::Exchange => "__atomic_exchange_n",
            C11::CompareExchangeStrong | C11::CompareExchangeWeak => "__atomic_compare_exchange_n",
            C11::FlagTestAndSet => "__atomic_test_and_set",
            C11::FlagClear => "__atomic_clear",
            _ => "",
        };
        let prefix = match self {
            Family::Gnu if !gnu.is_empty() => return Some(gnu.to_owned()),
            Family::Gnu => "__",
            _ if op.is_flag() => return None,
            Family::C11 => "__c11_",
            Family::OpenCl => "__opencl_",
        };
        Some(format!("{prefix}{}", op.name()))
    }

    /// Whether calls take a scope argument (always written).
    pub fn has_scope(self) -> bool {
        self == Family::OpenCl
    }

    /// A call statement with the family's argument order (the GNU
    /// compare-exchange's `weak` flag before the orders), the weak forms
    /// in a retry loop.
    pub fn statement(
        self,
        op: C11,
        object: &str,
        expected: &str,
        memory_args: &[&str],
    ) -> Option<String> {
        let name = self.name(op)?;
        let mut call = format!("{name}({object}{}", op.value_args(expected));
        if self == Family::Gnu && op.is_compare_exchange() {
            call.push_str(if op == C11::CompareExchangeWeak {
                ", true"
            } else {
                ", false"
            });
        }
        for arg in memory_args {
            call.push_str(", ");
            call.push_str(arg);
        }
        call.push(')');
        Some(if op == C11::CompareExchangeWeak {
            format!("while (!{call}) {{}}")
        } else {
            format!("{call};")
        })
    }
}

/// The orders the specification allows as the failure order of a
/// compare-exchange with success order `success`. OpenCL C 3.0
/// §6.15.12.7.4: the failure order is never release or acq_rel, and is
/// "no stronger than" the success order. The conformance suite
/// (OpenCL-CTS c11_atomics) reads "stronger" in the declaration order
/// relaxed < acquire < release < acq_rel < seq_cst, so only an acquire
/// failure with a relaxed success, and a seq_cst failure with any success
/// but seq_cst, are too strong; this derives the table from that order.
pub fn allowed_failure_orders(success: Order) -> Vec<Order> {
    let rank = |o: Order| Order::ALL.iter().position(|&x| x == o);
    Order::ALL
        .into_iter()
        .filter(|&f| !matches!(f, Order::Release | Order::AcqRel))
        .filter(|&f| rank(f) <= rank(success))
        .collect()
}

/// The orders the specification allows for `op` (OpenCL C 3.0
/// §6.15.12.7.1, .2, .8): stores and flag clears cannot acquire, loads
/// cannot release.
pub fn allowed_orders(op: C11) -> &'static [Order] {
    match op {
        C11::Store | C11::FlagClear => &[Order::Relaxed, Order::Release, Order::SeqCst],
        C11::Load => &[Order::Relaxed, Order::Acquire, Order::SeqCst],
        _ => &Order::ALL,
    }
}

/// `CLK_*_MEM_FENCE` combinations by their spelling and value.
pub const FENCE_FLAGS: [(&str, u32); 5] = [
    ("CLK_LOCAL_MEM_FENCE", 1),
    ("CLK_GLOBAL_MEM_FENCE", 2),
    ("CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE", 3),
    ("CLK_IMAGE_MEM_FENCE", 4),
    ("CLK_IMAGE_MEM_FENCE | CLK_GLOBAL_MEM_FENCE", 6),
];

/// `CLK_IMAGE_MEM_FENCE`'s value.
pub const FENCE_IMAGE: u32 = 4;
