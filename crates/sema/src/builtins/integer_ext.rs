//! The integer extensions OpenCL C 3.1 makes core: `cl_khr_extended_bit_ops`
//! (`bitfield_insert`, `bitfield_extract_signed`,
//! `bitfield_extract_unsigned`, `bit_reverse`) and
//! `cl_khr_integer_dot_product` (`dot` and `dot_acc_sat` on `char4`/`uchar4`,
//! and the `dot_4x8packed_*` and `dot_acc_sat_4x8packed_*` functions on
//! `uint`s packing four bytes), each available when its extension is.
//!
//! Overloads, as clang declares them: the bit functions take any integer
//! scalar or vector (`gentype`) and `uint` offsets and counts; an extract
//! returns the signed or unsigned type of the base's width. The dot
//! products take two 4 × 8-bit vectors of either signedness and return
//! `uint` when both are unsigned, else `int`; the accumulator of
//! `dot_acc_sat` has the result's type.

use oclc_ir::{BitOp, BuiltinFn, ExprId, ExprKind, IntDot, Type, TypeId};
use oclc_target::Feature;

use super::{lowered_args, wrong_type, Call};
use crate::lower::{Lowerer, TypeClass};
use crate::spec::section;

/// A function of the two extensions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum IntegerFn {
    /// A `cl_khr_extended_bit_ops` function.
    Bit(BitOp),
    /// `dot_acc_sat` on two vectors (`dot` on integer vectors is the
    /// library's `dot`, which hands such calls to [`dot`]).
    DotAccSat,
    /// A `dot_[acc_sat_]4x8packed_<signs>_<result>` function.
    Packed(IntDot),
}

/// Lowers a call of `f`.
pub(super) fn lower(lw: &mut Lowerer<'_>, call: &Call<'_>, f: IntegerFn) -> ExprId {
    match f {
        IntegerFn::Bit(op) => bit_op(lw, call, op),
        IntegerFn::DotAccSat => match lowered_args(lw, call, 3) {
            Ok(values) => dot(lw, call, &values),
            Err(poison) => poison,
        },
        IntegerFn::Packed(f) => packed(lw, call, f),
    }
}

fn bit_op(lw: &mut Lowerer<'_>, call: &Call<'_>, op: BitOp) -> ExprId {
    let arity = match op {
        BitOp::Insert => 4,
        BitOp::ExtractSigned | BitOp::ExtractUnsigned => 3,
        BitOp::Reverse => 1,
    };
    let values = match lowered_args(lw, call, arity) {
        Ok(values) => values,
        Err(poison) => return poison,
    };
    let base = values[0];
    let base_ty = lw.ty_of(base);
    let Some((bits, _, len)) = integer_shape(lw, base_ty) else {
        return wrong_type(lw, call, base, "an integer scalar or vector");
    };
    let mut args = vec![base];
    let mut rest = &values[1..];
    if op == BitOp::Insert {
        let insert = values[1];
        if lw.ty_of(insert) != base_ty && !lw.type_of(insert).is_integer_like() {
            let name = lw.type_name(base_ty);
            return wrong_type(lw, call, insert, &format!("`{name}`"));
        }
        args.push(lw.convert_arith(insert, base_ty));
        rest = &values[2..];
    }
    let uint = lw.uint_ty();
    for &value in rest {
        if !lw.type_of(value).is_integer_like() {
            return wrong_type(lw, call, value, "a `uint` offset or count");
        }
        args.push(lw.convert_arith(value, uint));
    }
    let ty = match op {
        BitOp::ExtractSigned | BitOp::ExtractUnsigned => {
            let elem = lw.int_type(bits, op == BitOp::ExtractSigned);
            match len {
                Some(len) => lw.intern(Type::Vector { elem, len }),
                None => elem,
            }
        }
        BitOp::Insert | BitOp::Reverse => base_ty,
    };
    lw.push(ExprKind::Builtin(BuiltinFn::BitOp(op), args), ty, call.span)
}

/// The width, signedness and length (`None` for a scalar) of an integer
/// scalar or vector type; `None` for any other type (`bool` included).
fn integer_shape(lw: &Lowerer<'_>, ty: TypeId) -> Option<(u8, bool, Option<u8>)> {
    match lw.ty(ty) {
        Type::Int { bits, signed } => Some((bits, signed, None)),
        Type::Vector { elem, len } => match lw.ty(elem) {
            Type::Int { bits, signed } => Some((bits, signed, Some(len))),
            _ => None,
        },
        _ => None,
    }
}

/// Whether `ty` is `char4` (`Some(true)`) or `uchar4` (`Some(false)`).
fn byte_vector_sign(lw: &Lowerer<'_>, ty: TypeId) -> Option<bool> {
    match integer_shape(lw, ty) {
        Some((8, signed, Some(4))) => Some(signed),
        _ => None,
    }
}

/// `dot(a, b)` (two values) or `dot_acc_sat(a, b, acc)` (three) on
/// `char4`/`uchar4` vectors.
pub(super) fn dot(lw: &mut Lowerer<'_>, call: &Call<'_>, values: &[ExprId]) -> ExprId {
    // (`dot_acc_sat` was checked by name; `dot` has float overloads too.)
    if values.len() == 2 && !lw.cx.target.supports(Feature::KhrIntegerDotProduct) {
        lw.check_feature(
            &format!("`{}` on integer vectors", call.name),
            call.name_span,
            Feature::KhrIntegerDotProduct,
            section::INTEGER_FUNCTIONS,
        );
    }
    let (a, b) = (values[0], values[1]);
    let Some(a_signed) = byte_vector_sign(lw, lw.ty_of(a)) else {
        return wrong_type(lw, call, a, "a `char4` or `uchar4`");
    };
    let Some(b_signed) = byte_vector_sign(lw, lw.ty_of(b)) else {
        return wrong_type(lw, call, b, "a `char4` or `uchar4`");
    };
    let f = IntDot {
        a_signed,
        b_signed,
        acc_sat: values.len() == 3,
        packed: false,
    };
    finish(lw, call, f, vec![a, b], values.get(2).copied())
}

fn packed(lw: &mut Lowerer<'_>, call: &Call<'_>, f: IntDot) -> ExprId {
    let values = match lowered_args(lw, call, if f.acc_sat { 3 } else { 2 }) {
        Ok(values) => values,
        Err(poison) => return poison,
    };
    let uint = lw.uint_ty();
    let mut args = Vec::with_capacity(2);
    for &value in &values[..2] {
        if !lw.type_of(value).is_integer_like() {
            return wrong_type(lw, call, value, "a `uint` packing four 8-bit components");
        }
        args.push(lw.convert_arith(value, uint));
    }
    finish(lw, call, f, args, values.get(2).copied())
}

/// The dot product `f` of `args`, with the accumulator `acc` converted to
/// the result type.
fn finish(
    lw: &mut Lowerer<'_>,
    call: &Call<'_>,
    f: IntDot,
    mut args: Vec<ExprId>,
    acc: Option<ExprId>,
) -> ExprId {
    let ty = if f.a_signed || f.b_signed {
        lw.int_ty()
    } else {
        lw.uint_ty()
    };
    if let Some(acc) = acc {
        if !lw.type_of(acc).is_integer_like() {
            let name = lw.type_name(ty);
            return wrong_type(lw, call, acc, &format!("a `{name}` accumulator"));
        }
        args.push(lw.convert_arith(acc, ty));
    }
    lw.push(ExprKind::Builtin(BuiltinFn::IntDot(f), args), ty, call.span)
}
