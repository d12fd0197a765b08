//! GNU built-ins that ported C code uses and clang accepts in OpenCL C,
//! without an OpenCL C function of the same meaning: byte swaps, find
//! first set, parity and `__builtin_constant_p`. (GNU names that are an
//! OpenCL C function under another name, such as `__builtin_clzll`, are
//! aliases in the built-in table.) Each is lowered to OpenCL operations
//! that evaluate its operand once:
//!
//! * `__builtin_bswap{16,32,64}(x)`: the unsigned value's bytes, reversed
//!   with `shuffle` on its `uchar` vector;
//! * `__builtin_ffs{,l,ll}(x)`: `(ctz(x) + 1) % (bits + 1)`, which is 0
//!   for 0 since OpenCL's `ctz(0)` is the width;
//! * `__builtin_parity{,l,ll}(x)`: `popcount(x) & 1`;
//! * `__builtin_clzll(x)`: `clz(x) + 64`, since `long long` is 128 bits
//!   in OpenCL C (clang's reading, which the runtime's compiler follows);
//! * `__builtin_constant_p(e)`: 1 when `e` folds to a constant, else 0,
//!   as clang answers without optimisation (`e` is not evaluated).

use oclc_ir::{BinaryOp, BuiltinFn, Conversion, ExprId, ExprKind, LibFn, Literal, Type};

use super::{lowered_args, wrong_count, wrong_type, Call};
use crate::lower::Lowerer;

/// A GNU built-in of this module.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum GnuFn {
    /// A bit operation on an integer of the given width in bits.
    Bits(BitFn, u8),
    /// `__builtin_constant_p`.
    ConstantP,
}

/// The bit operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BitFn {
    /// `__builtin_bswap16/32/64`.
    ByteSwap,
    /// `__builtin_ffs`, `ffsl`, `ffsll` (on `int`, `long`, `long`).
    FindFirstSet,
    /// `__builtin_parity`, `parityl`, `parityll`.
    Parity,
    /// `__builtin_clzll`: `long long` is 128 bits wide in OpenCL C, so
    /// clang counts the leading zeros of the zero-extended 128-bit value
    /// (64 more than `clz` of the `ulong`), and so does the runtime's own
    /// compiler.
    LeadingZeros128,
}

/// Lowers a call of `f`.
pub(super) fn lower(lw: &mut Lowerer<'_>, call: &Call<'_>, f: GnuFn) -> ExprId {
    let (f, bits) = match f {
        GnuFn::ConstantP => return constant_p(lw, call),
        GnuFn::Bits(f, bits) => (f, bits),
    };
    let values = match lowered_args(lw, call, 1) {
        Ok(values) => values,
        Err(poison) => return poison,
    };
    let value = values[0];
    if !matches!(lw.type_of(value), Type::Int { .. } | Type::Bool) {
        return wrong_type(lw, call, value, "an integer");
    }
    let span = call.span;
    let unsigned = lw.int_type(bits, false);
    let x = lw.convert_arith(value, unsigned);
    match f {
        BitFn::ByteSwap => {
            let bytes = bits / 8;
            let uchar = lw.int_type(8, false);
            let vector = lw.intern(Type::Vector {
                elem: uchar,
                len: bytes,
            });
            let as_bytes = lw.push(ExprKind::Convert(Conversion::Bitcast, x), vector, span);
            let mask: Vec<ExprId> = (0..bytes)
                .rev()
                .map(|i| lw.push(ExprKind::Literal(Literal::Int(u64::from(i))), uchar, span))
                .collect();
            let mask = lw.push(ExprKind::Construct(mask), vector, span);
            let swapped = lw.push(
                ExprKind::Builtin(BuiltinFn::Lib(LibFn::Shuffle), vec![as_bytes, mask]),
                vector,
                span,
            );
            lw.push(
                ExprKind::Convert(Conversion::Bitcast, swapped),
                unsigned,
                span,
            )
        }
        BitFn::FindFirstSet => {
            let modulus = i64::from(bits) + 1;
            int_result(
                lw,
                LibFn::Ctz,
                x,
                &[(BinaryOp::Add, 1), (BinaryOp::Rem, modulus)],
                span,
            )
        }
        BitFn::LeadingZeros128 => int_result(lw, LibFn::Clz, x, &[(BinaryOp::Add, 64)], span),
        BitFn::Parity => int_result(lw, LibFn::Popcount, x, &[(BinaryOp::BitAnd, 1)], span),
    }
}

/// `f(x)` on the unsigned `x`, then each `(op, constant)` in turn, as an
/// `int` (the GNU built-ins return `int`).
fn int_result(
    lw: &mut Lowerer<'_>,
    f: LibFn,
    x: ExprId,
    steps: &[(BinaryOp, i64)],
    span: oclc_diagnostics::Span,
) -> ExprId {
    let ty = lw.ty_of(x);
    let mut value = lw.push(ExprKind::Builtin(BuiltinFn::Lib(f), vec![x]), ty, span);
    for &(op, constant) in steps {
        let constant = lw.int_literal(constant, ty, span);
        value = lw.push(ExprKind::Binary(op, value, constant), ty, span);
    }
    let int = lw.int_ty();
    lw.convert_arith(value, int)
}

/// `__builtin_constant_p(e)`: whether `e` folds, without evaluating it.
fn constant_p(lw: &mut Lowerer<'_>, call: &Call<'_>) -> ExprId {
    let [operand] = call.args else {
        return wrong_count(lw, call, "1");
    };
    let mark = lw.mark();
    let value = lw.rvalue_expr(operand);
    let constant = !lw.is_poison(value) && lw.fold(value).is_some();
    lw.rewind(mark);
    let int = lw.int_ty();
    lw.int_literal(i64::from(constant), int, call.span)
}
