//! Calls of the library functions of [`oclc_ir::LIBRARY`]: the overload
//! is chosen by [`super::overload`] from the signatures of the function's
//! [`Shape`]; the arguments are then converted to its parameter types.
//! Scalars passed to a vector overload (`fmin(float4, float)`,
//! `ldexp(float4, int)`) are splatted, since the instructions take
//! operands of one type.

use oclc_diagnostics::Diagnostic;
use oclc_ir::{BuiltinFn, Elems, ExprId, ExprKind, Family, Lens, LibFn, Quals, Shape, Slot, Type};

use super::overload::{self, Failure};
use super::{lowered_args, wrong_type, Call};
use crate::codes;
use crate::lower::Lowerer;

/// Lowers a call of the library function `f` with overloads `shape`.
pub(super) fn lower(lw: &mut Lowerer<'_>, call: &Call<'_>, f: LibFn, shape: Shape) -> ExprId {
    if matches!(shape, Shape::Shuffle | Shape::Shuffle2) {
        return shuffle(lw, call, f, shape);
    }
    let values = match lowered_args(lw, call, shape.arity()) {
        Ok(values) => values,
        Err(poison) => return poison,
    };
    let chosen = match overload::resolve(lw, shape, &values) {
        Ok(chosen) => chosen,
        Err(Failure::NoMatch) => return no_match(lw, call, shape, &values),
        Err(Failure::Ambiguous(tied)) => {
            return overload::report_ambiguous(lw, call, &values, &tied)
        }
    };
    let mut args = Vec::with_capacity(values.len());
    for (&value, &slot) in values.iter().zip(chosen.family.params) {
        let (ty, pointer) = chosen.operand(lw, slot);
        let arg = if pointer {
            // A pointer to another type converts with a warning, as in C.
            match lw.type_of(value) {
                Type::Pointer { space, .. } => {
                    let target = lw.pointer_to(ty, space, Quals::default());
                    let span = lw.span_of(value);
                    lw.convert_pointer(value, target, span, false)
                }
                _ => value,
            }
        } else {
            lw.convert_to_vector(value, ty)
        };
        args.push(arg);
    }
    // `dot(char4, uchar4)`: the integer dot product.
    if f == LibFn::Dot && matches!(chosen.elem, Type::Int { .. }) {
        return super::integer_ext::dot(lw, call, &args);
    }
    let result = chosen.result(lw);
    lw.push(
        ExprKind::Builtin(BuiltinFn::Lib(f), args),
        result,
        call.span,
    )
}

/// Reports a call that no overload accepts: at the first argument that no
/// overload takes in its position, else at the call.
fn no_match(lw: &mut Lowerer<'_>, call: &Call<'_>, shape: Shape, values: &[ExprId]) -> ExprId {
    let families = shape.families();
    if let Some((index, &value)) = values
        .iter()
        .enumerate()
        .find(|&(i, &v)| !overload::position_accepts(lw, shape, i, v))
    {
        let expected = expectation(families, index);
        return wrong_type(lw, call, value, &expected);
    }
    let types = overload::argument_types(lw, values);
    let mut diagnostic = Diagnostic::new(
        &codes::BUILTIN_ARGUMENTS,
        format!("no matching overload of `{}` for `({types})`", call.name),
    )
    .with_primary(call.span, "no overload takes these argument types together");
    for family in families {
        diagnostic = diagnostic.with_note(declared(call.name, family));
    }
    lw.push_diag(diagnostic);
    lw.poison(call.span)
}

/// What the overloads of `families` take in position `index`.
fn expectation(families: &[Family], index: usize) -> String {
    let slots = || families.iter().map(|f| f.params[index]);
    if slots().all(|s| matches!(s, Slot::PtrG | Slot::PtrIntG)) {
        return "a pointer outside `constant` memory".to_string();
    }
    let has = |e: Elems| families.iter().any(|f| f.elems == e);
    let mut kind = if has(Elems::All) || (has(Elems::Int) && has(Elems::Float)) {
        "integer or floating-point arguments (scalars or vectors)"
    } else if has(Elems::Float) && has(Elems::Bytes) {
        "floating-point vectors of up to 4 components, or `char4` and `uchar4`"
    } else if has(Elems::Float) {
        "floating-point arguments (`float`, `double`, `half` or vectors of them)"
    } else if has(Elems::Float32) {
        "`float` arguments (scalars or vectors)"
    } else if has(Elems::Int32) {
        "32-bit integer arguments (`int`, `uint` or vectors)"
    } else if has(Elems::Signed) {
        "signed integer arguments (scalars or vectors)"
    } else if has(Elems::Narrow) {
        "8-, 16- or 32-bit integer arguments"
    } else {
        "integer arguments (scalars or vectors)"
    }
    .to_string();
    if slots().all(|s| matches!(s, Slot::IntG | Slot::Int)) {
        kind = "`int` or an `int` vector".to_string();
    } else if families.iter().all(|f| f.lens == Lens::UpTo4) {
        kind += " of up to 4 components";
    } else if families.iter().all(|f| f.lens == Lens::ThreeFour) {
        kind = "3- or 4-component vectors of floating-point type".to_string();
    }
    kind
}

/// `declared as `Tn fmin(Tn, T)` for T = float, double, half; n = 2, …`.
fn declared(name: &str, family: &Family) -> String {
    format!(
        "declared as `{}` for {}",
        family.signature(name),
        family.domain()
    )
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
    // `gentypen`, `ugentypem`: n and m are 2, 4, 8 or 16 (no 3-vectors).
    let Type::Vector {
        elem,
        len: 2 | 4 | 8 | 16,
    } = lw.type_of(x)
    else {
        return wrong_type(lw, call, x, "a vector of 2, 4, 8 or 16 components");
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
        Type::Vector {
            elem: m,
            len: len @ (2 | 4 | 8 | 16),
        } if matches!(lw.ty(m), Type::Int { signed: false, bits } if bits == width) => len,
        _ => {
            return wrong_type(
                lw,
                call,
                mask,
                &format!("an unsigned integer vector mask of 2, 4, 8 or 16 {width}-bit components"),
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
