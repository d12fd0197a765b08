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
//! * inside a loop that is unrolled, the start and the bound may also be
//!   made of its counters (`for (k = j + 1; k < 4; k++)` inside `for (j
//!   = 0; j < 4; j++)`): each unrolled copy then has its own constant
//!   count, and clang -O2 unrolls such triangular nests completely;
//! * its step, the only statement of its `continuing` block, adds or
//!   subtracts a constant (`i++`, `--i`, `i += 2`), and nothing else in
//!   the function writes `i` inside the loop or takes its address
//!   anywhere;
//! * it calls nothing the driver must not see repeated or folded:
//!   - no barrier, fence, atomic function, work-group or sub-group
//!     function, image, pipe, `printf` or asynchronous copy: Intel's
//!     runtime crashed (SIGSEGV) running a module whose unrolled loop
//!     held work-group collectives;
//!   - no `vload`/`vstore`: the 16-trip `vload4` dot-product loop of an
//!     int8 GEMM ran 1.15× slower unrolled (the driver vectorizes such
//!     loops across work-items as they are);
//!   - no library function whose result the specification leaves within
//!     an error bound ([`LibFn::exact`] tells), but `sqrt` of an
//!     argument that mentions no counter of the loop or of a loop in it
//!     (other than in the address of a `global` or `local` load). With
//!     the index a constant, the driver folds `sin(k * 0.1f)` at build
//!     time in its own last bits rather than its library's; and with the
//!     iterations side by side it vectorizes `sin(x)` into a vector
//!     variant that rounds differently (`exp`, `pow`, … by 1 ulp in
//!     tests/exec/differential/math_builtins.cl under `core-avx2`):
//!     within the specification's bounds, but no longer the results the
//!     source build gives. `sqrt` is one instruction on the CPU
//!     runtime, scalar or vector.
//!     Exact functions (`fmax`, `rotate`, `mul_hi`, `isfinite`, …) and
//!     conversions give the value the device computes, so they may take
//!     anything;
//!   - a function it calls obeys the same, with no inexact library call
//!     at all (its arguments are not traced back to the caller's
//!     counters) and no loop, and counts its size at each call;
//! * counting the iterations from the start, without signed overflow,
//!   ends within [`MAX_TRIPS`];
//! * the unrolled size — trip count × the expression nodes of the
//!   condition, body and step, with nested loops that qualify counted
//!   unrolled — stays within [`MAX_UNROLLED_NODES`], or within
//!   [`MAX_ALIKE_NODES`] when the body never reads the counter (copies
//!   that nothing specializes only make the code longer).
//!
//! `break`, `return` and `continue` in the body may end the loop earlier;
//! the count is then an upper bound, which is all unrolling needs.

use oclc_ir::{
    AddressSpace, Arena, BinaryOp, Block, BuiltinFn, Conversion, ExprId, ExprKind, Function,
    FunctionId, LibFn, Literal, LocalId, LoopControl, Stmt, Type, Types,
};

/// The longest loop unrolled without being asked.
pub(crate) const MAX_TRIPS: u64 = 64;

/// The largest unrolled loop, in IR expression nodes (a `for` over a
/// 16-row tile with a five-point stencil in its body is about 3,500).
pub(crate) const MAX_UNROLLED_NODES: u64 = 4096;

/// The largest unrolled loop whose body never reads its counter: its
/// copies are all alike, so unrolling saves only the loop's branch while
/// the code grows. 32 steps of a particle integrator (over 2,048 nodes)
/// ran 1.5× slower unrolled; a 32-step bitwise CRC (about 500) is what
/// clang -O2 unrolls.
pub(crate) const MAX_ALIKE_NODES: u64 = 768;

