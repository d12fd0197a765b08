//! Asynchronous copies between global and local memory (OpenCL C 3.0,
//! `section::ASYNC_COPIES`): `async_work_group_copy`, `async_work_group_strided_copy`,
//! `wait_group_events` and `prefetch`.

use oclc_ir::{AddressSpace, BuiltinFn, ExprId, ExprKind, Literal, OpaqueType, Type};

use super::{lowered_args, wrong_type, Call};
use crate::lower::{Lowerer, TypeClass};

/// Lowers one of the four functions (`f` is the one named).
pub(super) fn lower(lw: &mut Lowerer<'_>, call: &Call<'_>, f: BuiltinFn) -> ExprId {
    let arity = match f {
        BuiltinFn::AsyncCopy { strided: false } => 4,
        BuiltinFn::AsyncCopy { strided: true } => 5,
        _ => 2,
    };
    let values = match lowered_args(lw, call, arity) {
        Ok(values) => values,
        Err(poison) => return poison,
    };
    let size = lw.size_ty();
    let event = lw.intern(Type::Opaque(OpaqueType::Event));
    match f {
        BuiltinFn::AsyncCopy { strided } => {
            let (dst, src) = (values[0], values[1]);
            let (
                Type::Pointer {
                    pointee: d,
                    space: ds,
                    quals,
                },
                Type::Pointer {
                    pointee: s,
                    space: ss,
                    ..
                },
            ) = (lw.type_of(dst), lw.type_of(src))
            else {
                return wrong_type(lw, call, dst, "pointers to `local` and `global` memory");
            };
            let spaces_ok = matches!(
                (ds, ss),
                (
                    AddressSpace::Local,
                    AddressSpace::Global | AddressSpace::Constant
                ) | (AddressSpace::Global, AddressSpace::Local)
            );
            if !spaces_ok || d != s || quals.const_ {
                return wrong_type(
                    lw,
                    call,
                    dst,
                    "a writable `local` destination with a `global` source of the same type, or the reverse",
                );
            }
            let mut args = vec![dst, src];
            for &count in &values[2..arity - 1] {
                if !lw.type_of(count).is_arithmetic() {
                    return wrong_type(lw, call, count, "a `size_t` count");
                }
                args.push(lw.convert_arith(count, size));
            }
            let given = values[arity - 1];
            let event_arg = match lw.type_of(given) {
                Type::Opaque(OpaqueType::Event) => given,
                // `0` (clang accepts it): no event to continue.
                t if t.is_integer_like() && lw.fold_int(given) == Some(0) => {
                    let span = lw.span_of(given);
                    lw.push(ExprKind::Literal(Literal::Null), event, span)
                }
                _ => return wrong_type(lw, call, given, "an `event_t`"),
            };
            args.push(event_arg);
            let _ = strided;
            lw.push(ExprKind::Builtin(f, args), event, call.span)
        }
        BuiltinFn::WaitGroupEvents => {
            let (count, list) = (values[0], values[1]);
            if !lw.type_of(count).is_integer_like() {
                return wrong_type(lw, call, count, "an `int` count");
            }
            if !matches!(lw.type_of(list), Type::Pointer { pointee, .. } if pointee == event) {
                return wrong_type(lw, call, list, "a pointer to `event_t`");
            }
            let int = lw.int_ty();
            let count = lw.convert_arith(count, int);
            let void = lw.void_ty();
            lw.push(ExprKind::Builtin(f, vec![count, list]), void, call.span)
        }
        _ => {
            let (pointer, count) = (values[0], values[1]);
            // `prefetch(const global gentype *p, size_t n)`: a pointer to
            // a scalar or vector of numbers.
            let numeric = |lw: &Lowerer<'_>, t| match lw.ty(t) {
                Type::Vector { elem, .. } => {
                    matches!(lw.ty(elem), Type::Int { .. } | Type::Float { .. })
                }
                t => matches!(t, Type::Int { .. } | Type::Float { .. }),
            };
            if !matches!(
                lw.type_of(pointer),
                Type::Pointer {
                    space: AddressSpace::Global,
                    pointee,
                    ..
                } if numeric(lw, pointee)
            ) {
                return wrong_type(lw, call, pointer, "a pointer to numbers in `global` memory");
            }
            if !lw.type_of(count).is_arithmetic() {
                return wrong_type(lw, call, count, "a `size_t` count");
            }
            let count = lw.convert_arith(count, size);
            let void = lw.void_ty();
            lw.push(ExprKind::Builtin(f, vec![pointer, count]), void, call.span)
        }
    }
}
