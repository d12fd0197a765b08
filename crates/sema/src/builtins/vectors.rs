//! Vector data load and store functions (OpenCL C 3.0,
//! `section::VECTOR_DATA`):
//! `vloadn`, `vstoren`, `vload_half[n]`, `vloada_half[n]`,
//! `vstore_half[n][_<rounding>]` and `vstorea_half[n][_<rounding>]`.

use oclc_ir::{AddressSpace, BuiltinFn, ExprId, ExprKind, Rounding, Type};

use super::{lowered_args, wrong_type, Call};
use crate::codes;
use crate::lower::{Lowerer, TypeClass};

/// A load or store function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct DataFn {
    store: bool,
    n: u8,
    half: bool,
    aligned: bool,
    rounding: Rounding,
}

impl DataFn {
    /// A load (or a store, `store`) of `n` components, of `half` values
    /// (`aligned`: the `vloada_half`/`vstorea_half` forms), with the
    /// rounding of a half store.
    pub(super) const fn new(
        store: bool,
        n: u8,
        half: bool,
        aligned: bool,
        rounding: Rounding,
    ) -> Self {
        DataFn {
            store,
            n,
            half,
            aligned,
            rounding,
        }
    }
}

/// Lowers a call of a load or store function.
pub(super) fn lower(lw: &mut Lowerer<'_>, call: &Call<'_>, f: DataFn) -> ExprId {
    let arity = if f.store { 3 } else { 2 };
    let values = match lowered_args(lw, call, arity) {
        Ok(values) => values,
        Err(poison) => return poison,
    };
    let (data, offset, pointer) = if f.store {
        (Some(values[0]), values[1], values[2])
    } else {
        (None, values[0], values[1])
    };
    let Type::Pointer {
        pointee,
        space,
        quals,
    } = lw.type_of(pointer)
    else {
        return wrong_type(lw, call, pointer, "a pointer");
    };
    if f.store && space == AddressSpace::Constant {
        return wrong_type(lw, call, pointer, "a pointer to writable memory");
    }
    // The offset is a `size_t`; any arithmetic value converts.
    if !lw.type_of(offset).is_arithmetic() {
        return wrong_type(lw, call, offset, "a `size_t` offset");
    }
    // The element type in memory: `half` for the half forms; for a store
    // of a vector of `n` components, the vector's element (clang's
    // overloads take the data's type exactly); else the pointee.
    let stored_vector = data.and_then(|d| match lw.type_of(d) {
        Type::Vector { elem, len } if len == f.n && !f.half => Some(elem),
        _ => None,
    });
    let elem = if f.half {
        lw.intern(Type::Float { bits: 16 })
    } else if let Some(elem) = stored_vector {
        elem
    } else if matches!(lw.ty(pointee), Type::Int { .. } | Type::Float { .. }) {
        pointee
    } else {
        return wrong_type(lw, call, pointer, "a pointer to a scalar element type");
    };
    // A pointer to another type (older code passes `ushort *` for `half`
    // data), or a `const` one to a store: as in clang, a warning, and the
    // pointer reinterpreted.
    let pointer = if pointee != elem || (f.store && quals.const_) {
        let from = lw.type_name(lw.ty_of(pointer));
        let quals = if f.store { Default::default() } else { quals };
        let to = lw.pointer_to(elem, space, quals);
        let to_name = lw.type_name(to);
        lw.report(
            &codes::INCOMPATIBLE_POINTERS,
            format!("incompatible pointer types: `{from}` passed where `{to_name}` is expected"),
            lw.span_of(pointer),
            &format!("reinterpreted as a pointer to `{}`", lw.type_name(elem)),
        );
        lw.explicit_cast(pointer, to, call.span)
    } else {
        pointer
    };
    let size = lw.size_ty();
    let offset = lw.convert_arith(offset, size);
    // The value type: a half load gives `float`; a half store takes
    // `float` or `double` data, as OpenCL.std's `vstore_half[n][_r]` and
    // `vstorea_halfn[_r]` do, so that a `double` becomes a `half` in one
    // rounding (through `float` it would be rounded twice).
    let elem = if f.half {
        let double = data.is_some_and(|d| {
            let scalar = match lw.type_of(d) {
                Type::Vector { elem, .. } => lw.ty(elem),
                t => t,
            };
            scalar == Type::Float { bits: 64 }
        });
        lw.intern(Type::Float {
            bits: if double { 64 } else { 32 },
        })
    } else {
        elem
    };
    let vector = if f.n == 1 {
        elem
    } else {
        lw.intern(Type::Vector { elem, len: f.n })
    };
    match data {
        None => {
            let builtin = BuiltinFn::VLoad {
                n: f.n,
                half: f.half,
                aligned: f.aligned,
            };
            lw.push(
                ExprKind::Builtin(builtin, vec![offset, pointer]),
                vector,
                call.span,
            )
        }
        Some(data) => {
            let data_ok = match (lw.ty(lw.ty_of(data)), f.n) {
                (Type::Vector { len, elem: e }, n) => {
                    len == n && (e == elem || (f.half && matches!(lw.ty(e), Type::Float { .. })))
                }
                // A scalar is splatted, as clang's overloads convert it
                // (`vstore4(0.0f, i, p)`).
                (t, _) => t.is_arithmetic(),
            };
            let name = lw.type_name(vector);
            if !data_ok {
                return wrong_type(lw, call, data, &format!("`{name}` data"));
            }
            let data = lw.convert_arith(data, vector);
            let builtin = BuiltinFn::VStore {
                n: f.n,
                half: f.half,
                aligned: f.aligned,
                rounding: f.rounding,
            };
            let void = lw.void_ty();
            lw.push(
                ExprKind::Builtin(builtin, vec![data, offset, pointer]),
                void,
                call.span,
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::table::{lookup, Class};
    use super::*;

    fn resolve(name: &str) -> Option<DataFn> {
        match lookup(name)?.class {
            Class::Data(f) => Some(f),
            _ => None,
        }
    }

    #[test]
    fn names() {
        assert_eq!(
            resolve("vload4").map(|f| (f.store, f.n, f.half)),
            Some((false, 4, false))
        );
        assert_eq!(
            resolve("vstore16").map(|f| (f.store, f.n)),
            Some((true, 16))
        );
        assert_eq!(
            resolve("vload_half").map(|f| (f.n, f.half)),
            Some((1, true))
        );
        assert_eq!(
            resolve("vstorea_half4_rtn").map(|f| (f.n, f.aligned, f.rounding)),
            Some((4, true, Rounding::Rtn))
        );
        assert_eq!(resolve("vload5"), None);
        assert_eq!(resolve("vload"), None);
        assert_eq!(resolve("vloada_half"), None);
        assert_eq!(resolve("vload4_rte"), None);
    }
}