/// The loop analysis of one function.
pub(crate) struct Loops<'f> {
    types: &'f Types,
    functions: &'f Arena<FunctionId, Function>,
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
    /// Per loop measured: whether its body passes the checks that do not
    /// depend on the counters' values (nothing barred, the counter not
    /// written).
    clean: std::cell::RefCell<rustc_hash::FxHashMap<usize, bool>>,
    /// Loops unrolled because a loop around them is: their start or bound
    /// depends on its counters, and is a constant in each of its
    /// iterations (`for (k = 0; k < j; k++)` inside `for (j = 0; j < 4;
    /// j++)`), as clang -O2 unrolls such nests completely.
    within: std::cell::RefCell<rustc_hash::FxHashSet<usize>>,
    /// While a loop is measured: per loop nested in it whose count
    /// depends on its counters, whether every iteration gave it one.
    pending: std::cell::RefCell<Vec<rustc_hash::FxHashMap<usize, bool>>>,
    /// Set when a nested loop was measured with the enclosing counters'
    /// values (its size may differ from one iteration to the next).
    env_read: std::cell::Cell<bool>,
    /// Per function called from a loop: the expression nodes it adds at
    /// each call, or `None` when a loop calling it may not be unrolled.
    callees: std::cell::RefCell<rustc_hash::FxHashMap<FunctionId, Option<u64>>>,
}

impl<'f> Loops<'f> {
    pub(crate) fn new(
        types: &'f Types,
        functions: &'f Arena<FunctionId, Function>,
        func: &'f Function,
    ) -> Self {
        Loops {
            types,
            functions,
            func,
            plain: std::cell::OnceCell::new(),
            sizes: Default::default(),
            clean: Default::default(),
            within: Default::default(),
            pending: Default::default(),
            env_read: Default::default(),
            callees: Default::default(),
        }
    }

    /// Whether `var` is only read, stored to and stepped.
    fn is_plain(&self, var: LocalId) -> bool {
        let plain = self.plain.get_or_init(|| plain_locals(self.func));
        plain.get(var.index()).copied().unwrap_or(false)
    }

    /// The loop control for `stmt`, a loop preceded by `before` in its
    /// block: its own, or `Unroll` for a small counted loop, on its own
    /// or inside one (loops are emitted outermost first).
    pub(crate) fn control(&self, before: &[Stmt], stmt: &Stmt) -> LoopControl {
        match stmt {
            Stmt::Loop {
                control: LoopControl::None,
                ..
            } if self.unrolled_size(before, stmt).is_some()
                || self.within.borrow().contains(&key(stmt)) =>
            {
                LoopControl::Unroll
            }
            Stmt::Loop { control, .. } => *control,
            _ => LoopControl::None,
        }
    }

    /// The size of `stmt` unrolled, if it is a loop that qualifies on its
    /// own (its count a constant).
    fn unrolled_size(&self, before: &[Stmt], stmt: &Stmt) -> Option<u64> {
        if let Some(&size) = self.sizes.borrow().get(&key(stmt)) {
            return size;
        }
        self.pending.borrow_mut().push(Default::default());
        let size = self.measure(before, stmt, &[]);
        let nested = self.pending.borrow_mut().pop().unwrap_or_default();
        if size.is_some() {
            let unrolled = nested.into_iter().filter(|&(_, ok)| ok).map(|(k, _)| k);
            self.within.borrow_mut().extend(unrolled);
        }
        self.sizes.borrow_mut().insert(key(stmt), size);
        size
    }

    /// The size of `stmt`, a loop inside loops being measured whose
    /// counters hold the values `env`, unrolled, if it qualifies there.
    fn nested_size(&self, before: &[Stmt], stmt: &Stmt, env: &[(LocalId, i128)]) -> Option<u64> {
        // A loop that qualifies on its own is the same in every iteration.
        let alone = self.unrolled_size(before, stmt);
        if env.is_empty() || alone.is_some() {
            return alone;
        }
        self.env_read.set(true);
        let size = self.measure(before, stmt, env);
        if let Some(frame) = self.pending.borrow_mut().last_mut() {
            *frame.entry(key(stmt)).or_insert(true) &= size.is_some();
        }
        size
    }

