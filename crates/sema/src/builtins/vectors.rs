//! Vector data load and store functions (OpenCL C 3.0 §6.15.8):
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
    let scalar_ok = matches!(lw.ty(pointee), Type::Int { .. } | Type::Float { .. });
    let half = Type::Float { bits: 16 };
    // Older code passes `ushort *` (or another scalar pointer) for the
    // `half` data: as clang, a warning, and the pointer reinterpreted.
    let pointer = if f.half && scalar_ok && lw.ty(pointee) != half {
        let from = lw.type_name(lw.ty_of(pointer));
        let half = lw.intern(half);
        let to = lw.pointer_to(half, space, quals);
        let to_name = lw.type_name(to);
        lw.report(
            &codes::INCOMPATIBLE_POINTERS,
            format!("incompatible pointer types: `{from}` passed where `{to_name}` is expected"),
            lw.span_of(pointer),
            "reinterpreted as a pointer to `half`",
        );
        lw.explicit_cast(pointer, to, call.span)
    } else {
        pointer
    };
    if !scalar_ok {
        let expected = if f.half {
            "a pointer to `half`"
        } else {
            "a pointer to a scalar element type"
        };
        return wrong_type(lw, call, pointer, expected);
    }
    if f.store && (quals.const_ || space == AddressSpace::Constant) {
        return wrong_type(lw, call, pointer, "a pointer to writable memory");
    }
    if !lw.type_of(offset).is_integer_like() {
        return wrong_type(lw, call, offset, "a `size_t` offset");
    }
    let size = lw.size_ty();
    let offset = lw.convert_arith(offset, size);
    let elem = if f.half { lw.float_ty() } else { pointee };
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
