//! Which loops the module asks the driver to unroll fully when the source
//! asks nothing: counted loops with a small constant trip count and a
//! small body, the loops clang -O2 unrolls itself before llvm-spirv sees
//! them.
//!
//! Intel's CPU runtime, given a module, unrolls far less than clang -O2
//! does from source: with `for (int ty = 0; ty < 16; ty++)` over `local`
//! tiles (Rodinia's `hotspot`) or `for (int k = 0; k < 4; k++)` over
//! private 4×4 matrices (a batched Cholesky), the loops stay loops and
//! private arrays stay in memory, and oclc's modules ran 1.3× the source
//! build and 2.7× clang -O2's. `Unroll` in the loop's `OpLoopMerge` is a
//! hint that never changes what the loop computes; the driver unrolls
//! such a loop completely and the indices become constants.
//!
//! A loop qualifies when all of these hold:
//! * it has no loop control of its own (`#pragma unroll`/`nounroll` and
//!   `opencl_unroll_hint` are always kept as written);
//! * it tests first, and its condition compares a private integer
//!   variable `i` with an integer constant (`<`, `<=`, `>`, `>=`, `!=`;
//!   either side; `i` possibly widened);
//! * the statement that last mentions `i` before the loop, in the same
//!   block, stores a constant in it (`for (int i = 0; …)`, or
//!   `i = 0;` before `for (; …)`);
//! * its step, the only statement of its `continuing` block, adds or
//!   subtracts a constant (`i++`, `--i`, `i += 2`), and nothing else in
//!   the function writes `i` inside the loop or takes its address
//!   anywhere;
//! * nothing in it calls a function, a built-in, an atomic function, a
//!   fence or a barrier: Intel's runtime crashed (SIGSEGV) running a
//!   module whose unrolled loop held work-group collectives, and with the
//!   loop index a constant the driver folds built-ins such as `sin(k *
//!   0.1f)` at build time, in its own last bits rather than its library's
//!   (within the specification's bounds, but no longer the results the
//!   source build gives);
//! * counting the iterations from the constant start, without signed
//!   overflow, ends within [`MAX_TRIPS`];
//! * the unrolled size — trip count × the expression nodes of the
//!   condition, body and step, with nested loops that qualify counted
//!   unrolled — stays within [`MAX_UNROLLED_NODES`].
//!
//! `break`, `return` and `continue` in the body may end the loop earlier;
//! the count is then an upper bound, which is all unrolling needs.

use oclc_ir::{
    BinaryOp, Block, Conversion, ExprId, ExprKind, Function, Literal, LocalId, LoopControl, Stmt,
    Type, Types,
};

/// The longest loop unrolled without being asked.
pub(crate) const MAX_TRIPS: u64 = 64;

/// The largest unrolled loop, in IR expression nodes (a `for` over a
/// 16-row tile with a five-point stencil in its body is about 3,500).
pub(crate) const MAX_UNROLLED_NODES: u64 = 4096;

/// The loop analysis of one function.
pub(crate) struct Loops<'f> {
    types: &'f Types,
    func: &'f Function,
    /// Per local: whether every use reads it, stores to it, or steps it
    /// (its address never escapes, so only those uses change it);
    /// computed when a loop first gets that far.
    plain: std::cell::OnceCell<Vec<bool>>,
    /// The unrolled size of each loop asked about, by the loop
    /// statement's address (the IR does not change while it is emitted):
    /// a loop's size counts the loops nested in it, which are asked
    /// about again when they are emitted.
    sizes: std::cell::RefCell<rustc_hash::FxHashMap<usize, Option<u64>>>,
}

impl<'f> Loops<'f> {
    pub(crate) fn new(types: &'f Types, func: &'f Function) -> Self {
        Loops {
            types,
            func,
            plain: std::cell::OnceCell::new(),
            sizes: Default::default(),
        }
    }

    /// Whether `var` is only read, stored to and stepped.
    fn is_plain(&self, var: LocalId) -> bool {
        let plain = self.plain.get_or_init(|| plain_locals(self.func));
        plain.get(var.index()).copied().unwrap_or(false)
    }

    /// The loop control for `stmt`, a loop preceded by `before` in its
    /// block: its own, or `Unroll` for a small counted loop.
    pub(crate) fn control(&self, before: &[Stmt], stmt: &Stmt) -> LoopControl {
        match stmt {
            Stmt::Loop {
                control: LoopControl::None,
                ..
            } if self.unrolled_size(before, stmt).is_some() => LoopControl::Unroll,
            Stmt::Loop { control, .. } => *control,
            _ => LoopControl::None,
        }
    }

