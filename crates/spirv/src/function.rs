//! Function bodies: the function header, private variables, blocks and the
//! structured statements (`if`, loops, `switch`, `break`, `continue`,
//! `return`, and `goto` with its labels).
//!
//! Control flow follows SPIR-V's structured form even though Kernel modules
//! do not require it: every `if` and `switch` has an `OpSelectionMerge`,
//! every loop an `OpLoopMerge` with a continue target that holds the
//! `continuing` statements. A `goto` is a branch to its label's block,
//! which may lie inside a loop or a `switch` body (also the lowering of
//! `case` labels nested in other statements, Duff's device): a function
//! with labels therefore gets no merge instructions, which Kernel modules
//! allow (the Vulkan target, which needs structured control flow, rejects
//! `goto`). Statements after a
//! `break`, `continue`, `return` or `goto` in the same block are not
//! emitted unless a later one holds a label a `goto` can reach.

use oclc_diagnostics::Span;
use oclc_ir::{
    Block, CaseLabel, ExprId, Function, FunctionId, LoopControl, Stmt, SwitchSegment, Type, TypeId,
};
use rspirv::spirv::{Op, StorageClass};

use crate::module::{impossible, unsupported, Emit, ModuleEmitter};
use crate::words::{push_inst, push_inst_typed, Word};

/// Where `break` and `continue` go.
#[derive(Clone, Copy, Debug)]
enum Target {
    Loop { merge: Word, continue_target: Word },
    Switch { merge: Word },
}

/// What the entry points need to know about a function after emission.
#[derive(Clone, Debug, Default)]
pub(crate) struct FunctionSummary {
    /// Bit set of [`crate::builtins::WorkItemVar`]s read directly.
    pub(crate) work_items: u32,
    /// Functions called directly.
    pub(crate) callees: Vec<FunctionId>,
    /// Module-scope variables used directly other than work-item
    /// built-ins (the Vulkan entry-point interface lists them).
    pub(crate) interface: Vec<Word>,
}

/// Emission state of one function.
pub(crate) struct FunctionEmitter<'e, 'm> {
    pub(crate) m: &'e mut ModuleEmitter<'m>,
    pub(crate) func: &'m Function,
    /// Instructions after the entry block's variables.
    pub(crate) code: Vec<u32>,
    /// The label of the block being emitted.
    pub(crate) current: Word,
    /// Whether the current block already has its terminator.
    pub(crate) terminated: bool,
    pub(crate) params: Vec<Word>,
    /// The hidden parameter a struct or array result is stored through
    /// (see [`ModuleEmitter::returns_through_memory`]).
    result_pointer: Option<Word>,
    pub(crate) locals: Vec<Word>,
    /// `OpVariable`s made during emission (copies of aggregates passed
    /// by value), placed after the declared locals in the entry block.
    pub(crate) temporaries: Vec<u32>,
    targets: Vec<Target>,
    /// The block of each label (`goto` target), by [`oclc_ir::LabelId`].
    labels: Vec<Word>,
    pub(crate) summary: FunctionSummary,
    /// Vulkan kernels: per parameter, the work-group array standing for a
    /// `local` pointer argument.
    pub(crate) local_arrays: Vec<Option<Word>>,
    /// Pointers that may sit below their pointee's natural alignment
    /// (members of packed structs), with the alignment they have.
    pub(crate) underaligned: rustc_hash::FxHashMap<Word, u32>,
    /// Which loops get `Unroll` without asking (`crate::unroll`).
    loops: crate::unroll::Loops<'m>,
}

