//! The generated families of the built-in table: names spelled by small
//! generators from the same enumerations lowering uses (conversions and
//! vector data over every type, length and rounding; the integer
//! extensions; sub-group functions and collectives over their operators;
//! the `_explicit`, `atom_` and clang spellings of atomics), and the
//! parsers [`super::lookup`] uses for the two largest families instead of
//! indexing them. The fixed rows (work-item functions, fences, images,
//! constants, types) are in [`super`].

use super::*;

/// `convert_<type><n>[_sat][_<rounding>]` (`_sat` for integer results) and
/// `as_<type><n>`, for every element type and length.
pub(super) fn conversions(t: &mut Table) {
    for (elem, &(type_name, _, _, floating)) in ELEMENTS.iter().enumerate() {
        for (len, digits) in LENGTHS {
            for saturate in [false, true] {
                if saturate && floating {
                    continue;
                }
                let sat = if saturate { "_sat" } else { "" };
                for (rounding, suffix) in ROUNDINGS {
                    let class = Class::Conversion(Explicit::Convert {
                        elem,
                        len,
                        saturate,
                        rounding,
                    });
                    t.add_owned(
                        format!("convert_{type_name}{digits}{sat}{suffix}"),
                        class,
                        ALWAYS,
                    );
                }
            }
            let class = Class::Conversion(Explicit::As { elem, len });
            t.add_owned(format!("as_{type_name}{digits}"), class, ALWAYS);
        }
    }
}

/// `vloadn`, `vstoren`, `vload_half[n]`, `vloada_halfn`,
/// `vstore_half[n][_<rounding>]` and `vstorea_halfn[_<rounding>]`.
pub(super) fn vector_data(t: &mut Table) {
    for store in [false, true] {
        let verb = if store { "vstore" } else { "vload" };
        for (n, digits) in LENGTHS {
            if n > 1 {
                let f = DataFn::new(store, n, false, false, Rounding::Default);
                t.add_owned(format!("{verb}{digits}"), Class::Data(f), ALWAYS);
            }
            for aligned in [false, true] {
                if aligned && n == 1 {
                    continue;
                }
                let a = if aligned { "a" } else { "" };
                let roundings: &[(Rounding, &str)] =
                    if store { &ROUNDINGS } else { &ROUNDINGS[..1] };
                for &(rounding, suffix) in roundings {
                    let f = DataFn::new(store, n, true, aligned, rounding);
                    t.add_owned(
                        format!("{verb}{a}_half{digits}{suffix}"),
                        Class::Data(f),
                        ALWAYS,
                    );
                }
            }
        }
    }
}

/// The conversion named `name`: the inverse of [`conversions`].
pub(super) fn parse_conversion(name: &str) -> Option<Class> {
    if let Some(rest) = name.strip_prefix("as_") {
        let (elem, len) = parse_type(rest)?;
        return Some(Class::Conversion(Explicit::As { elem, len }));
    }
    let (rest, rounding) = strip_rounding(name.strip_prefix("convert_")?);
    let (rest, saturate) = match rest.strip_suffix("_sat") {
        Some(rest) => (rest, true),
        None => (rest, false),
    };
    let (elem, len) = parse_type(rest)?;
    if saturate && ELEMENTS[elem].3 {
        return None;
    }
    Some(Class::Conversion(Explicit::Convert {
        elem,
        len,
        saturate,
        rounding,
    }))
}

/// The load or store named `name`: the inverse of [`vector_data`].
pub(super) fn parse_vector_data(name: &str) -> Option<Class> {
    let (store, rest) = match name.strip_prefix("vload") {
        Some(rest) => (false, rest),
        None => (true, name.strip_prefix("vstore")?),
    };
    let (half, aligned, rest) = if let Some(rest) = rest.strip_prefix("a_half") {
        (true, true, rest)
    } else if let Some(rest) = rest.strip_prefix("_half") {
        (true, false, rest)
    } else {
        (false, false, rest)
    };
    let (rest, rounding) = if store && half {
        strip_rounding(rest)
    } else {
        (rest, Rounding::Default)
    };
    let n = match rest {
        "" if half && !aligned => 1,
        digits => LENGTHS.iter().find(|&&(n, d)| n > 1 && d == digits)?.0,
    };
    Some(Class::Data(DataFn::new(store, n, half, aligned, rounding)))
}

