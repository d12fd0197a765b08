//! A textual dump of a [`Module`], for review and snapshot tests
//! (`tests/ir/*.ir`): deterministic, one statement per line, expressions
//! as nested S-expressions annotated with their types.
//!
//! ```text
//! global @0 counter: int = 0 [__global]
//! kernel k(%0 p: __global int*) -> void
//!   local %l0 i: int
//!   expr (store:int (local %l0) (lit 0:int))
//! ```
//!
//! Expression trees are printed with an explicit stack (no recursion), so
//! deep trees cannot overflow.

use std::fmt::Write as _;

use crate::{
    Block, CaseLabel, ConstInit, Expr, ExprId, ExprKind, Function, Literal, LoopControl, Module,
    Stmt, Type, TypeId,
};

/// The module as text.
pub fn module(module: &Module) -> String {
    let mut out = String::new();
    for (index, global) in module.globals.iter().enumerate() {
        let _ = write!(
            out,
            "global @{index} {}: {} [{}]",
            global.name,
            type_name(module, global.ty),
            global.space.keyword()
        );
        if let Some(init) = &global.init {
            out.push_str(" = ");
            const_init(&mut out, init);
        }
        out.push('\n');
    }
    for function in &module.functions {
        if !out.is_empty() {
            out.push('\n');
        }
        function_text(&mut out, module, function);
    }
    out
}

/// The name of a type, C-like (`__global int*`, `float4`, `struct S`).
pub fn type_name(module: &Module, ty: TypeId) -> String {
    match module.types.get(ty) {
        Type::Void => "void".into(),
        Type::Bool => "bool".into(),
        Type::Int { bits, signed } => {
            let base = match bits {
                8 => "char",
                16 => "short",
                32 => "int",
                _ => "long",
            };
            if signed {
                base.into()
            } else {
                format!("u{base}")
            }
        }
        Type::Float { bits: 16 } => "half".into(),
        Type::Float { bits: 32 } => "float".into(),
        Type::Float { .. } => "double".into(),
        Type::Vector { elem, len } => format!("{}{len}", type_name(module, elem)),
        Type::Pointer {
            pointee,
            space,
            quals,
        } => {
            let mut q = String::new();
            if quals.const_ {
                q.push_str("const ");
            }
            if quals.volatile {
                q.push_str("volatile ");
            }
            format!("{} {q}{}*", space.keyword(), type_name(module, pointee))
        }
        Type::Array { elem, len } => match len {
            Some(n) => format!("{}[{n}]", type_name(module, elem)),
            None => format!("{}[]", type_name(module, elem)),
        },
        Type::Struct(id) => {
            let def = module.types.struct_def(id);
            let kind = if def.is_union { "union" } else { "struct" };
            format!("{kind} {}", def.name)
        }
        Type::Atomic(inner) => format!("atomic {}", type_name(module, inner)),
        Type::AtomicFlag => "atomic_flag".into(),
        Type::Opaque(crate::OpaqueType::Image(image)) => image.name().into(),
        Type::Opaque(crate::OpaqueType::Sampler) => "sampler_t".into(),
        Type::Opaque(crate::OpaqueType::Event) => "event_t".into(),
        Type::Opaque(crate::OpaqueType::ReserveId) => "reserve_id_t".into(),
        Type::Opaque(crate::OpaqueType::Pipe(pipe)) => format!(
            "{} pipe {}",
            if pipe.write {
                "write_only"
            } else {
                "read_only"
            },
            type_name(module, pipe.packet)
        ),
    }
}

fn const_init(out: &mut String, init: &ConstInit) {
    match init {
        ConstInit::Scalar(literal) => out.push_str(&literal_text(*literal)),
        ConstInit::Zero => out.push_str("zero"),
        ConstInit::Address {
            global,
            element,
            path,
        } => {
            out.push_str(&format!("&g{}[{element}]", global.0));
            for step in path {
                out.push_str(&format!("[{step}]"));
            }
        }
        ConstInit::Composite(parts) => {
            out.push('{');
            for (i, part) in parts.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                const_init(out, part);
            }
            out.push('}');
        }
    }
}

fn literal_text(literal: Literal) -> String {
    match literal {
        Literal::Bool(b) => b.to_string(),
        Literal::Int(v) => (v as i64).to_string(),
        Literal::Float(f) => format!("{f:?}"),
        Literal::Null => "null".into(),
    }
}