/// Emits function `index` of the module into `m.functions`.
pub(crate) fn emit_function(m: &mut ModuleEmitter<'_>, index: usize) -> Emit<FunctionSummary> {
    let module = m.module;
    let functions: &[oclc_ir::Function] = &module.functions;
    let Some(func) = functions.get(index) else {
        return Ok(FunctionSummary::default());
    };
    let function_id = m
        .function_ids
        .get(index)
        .copied()
        .ok_or_else(|| impossible(Some(func.span), "a function without an id"))?;
    let through_memory = m.returns_through_memory(func.ret);
    let ret = if through_memory {
        m.void_type()
    } else {
        m.ty(func.ret)?
    };
    // A Vulkan entry point takes no parameters: its arguments come from
    // the interface (see `crate::vulkan`).
    let vulkan_kernel = m.env.is_vulkan() && func.kernel.is_some();
    let mut param_types = Vec::with_capacity(func.params.len() + 1);
    if through_memory {
        param_types.push(m.pointer_to(StorageClass::Function, func.ret)?);
    }
    for param in func.params.iter().filter(|_| !vulkan_kernel) {
        param_types.push(m.param_type(param.ty)?);
    }
    let fn_type = m.function_type(ret, param_types.clone());
    if func.kernel.is_some() || m.options.debug_info {
        m.name(function_id, &func.name);
    }
    // Helpers carry no inlining hint unless the source gives one, so the
    // driver inlines as it does for its own compiler's output: a
    // struct-returning helper (returned through its `Sret` parameter)
    // marked `DontInline` made a Thomas solver 2.7x slower than the
    // source build (docs/performance.md). `always_inline` and `noinline`
    // are `Inline` and `DontInline`, as llvm-spirv emits them.
    use rspirv::spirv::FunctionControl;
    let control = match func.inline {
        oclc_ir::InlineHint::Never => FunctionControl::DONT_INLINE.bits(),
        oclc_ir::InlineHint::Always => FunctionControl::INLINE.bits(),
        oclc_ir::InlineHint::None => 0,
    };
    let mut header = Vec::new();
    push_inst(
        &mut header,
        Op::Function,
        &[ret, function_id, control, fn_type],
    );
    let result_pointer = through_memory.then(|| {
        let id = m.id();
        push_inst(&mut header, Op::FunctionParameter, &[param_types[0], id]);
        m.decorate_result_pointer(id, func.ret);
        id
    });
    let mut params = Vec::with_capacity(func.params.len());
    let declared = &param_types[usize::from(through_memory)..];
    for (param, &ty) in func.params.iter().zip(declared) {
        let id = m.id();
        push_inst(&mut header, Op::FunctionParameter, &[ty, id]);
        if m.by_value(param.ty) {
            m.decorate_by_value(id, param.ty);
        } else if param.noalias && !m.env.is_vulkan() {
            m.decorate_no_alias(id);
        }
        m.name(id, &param.name);
        params.push(id);
    }
    let entry = m.id();
    push_inst(&mut header, Op::Label, &[entry]);
    let mut locals = Vec::with_capacity(func.locals.len());
    for local in &func.locals {
        let ty = m.pointer_to(StorageClass::Function, local.ty)?;
        let id = m.id();
        push_inst(
            &mut header,
            Op::Variable,
            &[ty, id, StorageClass::Function as u32],
        );
        if m.options.debug_info {
            m.name(id, &local.name);
        }
        m.decorate_alignment(id, local.ty, local.align, StorageClass::Function);
        locals.push(id);
    }
    let mut emitter = FunctionEmitter {
        m,
        func,
        code: Vec::new(),
        current: entry,
        terminated: false,
        params,
        result_pointer,
        locals,
        temporaries: Vec::new(),
        targets: Vec::new(),
        labels: Vec::new(),
        summary: FunctionSummary::default(),
        local_arrays: Vec::new(),
        underaligned: Default::default(),
        loops: crate::unroll::Loops::new(&module.types, &module.functions, func),
    };
    if func.labels > 0 {
        if emitter.m.env.is_vulkan() {
            return Err(unsupported(
                Some(func.span),
                "`goto` on the Vulkan target (Vulkan requires structured control flow)",
            ));
        }
        emitter.labels = (0..func.labels).map(|_| emitter.m.id()).collect();
    }
    if vulkan_kernel {
        let (values, arrays) = emitter.vulkan_kernel_params(func)?;
        emitter.params = values;
        emitter.local_arrays = arrays;
    }
    emitter.block(&func.body)?;
    if !emitter.terminated {
        if emitter.m.ir(func.ret) == Type::Void || through_memory {
            emitter.terminate(Op::Return, &[]);
        } else {
            // Falling off the end of a non-void function: the value is
            // undefined (C leaves it so when the caller does not use it).
            let undef = emitter.m.undef(ret);
            emitter.terminate(Op::ReturnValue, &[undef]);
        }
    }
    let FunctionEmitter {
        m,
        code,
        summary,
        temporaries,
        ..
    } = emitter;
    // `goto` can put a label before the blocks that dominate it.
    let code = if func.labels > 0 {
        crate::layout::reorder(entry, &code)
    } else {
        code
    };
    m.functions.extend_from_slice(&header);
    m.functions.extend_from_slice(&temporaries);
    m.functions.extend_from_slice(&code);
    push_inst(&mut m.functions, Op::FunctionEnd, &[]);
    Ok(summary)
}

