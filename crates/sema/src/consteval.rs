//! Constant folding of lowered IR expressions: integer constant
//! expressions (array sizes, `case` labels, enumerator values, attribute
//! arguments, order/scope/flags arguments) and constant initializers.
//!
//! Folding runs on the IR rather than the AST so that it sees exactly the
//! conversions lowering made explicit: a `Convert` to `uchar` truncates, a
//! signed division truncates toward zero, and so on, with C's semantics.
//! Enumerators (including the built-in `memory_order_*` and
//! `memory_scope_*`) and `sizeof` are already literals after lowering;
//! `const` variables with constant initializers are found through
//! [`ConstEnv::variables`].

use oclc_ir::{
    float, Arena, BinaryOp, Conversion, Expr, ExprId, ExprKind, Literal, Type, TypeId, Types,
    UnaryOp,
};
use rustc_hash::FxHashMap;

use crate::scope::Storage;

/// Deepest expression tree folded (deeper trees are "not constant").
const MAX_FOLD_DEPTH: u32 = 4096;

/// What folding reads.
pub struct ConstEnv<'a> {
    /// The type table.
    pub types: &'a Types,
    /// The expression arena the ids refer to.
    pub exprs: &'a Arena<ExprId, Expr>,
    /// Values of `const` variables with constant initializers.
    pub variables: &'a FxHashMap<Storage, Literal>,
}

/// The value of `id` when it is a compile-time constant.
pub fn fold(env: &ConstEnv<'_>, id: ExprId) -> Option<Literal> {
    fold_at(env, id, 0)
}

/// The address a constant pointer expression computes: a program-scope
/// variable (`None` for a kernel's `local` one, which has no address before
/// the kernel runs), the offset in whole variables, and the path of array
/// indices and member numbers from it.
pub fn fold_address(
    env: &ConstEnv<'_>,
    globals: &Arena<oclc_ir::GlobalId, oclc_ir::GlobalVariable>,
    id: ExprId,
) -> Option<(oclc_ir::GlobalId, i64, Vec<u64>)> {
    let mut steps = Vec::new();
    let mut current = id;
    // Walk from the outermost step inwards; offsets add to the step below.
    loop {
        if steps.len() > MAX_FOLD_DEPTH as usize {
            return None;
        }
        let expr = env.exprs.get(current)?;
        match expr.kind {
            ExprKind::Global(g) => {
                let variable = globals.get(g)?;
                if variable.kernel.is_some() {
                    return None;
                }
                let mut path: Vec<u64> = Vec::with_capacity(steps.len());
                let mut element = 0i64;
                for step in steps.into_iter().rev() {
                    match step {
                        AddressStep::Offset(by) => match path.last_mut() {
                            Some(last) => *last = last.checked_add_signed(by)?,
                            None => element = element.checked_add(by)?,
                        },
                        AddressStep::Index(i) => path.push(i),
                    }
                }
                return Some((g, element, path));
            }
            ExprKind::ElementPtr { pointer, index } => {
                steps.push(AddressStep::Index(
                    u64::try_from(fold_int(env, index)?).ok()?,
                ));
                current = pointer;
            }
            ExprKind::MemberPtr { pointer, field } => {
                steps.push(AddressStep::Index(u64::from(field)));
                current = pointer;
            }
            ExprKind::PtrOffset { pointer, index } => {
                steps.push(AddressStep::Offset(fold_int(env, index)?));
                current = pointer;
            }
            ExprKind::Convert(Conversion::PtrToPtr | Conversion::Bitcast, operand) => {
                current = operand;
            }
            _ => return None,
        }
    }
}

/// One step of [`fold_address`], outermost first.
enum AddressStep {
    Index(u64),
    Offset(i64),
}

/// The components of a constant vector expression (a vector literal, a
/// splat, or vectors of them), each of the element type.
pub fn fold_components(env: &ConstEnv<'_>, id: ExprId) -> Option<Vec<Literal>> {
    let mut out = Vec::new();
    components_at(env, id, 0, &mut out)?;
    Some(out)
}