    /// The size of `stmt` unrolled, if it is a loop that qualifies.
    fn unrolled_size(&self, before: &[Stmt], stmt: &Stmt) -> Option<u64> {
        let key = std::ptr::from_ref(stmt) as usize;
        if let Some(&size) = self.sizes.borrow().get(&key) {
            return size;
        }
        let size = self.measure(before, stmt);
        self.sizes.borrow_mut().insert(key, size);
        size
    }

    /// [`Self::unrolled_size`], computed.
    fn measure(&self, before: &[Stmt], stmt: &Stmt) -> Option<u64> {
        let Stmt::Loop {
            cond: Some(cond),
            test_first: true,
            body,
            continuing,
            control: LoopControl::None,
        } = stmt
        else {
            return None;
        };
        // The cheap tests first: most loops fail at the comparison.
        let (trips, var) = self.trips(before, *cond, continuing)?;
        // One walk of the body: nothing called, `var` not written.
        let writes_var =
            |me: &Self, p: ExprId| matches!(me.kind(p), Some(ExprKind::Local(l)) if *l == var);
        let barred = |me: &Self, kind: &ExprKind| match kind {
            ExprKind::Call(..)
            | ExprKind::Builtin(..)
            | ExprKind::Atomic(_)
            | ExprKind::Fence(_) => true,
            ExprKind::Store { pointer, .. }
            | ExprKind::CompoundAssign { pointer, .. }
            | ExprKind::IncDec { pointer, .. } => writes_var(me, *pointer),
            _ => false,
        };
        if self.any_expr(*cond, &mut |k| barred(self, k))
            || self.any_stmt_expr(&body.0, &mut |me, e| me.any_expr(e, &mut |k| barred(me, k)))
        {
            return None;
        }
        let once = self.expr_size(*cond) + self.block_size(body) + self.block_size(continuing);
        let size = trips.checked_mul(once)?;
        (size <= MAX_UNROLLED_NODES).then_some(size)
    }

    /// How many times the loop's body runs at most, and its variable,
    /// from the condition, the statements `before` the loop and its step
    /// (what the body does is checked by the caller).
    fn trips(&self, before: &[Stmt], cond: ExprId, continuing: &Block) -> Option<(u64, LocalId)> {
        let (op, var, bound, ty) = self.comparison(cond)?;
        if !self.is_plain(var) {
            return None;
        }
        let step = self.step(continuing, var)?;
        let start = self.start(before, var)?;
        let (bits, signed) = self.int_type(self.func.locals.get(var)?.ty)?;
        let mut value = start;
        for trips in 0..=MAX_TRIPS {
            let (left, right) = (fit(value, ty), bound);
            let holds = match op {
                BinaryOp::Lt => left < right,
                BinaryOp::Le => left <= right,
                BinaryOp::Gt => left > right,
                BinaryOp::Ge => left >= right,
                BinaryOp::Ne => left != right,
                _ => return None,
            };
            if !holds {
                return Some((trips, var));
            }
            let next = value + step;
            let wrapped = fit(next, (bits, signed));
            // Signed overflow is undefined: no count.
            if signed && wrapped != next {
                return None;
            }
            value = wrapped;
        }
        None
    }

    /// `i OP constant` or `constant OP i` (turned around), with the
    /// constant and the comparison's type.
    fn comparison(&self, cond: ExprId) -> Option<(BinaryOp, LocalId, i128, (u8, bool))> {
        let ExprKind::Binary(op, a, b) = self.kind(cond)? else {
            return None;
        };
        let ty = self.int_type(self.func.exprs.get(*a)?.ty)?;
        if let (Some(var), Some(bound)) = (self.read_var(*a), self.constant(*b)) {
            return Some((*op, var, fit(bound, ty), ty));
        }
        let (var, bound) = (self.read_var(*b)?, self.constant(*a)?);
        let turned = match op {
            BinaryOp::Lt => BinaryOp::Gt,
            BinaryOp::Le => BinaryOp::Ge,
            BinaryOp::Gt => BinaryOp::Lt,
            BinaryOp::Ge => BinaryOp::Le,
            BinaryOp::Ne => BinaryOp::Ne,
            _ => return None,
        };
        Some((turned, var, fit(bound, ty), ty))
    }

