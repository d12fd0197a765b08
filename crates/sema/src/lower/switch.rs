//! `switch` statements. The usual body, whose `case` and `default` labels
//! all sit at its top level, becomes an IR [`Stmt::Switch`] of segments
//! that fall through into each other. A body with a label inside another
//! statement (Duff's device: `case`s inside a `do … while`) or with
//! statements before its first label becomes labels and `goto`s instead:
//! each label site is an IR label, the switch's segments only jump to
//! them, and the body follows whole in a last segment no value selects
//! (so `break` still leaves the switch). Functions with labels get
//! unstructured control flow in the back end, which Kernel modules allow.

use oclc_diagnostics::{Diagnostic, Span};
use oclc_ir::{Block, CaseLabel, Stmt, SwitchSegment, Type, TypeId};
use oclc_syntax::ast::{self, StmtKind};
use rustc_hash::FxHashMap;

use super::{JumpTarget, Lowerer, TypeClass};
use crate::codes;
use crate::consteval::wrap_int;

/// Most values one GNU case range (`case low ... high:`) may label.
const MAX_CASE_RANGE: i128 = 4096;

/// The values seen so far in one switch, for duplicate checks.
#[derive(Default)]
struct Seen {
    values: FxHashMap<u64, Span>,
    default: Option<Span>,
}

