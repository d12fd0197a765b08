//! Statements: blocks and scopes, `if`, the three loops (as
//! [`Stmt::Loop`], with `for`'s initialisation before the loop and its
//! step as `continuing`), `switch` (as [`SwitchSegment`]s built from the
//! `case` labels at the top level of the switch body), `break`,
//! `continue` and `return`.

use oclc_diagnostics::{Diagnostic, Span};
use oclc_ir::{Block, ExprId, ExprKind, LoopControl, Stmt, Type};
use oclc_syntax::ast::{self, StmtKind};

use super::{JumpTarget, Lowerer};
use crate::codes;

/// The parts of a `for` statement.
struct ForParts<'a> {
    init: Option<&'a ast::Stmt>,
    cond: Option<&'a ast::Expr>,
    step: Option<&'a ast::Expr>,
    body: &'a ast::Stmt,
    control: LoopControl,
}

impl Lowerer<'_> {
    /// Lowers the statements of a block in the current scope.
    pub(crate) fn lower_block_items(&mut self, stmts: &[ast::Stmt], out: &mut Vec<Stmt>) {
        for stmt in stmts {
            self.lower_stmt(stmt, out);
        }
    }

    /// Lowers a sub-statement in a scope of its own.
    fn lower_scoped(&mut self, stmt: &ast::Stmt) -> Block {
        self.scopes.push();
        let mut out = Vec::new();
        match &stmt.kind {
            StmtKind::Block(block) => {
                self.enter_fp_contract_block(block.span);
                self.lower_block_items(&block.stmts, &mut out)
            }
            _ => self.lower_stmt(stmt, &mut out),
        }
        self.scopes.pop();
        Block(out)
    }

    /// Lowers one statement, appending to `out`.
    pub(crate) fn lower_stmt(&mut self, stmt: &ast::Stmt, out: &mut Vec<Stmt>) {
        match &stmt.kind {
            StmtKind::Decl(decl) => self.lower_declaration_into(decl, out),
            StmtKind::StaticAssert(assertion) => self.static_assert(assertion),
            StmtKind::Expr(expr) => {
                let id = self.rvalue_expr(expr);
                if !self.is_poison(id) {
                    out.push(Stmt::Expr(id));
                }
            }
            StmtKind::Empty | StmtKind::Error => {}
            StmtKind::Block(_) => {
                let block = self.lower_scoped(stmt);
                out.push(Stmt::Block(block));
            }
            StmtKind::If {
                cond,
                then,
                otherwise,
            } => {
                let cond = self.lower_cond(cond);
                let then = self.lower_scoped(then);
                let otherwise = match otherwise {
                    Some(o) => self.lower_scoped(o),
                    None => Block::default(),
                };
                out.push(Stmt::If {
                    cond,
                    then,
                    otherwise,
                });
            }
            StmtKind::While { cond, body, hints } => {
                let control = self.loop_control(hints);
                let cond = self.lower_cond(cond);
                let body = self.lower_loop_body(body);
                out.push(Stmt::Loop {
                    cond: Some(cond),
                    test_first: true,
                    body,
                    continuing: Block::default(),
                    control,
                });
            }
            StmtKind::DoWhile { body, cond, hints } => {
                let control = self.loop_control(hints);
                let body = self.lower_loop_body(body);
                let cond = self.lower_cond(cond);
                out.push(Stmt::Loop {
                    cond: Some(cond),
                    test_first: false,
                    body,
                    continuing: Block::default(),
                    control,
                });
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
                hints,
            } => {
                let control = self.loop_control(hints);
                let parts = ForParts {
                    init: init.as_deref(),
                    cond: cond.as_ref(),
                    step: step.as_ref(),
                    body,
                    control,
                };
                self.lower_for(parts, out);
            }
            StmtKind::Switch { value, body } => self.lower_switch(value, body, out),
            StmtKind::Case { .. } | StmtKind::Default(_) => self.lower_case_site(stmt, out),
            StmtKind::Break => {
                if self.func.as_ref().is_some_and(|f| !f.jumps.is_empty()) {
                    out.push(Stmt::Break);
                } else {
                    self.report(
                        &codes::JUMP_OUTSIDE_LOOP,
                        "`break` statement not in a loop or switch statement".to_string(),
                        stmt.span,
                        "nothing to break out of",
                    );
                }
            }
            StmtKind::Continue => {
                if self
                    .func
                    .as_ref()
                    .is_some_and(|f| f.jumps.contains(&JumpTarget::Loop))
                {
                    out.push(Stmt::Continue);
                } else {
                    self.report(
                        &codes::JUMP_OUTSIDE_LOOP,
                        "`continue` statement not in a loop statement".to_string(),
                        stmt.span,
                        "no loop to continue",
                    );
                }
            }
            StmtKind::Return(value) => self.lower_return(value.as_ref(), stmt.span, out),
            StmtKind::Goto(name) => {
                let id = self.label_id(*name, stmt.span);
                out.push(Stmt::Goto(id));
            }
            StmtKind::Labeled(name, inner) => {
                let id = self.label_id(*name, name.span);
                let previous = self.func.as_mut().and_then(|func| {
                    let state = func.labels.get_mut(&name.name)?;
                    match state.defined {
                        Some(previous) => Some(previous),
                        None => {
                            state.defined = Some(name.span);
                            None
                        }
                    }
                });
                if let Some(previous) = previous {
                    let text = self.text(name.name);
                    self.push_diag(
                        Diagnostic::new(
                            &codes::REDEFINITION,
                            format!("redefinition of label `{text}`"),
                        )
                        .with_primary(name.span, "defined again here")
                        .with_secondary(previous, "previous definition is here"),
                    );
                } else {
                    out.push(Stmt::Label(id));
                }
                self.lower_stmt(inner, out);
            }
            StmtKind::Unsupported(what) => {
                self.report(
                    &codes::UNSUPPORTED,
                    format!("`{what}` is not supported by oclc yet"),
                    stmt.span,
                    "not supported",
                );
            }
        }
    }

    pub(crate) fn with_jump<T>(&mut self, target: JumpTarget, f: impl FnOnce(&mut Self) -> T) -> T {
        if let Some(func) = self.func.as_mut() {
            func.jumps.push(target);
        }
        let result = f(self);
        if let Some(func) = self.func.as_mut() {
            func.jumps.pop();
        }
        result
    }

    /// The id of label `name` in the current function, allocated at its
    /// first mention (a `goto` may precede the label).
    fn label_id(&mut self, name: ast::Ident, span: Span) -> oclc_ir::LabelId {
        let Some(func) = self.func.as_mut() else {
            // Outside a function (reported by the caller): any label will do.
            return self.fb.labels.push(());
        };
        if let Some(state) = func.labels.get(&name.name) {
            return state.id;
        }
        let id = self.fb.labels.push(());
        func.labels.insert(
            name.name,
            super::LabelState {
                id,
                defined: None,
                first_use: span,
            },
        );
        id
    }

    /// At the end of a function: every label a `goto` names is defined.
    /// (A `goto` may enter a loop or a `switch` body, as in C: functions
    /// with labels get unstructured control flow.) Returns the number of
    /// labels.
    pub(crate) fn check_labels(&mut self) -> u32 {
        let Some(func) = self.func.as_mut() else {
            return 0;
        };
        let labels = std::mem::take(&mut func.labels);
        let mut undefined: Vec<(Span, oclc_preprocessor::Symbol)> = labels
            .iter()
            .filter(|(_, state)| state.defined.is_none())
            .map(|(&name, state)| (state.first_use, name))
            .collect();
        undefined.sort_by_key(|&(span, _)| (span.file, span.start));
        for (span, name) in undefined {
            let text = self.text(name);
            self.report(
                &codes::UNDECLARED,
                format!("use of undeclared label `{text}`"),
                span,
                "no such label in this function",
            );
        }
        self.fb.labels.len() as u32
    }

    fn lower_loop_body(&mut self, body: &ast::Stmt) -> Block {
        self.with_jump(JumpTarget::Loop, |this| this.lower_scoped(body))
    }

    fn lower_for(&mut self, parts: ForParts<'_>, out: &mut Vec<Stmt>) {
        let ForParts {
            init,
            cond,
            step,
            body,
            control,
        } = parts;
        self.scopes.push();
        let mut prelude = Vec::new();
        if let Some(init) = init {
            self.lower_stmt(init, &mut prelude);
        }
        let cond = cond.map(|c| self.lower_cond(c));
        let step: Option<ExprId> = step
            .map(|s| self.rvalue_expr(s))
            .filter(|&s| !self.is_poison(s));
        let body = self.lower_loop_body(body);
        self.scopes.pop();
        let continuing = Block(step.map(Stmt::Expr).into_iter().collect());
        let looped = Stmt::Loop {
            cond,
            test_first: true,
            body,
            continuing,
            control,
        };
        if prelude.is_empty() {
            out.push(looped);
        } else {
            prelude.push(looped);
            out.push(Stmt::Block(Block(prelude)));
        }
    }

    fn lower_return(&mut self, value: Option<&ast::Expr>, span: Span, out: &mut Vec<Stmt>) {
        let Some(ret) = self.func.as_ref().map(|f| f.ret) else {
            return;
        };
        let is_void = self.ty(ret) == Type::Void;
        match value {
            Some(expr) => {
                let id = self.rvalue_expr(expr);
                if self.is_poison(id) {
                    return;
                }
                if is_void {
                    if self.type_of(id) != Type::Void {
                        self.report(
                            &codes::RETURN_MISMATCH,
                            "void function should not return a value".to_string(),
                            expr.span,
                            "value returned here",
                        );
                        return;
                    }
                    out.push(Stmt::Expr(id));
                    out.push(Stmt::Return(None));
                    return;
                }
                let converted = self.convert_for_assignment(id, ret, "returning", expr.span);
                if !self.is_poison(converted) {
                    out.push(Stmt::Return(Some(converted)));
                }
            }
            None => {
                if !is_void {
                    let name = self.type_name(ret);
                    self.report(
                        &codes::RETURN_MISMATCH,
                        format!("non-void function should return a value of type `{name}`"),
                        span,
                        "value missing",
                    );
                    return;
                }
                out.push(Stmt::Return(None));
            }
        }
    }
}

