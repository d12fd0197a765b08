//! Facts about where each expression sits in its function's statements:
//! whether it is lexically inside a loop (a `goto` back to an earlier
//! label makes the whole function one) and whether its value is
//! discarded. Computed at most once per function, on the first question
//! (most functions have no atomic access and never ask), with explicit
//! stacks (no recursion, so nesting depth cannot overflow the call stack).

use std::cell::OnceCell;

use oclc_ir::{Block, ExprId, ExprKind, Function, Stmt};

/// Per-expression facts for one function, indexed by [`ExprId`], computed
/// on first use.
pub(super) struct StatementFacts<'f> {
    function: &'f Function,
    tables: OnceCell<Tables>,
}

/// The facts, one entry per expression.
struct Tables {
    in_loop: Vec<bool>,
    discarded: Vec<bool>,
    /// Whether a `goto` jumps back to a label before it (a loop spelled
    /// with labels, as in `retry: … goto retry;`).
    backward_goto: bool,
}

impl<'f> StatementFacts<'f> {
    /// The facts for `function`; nothing is computed yet.
    pub fn new(function: &'f Function) -> StatementFacts<'f> {
        StatementFacts {
            function,
            tables: OnceCell::new(),
        }
    }

    /// Whether `id` is in a loop's condition, body or step, or anywhere
    /// in a function with a backward `goto` (which labels do not say
    /// precisely enough to tell).
    pub fn in_loop(&self, id: ExprId) -> bool {
        let tables = self.tables.get_or_init(|| Tables::compute(self.function));
        tables.backward_goto || tables.in_loop.get(id.index()).copied().unwrap_or(false)
    }

    /// Whether the value of `id` is thrown away (an expression statement,
    /// or the left operand of a comma).
    pub fn discarded(&self, id: ExprId) -> bool {
        let tables = self.tables.get_or_init(|| Tables::compute(self.function));
        tables.discarded.get(id.index()).copied().unwrap_or(false)
    }
}

impl Tables {
    /// Computes the facts for `function` in time linear in its size.
    fn compute(function: &Function) -> Tables {
        let count = function.exprs.len();
        let mut facts = Tables {
            in_loop: vec![false; count],
            discarded: vec![false; count],
            backward_goto: function.labels > 0 && has_backward_goto(&function.body),
        };
        // Roots: (expression, in a loop, value discarded). Blocks are
        // walked first, then expressions; a statement expression's block
        // joins the blocks when its expression is reached.
        let mut roots: Vec<(ExprId, bool, bool)> = Vec::new();
        let mut blocks: Vec<(&Block, bool)> = vec![(&function.body, false)];
        // Every expression has one parent; `visited` guards against a
        // malformed arena looping forever.
        let mut visited = vec![false; count];
        let mut children = Vec::new();
        loop {
            if let Some((block, in_loop)) = blocks.pop() {
                block_roots(block, in_loop, &mut roots, &mut blocks);
                continue;
            }
            let Some((id, in_loop, discarded)) = roots.pop() else {
                break;
            };
            let index = id.index();
            let Some(expr) = function.exprs.get(id) else {
                continue;
            };
            if std::mem::replace(&mut visited[index], true) {
                continue;
            }
            facts.in_loop[index] = in_loop;
            facts.discarded[index] = discarded;
            match &expr.kind {
                ExprKind::Comma(first, second) => {
                    roots.push((*first, in_loop, true));
                    roots.push((*second, in_loop, discarded));
                }
                ExprKind::Statements(block, value) => {
                    blocks.push((block, in_loop));
                    roots.push((*value, in_loop, discarded));
                }
                kind => {
                    children.clear();
                    kind.operands_into(&mut children);
                    roots.extend(children.iter().map(|&c| (c, in_loop, false)));
                }
            }
        }
        facts
    }
}

/// Whether a `goto` in `body` names a label placed before it, in source
/// order (an in-order walk with an explicit stack of statement lists).
fn has_backward_goto(body: &Block) -> bool {
    let mut placed = rustc_hash::FxHashSet::default();
    let mut stack: Vec<std::slice::Iter<'_, Stmt>> = vec![body.0.iter()];
    while let Some(statements) = stack.last_mut() {
        let Some(stmt) = statements.next() else {
            stack.pop();
            continue;
        };
        match stmt {
            Stmt::Label(label) => {
                placed.insert(*label);
            }
            Stmt::Goto(label) if placed.contains(label) => return true,
            Stmt::Block(b) => stack.push(b.0.iter()),
            Stmt::If {
                then, otherwise, ..
            } => {
                // The else branch follows the then branch in the source.
                stack.push(otherwise.0.iter());
                stack.push(then.0.iter());
            }
            Stmt::Loop {
                body, continuing, ..
            } => {
                stack.push(continuing.0.iter());
                stack.push(body.0.iter());
            }
            Stmt::Switch { segments, .. } => {
                for segment in segments.iter().rev() {
                    stack.push(segment.body.0.iter());
                }
            }
            _ => {}
        }
    }
    false
}

/// The expressions of `block`'s statements (with whether they are in a
/// loop and whether their value is discarded), and its nested blocks.
fn block_roots<'f>(
    block: &'f Block,
    in_loop: bool,
    roots: &mut Vec<(ExprId, bool, bool)>,
    blocks: &mut Vec<(&'f Block, bool)>,
) {
    for stmt in &block.0 {
        match stmt {
            Stmt::Expr(e) => roots.push((*e, in_loop, true)),
            Stmt::Block(b) => blocks.push((b, in_loop)),
            Stmt::If {
                cond,
                then,
                otherwise,
            } => {
                roots.push((*cond, in_loop, false));
                blocks.push((then, in_loop));
                blocks.push((otherwise, in_loop));
            }
            Stmt::Loop {
                cond,
                body,
                continuing,
                ..
            } => {
                if let Some(c) = cond {
                    roots.push((*c, true, false));
                }
                blocks.push((body, true));
                blocks.push((continuing, true));
            }
            Stmt::Switch { selector, segments } => {
                roots.push((*selector, in_loop, false));
                for segment in segments {
                    blocks.push((&segment.body, in_loop));
                }
            }
            Stmt::Return(Some(e)) => roots.push((*e, in_loop, false)),
            Stmt::Return(None) | Stmt::Break | Stmt::Continue | Stmt::Label(_) | Stmt::Goto(_) => {}
        }
    }
}
