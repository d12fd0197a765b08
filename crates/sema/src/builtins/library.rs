//! Calls of the library functions of [`oclc_ir::LIBRARY`]: overload
//! resolution over the generic types of each function's [`Shape`].
//!
//! The generic type `G` of a call is taken from its arguments in generic
//! positions: the widest vector among them, its element type from the
//! first of them of the function's kind (floating-point or integer). Every
//! generic vector argument must then have `G`'s shape. A scalar is accepted
//! where the overload takes the element type (`fmin(float4, float)`), and,
//! as clang's overload resolution splats a scalar into a vector parameter,
//! where it takes `G` itself (`rotate(uint4, uint)`); either way it is
//! splatted, since the instructions take operands of one type. Scalar
//! arguments convert implicitly as in C (`pow(x, 2)`), which is also what
//! clang's overload resolution picks for the calls it accepts.

use oclc_ir::{BuiltinFn, ExprId, ExprKind, LibFn, Shape, Type, TypeId};

use super::{lowered_args, wrong_type, Call};
use crate::lower::{Lowerer, TypeClass};

/// The kind of element a shape works on.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Float,
    Int,
    Either,
}

/// Where an argument may be a scalar although the generic type is a
/// vector.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Slot {
    /// The generic type, or a scalar splatted into it.
    Gen,
    /// An `int` vector with the generic type's length, or a scalar
    /// integer splatted into it (`pown`, `ldexp`).
    IntN,
    /// A pointer to the generic type, in any address space (`fract`).
    PtrGen,
    /// A pointer to the `int` vector of the generic type's length (`frexp`).
    PtrIntN,
}

/// The kind, argument slots and result of a shape: result `None` is the
/// generic type, `Some(true)` its element type, `Some(false)` the unsigned
/// generic type.
fn signature(shape: Shape) -> (Kind, &'static [Slot], Option<bool>) {
    use Slot::*;
    match shape {
        Shape::F1 => (Kind::Float, &[Gen], None),
        Shape::F2 => (Kind::Float, &[Gen, Gen], None),
        Shape::Float1 => (Kind::Float, &[Gen], None),
        Shape::Float2 => (Kind::Float, &[Gen, Gen], None),
        Shape::F3 => (Kind::Float, &[Gen, Gen, Gen], None),
        Shape::F2Scalar => (Kind::Float, &[Gen, Gen], None),
        Shape::FStep => (Kind::Float, &[Gen, Gen], None),
        Shape::FMix => (Kind::Float, &[Gen, Gen, Gen], None),
        Shape::FClamp => (Kind::Float, &[Gen, Gen, Gen], None),
        Shape::FSmoothstep => (Kind::Float, &[Gen, Gen, Gen], None),
        Shape::FPowInt => (Kind::Float, &[Gen, IntN], None),
        Shape::FLdexp => (Kind::Float, &[Gen, IntN], None),
        Shape::I1 => (Kind::Int, &[Gen], None),
        Shape::IAbs => (Kind::Int, &[Gen], Some(false)),
        Shape::I2 | Shape::I2Int32 => (Kind::Int, &[Gen, Gen], None),
        Shape::I2Scalar => (Kind::Int, &[Gen, Gen], None),
        Shape::IAbsDiff => (Kind::Int, &[Gen, Gen], Some(false)),
        Shape::I3 | Shape::I3Int32 => (Kind::Int, &[Gen, Gen, Gen], None),
        Shape::IClamp => (Kind::Int, &[Gen, Gen, Gen], None),
        Shape::Dot | Shape::Distance => (Kind::Float, &[Gen, Gen], Some(true)),
        Shape::Length => (Kind::Float, &[Gen], Some(true)),
        Shape::Cross => (Kind::Float, &[Gen, Gen], None),
        Shape::Any3 => (Kind::Either, &[Gen, Gen, Gen], None),
        Shape::Test => (Kind::Float, &[Gen], None),
        Shape::Compare => (Kind::Float, &[Gen, Gen], None),
        Shape::AnyAll => (Kind::Int, &[Gen], None),
        Shape::Select => (Kind::Either, &[Gen, Gen], None),
        Shape::FPtr => (Kind::Float, &[Gen, PtrGen], None),
        Shape::FIntPtr => (Kind::Float, &[Gen, PtrIntN], None),
        Shape::F2IntPtr => (Kind::Float, &[Gen, Gen, PtrIntN], None),
        Shape::FToInt | Shape::Nan | Shape::Upsample => (Kind::Either, &[Gen], None),
        Shape::Shuffle => (Kind::Either, &[Gen], None),
        Shape::Shuffle2 => (Kind::Either, &[Gen, Gen], None),
    }
}

