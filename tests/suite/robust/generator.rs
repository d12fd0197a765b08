//! Random well-formed atomic kernels, checked against an independent table
//! of the memory-order and memory-scope rules.
//!
//! Each kernel uses random atomic functions (C11 explicit and implicit
//! forms, flags, fences, barriers) with random orders, failure orders and
//! scopes, on objects of random atomic types in `global`, `local` and
//! generic memory, inside random control flow. The expected diagnostics of
//! every call are computed by [`expected_codes`], a table written from the
//! OpenCL C specification (§6.15.12) independently of `crates/sema/src/rules`;
//! the compiler must report exactly those (same codes on the same lines), and
//! a kernel with no expected error must compile to a module that validates.
//!
//! The seed and count are fixed, so a failure reproduces; the failing
//! kernel's text is printed.

use super::support::Rng;
use std::fmt::Write as _;

/// Kernels generated per run (about three seconds in a debug build).
const KERNELS: usize = 1_000;
const SEED: u64 = 0x0c1c_a70a_1c5e_ed01;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Order {
    Relaxed,
    Acquire,
    Release,
    AcqRel,
    SeqCst,
}

impl Order {
    const ALL: [Order; 5] = [
        Order::Relaxed,
        Order::Acquire,
        Order::Release,
        Order::AcqRel,
        Order::SeqCst,
    ];

    fn spelling(self) -> &'static str {
        match self {
            Order::Relaxed => "memory_order_relaxed",
            Order::Acquire => "memory_order_acquire",
            Order::Release => "memory_order_release",
            Order::AcqRel => "memory_order_acq_rel",
            Order::SeqCst => "memory_order_seq_cst",
        }
    }

    /// Whether the order has acquire semantics (the part a load can have).
    fn acquires(self) -> bool {
        matches!(self, Order::Acquire | Order::AcqRel | Order::SeqCst)
    }

    /// Whether the order has release semantics (the part a store can have).
    fn releases(self) -> bool {
        matches!(self, Order::Release | Order::AcqRel | Order::SeqCst)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scope {
    WorkItem,
    WorkGroup,
    Device,
    AllSvmDevices,
}

impl Scope {
    const ALL: [Scope; 4] = [
        Scope::WorkItem,
        Scope::WorkGroup,
        Scope::Device,
        Scope::AllSvmDevices,
    ];

    fn spelling(self) -> &'static str {
        match self {
            Scope::WorkItem => "memory_scope_work_item",
            Scope::WorkGroup => "memory_scope_work_group",
            Scope::Device => "memory_scope_device",
            Scope::AllSvmDevices => "memory_scope_all_svm_devices",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Space {
    Global,
    Local,
    Generic,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ty {
    Int,
    Uint,
    Long,
    Ulong,
    Float,
}

impl Ty {
    const ALL: [Ty; 5] = [Ty::Int, Ty::Uint, Ty::Long, Ty::Ulong, Ty::Float];

    /// Suffix of the object names (`gi`, `li`, `pi`, `ei`, ...).
    fn suffix(self) -> &'static str {
        match self {
            Ty::Int => "i",
            Ty::Uint => "u",
            Ty::Long => "l",
            Ty::Ulong => "ul",
            Ty::Float => "f",
        }
    }

    fn atomic(self) -> &'static str {
        match self {
            Ty::Int => "atomic_int",
            Ty::Uint => "atomic_uint",
            Ty::Long => "atomic_long",
            Ty::Ulong => "atomic_ulong",
            Ty::Float => "atomic_float",
        }
    }

    fn plain(self) -> &'static str {
        match self {
            Ty::Int => "int",
            Ty::Uint => "uint",
            Ty::Long => "long",
            Ty::Ulong => "ulong",
            Ty::Float => "float",
        }
    }

    fn value(self) -> &'static str {
        match self {
            Ty::Int => "2",
            Ty::Uint => "2u",
            Ty::Long => "2L",
            Ty::Ulong => "2UL",
            Ty::Float => "2.0f",
        }
    }
}

/// Fence flag values: `CLK_LOCAL_MEM_FENCE` 1, global 2, image 4.
const IMAGE: u32 = 4;