    /// The local an expression reads, possibly widened.
    fn read_var(&self, id: ExprId) -> Option<LocalId> {
        match self.kind(id)? {
            ExprKind::Load(pointer) => match self.kind(*pointer)? {
                ExprKind::Local(local) => Some(*local),
                _ => None,
            },
            ExprKind::Convert(Conversion::IntToInt, inner) => {
                let (to, _) = self.int_type(self.func.exprs.get(id)?.ty)?;
                let (from, _) = self.int_type(self.func.exprs.get(*inner)?.ty)?;
                if to >= from {
                    self.read_var(*inner)
                } else {
                    None
                }
            }
            _ => None,
        }
    }

    /// An integer constant's value in its type (possibly converted).
    fn constant(&self, id: ExprId) -> Option<i128> {
        let expr = self.func.exprs.get(id)?;
        let ty = self.int_type(expr.ty)?;
        match &expr.kind {
            ExprKind::Literal(Literal::Int(bits)) => Some(fit(i128::from(*bits as i64), ty)),
            ExprKind::Convert(Conversion::IntToInt, inner) => Some(fit(self.constant(*inner)?, ty)),
            _ => None,
        }
    }

    /// The constant stored in `var` by the last statement of `before`
    /// that mentions it.
    fn start(&self, before: &[Stmt], var: LocalId) -> Option<i128> {
        let last = before.iter().rev().find(|s| self.stmt_mentions(s, var))?;
        let Stmt::Expr(id) = last else {
            return None;
        };
        let ExprKind::Store { pointer, value } = self.kind(*id)? else {
            return None;
        };
        if !matches!(self.kind(*pointer)?, ExprKind::Local(l) if *l == var) {
            return None;
        }
        let ty = self.int_type(self.func.locals.get(var)?.ty)?;
        Some(fit(self.constant(*value)?, ty))
    }

    /// The constant the loop's only `continuing` statement adds to `var`.
    fn step(&self, continuing: &Block, var: LocalId) -> Option<i128> {
        let [Stmt::Expr(id)] = continuing.0.as_slice() else {
            return None;
        };
        let is_var = |p: ExprId| matches!(self.kind(p), Some(ExprKind::Local(l)) if *l == var);
        match self.kind(*id)? {
            ExprKind::IncDec {
                pointer, increment, ..
            } if is_var(*pointer) => Some(if *increment { 1 } else { -1 }),
            ExprKind::CompoundAssign {
                op, pointer, value, ..
            } if is_var(*pointer) => {
                let amount = self.constant(*value)?;
                match op {
                    BinaryOp::Add => Some(amount),
                    BinaryOp::Sub => Some(-amount),
                    _ => None,
                }
            }
            _ => None,
        }
        .filter(|&step| step != 0)
    }

    /// Width and signedness of an integer type.
    fn int_type(&self, ty: oclc_ir::TypeId) -> Option<(u8, bool)> {
        match self.types.get(ty) {
            Type::Int { bits, signed } => Some((bits, signed)),
            _ => None,
        }
    }