/// The integer type of a relational result for generic type `generic`:
/// `int` for a scalar (and for `any`/`all`), else the signed integer
/// vector of the element's width.
fn relational_result(lw: &mut Lowerer<'_>, shape: Shape, generic: TypeId) -> TypeId {
    match (shape, lw.ty(generic)) {
        (Shape::Test | Shape::Compare, Type::Vector { elem, len }) => {
            let bits = match lw.ty(elem) {
                Type::Float { bits } | Type::Int { bits, .. } => bits,
                _ => 32,
            };
            let elem = lw.int_type(bits, true);
            lw.intern(Type::Vector { elem, len })
        }
        _ => lw.int_ty(),
    }
}

/// Lowers a call of the library function `f` with overloads `shape`.
pub(super) fn lower(lw: &mut Lowerer<'_>, call: &Call<'_>, f: LibFn, shape: Shape) -> ExprId {
    if matches!(shape, Shape::Shuffle | Shape::Shuffle2) {
        return shuffle(lw, call, f, shape);
    }
    if matches!(shape, Shape::FToInt | Shape::Nan | Shape::Upsample) {
        return retyping(lw, call, f, shape);
    }
    let (_, slots, _) = signature(shape);
    let arity = slots.len() + usize::from(shape == Shape::Select);
    let values = match lowered_args(lw, call, arity) {
        Ok(values) => values,
        Err(poison) => return poison,
    };
    // `dot(char4, uchar4)`: the integer dot product.
    if f == LibFn::Dot && super::integer_ext::is_integer_dot(lw, values[0]) {
        return super::integer_ext::dot(lw, call, &values);
    }
    // `min`, `max` and `clamp` are integer or floating by their arguments.
    let shape = match f.also_floating() {
        Some(floating) if values.iter().any(|&v| is_float(lw, lw.ty_of(v))) => floating,
        _ => shape,
    };
    let (kind, slots, result) = signature(shape);
    let Some(generic) = generic_type(lw, kind, slots, &values) else {
        let expected = match kind {
            Kind::Float => {
                "floating-point arguments (`float`, `double`, `half` or vectors of them)"
            }
            Kind::Int => "integer arguments (scalars or vectors)",
            Kind::Either => "integer or floating-point arguments",
        };
        return wrong_type(lw, call, values[0], expected);
    };
    // `half_*` and `native_*` are declared for `float` only, as in clang:
    // a `double` or `half` scalar converts to `float`; other vectors have
    // no overload.
    let generic = if matches!(shape, Shape::Float1 | Shape::Float2) {
        match lw.ty(generic) {
            Type::Float { bits: 32 } => generic,
            Type::Vector { elem, .. } if lw.ty(elem) == (Type::Float { bits: 32 }) => generic,
            Type::Vector { .. } => {
                return wrong_type(
                    lw,
                    call,
                    values[0],
                    "`float` arguments (scalars or vectors)",
                )
            }
            _ => lw.float_ty(),
        }
    } else {
        generic
    };
    // `mul24(uchar, int)`: a scalar narrower than `int` promotes to the
    // `int` overload, as in clang's overload resolution.
    let generic = match (shape, lw.ty(generic)) {
        (Shape::I2Int32 | Shape::I3Int32, t) if t.is_integer_like() && int_bits(t) < 32 => {
            lw.int_ty()
        }
        _ => generic,
    };
    let (elem, len) = match lw.ty(generic) {
        Type::Vector { elem, len } => (elem, Some(len)),
        _ => (generic, None),
    };
    match shape {
        Shape::I2Int32 | Shape::I3Int32 if !matches!(lw.ty(elem), Type::Int { bits: 32, .. }) => {
            return wrong_type(
                lw,
                call,
                values[0],
                "32-bit integer arguments (`int`, `uint` or vectors)",
            );
        }
        Shape::Cross if !matches!(len, Some(3 | 4)) => {
            return wrong_type(lw, call, values[0], "3- or 4-component vectors");
        }
        _ => {}
    }
    let mut args = Vec::with_capacity(values.len());
    if shape == Shape::Select {
        // The selector: integers of the width and length of the values.
        let selector = values[2];
        let bits = match lw.ty(elem) {
            Type::Int { bits, .. } | Type::Float { bits } => bits,
            _ => 32,
        };
        let ok = match (lw.ty(lw.ty_of(selector)), len) {
            (Type::Vector { elem: e, len: n }, Some(l)) => {
                n == l && matches!(lw.ty(e), Type::Int { bits: b, .. } if b == bits)
            }
            (t, None) => t.is_integer_like(),
            _ => false,
        };
        if !ok {
            let name = lw.type_name(generic);
            return wrong_type(
                lw,
                call,
                selector,
                &format!("an integer selector of the width and length of `{name}`"),
            );
        }
    }
    for (&value, &slot) in values.iter().zip(slots) {
        let ty = lw.ty_of(value);
        let target = match slot {
            Slot::Gen => {
                let shape_ok = match (lw.ty(ty), len) {
                    (Type::Vector { len: n, .. }, Some(l)) => n == l,
                    (Type::Vector { .. }, None) => false,
                    // clang's overload resolution splats a scalar into
                    // any vector parameter (`rotate(uint4, uint)`).
                    (t, Some(_)) => t.is_arithmetic(),
                    (t, None) => t.is_arithmetic(),
                };
                if !shape_ok {
                    let name = lw.type_name(generic);
                    return wrong_type(lw, call, value, &format!("`{name}`"));
                }
                generic
            }
            Slot::PtrGen | Slot::PtrIntN => {
                let wanted = if slot == Slot::PtrGen {
                    generic
                } else {
                    let int = lw.int_ty();
                    match len {
                        Some(l) => lw.intern(Type::Vector { elem: int, len: l }),
                        None => int,
                    }
                };
                match lw.ty(ty) {
                    Type::Pointer { pointee, quals, .. } if pointee == wanted && !quals.const_ => {
                        args.push(value);
                        continue;
                    }
                    _ => {
                        let name = lw.type_name(wanted);
                        return wrong_type(
                            lw,
                            call,
                            value,
                            &format!("a pointer to writable `{name}`"),
                        );
                    }
                }
            }
            Slot::IntN => {
                let int = lw.int_ty();
                match (lw.ty(ty), len) {
                    (Type::Vector { len: n, elem: e }, Some(l))
                        if n == l && lw.ty(e).is_integer_like() =>
                    {
                        lw.intern(Type::Vector { elem: int, len: l })
                    }
                    (t, None) if t.is_integer_like() => int,
                    (t, Some(l)) if t.is_integer_like() => {
                        lw.intern(Type::Vector { elem: int, len: l })
                    }
                    _ => return wrong_type(lw, call, value, "`int` or an `int` vector"),
                }
            }
        };
        args.push(lw.convert_arith(value, target));
    }
    if shape == Shape::Select {
        let selector = values[2];
        // A scalar selector is an integer of the values' width (OpenCL.std
        // `select` needs it), converting as clang's overloads
        // (`char select(char, char, char)`) convert it.
        let target = match len {
            Some(_) => lw.ty_of(selector),
            None => {
                let bits = match lw.ty(elem) {
                    Type::Int { bits, .. } | Type::Float { bits } => bits,
                    _ => 32,
                };
                let signed = !matches!(lw.type_of(selector), Type::Int { signed: false, .. });
                lw.int_type(bits, signed)
            }
        };
        args.push(lw.convert_arith(selector, target));
    }
    let result = match result {
        None if matches!(shape, Shape::Test | Shape::Compare | Shape::AnyAll) => {
            relational_result(lw, shape, generic)
        }
        None => generic,
        Some(true) => elem,
        Some(false) => match lw.ty(elem) {
            Type::Int { bits, .. } => {
                let unsigned = lw.int_type(bits, false);
                match len {
                    Some(len) => lw.intern(Type::Vector {
                        elem: unsigned,
                        len,
                    }),
                    None => unsigned,
                }
            }
            _ => generic,
        },
    };
    lw.push(
        ExprKind::Builtin(BuiltinFn::Lib(f), args),
        result,
        call.span,
    )
}