fn components_at(env: &ConstEnv<'_>, id: ExprId, depth: u32, out: &mut Vec<Literal>) -> Option<()> {
    if depth > MAX_FOLD_DEPTH {
        return None;
    }
    let expr = env.exprs.get(id)?;
    let Type::Vector { elem, len } = env.types.get(expr.ty) else {
        out.push(fold_at(env, id, depth + 1)?);
        return Some(());
    };
    match &expr.kind {
        ExprKind::Construct(parts) => {
            for &part in parts {
                components_at(env, part, depth + 1, out)?;
            }
        }
        ExprKind::Convert(Conversion::Splat, operand) => {
            let from = env.types.get(env.exprs.get(*operand)?.ty);
            let to = env.types.get(elem);
            let value = fold_at(env, *operand, depth + 1)?;
            let value = match (from, to) {
                (a, b) if a == b => value,
                (Type::Int { .. }, Type::Int { .. }) => {
                    convert(Conversion::IntToInt, from, to, value)?
                }
                (Type::Int { .. }, Type::Float { .. }) => {
                    convert(Conversion::IntToFloat, from, to, value)?
                }
                (Type::Float { .. }, Type::Int { .. }) => {
                    convert(Conversion::FloatToInt, from, to, value)?
                }
                (Type::Float { .. }, Type::Float { .. }) => {
                    convert(Conversion::FloatToFloat, from, to, value)?
                }
                (Type::Bool, Type::Int { .. }) => convert(Conversion::BoolToInt, from, to, value)?,
                _ => return None,
            };
            out.extend(std::iter::repeat_n(value, usize::from(len)));
        }
        _ => return None,
    }
    Some(())
}

/// The integer value of a folded literal of type `ty` (booleans as 0/1).
pub fn as_i64(types: &Types, ty: TypeId, lit: Literal) -> Option<i64> {
    match (types.get(ty), lit) {
        (Type::Int { bits, signed }, Literal::Int(v)) => Some(int_value(v, bits, signed) as i64),
        (Type::Bool, Literal::Bool(b)) => Some(i64::from(b)),
        _ => None,
    }
}

/// Folds `id` to an integer value (for array sizes, labels, arguments).
pub fn fold_int(env: &ConstEnv<'_>, id: ExprId) -> Option<i64> {
    let expr = env.exprs.get(id)?;
    as_i64(env.types, expr.ty, fold(env, id)?)
}

/// The mathematical value of integer bits of the given width and sign.
fn int_value(bits_value: u64, bits: u8, signed: bool) -> i128 {
    let width = u32::from(bits).clamp(1, 64);
    let masked = if width == 64 {
        bits_value
    } else {
        bits_value & ((1u64 << width) - 1)
    };
    if signed && width < 64 && masked >> (width - 1) & 1 == 1 {
        i128::from(masked) - (1i128 << width)
    } else if signed && width == 64 {
        i128::from(masked as i64)
    } else {
        i128::from(masked)
    }
}

/// Wraps a mathematical value to the bits of an integer type (sign-extended
/// for signed types, as [`Literal::Int`] stores them).
pub fn wrap_int(value: i128, bits: u8, signed: bool) -> u64 {
    let width = u32::from(bits).clamp(1, 64);
    let truncated = value as u64;
    let masked = if width == 64 {
        truncated
    } else {
        truncated & ((1u64 << width) - 1)
    };
    if signed {
        int_value(masked, bits, true) as u64
    } else {
        masked
    }
}

fn fold_at(env: &ConstEnv<'_>, id: ExprId, depth: u32) -> Option<Literal> {
    if depth > MAX_FOLD_DEPTH {
        return None;
    }
    let expr = env.exprs.get(id)?;
    let ty = env.types.get(expr.ty);
    let sub = |e: ExprId| fold_at(env, e, depth + 1);
    match &expr.kind {
        ExprKind::Literal(lit) => Some(*lit),
        ExprKind::Load(pointer) => match env.exprs.get(*pointer)?.kind {
            ExprKind::Local(l) => variable(env, Storage::Local(l)),
            ExprKind::Global(g) => variable(env, Storage::Global(g)),
            _ => None,
        },
        ExprKind::Convert(conversion, operand) => {
            let from = env.types.get(env.exprs.get(*operand)?.ty);
            convert(*conversion, from, ty, sub(*operand)?)
        }
        ExprKind::Unary(op, operand) => unary(*op, ty, sub(*operand)?),
        ExprKind::Binary(op, a, b) => {
            let operand_ty = env.types.get(env.exprs.get(*a)?.ty);
            binary(*op, operand_ty, sub(*a)?, sub(*b)?)
        }
        ExprKind::LogicalAnd(a, b) => match sub(*a)? {
            Literal::Bool(false) => Some(Literal::Bool(false)),
            Literal::Bool(true) => sub(*b),
            _ => None,
        },
        ExprKind::LogicalOr(a, b) => match sub(*a)? {
            Literal::Bool(true) => Some(Literal::Bool(true)),
            Literal::Bool(false) => sub(*b),
            _ => None,
        },
        ExprKind::Select {
            cond,
            then,
            otherwise,
        } => match sub(*cond)? {
            Literal::Bool(true) => sub(*then),
            Literal::Bool(false) => sub(*otherwise),
            _ => None,
        },
        _ => None,
    }
}

fn variable(env: &ConstEnv<'_>, storage: Storage) -> Option<Literal> {
    env.variables.get(&storage).copied()
}