    fn kind(&self, id: ExprId) -> Option<&'f ExprKind> {
        self.func.exprs.get(id).map(|e| &e.kind)
    }

    /// Whether a statement uses `var` at all.
    fn stmt_mentions(&self, stmt: &Stmt, var: LocalId) -> bool {
        self.any_stmt_expr(std::slice::from_ref(stmt), &mut |s, id| {
            s.any_expr(
                id,
                &mut |kind| matches!(kind, ExprKind::Local(l) if *l == var),
            )
        })
    }

    /// Whether `test` holds for an expression of the tree `id`.
    fn any_expr(&self, id: ExprId, test: &mut dyn FnMut(&ExprKind) -> bool) -> bool {
        let mut stack = vec![id];
        let mut operands = Vec::new();
        while let Some(id) = stack.pop() {
            let Some(kind) = self.kind(id) else {
                continue;
            };
            if test(kind) {
                return true;
            }
            if let ExprKind::Statements(block, _) = kind {
                if self.any_stmt_expr(&block.0, &mut |s, e| s.any_expr(e, test)) {
                    return true;
                }
            }
            operands.clear();
            kind.operands_into(&mut operands);
            stack.extend_from_slice(&operands);
        }
        false
    }

    /// Whether `test` holds for an expression one of `stmts` (nested
    /// statements included) evaluates.
    fn any_stmt_expr(&self, stmts: &[Stmt], test: &mut dyn FnMut(&Self, ExprId) -> bool) -> bool {
        stmts.iter().any(|stmt| match stmt {
            Stmt::Expr(e) => test(self, *e),
            Stmt::Return(e) => e.is_some_and(|e| test(self, e)),
            Stmt::Block(b) => self.any_stmt_expr(&b.0, test),
            Stmt::If {
                cond,
                then,
                otherwise,
            } => {
                test(self, *cond)
                    || self.any_stmt_expr(&then.0, test)
                    || self.any_stmt_expr(&otherwise.0, test)
            }
            Stmt::Loop {
                cond,
                body,
                continuing,
                ..
            } => {
                cond.is_some_and(|c| test(self, c))
                    || self.any_stmt_expr(&body.0, test)
                    || self.any_stmt_expr(&continuing.0, test)
            }
            Stmt::Switch { selector, segments } => {
                test(self, *selector)
                    || segments.iter().any(|s| self.any_stmt_expr(&s.body.0, test))
            }
            Stmt::Break | Stmt::Continue | Stmt::Label(_) | Stmt::Goto(_) => false,
        })
    }

    /// Expression nodes a block evaluates, nested loops that qualify
    /// counted unrolled.
    fn block_size(&self, block: &Block) -> u64 {
        let mut size: u64 = 0;
        for (index, stmt) in block.0.iter().enumerate() {
            let add = match stmt {
                Stmt::Expr(e) => self.expr_size(*e),
                Stmt::Return(e) => e.map_or(1, |e| self.expr_size(e)),
                Stmt::Block(b) => self.block_size(b),
                Stmt::If {
                    cond,
                    then,
                    otherwise,
                } => self.expr_size(*cond) + self.block_size(then) + self.block_size(otherwise),
                Stmt::Loop {
                    cond,
                    body,
                    continuing,
                    ..
                } => self
                    .unrolled_size(&block.0[..index], stmt)
                    .unwrap_or_else(|| {
                        cond.map_or(0, |c| self.expr_size(c))
                            + self.block_size(body)
                            + self.block_size(continuing)
                    }),
                Stmt::Switch { selector, segments } => {
                    self.expr_size(*selector)
                        + segments
                            .iter()
                            .map(|s| self.block_size(&s.body))
                            .sum::<u64>()
                }
                Stmt::Break | Stmt::Continue | Stmt::Label(_) | Stmt::Goto(_) => 1,
            };
            size = size.saturating_add(add);
        }
        size
    }

    /// Nodes of an expression tree (statement expressions included).
    fn expr_size(&self, id: ExprId) -> u64 {
        let mut size: u64 = 0;
        let mut stack = vec![id];
        let mut operands = Vec::new();
        while let Some(id) = stack.pop() {
            let Some(kind) = self.kind(id) else {
                continue;
            };
            size += 1;
            if let ExprKind::Statements(block, _) = kind {
                size = size.saturating_add(self.block_size(block));
            }
            operands.clear();
            kind.operands_into(&mut operands);
            stack.extend_from_slice(&operands);
        }
        size
    }
}

/// Per local of `func`: whether every use of it reads it, stores to it
/// or steps it (its address never escapes, so only those uses change it).
fn plain_locals(func: &Function) -> Vec<bool> {
    let mut plain = vec![true; func.locals.len()];
    let mut operands = Vec::new();
    for expr in func.exprs.iter() {
        operands.clear();
        expr.kind.operands_into(&mut operands);
        for (position, &operand) in operands.iter().enumerate() {
            let Some(ExprKind::Local(local)) = func.exprs.get(operand).map(|e| &e.kind) else {
                continue;
            };
            // The pointer is the first operand of each of these.
            let direct = position == 0
                && matches!(
                    expr.kind,
                    ExprKind::Load(_)
                        | ExprKind::Store { .. }
                        | ExprKind::CompoundAssign { .. }
                        | ExprKind::IncDec { .. }
                );
            if !direct {
                if let Some(flag) = plain.get_mut(local.index()) {
                    *flag = false;
                }
            }
        }
    }
    plain
}

/// `value` as an integer of `bits` bits and the given signedness holds
/// it (two's complement wrap-around).
fn fit(value: i128, (bits, signed): (u8, bool)) -> i128 {
    let bits = u32::from(bits).min(64);
    let modulus = 1i128 << bits;
    let low = value.rem_euclid(modulus);
    if signed && low >= modulus / 2 {
        low - modulus
    } else {
        low
    }
}

#[cfg(test)]
mod tests {
    use super::fit;

    #[test]
    fn fit_wraps_like_the_type() {
        assert_eq!(fit(-1, (32, false)), 0xffff_ffff);
        assert_eq!(fit(0x8000_0000, (32, true)), -0x8000_0000);
        assert_eq!(fit(300, (8, false)), 44);
        assert_eq!(fit(-5, (64, true)), -5);
        assert_eq!(fit(-1, (64, false)), 0xffff_ffff_ffff_ffff);
    }
}