    /// The unrolled size of `stmt` with the enclosing counters `env`.
    fn measure(&self, before: &[Stmt], stmt: &Stmt, env: &[(LocalId, i128)]) -> Option<u64> {
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
        let (values, var) = self.trips(before, *cond, continuing, env)?;
        if !self.is_clean(stmt, var, *cond, body) {
            return None;
        }
        let max = if body.0.iter().any(|s| self.stmt_mentions(s, var)) {
            MAX_UNROLLED_NODES
        } else {
            MAX_ALIKE_NODES
        };
        // Sizes are counted only as far as `max` (beyond it the answer is
        // known): a nest that is too big costs its budget, not its size.
        let fixed = self.expr_size(*cond) + self.block_size(continuing, env, max);
        if !has_loop(body) {
            let budget = max / (values.len() as u64).max(1);
            let once = fixed + self.block_size(body, env, budget);
            let size = (values.len() as u64).checked_mul(once)?;
            return (size <= max).then_some(size);
        }
        // Loops inside may count with `var`: each iteration on its own,
        // unless the first showed that none of them does.
        let outer_read = self.env_read.replace(false);
        let mut inner = env.to_vec();
        inner.push((var, 0));
        let mut size: u64 = 0;
        let mut result = Some(0);
        for (index, &value) in values.iter().enumerate() {
            if let Some(last) = inner.last_mut() {
                last.1 = value;
            }
            let once = fixed + self.block_size(body, &inner, max - size.min(max));
            if index == 0 && !self.env_read.get() {
                result = (values.len() as u64)
                    .checked_mul(once)
                    .filter(|&size| size <= max);
                break;
            }
            size = size.saturating_add(once);
            if size > max {
                result = None;
                break;
            }
            result = Some(size);
        }
        self.env_read.set(outer_read || self.env_read.get());
        result
    }

    /// Whether nothing in the loop `stmt` counting with `var` keeps it
    /// from being unrolled: no barred call, no other write of `var`.
    fn is_clean(&self, stmt: &Stmt, var: LocalId, cond: ExprId, body: &Block) -> bool {
        if let Some(&clean) = self.clean.borrow().get(&key(stmt)) {
            return clean;
        }
        let counters = self.counters(var, body);
        let writes_var =
            |me: &Self, p: ExprId| matches!(me.kind(p), Some(ExprKind::Local(l)) if *l == var);
        let barred = |me: &Self, kind: &ExprKind| match kind {
            ExprKind::Call(callee, _) => me.callee_size(*callee).is_none(),
            ExprKind::Builtin(f, args) => !me.may_repeat(*f, args, Some(&counters)),
            ExprKind::Atomic(_) | ExprKind::Fence(_) => true,
            ExprKind::Store { pointer, .. }
            | ExprKind::CompoundAssign { pointer, .. }
            | ExprKind::IncDec { pointer, .. } => writes_var(me, *pointer),
            _ => false,
        };
        let clean = !(self.any_expr(cond, &mut |k| barred(self, k))
            || self.any_stmt_expr(&body.0, &mut |me, e| me.any_expr(e, &mut |k| barred(me, k))));
        self.clean.borrow_mut().insert(key(stmt), clean);
        clean
    }

    /// Whether a call of built-in `f` with `args` may be repeated by
    /// unrolling, the loop's `counters` given (`None`: not known, in a
    /// function called from the loop).
    fn may_repeat(&self, f: BuiltinFn, args: &[ExprId], counters: Option<&[LocalId]>) -> bool {
        match f {
            BuiltinFn::Lib(lib) => {
                lib.exact()
                    || (lib == LibFn::Sqrt
                        && counters.is_some_and(|counters| {
                            !args.iter().any(|&arg| self.may_fold(arg, counters))
                        }))
            }
            BuiltinFn::GetGlobalId
            | BuiltinFn::GetLocalId
            | BuiltinFn::GetGroupId
            | BuiltinFn::GetGlobalSize
            | BuiltinFn::GetLocalSize
            | BuiltinFn::GetNumGroups
            | BuiltinFn::GetWorkDim
            | BuiltinFn::GetGlobalOffset
            | BuiltinFn::GetEnqueuedLocalSize
            | BuiltinFn::GetGlobalLinearId
            | BuiltinFn::GetLocalLinearId
            | BuiltinFn::Convert { .. }
            | BuiltinFn::BitOp(_)
            | BuiltinFn::IntDot(_)
            | BuiltinFn::ToSpace(_)
            | BuiltinFn::GetFence => true,
            _ => false,
        }
    }

