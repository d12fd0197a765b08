//! Built-in functions: the table of names oclc knows, overload resolution
//! by argument type and address space, and lowering of each call to its
//! IR node — [`ExprKind::Builtin`] for work-item functions and the library
//! functions of [`oclc_ir::LIBRARY`] ([`library`]), [`ExprKind::Fence`] for
//! fences and barriers, and [`ExprKind::Atomic`] for atomics
//! ([`atomics`]).
//!
//! Every built-in name resolved is first checked for availability on the
//! target ([`crate::rules::availability::check_name`]); lowering then
//! continues as if it were available.

mod async_copy;
mod atomics;
mod collectives;
mod conversions;
mod images;
mod library;
pub(crate) mod pipes;
mod printf;
pub(crate) mod subgroups;
mod vectors;

use oclc_diagnostics::Span;
use oclc_ir::{
    AddressSpace, AtomicForm, AtomicOp, BuiltinFn, ExprId, ExprKind, FenceCall, FenceKind, MemArg,
    TypeId,
};
use oclc_syntax::ast;

use crate::codes;
use crate::lower::{Lowerer, TypeClass};

/// Work-item functions taking a dimension index (and `get_work_dim`).
const WORK_ITEM: &[(&str, BuiltinFn)] = &[
    ("get_global_id", BuiltinFn::GetGlobalId),
    ("get_local_id", BuiltinFn::GetLocalId),
    ("get_group_id", BuiltinFn::GetGroupId),
    ("get_global_size", BuiltinFn::GetGlobalSize),
    ("get_local_size", BuiltinFn::GetLocalSize),
    ("get_num_groups", BuiltinFn::GetNumGroups),
    ("get_global_offset", BuiltinFn::GetGlobalOffset),
    ("get_enqueued_local_size", BuiltinFn::GetEnqueuedLocalSize),
    ("get_work_dim", BuiltinFn::GetWorkDim),
    ("get_global_linear_id", BuiltinFn::GetGlobalLinearId),
    ("get_local_linear_id", BuiltinFn::GetLocalLinearId),
    ("get_sub_group_size", BuiltinFn::GetSubGroupSize),
    ("get_max_sub_group_size", BuiltinFn::GetMaxSubGroupSize),
    ("get_num_sub_groups", BuiltinFn::GetNumSubGroups),
    (
        "get_enqueued_num_sub_groups",
        BuiltinFn::GetEnqueuedNumSubGroups,
    ),
    ("get_sub_group_id", BuiltinFn::GetSubGroupId),
    ("get_sub_group_local_id", BuiltinFn::GetSubGroupLocalId),
];

/// Fences and barriers.
const FENCES: &[(&str, FenceKind)] = &[
    ("barrier", FenceKind::Barrier),
    ("work_group_barrier", FenceKind::WorkGroupBarrier),
    ("mem_fence", FenceKind::MemFence),
    ("read_mem_fence", FenceKind::ReadMemFence),
    ("write_mem_fence", FenceKind::WriteMemFence),
    ("atomic_work_item_fence", FenceKind::AtomicWorkItemFence),
];

/// OpenCL 1.x atomic operations (spelled `atomic_<op>` and `atom_<op>`).
const LEGACY_ATOMICS: &[AtomicOp] = &[
    AtomicOp::LegacyAdd,
    AtomicOp::LegacySub,
    AtomicOp::LegacyXchg,
    AtomicOp::LegacyInc,
    AtomicOp::LegacyDec,
    AtomicOp::LegacyCmpxchg,
    AtomicOp::LegacyMin,
    AtomicOp::LegacyMax,
    AtomicOp::LegacyAnd,
    AtomicOp::LegacyOr,
    AtomicOp::LegacyXor,
];

/// What a built-in name denotes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Builtin {
    WorkItem(BuiltinFn),
    Library(oclc_ir::LibFn, oclc_ir::Shape),
    Conversion(conversions::Explicit),
    Data(vectors::DataFn),
    Collective(oclc_ir::GroupOp, bool),
    SubGroup(subgroups::SubGroupBuiltin),
    Image(images::ImageFn),
    Fence(FenceKind),
    Atomic(AtomicOp, AtomicForm),
}

