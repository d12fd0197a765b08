//! The diagnostics matrix: every C11 atomic function in its `_explicit`
//! forms, `atomic_work_item_fence` and `work_group_barrier`, with every
//! order, failure order and scope, on global, local and generic objects,
//! goes through `oclc::check`; the set of (code, argument) diagnostics of
//! each call must equal what [`expected_atomic`], [`expected_fence`] and
//! [`expected_barrier`] predict.
//!
//! Those functions are written from OpenCL C 3.0, not from oclc's rules:
//! §6.15.12.7.1 (store: no acquire/acq_rel), §6.15.12.7.2 (load: no
//! release/acq_rel), §6.15.12.7.4 (compare-exchange failure: no
//! release/acq_rel, no stronger than success), §6.15.12.7.8 (flag clear: no
//! acquire/acq_rel), §6.15.12.4 (`memory_scope_work_item` only for an image
//! fence), §6.15.12.5 (a relaxed fence has no effect), §6.15.15.6 (an image
//! fence needs acq_rel and work-item scope) and §6.15.8 (an image barrier
//! needs work-group scope). Where the specification leaves a choice, the
//! choice oclc made (which code, which argument, one diagnostic per
//! argument) is spelled out next to the rule.
//!
//! Every call is on a line of its own and each diagnostic is attributed to
//! the call and argument its primary span falls in, so one source holds
//! hundreds of calls and the whole matrix runs in a few seconds.

use super::{
    allowed_failure_orders, allowed_orders, Family, Order, Scope, Space, C11, FENCE_FLAGS,
    FENCE_IMAGE,
};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::ops::Range;

/// Which argument of a call a diagnostic points at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Arg {
    Order,
    Failure,
    Scope,
    Flags,
    /// Anywhere else in the call (its name, its object).
    Call,
}

/// The set of (code, argument) diagnostics of one call.
type Findings = BTreeSet<(&'static str, Arg)>;

/// What the target offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Features {
    /// Every order and scope (OpenCL C 2.0, or 3.0 with every feature).
    All,
    /// OpenCL C 3.0 without `__opencl_c_atomic_order_acq_rel`,
    /// `__opencl_c_atomic_order_seq_cst`, `__opencl_c_atomic_scope_device`,
    /// `__opencl_c_atomic_scope_all_devices`, `__opencl_c_subgroups` and
    /// `cl_khr_subgroups`: only relaxed and work-group (and work-item)
    /// remain.
    Minimal,
}

/// E0417 (unavailable) findings for the written orders and scope of a
/// call under `features` (OpenCL C 3.0 §6.15.12.3, §6.15.12.4 and
/// §6.15.12.10): acquire, release and acq_rel need
/// `__opencl_c_atomic_order_acq_rel` "with any built-in atomic function
/// except atomic_work_item_fence"; seq_cst needs
/// `__opencl_c_atomic_order_seq_cst` with any; device, all_svm_devices /
/// all_devices and sub_group scopes need their features.
fn unavailable(
    features: Features,
    fence: bool,
    orders: &[(Arg, Order)],
    scope: Option<Scope>,
) -> Findings {
    let mut out = Findings::new();
    if features == Features::All {
        return out;
    }
    for &(arg, order) in orders {
        let needs_feature = match order {
            Order::Relaxed => false,
            Order::Acquire | Order::Release | Order::AcqRel => !fence,
            Order::SeqCst => true,
        };
        if needs_feature {
            out.insert(("E0417", arg));
        }
    }
    if scope.is_some_and(|s| !matches!(s, Scope::WorkItem | Scope::WorkGroup)) {
        out.insert(("E0417", Arg::Scope));
    }
    out
}

/// One atomic function call of the matrix.
#[derive(Clone, Copy, Debug)]
struct AtomicCase {
    op: C11,
    /// `None` for the form without orders (seq_cst, device scope).
    order: Option<Order>,
    /// The failure order of a compare-exchange.
    failure: Option<Order>,
    /// `None` when no scope is written (device scope).
    scope: Option<Scope>,
    space: Space,
}