    /// Whether unrolling may turn `id` into a constant: it mentions one
    /// of the `counters`, other than in the address of a `global` or
    /// `local` load (memory the driver cannot know at build time).
    fn may_fold(&self, id: ExprId, counters: &[LocalId]) -> bool {
        let counter = |k: &ExprKind| matches!(k, ExprKind::Local(l) if counters.contains(l));
        let mut stack = vec![id];
        let mut operands = Vec::new();
        while let Some(id) = stack.pop() {
            let Some(kind) = self.kind(id) else {
                continue;
            };
            match kind {
                k if counter(k) => return true,
                ExprKind::Load(pointer) if self.points_to_memory(*pointer) => continue,
                ExprKind::Statements(..) if self.any_expr(id, &mut |k| counter(k)) => return true,
                ExprKind::Statements(..) => continue,
                _ => {}
            }
            operands.clear();
            kind.operands_into(&mut operands);
            stack.extend_from_slice(&operands);
        }
        false
    }

    /// Whether `pointer` points to `global` or `local` memory.
    fn points_to_memory(&self, pointer: ExprId) -> bool {
        self.func.exprs.get(pointer).is_some_and(|e| {
            matches!(
                self.types.get(e.ty),
                Type::Pointer {
                    space: AddressSpace::Global | AddressSpace::Local,
                    ..
                }
            )
        })
    }

    /// The locals a loop counts with: its own and those its nested loops
    /// step in their `continuing` blocks.
    fn counters(&self, var: LocalId, body: &Block) -> Vec<LocalId> {
        let mut counters = vec![var];
        for stmt in &body.0 {
            stmt.any_nested(&mut |s| {
                let Stmt::Loop { continuing, .. } = s else {
                    return false;
                };
                for step in &continuing.0 {
                    let Stmt::Expr(id) = step else { continue };
                    if let Some(
                        ExprKind::IncDec { pointer, .. } | ExprKind::CompoundAssign { pointer, .. },
                    ) = self.kind(*id)
                    {
                        if let Some(ExprKind::Local(l)) = self.kind(*pointer) {
                            counters.push(*l);
                        }
                    }
                }
                false
            });
        }
        counters
    }

    /// The expression nodes a call of `id` adds to an unrolled loop, or
    /// `None` when the function (or one it calls) holds something a loop
    /// that calls it may not repeat. The specification forbids recursion
    /// (sema rejects it); a cycle still ends here, as not unrollable.
    fn callee_size(&self, id: FunctionId) -> Option<u64> {
        if let Some(&size) = self.callees.borrow().get(&id) {
            return size;
        }
        self.callees.borrow_mut().insert(id, None);
        let size = self.functions.get(id).and_then(|callee| {
            // A loop in the callee, unrolled or not, would be copied
            // whole into every iteration (siphash24_records, whose loop
            // calls a hash function of five loops, ran 1.1× slower so).
            if has_loop(&callee.body) {
                return None;
            }
            let mut size: u64 = 0;
            for expr in callee.exprs.iter() {
                size = size.saturating_add(1);
                match &expr.kind {
                    ExprKind::Call(g, _) => size = size.saturating_add(self.callee_size(*g)?),
                    ExprKind::Builtin(f, args) if !self.may_repeat(*f, args, None) => return None,
                    ExprKind::Atomic(_) | ExprKind::Fence(_) => return None,
                    _ => {}
                }
            }
            Some(size)
        });
        self.callees.borrow_mut().insert(id, size);
        size
    }