/// Resolves a built-in function name. C11 `_explicit` names resolve to
/// [`AtomicForm::Explicit`]; whether a scope was passed is decided by the
/// argument count.
fn resolve(name: &str) -> Option<Builtin> {
    if let Some(&(_, f)) = WORK_ITEM.iter().find(|(n, _)| *n == name) {
        return Some(Builtin::WorkItem(f));
    }
    if let Some((f, shape)) = oclc_ir::LibFn::from_name(name) {
        return Some(Builtin::Library(f, shape));
    }
    if let Some(explicit) = conversions::resolve(name) {
        return Some(Builtin::Conversion(explicit));
    }
    if let Some(f) = vectors::resolve(name) {
        return Some(Builtin::Data(f));
    }
    if let Some(f) = subgroups::resolve(name) {
        return Some(Builtin::SubGroup(f));
    }
    if let Some((op, sub_group)) = collectives::resolve(name) {
        return Some(Builtin::Collective(op, sub_group));
    }
    if let Some(f) = images::resolve(name) {
        return Some(Builtin::Image(f));
    }
    if let Some(&(_, kind)) = FENCES.iter().find(|(n, _)| *n == name) {
        return Some(Builtin::Fence(kind));
    }
    for op in AtomicOp::C11 {
        let base = op.base_name();
        if name == base {
            return Some(Builtin::Atomic(op, AtomicForm::Plain));
        }
        if op != AtomicOp::Init && name.strip_prefix(base) == Some("_explicit") {
            return Some(Builtin::Atomic(op, AtomicForm::Explicit));
        }
    }
    for &op in LEGACY_ATOMICS {
        let base = op.base_name();
        if name == base {
            return Some(Builtin::Atomic(op, AtomicForm::Legacy));
        }
        let suffix = base.strip_prefix("atomic_").unwrap_or(base);
        if name.strip_prefix("atom_") == Some(suffix) {
            return Some(Builtin::Atomic(op, AtomicForm::LegacyAtom));
        }
    }
    None
}

/// Whether `name` is a built-in function oclc knows.
pub(crate) fn is_builtin_function(name: &str) -> bool {
    resolve(name).is_some()
}

/// Every built-in function name (for "did you mean" suggestions).
pub(crate) fn function_names() -> impl Iterator<Item = &'static str> {
    WORK_ITEM
        .iter()
        .map(|(n, _)| *n)
        .chain(oclc_ir::LIBRARY.iter().map(|(n, _, _)| *n))
        .chain([
            "printf",
            "async_work_group_copy",
            "async_work_group_strided_copy",
            "wait_group_events",
            "prefetch",
            "__builtin_expect",
            "__builtin_assume",
            "__builtin_unreachable",
            "__builtin_inff",
            "__builtin_inf",
            "__builtin_huge_valf",
            "__builtin_huge_val",
            "__builtin_nanf",
            "__builtin_nan",
            "to_global",
            "to_local",
            "to_private",
            "get_fence",
        ])
        .chain(FENCES.iter().map(|(n, _)| *n))
        .chain(images::NAMES.iter().map(|(n, _)| *n))
        .chain(AtomicOp::C11.iter().map(|op| op.base_name()))
        .chain(EXPLICIT_NAMES.iter().copied())
        .chain(pipes::names())
        .chain(subgroups::NAMES.iter().copied())
        .chain(LEGACY_ATOMICS.iter().map(|op| op.base_name()))
}

/// The `_explicit` names, spelled out for suggestions.
const EXPLICIT_NAMES: &[&str] = &[
    "atomic_store_explicit",
    "atomic_load_explicit",
    "atomic_exchange_explicit",
    "atomic_compare_exchange_strong_explicit",
    "atomic_compare_exchange_weak_explicit",
    "atomic_fetch_add_explicit",
    "atomic_fetch_sub_explicit",
    "atomic_fetch_or_explicit",
    "atomic_fetch_xor_explicit",
    "atomic_fetch_and_explicit",
    "atomic_fetch_min_explicit",
    "atomic_fetch_max_explicit",
    "atomic_flag_test_and_set_explicit",
    "atomic_flag_clear_explicit",
];