fn is_float(lw: &Lowerer<'_>, ty: TypeId) -> bool {
    match lw.ty(ty) {
        Type::Float { .. } => true,
        Type::Vector { elem, .. } => matches!(lw.ty(elem), Type::Float { .. }),
        _ => false,
    }
}

fn is_int(lw: &Lowerer<'_>, ty: TypeId) -> bool {
    match lw.ty(ty) {
        Type::Vector { elem, .. } => lw.ty(elem).is_integer_like() && lw.ty(elem) != Type::Bool,
        t => t.is_integer_like(),
    }
}

/// The generic type of a call: the element type of the first generic
/// argument of the right kind (for a floating function given only
/// integers, `float`), widened to the longest vector among the generic
/// arguments. `None` when an argument has the wrong kind.
fn generic_type(
    lw: &mut Lowerer<'_>,
    kind: Kind,
    slots: &[Slot],
    values: &[ExprId],
) -> Option<TypeId> {
    let generic: Vec<TypeId> = values
        .iter()
        .zip(slots)
        .filter(|(_, s)| **s == Slot::Gen)
        .map(|(&v, _)| lw.ty_of(v))
        .collect();
    let fits = |lw: &Lowerer<'_>, t: TypeId| match kind {
        Kind::Float => is_float(lw, t),
        Kind::Int => is_int(lw, t),
        Kind::Either => is_float(lw, t) || is_int(lw, t),
    };
    let scalar_of = |lw: &Lowerer<'_>, t: TypeId| match lw.ty(t) {
        Type::Vector { elem, .. } => elem,
        _ => t,
    };
    let elem = match generic.iter().find(|&&t| fits(lw, t)) {
        Some(&t) => scalar_of(lw, t),
        // `sqrt(2)`: an integer scalar converts to `float`.
        None if kind == Kind::Float && generic.iter().all(|&t| lw.ty(t).is_integer_like()) => {
            lw.float_ty()
        }
        None => return None,
    };
    // Every generic argument must be of the kind, or a scalar that
    // converts (an integer literal to a floating function).
    for &t in &generic {
        let scalar = !matches!(lw.ty(t), Type::Vector { .. });
        if !(fits(lw, t) || (scalar && lw.ty(t).is_arithmetic() && kind != Kind::Int)) {
            return None;
        }
    }
    let len = generic
        .iter()
        .filter_map(|&t| match lw.ty(t) {
            Type::Vector { len, .. } => Some(len),
            _ => None,
        })
        .max();
    Some(match len {
        Some(len) => lw.intern(Type::Vector { elem, len }),
        None => elem,
    })
}

