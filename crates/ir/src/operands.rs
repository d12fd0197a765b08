//! The operands of an expression and the statements nested in a
//! statement: one list each, read by every pass that walks the IR's
//! expression or statement trees.

use crate::{ExprId, ExprKind, Stmt};

impl Stmt {
    /// Whether `test` holds for this statement or one nested in it (the
    /// bodies of blocks, branches, loops with their `continuing` blocks,
    /// and switch segments), visited in order; stops at the first. Not
    /// the statements inside expressions (`ExprKind::Statements`).
    pub fn any_nested(&self, test: &mut dyn FnMut(&Stmt) -> bool) -> bool {
        if test(self) {
            return true;
        }
        let mut within = |block: &crate::Block| block.0.iter().any(|s| s.any_nested(test));
        match self {
            Stmt::Block(block) => within(block),
            Stmt::If {
                then, otherwise, ..
            } => within(then) || within(otherwise),
            Stmt::Loop {
                body, continuing, ..
            } => within(body) || within(continuing),
            Stmt::Switch { segments, .. } => segments.iter().any(|s| within(&s.body)),
            Stmt::Expr(_)
            | Stmt::Return(_)
            | Stmt::Break
            | Stmt::Continue
            | Stmt::Label(_)
            | Stmt::Goto(_) => false,
        }
    }
}

impl ExprKind {
    /// Appends the operands of this expression to `out` (for a statement
    /// expression, its value; its statements are statements, not
    /// operands).
    pub fn operands_into(&self, out: &mut Vec<ExprId>) {
        match self {
            ExprKind::Literal(_)
            | ExprKind::Param(_)
            | ExprKind::Local(_)
            | ExprKind::Global(_) => {}
            ExprKind::Load(e) | ExprKind::Unary(_, e) | ExprKind::Convert(_, e) => out.push(*e),
            ExprKind::MemberPtr { pointer, .. } => out.push(*pointer),
            ExprKind::IncDec { pointer, .. } => out.push(*pointer),
            ExprKind::Store { pointer, value }
            | ExprKind::CompoundAssign { pointer, value, .. } => {
                out.extend([*pointer, *value]);
            }
            ExprKind::PtrOffset { pointer, index } | ExprKind::ElementPtr { pointer, index } => {
                out.extend([*pointer, *index]);
            }
            ExprKind::Binary(_, a, b)
            | ExprKind::LogicalAnd(a, b)
            | ExprKind::LogicalOr(a, b)
            | ExprKind::PtrDiff(a, b)
            | ExprKind::Comma(a, b) => out.extend([*a, *b]),
            ExprKind::Select {
                cond,
                then,
                otherwise,
            } => out.extend([*cond, *then, *otherwise]),
            ExprKind::Call(_, args) | ExprKind::Builtin(_, args) | ExprKind::Construct(args) => {
                out.extend(args.iter().copied())
            }
            ExprKind::Atomic(call) => {
                out.push(call.pointer);
                out.extend(call.operands.iter().copied());
                out.extend(
                    [call.order, call.failure, call.scope]
                        .iter()
                        .flatten()
                        .map(|arg| arg.expr),
                );
            }
            ExprKind::Fence(call) => {
                out.push(call.flags.expr);
                out.extend(
                    [call.order, call.scope]
                        .iter()
                        .flatten()
                        .map(|arg| arg.expr),
                );
            }
            ExprKind::Statements(_, value) => out.push(*value),
        }
    }
}