fn flags_spelling(flags: u32) -> String {
    let names = [
        (1, "CLK_LOCAL_MEM_FENCE"),
        (2, "CLK_GLOBAL_MEM_FENCE"),
        (IMAGE, "CLK_IMAGE_MEM_FENCE"),
    ];
    let parts: Vec<&str> = names
        .iter()
        .filter(|(bit, _)| flags & bit != 0)
        .map(|&(_, name)| name)
        .collect();
    parts.join(" | ")
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Store,
    Load,
    Exchange,
    Fetch(&'static str),
    CasStrong,
    CasWeak,
    FlagTestAndSet,
    FlagClear,
    Fence(u32),
    Barrier(u32),
}

/// How the order and scope arguments are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Args {
    /// The non-`_explicit` function (`seq_cst`, device scope implied).
    Implicit,
    /// `_explicit` with orders; a scope when `Some`.
    Explicit {
        order: Order,
        failure: Order,
        scope: Option<Scope>,
    },
}

/// How the call's result is used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Use {
    /// An expression statement (result discarded).
    Discard,
    /// `acc += (int)(call);`, or `if (call) acc++;` for a compare-exchange.
    Value,
    /// `while (!call) {}` (compare-exchange only: a retry loop).
    RetryLoop,
}

#[derive(Clone, Copy, Debug)]
struct Op {
    kind: Kind,
    ty: Ty,
    space: Space,
    args: Args,
    usage: Use,
}

/// The scope of `op` when it is a seq_cst operation W0408 weighs: an
/// atomic function whose (first) order is seq_cst, implied or written, or
/// a seq_cst `atomic_work_item_fence` on no image memory; work-item scope
/// is an error of its own (E0406) and not weighed.
fn seq_cst_scope(op: &Op) -> Option<Scope> {
    let scope = match (op.kind, op.args) {
        (Kind::Barrier(_), _) => return None,
        (Kind::Fence(flags), _) if flags & IMAGE != 0 => return None,
        (Kind::Fence(_), Args::Implicit) => return None,
        (_, Args::Implicit) => Scope::Device,
        (
            _,
            Args::Explicit {
                order: Order::SeqCst,
                scope,
                ..
            },
        ) => scope.unwrap_or(Scope::Device),
        _ => return None,
    };
    (scope != Scope::WorkItem).then_some(scope)
}

/// The rule table: the diagnostics the specification calls for, by code.
///
/// * E0401 a store with acquire semantics (§6.15.12.7.1: `acquire` and
///   `acq_rel` are not allowed);
/// * E0402 a load with release semantics (§6.15.12.7.2);
/// * E0403 `atomic_flag_clear` with acquire semantics (§6.15.12.7.8);
/// * E0404 a compare-exchange failure order that releases, E0405 one
///   stronger than the success order (§6.15.12.7.4; "stronger" in the
///   order relaxed < acquire < release < acq_rel < seq_cst, as the
///   conformance suite reads it);
/// * E0406 `memory_scope_work_item` anywhere but an image-only fence
///   (§6.15.12.4);
/// * E0407 an image fence whose flags include other memory, or whose scope
///   is not work-item or order not acq_rel; an image barrier not at
///   work-group scope (§6.15.12.5, §6.15.8);
/// * W0401 a non-image fence with relaxed order (no effect);
/// * W0402 a `local` object with an explicit scope wider than the
///   work-group;
/// * W0405 a weak compare-exchange not retried in a loop, or whose result
///   is discarded.
fn expected_codes(op: &Op, in_loop: bool) -> Vec<&'static str> {
    let mut codes = Vec::new();
    if matches!(op.kind, Kind::CasWeak)
        && (op.usage == Use::Discard || !(in_loop || op.usage == Use::RetryLoop))
    {
        codes.push("W0405");
    }
    let Args::Explicit {
        order,
        failure,
        scope,
    } = op.args
    else {
        return codes;
    };
    match op.kind {
        Kind::Store if order.acquires() && order != Order::SeqCst => codes.push("E0401"),
        Kind::Load if order.releases() && order != Order::SeqCst => codes.push("E0402"),
        Kind::FlagClear if order.acquires() && order != Order::SeqCst => codes.push("E0403"),
        Kind::CasStrong | Kind::CasWeak => {
            if failure.releases() && failure != Order::SeqCst {
                codes.push("E0404");
            } else if !failure_allowed(order, failure) {
                codes.push("E0405");
            }
        }
        Kind::Fence(flags) if flags & IMAGE != 0 => {
            if flags != IMAGE {
                codes.push("E0407");
            } else {
                if scope != Some(Scope::WorkItem) {
                    codes.push("E0407");
                }
                if order != Order::AcqRel {
                    codes.push("E0407");
                }
            }
            return codes;
        }
        Kind::Fence(_) if order == Order::Relaxed => codes.push("W0401"),
        Kind::Barrier(flags) => {
            let scope = scope.unwrap_or(Scope::WorkGroup);
            if scope == Scope::WorkItem {
                codes.push("E0406");
            } else if flags & IMAGE != 0 && scope != Scope::WorkGroup {
                codes.push("E0407");
            }
            return codes;
        }
        _ => {}
    }
    match scope {
        Some(Scope::WorkItem) => codes.push("E0406"),
        Some(Scope::Device | Scope::AllSvmDevices)
            if op.space == Space::Local && !matches!(op.kind, Kind::Fence(_)) =>
        {
            codes.push("W0402")
        }
        _ => {}
    }
    codes
}