impl FunctionEmitter<'_, '_> {
    /// Appends an instruction without a result.
    pub(crate) fn inst(&mut self, op: Op, operands: &[Word]) {
        push_inst(&mut self.code, op, operands);
    }

    /// Appends an instruction with result type `ty`; returns its result id.
    pub(crate) fn value(&mut self, op: Op, ty: Word, operands: &[Word]) -> Word {
        let id = self.m.id();
        push_inst_typed(&mut self.code, op, ty, id, operands);
        id
    }

    /// A new `Function`-storage variable of IR type `ty` in the entry
    /// block; returns its id.
    pub(crate) fn temporary(&mut self, ty: TypeId) -> Emit<Word> {
        let pointer = self.m.pointer_to(StorageClass::Function, ty)?;
        let id = self.m.id();
        push_inst(
            &mut self.temporaries,
            Op::Variable,
            &[pointer, id, StorageClass::Function as u32],
        );
        Ok(id)
    }

    /// A fresh label id.
    pub(crate) fn label(&mut self) -> Word {
        self.m.id()
    }

    /// Starts the block `label`.
    pub(crate) fn begin(&mut self, label: Word) {
        self.inst(Op::Label, &[label]);
        self.current = label;
        self.terminated = false;
    }

    /// Ends the current block with `op`.
    pub(crate) fn terminate(&mut self, op: Op, operands: &[Word]) {
        if !self.terminated {
            self.inst(op, operands);
            self.terminated = true;
        }
    }

    /// Ends the current block with a branch to `target` (unless it already
    /// ended).
    pub(crate) fn branch(&mut self, target: Word) {
        self.terminate(Op::Branch, &[target]);
    }

    /// `OpSelectionMerge merge` + `OpBranchConditional cond yes no`.
    pub(crate) fn branch_conditional(&mut self, cond: Word, yes: Word, no: Word, merge: Word) {
        self.merge(Op::SelectionMerge, &[merge, 0]);
        self.terminate(Op::BranchConditional, &[cond, yes, no]);
    }

    /// `OpLoopMerge merge continue_target None` (in a function with
    /// structured control flow).
    pub(crate) fn loop_merge(&mut self, merge: Word, continue_target: Word) {
        self.merge(Op::LoopMerge, &[merge, continue_target, 0]);
    }

    /// A merge instruction, in a function with structured control flow:
    /// one with labels has none, as a `goto` may enter a loop or a
    /// `switch` body (Kernel modules need no structure, and llvm-spirv's
    /// output has none at all).
    fn merge(&mut self, op: Op, operands: &[Word]) {
        if self.labels.is_empty() {
            self.inst(op, operands);
        }
    }

    /// `OpPhi ty (value, parent)...`.
    pub(crate) fn phi(&mut self, ty: Word, incoming: &[(Word, Word)]) -> Word {
        let operands: Vec<Word> = incoming.iter().flat_map(|&(v, b)| [v, b]).collect();
        self.value(Op::Phi, ty, &operands)
    }

    /// The span of an expression (for diagnostics).
    pub(crate) fn span_of(&self, id: ExprId) -> Option<Span> {
        self.func.exprs.get(id).map(|e| e.span)
    }

