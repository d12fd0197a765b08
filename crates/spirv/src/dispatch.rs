//! The operands of memory instructions: how an order, scope and
//! fence-flags combination resolves to SPIR-V `Scope` and `Memory
//! Semantics` operands (per environment, through [`crate::policy`]), and
//! the run-time dispatch when an argument is not a constant: one arm per
//! valid combination under an `OpSwitch`, merged with `OpPhi` (see
//! [`crate::atomics`] for the instructions themselves). Every value and
//! every "which values are valid" is the IR's (`oclc_ir::MemoryOrder`,
//! `MemoryScope`, `AtomicOp::allowed_orders`, `FENCE_ALL`), not written
//! here.

use oclc_ir::{
    MemArg, MemoryOrder, MemoryScope, FENCE_ALL, FENCE_GLOBAL, FENCE_IMAGE, FENCE_LOCAL,
};
use rspirv::spirv::Op;

use crate::function::FunctionEmitter;
use crate::module::{impossible, Emit};
use crate::policy::{Policy, SEMANTICS_IMAGE};
use crate::words::Word;
use oclc_target::Env;

/// `memory_order` and `memory_scope` values by name: the IR's
/// ([`MemoryOrder::value`], [`MemoryScope::value`]), not written here.
pub(crate) const RELAXED: i64 = MemoryOrder::Relaxed.value();
pub(crate) const ACQUIRE: i64 = MemoryOrder::Acquire.value();
pub(crate) const ACQ_REL: i64 = MemoryOrder::AcqRel.value();
pub(crate) const SEQ_CST: i64 = MemoryOrder::SeqCst.value();
pub(crate) const DEVICE: i64 = MemoryScope::Device.value();
pub(crate) const WORK_GROUP: i64 = MemoryScope::WorkGroup.value();
/// `memory_scope_work_item`: valid only for an image fence (OpenCL C 3.0
/// §6.15.12.4), so runtime-scope switches of atomics and barriers get no
/// arm for it.
pub(crate) const WORK_ITEM: i64 = MemoryScope::WorkItem.value();

/// Whether `value` is one of `orders`.
pub(crate) fn is_one_of(value: i64, orders: &[MemoryOrder]) -> bool {
    orders.iter().any(|o| o.value() == value)
}

/// The arguments an operation's operands depend on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct MemValues {
    pub(crate) order: i64,
    pub(crate) failure: i64,
    pub(crate) scope: i64,
    pub(crate) flags: i64,
}

/// Which argument a runtime value is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Role {
    Order,
    Failure,
    Scope,
    Flags,
}

impl MemValues {
    pub(crate) fn set(&mut self, role: Role, value: i64) {
        match role {
            Role::Order => self.order = value,
            Role::Failure => self.failure = value,
            Role::Scope => self.scope = value,
            Role::Flags => self.flags = value,
        }
    }
}

/// Scope and semantics for one combination of argument values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Resolved {
    /// `None` when no instruction is needed (a relaxed fence).
    pub(crate) operands: Option<(u32, [u32; 2])>,
    /// Whether the combination is allowed (invalid ones get no switch arm).
    pub(crate) valid: bool,
    /// Whether the order is seq_cst (the Vulkan target turns seq_cst
    /// loads and stores into read-modify-writes).
    pub(crate) seq_cst: bool,
}

/// How an operation's scope and semantics follow from the arguments.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Semantics {
    /// A C11 atomic: scope argument, order bits plus the storage bits.
    Atomic {
        storage: u32,
        orders: &'static [MemoryOrder],
    },
    /// A C11 compare-exchange: two semantics operands.
    CompareExchange { storage: u32 },
    /// The compare-exchange of a read-modify-write done as a loop: one
    /// order argument, two semantics operands (the order, and the
    /// strongest failure order it allows).
    Loop { storage: u32 },
    /// A legacy atomic: fixed scope, semantics 0 (twice for cmpxchg).
    Legacy { scope: u32, compare_exchange: bool },
    /// `barrier`/`work_group_barrier`: scope argument, SeqCst with flags
    /// (0 without flags, except in OpenCL 1.x modules, whose environment
    /// requires SeqCst on every barrier).
    Barrier { always_seq_cst: bool },
    /// `mem_fence` and friends: work-group scope, fixed order with flags.
    MemFence { order: MemoryOrder },
    /// `atomic_work_item_fence`: nothing when relaxed.
    WorkItemFence,
}