/// `shuffle(x, mask)` and `shuffle2(x, y, mask)`: the result has the
/// element type of `x` and the length of `mask`, whose components are
/// unsigned integers of the width of `x`'s.
fn shuffle(lw: &mut Lowerer<'_>, call: &Call<'_>, f: LibFn, shape: Shape) -> ExprId {
    let arity = if shape == Shape::Shuffle { 2 } else { 3 };
    let values = match lowered_args(lw, call, arity) {
        Ok(values) => values,
        Err(poison) => return poison,
    };
    let x = values[0];
    let Type::Vector { elem, .. } = lw.type_of(x) else {
        return wrong_type(lw, call, x, "a vector");
    };
    if shape == Shape::Shuffle2 && lw.ty_of(values[1]) != lw.ty_of(x) {
        let name = lw.type_name(lw.ty_of(x));
        return wrong_type(lw, call, values[1], &format!("`{name}`"));
    }
    let mask = values[arity - 1];
    let width = match lw.ty(elem) {
        Type::Int { bits, .. } | Type::Float { bits } => bits,
        _ => 32,
    };
    let mask_len = match lw.type_of(mask) {
        Type::Vector { elem: m, len } if matches!(lw.ty(m), Type::Int { signed: false, bits } if bits == width) => {
            len
        }
        _ => {
            return wrong_type(
                lw,
                call,
                mask,
                &format!("an unsigned integer vector mask of {width}-bit components"),
            )
        }
    };
    let result = lw.intern(Type::Vector {
        elem,
        len: mask_len,
    });
    lw.push(
        ExprKind::Builtin(BuiltinFn::Lib(f), values),
        result,
        call.span,
    )
}