/// Diagnostics the specification requires for an atomic function call.
fn expected_atomic(case: &AtomicCase, features: Features) -> Findings {
    let AtomicCase {
        op,
        order,
        failure,
        scope,
        space,
    } = *case;
    let mut orders = vec![];
    orders.extend(order.map(|o| (Arg::Order, o)));
    orders.extend(failure.map(|o| (Arg::Failure, o)));
    let mut out = unavailable(features, false, &orders, scope);
    // The implied seq_cst order and device scope need their features too;
    // oclc reports them at the function name.
    if features == Features::Minimal && scope.is_none() {
        out.insert(("E0417", Arg::Call));
    }
    let Some(order) = order else {
        return out;
    };
    // §6.15.12.7.1/.2/.8: stores and flag clears cannot acquire, loads
    // cannot release.
    if !allowed_orders(op).contains(&order) {
        let code = match op {
            C11::Store => "E0401",
            C11::Load => "E0402",
            C11::FlagClear => "E0403",
            _ => unreachable!("{op:?} allows every order"),
        };
        out.insert((code, Arg::Order));
    }
    // §6.15.12.7.4: "The failure argument shall not be
    // memory_order_release nor memory_order_acq_rel. The failure argument
    // shall be no stronger than the success argument." oclc reports the
    // first with E0404 and, only when it does not apply, the second with
    // E0405 (one diagnostic per argument).
    if let Some(failure) = failure {
        if matches!(failure, Order::Release | Order::AcqRel) {
            out.insert(("E0404", Arg::Failure));
        } else if !allowed_failure_orders(order).contains(&failure) {
            out.insert(("E0405", Arg::Failure));
        }
    }
    match scope {
        // §6.15.12.4: work-item scope only for an image fence.
        Some(Scope::WorkItem) => {
            out.insert(("E0406", Arg::Scope));
        }
        // Lint (§6.7.2): `local` memory is shared by one work-group only,
        // so a written scope wider than the work-group is needless.
        Some(Scope::Device | Scope::AllSvmDevices | Scope::AllDevices) if space == Space::Local => {
            out.insert(("W0402", Arg::Scope));
        }
        _ => {}
    }
    if seq_cst_outside_total_order(order, scope) {
        out.insert(("W0408", Arg::Scope));
    }
    out
}

/// Lint W0408 (OpenCL 2.0 §3.3.4, OpenCL 3.0 API §3.3.6: a single total
/// order of seq_cst operations exists only when all have device scope or
/// all have all_svm_devices scope). Every matrix source has seq_cst
/// operations at device scope and at others, so each seq_cst operation
/// whose written scope is neither device nor work-item (E0406) is
/// reported.
fn seq_cst_outside_total_order(order: Order, scope: Option<Scope>) -> bool {
    order == Order::SeqCst
        && matches!(
            scope,
            Some(Scope::WorkGroup | Scope::SubGroup | Scope::AllSvmDevices | Scope::AllDevices)
        )
}

/// Diagnostics the specification requires for
/// `atomic_work_item_fence(flags, order, scope)`.
fn expected_fence(flags: u32, order: Order, scope: Scope, features: Features) -> Findings {
    let mut out = unavailable(features, true, &[(Arg::Order, order)], Some(scope));
    if flags & FENCE_IMAGE != 0 && flags != FENCE_IMAGE {
        // §6.15.12.5: image | other flags is equivalent to two fences, and
        // no scope suits both (§6.15.15.6 wants work-item scope for the
        // image fence, §6.15.12.4 forbids it for the other). oclc reports
        // the flags once (E0407) and nothing about the order or scope.
        out.insert(("E0407", Arg::Flags));
    } else if flags == FENCE_IMAGE {
        // §6.15.15.6: only work-item scope and acq_rel are valid.
        if scope != Scope::WorkItem {
            out.insert(("E0407", Arg::Scope));
        }
        if order != Order::AcqRel {
            out.insert(("E0407", Arg::Order));
        }
    } else {
        if scope == Scope::WorkItem {
            out.insert(("E0406", Arg::Scope));
        }
        // §6.15.12.5: a relaxed fence "has no effects" (lint W0401).
        if order == Order::Relaxed {
            out.insert(("W0401", Arg::Order));
        }
        if seq_cst_outside_total_order(order, Some(scope)) {
            out.insert(("W0408", Arg::Scope));
        }
    }
    out
}