    /// Emits the statements of a block, stopping at the first one that
    /// cannot be reached.
    pub(crate) fn block(&mut self, block: &Block) -> Emit<()> {
        // The last statement a `goto` can reach after a terminator (one
        // holding a label); computed when a terminator is first met.
        let mut reachable_until: Option<usize> = None;
        for (index, stmt) in block.0.iter().enumerate() {
            if self.terminated {
                let last = *reachable_until
                    .get_or_insert_with(|| block.0.iter().rposition(contains_label).unwrap_or(0));
                if self.labels.is_empty() || index > last {
                    break;
                }
                // Unreachable code before a label: emitted into a block
                // with no predecessors (Kernel modules need no structured
                // control flow; the label's block follows).
                let dead = self.label();
                self.begin(dead);
            }
            self.m.enter(None)?;
            let result = self.stmt(stmt, &block.0[..index]);
            self.m.leave();
            result?;
        }
        Ok(())
    }

    /// Emits `stmt`, which follows `before` in its block.
    fn stmt(&mut self, stmt: &Stmt, before: &[Stmt]) -> Emit<()> {
        match stmt {
            Stmt::Expr(e) => {
                if !self.copy_aggregate(*e)? {
                    self.expr(*e)?;
                }
            }
            Stmt::Block(block) => self.block(block)?,
            Stmt::If {
                cond,
                then,
                otherwise,
            } => self.if_stmt(*cond, then, otherwise)?,
            Stmt::Loop {
                cond,
                test_first,
                body,
                continuing,
                ..
            } => {
                let control = self.loops.control(before, stmt);
                self.loop_stmt(*cond, *test_first, body, continuing, control)?
            }
            Stmt::Switch { selector, segments } => self.switch_stmt(*selector, segments)?,
            Stmt::Break => {
                let merge = self.targets.last().map(|t| match *t {
                    Target::Loop { merge, .. } | Target::Switch { merge } => merge,
                });
                let merge =
                    merge.ok_or_else(|| unsupported(None, "`break` outside a loop or switch"))?;
                self.branch(merge);
            }
            Stmt::Continue => {
                let target = self.targets.iter().rev().find_map(|t| match *t {
                    Target::Loop {
                        continue_target, ..
                    } => Some(continue_target),
                    Target::Switch { .. } => None,
                });
                let target =
                    target.ok_or_else(|| unsupported(None, "`continue` outside a loop"))?;
                self.branch(target);
            }
            Stmt::Label(label) => {
                let block = self.label_block(*label)?;
                self.branch(block);
                self.begin(block);
            }
            Stmt::Goto(label) => {
                let block = self.label_block(*label)?;
                self.branch(block);
            }
            Stmt::Return(value) => match value {
                Some(e) => {
                    let v = self.expr(*e)?;
                    if let Some(result) = self.result_pointer {
                        self.inst(Op::Store, &[result, v]);
                        self.terminate(Op::Return, &[]);
                    } else if self.m.ir(self.func.ret) == Type::Void {
                        self.terminate(Op::Return, &[]);
                    } else {
                        self.terminate(Op::ReturnValue, &[v]);
                    }
                }
                None => self.terminate(Op::Return, &[]),
            },
        }
        Ok(())
    }

    /// The block of `label`.
    fn label_block(&self, label: oclc_ir::LabelId) -> Emit<Word> {
        self.labels
            .get(label.index())
            .copied()
            .ok_or_else(|| unsupported(None, "a `goto` to a missing label"))
    }

    fn if_stmt(&mut self, cond: ExprId, then: &Block, otherwise: &Block) -> Emit<()> {
        let c = self.expr(cond)?;
        let merge = self.label();
        let then_label = self.label();
        let else_label = if otherwise.0.is_empty() {
            merge
        } else {
            self.label()
        };
        self.branch_conditional(c, then_label, else_label, merge);
        self.begin(then_label);
        self.block(then)?;
        self.branch(merge);
        if else_label != merge {
            self.begin(else_label);
            self.block(otherwise)?;
            self.branch(merge);
        }
        self.begin(merge);
        Ok(())
    }