/// One memory instruction without its scope and semantics operands.
pub(crate) struct MemoryInstruction {
    pub(crate) op: Op,
    pub(crate) result_type: Option<Word>,
    /// Operands before the (memory) scope: the pointer, or the execution
    /// scope of `OpControlBarrier`.
    pub(crate) leading: Vec<Word>,
    /// Operands after the semantics.
    pub(crate) trailing: Vec<Word>,
    /// Under Vulkan, the read-modify-write (opcode, result type, operands
    /// after the semantics) that stands for a seq_cst load or store: the
    /// Vulkan memory model has no seq_cst, but read-modify-writes of one
    /// location are totally ordered and each reads the last write before
    /// it, so acquire-release read-modify-writes forbid the outcomes that
    /// seq_cst forbids (store buffering, IRIW).
    pub(crate) seq_cst_form: Option<(Op, Word, Vec<Word>)>,
}

/// The order bits plus, unless relaxed, the storage bits; `None` for a
/// value that is no `memory_order`.
pub(crate) fn order_semantics(order: i64, storage: u32, env: Env) -> Option<u32> {
    Some(match MemoryOrder::from_value(order)? {
        MemoryOrder::Relaxed => 0,
        order => env.order_bits(order) | storage,
    })
}

/// The Unequal semantics of a compare-exchange with failure order
/// `failure`. Under Vulkan a seq_cst Unequal is acquire: a failed
/// compare-exchange writes nothing to release.
pub(crate) fn failure_semantics(failure: i64, storage: u32, env: Env) -> Option<u32> {
    let failure = if env.is_vulkan() {
        failure.min(ACQUIRE)
    } else {
        failure
    };
    order_semantics(failure, storage, env)
}

/// The SPIR-V scope of a `memory_scope` value; `None` for a value that is
/// no scope.
pub(crate) fn scope_operand(scope: i64, env: Env) -> Option<u32> {
    MemoryScope::from_value(scope).map(|scope| env.scope(scope))
}

/// The semantics bits of `cl_mem_fence_flags`.
pub(crate) fn flag_semantics(flags: i64, env: Env) -> u32 {
    let mut bits = 0;
    if flags & FENCE_LOCAL != 0 {
        bits |= env.local_semantics();
    }
    if flags & FENCE_GLOBAL != 0 {
        bits |= env.global_semantics();
    }
    if flags & FENCE_IMAGE != 0 {
        bits |= SEMANTICS_IMAGE;
    }
    bits
}

/// The strongest failure order allowed with the success order `success`
/// (seq_cst for a value that is no order: the dispatch's default arm).
pub(crate) fn strongest_failure(success: i64) -> i64 {
    MemoryOrder::from_value(success).map_or(SEQ_CST, |o| o.strongest_failure_order().value())
}

/// Whether `failure` may go with `success` in a compare-exchange.
pub(crate) fn failure_allowed(success: i64, failure: i64) -> bool {
    MemoryOrder::from_value(success).is_some_and(|s| {
        s.allowed_failure_orders()
            .iter()
            .any(|f| f.value() == failure)
    })
}

impl Semantics {
    /// The operands for `v`, and whether the combination is valid. A value
    /// that is no order or scope at all makes it invalid: constants are
    /// checked before emission (the IR validator rejects them), and the
    /// runtime dispatch only enumerates defined values.
    pub(crate) fn resolve(self, v: MemValues, env: Env) -> Resolved {
        self.resolve_defined(v, env).unwrap_or(Resolved {
            operands: None,
            valid: false,
            seq_cst: false,
        })
    }