/// C11's "the failure argument shall be no stronger than the success
/// argument": what a failed compare-exchange (a load) may keep of the
/// success order.
fn failure_allowed(success: Order, failure: Order) -> bool {
    match failure {
        Order::Relaxed => true,
        // "No stronger than" in the order relaxed < acquire < release <
        // acq_rel < seq_cst, as the conformance suite reads it.
        Order::Acquire => success != Order::Relaxed,
        Order::SeqCst => success == Order::SeqCst,
        Order::Release | Order::AcqRel => false,
    }
}

/// One generated translation unit.
struct Kernel {
    text: String,
    options: String,
    /// (line, code), sorted.
    expected: Vec<(u32, String)>,
}

struct Builder<'r> {
    rng: &'r mut Rng,
    lines: Vec<String>,
    expected: Vec<(usize, &'static str)>,
    /// `#define ORD_n ...` lines for orders spelled through a macro.
    defines: Vec<String>,
    /// Whether calls with errors may be generated (otherwise the kernel
    /// is meant to compile, with warnings at most).
    allow_errors: bool,
    /// The seq_cst operations so far (line, scope), for W0408.
    seq_cst: Vec<(usize, Scope)>,
}

impl Builder<'_> {
    fn line(&mut self, indent: usize, text: impl AsRef<str>) {
        self.lines
            .push(format!("{}{}", "    ".repeat(indent), text.as_ref()));
    }

    /// An order's spelling, sometimes through a macro.
    fn order(&mut self, order: Order) -> String {
        if self.rng.one_in(6) {
            let name = format!("ORD_{}", self.defines.len());
            self.defines
                .push(format!("#define {name} {}", order.spelling()));
            name
        } else {
            order.spelling().to_string()
        }
    }

    fn random_op(&mut self, space: Space) -> Op {
        let kinds = [
            Kind::Store,
            Kind::Load,
            Kind::Exchange,
            Kind::Fetch("add"),
            Kind::Fetch("sub"),
            Kind::Fetch("or"),
            Kind::Fetch("xor"),
            Kind::Fetch("and"),
            Kind::Fetch("min"),
            Kind::Fetch("max"),
            Kind::CasStrong,
            Kind::CasWeak,
            Kind::FlagTestAndSet,
            Kind::FlagClear,
            Kind::Fence(0),
            Kind::Barrier(0),
        ];
        let mut kind = self.rng.pick(&kinds);
        let mut ty = self.rng.pick(&Ty::ALL);
        if ty == Ty::Float && matches!(kind, Kind::Fetch("or" | "xor" | "and")) {
            ty = Ty::Int;
        }
        match &mut kind {
            Kind::Fence(flags) => *flags = 1 + self.rng.below(7) as u32,
            Kind::Barrier(flags) => *flags = 1 + self.rng.below(7) as u32,
            _ => {}
        }
        let is_sync = matches!(kind, Kind::Fence(_) | Kind::Barrier(_));
        let args = if !is_sync && self.rng.one_in(5) {
            Args::Implicit
        } else {
            Args::Explicit {
                order: self.rng.pick(&Order::ALL),
                failure: self.rng.pick(&Order::ALL),
                scope: (matches!(kind, Kind::Fence(_)) || !self.rng.one_in(3))
                    .then(|| self.rng.pick(&Scope::ALL)),
            }
        };
        let usage = match kind {
            Kind::CasStrong | Kind::CasWeak => {
                self.rng.pick(&[Use::Discard, Use::Value, Use::RetryLoop])
            }
            Kind::Store | Kind::FlagClear | Kind::Fence(_) | Kind::Barrier(_) => Use::Discard,
            _ => self.rng.pick(&[Use::Discard, Use::Value]),
        };
        Op {
            kind,
            ty,
            space,
            args,
            usage,
        }
    }

    /// The call expression for `op`.
    fn call(&mut self, op: &Op) -> String {
        let prefix = match op.space {
            Space::Global => "g",
            Space::Local => "&l",
            Space::Generic => "p",
        };
        let is_flag = matches!(op.kind, Kind::FlagTestAndSet | Kind::FlagClear);
        let object = if is_flag {
            format!("{prefix}flag")
        } else {
            format!("{prefix}{}", op.ty.suffix())
        };
        let value = op.ty.value();
        let expected = format!("&e{}", op.ty.suffix());
        let (name, args) = match op.kind {
            Kind::Store => ("atomic_store", vec![object, value.into()]),
            Kind::Load => ("atomic_load", vec![object]),
            Kind::Exchange => ("atomic_exchange", vec![object, value.into()]),
            Kind::Fetch(f) => {
                return self.finish_call(
                    &format!("atomic_fetch_{f}"),
                    vec![object, value.into()],
                    op,
                )
            }
            Kind::CasStrong => (
                "atomic_compare_exchange_strong",
                vec![object, expected, value.into()],
            ),
            Kind::CasWeak => (
                "atomic_compare_exchange_weak",
                vec![object, expected, value.into()],
            ),
            Kind::FlagTestAndSet => ("atomic_flag_test_and_set", vec![object]),
            Kind::FlagClear => ("atomic_flag_clear", vec![object]),
            Kind::Fence(flags) => {
                let Args::Explicit { order, scope, .. } = op.args else {
                    unreachable!("fences always have explicit arguments")
                };
                let order = self.order(order);
                let scope = scope.unwrap_or(Scope::Device).spelling();
                return format!(
                    "atomic_work_item_fence({}, {order}, {scope})",
                    flags_spelling(flags)
                );
            }
            Kind::Barrier(flags) => {
                let mut args = vec![flags_spelling(flags)];
                if let Args::Explicit {
                    scope: Some(scope), ..
                } = op.args
                {
                    args.push(scope.spelling().to_string());
                }
                return format!("work_group_barrier({})", args.join(", "));
            }
        };
        self.finish_call(name, args, op)
    }

    fn finish_call(&mut self, name: &str, mut args: Vec<String>, op: &Op) -> String {
        match op.args {
            Args::Implicit => format!("{name}({})", args.join(", ")),
            Args::Explicit {
                order,
                failure,
                scope,
            } => {
                args.push(self.order(order));
                if matches!(op.kind, Kind::CasStrong | Kind::CasWeak) {
                    args.push(self.order(failure));
                }
                if let Some(scope) = scope {
                    args.push(scope.spelling().to_string());
                }
                format!("{name}_explicit({})", args.join(", "))
            }
        }
    }

    /// Emits `count` statements at `indent`, some wrapped in control flow.
    fn statements(
        &mut self,
        space_of: &dyn Fn(&mut Rng) -> Space,
        count: usize,
        indent: usize,
        in_loop: bool,
        depth: usize,
    ) {
        for _ in 0..count {
            if depth < 2 && self.rng.one_in(3) {
                self.wrapped(space_of, indent, in_loop, depth);
            } else {
                self.op_statement(space_of, indent, in_loop);
            }
        }
    }

    fn wrapped(
        &mut self,
        space_of: &dyn Fn(&mut Rng) -> Space,
        indent: usize,
        in_loop: bool,
        depth: usize,
    ) {
        let inner = 1 + self.rng.below(2);
        let loop_var = format!("i{}", self.lines.len());
        match self.rng.below(5) {
            0 => {
                self.line(indent, "if (get_global_id(0) == 0) {");
                self.statements(space_of, inner, indent + 1, in_loop, depth + 1);
                self.line(indent, "} else {");
                self.statements(space_of, 1, indent + 1, in_loop, depth + 1);
                self.line(indent, "}");
            }
            1 => {
                self.line(
                    indent,
                    format!("for (int {loop_var} = 0; {loop_var} < 4; {loop_var}++) {{"),
                );
                self.statements(space_of, inner, indent + 1, true, depth + 1);
                self.line(indent, "}");
            }
            2 => {
                self.line(indent, "while (acc < 100) {");
                self.statements(space_of, inner, indent + 1, true, depth + 1);
                self.line(indent + 1, "acc++;");
                self.line(indent, "}");
            }
            3 => {
                self.line(indent, "do {");
                self.statements(space_of, inner, indent + 1, true, depth + 1);
                self.line(indent + 1, "acc++;");
                self.line(indent, "} while (acc < 3);");
            }
            _ => {
                self.line(indent, "switch (acc) {");
                self.line(indent, "case 1: {");
                self.statements(space_of, inner, indent + 1, in_loop, depth + 1);
                self.line(indent + 1, "break;");
                self.line(indent, "}");
                self.line(indent, "default:");
                self.line(indent + 1, "break;");
                self.line(indent, "}");
            }
        }
    }

    fn op_statement(&mut self, space_of: &dyn Fn(&mut Rng) -> Space, indent: usize, in_loop: bool) {
        let space = space_of(self.rng);
        let mut op = self.random_op(space);
        // In a kernel meant to compile, draw again until the call is valid
        // (most random calls are not).
        while !self.allow_errors
            && expected_codes(&op, in_loop)
                .iter()
                .any(|c| c.starts_with('E'))
        {
            op = self.random_op(space);
        }
        let call = self.call(&op);
        let is_cas = matches!(op.kind, Kind::CasStrong | Kind::CasWeak);
        let statement = match op.usage {
            Use::Discard => format!("{call};"),
            Use::Value if is_cas => format!("if ({call}) acc++;"),
            Use::Value => format!("acc += (int)({call});"),
            Use::RetryLoop => format!("while (!{call}) {{}}"),
        };
        for code in expected_codes(&op, in_loop) {
            self.expected.push((self.lines.len(), code));
        }
        if let Some(scope) = seq_cst_scope(&op) {
            self.seq_cst.push((self.lines.len(), scope));
        }
        self.line(indent, statement);
    }
}