/// Lowers a call of the built-in `name`; `None` when there is no such
/// built-in.
pub(crate) fn lower_call(
    lw: &mut Lowerer<'_>,
    name: &str,
    name_span: Span,
    args: &[ast::Expr],
    span: Span,
) -> Option<ExprId> {
    let call = Call {
        name,
        name_span,
        args,
        span,
    };
    if name == "printf" {
        lw.check_availability(name, name_span);
        return Some(printf::lower(lw, &call));
    }
    if let Some(result) = float_constant(lw, &call) {
        return Some(result);
    }
    if let Some(&(_, alias)) = GNU_ALIASES.iter().find(|(n, _)| *n == name) {
        return lower_call(lw, alias, name_span, args, span);
    }
    if let Some(result) = compiler_hint(lw, &call) {
        return Some(result);
    }
    if let Some(result) = address_space_query(lw, &call) {
        return Some(result);
    }
    if let Some(result) = pipes::lower(lw, &call) {
        return Some(result);
    }
    if let Some(result) = async_copy::lower(lw, &call) {
        return Some(result);
    }
    let builtin = resolve(name)?;
    lw.check_availability(name, name_span);
    Some(match builtin {
        Builtin::WorkItem(f) => work_item(lw, &call, f),
        Builtin::Library(f, shape) => library::lower(lw, &call, f, shape),
        Builtin::Conversion(explicit) => conversions::lower(lw, &call, explicit),
        Builtin::Data(f) => vectors::lower(lw, &call, f),
        Builtin::Collective(op, sub_group) => collectives::lower(lw, &call, op, sub_group),
        Builtin::SubGroup(f) => subgroups::lower(lw, &call, f),
        Builtin::Image(f) => images::lower(lw, &call, f),
        Builtin::Fence(kind) => fence(lw, &call, kind),
        Builtin::Atomic(op, form) => atomics::lower(lw, &call, op, form),
    })
}

/// GNU built-ins that are OpenCL C library functions under another name
/// (clang accepts them in OpenCL C; ported C code uses them).
const GNU_ALIASES: &[(&str, &str)] = &[
    ("__builtin_popcount", "popcount"),
    ("__builtin_popcountl", "popcount"),
    ("__builtin_clz", "clz"),
    ("__builtin_clzl", "clz"),
    ("__builtin_ctz", "ctz"),
    ("__builtin_ctzl", "ctz"),
    ("__builtin_fabsf", "fabs"),
    ("__builtin_fabs", "fabs"),
    ("__builtin_sqrtf", "sqrt"),
    ("__builtin_sqrt", "sqrt"),
    ("__builtin_fminf", "fmin"),
    ("__builtin_fmaxf", "fmax"),
    ("__builtin_floorf", "floor"),
    ("__builtin_ceilf", "ceil"),
    ("__builtin_expf", "exp"),
    ("__builtin_logf", "log"),
    ("__builtin_powf", "pow"),
    ("__builtin_fmaf", "fma"),
    ("__builtin_copysignf", "copysign"),
];

