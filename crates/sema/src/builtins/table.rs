//! The one table of built-in names, as clang keeps `OpenCLBuiltins.td`:
//! every function, enumerator and type name oclc treats as built-in, with
//! its *class* (what a use lowers to; for library functions the shape of
//! their overloads over the generic types) and its *requirement* (the
//! OpenCL C version, extensions and 3.0 features that make it available,
//! and the section a diagnostic cites when they are missing).
//!
//! Name resolution ([`lookup`]), the availability check
//! ([`crate::requirement::check_name`], which evaluates
//! [`Requires`] against the target), "did you mean" suggestions and
//! `docs/builtins.md` all read this table; a test fails when a built-in
//! function or constant name is spelled in sema's lowering or
//! availability code instead.
//!
//! Rows are written once per family: fixed rows as `const` tables below,
//! generated families (conversions over every type, `vload`/`vstore`
//! widths, collectives and sub-group arithmetic over their operators, the
//! `_explicit` and `atom_` spellings of atomics) by small generators that
//! spell names from the same enumerations the lowering uses. The library
//! functions' rows are [`oclc_ir::LIBRARY`], beside [`LibFn`] because the
//! back end names functions from it. Adding a built-in of an existing
//! family is one row here (and, for a new operation, its mapping in the
//! back end).
//!
//! The table is built once per process (a few thousand names, well under a
//! millisecond) and looked up by hash.

use std::sync::OnceLock;

use oclc_ir::{
    AddressSpace, AtomicForm, AtomicOp, AtomicReturn, BitOp, BuiltinFn, FenceKind, GroupArith,
    GroupOp, GroupScan, GroupScope, ImageQuery, IntDot, LibFn, MemoryOrder, MemoryScope, PipeOp,
    Rounding, Shape, SubGroupArith, SubGroupFn, SubGroupMask, FENCE_GLOBAL, FENCE_IMAGE,
    FENCE_LOCAL,
};
use oclc_target::{ClStd, Feature};
use rustc_hash::FxHashMap;

use super::clang_atomics::ClangAtomic;
use super::conversions::{Explicit, ELEMENTS};
use super::gnu::{BitFn, GnuFn};
use super::images::{ImageFn, Texel};
use super::integer_ext::IntegerFn;
use super::subgroups::SubGroupBuiltin;
use super::vectors::DataFn;
use crate::spec::section;
use families::{
    atomics, clang_atomics, collectives, conversions, integer_extensions, parse_conversion,
    parse_vector_data, sub_groups, vector_data,
};

mod families;

/// What a built-in name denotes, and so how a use of it is lowered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Class {
    /// A work-item function (`get_global_id`, …).
    WorkItem(BuiltinFn),
    /// A library function with the shape of its overloads.
    Library(LibFn, Shape),
    /// `convert_…` or `as_…`.
    Conversion(Explicit),
    /// `vloadn`, `vstore_halfn_rte`, ….
    Data(DataFn),
    /// A work-group collective, or its sub-group form (`true`).
    Collective(GroupOp, bool),
    /// A `cl_khr_subgroup_*` extension function or lane mask.
    SubGroup(SubGroupBuiltin),
    /// A `cl_khr_extended_bit_ops` or `cl_khr_integer_dot_product`
    /// function.
    Integer(IntegerFn),
    /// `read_image…`, `write_image…`, `get_image_…`.
    Image(ImageFn),
    /// A fence or barrier.
    Fence(FenceKind),
    /// An atomic function, in one of its spellings.
    Atomic(AtomicOp, AtomicForm),
    /// One of clang's atomic built-ins (`__atomic_*`, `__sync_*`,
    /// `__c11_atomic_*`, `__opencl_atomic_*`).
    ClangAtomic(ClangAtomic),
    /// `printf`.
    Printf,
    /// `async_work_group_copy`, `wait_group_events`, `prefetch`, ….
    AsyncCopy(BuiltinFn),
    /// `to_global`, `to_local`, `to_private` (the space) and `get_fence`
    /// (`None`).
    AddressSpace(Option<AddressSpace>),
    /// A pipe function.
    Pipe(PipeOp),
    /// A hint to the optimizer (`__builtin_expect`, …).
    Hint(Hint),
    /// A GNU bit built-in or `__builtin_constant_p`.
    Gnu(GnuFn),
    /// A floating-point constant function of `bits` width: infinity
    /// (`__builtin_inff()`, `__builtin_huge_val()`) or a quiet NaN
    /// (`__builtin_nanf("")`).
    FloatConstant {
        /// 32 or 64.
        bits: u8,
        /// A NaN rather than infinity.
        nan: bool,
    },
    /// Another built-in under a GNU name (`__builtin_sqrtf` is `sqrt`).
    Alias(&'static str),
    /// An enumerator or constant identifier and its value.
    Constant(i64),
    /// A type name (listed for its availability only).
    Type,
    /// A built-in of a feature oclc does not support (named).
    Unsupported(&'static str),
}

/// The optimizer hints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Hint {
    /// `__builtin_expect(e, c)`: the value of `e`.
    Expect,
    /// `__builtin_assume(e)`: nothing.
    Assume,
    /// `__builtin_unreachable()`: nothing.
    Unreachable,
}

