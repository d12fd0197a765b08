//! Built-in functions: the table of names oclc knows, overload resolution
//! by argument type and address space, and lowering of each call to its
//! IR node — [`ExprKind::Builtin`] for work-item functions and the library
//! functions of [`oclc_ir::LIBRARY`] ([`library`]), [`ExprKind::Fence`] for
//! fences and barriers, and [`ExprKind::Atomic`] for atomics
//! ([`atomics`]).
//!
//! Every built-in name resolved is first checked for availability on the
//! target ([`crate::requirement::check_name`]); lowering then
//! continues as if it were available.

mod async_copy;
mod atomics;
mod clang_atomics;
mod collectives;
mod conversions;
pub(crate) use conversions::lower_astype;
pub(crate) mod gnu;
mod images;
mod integer_ext;
mod library;
pub(crate) mod overload;
pub(crate) mod pipes;
mod printf;
pub(crate) mod subgroups;
pub(crate) mod table;
mod vectors;

use oclc_diagnostics::Span;
use oclc_ir::{AddressSpace, BuiltinFn, ExprId, ExprKind, FenceCall, FenceKind, MemArg, TypeId};
use oclc_syntax::ast;

use crate::codes;
use crate::lower::{Lowerer, TypeClass};

use table::{Class, Hint};

/// Whether `name` is a built-in function oclc knows.
pub(crate) fn is_builtin_function(name: &str) -> bool {
    table::lookup(name).is_some_and(|e| !matches!(e.class, Class::Constant(_) | Class::Type))
}

/// Every built-in function name (for "did you mean" suggestions).
pub(crate) fn function_names() -> impl Iterator<Item = &'static str> {
    table::entries()
        .iter()
        .filter(|e| !matches!(e.class, Class::Constant(_) | Class::Type | Class::Alias(_)))
        .map(|e| e.name)
}

/// The value of the built-in constant `name` (`memory_order_acquire`,
/// `CLK_LOCAL_MEM_FENCE`, …).
pub(crate) fn constant(name: &str) -> Option<i64> {
    match table::lookup(name)?.class {
        Class::Constant(value) => Some(value),
        _ => None,
    }
}

/// Whether the built-in constant `name` is a `bool` (`true`, `false`).
pub(crate) fn is_boolean_constant(name: &str) -> bool {
    table::BOOLEAN_CONSTANTS.contains(&name)
}

/// Every built-in constant name (for "did you mean" suggestions).
pub(crate) fn constant_names() -> impl Iterator<Item = &'static str> {
    table::entries()
        .iter()
        .filter(|e| matches!(e.class, Class::Constant(_)))
        .map(|e| e.name)
}

/// Lowers a call of the built-in `name`; `None` when there is no such
/// built-in.
pub(crate) fn lower_call(
    lw: &mut Lowerer<'_>,
    name: &str,
    name_span: Span,
    args: &[ast::Expr],
    span: Span,
) -> Option<ExprId> {
    let entry = table::lookup(name)?;
    let call = Call {
        name,
        name_span,
        args,
        span,
    };
    // An alias is checked as its target; constants and types are not
    // called.
    if !matches!(
        entry.class,
        Class::Alias(_) | Class::Constant(_) | Class::Type
    ) {
        lw.check_availability(name, name_span);
    }
    Some(match entry.class {
        Class::Alias(target) => return lower_call(lw, target, name_span, args, span),
        Class::Constant(_) | Class::Type => return None,
        Class::WorkItem(f) => work_item(lw, &call, f),
        Class::Library(f, shape) => library::lower(lw, &call, f, shape),
        Class::Conversion(explicit) => conversions::lower(lw, &call, explicit),
        Class::Data(f) => vectors::lower(lw, &call, f),
        Class::Collective(op, sub_group) => collectives::lower(lw, &call, op, sub_group),
        Class::SubGroup(f) => subgroups::lower(lw, &call, f),
        Class::Integer(f) => integer_ext::lower(lw, &call, f),
        Class::Image(f) => images::lower(lw, &call, f),
        Class::Fence(kind) => fence(lw, &call, kind),
        Class::Atomic(op, form) => atomics::lower(lw, &call, op, form),
        Class::ClangAtomic(builtin) => clang_atomics::lower(lw, &call, builtin),
        Class::Printf => printf::lower(lw, &call),
        Class::AsyncCopy(f) => async_copy::lower(lw, &call, f),
        Class::AddressSpace(space) => address_space_query(lw, &call, space),
        Class::Pipe(op) => pipes::lower(lw, &call, op),
        Class::Hint(hint) => compiler_hint(lw, &call, hint),
        Class::Gnu(f) => gnu::lower(lw, &call, f),
        Class::FloatConstant { bits, nan } => float_constant(lw, &call, bits, nan),
        Class::Unsupported(feature) => {
            for arg in call.args {
                let _ = lw.rvalue_expr(arg);
            }
            lw.report(
                &codes::UNSUPPORTED,
                format!("{feature} is not supported by oclc: `{name}`"),
                name_span,
                "not supported",
            );
            lw.poison(span)
        }
    })
}