/// `char`, `float4`, … as (element index, length).
pub(super) fn parse_type(text: &str) -> Option<(usize, u8)> {
    let digits = text.trim_start_matches(|c: char| c.is_ascii_alphabetic());
    let type_name = &text[..text.len() - digits.len()];
    let elem = ELEMENTS.iter().position(|&(n, ..)| n == type_name)?;
    let &(len, _) = LENGTHS.iter().find(|&&(_, d)| d == digits)?;
    Some((elem, len))
}

/// `text` without a rounding suffix, and the rounding it names.
pub(super) fn strip_rounding(text: &str) -> (&str, Rounding) {
    ROUNDINGS[1..]
        .iter()
        .find_map(|&(rounding, suffix)| text.strip_suffix(suffix).map(|t| (t, rounding)))
        .unwrap_or((text, Rounding::Default))
}

/// `cl_khr_extended_bit_ops`.
const BIT_OPS: Requires = Requires {
    std: ClStd::Cl10,
    needs: &[Need::All(&[Feature::KhrExtendedBitOps])],
    section: section::INTEGER_FUNCTIONS,
    spelled_in_2_0: None,
};

/// `cl_khr_integer_dot_product`.
const DOT_PRODUCT: Requires = Requires {
    needs: &[Need::All(&[Feature::KhrIntegerDotProduct])],
    ..BIT_OPS
};

/// Adds the rows of both extensions to the built-in table through `add`.
/// The `cl_khr_extended_bit_ops` and `cl_khr_integer_dot_product`
/// functions, each needing its extension.
pub(super) fn integer_extensions(t: &mut Table) {
    for (name, op) in [
        ("bitfield_insert", BitOp::Insert),
        ("bitfield_extract_signed", BitOp::ExtractSigned),
        ("bitfield_extract_unsigned", BitOp::ExtractUnsigned),
        ("bit_reverse", BitOp::Reverse),
    ] {
        t.add(name, Class::Integer(IntegerFn::Bit(op)), BIT_OPS);
    }
    t.add(
        "dot_acc_sat",
        Class::Integer(IntegerFn::DotAccSat),
        DOT_PRODUCT,
    );
    for acc_sat in [false, true] {
        for (signs, a_signed, b_signed) in [
            ("uu_uint", false, false),
            ("ss_int", true, true),
            ("us_int", false, true),
            ("su_int", true, false),
        ] {
            let prefix = if acc_sat { "dot_acc_sat" } else { "dot" };
            let f = IntDot {
                a_signed,
                b_signed,
                acc_sat,
                packed: true,
            };
            t.add_owned(
                format!("{prefix}_4x8packed_{signs}"),
                Class::Integer(IntegerFn::Packed(f)),
                DOT_PRODUCT,
            );
        }
    }
}