fn object_declarations(prefix: &str, space: &str) -> String {
    let mut out = String::new();
    for ty in Ty::ALL {
        let _ = write!(out, "{space}{} {prefix}{}; ", ty.atomic(), ty.suffix());
    }
    let _ = write!(out, "{space}atomic_flag {prefix}flag;");
    out
}

fn private_declarations() -> String {
    Ty::ALL
        .iter()
        .map(|ty| format!("{} e{} = 0; ", ty.plain(), ty.suffix()))
        .collect::<String>()
        .replace("float ef = 0;", "float ef = 0.0f;")
}

fn generate(rng: &mut Rng) -> Kernel {
    let mut b = Builder {
        rng,
        lines: Vec::new(),
        expected: Vec::new(),
        defines: Vec::new(),
        allow_errors: false,
        seq_cst: Vec::new(),
    };
    b.allow_errors = b.rng.one_in(2);
    // A helper whose pointers are generic (no address space).
    let params: Vec<String> = Ty::ALL
        .iter()
        .map(|ty| format!("{} *p{}", ty.atomic(), ty.suffix()))
        .chain(std::iter::once("atomic_flag *pflag".to_string()))
        .collect();
    b.line(0, format!("void generic_ops({}) {{", params.join(", ")));
    b.line(1, format!("int acc = 0; {}", private_declarations()));
    let count = 1 + b.rng.below(3);
    b.statements(&|_| Space::Generic, count, 1, false, 0);
    b.line(0, "}");
    let kernel_params: Vec<String> = Ty::ALL
        .iter()
        .map(|ty| format!("global {} *g{}", ty.atomic(), ty.suffix()))
        .chain([
            "global atomic_flag *gflag".to_string(),
            "global int *out".to_string(),
        ])
        .collect();
    b.line(0, format!("kernel void k({}) {{", kernel_params.join(", ")));
    b.line(1, object_declarations("l", "local "));
    b.line(1, format!("int acc = 0; {}", private_declarations()));
    let count = 2 + b.rng.below(6);
    b.statements(
        &|rng| {
            if rng.one_in(2) {
                Space::Global
            } else {
                Space::Local
            }
        },
        count,
        1,
        false,
        0,
    );
    b.line(1, "generic_ops(gi, gu, gl, gul, gf, gflag);");
    b.line(1, "out[0] = acc;");
    b.line(0, "}");
    // W0408: the translation unit's seq_cst operations have no single
    // total order unless all have device scope or all all_svm_devices;
    // then each one that is not at device scope is reported.
    let uniform = b.seq_cst.windows(2).all(|w| w[0].1 == w[1].1);
    let ordered = b
        .seq_cst
        .first()
        .is_none_or(|&(_, scope)| uniform && matches!(scope, Scope::Device | Scope::AllSvmDevices));
    if !ordered {
        for &(line, scope) in &b.seq_cst {
            if scope != Scope::Device {
                b.expected.push((line, "W0408"));
            }
        }
    }
    let options = match b.rng.below(4) {
        0 => "-cl-std=CL3.0 -cl-ext=+all",
        1 => "-target spirv32",
        _ => "",
    };
    let offset = b.defines.len();
    let mut text = b.defines.join("\n");
    if !text.is_empty() {
        text.push('\n');
    }
    text.push_str(&b.lines.join("\n"));
    text.push('\n');
    let mut expected: Vec<(u32, String)> = b
        .expected
        .iter()
        .map(|&(index, code)| ((offset + index + 1) as u32, code.to_string()))
        .collect();
    expected.sort();
    Kernel {
        text,
        options: options.to_string(),
        expected,
    }
}