/// Diagnostics the specification requires for
/// `work_group_barrier(flags, scope)`.
fn expected_barrier(flags: u32, scope: Scope, features: Features) -> Findings {
    let mut out = unavailable(features, true, &[], Some(scope));
    if scope == Scope::WorkItem {
        // §6.15.12.4 (work-item scope is never valid for a barrier; this
        // takes precedence over the image rule below).
        out.insert(("E0406", Arg::Scope));
    } else if flags & FENCE_IMAGE != 0 && scope != Scope::WorkGroup {
        // §6.15.8: with CLK_IMAGE_MEM_FENCE "the value of scope must be
        // memory_scope_work_group".
        out.insert(("E0407", Arg::Scope));
    }
    out
}

/// One generated call: its text, where its arguments are, and what it
/// should report.
struct Call {
    text: String,
    args: Vec<(Arg, String)>,
    expected: Findings,
}

/// A call placed in a source: the byte range of its text, the byte range
/// of each argument, and the findings expected.
type Placed = (Range<usize>, Vec<(Arg, Range<usize>)>, Findings);

/// A source under construction, remembering where each call and argument
/// is.
#[derive(Default)]
struct Builder {
    text: String,
    calls: Vec<Placed>,
}

impl Builder {
    fn line(&mut self, line: &str) {
        self.text.push_str(line);
        self.text.push('\n');
    }

    fn call(&mut self, call: Call) {
        let start = self.text.len() + 4;
        let mut args = Vec::new();
        let mut from = 0;
        for (arg, spelling) in &call.args {
            // Arguments are written in the order given; find each after
            // the previous one.
            let at = call.text[from..]
                .find(spelling.as_str())
                .map(|i| i + from)
                .unwrap_or_else(|| panic!("`{spelling}` not in `{}`", call.text));
            args.push((*arg, start + at..start + at + spelling.len()));
            from = at + spelling.len();
        }
        self.calls
            .push((start..start + call.text.len(), args, call.expected));
        self.line(&format!("    {}", call.text));
    }
}

/// The calls of `op` on `object` with every order, failure order and
/// scope (and none).
fn atomic_calls(
    op: C11,
    object: &str,
    space: Space,
    scopes: &[Scope],
    features: Features,
) -> Vec<Call> {
    let plain = AtomicCase {
        op,
        order: None,
        failure: None,
        scope: None,
        space,
    };
    let mut out = vec![Call {
        text: op.statement(object, "expected", &[]),
        args: vec![],
        expected: expected_atomic(&plain, features),
    }];
    for order in Order::ALL {
        let failures: Vec<Option<Order>> = if op.is_compare_exchange() {
            Order::ALL.into_iter().map(Some).collect()
        } else {
            vec![None]
        };
        for failure in failures {
            let mut memory: Vec<(Arg, &str)> = vec![(Arg::Order, order.name())];
            if let Some(f) = failure {
                memory.push((Arg::Failure, f.name()));
            }
            let scoped = scopes.iter().copied().map(Some);
            for scope in std::iter::once(None).chain(scoped) {
                let mut args = memory.clone();
                if let Some(s) = scope {
                    args.push((Arg::Scope, s.name()));
                }
                let spellings: Vec<&str> = args.iter().map(|a| a.1).collect();
                out.push(Call {
                    text: op.statement(object, "expected", &spellings),
                    args: args.iter().map(|&(a, s)| (a, s.to_owned())).collect(),
                    expected: expected_atomic(
                        &AtomicCase {
                            order: Some(order),
                            failure,
                            scope,
                            ..plain
                        },
                        features,
                    ),
                });
            }
        }
    }
    out
}