/// The `cl_khr_subgroup_*` extension functions, each needing its
/// extension.
pub(super) fn sub_groups(t: &mut Table) {
    use SubGroupFn::*;
    let requires = |f: SubGroupFn| Requires {
        needs: match f {
            Elect | NonUniformAll | NonUniformAny | NonUniformAllEqual => {
                &[Need::All(&[Feature::KhrSubgroupNonUniformVote])]
            }
            NonUniformBroadcast | BroadcastFirst | Ballot | InverseBallot | BallotBitExtract
            | BallotBitCount(_) | BallotFindLsb | BallotFindMsb => BALLOT,
            Shuffle | ShuffleXor => &[Need::All(&[Feature::KhrSubgroupShuffle])],
            ShuffleUp | ShuffleDown => &[Need::All(&[Feature::KhrSubgroupShuffleRelative])],
            NonUniform(..) => &[Need::All(&[Feature::KhrSubgroupNonUniformArithmetic])],
            ClusteredReduce(_) => &[Need::All(&[Feature::KhrSubgroupClusteredReduce])],
            Rotate | ClusteredRotate => &[Need::All(&[Feature::KhrSubgroupRotate])],
        },
        ..SUB_GROUP_EXTENSION
    };
    const BALLOT: &[Need] = &[Need::All(&[Feature::KhrSubgroupBallot])];
    const SUB_GROUP_EXTENSION: Requires = Requires {
        section: section::SUB_GROUPS,
        ..ALWAYS
    };
    for (which, mask) in [
        ("eq", SubGroupMask::Eq),
        ("ge", SubGroupMask::Ge),
        ("gt", SubGroupMask::Gt),
        ("le", SubGroupMask::Le),
        ("lt", SubGroupMask::Lt),
    ] {
        let class = Class::SubGroup(SubGroupBuiltin::Mask(mask));
        let requires = Requires {
            needs: BALLOT,
            ..SUB_GROUP_EXTENSION
        };
        t.add_owned(format!("get_sub_group_{which}_mask"), class, requires);
    }
    let add = |t: &mut Table, name: String, f: SubGroupFn| {
        t.add_owned(
            name,
            Class::SubGroup(SubGroupBuiltin::Function(f)),
            requires(f),
        );
    };
    for (name, f) in [
        ("elect", Elect),
        ("non_uniform_all", NonUniformAll),
        ("non_uniform_any", NonUniformAny),
        ("non_uniform_all_equal", NonUniformAllEqual),
        ("non_uniform_broadcast", NonUniformBroadcast),
        ("broadcast_first", BroadcastFirst),
        ("ballot", Ballot),
        ("inverse_ballot", InverseBallot),
        ("ballot_bit_extract", BallotBitExtract),
        ("ballot_bit_count", BallotBitCount(GroupScan::Reduce)),
        (
            "ballot_inclusive_scan",
            BallotBitCount(GroupScan::Inclusive),
        ),
        (
            "ballot_exclusive_scan",
            BallotBitCount(GroupScan::Exclusive),
        ),
        ("ballot_find_lsb", BallotFindLsb),
        ("ballot_find_msb", BallotFindMsb),
        ("shuffle", Shuffle),
        ("shuffle_xor", ShuffleXor),
        ("shuffle_up", ShuffleUp),
        ("shuffle_down", ShuffleDown),
        ("rotate", Rotate),
        ("clustered_rotate", ClusteredRotate),
    ] {
        add(t, format!("sub_group_{name}"), f);
    }
    for (op, arith) in SUB_GROUP_ARITH {
        for (scan, form) in [
            (GroupScan::Reduce, "reduce"),
            (GroupScan::Inclusive, "scan_inclusive"),
            (GroupScan::Exclusive, "scan_exclusive"),
        ] {
            add(
                t,
                format!("sub_group_non_uniform_{form}_{op}"),
                NonUniform(scan, arith),
            );
        }
    }
    for (op, arith) in SUB_GROUP_ARITH {
        add(
            t,
            format!("sub_group_clustered_reduce_{op}"),
            ClusteredReduce(arith),
        );
    }
}

/// The operators of the sub-group arithmetic extensions.
const SUB_GROUP_ARITH: [(&str, SubGroupArith); 10] = [
    ("add", SubGroupArith::Add),
    ("mul", SubGroupArith::Mul),
    ("min", SubGroupArith::Min),
    ("max", SubGroupArith::Max),
    ("and", SubGroupArith::And),
    ("or", SubGroupArith::Or),
    ("xor", SubGroupArith::Xor),
    ("logical_and", SubGroupArith::LogicalAnd),
    ("logical_or", SubGroupArith::LogicalOr),
    ("logical_xor", SubGroupArith::LogicalXor),
];