/// `ilogb(x)` (an `int` per component), `nan(code)` (the floating type of
/// the code's width) and `upsample(hi, lo)` (twice the width): functions
/// whose result type is derived from the argument's rather than equal.
fn retyping(lw: &mut Lowerer<'_>, call: &Call<'_>, f: LibFn, shape: Shape) -> ExprId {
    let arity = if shape == Shape::Upsample { 2 } else { 1 };
    let values = match lowered_args(lw, call, arity) {
        Ok(values) => values,
        Err(poison) => return poison,
    };
    let x = values[0];
    let ty = lw.ty_of(x);
    let (elem, len) = match lw.ty(ty) {
        Type::Vector { elem, len } => (elem, Some(len)),
        _ => (ty, None),
    };
    let with_len = |lw: &mut Lowerer<'_>, e: TypeId| match len {
        Some(len) => lw.intern(Type::Vector { elem: e, len }),
        None => e,
    };
    let (args, result) = match (shape, lw.ty(elem)) {
        (Shape::FToInt, Type::Float { .. }) => {
            let int = lw.int_ty();
            (values, with_len(lw, int))
        }
        (
            Shape::Nan,
            Type::Int {
                bits,
                signed: false,
            },
        ) if bits >= 16 => {
            let float = lw.intern(Type::Float { bits });
            (values, with_len(lw, float))
        }
        (Shape::Upsample, Type::Int { bits, signed }) if bits <= 32 => {
            let lo_ty = lw.int_type(bits, false);
            let lo_ty = with_len(lw, lo_ty);
            if lw.ty_of(values[1]) != lo_ty {
                let name = lw.type_name(lo_ty);
                return wrong_type(lw, call, values[1], &format!("`{name}`"));
            }
            let wide = lw.int_type(bits * 2, signed);
            (values, with_len(lw, wide))
        }
        _ => {
            let expected = match shape {
                Shape::FToInt => "floating-point arguments",
                Shape::Nan => "an unsigned integer code of 16, 32 or 64 bits",
                _ => "an 8-, 16- or 32-bit integer",
            };
            return wrong_type(lw, call, x, expected);
        }
    };
    lw.push(
        ExprKind::Builtin(BuiltinFn::Lib(f), args),
        result,
        call.span,
    )
}

/// The width of a scalar integer type (`bool` counts as 1 bit).
fn int_bits(ty: Type) -> u8 {
    match ty {
        Type::Int { bits, .. } => bits,
        _ => 1,
    }
}