    pub(crate) fn resolve_defined(self, v: MemValues, env: Env) -> Option<Resolved> {
        let (scope, semantics, valid) = match self {
            Semantics::Atomic { storage, orders } => (
                scope_operand(v.scope, env)?,
                [order_semantics(v.order, storage, env)?, 0],
                is_one_of(v.order, orders) && v.scope != WORK_ITEM,
            ),
            Semantics::CompareExchange { storage } => (
                scope_operand(v.scope, env)?,
                [
                    order_semantics(v.order, storage, env)?,
                    failure_semantics(v.failure, storage, env)?,
                ],
                v.scope != WORK_ITEM && failure_allowed(v.order, v.failure),
            ),
            Semantics::Loop { storage } => (
                scope_operand(v.scope, env)?,
                [
                    order_semantics(v.order, storage, env)?,
                    failure_semantics(strongest_failure(v.order), storage, env)?,
                ],
                is_one_of(v.order, &MemoryOrder::ALL) && v.scope != WORK_ITEM,
            ),
            Semantics::Legacy { scope, .. } => (scope, [0, 0], true),
            Semantics::Barrier { always_seq_cst } => {
                let bits = if v.flags == 0 && !always_seq_cst {
                    0
                } else {
                    env.order_bits(MemoryOrder::SeqCst) | flag_semantics(v.flags, env)
                };
                // §6.15.8: an image barrier needs work-group scope.
                let valid =
                    v.scope != WORK_ITEM && (v.flags & FENCE_IMAGE == 0 || v.scope == WORK_GROUP);
                (scope_operand(v.scope, env)?, [bits, 0], valid)
            }
            Semantics::MemFence { order } => (
                env.scope(MemoryScope::WorkGroup),
                [env.order_bits(order) | flag_semantics(v.flags, env), 0],
                true,
            ),
            Semantics::WorkItemFence => {
                // §6.15.15.6: an image fence is acq_rel with work-item
                // scope, and only an image fence may use work-item scope.
                let valid = is_one_of(v.order, &MemoryOrder::ALL)
                    && if v.flags & FENCE_IMAGE != 0 {
                        v.flags == FENCE_IMAGE && v.scope == WORK_ITEM && v.order == ACQ_REL
                    } else {
                        v.scope != WORK_ITEM
                    };
                if v.order == RELAXED {
                    return Some(Resolved {
                        operands: None,
                        valid,
                        seq_cst: false,
                    });
                }
                (
                    scope_operand(v.scope, env)?,
                    [
                        order_semantics(v.order, 0, env)? | flag_semantics(v.flags, env),
                        0,
                    ],
                    valid,
                )
            }
        };
        Some(Resolved {
            operands: Some((scope, semantics)),
            valid,
            seq_cst: v.order == SEQ_CST,
        })
    }

    pub(crate) fn semantics_count(self) -> usize {
        match self {
            Semantics::CompareExchange { .. }
            | Semantics::Loop { .. }
            | Semantics::Legacy {
                compare_exchange: true,
                ..
            } => 2,
            _ => 1,
        }
    }

    /// The values a runtime argument in `role` may take, from the IR's
    /// definitions: the operation's allowed orders
    /// ([`oclc_ir::AtomicOp::allowed_orders`]), the orders some success
    /// order allows as a failure order
    /// ([`MemoryOrder::allowed_failure_orders`]), every scope, every
    /// combination of fence flags ([`FENCE_ALL`]).
    pub(crate) fn candidates(self, role: Role) -> Vec<i64> {
        let values = |orders: &[MemoryOrder]| orders.iter().map(|o| o.value()).collect();
        match (self, role) {
            (Semantics::Atomic { orders, .. }, Role::Order) => values(orders),
            (_, Role::Order) => values(&MemoryOrder::ALL),
            (_, Role::Failure) => MemoryOrder::ALL
                .into_iter()
                .filter(|f| {
                    MemoryOrder::ALL
                        .iter()
                        .any(|s| s.allowed_failure_orders().contains(f))
                })
                .map(MemoryOrder::value)
                .collect(),
            (_, Role::Scope) => MemoryScope::ALL
                .into_iter()
                .map(MemoryScope::value)
                .collect(),
            (_, Role::Flags) => (0..=FENCE_ALL).collect(),
        }
    }
}