/// `work_group_…` and `sub_group_…` `all`, `any`, `broadcast`, and
/// `reduce_<op>`, `scan_inclusive_<op>`, `scan_exclusive_<op>`.
pub(super) fn collectives(t: &mut Table) {
    for (prefix, sub_group) in [("work_group_", false), ("sub_group_", true)] {
        let requires = if sub_group {
            SUB_GROUP_FUNCTIONS
        } else {
            WORK_GROUP_COLLECTIVES
        };
        for (name, op) in [
            ("all", GroupOp::All),
            ("any", GroupOp::Any),
            ("broadcast", GroupOp::Broadcast),
        ] {
            t.add_owned(
                format!("{prefix}{name}"),
                Class::Collective(op, sub_group),
                requires,
            );
        }
        for (op, arith) in [
            ("add", GroupArith::Add),
            ("min", GroupArith::Min),
            ("max", GroupArith::Max),
        ] {
            for (form, group_op) in [
                ("reduce", GroupOp::Reduce(arith)),
                ("scan_inclusive", GroupOp::ScanInclusive(arith)),
                ("scan_exclusive", GroupOp::ScanExclusive(arith)),
            ] {
                t.add_owned(
                    format!("{prefix}{form}_{op}"),
                    Class::Collective(group_op, sub_group),
                    requires,
                );
            }
        }
    }
}

/// The C11 atomic functions (with and without `_explicit`, from OpenCL C
/// 2.0) and the OpenCL 1.x ones (`atomic_<op>` from 1.1, `atom_<op>` with
/// an extension providing them for some address space).
pub(super) fn atomics(t: &mut Table) {
    let c11 = cl20(section::ATOMIC_FUNCTIONS, &[]);
    for op in AtomicOp::C11 {
        let base = op.base_name();
        t.add(base, Class::Atomic(op, AtomicForm::Plain), c11);
        if op != AtomicOp::Init {
            t.add_owned(
                format!("{base}_explicit"),
                Class::Atomic(op, AtomicForm::Explicit),
                c11,
            );
        }
    }
    const BASE: &[Need] = &[Need::Any(&[
        Feature::KhrGlobalInt32BaseAtomics,
        Feature::KhrLocalInt32BaseAtomics,
        Feature::KhrInt64BaseAtomics,
    ])];
    const EXTENDED: &[Need] = &[Need::Any(&[
        Feature::KhrGlobalInt32ExtendedAtomics,
        Feature::KhrLocalInt32ExtendedAtomics,
        Feature::KhrInt64ExtendedAtomics,
    ])];
    for op in AtomicOp::LEGACY {
        let base = op.base_name();
        let cl11 = Requires {
            std: ClStd::Cl11,
            section: section::ATOMIC_FUNCTIONS,
            ..ALWAYS
        };
        t.add(base, Class::Atomic(op, AtomicForm::Legacy), cl11);
        let extended = op.is_legacy_extended();
        let atom = Requires {
            needs: if extended { EXTENDED } else { BASE },
            section: section::LEGACY_ATOMICS,
            ..ALWAYS
        };
        let suffix = base.strip_prefix("atomic_").unwrap_or(base);
        t.add_owned(
            format!("atom_{suffix}"),
            Class::Atomic(op, AtomicForm::LegacyAtom),
            atom,
        );
    }
}