/// The kernels and helper holding every atomic call on every object.
fn atomic_source(scopes: &[Scope], features: Features) -> Builder {
    let mut b = Builder::default();
    let spaces = [
        (
            Space::Global,
            "kernel void on_global(global atomic_int *object, global atomic_flag *flag) {",
            "object",
            "flag",
        ),
        (
            Space::Local,
            "kernel void on_local(void) {\n    local atomic_int object;\n    local atomic_flag flag;",
            "&object",
            "&flag",
        ),
        (
            Space::Generic,
            "void on_generic(atomic_int *object, atomic_flag *flag) {",
            "object",
            "flag",
        ),
    ];
    for (space, header, object, flag) in spaces {
        b.line(header);
        b.line("    int expected = 0;");
        for op in C11::ALL {
            let target = if op.is_flag() { flag } else { object };
            for call in atomic_calls(op, target, space, scopes, features) {
                b.call(call);
            }
        }
        b.line("}");
    }
    b.line("kernel void calls_generic(global atomic_int *object, global atomic_flag *flag) {");
    b.line("    on_generic(object, flag);");
    b.line("}");
    b
}

/// The calls of `op` in clang's built-in `family` on `object` with every
/// order, failure order and (for `__opencl_atomic_*`) scope: the same
/// findings as the OpenCL C function with those arguments.
fn family_calls(
    family: Family,
    op: C11,
    object: &str,
    space: Space,
    scopes: &[Scope],
    features: Features,
) -> Vec<Call> {
    let mut out = Vec::new();
    let scopes: Vec<Option<Scope>> = if family.has_scope() {
        // `memory_scope_all_devices` has no macro of its own.
        scopes
            .iter()
            .copied()
            .filter(|&s| s != Scope::AllDevices)
            .map(Some)
            .collect()
    } else {
        vec![None]
    };
    for order in Order::ALL {
        let failures: Vec<Option<Order>> = if op.is_compare_exchange() {
            Order::ALL.into_iter().map(Some).collect()
        } else {
            vec![None]
        };
        for failure in failures {
            for &scope in &scopes {
                let mut args = vec![(Arg::Order, order.macro_name())];
                args.extend(failure.map(|f| (Arg::Failure, f.macro_name())));
                args.extend(scope.map(|s| (Arg::Scope, s.macro_name())));
                let spellings: Vec<&str> = args.iter().map(|a| a.1).collect();
                let Some(text) = family.statement(op, object, "expected", &spellings) else {
                    return out;
                };
                out.push(Call {
                    text,
                    args: args.iter().map(|&(a, s)| (a, s.to_owned())).collect(),
                    expected: expected_atomic(
                        &AtomicCase {
                            op,
                            order: Some(order),
                            failure,
                            scope,
                            space,
                        },
                        features,
                    ),
                });
            }
        }
    }
    out
}

/// The kernels and helper holding every call of clang's atomic built-ins
/// on every object: plain `int` objects for the GNU family, `atomic_int`
/// for the others.
fn family_source(scopes: &[Scope], features: Features) -> Builder {
    let mut b = Builder::default();
    let spaces = [
        (
            Space::Global,
            "kernel void on_global(global int *plain, global atomic_int *object) {",
            "plain",
            "object",
        ),
        (
            Space::Local,
            "kernel void on_local(void) {\n    local int plain;\n    local atomic_int object;",
            "&plain",
            "&object",
        ),
        (
            Space::Generic,
            "void on_generic(int *plain, atomic_int *object) {",
            "plain",
            "object",
        ),
    ];
    for (space, header, plain, object) in spaces {
        b.line(header);
        b.line("    int expected = 0;");
        for family in Family::ALL {
            let target = if family == Family::Gnu { plain } else { object };
            for op in C11::ALL {
                for call in family_calls(family, op, target, space, scopes, features) {
                    b.call(call);
                }
            }
        }
        b.line("}");
    }
    b.line("kernel void calls_generic(global int *plain, global atomic_int *object) {");
    b.line("    on_generic(plain, object);");
    b.line("}");
    b
}