/// What makes a built-in available.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Requires {
    /// The oldest OpenCL C version that has it.
    pub std: ClStd,
    /// Extensions and features it needs, checked in order.
    pub needs: &'static [Need],
    /// The OpenCL C 3.0 section a diagnostic cites when it is missing.
    pub section: &'static str,
    /// Its spelling in OpenCL C 2.0, where that differs (offered as a fix;
    /// only `memory_scope_all_devices` has one).
    pub spelled_in_2_0: Option<&'static str>,
}

/// Extensions or features a built-in needs.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Need {
    /// All of these.
    All(&'static [Feature]),
    /// One of these (the suggestion is the 3.0 feature under 3.0, the
    /// extension before).
    Any(&'static [Feature]),
    /// All of these, when compiling for OpenCL C 3.0 or later (they are
    /// core in 2.0).
    AllIn30(&'static [Feature]),
    /// All of these, with 64-bit pointers.
    AllWith64BitPointers(&'static [Feature]),
}

/// What a name resolves to.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Builtin {
    /// What it denotes.
    pub class: Class,
    /// What makes it available.
    pub requires: Requires,
}

/// One built-in name.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    /// The name.
    pub name: &'static str,
    /// What it denotes.
    pub class: Class,
    /// What makes it available.
    pub requires: Requires,
}

/// Available everywhere.
const ALWAYS: Requires = Requires {
    std: ClStd::Cl10,
    needs: &[],
    section: "",
    spelled_in_2_0: None,
};

/// From OpenCL C 2.0 (C11 atomics), citing `section`.
const fn cl20(section: &'static str, needs: &'static [Need]) -> Requires {
    Requires {
        std: ClStd::Cl20,
        needs,
        section,
        spelled_in_2_0: None,
    }
}

/// The int64 atomics extensions.
const INT64_ATOMICS: &[Feature] = &[
    Feature::KhrInt64BaseAtomics,
    Feature::KhrInt64ExtendedAtomics,
];

/// Sub-groups: the extension, or the 3.0 feature.
const SUB_GROUPS: &[Feature] = &[Feature::KhrSubgroups, Feature::Subgroups];

/// The sub-group functions of `cl_khr_subgroups` (core in 3.0 with the
/// feature): work-item queries, `sub_group_barrier`, the collectives.
const SUB_GROUP_FUNCTIONS: Requires = Requires {
    needs: &[Need::Any(SUB_GROUPS)],
    section: section::SUB_GROUPS,
    ..ALWAYS
};

/// The work-group collectives: OpenCL C 2.0, or 3.0 with the feature.
const WORK_GROUP_COLLECTIVES: Requires = cl20(
    section::WORK_GROUP_COLLECTIVES,
    &[Need::AllIn30(&[Feature::WorkGroupCollectiveFunctions])],
);

/// `get_enqueued_local_size`: OpenCL C 2.0 (non-uniform work-groups).
const CL20_WORK_ITEM: Requires = cl20(section::WORK_ITEM, &[]);

/// The library functions that not every OpenCL C version has (the rest
/// of [`oclc_ir::LIBRARY`] exists everywhere).
const LIBRARY_REQUIREMENTS: &[(LibFn, Requires)] = &[
    (LibFn::Ctz, cl20(section::INTEGER_FUNCTIONS, &[])),
    (LibFn::Popcount, CL12_INTEGER),
];

/// `popcount`: OpenCL C 1.2.
const CL12_INTEGER: Requires = Requires {
    std: ClStd::Cl12,
    section: section::INTEGER_FUNCTIONS,
    ..ALWAYS
};

/// `printf`: OpenCL C 1.2.
const CL12_PRINTF: Requires = Requires {
    std: ClStd::Cl12,
    section: section::PRINTF,
    ..ALWAYS
};

/// Work-item functions, with their requirements.
const WORK_ITEM: &[(&str, BuiltinFn, Requires)] = &[
    ("get_global_id", BuiltinFn::GetGlobalId, ALWAYS),
    ("get_local_id", BuiltinFn::GetLocalId, ALWAYS),
    ("get_group_id", BuiltinFn::GetGroupId, ALWAYS),
    ("get_global_size", BuiltinFn::GetGlobalSize, ALWAYS),
    ("get_local_size", BuiltinFn::GetLocalSize, ALWAYS),
    ("get_num_groups", BuiltinFn::GetNumGroups, ALWAYS),
    ("get_global_offset", BuiltinFn::GetGlobalOffset, ALWAYS),
    (
        "get_enqueued_local_size",
        BuiltinFn::GetEnqueuedLocalSize,
        CL20_WORK_ITEM,
    ),
    ("get_work_dim", BuiltinFn::GetWorkDim, ALWAYS),
    (
        "get_global_linear_id",
        BuiltinFn::GetGlobalLinearId,
        CL20_WORK_ITEM,
    ),
    (
        "get_local_linear_id",
        BuiltinFn::GetLocalLinearId,
        CL20_WORK_ITEM,
    ),
    (
        "get_sub_group_size",
        BuiltinFn::GetSubGroupSize,
        SUB_GROUP_FUNCTIONS,
    ),
    (
        "get_max_sub_group_size",
        BuiltinFn::GetMaxSubGroupSize,
        SUB_GROUP_FUNCTIONS,
    ),
    (
        "get_num_sub_groups",
        BuiltinFn::GetNumSubGroups,
        SUB_GROUP_FUNCTIONS,
    ),
    (
        "get_enqueued_num_sub_groups",
        BuiltinFn::GetEnqueuedNumSubGroups,
        Requires {
            std: ClStd::Cl20,
            ..SUB_GROUP_FUNCTIONS
        },
    ),
    (
        "get_sub_group_id",
        BuiltinFn::GetSubGroupId,
        SUB_GROUP_FUNCTIONS,
    ),
    (
        "get_sub_group_local_id",
        BuiltinFn::GetSubGroupLocalId,
        SUB_GROUP_FUNCTIONS,
    ),
];

/// Fences and barriers, with their requirements.
const FENCES: &[(&str, FenceKind, Requires)] = &[
    ("barrier", FenceKind::Barrier, ALWAYS),
    (
        "work_group_barrier",
        FenceKind::WorkGroupBarrier,
        cl20(section::SYNCHRONIZATION, &[]),
    ),
    (
        "sub_group_barrier",
        FenceKind::SubGroupBarrier,
        SUB_GROUP_FUNCTIONS,
    ),
    ("mem_fence", FenceKind::MemFence, ALWAYS),
    ("read_mem_fence", FenceKind::ReadMemFence, ALWAYS),
    ("write_mem_fence", FenceKind::WriteMemFence, ALWAYS),
    (
        "atomic_work_item_fence",
        FenceKind::AtomicWorkItemFence,
        cl20(section::FENCES, &[]),
    ),
];

/// Image functions.
const IMAGES: &[(&str, ImageFn)] = &[
    ("read_imagef", ImageFn::Read(Texel::Float)),
    ("read_imagei", ImageFn::Read(Texel::Int)),
    ("read_imageui", ImageFn::Read(Texel::UInt)),
    ("read_imageh", ImageFn::Read(Texel::Half)),
    ("write_imagef", ImageFn::Write(Texel::Float)),
    ("write_imagei", ImageFn::Write(Texel::Int)),
    ("write_imageui", ImageFn::Write(Texel::UInt)),
    ("write_imageh", ImageFn::Write(Texel::Half)),
    ("get_image_width", ImageFn::Query(ImageQuery::Width)),
    ("get_image_height", ImageFn::Query(ImageQuery::Height)),
    ("get_image_depth", ImageFn::Query(ImageQuery::Depth)),
    ("get_image_dim", ImageFn::Query(ImageQuery::Dim)),
    (
        "get_image_array_size",
        ImageFn::Query(ImageQuery::ArraySize),
    ),
    (
        "get_image_channel_data_type",
        ImageFn::Query(ImageQuery::ChannelDataType),
    ),
    (
        "get_image_channel_order",
        ImageFn::Query(ImageQuery::ChannelOrder),
    ),
];

/// Functions of single rows, with their requirements: `printf`, async
/// copies, address-space queries and the compiler's own built-ins.
const SINGLE: &[(&str, Class, Requires)] = &[
    ("printf", Class::Printf, CL12_PRINTF),
    (
        "async_work_group_copy",
        Class::AsyncCopy(BuiltinFn::AsyncCopy { strided: false }),
        ALWAYS,
    ),
    (
        "async_work_group_strided_copy",
        Class::AsyncCopy(BuiltinFn::AsyncCopy { strided: true }),
        ALWAYS,
    ),
    (
        "wait_group_events",
        Class::AsyncCopy(BuiltinFn::WaitGroupEvents),
        ALWAYS,
    ),
    ("prefetch", Class::AsyncCopy(BuiltinFn::Prefetch), ALWAYS),
    (
        "to_global",
        Class::AddressSpace(Some(AddressSpace::Global)),
        GENERIC,
    ),
    (
        "to_local",
        Class::AddressSpace(Some(AddressSpace::Local)),
        GENERIC,
    ),
    (
        "to_private",
        Class::AddressSpace(Some(AddressSpace::Private)),
        GENERIC,
    ),
    ("get_fence", Class::AddressSpace(None), GENERIC),
    ("__builtin_expect", Class::Hint(Hint::Expect), ALWAYS),
    ("__builtin_assume", Class::Hint(Hint::Assume), ALWAYS),
    (
        "__builtin_unreachable",
        Class::Hint(Hint::Unreachable),
        ALWAYS,
    ),
    ("__builtin_constant_p", Class::Gnu(GnuFn::ConstantP), ALWAYS),
    ("__builtin_bswap16", bits(BitFn::ByteSwap, 16), ALWAYS),
    ("__builtin_bswap32", bits(BitFn::ByteSwap, 32), ALWAYS),
    ("__builtin_bswap64", bits(BitFn::ByteSwap, 64), ALWAYS),
    ("__builtin_ffs", bits(BitFn::FindFirstSet, 32), ALWAYS),
    ("__builtin_ffsl", bits(BitFn::FindFirstSet, 64), ALWAYS),
    ("__builtin_ffsll", bits(BitFn::FindFirstSet, 64), ALWAYS),
    ("__builtin_parity", bits(BitFn::Parity, 32), ALWAYS),
    ("__builtin_parityl", bits(BitFn::Parity, 64), ALWAYS),
    ("__builtin_parityll", bits(BitFn::Parity, 64), ALWAYS),
    ("__builtin_clzll", bits(BitFn::LeadingZeros128, 64), ALWAYS),
    ("__builtin_inff", INFINITY_32, ALWAYS),
    ("__builtin_huge_valf", INFINITY_32, ALWAYS),
    ("__builtin_inf", INFINITY_64, ALWAYS),
    ("__builtin_huge_val", INFINITY_64, ALWAYS),
    (
        "__builtin_nanf",
        Class::FloatConstant {
            bits: 32,
            nan: true,
        },
        ALWAYS,
    ),
    (
        "__builtin_nan",
        Class::FloatConstant {
            bits: 64,
            nan: true,
        },
        ALWAYS,
    ),
];

/// A GNU bit built-in on `width`-bit integers.
const fn bits(f: BitFn, width: u8) -> Class {
    Class::Gnu(GnuFn::Bits(f, width))
}

const INFINITY_32: Class = Class::FloatConstant {
    bits: 32,
    nan: false,
};
const INFINITY_64: Class = Class::FloatConstant {
    bits: 64,
    nan: false,
};

/// The address-space queries: OpenCL C 2.0, or 3.0 with the generic
/// address space.
const GENERIC: Requires = cl20(
    section::ADDRESS_SPACE,
    &[Need::All(&[Feature::GenericAddressSpace])],
);

/// Pipes and their types: OpenCL C 2.0, or 3.0 with pipes.
const PIPES: Requires = cl20(section::PIPES, &[Need::All(&[Feature::Pipes])]);

/// GNU built-ins that are OpenCL C library functions under another name
/// (clang accepts them in OpenCL C; ported C code uses them).
const GNU_ALIASES: &[(&str, &str)] = &[
    ("__builtin_popcount", "popcount"),
    ("__builtin_popcountl", "popcount"),
    ("__builtin_popcountll", "popcount"),
    ("__builtin_clz", "clz"),
    ("__builtin_clzl", "clz"),
    ("__builtin_ctz", "ctz"),
    ("__builtin_ctzl", "ctz"),
    ("__builtin_ctzll", "ctz"),
    ("__builtin_isnan", "isnan"),
    ("__builtin_isinf", "isinf"),
    ("__builtin_isfinite", "isfinite"),
    ("__builtin_isnormal", "isnormal"),
    ("__builtin_signbit", "signbit"),
    ("__builtin_signbitf", "signbit"),
    ("__builtin_fmin", "fmin"),
    ("__builtin_fmax", "fmax"),
    ("__builtin_fma", "fma"),
    ("__builtin_floor", "floor"),
    ("__builtin_ceil", "ceil"),
    ("__builtin_trunc", "trunc"),
    ("__builtin_truncf", "trunc"),
    ("__builtin_round", "round"),
    ("__builtin_roundf", "round"),
    ("__builtin_rint", "rint"),
    ("__builtin_rintf", "rint"),
    ("__builtin_exp", "exp"),
    ("__builtin_log", "log"),
    ("__builtin_pow", "pow"),
    ("__builtin_copysign", "copysign"),
    ("__builtin_fabsf", "fabs"),
    ("__builtin_fabs", "fabs"),
    ("__builtin_sqrtf", "sqrt"),
    ("__builtin_sqrt", "sqrt"),
    ("__builtin_fminf", "fmin"),
    ("__builtin_fmaxf", "fmax"),
    ("__builtin_floorf", "floor"),
    ("__builtin_ceilf", "ceil"),
    ("__builtin_expf", "exp"),
    ("__builtin_logf", "log"),
    ("__builtin_powf", "pow"),
    ("__builtin_fmaf", "fma"),
    ("__builtin_copysignf", "copysign"),
];

/// The functions of OpenCL C 2.0 device-side enqueue (`section::ENQUEUE`), which oclc
/// does not support: a call names the feature instead of being undeclared.
const DEVICE_ENQUEUE: [&str; 16] = [
    "enqueue_kernel",
    "enqueue_marker",
    "get_default_queue",
    "ndrange_1D",
    "ndrange_2D",
    "ndrange_3D",
    "retain_event",
    "release_event",
    "create_user_event",
    "is_valid_event",
    "set_user_event_status",
    "capture_event_profiling_info",
    "get_kernel_work_group_size",
    "get_kernel_preferred_work_group_size_multiple",
    "get_kernel_max_sub_group_size_for_ndrange",
    "get_kernel_sub_group_count_for_ndrange",
];

/// Pipe functions.
const PIPE_FUNCTIONS: &[(&str, PipeOp)] = {
    const fn packet(write: bool) -> PipeOp {
        PipeOp::Packet {
            write,
            reserved: false,
        }
    }
    const fn reserve(write: bool, group: Option<GroupScope>) -> PipeOp {
        PipeOp::Reserve { write, group }
    }
    const fn commit(write: bool, group: Option<GroupScope>) -> PipeOp {
        PipeOp::Commit { write, group }
    }
    const WG: Option<GroupScope> = Some(GroupScope::WorkGroup);
    const SG: Option<GroupScope> = Some(GroupScope::SubGroup);
    &[
        ("read_pipe", packet(false)),
        ("write_pipe", packet(true)),
        ("reserve_read_pipe", reserve(false, None)),
        ("reserve_write_pipe", reserve(true, None)),
        ("commit_read_pipe", commit(false, None)),
        ("commit_write_pipe", commit(true, None)),
        ("work_group_reserve_read_pipe", reserve(false, WG)),
        ("work_group_reserve_write_pipe", reserve(true, WG)),
        ("work_group_commit_read_pipe", commit(false, WG)),
        ("work_group_commit_write_pipe", commit(true, WG)),
        ("sub_group_reserve_read_pipe", reserve(false, SG)),
        ("sub_group_reserve_write_pipe", reserve(true, SG)),
        ("sub_group_commit_read_pipe", commit(false, SG)),
        ("sub_group_commit_write_pipe", commit(true, SG)),
        ("is_valid_reserve_id", PipeOp::IsValidReserveId),
        ("get_pipe_num_packets", PipeOp::NumPackets),
        ("get_pipe_max_packets", PipeOp::MaxPackets),
    ]
};

/// A `memory_order_*` enumerator's row: its name and value are the IR's
/// ([`MemoryOrder::name`], [`MemoryOrder::value`]).
const fn order(order: MemoryOrder, requires: Requires) -> (&'static str, i64, Requires) {
    (order.name(), order.value(), requires)
}

/// A `memory_scope_*` enumerator's row, named and valued by the IR.
const fn scope(scope: MemoryScope, requires: Requires) -> (&'static str, i64, Requires) {
    (scope.name(), scope.value(), requires)
}

/// Enumerators and constants that are identifiers (not macros), with
/// their values and requirements. Orders, scopes and fence flags take
/// their names and values from `oclc_ir` (a test checks every one of the
/// IR's is here).
const CONSTANTS: &[(&str, i64, Requires)] = &[
    order(MemoryOrder::Relaxed, cl20(section::ORDER, &[])),
    order(MemoryOrder::Acquire, cl20(section::ORDER, &[])),
    order(MemoryOrder::Release, cl20(section::ORDER, &[])),
    order(MemoryOrder::AcqRel, cl20(section::ORDER, &[])),
    order(
        MemoryOrder::SeqCst,
        cl20(
            section::ORDER,
            &[Need::AllIn30(&[Feature::AtomicOrderSeqCst])],
        ),
    ),
    scope(MemoryScope::WorkItem, cl20(section::SCOPE, &[])),
    scope(MemoryScope::WorkGroup, cl20(section::SCOPE, &[])),
    scope(
        MemoryScope::Device,
        cl20(
            section::SCOPE,
            &[Need::AllIn30(&[Feature::AtomicScopeDevice])],
        ),
    ),
    scope(MemoryScope::AllSvmDevices, ALL_DEVICES_SCOPE),
    (
        "memory_scope_all_devices",
        MemoryScope::AllSvmDevices.value(),
        Requires {
            std: ClStd::Cl30,
            spelled_in_2_0: Some("memory_scope_all_svm_devices"),
            ..ALL_DEVICES_SCOPE
        },
    ),
    scope(
        MemoryScope::SubGroup,
        cl20(section::SCOPE, &[Need::Any(SUB_GROUPS)]),
    ),
    ("CLK_LOCAL_MEM_FENCE", FENCE_LOCAL, ALWAYS),
    ("CLK_GLOBAL_MEM_FENCE", FENCE_GLOBAL, ALWAYS),
    ("CLK_IMAGE_MEM_FENCE", FENCE_IMAGE, ALWAYS),
    ("true", 1, ALWAYS),
    ("false", 0, ALWAYS),
];

/// The constants of type `bool` (the others are `int`), as clang types
/// them.
pub(crate) const BOOLEAN_CONSTANTS: [&str; 2] = ["true", "false"];

/// `memory_scope_all_svm_devices`.
const ALL_DEVICES_SCOPE: Requires = cl20(
    section::SCOPE,
    &[Need::AllIn30(&[Feature::AtomicScopeAllDevices])],
);

/// Type names that not every target has.
const TYPES: &[(&str, Requires)] = &[
    // `double` (and its vectors): `cl_khr_fp64`, or `__opencl_c_fp64`.
    (
        "double",
        Requires {
            needs: &[Need::Any(&[Feature::KhrFp64, Feature::Fp64])],
            section: section::DATA_TYPES,
            ..ALWAYS
        },
    ),
    ("atomic_int", cl20(section::ATOMIC_TYPES, &[])),
    ("atomic_uint", cl20(section::ATOMIC_TYPES, &[])),
    (
        "atomic_long",
        cl20(section::ATOMIC_TYPES, &[Need::All(INT64_ATOMICS)]),
    ),
    (
        "atomic_ulong",
        cl20(section::ATOMIC_TYPES, &[Need::All(INT64_ATOMICS)]),
    ),
    (
        "atomic_half",
        cl20(
            section::ATOMIC_TYPES,
            &[Need::All(&[Feature::KhrFp16, Feature::ExtFloatAtomics])],
        ),
    ),
    ("atomic_float", cl20(section::ATOMIC_TYPES, &[])),
    (
        "atomic_double",
        cl20(
            section::ATOMIC_TYPES,
            &[
                Need::All(INT64_ATOMICS),
                Need::Any(&[Feature::KhrFp64, Feature::Fp64]),
            ],
        ),
    ),
    ("atomic_intptr_t", POINTER_SIZED_ATOMIC),
    ("atomic_uintptr_t", POINTER_SIZED_ATOMIC),
    ("atomic_size_t", POINTER_SIZED_ATOMIC),
    ("atomic_ptrdiff_t", POINTER_SIZED_ATOMIC),
    ("atomic_flag", cl20(section::ATOMIC_TYPES, &[])),
    ("memory_order", cl20(section::ORDER, &[])),
    ("memory_scope", cl20(section::SCOPE, &[])),
    ("pipe", PIPES),
    ("reserve_id_t", PIPES),
];

/// Atomic types as wide as a pointer: 64-bit atomics with 64-bit pointers.
const POINTER_SIZED_ATOMIC: Requires = cl20(
    section::ATOMIC_TYPES,
    &[Need::AllWith64BitPointers(INT64_ATOMICS)],
);

/// The table, with its index by name.
pub(crate) struct Table {
    entries: Vec<Entry>,
    index: FxHashMap<&'static str, u32>,
}

impl Table {
    fn with_capacity(capacity: usize) -> Self {
        let mut index = FxHashMap::default();
        index.reserve(capacity);
        Table {
            entries: Vec::with_capacity(capacity),
            index,
        }
    }

    /// Adds a row; a name already present keeps its first row.
    fn add(&mut self, name: &'static str, class: Class, requires: Requires) {
        let next = self.entries.len() as u32;
        if let std::collections::hash_map::Entry::Vacant(slot) = self.index.entry(name) {
            slot.insert(next);
            self.entries.push(Entry {
                name,
                class,
                requires,
            });
        }
    }

    /// Adds a row with a generated name.
    fn add_owned(&mut self, name: String, class: Class, requires: Requires) {
        if !self.index.contains_key(name.as_str()) {
            // Built once per process and kept for its lifetime.
            let name: &'static str = Box::leak(name.into_boxed_str());
            self.add(name, class, requires);
        }
    }
}

/// What `requires` asks for, in words (`OpenCL C 2.0; \`cl_khr_…\``),
/// or `None` for a built-in every target has.
pub(crate) fn describe(requires: &Requires) -> Option<String> {
    let mut parts = Vec::new();
    if requires.std > ClStd::Cl10 {
        parts.push(format!(
            "OpenCL C {}",
            requires.std.to_string().trim_start_matches("CL")
        ));
    }
    let list = |features: &[Feature], joiner: &str| {
        let names: Vec<String> = features.iter().map(|f| format!("`{}`", f.name())).collect();
        names.join(joiner)
    };
    for need in requires.needs {
        parts.push(match *need {
            Need::All(f) => list(f, " and "),
            Need::Any(f) => list(f, " or "),
            Need::AllIn30(f) => format!("{} (under OpenCL C 3.0)", list(f, " and ")),
            Need::AllWith64BitPointers(f) => {
                format!("{} (with 64-bit pointers)", list(f, " and "))
            }
        });
    }
    (!parts.is_empty()).then(|| parts.join("; "))
}

/// Every built-in, in declaration order (built on first use: suggestions,
/// documentation and tests need the whole list, compiling does not).
pub(crate) fn entries() -> &'static [Entry] {
    static ALL: OnceLock<Vec<Entry>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut all = Table::with_capacity(2048);
        for entry in &table().entries {
            all.add(entry.name, entry.class, entry.requires);
        }
        conversions(&mut all);
        vector_data(&mut all);
        all.entries
    })
}