/// `__builtin_expect(e, c)` (the value of `e`, as a `long`),
/// `__builtin_assume(e)` and `__builtin_unreachable()`: hints to the
/// optimizer, which oclc does not need; the last two do nothing (their
/// operand is checked, not evaluated). `None` for other names.
fn compiler_hint(lw: &mut Lowerer<'_>, call: &Call<'_>) -> Option<ExprId> {
    let arity = match call.name {
        "__builtin_expect" => 2,
        "__builtin_assume" => 1,
        "__builtin_unreachable" => 0,
        _ => return None,
    };
    if call.name != "__builtin_expect" {
        if call.args.len() != arity {
            return Some(wrong_count(lw, call, &arity.to_string()));
        }
        if let Some(arg) = call.args.first() {
            if lw.unevaluated_type(arg).is_none() {
                return Some(lw.poison(call.span));
            }
        }
        let int = lw.int_ty();
        return Some(lw.push(ExprKind::Literal(oclc_ir::Literal::Int(0)), int, call.span));
    }
    let values = match lowered_args(lw, call, arity) {
        Ok(values) => values,
        Err(poison) => return Some(poison),
    };
    let long = lw.int_type(64, true);
    for &value in &values {
        if !lw.type_of(value).is_integer_like() {
            return Some(wrong_type(lw, call, value, "an integer"));
        }
    }
    Some(lw.convert_arith(values[0], long))
}

/// The clang built-ins the headers define `INFINITY` and `HUGE_VAL[F]` with
/// (`__builtin_inff()`, `__builtin_huge_val()`, …) and `__builtin_nan[f]`
/// with an empty string: constants of `float` or `double`. `None` for
/// other names.
fn float_constant(lw: &mut Lowerer<'_>, call: &Call<'_>) -> Option<ExprId> {
    let (bits, value, arity) = match call.name {
        "__builtin_inff" | "__builtin_huge_valf" => (32, f64::INFINITY, 0),
        "__builtin_inf" | "__builtin_huge_val" => (64, f64::INFINITY, 0),
        "__builtin_nanf" => (32, f64::NAN, 1),
        "__builtin_nan" => (64, f64::NAN, 1),
        _ => return None,
    };
    if call.args.len() != arity {
        return Some(wrong_count(lw, call, &arity.to_string()));
    }
    if let Some(tag) = call.args.first() {
        let empty = matches!(&tag.unparenthesized().kind, ast::ExprKind::Literal(ast::Literal::String(s)) if s.is_empty());
        if !empty {
            lw.report(
                &codes::BUILTIN_ARGUMENTS,
                format!("`{}` takes an empty string (`\"\"`)", call.name),
                tag.span,
                "NaN payloads are not supported",
            );
            return Some(lw.poison(call.span));
        }
    }
    let ty = lw.intern(oclc_ir::Type::Float { bits });
    Some(lw.push(
        ExprKind::Literal(oclc_ir::Literal::Float(value)),
        ty,
        call.span,
    ))
}

/// `to_global`, `to_local`, `to_private` and `get_fence` (OpenCL C 3.0
/// §6.15.9): their operand is a pointer, converted to `generic` first as
/// clang does when it names another space; `None` for other names.
fn address_space_query(lw: &mut Lowerer<'_>, call: &Call<'_>) -> Option<ExprId> {
    let target = match call.name {
        "to_global" => Some(AddressSpace::Global),
        "to_local" => Some(AddressSpace::Local),
        "to_private" => Some(AddressSpace::Private),
        "get_fence" => None,
        _ => return None,
    };
    lw.check_availability(call.name, call.name_span);
    let values = match lowered_args(lw, call, 1) {
        Ok(values) => values,
        Err(poison) => return Some(poison),
    };
    let value = values[0];
    let oclc_ir::Type::Pointer {
        pointee,
        space,
        quals,
    } = lw.type_of(value)
    else {
        return Some(wrong_type(lw, call, value, "a pointer"));
    };
    if space == AddressSpace::Constant {
        return Some(wrong_type(
            lw,
            call,
            value,
            "a pointer that is not to `constant` memory",
        ));
    }
    let generic_ty = lw.pointer_to(pointee, AddressSpace::Generic, quals);
    let generic = lw.convert_pointer(value, generic_ty, call.span, false);
    Some(match target {
        Some(space) => {
            let ty = lw.pointer_to(pointee, space, quals);
            lw.push(
                ExprKind::Builtin(BuiltinFn::ToSpace(space), vec![generic]),
                ty,
                call.span,
            )
        }
        None => {
            let flags = lw.intern(oclc_ir::Type::Int {
                bits: 32,
                signed: false,
            });
            lw.push(
                ExprKind::Builtin(BuiltinFn::GetFence, vec![generic]),
                flags,
                call.span,
            )
        }
    })
}