/// A call with no diagnostics expected, whose only argument is `flags`.
fn flags_only(function: &str, flags_name: &str) -> Call {
    Call {
        text: format!("{function}({flags_name});"),
        args: vec![(Arg::Flags, flags_name.to_owned())],
        expected: Findings::new(),
    }
}

/// A kernel with every fence and barrier.
fn fence_source(scopes: &[Scope], features: Features) -> Builder {
    let mut b = Builder::default();
    b.line("kernel void fences(void) {");
    for (flags_name, flags) in FENCE_FLAGS {
        for order in Order::ALL {
            for &scope in scopes {
                b.call(Call {
                    text: format!(
                        "atomic_work_item_fence({flags_name}, {}, {});",
                        order.name(),
                        scope.name()
                    ),
                    args: vec![
                        (Arg::Flags, flags_name.to_owned()),
                        (Arg::Order, order.name().to_owned()),
                        (Arg::Scope, scope.name().to_owned()),
                    ],
                    expected: expected_fence(flags, order, scope, features),
                });
            }
        }
        // The forms without a scope (work-group scope) and the 1.x fences
        // (acq_rel, acquire, release at work-group scope) are always valid.
        for function in [
            "work_group_barrier",
            "barrier",
            "mem_fence",
            "read_mem_fence",
            "write_mem_fence",
        ] {
            b.call(flags_only(function, flags_name));
        }
        for &scope in scopes {
            b.call(Call {
                text: format!("work_group_barrier({flags_name}, {});", scope.name()),
                args: vec![
                    (Arg::Flags, flags_name.to_owned()),
                    (Arg::Scope, scope.name().to_owned()),
                ],
                expected: expected_barrier(flags, scope, features),
            });
        }
    }
    b.line("}");
    b
}

/// Checks `builder`'s source with `options`; returns one line per call
/// whose findings differ from the expected ones, or that has two
/// diagnostics with the same code on the same argument.
fn mismatches(builder: &Builder, name: &str, options: &str) -> Vec<String> {
    let options = oclc::Options::from_build_options(options).expect("options");
    let source = oclc::Source::new(name, builder.text.clone());
    let report = oclc::check(&source, &options);
    let mut actual: BTreeMap<usize, Findings> = BTreeMap::new();
    let mut out = Vec::new();
    for d in report.diagnostics() {
        let Some(primary) = &d.primary else {
            out.push(format!("no location: {} {}", d.code.id, d.message));
            continue;
        };
        let start = primary.span.start as usize;
        let in_main = report.sources().file(primary.span.file).name() == name;
        let call = builder
            .calls
            .iter()
            .position(|(range, _, _)| in_main && range.contains(&start));
        let Some(index) = call else {
            out.push(format!("outside every call: {} {}", d.code.id, d.message));
            continue;
        };
        let arg = builder.calls[index]
            .1
            .iter()
            .find(|(_, r)| r.contains(&start))
            .map_or(Arg::Call, |(a, _)| *a);
        if !actual.entry(index).or_default().insert((d.code.id, arg)) {
            let line = &builder.text[builder.calls[index].0.clone()];
            out.push(format!(
                "{line}\n    two {} diagnostics on {arg:?}",
                d.code.id
            ));
        }
    }
    for (index, (range, _, expected)) in builder.calls.iter().enumerate() {
        let got = actual.remove(&index).unwrap_or_default();
        if &got != expected {
            let mut line = builder.text[range.clone()].to_owned();
            let _ = write!(line, "\n    expected {expected:?}\n    actual   {got:?}");
            out.push(line);
        }
    }
    out
}

