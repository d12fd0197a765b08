//! The sub-group extension functions: `cl_khr_subgroup_ballot`,
//! `cl_khr_subgroup_non_uniform_vote`, `cl_khr_subgroup_non_uniform_arithmetic`,
//! `cl_khr_subgroup_clustered_reduce`, `cl_khr_subgroup_shuffle`,
//! `cl_khr_subgroup_shuffle_relative` and `cl_khr_subgroup_rotate` (core in
//! OpenCL C 3.1) (the OpenCL extension specification,
//! "Sub-group extensions"), each available when its extension is.
//!
//! Overloads, as clang declares them: `gentype` is any integer or floating
//! scalar (`char` … `ulong`, `float`, `double`, `half`); the value keeps
//! its type (no integer promotion). `sub_group_non_uniform_broadcast` also
//! takes vectors of those. Bitwise reductions take integers, logical ones
//! an `int` predicate. Lanes, masks, deltas and cluster sizes are `uint`;
//! a cluster size must be a constant power of two.

use oclc_ir::{
    BuiltinFn, ExprId, ExprKind, Literal, SubGroupArith, SubGroupFn, SubGroupMask, Type,
};

use super::{lowered_args, wrong_type, Call};
use crate::codes;
use crate::lower::{Lowerer, TypeClass};

/// A sub-group extension function, or a lane-mask query.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SubGroupBuiltin {
    /// A function taking operands.
    Function(SubGroupFn),
    /// `get_sub_group_<…>_mask()`.
    Mask(SubGroupMask),
}

/// The kind of value an operand must be.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Value {
    /// An integer or floating scalar.
    Scalar,
    /// That, or a vector of them.
    ScalarOrVector,
    /// An integer scalar.
    Integer,
}

/// Lowers a call of `builtin`.
pub(super) fn lower(lw: &mut Lowerer<'_>, call: &Call<'_>, builtin: SubGroupBuiltin) -> ExprId {
    use SubGroupFn::*;
    let f = match builtin {
        SubGroupBuiltin::Mask(mask) => {
            if let Err(poison) = lowered_args(lw, call, 0) {
                return poison;
            }
            let uint4 = uint4(lw);
            return lw.push(
                ExprKind::Builtin(BuiltinFn::SubGroupMask(mask), vec![]),
                uint4,
                call.span,
            );
        }
        SubGroupBuiltin::Function(f) => f,
    };
    let arity = match f {
        Elect => 0,
        NonUniformBroadcast | BallotBitExtract | Shuffle | ShuffleXor | ShuffleUp | ShuffleDown
        | ClusteredReduce(_) | Rotate => 2,
        ClusteredRotate => 3,
        _ => 1,
    };
    let values = match lowered_args(lw, call, arity) {
        Ok(values) => values,
        Err(poison) => return poison,
    };
    let int = lw.int_ty();
    let uint = lw.uint_ty();
    let uint4 = uint4(lw);
    let builtin = BuiltinFn::SubGroupExt(f);
    let (args, ty) = match f {
        Elect => (vec![], int),
        NonUniformAll | NonUniformAny | Ballot => {
            let Some(predicate) = predicate(lw, call, values[0]) else {
                return lw.poison(call.span);
            };
            (vec![predicate], if f == Ballot { uint4 } else { int })
        }
        InverseBallot | BallotBitCount(_) | BallotFindLsb | BallotFindMsb | BallotBitExtract => {
            let ballot = values[0];
            if lw.ty_of(ballot) != uint4 {
                return wrong_type(lw, call, ballot, "a `uint4` ballot");
            }
            let mut args = vec![ballot];
            if f == BallotBitExtract {
                let Some(lane) = lane(lw, call, values[1], "a `uint` lane") else {
                    return lw.poison(call.span);
                };
                args.push(lane);
            }
            let ty = if matches!(f, InverseBallot | BallotBitExtract) {
                int
            } else {
                uint
            };
            (args, ty)
        }
        NonUniformAllEqual | BroadcastFirst => {
            let Some(value) = value(lw, call, values[0], Value::Scalar) else {
                return lw.poison(call.span);
            };
            let ty = if f == NonUniformAllEqual {
                int
            } else {
                lw.ty_of(value)
            };
            (vec![value], ty)
        }
        Rotate | ClusteredRotate => {
            let Some(value) = value(lw, call, values[0], Value::Scalar) else {
                return lw.poison(call.span);
            };
            let Some(delta) = lane(lw, call, values[1], "a `uint` delta") else {
                return lw.poison(call.span);
            };
            let mut args = vec![value, delta];
            if f == ClusteredRotate {
                let Some(size) = cluster_size(lw, call, values[2]) else {
                    return lw.poison(call.span);
                };
                args.push(size);
            }
            (args, lw.ty_of(value))
        }
        NonUniformBroadcast | Shuffle | ShuffleXor | ShuffleUp | ShuffleDown => {
            let kind = if f == NonUniformBroadcast {
                Value::ScalarOrVector
            } else {
                Value::Scalar
            };
            let Some(value) = value(lw, call, values[0], kind) else {
                return lw.poison(call.span);
            };
            let what = match f {
                ShuffleXor => "a `uint` mask",
                ShuffleUp | ShuffleDown => "a `uint` delta",
                _ => "a `uint` lane",
            };
            let Some(lane) = lane(lw, call, values[1], what) else {
                return lw.poison(call.span);
            };
            (vec![value, lane], lw.ty_of(value))
        }
        NonUniform(_, op) | ClusteredReduce(op) => {
            let operand = match op {
                SubGroupArith::LogicalAnd
                | SubGroupArith::LogicalOr
                | SubGroupArith::LogicalXor => predicate(lw, call, values[0]),
                SubGroupArith::And | SubGroupArith::Or | SubGroupArith::Xor => {
                    value(lw, call, values[0], Value::Integer)
                }
                _ => value(lw, call, values[0], Value::Scalar),
            };
            let Some(operand) = operand else {
                return lw.poison(call.span);
            };
            let mut args = vec![operand];
            if let ClusteredReduce(_) = f {
                let Some(size) = cluster_size(lw, call, values[1]) else {
                    return lw.poison(call.span);
                };
                args.push(size);
            }
            (args, lw.ty_of(operand))
        }
    };
    lw.push(ExprKind::Builtin(builtin, args), ty, call.span)
}