impl FunctionEmitter<'_, '_> {
    /// Evaluates the optional argument `arg`: its constant value, or
    /// `default` when absent, or a runtime value recorded in `runtime`.
    pub(crate) fn mem_arg(
        &mut self,
        arg: Option<&MemArg>,
        role: Role,
        default: i64,
        values: &mut MemValues,
        runtime: &mut Vec<(Role, Word)>,
    ) -> Emit<()> {
        match arg {
            None => values.set(role, default),
            Some(MemArg {
                value: Some(value), ..
            }) => values.set(role, *value),
            Some(MemArg { expr, .. }) => {
                let value = self.expr(*expr)?;
                let ty = self.type_of(*expr)?;
                let value = if self.m.scalar_bits(ty) == 32 {
                    value
                } else {
                    let uint = self.m.int_type(32);
                    self.value(Op::UConvert, uint, &[value])
                };
                values.set(role, default);
                runtime.push((role, value));
            }
        }
        Ok(())
    }

    /// Emits `instruction` with the scope and semantics `semantics` gives
    /// for `values`, switching over the `runtime` arguments; returns its
    /// result, `None` for an instruction without one.
    pub(crate) fn emit_memory(
        &mut self,
        instruction: &MemoryInstruction,
        semantics: Semantics,
        values: MemValues,
        runtime: &[(Role, Word)],
    ) -> Emit<Option<Word>> {
        if runtime.is_empty() {
            let resolved = semantics.resolve(values, self.m.env);
            // Constant orders, scopes and flags were checked before
            // emission: a module with an invalid combination never gets
            // here, so one that does is a gap between the checker and this
            // mapping, reported as a bug rather than emitted.
            if !resolved.valid {
                return Err(impossible(
                    None,
                    "an order, scope or fence-flag combination the checker accepted \
                     has no valid mapping",
                ));
            }
            return Ok(self.emit_resolved(instruction, semantics, resolved));
        }
        // The selector: each runtime argument in three bits.
        let uint = self.m.int_type(32);
        let mut selector = 0;
        for (index, &(_, value)) in runtime.iter().enumerate() {
            selector = if index == 0 {
                value
            } else {
                let shift = self.m.u32_constant(3 * index as u32);
                let shifted = self.value(Op::ShiftLeftLogical, uint, &[value, shift]);
                self.value(Op::BitwiseOr, uint, &[selector, shifted])
            };
        }
        // Every valid combination, in odometer order.
        let candidates: Vec<Vec<i64>> = runtime
            .iter()
            .map(|&(role, _)| semantics.candidates(role))
            .collect();
        let mut arms: Vec<(u32, Resolved, Word)> = Vec::new();
        let mut digits = vec![0usize; runtime.len()];
        'combinations: loop {
            let mut combination = values;
            let mut literal = 0u32;
            for (index, (&(role, _), &digit)) in runtime.iter().zip(&digits).enumerate() {
                let value = candidates[index][digit];
                combination.set(role, value);
                literal |= (value as u32) << (3 * index);
            }
            let resolved = semantics.resolve(combination, self.m.env);
            if resolved.valid {
                let label = self.label();
                arms.push((literal, resolved, label));
            }
            for (index, digit) in digits.iter_mut().enumerate() {
                *digit += 1;
                if *digit < candidates[index].len() {
                    continue 'combinations;
                }
                *digit = 0;
            }
            break;
        }
        let mut default_values = values;
        for &(role, _) in runtime {
            let value = match role {
                Role::Order => SEQ_CST,
                Role::Failure => strongest_failure(default_values.order),
                Role::Scope => DEVICE,
                Role::Flags => FENCE_LOCAL | FENCE_GLOBAL,
            };
            default_values.set(role, value);
        }
        // The failure default depends on the (possibly defaulted) order.
        if runtime.iter().any(|&(role, _)| role == Role::Failure) {
            default_values.failure = strongest_failure(default_values.order);
        }
        let default_label = self.label();
        let merge = self.label();
        let mut switch = vec![selector, default_label];
        for &(literal, _, label) in &arms {
            switch.extend_from_slice(&[literal, label]);
        }
        self.inst(Op::SelectionMerge, &[merge, 0]);
        self.terminate(Op::Switch, &switch);
        let mut incoming = Vec::with_capacity(arms.len() + 1);
        let default_arm = (
            0,
            semantics.resolve(default_values, self.m.env),
            default_label,
        );
        for &(_, resolved, label) in arms.iter().chain(std::iter::once(&default_arm)) {
            self.begin(label);
            if let Some(result) = self.emit_resolved(instruction, semantics, resolved) {
                incoming.push((result, label));
            }
            self.branch(merge);
        }
        self.begin(merge);
        match instruction.result_type {
            Some(ty) if incoming.len() == arms.len() + 1 => Ok(Some(self.phi(ty, &incoming))),
            Some(_) => Err(impossible(
                None,
                "an arm of a run-time order dispatch gave no result",
            )),
            None => Ok(None),
        }
    }

    /// [`Self::emit_memory`] of an instruction with a result type: its
    /// result id.
    pub(crate) fn emit_memory_value(
        &mut self,
        instruction: &MemoryInstruction,
        semantics: Semantics,
        values: MemValues,
        runtime: &[(Role, Word)],
    ) -> Emit<Word> {
        self.emit_memory(instruction, semantics, values, runtime)?
            .ok_or_else(|| impossible(None, "an atomic instruction gave no result"))
    }

    /// Emits one instruction with constant scope and semantics operands;
    /// returns its result, `None` when it has none (or when no instruction
    /// is needed: a relaxed fence).
    pub(crate) fn emit_resolved(
        &mut self,
        instruction: &MemoryInstruction,
        semantics: Semantics,
        resolved: Resolved,
    ) -> Option<Word> {
        let (scope, bits) = resolved.operands?;
        #[cfg(feature = "mutants")]
        if crate::mutant::drops_fence(instruction.op, bits[0]) {
            return None;
        }
        #[cfg(feature = "mutants")]
        let (bits, resolved) = match crate::mutant::seq_cst_plain(instruction.op, bits[0]) {
            Some(plain) if resolved.seq_cst && instruction.seq_cst_form.is_some() => (
                [plain, bits[1]],
                Resolved {
                    seq_cst: false,
                    ..resolved
                },
            ),
            _ => (bits, resolved),
        };
        if let (true, Some((op, ty, trailing))) = (resolved.seq_cst, &instruction.seq_cst_form) {
            let mut operands = instruction.leading.clone();
            operands.push(self.m.u32_constant(scope));
            operands.push(self.m.u32_constant(bits[0]));
            operands.extend_from_slice(trailing);
            let value = self.value(*op, *ty, &operands);
            return instruction.result_type.map(|_| value);
        }
        let mut operands = instruction.leading.clone();
        operands.push(self.m.u32_constant(scope));
        for &bits in bits.iter().take(semantics.semantics_count()) {
            operands.push(self.m.u32_constant(bits));
        }
        operands.extend_from_slice(&instruction.trailing);
        match instruction.result_type {
            Some(ty) => Some(self.value(instruction.op, ty, &operands)),
            None => {
                self.inst(instruction.op, &operands);
                None
            }
        }
    }
}