fn convert(conversion: Conversion, from: Type, to: Type, value: Literal) -> Option<Literal> {
    match (conversion, from, to, value) {
        (
            Conversion::IntToInt,
            Type::Int {
                bits: fb,
                signed: fs,
            },
            Type::Int { bits, signed },
            Literal::Int(v),
        ) => Some(Literal::Int(wrap_int(int_value(v, fb, fs), bits, signed))),
        (
            Conversion::IntToFloat,
            Type::Int {
                bits: fb,
                signed: fs,
            },
            Type::Float { bits },
            Literal::Int(v),
        ) => Some(Literal::Float(float::int_to_float(
            int_value(v, fb, fs),
            bits,
        ))),
        (Conversion::FloatToInt, _, Type::Int { bits, signed }, Literal::Float(f)) => {
            if !f.is_finite() {
                return None;
            }
            Some(Literal::Int(wrap_int(f.trunc() as i128, bits, signed)))
        }
        (Conversion::FloatToFloat, _, Type::Float { bits }, Literal::Float(f)) => {
            Some(Literal::Float(round_float(f, bits)))
        }
        (Conversion::BoolToInt, _, Type::Int { .. }, Literal::Bool(b)) => {
            Some(Literal::Int(u64::from(b)))
        }
        (Conversion::ToBool, _, _, Literal::Int(v)) => Some(Literal::Bool(v != 0)),
        (Conversion::ToBool, _, _, Literal::Float(f)) => Some(Literal::Bool(f != 0.0)),
        (Conversion::ToBool, _, _, Literal::Null) => Some(Literal::Bool(false)),
        (Conversion::ToBool, _, _, Literal::Bool(b)) => Some(Literal::Bool(b)),
        (Conversion::PtrToPtr | Conversion::ToGeneric, _, _, Literal::Null) => Some(Literal::Null),
        // `as_float(INT_MAX)` (the headers' `NAN`) and the like.
        (
            Conversion::Bitcast,
            Type::Int { bits: 32, .. },
            Type::Float { bits: 32 },
            Literal::Int(v),
        ) => Some(Literal::Float(f64::from(f32::from_bits(v as u32)))),
        (
            Conversion::Bitcast,
            Type::Float { bits: 32 },
            Type::Int { bits: 32, signed },
            Literal::Float(f),
        ) => Some(Literal::Int(wrap_int(
            i128::from((f as f32).to_bits()),
            32,
            signed,
        ))),
        (
            Conversion::Bitcast,
            Type::Int { bits: 64, .. },
            Type::Float { bits: 64 },
            Literal::Int(v),
        ) => Some(Literal::Float(f64::from_bits(v))),
        (
            Conversion::Bitcast,
            Type::Float { bits: 64 },
            Type::Int { bits: 64, .. },
            Literal::Float(f),
        ) => Some(Literal::Int(f.to_bits())),
        _ => None,
    }
}

/// Rounds once to the precision of a floating type of `bits`.
fn round_float(value: f64, bits: u8) -> f64 {
    float::round_to_width(value, bits)
}

fn unary(op: UnaryOp, ty: Type, value: Literal) -> Option<Literal> {
    match (op, ty, value) {
        (UnaryOp::Neg, Type::Int { bits, signed }, Literal::Int(v)) => Some(Literal::Int(
            wrap_int(-int_value(v, bits, signed), bits, signed),
        )),
        (UnaryOp::BitNot, Type::Int { bits, signed }, Literal::Int(v)) => {
            Some(Literal::Int(wrap_int(i128::from(!v), bits, signed)))
        }
        (UnaryOp::Neg, _, Literal::Float(f)) => Some(Literal::Float(-f)),
        (UnaryOp::Not, _, Literal::Bool(b)) => Some(Literal::Bool(!b)),
        _ => None,
    }
}

fn binary(op: BinaryOp, operand_ty: Type, a: Literal, b: Literal) -> Option<Literal> {
    match (operand_ty, a, b) {
        (Type::Int { bits, signed }, Literal::Int(x), Literal::Int(y)) => int_binary(
            op,
            bits,
            signed,
            int_value(x, bits, signed),
            int_value(y, bits, signed),
        ),
        (Type::Float { bits }, Literal::Float(x), Literal::Float(y)) => {
            float_binary(op, bits, x, y)
        }
        (Type::Bool, Literal::Bool(x), Literal::Bool(y)) => match op {
            BinaryOp::Eq => Some(Literal::Bool(x == y)),
            BinaryOp::Ne => Some(Literal::Bool(x != y)),
            _ => None,
        },
        _ => None,
    }
}