impl Lowerer<'_> {
    /// `({ s1; …; e; })` (GNU): an [`ExprKind::Statements`] node, whose
    /// statements run where the expression is evaluated (in order with
    /// the rest of its statement, conditionally in `&&`, `||` and `?:`,
    /// at each iteration in a loop condition); the value of the last
    /// expression statement is its value.
    pub(crate) fn lower_stmt_expr(&mut self, block: &ast::Block, span: Span) -> ExprId {
        if self.func.is_none() {
            self.report(
                &codes::UNSUPPORTED,
                "a statement expression outside a function".to_string(),
                span,
                "not in a function",
            );
            return self.poison(span);
        }
        self.scopes.push();
        let (last, items) = match block.stmts.split_last() {
            Some((
                ast::Stmt {
                    kind: StmtKind::Expr(value),
                    ..
                },
                items,
            )) => (Some(value), items),
            _ => (None, &block.stmts[..]),
        };
        let mut stmts = Vec::new();
        self.lower_block_items(items, &mut stmts);
        let value = last.map(|value| self.rvalue_expr(value));
        self.scopes.pop();
        let value = match value {
            Some(value) if self.is_poison(value) => return value,
            Some(value) => value,
            // Without a value (its last statement is no expression) it
            // stands for nothing: an unused `int` 0, as oclc's other
            // value-less built-ins.
            None => {
                let int = self.int_ty();
                self.int_literal(0, int, span)
            }
        };
        let ty = self.ty_of(value);
        self.push(ExprKind::Statements(Block(stmts), value), ty, span)
    }
}