fn uint4(lw: &mut Lowerer<'_>) -> oclc_ir::TypeId {
    let uint = lw.uint_ty();
    lw.intern(Type::Vector { elem: uint, len: 4 })
}

/// An `int` predicate from an integer scalar; reports otherwise.
fn predicate(lw: &mut Lowerer<'_>, call: &Call<'_>, arg: ExprId) -> Option<ExprId> {
    if !lw.type_of(arg).is_integer_like() {
        wrong_type(lw, call, arg, "an `int` predicate");
        return None;
    }
    let int = lw.int_ty();
    Some(lw.convert_arith(arg, int))
}

/// A `uint` operand (lane, mask, delta), folded to a literal when
/// constant; reports a non-integer.
fn lane(lw: &mut Lowerer<'_>, call: &Call<'_>, arg: ExprId, what: &str) -> Option<ExprId> {
    if !lw.type_of(arg).is_integer_like() {
        wrong_type(lw, call, arg, what);
        return None;
    }
    let uint = lw.uint_ty();
    Some(match lw.fold_int(arg) {
        Some(value) => {
            let span = lw.span_of(arg);
            lw.int_literal(i64::from(value as u32), uint, span)
        }
        None => lw.convert_arith(arg, uint),
    })
}

/// A value operand of the kind `kind`; reports another type.
fn value(lw: &mut Lowerer<'_>, call: &Call<'_>, arg: ExprId, kind: Value) -> Option<ExprId> {
    let element = |t: Type| match t {
        Type::Int { .. } => true,
        Type::Float { .. } => kind != Value::Integer,
        _ => false,
    };
    let ok = match lw.type_of(arg) {
        Type::Vector { elem, .. } if kind == Value::ScalarOrVector => element(lw.ty(elem)),
        t => element(t),
    };
    if ok {
        return Some(arg);
    }
    let expected = match kind {
        Value::Scalar => "an integer or floating scalar",
        Value::ScalarOrVector => "an integer or floating scalar or vector",
        Value::Integer => "an integer scalar",
    };
    wrong_type(lw, call, arg, expected);
    None
}

/// The cluster size: a constant power of two, as a `uint` literal.
fn cluster_size(lw: &mut Lowerer<'_>, call: &Call<'_>, arg: ExprId) -> Option<ExprId> {
    let span = lw.span_of(arg);
    let constant = lw
        .type_of(arg)
        .is_integer_like()
        .then(|| lw.fold_int(arg))
        .flatten();
    match constant {
        Some(size) if size > 0 && (size as u64).is_power_of_two() && size <= 128 => {
            let uint = lw.uint_ty();
            Some(lw.push(ExprKind::Literal(Literal::Int(size as u64)), uint, span))
        }
        _ => {
            lw.report(
                &codes::BUILTIN_ARGUMENTS,
                format!(
                    "the cluster size of `{}` must be a constant power of two (1 to 128)",
                    call.name
                ),
                span,
                "not a constant power of two",
            );
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::table::{entries, Class};

    #[test]
    fn every_function_needs_its_extension() {
        let mut count = 0;
        for entry in entries() {
            if let Class::SubGroup(_) = entry.class {
                count += 1;
                assert!(!entry.requires.needs.is_empty(), "{}", entry.name);
            }
        }
        assert_eq!(count, 65);
    }
}