/// The (line, code) of every diagnostic, sorted.
fn actual(report: &oclc::Report) -> Vec<(u32, String)> {
    let mut out: Vec<(u32, String)> = report
        .diagnostics()
        .iter()
        .map(|d| {
            let line = d
                .primary
                .as_ref()
                .map_or(0, |p| report.sources().line_col(p.span).line);
            (line, d.code.id.to_string())
        })
        .collect();
    out.sort();
    out
}

/// Compiles one kernel; `Err` describes a disagreement.
fn check(kernel: &Kernel) -> Result<(), String> {
    let options = oclc::Options::from_build_options(&kernel.options).map_err(|e| e.to_string())?;
    let source = oclc::Source::new("generated.cl", kernel.text.as_str());
    let expects_error = kernel.expected.iter().any(|(_, c)| c.starts_with('E'));
    let (report, compiled) = match oclc::compile(&source, &options) {
        Ok(c) => (c.report, true),
        Err(f) => (f.report, false),
    };
    let got = actual(&report);
    if got != kernel.expected || compiled == expects_error {
        return Err(format!(
            "expected {:?} (compiles: {}), got {got:?} (compiled: {compiled})\n{}",
            kernel.expected,
            !expects_error,
            report.render_human(oclc::HumanStyle::PLAIN)
        ));
    }
    Ok(())
}