fn int_binary(op: BinaryOp, bits: u8, signed: bool, x: i128, y: i128) -> Option<Literal> {
    let int = |v: i128| Some(Literal::Int(wrap_int(v, bits, signed)));
    let width = i128::from(bits);
    match op {
        BinaryOp::Add => int(x + y),
        BinaryOp::Sub => int(x - y),
        BinaryOp::Mul => int(x.wrapping_mul(y)),
        BinaryOp::Div if y != 0 => int(x / y),
        BinaryOp::Rem if y != 0 => int(x % y),
        BinaryOp::Div | BinaryOp::Rem => None,
        // OpenCL C masks the shift count by the width.
        BinaryOp::Shl => int(x << (y.rem_euclid(width) as u32)),
        BinaryOp::Shr => int(x >> (y.rem_euclid(width) as u32)),
        BinaryOp::BitAnd => int(x & y),
        BinaryOp::BitOr => int(x | y),
        BinaryOp::BitXor => int(x ^ y),
        BinaryOp::Eq => Some(Literal::Bool(x == y)),
        BinaryOp::Ne => Some(Literal::Bool(x != y)),
        BinaryOp::Lt => Some(Literal::Bool(x < y)),
        BinaryOp::Le => Some(Literal::Bool(x <= y)),
        BinaryOp::Gt => Some(Literal::Bool(x > y)),
        BinaryOp::Ge => Some(Literal::Bool(x >= y)),
    }
}

fn float_binary(op: BinaryOp, bits: u8, x: f64, y: f64) -> Option<Literal> {
    // An invalid operation on numbers (0/0, inf - inf, 0 * inf) gives the
    // positive quiet NaN, as clang's folding (APFloat) does; the host's
    // instruction would give x86's default NaN, whose sign bit is set. A
    // NaN operand propagates as it is.
    let fresh_nan = !x.is_nan() && !y.is_nan();
    let float = |v: f64| {
        let v = if v.is_nan() && fresh_nan {
            f64::NAN.copysign(1.0)
        } else {
            v
        };
        Some(Literal::Float(round_float(v, bits)))
    };
    match op {
        BinaryOp::Add => float(x + y),
        BinaryOp::Sub => float(x - y),
        BinaryOp::Mul => float(x * y),
        BinaryOp::Div => float(x / y),
        BinaryOp::Eq => Some(Literal::Bool(x == y)),
        BinaryOp::Ne => Some(Literal::Bool(x != y)),
        BinaryOp::Lt => Some(Literal::Bool(x < y)),
        BinaryOp::Le => Some(Literal::Bool(x <= y)),
        BinaryOp::Gt => Some(Literal::Bool(x > y)),
        BinaryOp::Ge => Some(Literal::Bool(x >= y)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_and_value_round_trip_signed_bits() {
        assert_eq!(wrap_int(-1, 32, true), u64::MAX);
        assert_eq!(int_value(u64::MAX, 32, true), -1);
        assert_eq!(wrap_int(-1, 32, false), 0xffff_ffff);
        assert_eq!(wrap_int(256, 8, false), 0);
        assert_eq!(int_value(0x80, 8, true), -128);
    }

    #[test]
    fn integer_division_truncates_and_rejects_zero() {
        assert_eq!(
            int_binary(BinaryOp::Div, 32, true, -7, 2),
            Some(Literal::Int(wrap_int(-3, 32, true)))
        );
        assert_eq!(int_binary(BinaryOp::Rem, 32, true, 1, 0), None);
    }

    #[test]
    fn unsigned_arithmetic_wraps() {
        assert_eq!(
            int_binary(BinaryOp::Sub, 32, false, 0, 1),
            Some(Literal::Int(0xffff_ffff))
        );
    }

    #[test]
    fn conversions_to_narrower_floats_round_once() {
        // `(float)(2^60 + 2^36 + 1L)`: through `double` it would be the
        // tie 2^60 + 2^36 and round down.
        let long = Type::Int {
            bits: 64,
            signed: true,
        };
        let v = (1u64 << 60) + (1 << 36) + 1;
        assert_eq!(
            convert(
                Conversion::IntToFloat,
                long,
                Type::Float { bits: 32 },
                Literal::Int(v)
            ),
            Some(Literal::Float(((1u64 << 60) + (1 << 37)) as f64))
        );
        // `(half)0x1.0000000000001p-25`: the smallest subnormal, not 0.
        let double = Type::Float { bits: 64 };
        let x = f64::from_bits(0x3e60_0000_0000_0001);
        assert_eq!(
            convert(
                Conversion::FloatToFloat,
                double,
                Type::Float { bits: 16 },
                Literal::Float(x)
            ),
            Some(Literal::Float(2f64.powi(-24)))
        );
        // Half arithmetic rounds to half: 2048 + 1 is 2048.
        assert_eq!(
            float_binary(BinaryOp::Add, 16, 2048.0, 1.0),
            Some(Literal::Float(2048.0))
        );
    }
}