impl Lowerer<'_> {
    pub(crate) fn lower_switch(
        &mut self,
        value: &ast::Expr,
        body: &ast::Stmt,
        out: &mut Vec<Stmt>,
    ) {
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
            if needs_labels(items) {
                return this.labelled_segments(body, promoted);
            }
            this.scopes.push();
            let segments = this.switch_segments(items, promoted);
            this.scopes.pop();
            segments
        });
        out.push(Stmt::Switch { selector, segments });
    }

    /// The labels one `case` or `default` node adds (not those of the
    /// statement it labels), reporting duplicates.
    fn case_labels(
        &mut self,
        stmt: &ast::Stmt,
        selector_ty: TypeId,
        seen: &mut Seen,
    ) -> Vec<CaseLabel> {
        let (bits, signed) = match self.ty(selector_ty) {
            Type::Int { bits, signed } => (bits, signed),
            _ => (32, true),
        };
        let mut labels = Vec::new();
        match &stmt.kind {
            StmtKind::Case { value, high, .. } => {
                let low = self.const_int(value, "case label");
                let high = match high {
                    Some(high) => self.const_int(high, "case label"),
                    None => low,
                };
                let (Some(low), Some(high)) = (low, high) else {
                    return labels;
                };
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
                    if let Some(&previous) = seen.values.get(&bits_value) {
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
                    seen.values.insert(bits_value, value.span);
                    labels.push(CaseLabel::Value(bits_value));
                }
            }
            StmtKind::Default(_) => {
                if let Some(previous) = seen.default {
                    self.push_diag(
                        Diagnostic::new(
                            &codes::SWITCH_LABEL,
                            "multiple `default` labels in one switch",
                        )
                        .with_primary(stmt.span, "second `default`")
                        .with_secondary(previous, "previous `default` is here"),
                    );
                } else {
                    seen.default = Some(stmt.span);
                    labels.push(CaseLabel::Default);
                }
            }
            _ => {}
        }
        labels
    }

    /// Groups the switch body into segments at its top-level labels.
    fn switch_segments(&mut self, items: &[ast::Stmt], selector_ty: TypeId) -> Vec<SwitchSegment> {
        let mut segments: Vec<SwitchSegment> = Vec::new();
        let mut seen = Seen::default();
        for item in items {
            let mut stmt = item;
            let mut labels = Vec::new();
            while let StmtKind::Case { body, .. } | StmtKind::Default(body) = &stmt.kind {
                labels.extend(self.case_labels(stmt, selector_ty, &mut seen));
                stmt = body;
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
                // Declarations before the first label (statements there
                // take the labelled form, see `needs_labels`).
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

    /// The segments of a switch whose labels become IR labels (see the
    /// module documentation): one `goto` per label site, then the body.
    fn labelled_segments(&mut self, body: &ast::Stmt, selector_ty: TypeId) -> Vec<SwitchSegment> {
        let mut sites = Vec::new();
        collect_sites(body, &mut sites);
        let mut seen = Seen::default();
        let mut segments = Vec::with_capacity(sites.len() + 1);
        let mut frame = Vec::with_capacity(sites.len());
        for site in sites {
            let labels = self.case_labels(site, selector_ty, &mut seen);
            let id = self.fb.labels.push(());
            frame.push((site.span, id));
            if !labels.is_empty() {
                segments.push(SwitchSegment {
                    labels,
                    body: Block(vec![Stmt::Goto(id)]),
                });
            }
        }
        self.case_sites.push(frame);
        let mut lowered = Vec::new();
        self.lower_stmt(body, &mut lowered);
        self.case_sites.pop();
        segments.push(SwitchSegment {
            labels: Vec::new(),
            body: Block(lowered),
        });
        segments
    }

    /// A `case` or `default` node met while lowering statements: in a
    /// switch lowered with labels, its label and then the statement it
    /// labels; elsewhere an error.
    pub(crate) fn lower_case_site(&mut self, stmt: &ast::Stmt, out: &mut Vec<Stmt>) {
        let (StmtKind::Case { body, .. } | StmtKind::Default(body)) = &stmt.kind else {
            return;
        };
        let site = self
            .case_sites
            .last()
            .and_then(|frame| frame.iter().find(|&&(span, _)| span == stmt.span))
            .map(|&(_, id)| id);
        match site {
            Some(id) => {
                out.push(Stmt::Label(id));
                self.lower_stmt(body, out);
            }
            None => {
                let span = match &stmt.kind {
                    StmtKind::Case { value, .. } => value.span,
                    _ => stmt.span,
                };
                self.report(
                    &codes::SWITCH_LABEL,
                    "`case` or `default` label not within a switch statement".to_string(),
                    span,
                    "no enclosing switch",
                );
                self.lower_stmt(body, out);
            }
        }
    }
}

/// Whether a switch body needs the labelled form: a `case` or `default`
/// inside another statement, or a statement other than a declaration
/// before the first label.
fn needs_labels(items: &[ast::Stmt]) -> bool {
    let before_first = items
        .iter()
        .take_while(|s| !matches!(s.kind, StmtKind::Case { .. } | StmtKind::Default(_)))
        .any(|s| !matches!(s.kind, StmtKind::Decl(_) | StmtKind::Empty));
    before_first
        || items.iter().any(|item| {
            let mut stmt = item;
            while let StmtKind::Case { body, .. } | StmtKind::Default(body) = &stmt.kind {
                stmt = body;
            }
            let mut sites = Vec::new();
            collect_sites(stmt, &mut sites);
            !sites.is_empty()
        })
}

/// The `case` and `default` nodes of the switch whose body holds `stmt`,
/// in source order (not those of nested switches).
fn collect_sites<'a>(stmt: &'a ast::Stmt, sites: &mut Vec<&'a ast::Stmt>) {
    match &stmt.kind {
        StmtKind::Case { body, .. } | StmtKind::Default(body) => {
            sites.push(stmt);
            collect_sites(body, sites);
        }
        StmtKind::Block(block) => {
            for s in &block.stmts {
                collect_sites(s, sites);
            }
        }
        StmtKind::If {
            then, otherwise, ..
        } => {
            collect_sites(then, sites);
            if let Some(o) = otherwise {
                collect_sites(o, sites);
            }
        }
        StmtKind::While { body, .. } | StmtKind::DoWhile { body, .. } => collect_sites(body, sites),
        StmtKind::For { init, body, .. } => {
            if let Some(i) = init {
                collect_sites(i, sites);
            }
            collect_sites(body, sites);
        }
        StmtKind::Labeled(_, inner) => collect_sites(inner, sites),
        _ => {}
    }
}