/// One built-in call as written.
pub(crate) struct Call<'c> {
    /// The function name.
    pub name: &'c str,
    /// Where the name is.
    pub name_span: Span,
    /// The arguments.
    pub args: &'c [ast::Expr],
    /// The whole call.
    pub span: Span,
}

/// The arguments of `call` as rvalues, after checking that there are
/// `arity` of them; `Err` with a poison value when there are not (reported)
/// or an argument has errors.
pub(crate) fn lowered_args(
    lw: &mut Lowerer<'_>,
    call: &Call<'_>,
    arity: usize,
) -> Result<Vec<ExprId>, ExprId> {
    if call.args.len() != arity {
        return Err(wrong_count(lw, call, &arity.to_string()));
    }
    let values: Vec<ExprId> = call.args.iter().map(|a| lw.rvalue_expr(a)).collect();
    if values.iter().any(|&v| lw.is_poison(v)) {
        return Err(lw.poison(call.span));
    }
    Ok(values)
}

/// Reports a wrong argument count (`expected` is e.g. "2" or "3 or 4").
pub(crate) fn wrong_count(lw: &mut Lowerer<'_>, call: &Call<'_>, expected: &str) -> ExprId {
    lw.report(
        &codes::BUILTIN_ARGUMENTS,
        format!(
            "`{}` expects {expected} argument{}, found {}",
            call.name,
            if expected == "1" { "" } else { "s" },
            call.args.len()
        ),
        call.span,
        "wrong number of arguments",
    );
    for arg in call.args {
        let _ = lw.rvalue_expr(arg);
    }
    lw.poison(call.span)
}

/// Reports an argument of the wrong type.
pub(crate) fn wrong_type(
    lw: &mut Lowerer<'_>,
    call: &Call<'_>,
    arg: ExprId,
    expected: &str,
) -> ExprId {
    let found = lw.type_name(lw.ty_of(arg));
    let span = lw.span_of(arg);
    lw.report(
        &codes::BUILTIN_ARGUMENTS,
        format!(
            "no matching overload of `{}`: expected {expected}, found `{found}`",
            call.name
        ),
        span,
        format!("expected {expected}").as_str(),
    );
    lw.poison(call.span)
}

fn work_item(lw: &mut Lowerer<'_>, call: &Call<'_>, f: BuiltinFn) -> ExprId {
    if matches!(
        f,
        BuiltinFn::GetWorkDim
            | BuiltinFn::GetSubGroupSize
            | BuiltinFn::GetMaxSubGroupSize
            | BuiltinFn::GetNumSubGroups
            | BuiltinFn::GetEnqueuedNumSubGroups
            | BuiltinFn::GetSubGroupId
            | BuiltinFn::GetSubGroupLocalId
    ) {
        if !call.args.is_empty() {
            return wrong_count(lw, call, "0");
        }
        let uint = lw.uint_ty();
        return lw.push(ExprKind::Builtin(f, Vec::new()), uint, call.span);
    }
    if matches!(
        f,
        BuiltinFn::GetGlobalLinearId | BuiltinFn::GetLocalLinearId
    ) {
        if !call.args.is_empty() {
            return wrong_count(lw, call, "0");
        }
        let size = lw.size_ty();
        return lw.push(ExprKind::Builtin(f, Vec::new()), size, call.span);
    }
    let [arg] = call.args else {
        return wrong_count(lw, call, "1");
    };
    let value = lw.rvalue_expr(arg);
    if lw.is_poison(value) {
        return value;
    }
    if !lw.type_of(value).is_integer_like() {
        return wrong_type(lw, call, value, "a `uint` dimension index");
    }
    let uint = lw.uint_ty();
    let index = lw.convert_arith(value, uint);
    let size = lw.size_ty();
    lw.push(ExprKind::Builtin(f, vec![index]), size, call.span)
}