fn function_text(out: &mut String, module: &Module, function: &Function) {
    let kind = if function.kernel.is_some() {
        "kernel"
    } else {
        "fn"
    };
    let params: Vec<String> = function
        .params
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let restrict = if p.noalias { " restrict" } else { "" };
            format!("%{i} {}: {}{restrict}", p.name, type_name(module, p.ty))
        })
        .collect();
    let _ = writeln!(
        out,
        "{kind} {}({}) -> {}",
        function.name,
        params.join(", "),
        type_name(module, function.ret)
    );
    if let Some(size) = function
        .kernel
        .as_ref()
        .and_then(|k| k.reqd_work_group_size)
    {
        let _ = writeln!(out, "  reqd_work_group_size {size:?}");
    }
    for (i, local) in function.locals.iter().enumerate() {
        let _ = writeln!(
            out,
            "  local %l{i} {}: {}",
            local.name,
            type_name(module, local.ty)
        );
    }
    let printer = Printer { module, function };
    printer.block(out, &function.body, 1);
}

struct Printer<'a> {
    module: &'a Module,
    function: &'a Function,
}

impl Printer<'_> {
    fn line(&self, out: &mut String, depth: usize, text: &str) {
        for _ in 0..depth {
            out.push_str("  ");
        }
        out.push_str(text);
        out.push('\n');
    }

    fn block(&self, out: &mut String, block: &Block, depth: usize) {
        for stmt in &block.0 {
            self.stmt(out, stmt, depth);
        }
    }

    fn stmt(&self, out: &mut String, stmt: &Stmt, depth: usize) {
        match stmt {
            Stmt::Expr(e) => self.line(out, depth, &format!("expr {}", self.expr(*e))),
            Stmt::Block(b) => {
                self.line(out, depth, "{");
                self.block(out, b, depth + 1);
                self.line(out, depth, "}");
            }
            Stmt::If {
                cond,
                then,
                otherwise,
            } => {
                self.line(out, depth, &format!("if {}", self.expr(*cond)));
                self.block(out, then, depth + 1);
                if !otherwise.0.is_empty() {
                    self.line(out, depth, "else");
                    self.block(out, otherwise, depth + 1);
                }
            }
            Stmt::Loop {
                cond,
                test_first,
                body,
                continuing,
                control,
            } => {
                let mut head = match cond {
                    Some(c) if *test_first => format!("loop while {}", self.expr(*c)),
                    Some(c) => format!("loop do-while {}", self.expr(*c)),
                    None => "loop".to_string(),
                };
                match control {
                    LoopControl::None => {}
                    LoopControl::Unroll => head.push_str(" [unroll]"),
                    LoopControl::DontUnroll => head.push_str(" [nounroll]"),
                    LoopControl::PartialCount(n) => head.push_str(&format!(" [unroll {n}]")),
                }
                self.line(out, depth, &head);
                self.block(out, body, depth + 1);
                if !continuing.0.is_empty() {
                    self.line(out, depth, "continuing");
                    self.block(out, continuing, depth + 1);
                }
            }
            Stmt::Switch { selector, segments } => {
                self.line(out, depth, &format!("switch {}", self.expr(*selector)));
                for segment in segments {
                    let labels: Vec<String> = segment
                        .labels
                        .iter()
                        .map(|l| match l {
                            CaseLabel::Value(v) => format!("case {}", *v as i64),
                            CaseLabel::Default => "default".into(),
                        })
                        .collect();
                    self.line(out, depth + 1, &format!("{}:", labels.join(", ")));
                    self.block(out, &segment.body, depth + 2);
                }
            }
            Stmt::Break => self.line(out, depth, "break"),
            Stmt::Continue => self.line(out, depth, "continue"),
            Stmt::Return(None) => self.line(out, depth, "return"),
            Stmt::Return(Some(e)) => self.line(out, depth, &format!("return {}", self.expr(*e))),
            Stmt::Label(l) => self.line(out, depth, &format!("label L{}", l.0)),
            Stmt::Goto(l) => self.line(out, depth, &format!("goto L{}", l.0)),
        }
    }

    /// An expression tree as an S-expression, built with an explicit stack.
    fn expr(&self, root: ExprId) -> String {
        enum Work {
            Open(ExprId),
            Text(String),
        }
        let mut out = String::new();
        let mut stack = vec![Work::Open(root)];
        while let Some(work) = stack.pop() {
            match work {
                Work::Text(text) => out.push_str(&text),
                Work::Open(id) => {
                    let Some(expr) = self.function.exprs.get(id) else {
                        out.push_str("<missing>");
                        continue;
                    };
                    let (head, children) = self.head(expr);
                    out.push('(');
                    out.push_str(&head);
                    out.push(':');
                    out.push_str(&type_name(self.module, expr.ty));
                    stack.push(Work::Text(")".into()));
                    for &child in children.iter().rev() {
                        stack.push(Work::Open(child));
                        stack.push(Work::Text(" ".into()));
                    }
                }
            }
        }
        out
    }

    /// The name of an expression node and its operands.
    fn head(&self, expr: &Expr) -> (String, Vec<ExprId>) {
        match &expr.kind {
            ExprKind::Literal(l) => (format!("lit {}", literal_text(*l)), vec![]),
            ExprKind::Param(i) => (format!("param %{i}"), vec![]),
            ExprKind::Local(l) => (format!("local %l{}", l.0), vec![]),
            ExprKind::Global(g) => (format!("global @{}", g.0), vec![]),
            ExprKind::Load(p) => ("load".into(), vec![*p]),
            ExprKind::Store { pointer, value } => ("store".into(), vec![*pointer, *value]),
            ExprKind::CompoundAssign {
                op, pointer, value, ..
            } => (format!("{op:?}="), vec![*pointer, *value]),
            ExprKind::IncDec {
                pointer,
                increment,
                prefix,
            } => {
                let op = if *increment { "++" } else { "--" };
                let place = if *prefix { "pre" } else { "post" };
                (format!("{place}{op}"), vec![*pointer])
            }
            ExprKind::Unary(op, e) => (format!("{op:?}"), vec![*e]),
            ExprKind::Binary(op, a, b) => (format!("{op:?}"), vec![*a, *b]),
            ExprKind::LogicalAnd(a, b) => ("&&".into(), vec![*a, *b]),
            ExprKind::LogicalOr(a, b) => ("||".into(), vec![*a, *b]),
            ExprKind::Select {
                cond,
                then,
                otherwise,
            } => ("?:".into(), vec![*cond, *then, *otherwise]),
            ExprKind::Convert(c, e) => (format!("convert {c:?}"), vec![*e]),
            ExprKind::PtrOffset { pointer, index } => ("ptr+".into(), vec![*pointer, *index]),
            ExprKind::ElementPtr { pointer, index } => ("elem".into(), vec![*pointer, *index]),
            ExprKind::MemberPtr { pointer, field } => (format!("member {field}"), vec![*pointer]),
            ExprKind::PtrDiff(a, b) => ("ptr-".into(), vec![*a, *b]),
            ExprKind::Call(f, args) => {
                let name = self
                    .module
                    .functions
                    .get(*f)
                    .map_or("?", |f| f.name.as_str());
                (format!("call {name}"), args.clone())
            }
            ExprKind::Builtin(b, args) => (format!("builtin {b:?}"), args.clone()),
            ExprKind::Atomic(call) => {
                let mut args = vec![call.pointer];
                args.extend(&call.operands);
                let mut head = format!("atomic {:?}", call.op);
                mem_args(
                    &mut head,
                    &mut args,
                    [
                        ("order", call.order.as_ref()),
                        ("failure", call.failure.as_ref()),
                        ("scope", call.scope.as_ref()),
                    ],
                );
                (head, args)
            }
            ExprKind::Fence(call) => {
                let mut head = format!("fence {:?}", call.kind);
                let mut args = Vec::new();
                mem_args(
                    &mut head,
                    &mut args,
                    [
                        ("flags", Some(&call.flags)),
                        ("order", call.order.as_ref()),
                        ("scope", call.scope.as_ref()),
                    ],
                );
                (head, args)
            }
            ExprKind::Comma(a, b) => (",".into(), vec![*a, *b]),
            ExprKind::Construct(parts) => ("construct".into(), parts.clone()),
            ExprKind::Statements(block, value) => {
                let mut body = String::new();
                self.block(&mut body, block, 0);
                let body = body.trim_end().replace('\n', "; ");
                (format!("stmts {{ {body} }}"), vec![*value])
            }
        }
    }
}

/// Appends ` name=value` for each constant order, scope or flags argument
/// and ` name=runtime` for the others, whose expressions become operands.
fn mem_args(head: &mut String, args: &mut Vec<ExprId>, named: [(&str, Option<&crate::MemArg>); 3]) {
    for (name, arg) in named {
        let Some(arg) = arg else { continue };
        match arg.value {
            Some(v) => {
                let _ = write!(head, " {name}={v}");
            }
            None => {
                let _ = write!(head, " {name}=runtime");
                args.push(arg.expr);
            }
        }
    }
}