/// `__builtin_expect(e, c)` (the value of `e`, as a `long`),
/// `__builtin_assume(e)` and `__builtin_unreachable()`: hints to the
/// optimizer, which oclc does not need; the last two do nothing (their
/// operand is checked, not evaluated).
fn compiler_hint(lw: &mut Lowerer<'_>, call: &Call<'_>, hint: Hint) -> ExprId {
    let arity = match hint {
        Hint::Expect => 2,
        Hint::Assume => 1,
        Hint::Unreachable => 0,
    };
    if hint != Hint::Expect {
        if call.args.len() != arity {
            return wrong_count(lw, call, &arity.to_string());
        }
        if let Some(arg) = call.args.first() {
            if lw.unevaluated_type(arg).is_none() {
                return lw.poison(call.span);
            }
        }
        let int = lw.int_ty();
        return lw.push(ExprKind::Literal(oclc_ir::Literal::Int(0)), int, call.span);
    }
    let values = match lowered_args(lw, call, arity) {
        Ok(values) => values,
        Err(poison) => return poison,
    };
    let long = lw.int_type(64, true);
    for &value in &values {
        if !lw.type_of(value).is_integer_like() {
            return wrong_type(lw, call, value, "an integer");
        }
    }
    lw.convert_arith(values[0], long)
}

/// The clang built-ins the headers define `INFINITY` and `HUGE_VAL[F]` with
/// (`__builtin_inff()`, `__builtin_huge_val()`, …) and `__builtin_nan[f]`
/// with an empty string: constants of `float` or `double`. `None` for
/// other names.
fn float_constant(lw: &mut Lowerer<'_>, call: &Call<'_>, bits: u8, nan: bool) -> ExprId {
    let (value, arity) = if nan {
        (f64::NAN, 1)
    } else {
        (f64::INFINITY, 0)
    };
    if call.args.len() != arity {
        return wrong_count(lw, call, &arity.to_string());
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
            return lw.poison(call.span);
        }
    }
    let ty = lw.intern(oclc_ir::Type::Float { bits });
    lw.push(
        ExprKind::Literal(oclc_ir::Literal::Float(value)),
        ty,
        call.span,
    )
}

/// `to_global`, `to_local`, `to_private` and `get_fence` (OpenCL C 3.0,
/// `section::ADDRESS_SPACE`): their operand is a pointer, converted to
/// `generic` first as clang does when it names another space.
fn address_space_query(
    lw: &mut Lowerer<'_>,
    call: &Call<'_>,
    target: Option<AddressSpace>,
) -> ExprId {
    let values = match lowered_args(lw, call, 1) {
        Ok(values) => values,
        Err(poison) => return poison,
    };
    let value = values[0];
    let oclc_ir::Type::Pointer {
        pointee,
        space,
        quals,
    } = lw.type_of(value)
    else {
        return wrong_type(lw, call, value, "a pointer");
    };
    if space == AddressSpace::Constant {
        return wrong_type(
            lw,
            call,
            value,
            "a pointer that is not to `constant` memory",
        );
    }
    let generic_ty = lw.pointer_to(pointee, AddressSpace::Generic, quals);
    let generic = lw.convert_pointer(value, generic_ty, call.span, false);
    match target {
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
    }
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
    // `size_t get_global_id(uint)`: any arithmetic value converts.
    if !lw.type_of(value).is_arithmetic() {
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
        FenceKind::WorkGroupBarrier | FenceKind::SubGroupBarrier => (1, 2),
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