#[test]
fn random_atomic_kernels_get_exactly_the_predicted_diagnostics() {
    let mut rng = Rng::new(SEED);
    let mut failures = Vec::new();
    let mut with_errors = 0;
    let mut with_warnings_only = 0;
    for index in 0..KERNELS {
        let kernel = generate(&mut rng);
        if kernel.expected.iter().any(|(_, c)| c.starts_with('E')) {
            with_errors += 1;
        } else if !kernel.expected.is_empty() {
            with_warnings_only += 1;
        }
        if let Err(why) = check(&kernel) {
            failures.push(format!(
                "kernel #{index} (options `{}`): {why}\n{}",
                kernel.options,
                numbered(&kernel.text)
            ));
        }
    }
    eprintln!(
        "generator: {KERNELS} kernels, {with_errors} with errors, {with_warnings_only} with warnings only"
    );
    // The generator must exercise both outcomes substantially.
    assert!(
        with_errors > KERNELS / 5,
        "{with_errors} kernels with errors"
    );
    assert!(KERNELS - with_errors > KERNELS / 5, "too few clean kernels");
    assert!(
        with_warnings_only > 10,
        "{with_warnings_only} kernels with only warnings"
    );
    assert!(
        failures.is_empty(),
        "{} of {KERNELS} kernels disagree with the rule table; first:\n{}",
        failures.len(),
        failures.first().map_or("", String::as_str)
    );
}

