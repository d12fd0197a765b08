//! Statements: blocks and scopes, `if`, the three loops (as
//! [`Stmt::Loop`], with `for`'s initialisation before the loop and its
//! step as `continuing`), `switch` (as [`SwitchSegment`]s built from the
//! `case` labels at the top level of the switch body), `break`,
//! `continue` and `return`.

use oclc_diagnostics::{Diagnostic, Span};
use oclc_ir::{Block, CaseLabel, ExprId, Stmt, SwitchSegment, Type};
use oclc_syntax::ast::{self, StmtKind};
use rustc_hash::FxHashMap;

use super::{JumpTarget, Lowerer, TypeClass};
use crate::codes;
use crate::consteval::wrap_int;

/// Most values one GNU case range (`case low ... high:`) may label.
const MAX_CASE_RANGE: i128 = 4096;

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

    /// Lowers one statement, appending to `out`; the statements of the
    /// statement expressions in its own expressions go first.
    pub(crate) fn lower_stmt(&mut self, stmt: &ast::Stmt, out: &mut Vec<Stmt>) {
        let base = self.pending.len();
        let at = out.len();
        self.lower_stmt_kind(stmt, out);
        if self.pending.len() > base {
            let hoisted = self.pending.split_off(base);
            out.splice(at..at, hoisted);
        }
    }

    /// A loop condition: evaluated at every iteration, so a statement
    /// expression in it cannot go before the loop.
    fn lower_repeated_cond(&mut self, cond: &ast::Expr) -> ExprId {
        self.conditional += 1;
        let value = self.lower_cond(cond);
        self.conditional -= 1;
        value
    }

    fn lower_stmt_kind(&mut self, stmt: &ast::Stmt, out: &mut Vec<Stmt>) {
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
            StmtKind::While { cond, body } => {
                let cond = self.lower_repeated_cond(cond);
                let body = self.lower_loop_body(body);
                out.push(Stmt::Loop {
                    cond: Some(cond),
                    test_first: true,
                    body,
                    continuing: Block::default(),
                });
            }
            StmtKind::DoWhile { body, cond } => {
                let body = self.lower_loop_body(body);
                let cond = self.lower_repeated_cond(cond);
                out.push(Stmt::Loop {
                    cond: Some(cond),
                    test_first: false,
                    body,
                    continuing: Block::default(),
                });
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                self.lower_for(init.as_deref(), cond.as_ref(), step.as_ref(), body, out);
            }
            StmtKind::Switch { value, body } => self.lower_switch(value, body, out),
            StmtKind::Case { value, .. } => self.misplaced_label(value.span),
            StmtKind::Default(_) => self.misplaced_label(stmt.span),
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
                if let Some(func) = self.func.as_mut() {
                    func.gotos.push((id, func.constructs.clone(), stmt.span));
                }
                out.push(Stmt::Goto(id));
            }
            StmtKind::Labeled(name, inner) => {
                let id = self.label_id(*name, name.span);
                let previous = self.func.as_mut().and_then(|func| {
                    let constructs = func.constructs.clone();
                    let state = func.labels.get_mut(&name.name)?;
                    match &state.defined {
                        Some((previous, _)) => Some(*previous),
                        None => {
                            state.defined = Some((name.span, constructs));
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

    fn with_jump<T>(&mut self, target: JumpTarget, f: impl FnOnce(&mut Self) -> T) -> T {
        if let Some(func) = self.func.as_mut() {
            func.jumps.push(target);
            func.constructs.push(func.next_construct);
            func.next_construct += 1;
        }
        let result = f(self);
        if let Some(func) = self.func.as_mut() {
            func.jumps.pop();
            func.constructs.pop();
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

    /// At the end of a function: every label a `goto` names is defined,
    /// and no `goto` jumps into a loop or `switch` body from outside it
    /// (C allows it; the structured SPIR-V oclc emits cannot express it).
    /// Returns the number of labels.
    pub(crate) fn check_labels(&mut self) -> u32 {
        let Some(func) = self.func.as_mut() else {
            return 0;
        };
        let labels = std::mem::take(&mut func.labels);
        let gotos = std::mem::take(&mut func.gotos);
        let count = self.fb.labels.len();
        let mut by_id: Vec<Option<&super::LabelState>> = vec![None; count];
        let mut undefined = Vec::new();
        for (&name, state) in &labels {
            if let Some(slot) = by_id.get_mut(state.id.index()) {
                *slot = Some(state);
            }
            if state.defined.is_none() {
                undefined.push((state.first_use, name));
            }
        }
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
        for (id, constructs, span) in &gotos {
            let Some(Some(state)) = by_id.get(id.index()) else {
                continue;
            };
            let Some((_, target)) = &state.defined else {
                continue;
            };
            if !constructs.starts_with(target) {
                self.report(
                    &codes::UNSUPPORTED,
                    "a `goto` into a loop or `switch` body is not supported by oclc".to_string(),
                    *span,
                    "jumps into a loop or switch from outside it",
                );
            }
        }
        count as u32
    }

    fn lower_loop_body(&mut self, body: &ast::Stmt) -> Block {
        self.with_jump(JumpTarget::Loop, |this| this.lower_scoped(body))
    }

    fn lower_for(
        &mut self,
        init: Option<&ast::Stmt>,
        cond: Option<&ast::Expr>,
        step: Option<&ast::Expr>,
        body: &ast::Stmt,
        out: &mut Vec<Stmt>,
    ) {
        self.scopes.push();
        let mut prelude = Vec::new();
        if let Some(init) = init {
            self.lower_stmt(init, &mut prelude);
        }
        let cond = cond.map(|c| self.lower_repeated_cond(c));
        self.conditional += 1;
        let step: Option<ExprId> = step
            .map(|s| self.rvalue_expr(s))
            .filter(|&s| !self.is_poison(s));
        self.conditional -= 1;
        let body = self.lower_loop_body(body);
        self.scopes.pop();
        let continuing = Block(step.map(Stmt::Expr).into_iter().collect());
        let looped = Stmt::Loop {
            cond,
            test_first: true,
            body,
            continuing,
        };
        if prelude.is_empty() {
            out.push(looped);
        } else {
            prelude.push(looped);
            out.push(Stmt::Block(Block(prelude)));
        }
    }

    fn misplaced_label(&mut self, span: Span) {
        let in_switch = self
            .func
            .as_ref()
            .is_some_and(|f| f.jumps.contains(&JumpTarget::Switch));
        if in_switch {
            self.report(
                &codes::UNSUPPORTED,
                "`case` and `default` labels nested inside other statements are not supported by oclc yet".to_string(),
                span,
                "move this label to the top level of the switch body",
            );
        } else {
            self.report(
                &codes::SWITCH_LABEL,
                "`case` or `default` label not within a switch statement".to_string(),
                span,
                "no enclosing switch",
            );
        }
    }

    fn lower_switch(&mut self, value: &ast::Expr, body: &ast::Stmt, out: &mut Vec<Stmt>) {
        let selector = self.rvalue_expr(value);
        if self.is_poison(selector) {
            return;
        }
        if !self.type_of(selector).is_integer_like() {
            let name = self.type_name(self.ty_of(selector));
            self.report(
                &codes::TYPE_MISMATCH,
                format!("statement requires expression of integer type (`{name}` invalid)"),
                value.span,
                "not an integer",
            );
            return;
        }
        let promoted = self.promote(self.ty_of(selector));
        let selector = self.convert_arith(selector, promoted);
        let items: &[ast::Stmt] = match &body.kind {
            StmtKind::Block(block) => &block.stmts,
            _ => std::slice::from_ref(body),
        };
        let segments = self.with_jump(JumpTarget::Switch, |this| {
            this.scopes.push();
            let segments = this.switch_segments(items, promoted);
            this.scopes.pop();
            segments
        });
        out.push(Stmt::Switch { selector, segments });
    }

    /// Groups the switch body into segments at its top-level labels.
    fn switch_segments(
        &mut self,
        items: &[ast::Stmt],
        selector_ty: oclc_ir::TypeId,
    ) -> Vec<SwitchSegment> {
        let (bits, signed) = match self.ty(selector_ty) {
            Type::Int { bits, signed } => (bits, signed),
            _ => (32, true),
        };
        let mut segments: Vec<SwitchSegment> = Vec::new();
        let mut seen: FxHashMap<u64, Span> = FxHashMap::default();
        let mut default_seen: Option<Span> = None;
        for item in items {
            let mut stmt = item;
            let mut labels = Vec::new();
            loop {
                match &stmt.kind {
                    StmtKind::Case { value, high, body } => {
                        let low = self.const_int(value, "case label");
                        let high = match high {
                            Some(high) => self.const_int(high, "case label"),
                            None => low,
                        };
                        if let (Some(low), Some(high)) = (low, high) {
                            let count = i128::from(high) - i128::from(low) + 1;
                            if count > MAX_CASE_RANGE {
                                self.report(
                                    &codes::UNSUPPORTED,
                                    format!(
                                        "a case range of more than {MAX_CASE_RANGE} values is not supported by oclc yet"
                                    ),
                                    value.span,
                                    "case range",
                                );
                            }
                            // An empty range (`case 5 ... 1:`) labels nothing.
                            for v in (low..=high).take(MAX_CASE_RANGE as usize) {
                                let bits_value = wrap_int(i128::from(v), bits, signed);
                                if let Some(&previous) = seen.get(&bits_value) {
                                    self.push_diag(
                                        Diagnostic::new(
                                            &codes::SWITCH_LABEL,
                                            format!("duplicate case value `{v}`"),
                                        )
                                        .with_primary(value.span, "duplicate case value")
                                        .with_secondary(previous, "previous case is here"),
                                    );
                                    break;
                                }
                                seen.insert(bits_value, value.span);
                                labels.push(CaseLabel::Value(bits_value));
                            }
                        }
                        stmt = body;
                    }
                    StmtKind::Default(body) => {
                        if let Some(previous) = default_seen {
                            self.push_diag(
                                Diagnostic::new(
                                    &codes::SWITCH_LABEL,
                                    "multiple `default` labels in one switch",
                                )
                                .with_primary(stmt.span, "second `default`")
                                .with_secondary(previous, "previous `default` is here"),
                            );
                        } else {
                            default_seen = Some(stmt.span);
                            labels.push(CaseLabel::Default);
                        }
                        stmt = body;
                    }
                    _ => break,
                }
            }
            let labelled = matches!(item.kind, StmtKind::Case { .. } | StmtKind::Default(_));
            if labelled {
                let continue_current = segments.last().is_some_and(|s| s.body.0.is_empty());
                if continue_current {
                    if let Some(last) = segments.last_mut() {
                        last.labels.extend(labels);
                    }
                } else {
                    segments.push(SwitchSegment {
                        labels,
                        body: Block::default(),
                    });
                }
            } else if segments.is_empty() {
                if !matches!(stmt.kind, StmtKind::Decl(_) | StmtKind::Empty) {
                    self.report(
                        &codes::UNSUPPORTED,
                        "statements before the first `case` label of a switch are not supported by oclc yet".to_string(),
                        stmt.span,
                        "unreachable statement",
                    );
                    continue;
                }
                let mut ignored = Vec::new();
                self.lower_stmt(stmt, &mut ignored);
                continue;
            }
            let mut lowered = Vec::new();
            self.lower_stmt(stmt, &mut lowered);
            if let Some(last) = segments.last_mut() {
                last.body.0.extend(lowered);
            }
        }
        // A segment whose labels were all duplicates keeps no label; give
        // its statements to the previous segment's fall-through instead.
        let mut merged: Vec<SwitchSegment> = Vec::with_capacity(segments.len());
        for segment in segments {
            match merged.last_mut() {
                Some(previous) if segment.labels.is_empty() => {
                    previous.body.0.extend(segment.body.0)
                }
                _ if segment.labels.is_empty() => {}
                _ => merged.push(segment),
            }
        }
        merged
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
    /// `({ s1; …; e; })` (GNU): the block's statements go before the
    /// statement this expression is in (with the value of the last
    /// expression statement kept in a temporary), and the expression is
    /// the temporary's value. That is its meaning where it is evaluated
    /// once, unconditionally, at its statement; where it is not (an
    /// operand of `&&`, `||`, `?:`, a loop condition or step) it is
    /// refused.
    pub(crate) fn lower_stmt_expr(&mut self, block: &ast::Block, span: Span) -> ExprId {
        if self.conditional > 0 {
            self.report(
                &codes::UNSUPPORTED,
                "a statement expression evaluated conditionally or repeatedly (in `&&`, `||`, \
                 `?:`, or a loop condition or step) is not supported by oclc"
                    .to_string(),
                span,
                "not evaluated exactly once here",
            );
            return self.poison(span);
        }
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
        let result = match last {
            Some(value) => {
                let base = self.pending.len();
                let value = self.rvalue_expr(value);
                stmts.extend(self.pending.split_off(base));
                if self.is_poison(value) || self.type_of(value) == Type::Void {
                    if !self.is_poison(value) {
                        stmts.push(Stmt::Expr(value));
                    }
                    None
                } else {
                    let ty = self.ty_of(value);
                    let (keep, temp) = self.spill(value, span);
                    stmts.push(Stmt::Expr(keep));
                    Some((temp, ty))
                }
            }
            None => None,
        };
        self.scopes.pop();
        self.pending.push(Stmt::Block(Block(stmts)));
        match result {
            Some((temp, ty)) => {
                let place = self.local_ptr(temp, ty, span);
                self.rvalue(super::Value::Place(place))
            }
            // Without a value (its last statement is no expression, or a
            // `void` one) it stands for nothing: an unused `int` 0, as
            // oclc's other value-less built-ins.
            None => {
                let int = self.int_ty();
                self.int_literal(0, int, span)
            }
        }
    }
}