/// Runs the matrix under one option set and fails with a summary.
fn run(options: &str, scopes: &[Scope], features: Features) {
    let atomics = atomic_source(scopes, features);
    let fences = fence_source(scopes, features);
    let families = family_source(scopes, features);
    let calls = atomics.calls.len() + fences.calls.len() + families.calls.len();
    let mut failures = mismatches(&atomics, "atomics.cl", options);
    failures.extend(mismatches(&fences, "fences.cl", options));
    failures.extend(mismatches(&families, "clang_builtins.cl", options));
    if !failures.is_empty() {
        let shown: Vec<&str> = failures.iter().take(40).map(String::as_str).collect();
        panic!(
            "{} of {calls} calls differ from the specification's table under `{options}`:\n{}",
            failures.len(),
            shown.join("\n")
        );
    }
    assert!(calls > 2000, "the matrix shrank to {calls} calls");
}

#[test]
fn opencl_c_2_0() {
    run("-cl-std=CL2.0", &Scope::CL20, Features::All);
}

#[test]
fn opencl_c_3_0_with_every_feature() {
    run("-cl-std=CL3.0 -cl-ext=+all", &Scope::CL30, Features::All);
}

#[test]
fn opencl_c_3_0_with_only_relaxed_and_work_group() {
    run(
        "-cl-std=CL3.0 -cl-ext=-__opencl_c_atomic_order_acq_rel,-__opencl_c_atomic_order_seq_cst,\
         -__opencl_c_atomic_scope_device,-__opencl_c_atomic_scope_all_devices,\
         -__opencl_c_subgroups,-cl_khr_subgroups",
        &Scope::CL30,
        Features::Minimal,
    );
}

#[test]
fn the_table_agrees_with_the_spec_on_examples() {
    // Spot checks of the table itself, from the specification's text.
    let none = Findings::new();
    let e = |code, arg| Findings::from([(code, arg)]);
    let store = AtomicCase {
        op: C11::Store,
        order: Some(Order::Acquire),
        failure: None,
        scope: None,
        space: Space::Global,
    };
    assert_eq!(
        expected_atomic(&store, Features::All),
        e("E0401", Arg::Order)
    );
    let local_add = AtomicCase {
        op: C11::FetchAdd,
        order: Some(Order::AcqRel),
        scope: Some(Scope::WorkGroup),
        space: Space::Local,
        ..store
    };
    assert_eq!(expected_atomic(&local_add, Features::All), none);
    // The conformance suite runs success release with failure acquire.
    let cas = AtomicCase {
        op: C11::CompareExchangeStrong,
        order: Some(Order::Release),
        failure: Some(Order::Acquire),
        ..store
    };
    assert_eq!(expected_atomic(&cas, Features::All), none);
    let too_strong = AtomicCase {
        order: Some(Order::AcqRel),
        failure: Some(Order::SeqCst),
        ..cas
    };
    assert_eq!(
        expected_atomic(&too_strong, Features::All),
        e("E0405", Arg::Failure)
    );
    let image = expected_fence(
        FENCE_IMAGE,
        Order::AcqRel,
        Scope::WorkItem,
        Features::Minimal,
    );
    assert_eq!(image, none);
    assert_eq!(
        expected_fence(1, Order::Relaxed, Scope::WorkItem, Features::All),
        Findings::from([("E0406", Arg::Scope), ("W0401", Arg::Order)])
    );
    assert_eq!(
        expected_fence(1, Order::Acquire, Scope::WorkGroup, Features::Minimal),
        none,
        "acquire fences need no feature"
    );
    assert_eq!(
        expected_barrier(FENCE_IMAGE, Scope::WorkGroup, Features::All),
        none
    );
}