/// The built-in named `name`.
///
/// Most families are looked up in an index built on first use; the two
/// large generated ones (conversions and vector loads and stores, about
/// 700 names) are recognised by [`parse_conversion`] and
/// [`parse_vector_data`] instead, which keeps the index (built by every
/// compilation) small. A test checks that parsing finds exactly what the
/// generators list.
pub(crate) fn lookup(name: &str) -> Option<Builtin> {
    let table = table();
    if let Some(&i) = table.index.get(name) {
        let entry = &table.entries[i as usize];
        return Some(Builtin {
            class: entry.class,
            requires: entry.requires,
        });
    }
    let class = parse_conversion(name).or_else(|| parse_vector_data(name))?;
    Some(Builtin {
        class,
        requires: ALWAYS,
    })
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(build)
}

/// The vector lengths, with their spelling (empty for a scalar).
const LENGTHS: [(u8, &str); 6] = [(1, ""), (2, "2"), (3, "3"), (4, "4"), (8, "8"), (16, "16")];

/// The rounding suffixes.
const ROUNDINGS: [(Rounding, &str); 5] = [
    (Rounding::Default, ""),
    (Rounding::Rte, "_rte"),
    (Rounding::Rtz, "_rtz"),
    (Rounding::Rtp, "_rtp"),
    (Rounding::Rtn, "_rtn"),
];