/// clang's atomic built-ins, as clang 15 accepts them for OpenCL
/// (docs/mapping.md, "clang's atomic built-ins"): the GNU `__atomic_*`
/// and `__sync_*` families on plain objects, and `__c11_atomic_*` and
/// `__opencl_atomic_*` on atomic ones (OpenCL C 2.0, which has `_Atomic`
/// types). clang 15 has no `__scoped_atomic_*` and no
/// `__opencl_atomic_is_lock_free`.
pub(super) fn clang_atomics(t: &mut Table) {
    use AtomicForm::{ClangC11, ClangOpenCl, Gnu, Sync};
    use AtomicReturn::{Exchanged, Natural, Stored};
    let op = |op, form, returns| ClangAtomic::Op {
        op,
        form,
        returns,
        by_reference: false,
        unsigned: false,
    };
    let c11 = cl20(section::ATOMIC_FUNCTIONS, &[]);
    // Read-modify-writes: GNU `__atomic_fetch_<op>`/`__atomic_<op>_fetch`,
    // `__sync_fetch_and_<op>`/`__sync_<op>_and_fetch` and the C11 and
    // OpenCL `fetch_<op>`.
    const ARITHMETIC: [(&str, AtomicOp); 7] = [
        ("add", AtomicOp::FetchAdd),
        ("sub", AtomicOp::FetchSub),
        ("and", AtomicOp::FetchAnd),
        ("or", AtomicOp::FetchOr),
        ("xor", AtomicOp::FetchXor),
        ("min", AtomicOp::FetchMin),
        ("max", AtomicOp::FetchMax),
    ];
    for (name, rmw) in ARITHMETIC {
        t.add_owned(
            format!("__atomic_fetch_{name}"),
            Class::ClangAtomic(op(rmw, Gnu, Natural)),
            ALWAYS,
        );
        t.add_owned(
            format!("__atomic_{name}_fetch"),
            Class::ClangAtomic(op(rmw, Gnu, Stored)),
            ALWAYS,
        );
        t.add_owned(
            format!("__sync_fetch_and_{name}"),
            Class::ClangAtomic(op(rmw, Sync, Natural)),
            ALWAYS,
        );
        if !matches!(rmw, AtomicOp::FetchMin | AtomicOp::FetchMax) {
            t.add_owned(
                format!("__sync_{name}_and_fetch"),
                Class::ClangAtomic(op(rmw, Sync, Stored)),
                ALWAYS,
            );
        }
        t.add_owned(
            format!("__c11_atomic_fetch_{name}"),
            Class::ClangAtomic(op(rmw, ClangC11, Natural)),
            c11,
        );
        t.add_owned(
            format!("__opencl_atomic_fetch_{name}"),
            Class::ClangAtomic(op(rmw, ClangOpenCl, Natural)),
            c11,
        );
    }
    for (name, rmw) in [("umin", AtomicOp::FetchMin), ("umax", AtomicOp::FetchMax)] {
        let unsigned = ClangAtomic::Op {
            op: rmw,
            form: Sync,
            returns: Natural,
            by_reference: false,
            unsigned: true,
        };
        t.add_owned(
            format!("__sync_fetch_and_{name}"),
            Class::ClangAtomic(unsigned),
            ALWAYS,
        );
    }
    // NAND: SPIR-V has no such instruction (the back end loops on a
    // compare-exchange), and clang 15 has no `__opencl_atomic_fetch_nand`.
    for (name, form, returns, requires) in [
        ("__atomic_fetch_nand", Gnu, Natural, ALWAYS),
        ("__atomic_nand_fetch", Gnu, Stored, ALWAYS),
        ("__sync_fetch_and_nand", Sync, Natural, ALWAYS),
        ("__sync_nand_and_fetch", Sync, Stored, ALWAYS),
        ("__c11_atomic_fetch_nand", ClangC11, Natural, c11),
    ] {
        t.add(
            name,
            Class::ClangAtomic(op(AtomicOp::FetchNand, form, returns)),
            requires,
        );
    }
    let rows: &[(&str, ClangAtomic, Requires)] = &[
        ("__atomic_load_n", op(AtomicOp::Load, Gnu, Natural), ALWAYS),
        (
            "__atomic_store_n",
            op(AtomicOp::Store, Gnu, Natural),
            ALWAYS,
        ),
        (
            "__atomic_exchange_n",
            op(AtomicOp::Exchange, Gnu, Natural),
            ALWAYS,
        ),
        (
            "__atomic_compare_exchange_n",
            op(AtomicOp::CompareExchangeStrong, Gnu, Natural),
            ALWAYS,
        ),
        (
            "__atomic_test_and_set",
            op(AtomicOp::FlagTestAndSet, Gnu, Natural),
            ALWAYS,
        ),
        (
            "__atomic_clear",
            op(AtomicOp::FlagClear, Gnu, Natural),
            ALWAYS,
        ),
        (
            "__atomic_thread_fence",
            ClangAtomic::Fence(FenceKind::ThreadFence, Gnu),
            ALWAYS,
        ),
        (
            "__atomic_signal_fence",
            ClangAtomic::Fence(FenceKind::SignalFence, Gnu),
            ALWAYS,
        ),
        (
            "__atomic_always_lock_free",
            ClangAtomic::LockFree(Gnu),
            ALWAYS,
        ),
        ("__atomic_is_lock_free", ClangAtomic::LockFree(Gnu), ALWAYS),
        (
            "__sync_val_compare_and_swap",
            op(AtomicOp::LegacyCmpxchg, Sync, Natural),
            ALWAYS,
        ),
        (
            "__sync_bool_compare_and_swap",
            op(AtomicOp::LegacyCmpxchg, Sync, Exchanged),
            ALWAYS,
        ),
        (
            "__sync_lock_test_and_set",
            op(AtomicOp::Exchange, Sync, Natural),
            ALWAYS,
        ),
        ("__sync_swap", op(AtomicOp::Exchange, Sync, Natural), ALWAYS),
        (
            "__sync_lock_release",
            op(AtomicOp::Store, Sync, Natural),
            ALWAYS,
        ),
        (
            "__sync_synchronize",
            ClangAtomic::Fence(FenceKind::ThreadFence, Sync),
            ALWAYS,
        ),
        (
            "__c11_atomic_init",
            op(AtomicOp::Init, ClangC11, Natural),
            c11,
        ),
        (
            "__c11_atomic_store",
            op(AtomicOp::Store, ClangC11, Natural),
            c11,
        ),
        (
            "__c11_atomic_load",
            op(AtomicOp::Load, ClangC11, Natural),
            c11,
        ),
        (
            "__c11_atomic_exchange",
            op(AtomicOp::Exchange, ClangC11, Natural),
            c11,
        ),
        (
            "__c11_atomic_compare_exchange_strong",
            op(AtomicOp::CompareExchangeStrong, ClangC11, Natural),
            c11,
        ),
        (
            "__c11_atomic_compare_exchange_weak",
            op(AtomicOp::CompareExchangeWeak, ClangC11, Natural),
            c11,
        ),
        (
            "__c11_atomic_thread_fence",
            ClangAtomic::Fence(FenceKind::ThreadFence, ClangC11),
            c11,
        ),
        (
            "__c11_atomic_signal_fence",
            ClangAtomic::Fence(FenceKind::SignalFence, ClangC11),
            c11,
        ),
        (
            "__c11_atomic_is_lock_free",
            ClangAtomic::LockFree(ClangC11),
            c11,
        ),
        (
            "__opencl_atomic_init",
            op(AtomicOp::Init, ClangOpenCl, Natural),
            c11,
        ),
        (
            "__opencl_atomic_store",
            op(AtomicOp::Store, ClangOpenCl, Natural),
            c11,
        ),
        (
            "__opencl_atomic_load",
            op(AtomicOp::Load, ClangOpenCl, Natural),
            c11,
        ),
        (
            "__opencl_atomic_exchange",
            op(AtomicOp::Exchange, ClangOpenCl, Natural),
            c11,
        ),
        (
            "__opencl_atomic_compare_exchange_strong",
            op(AtomicOp::CompareExchangeStrong, ClangOpenCl, Natural),
            c11,
        ),
        (
            "__opencl_atomic_compare_exchange_weak",
            op(AtomicOp::CompareExchangeWeak, ClangOpenCl, Natural),
            c11,
        ),
    ];
    for &(name, class, requires) in rows {
        t.add(name, Class::ClangAtomic(class), requires);
    }
    // The generic GNU forms take the value and the result through pointers.
    for (name, atomic) in [
        ("__atomic_load", AtomicOp::Load),
        ("__atomic_store", AtomicOp::Store),
        ("__atomic_exchange", AtomicOp::Exchange),
        ("__atomic_compare_exchange", AtomicOp::CompareExchangeStrong),
    ] {
        let class = ClangAtomic::Op {
            op: atomic,
            form: Gnu,
            returns: Natural,
            by_reference: true,
            unsigned: false,
        };
        t.add(name, Class::ClangAtomic(class), ALWAYS);
    }
}