    fn loop_stmt(
        &mut self,
        cond: Option<ExprId>,
        test_first: bool,
        body: &Block,
        continuing: &Block,
        control: LoopControl,
    ) -> Emit<()> {
        let header = self.label();
        let body_label = self.label();
        let continue_target = self.label();
        let merge = self.label();
        self.branch(header);
        self.begin(header);
        let control = loop_control_operands(control, self.m.version);
        let operands = [merge, continue_target, control[0], control[1]];
        let used = if control[0] == LOOP_PARTIAL_COUNT {
            4
        } else {
            3
        };
        self.merge(Op::LoopMerge, &operands[..used]);
        match cond {
            Some(cond) if test_first => {
                let test = self.label();
                self.branch(test);
                self.begin(test);
                let c = self.expr(cond)?;
                self.terminate(Op::BranchConditional, &[c, body_label, merge]);
            }
            _ => self.branch(body_label),
        }
        self.begin(body_label);
        self.targets.push(Target::Loop {
            merge,
            continue_target,
        });
        let result = self.block(body);
        self.targets.pop();
        result?;
        self.branch(continue_target);
        self.begin(continue_target);
        self.block(continuing)?;
        match cond {
            Some(cond) if !test_first && !self.terminated => {
                let c = self.expr(cond)?;
                self.terminate(Op::BranchConditional, &[c, header, merge]);
            }
            _ => self.branch(header),
        }
        self.begin(merge);
        Ok(())
    }

    fn switch_stmt(&mut self, selector: ExprId, segments: &[SwitchSegment]) -> Emit<()> {
        let value = self.expr(selector)?;
        let selector_ty = self.func.exprs.get(selector).map(|e| e.ty);
        let wide = selector_ty.is_some_and(|t| self.m.scalar_bits(t) > 32);
        let width = selector_ty.map_or(32, |t| self.m.scalar_bits(t));
        let merge = self.label();
        let labels: Vec<Word> = segments.iter().map(|_| self.m.id()).collect();
        let mut default = merge;
        let mut operands = vec![value, 0];
        for (segment, &label) in segments.iter().zip(&labels) {
            for case in &segment.labels {
                match *case {
                    CaseLabel::Default => default = label,
                    CaseLabel::Value(bits) => {
                        let bits = if width >= 64 {
                            bits
                        } else {
                            bits & ((1u64 << width) - 1)
                        };
                        operands.push(bits as u32);
                        if wide {
                            operands.push((bits >> 32) as u32);
                        }
                        operands.push(label);
                    }
                }
            }
        }
        operands[1] = default;
        self.merge(Op::SelectionMerge, &[merge, 0]);
        self.terminate(Op::Switch, &operands);
        self.targets.push(Target::Switch { merge });
        let mut result = Ok(());
        for (index, segment) in segments.iter().enumerate() {
            let label = labels[index];
            self.begin(label);
            result = self.block(&segment.body);
            if result.is_err() {
                break;
            }
            let next = labels.get(index + 1).copied().unwrap_or(merge);
            self.branch(next);
        }
        self.targets.pop();
        result?;
        self.begin(merge);
        Ok(())
    }
}

/// Whether `stmt` is or holds a label (statement nesting is bounded by
/// the parser's depth limit).
fn contains_label(stmt: &Stmt) -> bool {
    stmt.any_nested(&mut |s| matches!(s, Stmt::Label(_)))
}

/// `Unroll` in an `OpLoopMerge`'s Loop Control mask.
const LOOP_UNROLL: Word = 0x1;
/// `DontUnroll`.
const LOOP_DONT_UNROLL: Word = 0x2;
/// `PartialCount` (SPIR-V 1.4), followed by its literal count.
const LOOP_PARTIAL_COUNT: Word = 0x100;

/// The Loop Control mask of a loop's `OpLoopMerge` and the literal that
/// follows it (used only for `PartialCount`). `PartialCount` needs SPIR-V
/// 1.4; in an older module the request is dropped (loop control `None`),
/// as llvm-spirv-15 does with `--spirv-max-version=1.0`: a hint is not
/// worth a newer module version (docs/mapping.md, Loop controls).
fn loop_control_operands(control: LoopControl, version: (u8, u8)) -> [Word; 2] {
    match control {
        LoopControl::None => [0, 0],
        LoopControl::Unroll => [LOOP_UNROLL, 0],
        LoopControl::DontUnroll => [LOOP_DONT_UNROLL, 0],
        LoopControl::PartialCount(count) if version >= (1, 4) => [LOOP_PARTIAL_COUNT, count],
        LoopControl::PartialCount(_) => [0, 0],
    }
}