/// Lowers an order, scope or flags argument: converted to `target`, with
/// its constant value when it has one.
pub(crate) fn mem_arg(
    lw: &mut Lowerer<'_>,
    value: ExprId,
    span: Span,
    target: TypeId,
    what: &str,
    call: &Call<'_>,
) -> Option<MemArg> {
    if lw.is_poison(value) {
        return None;
    }
    if !lw.type_of(value).is_integer_like() {
        wrong_type(lw, call, value, what);
        return None;
    }
    let expr = lw.convert_arith(value, target);
    Some(MemArg {
        expr,
        value: lw.fold_int(expr),
        span,
    })
}

fn fence(lw: &mut Lowerer<'_>, call: &Call<'_>, kind: FenceKind) -> ExprId {
    let (min, max) = match kind {
        FenceKind::WorkGroupBarrier => (1, 2),
        FenceKind::AtomicWorkItemFence => (3, 3),
        _ => (1, 1),
    };
    if call.args.len() < min || call.args.len() > max {
        let expected = if min == max {
            min.to_string()
        } else {
            format!("{min} or {max}")
        };
        return wrong_count(lw, call, &expected);
    }
    let values: Vec<(ExprId, Span)> = call
        .args
        .iter()
        .map(|a| (lw.rvalue_expr(a), a.span))
        .collect();
    let uint = lw.uint_ty();
    let int = lw.int_ty();
    let mut args = values.iter();
    let flags = args
        .next()
        .and_then(|&(v, s)| mem_arg(lw, v, s, uint, "`cl_mem_fence_flags`", call));
    let (order, scope) = match kind {
        FenceKind::AtomicWorkItemFence => {
            let order = args
                .next()
                .and_then(|&(v, s)| mem_arg(lw, v, s, int, "a `memory_order`", call));
            let scope = args
                .next()
                .and_then(|&(v, s)| mem_arg(lw, v, s, int, "a `memory_scope`", call));
            if order.is_none() || scope.is_none() {
                return lw.poison(call.span);
            }
            (order, scope)
        }
        _ => {
            let scope = match args.next() {
                Some(&(v, s)) => match mem_arg(lw, v, s, int, "a `memory_scope`", call) {
                    Some(m) => Some(m),
                    None => return lw.poison(call.span),
                },
                None => None,
            };
            (None, scope)
        }
    };
    let Some(flags) = flags else {
        return lw.poison(call.span);
    };
    let void = lw.void_ty();
    lw.push(
        ExprKind::Fence(Box::new(FenceCall {
            kind,
            name_span: call.name_span,
            flags,
            order,
            scope,
        })),
        void,
        call.span,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolves_every_spelling() {
        assert_eq!(
            resolve("atomic_fetch_add"),
            Some(Builtin::Atomic(AtomicOp::FetchAdd, AtomicForm::Plain))
        );
        assert_eq!(
            resolve("atomic_fetch_add_explicit"),
            Some(Builtin::Atomic(AtomicOp::FetchAdd, AtomicForm::Explicit))
        );
        assert_eq!(
            resolve("atomic_add"),
            Some(Builtin::Atomic(AtomicOp::LegacyAdd, AtomicForm::Legacy))
        );
        assert_eq!(
            resolve("atom_cmpxchg"),
            Some(Builtin::Atomic(
                AtomicOp::LegacyCmpxchg,
                AtomicForm::LegacyAtom
            ))
        );
        assert_eq!(resolve("atomic_init_explicit"), None);
        assert_eq!(
            resolve("get_global_id"),
            Some(Builtin::WorkItem(BuiltinFn::GetGlobalId))
        );
        assert_eq!(resolve("barrier"), Some(Builtin::Fence(FenceKind::Barrier)));
        assert_eq!(resolve("printf"), None);
    }

    #[test]
    fn suggestions_include_explicit_names() {
        assert!(function_names().any(|n| n == "atomic_fetch_add_explicit"));
        assert!(
            function_names().any(|n| n == "atom_add")
                || function_names().any(|n| n == "atomic_add")
        );
    }
}