    /// The values the loop's variable takes at the start of each
    /// iteration (at most; a `break` may end it earlier), and the
    /// variable, from the condition, the statements `before` the loop and
    /// its step, with the enclosing counters `env` (what the body does is
    /// checked by the caller).
    fn trips(
        &self,
        before: &[Stmt],
        cond: ExprId,
        continuing: &Block,
        env: &[(LocalId, i128)],
    ) -> Option<(Vec<i128>, LocalId)> {
        let (op, var, bound, ty) = self.comparison(cond, env)?;
        if !self.is_plain(var) {
            return None;
        }
        let step = self.step(continuing, var)?;
        let start = self.start(before, var, env)?;
        let (bits, signed) = self.int_type(self.func.locals.get(var)?.ty)?;
        let mut value = start;
        let mut values = Vec::new();
        for _ in 0..=MAX_TRIPS {
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
                return Some((values, var));
            }
            values.push(value);
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
    fn comparison(
        &self,
        cond: ExprId,
        env: &[(LocalId, i128)],
    ) -> Option<(BinaryOp, LocalId, i128, (u8, bool))> {
        let ExprKind::Binary(op, a, b) = self.kind(cond)? else {
            return None;
        };
        let ty = self.int_type(self.func.exprs.get(*a)?.ty)?;
        if let (Some(var), Some(bound)) = (self.read_var(*a), self.value(*b, env)) {
            return Some((*op, var, fit(bound, ty), ty));
        }
        let (var, bound) = (self.read_var(*b)?, self.value(*a, env)?);
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

    /// An integer expression's value in its type, when it is made of
    /// constants and the enclosing counters `env` (`j + 1`, `2 * j`)
    /// with `+`, `-`, `*` and conversions.
    fn value(&self, id: ExprId, env: &[(LocalId, i128)]) -> Option<i128> {
        let expr = self.func.exprs.get(id)?;
        let ty = self.int_type(expr.ty)?;
        let value = match &expr.kind {
            ExprKind::Literal(Literal::Int(bits)) => i128::from(*bits as i64),
            ExprKind::Convert(Conversion::IntToInt, inner) => self.value(*inner, env)?,
            ExprKind::Load(pointer) => match self.kind(*pointer)? {
                ExprKind::Local(l) => env.iter().rev().find(|(v, _)| v == l)?.1,
                _ => return None,
            },
            ExprKind::Binary(op, a, b) => {
                let (a, b) = (self.value(*a, env)?, self.value(*b, env)?);
                match op {
                    BinaryOp::Add => a.checked_add(b)?,
                    BinaryOp::Sub => a.checked_sub(b)?,
                    BinaryOp::Mul => a.checked_mul(b)?,
                    _ => return None,
                }
            }
            _ => return None,
        };
        Some(fit(value, ty))
    }

    /// The value stored in `var` by the last statement of `before` that
    /// mentions it (a constant, or made of the enclosing counters).
    fn start(&self, before: &[Stmt], var: LocalId, env: &[(LocalId, i128)]) -> Option<i128> {
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
        Some(fit(self.value(*value, env)?, ty))
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
                let amount = self.value(*value, &[])?;
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
    /// counted unrolled; once past `limit`, some number above it.
    fn block_size(&self, block: &Block, env: &[(LocalId, i128)], limit: u64) -> u64 {
        let mut size: u64 = 0;
        for (index, stmt) in block.0.iter().enumerate() {
            let add = match stmt {
                Stmt::Expr(e) => self.expr_size(*e),
                Stmt::Return(e) => e.map_or(1, |e| self.expr_size(e)),
                Stmt::Block(b) => self.block_size(b, env, limit),
                Stmt::If {
                    cond,
                    then,
                    otherwise,
                } => {
                    self.expr_size(*cond)
                        + self.block_size(then, env, limit)
                        + self.block_size(otherwise, env, limit)
                }
                Stmt::Loop {
                    cond,
                    body,
                    continuing,
                    ..
                } => self
                    .nested_size(&block.0[..index], stmt, env)
                    .unwrap_or_else(|| {
                        cond.map_or(0, |c| self.expr_size(c))
                            + self.block_size(body, env, limit)
                            + self.block_size(continuing, env, limit)
                    }),
                Stmt::Switch { selector, segments } => {
                    self.expr_size(*selector)
                        + segments
                            .iter()
                            .map(|s| self.block_size(&s.body, env, limit))
                            .sum::<u64>()
                }
                Stmt::Break | Stmt::Continue | Stmt::Label(_) | Stmt::Goto(_) => 1,
            };
            size = size.saturating_add(add);
            if size > limit {
                break;
            }
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
            match kind {
                ExprKind::Statements(block, _) => {
                    size = size.saturating_add(self.block_size(block, &[], u64::MAX));
                }
                ExprKind::Call(callee, _) => {
                    size = size.saturating_add(self.callee_size(*callee).unwrap_or(0));
                }
                _ => {}
            }
            operands.clear();
            kind.operands_into(&mut operands);
            stack.extend_from_slice(&operands);
        }
        size
    }
}

/// A statement's identity while its function is emitted (the IR does not
/// change meanwhile).
fn key(stmt: &Stmt) -> usize {
    std::ptr::from_ref(stmt) as usize
}

/// Whether a loop statement is nested anywhere in `block`.
fn has_loop(block: &Block) -> bool {
    block
        .0
        .iter()
        .any(|s| s.any_nested(&mut |s| matches!(s, Stmt::Loop { .. })))
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