/// The index: every family but the two that [`lookup`] parses.
fn build() -> Table {
    let mut t = Table::with_capacity(640);
    for &(name, f, requires) in WORK_ITEM {
        t.add(name, Class::WorkItem(f), requires);
    }
    for &(name, f, shape) in oclc_ir::LIBRARY {
        let requires = LIBRARY_REQUIREMENTS
            .iter()
            .find(|&&(g, _)| g == f)
            .map_or(ALWAYS, |&(_, requires)| requires);
        t.add(name, Class::Library(f, shape), requires);
    }
    sub_groups(&mut t);
    integer_extensions(&mut t);
    collectives(&mut t);
    for &(name, f) in IMAGES {
        t.add(name, Class::Image(f), ALWAYS);
    }
    for &(name, kind, requires) in FENCES {
        t.add(name, Class::Fence(kind), requires);
    }
    atomics(&mut t);
    clang_atomics(&mut t);
    for &(name, class, requires) in SINGLE {
        t.add(name, class, requires);
    }
    for name in DEVICE_ENQUEUE {
        t.add(name, Class::Unsupported("device-side enqueue"), ALWAYS);
    }
    for &(name, op) in PIPE_FUNCTIONS {
        t.add(name, Class::Pipe(op), PIPES);
    }
    for &(name, target) in GNU_ALIASES {
        t.add(name, Class::Alias(target), ALWAYS);
    }
    for &(name, value, requires) in CONSTANTS {
        t.add(name, Class::Constant(value), requires);
    }
    for &(name, requires) in TYPES {
        t.add(name, Class::Type, requires);
    }
    t
}

#[cfg(test)]
mod tests;