fn numbered(text: &str) -> String {
    text.lines()
        .enumerate()
        .map(|(i, l)| format!("{:4} | {l}\n", i + 1))
        .collect()
}

#[test]
fn the_rule_table_agrees_with_hand_checked_cases() {
    let op = |kind, args, usage| Op {
        kind,
        ty: Ty::Int,
        space: Space::Global,
        args,
        usage,
    };
    let explicit = |order, failure, scope| Args::Explicit {
        order,
        failure,
        scope,
    };
    use Order::*;
    let cases = [
        (
            op(Kind::Store, explicit(Acquire, Relaxed, None), Use::Discard),
            vec!["E0401"],
        ),
        (
            op(Kind::Store, explicit(SeqCst, Relaxed, None), Use::Discard),
            vec![],
        ),
        (
            op(Kind::Load, explicit(AcqRel, Relaxed, None), Use::Value),
            vec!["E0402"],
        ),
        (
            op(
                Kind::FlagClear,
                explicit(Acquire, Relaxed, None),
                Use::Discard,
            ),
            vec!["E0403"],
        ),
        (
            op(Kind::CasStrong, explicit(SeqCst, Release, None), Use::Value),
            vec!["E0404"],
        ),
        (
            op(
                Kind::CasStrong,
                explicit(Release, Acquire, None),
                Use::Value,
            ),
            vec![],
        ),
        (
            op(Kind::CasStrong, explicit(AcqRel, Acquire, None), Use::Value),
            vec![],
        ),
        (
            op(Kind::CasStrong, explicit(Acquire, SeqCst, None), Use::Value),
            vec!["E0405"],
        ),
        (
            op(Kind::CasWeak, explicit(Relaxed, Relaxed, None), Use::Value),
            vec!["W0405"],
        ),
        (
            op(
                Kind::CasWeak,
                explicit(Relaxed, Relaxed, None),
                Use::RetryLoop,
            ),
            vec![],
        ),
        (
            op(
                Kind::Exchange,
                explicit(Relaxed, Relaxed, Some(Scope::WorkItem)),
                Use::Value,
            ),
            vec!["E0406"],
        ),
        (
            op(
                Kind::Fence(IMAGE),
                explicit(AcqRel, Relaxed, Some(Scope::WorkItem)),
                Use::Discard,
            ),
            vec![],
        ),
        (
            op(
                Kind::Fence(IMAGE),
                explicit(SeqCst, Relaxed, Some(Scope::Device)),
                Use::Discard,
            ),
            vec!["E0407", "E0407"],
        ),
        (
            op(
                Kind::Fence(2),
                explicit(Relaxed, Relaxed, Some(Scope::WorkItem)),
                Use::Discard,
            ),
            vec!["W0401", "E0406"],
        ),
        (
            op(
                Kind::Barrier(IMAGE | 1),
                explicit(Relaxed, Relaxed, Some(Scope::Device)),
                Use::Discard,
            ),
            vec!["E0407"],
        ),
        (op(Kind::Barrier(1), Args::Implicit, Use::Discard), vec![]),
    ];
    for (op, want) in cases {
        assert_eq!(expected_codes(&op, false), want, "{op:?}");
    }
    let local = Op {
        space: Space::Local,
        ..op(
            Kind::Load,
            explicit(Relaxed, Relaxed, Some(Scope::Device)),
            Use::Value,
        )
    };
    assert_eq!(expected_codes(&local, false), ["W0402"]);
}
