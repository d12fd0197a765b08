//! Work-group collective functions (OpenCL C 3.0,
//! `section::WORK_GROUP_COLLECTIVES`), and their sub-group forms
//! (`sub_group_…`, `section::SUB_GROUPS`): `work_group_all`,
//! `work_group_any`, `work_group_broadcast`, and `work_group_reduce_<op>`,
//! `work_group_scan_inclusive_<op>`, `work_group_scan_exclusive_<op>` for
//! `op` in add, min, max, on `int`, `uint`, `long`, `ulong`, `float`,
//! `double` and `half`; with `cl_khr_subgroup_extended_types` the
//! sub-group forms also on `char`, `uchar`, `short`, `ushort`, and
//! `sub_group_broadcast` on vectors.

use oclc_ir::{BuiltinFn, Elems, ExprId, ExprKind, Family, GroupOp, Lens, Slot, Type};

use super::overload::{self, Failure};
use super::{wrong_count, wrong_type, Call};
use crate::lower::{Lowerer, TypeClass};

/// The overloads of the reductions, scans and broadcasts: `T f(T)` for
/// the 32- and 64-bit integers and the floating types.
const GROUP: &[Family] = &[Family {
    elems: Elems::Group,
    lens: Lens::One,
    params: &[Slot::G],
    result: Slot::G,
}];
/// With `cl_khr_subgroup_extended_types`: every scalar type.
const EXTENDED: &[Family] = &[Family {
    elems: Elems::All,
    lens: Lens::One,
    params: &[Slot::G],
    result: Slot::G,
}];
/// `sub_group_broadcast` with `cl_khr_subgroup_extended_types`: vectors too.
const EXTENDED_BROADCAST: &[Family] = &[Family {
    elems: Elems::All,
    lens: Lens::All,
    params: &[Slot::G],
    result: Slot::G,
}];

/// Lowers a call of a collective.
pub(super) fn lower(lw: &mut Lowerer<'_>, call: &Call<'_>, op: GroupOp, sub_group: bool) -> ExprId {
    let (arity_ok, expected) = match (op, sub_group) {
        (GroupOp::Broadcast, false) => ((2..=4).contains(&call.args.len()), "2, 3 or 4"),
        (GroupOp::Broadcast, true) => (call.args.len() == 2, "2"),
        _ => (call.args.len() == 1, "1"),
    };
    if !arity_ok {
        return wrong_count(lw, call, expected);
    }
    let values: Vec<ExprId> = call.args.iter().map(|a| lw.rvalue_expr(a)).collect();
    if values.iter().any(|&v| lw.is_poison(v)) {
        return lw.poison(call.span);
    }
    let value = values[0];
    let f = if sub_group {
        BuiltinFn::SubGroup(op)
    } else {
        BuiltinFn::WorkGroup(op)
    };
    match op {
        GroupOp::All | GroupOp::Any => {
            // `int work_group_all(int predicate)`: any scalar converts.
            if !lw.type_of(value).is_arithmetic() {
                return wrong_type(lw, call, value, "an `int` predicate");
            }
            let int = lw.int_ty();
            let predicate = lw.convert_arith(value, int);
            lw.push(ExprKind::Builtin(f, vec![predicate]), int, call.span)
        }
        _ => {
            // `cl_khr_subgroup_extended_types`: the sub-group forms also
            // take 8- and 16-bit integers, and `sub_group_broadcast` takes
            // vectors of every element type.
            let extended = sub_group
                && lw
                    .cx
                    .target
                    .supports(oclc_target::Feature::KhrSubgroupExtendedTypes);
            let families = match (extended, op) {
                (false, _) => GROUP,
                (true, GroupOp::Broadcast) => EXTENDED_BROADCAST,
                (true, _) => EXTENDED,
            };
            let value = match overload::resolve_in(lw, families, &values[..1]) {
                Ok(chosen) => {
                    let (target, _) = chosen.operand(lw, Slot::G);
                    lw.convert_arith(value, target)
                }
                Err(Failure::NoMatch) => {
                    return wrong_type(
                        lw,
                        call,
                        value,
                        "an `int`, `uint`, `long`, `ulong`, `float`, `double` or `half`",
                    )
                }
                Err(Failure::Ambiguous(tied)) => {
                    return overload::report_ambiguous(lw, call, &values[..1], &tied)
                }
            };
            let ty = lw.ty_of(value);
            let mut args = vec![value];
            if op == GroupOp::Broadcast {
                // A sub-group lane is a `uint`; a work-group id a `size_t`.
                let size = if sub_group {
                    lw.uint_ty()
                } else {
                    lw.size_ty()
                };
                let mut ids = Vec::new();
                for &id in &values[1..] {
                    if !lw.type_of(id).is_arithmetic() {
                        return wrong_type(lw, call, id, "a `size_t` local id");
                    }
                    ids.push(lw.convert_arith(id, size));
                }
                let local = if let [one] = ids[..] {
                    one
                } else {
                    let vector = lw.intern(Type::Vector {
                        elem: size,
                        len: ids.len() as u8,
                    });
                    lw.push(ExprKind::Construct(ids), vector, call.span)
                };
                args.push(local);
            }
            lw.push(ExprKind::Builtin(f, args), ty, call.span)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::table::{lookup, Class};
    use super::*;
    use oclc_ir::GroupArith;

    fn resolve(name: &str) -> Option<(GroupOp, bool)> {
        match lookup(name)?.class {
            Class::Collective(op, sub_group) => Some((op, sub_group)),
            _ => None,
        }
    }

    #[test]
    fn names() {
        assert_eq!(resolve("work_group_all"), Some((GroupOp::All, false)));
        assert_eq!(
            resolve("work_group_scan_exclusive_max"),
            Some((GroupOp::ScanExclusive(GroupArith::Max), false))
        );
        assert_eq!(
            resolve("sub_group_reduce_add"),
            Some((GroupOp::Reduce(GroupArith::Add), true))
        );
        assert_eq!(resolve("work_group_reduce_mul"), None);
        assert_eq!(resolve("work_group_barrier"), None);
    }
}
