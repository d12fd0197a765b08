//! Atomic functions, fences and barriers: the exact OpenCL C → SPIR-V
//! mapping (see the crate documentation for the table).
//!
//! Scope and memory-semantics operands are always `OpConstant`s. When an
//! order, scope or flags argument is not a compile-time constant, the
//! operation is emitted once per valid value combination under an
//! `OpSwitch` on the argument(s) (packed three bits per argument), and the
//! results merge with `OpPhi`; the switch's default arm uses seq_cst and
//! device scope (for compare-exchange, the strongest failure order the
//! success order allows).
//!
//! Compare-exchange writes the value it read to `*expected` only when it
//! fails, as C11 specifies (and clang branches): `*expected` may be read by
//! other work-items.
//!
//! clang's atomic NAND (`__atomic_fetch_nand`), which SPIR-V has no
//! instruction for, is a compare-exchange loop whose success semantics are
//! the call's order and whose failure semantics are the strongest failure
//! order that order allows (what clang's own expansion of an `atomicrmw`
//! into a compare-exchange loop uses).

use oclc_ir::{
    AddressSpace, AtomicCall, AtomicOp, AtomicReturn, FenceCall, FenceKind, MemArg, MemoryOrder,
    MemoryScope, Type, TypeId, FENCE_GLOBAL, FENCE_IMAGE, FENCE_LOCAL,
};
use rspirv::spirv::{Capability, Op};

use crate::expr::Scalar;
use crate::function::FunctionEmitter;
use crate::module::{impossible, unsupported, Emit};
use crate::policy::{Policy, SEMANTICS_IMAGE};
use crate::words::Word;
use oclc_target::Env;

/// `memory_order` values by name (as in OpenCL C).
const RELAXED: i64 = 0;
const ACQUIRE: i64 = 2;
const RELEASE: i64 = 3;
const SEQ_CST: i64 = 5;
/// `memory_scope_device`.
const DEVICE: i64 = 2;
/// `memory_scope_work_group`.
const WORK_GROUP: i64 = 1;
/// `memory_scope_work_item`: valid only for an image fence (OpenCL C 3.0
/// §6.15.12.4), so runtime-scope switches of atomics and barriers get no
/// arm for it.
const WORK_ITEM: i64 = 0;
/// `memory_order_acq_rel`.
const ACQ_REL: i64 = 4;

/// Orders valid for loads, for stores and flag clears, and for the rest.
const LOAD_ORDERS: &[i64] = &[RELAXED, ACQUIRE, SEQ_CST];
const STORE_ORDERS: &[i64] = &[RELAXED, RELEASE, SEQ_CST];
const ALL_ORDERS: &[i64] = &[0, 2, 3, 4, 5];
const FAILURE_ORDERS: &[i64] = &[RELAXED, ACQUIRE, SEQ_CST];
const ALL_SCOPES: &[i64] = &[0, 1, 2, 3, 4];
const ALL_FLAGS: &[i64] = &[0, 1, 2, 3, 4, 5, 6, 7];

/// The arguments an operation's operands depend on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct MemValues {
    order: i64,
    failure: i64,
    scope: i64,
    flags: i64,
}

/// Which argument a runtime value is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    Order,
    Failure,
    Scope,
    Flags,
}

impl MemValues {
    fn set(&mut self, role: Role, value: i64) {
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
struct Resolved {
    /// `None` when no instruction is needed (a relaxed fence).
    operands: Option<(u32, [u32; 2])>,
    /// Whether the combination is allowed (invalid ones get no switch arm).
    valid: bool,
    /// Whether the order is seq_cst (the Vulkan target turns seq_cst
    /// loads and stores into read-modify-writes).
    seq_cst: bool,
}

/// How an operation's scope and semantics follow from the arguments.
#[derive(Clone, Copy, Debug)]
enum Semantics {
    /// A C11 atomic: scope argument, order bits plus the storage bits.
    Atomic {
        storage: u32,
        orders: &'static [i64],
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
struct MemoryInstruction {
    op: Op,
    result_type: Option<Word>,
    /// Operands before the (memory) scope: the pointer, or the execution
    /// scope of `OpControlBarrier`.
    leading: Vec<Word>,
    /// Operands after the semantics.
    trailing: Vec<Word>,
    /// Under Vulkan, the read-modify-write (opcode, result type, operands
    /// after the semantics) that stands for a seq_cst load or store: the
    /// Vulkan memory model has no seq_cst, but read-modify-writes of one
    /// location are totally ordered and each reads the last write before
    /// it, so acquire-release read-modify-writes forbid the outcomes that
    /// seq_cst forbids (store buffering, IRIW).
    seq_cst_form: Option<(Op, Word, Vec<Word>)>,
}

/// The order bits plus, unless relaxed, the storage bits; `None` for a
/// value that is no `memory_order`.
fn order_semantics(order: i64, storage: u32, env: Env) -> Option<u32> {
    Some(match MemoryOrder::from_value(order)? {
        MemoryOrder::Relaxed => 0,
        order => env.order_bits(order) | storage,
    })
}

/// The Unequal semantics of a compare-exchange with failure order
/// `failure`. Under Vulkan a seq_cst Unequal is acquire: a failed
/// compare-exchange writes nothing to release.
fn failure_semantics(failure: i64, storage: u32, env: Env) -> Option<u32> {
    let failure = if env.is_vulkan() {
        failure.min(ACQUIRE)
    } else {
        failure
    };
    order_semantics(failure, storage, env)
}

/// The SPIR-V scope of a `memory_scope` value; `None` for a value that is
/// no scope.
fn scope_operand(scope: i64, env: Env) -> Option<u32> {
    MemoryScope::from_value(scope).map(|scope| env.scope(scope))
}

/// The semantics bits of `cl_mem_fence_flags`.
fn flag_semantics(flags: i64, env: Env) -> u32 {
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
fn strongest_failure(success: i64) -> i64 {
    MemoryOrder::from_value(success).map_or(SEQ_CST, |o| o.strongest_failure_order().value())
}

/// Whether `failure` may go with `success` in a compare-exchange.
fn failure_allowed(success: i64, failure: i64) -> bool {
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
    fn resolve(self, v: MemValues, env: Env) -> Resolved {
        self.resolve_defined(v, env).unwrap_or(Resolved {
            operands: None,
            valid: false,
            seq_cst: false,
        })
    }

    fn resolve_defined(self, v: MemValues, env: Env) -> Option<Resolved> {
        let (scope, semantics, valid) = match self {
            Semantics::Atomic { storage, orders } => (
                scope_operand(v.scope, env)?,
                [order_semantics(v.order, storage, env)?, 0],
                orders.contains(&v.order) && v.scope != WORK_ITEM,
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
                ALL_ORDERS.contains(&v.order) && v.scope != WORK_ITEM,
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
                let valid = ALL_ORDERS.contains(&v.order)
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

    fn semantics_count(self) -> usize {
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

    /// The values a runtime argument in `role` may take.
    fn candidates(self, role: Role) -> &'static [i64] {
        match (self, role) {
            (Semantics::Atomic { orders, .. }, Role::Order) => orders,
            (_, Role::Order) => ALL_ORDERS,
            (_, Role::Failure) => FAILURE_ORDERS,
            (_, Role::Scope) => ALL_SCOPES,
            (_, Role::Flags) => ALL_FLAGS,
        }
    }
}

impl FunctionEmitter<'_, '_> {
    /// Evaluates the optional argument `arg`: its constant value, or
    /// `default` when absent, or a runtime value recorded in `runtime`.
    fn mem_arg(
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
    /// for `values`, switching over the `runtime` arguments.
    fn emit_memory(
        &mut self,
        instruction: &MemoryInstruction,
        semantics: Semantics,
        values: MemValues,
        runtime: &[(Role, Word)],
    ) -> Emit<Word> {
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
            return Ok(self
                .emit_resolved(instruction, semantics, resolved)
                .unwrap_or(0));
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
        let candidates: Vec<&'static [i64]> = runtime
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
            let result = self.emit_resolved(instruction, semantics, resolved);
            incoming.push((result.unwrap_or(0), label));
            self.branch(merge);
        }
        self.begin(merge);
        Ok(match instruction.result_type {
            Some(ty) => self.phi(ty, &incoming),
            None => 0,
        })
    }

    /// Emits one instruction with constant scope and semantics operands.
    fn emit_resolved(
        &mut self,
        instruction: &MemoryInstruction,
        semantics: Semantics,
        resolved: Resolved,
    ) -> Option<Word> {
        let (scope, bits) = resolved.operands?;
        #[cfg(feature = "mutants")]
        if crate::mutant::drops_fence(instruction.op, bits[0]) {
            return Some(0);
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
            return Some(if instruction.result_type.is_some() {
                value
            } else {
                0
            });
        }
        let mut operands = instruction.leading.clone();
        operands.push(self.m.u32_constant(scope));
        for &bits in bits.iter().take(semantics.semantics_count()) {
            operands.push(self.m.u32_constant(bits));
        }
        operands.extend_from_slice(&instruction.trailing);
        Some(match instruction.result_type {
            Some(ty) => self.value(instruction.op, ty, &operands),
            None => {
                self.inst(instruction.op, &operands);
                0
            }
        })
    }

    /// An atomic function call of IR result type `ty`.
    pub(crate) fn atomic(&mut self, call: &AtomicCall, ty: TypeId) -> Emit<Word> {
        let span = self.span_of(call.pointer);
        let pointer = self.expr(call.pointer)?;
        let pointer_ty = self.type_of(call.pointer)?;
        let (object_ty, space, _) = self
            .m
            .pointee_of(pointer_ty)
            .ok_or_else(|| unsupported(span, "an atomic operation on a non-pointer"))?;
        let value_ty = match self.m.ir(object_ty) {
            Type::Atomic(inner) => inner,
            _ => object_ty,
        };
        if self.m.env.is_vulkan()
            && call.op != AtomicOp::Init
            && !matches!(space, AddressSpace::Global | AddressSpace::Local)
        {
            return Err(unsupported(
                span,
                format!(
                    "an atomic operation on `{}` memory on the Vulkan target (Vulkan atomics \
                     work on storage buffers and work-group memory only)",
                    space.keyword()
                ),
            ));
        }
        let mut operands = Vec::with_capacity(call.operands.len());
        for &operand in &call.operands {
            operands.push(self.expr(operand)?);
        }
        let mut values = MemValues {
            order: SEQ_CST,
            failure: SEQ_CST,
            scope: DEVICE,
            flags: 0,
        };
        let mut runtime = Vec::new();
        if !call.form.is_legacy() {
            self.mem_arg(
                call.order.as_ref(),
                Role::Order,
                SEQ_CST,
                &mut values,
                &mut runtime,
            )?;
            if call.op.is_compare_exchange() {
                // The non-explicit form is seq_cst for both orders.
                let failure_default = if call.form.is_implicitly_seq_cst() {
                    SEQ_CST
                } else {
                    strongest_failure(values.order)
                };
                self.mem_arg(
                    call.failure.as_ref(),
                    Role::Failure,
                    failure_default,
                    &mut values,
                    &mut runtime,
                )?;
            }
            self.mem_arg(
                call.scope.as_ref(),
                Role::Scope,
                DEVICE,
                &mut values,
                &mut runtime,
            )?;
        }
        let storage = self.m.env.storage_semantics(space);
        let operand = |index: usize| {
            operands
                .get(index)
                .copied()
                .ok_or_else(|| unsupported(span, "an atomic call with too few operands"))
        };
        let scalar = self.scalar(value_ty);
        let bits = self.m.scalar_bits(value_ty);
        let value_spirv = self.m.ty(value_ty)?;
        let result_ty = self.m.ty(ty)?;
        // `atomic_init` is a plain store, needing no atomic capability.
        if scalar != Scalar::Float && bits == 64 && call.op != AtomicOp::Init {
            self.m.require(Capability::Int64Atomics);
        }
        let orders = match call.op {
            AtomicOp::Load => LOAD_ORDERS,
            AtomicOp::Store | AtomicOp::FlagClear => STORE_ORDERS,
            _ => ALL_ORDERS,
        };
        let semantics = if call.form.is_legacy() {
            Semantics::Legacy {
                scope: self.legacy_scope(space),
                compare_exchange: call.op == AtomicOp::LegacyCmpxchg,
            }
        } else if call.op == AtomicOp::LegacyCmpxchg {
            // `__sync_val_compare_and_swap`: seq_cst for both orders.
            Semantics::CompareExchange { storage }
        } else {
            Semantics::Atomic { storage, orders }
        };
        let read_modify_write = |op: Op, value: Word| MemoryInstruction {
            op,
            result_type: Some(value_spirv),
            leading: vec![pointer],
            trailing: vec![value],
            seq_cst_form: None,
        };
        let float = scalar == Scalar::Float;
        let signed = scalar == Scalar::Signed;
        let vulkan = self.m.env.is_vulkan();
        let instruction = match call.op {
            AtomicOp::Init => {
                self.store(pointer, pointer_ty, operand(0)?)?;
                return Ok(0);
            }
            AtomicOp::CompareExchangeStrong | AtomicOp::CompareExchangeWeak => {
                let expected = call.operands.first().copied().ok_or_else(|| {
                    unsupported(span, "a compare-exchange without an expected pointer")
                })?;
                let exchange = CompareExchange {
                    pointer,
                    space,
                    expected: operand(0)?,
                    expected_ty: self.type_of(expected)?,
                    desired: operand(1)?,
                    value_ty,
                };
                let success = self.compare_exchange(
                    &exchange,
                    Semantics::CompareExchange { storage },
                    values,
                    &runtime,
                )?;
                return Ok(if self.scalar(ty) == Scalar::Bool {
                    success
                } else {
                    let one = self.m.one(ty)?;
                    let zero = self.m.zero(ty)?;
                    self.value(Op::Select, result_ty, &[success, one, zero])
                });
            }
            AtomicOp::Store => MemoryInstruction {
                op: Op::AtomicStore,
                result_type: None,
                leading: vec![pointer],
                trailing: vec![operand(0)?],
                seq_cst_form: vulkan.then(|| {
                    (
                        Op::AtomicExchange,
                        value_spirv,
                        vec![operand(0).unwrap_or(0)],
                    )
                }),
            },
            AtomicOp::Load => {
                let seq_cst_form = if vulkan {
                    if float {
                        return Err(unsupported(
                            span,
                            "a seq_cst load of a floating atomic on the Vulkan target (oclc \
                             keeps seq_cst loads as integer read-modify-writes); use \
                             `memory_order_acquire`",
                        ));
                    }
                    let zero = self.m.zero(value_ty)?;
                    Some((Op::AtomicOr, value_spirv, vec![zero]))
                } else {
                    None
                };
                MemoryInstruction {
                    op: Op::AtomicLoad,
                    result_type: Some(value_spirv),
                    leading: vec![pointer],
                    trailing: vec![],
                    seq_cst_form,
                }
            }
            AtomicOp::Exchange | AtomicOp::LegacyXchg => {
                read_modify_write(Op::AtomicExchange, operand(0)?)
            }
            AtomicOp::FetchAdd | AtomicOp::LegacyAdd if float => {
                self.require_float_add(bits);
                read_modify_write(Op::AtomicFAddEXT, operand(0)?)
            }
            AtomicOp::FetchSub | AtomicOp::LegacySub if float => {
                self.require_float_add(bits);
                let negated = self.value(Op::FNegate, value_spirv, &[operand(0)?]);
                read_modify_write(Op::AtomicFAddEXT, negated)
            }
            AtomicOp::FetchMin | AtomicOp::LegacyMin if float => {
                self.require_float_min_max(bits);
                read_modify_write(Op::AtomicFMinEXT, operand(0)?)
            }
            AtomicOp::FetchMax | AtomicOp::LegacyMax if float => {
                self.require_float_min_max(bits);
                read_modify_write(Op::AtomicFMaxEXT, operand(0)?)
            }
            AtomicOp::FetchAdd | AtomicOp::LegacyAdd => {
                read_modify_write(Op::AtomicIAdd, operand(0)?)
            }
            AtomicOp::FetchSub | AtomicOp::LegacySub => {
                read_modify_write(Op::AtomicISub, operand(0)?)
            }
            AtomicOp::FetchOr | AtomicOp::LegacyOr => read_modify_write(Op::AtomicOr, operand(0)?),
            AtomicOp::FetchXor | AtomicOp::LegacyXor => {
                read_modify_write(Op::AtomicXor, operand(0)?)
            }
            AtomicOp::FetchAnd | AtomicOp::LegacyAnd => {
                read_modify_write(Op::AtomicAnd, operand(0)?)
            }
            AtomicOp::FetchMin | AtomicOp::LegacyMin if signed => {
                read_modify_write(Op::AtomicSMin, operand(0)?)
            }
            AtomicOp::FetchMin | AtomicOp::LegacyMin => {
                read_modify_write(Op::AtomicUMin, operand(0)?)
            }
            AtomicOp::FetchMax | AtomicOp::LegacyMax if signed => {
                read_modify_write(Op::AtomicSMax, operand(0)?)
            }
            AtomicOp::FetchMax | AtomicOp::LegacyMax => {
                read_modify_write(Op::AtomicUMax, operand(0)?)
            }
            // Vulkan has no flag instructions: a flag is a 32-bit integer
            // set by exchanging 1 in and cleared by storing 0.
            AtomicOp::FlagTestAndSet if vulkan => {
                let one = self.m.u32_constant(1);
                let uint = self.m.int_type(32);
                let instruction = read_modify_write(Op::AtomicExchange, one);
                let instruction = MemoryInstruction {
                    result_type: Some(uint),
                    ..instruction
                };
                let old = self.emit_memory(&instruction, semantics, values, &runtime)?;
                let zero = self.m.u32_constant(0);
                let bool_ty = self.m.bool_type();
                let set = self.value(Op::INotEqual, bool_ty, &[old, zero]);
                return Ok(if self.scalar(ty) == Scalar::Bool {
                    set
                } else {
                    let one = self.m.one(ty)?;
                    let zero = self.m.zero(ty)?;
                    self.value(Op::Select, result_ty, &[set, one, zero])
                });
            }
            AtomicOp::FlagClear if vulkan => {
                let zero = self.m.u32_constant(0);
                let uint = self.m.int_type(32);
                MemoryInstruction {
                    op: Op::AtomicStore,
                    result_type: None,
                    leading: vec![pointer],
                    trailing: vec![zero],
                    seq_cst_form: Some((Op::AtomicExchange, uint, vec![zero])),
                }
            }
            AtomicOp::FlagTestAndSet => MemoryInstruction {
                op: Op::AtomicFlagTestAndSet,
                result_type: Some(self.m.bool_type()),
                leading: vec![pointer],
                trailing: vec![],
                seq_cst_form: None,
            },
            AtomicOp::FlagClear => MemoryInstruction {
                op: Op::AtomicFlagClear,
                result_type: None,
                leading: vec![pointer],
                trailing: vec![],
                seq_cst_form: None,
            },
            AtomicOp::FetchNand => {
                let nand = Nand {
                    pointer,
                    operand: operand(0)?,
                    value_ty,
                    value_spirv,
                };
                let (old, stored) =
                    self.nand_loop(&nand, Semantics::Loop { storage }, values, &runtime)?;
                return Ok(match call.returns {
                    AtomicReturn::Stored => stored,
                    _ => old,
                });
            }
            AtomicOp::LegacyInc | AtomicOp::LegacyDec => MemoryInstruction {
                op: if call.op == AtomicOp::LegacyInc {
                    Op::AtomicIIncrement
                } else {
                    Op::AtomicIDecrement
                },
                result_type: Some(value_spirv),
                leading: vec![pointer],
                trailing: vec![],
                seq_cst_form: None,
            },
            AtomicOp::LegacyCmpxchg => MemoryInstruction {
                // The IR's operands are [compare, value]; SPIR-V wants the
                // value first.
                op: Op::AtomicCompareExchange,
                result_type: Some(value_spirv),
                leading: vec![pointer],
                trailing: vec![operand(1)?, operand(0)?],
                seq_cst_form: None,
            },
        };
        let old = self.emit_memory(&instruction, semantics, values, &runtime)?;
        match call.returns {
            AtomicReturn::Natural => Ok(old),
            AtomicReturn::Stored => {
                self.stored_value(call.op, old, operand(0)?, value_spirv, signed, span)
            }
            AtomicReturn::Exchanged => {
                let bool_ty = self.m.bool_type();
                let exchanged = self.value(Op::IEqual, bool_ty, &[old, operand(0)?]);
                Ok(if self.scalar(ty) == Scalar::Bool {
                    exchanged
                } else {
                    let one = self.m.one(ty)?;
                    let zero = self.m.zero(ty)?;
                    self.value(Op::Select, result_ty, &[exchanged, one, zero])
                })
            }
        }
    }

    /// The value an integer read-modify-write `op` stored, from the value
    /// it read and its operand (`__atomic_add_fetch` and friends).
    fn stored_value(
        &mut self,
        op: AtomicOp,
        old: Word,
        operand: Word,
        ty: Word,
        signed: bool,
        span: Option<oclc_diagnostics::Span>,
    ) -> Emit<Word> {
        let binary = match op {
            AtomicOp::FetchAdd => Op::IAdd,
            AtomicOp::FetchSub => Op::ISub,
            AtomicOp::FetchAnd => Op::BitwiseAnd,
            AtomicOp::FetchOr => Op::BitwiseOr,
            AtomicOp::FetchXor => Op::BitwiseXor,
            AtomicOp::FetchMin | AtomicOp::FetchMax => {
                let less = if signed { Op::SLessThan } else { Op::ULessThan };
                let bool_ty = self.m.bool_type();
                let old_less = self.value(less, bool_ty, &[old, operand]);
                let (when_less, otherwise) = if op == AtomicOp::FetchMin {
                    (old, operand)
                } else {
                    (operand, old)
                };
                return Ok(self.value(Op::Select, ty, &[old_less, when_less, otherwise]));
            }
            _ => {
                return Err(unsupported(
                    span,
                    "the stored value of an atomic operation that is no integer \
                     read-modify-write",
                ))
            }
        };
        Ok(self.value(binary, ty, &[old, operand]))
    }

    /// The scope of a legacy atomic on an object in `space`: work-group
    /// for `local` objects, device otherwise; device for every object
    /// before OpenCL C 2.0.
    fn legacy_scope(&self, space: AddressSpace) -> u32 {
        if space == AddressSpace::Local && self.m.module.source_version >= 200 {
            self.m.env.scope(MemoryScope::WorkGroup)
        } else {
            self.m.env.scope(MemoryScope::Device)
        }
    }

    fn require_float_add(&mut self, bits: u32) {
        let (capability, extension) = match bits {
            16 => (
                Capability::AtomicFloat16AddEXT,
                "SPV_EXT_shader_atomic_float16_add",
            ),
            64 => (
                Capability::AtomicFloat64AddEXT,
                "SPV_EXT_shader_atomic_float_add",
            ),
            _ => (
                Capability::AtomicFloat32AddEXT,
                "SPV_EXT_shader_atomic_float_add",
            ),
        };
        self.m.require(capability);
        self.m.require_extension(extension);
    }

    fn require_float_min_max(&mut self, bits: u32) {
        let capability = match bits {
            16 => Capability::AtomicFloat16MinMaxEXT,
            64 => Capability::AtomicFloat64MinMaxEXT,
            _ => Capability::AtomicFloat32MinMaxEXT,
        };
        self.m.require(capability);
        self.m
            .require_extension("SPV_EXT_shader_atomic_float_min_max");
    }
}

/// The operands of an atomic NAND.
struct Nand {
    pointer: Word,
    operand: Word,
    /// The object's value type, in the IR and in SPIR-V.
    value_ty: TypeId,
    value_spirv: Word,
}

impl FunctionEmitter<'_, '_> {
    /// `__atomic_fetch_nand` and friends: a compare-exchange loop, starting
    /// from a guess of 0 (the first compare-exchange reads the object, so no
    /// separate atomic load is needed). Returns the value read and the value
    /// stored.
    fn nand_loop(
        &mut self,
        nand: &Nand,
        semantics: Semantics,
        values: MemValues,
        runtime: &[(Role, Word)],
    ) -> Emit<(Word, Word)> {
        let ty = nand.value_spirv;
        // The value expected next, in a variable rather than a phi: the
        // compare-exchange's result id (a phi itself under a runtime order)
        // is known only after the header that would hold the phi.
        let expected_slot = self.temporary(nand.value_ty)?;
        let guess = self.m.zero(nand.value_ty)?;
        self.inst(Op::Store, &[expected_slot, guess]);
        let (header, body, continue_target, merge) =
            (self.label(), self.label(), self.label(), self.label());
        self.branch(header);
        self.begin(header);
        self.loop_merge(merge, continue_target);
        self.branch(body);
        self.begin(body);
        let expected = self.value(Op::Load, ty, &[expected_slot]);
        let and = self.value(Op::BitwiseAnd, ty, &[expected, nand.operand]);
        let desired = self.value(Op::Not, ty, &[and]);
        let instruction = MemoryInstruction {
            op: Op::AtomicCompareExchange,
            result_type: Some(ty),
            leading: vec![nand.pointer],
            trailing: vec![desired, expected],
            seq_cst_form: None,
        };
        let old = self.emit_memory(&instruction, semantics, values, runtime)?;
        self.inst(Op::Store, &[expected_slot, old]);
        let bool_ty = self.m.bool_type();
        let done = self.value(Op::IEqual, bool_ty, &[old, expected]);
        self.branch(continue_target);
        self.begin(continue_target);
        self.terminate(Op::BranchConditional, &[done, merge, header]);
        self.begin(merge);
        Ok((old, desired))
    }
}

/// The operands of a C11 compare-exchange.
struct CompareExchange {
    pointer: Word,
    space: AddressSpace,
    /// The `expected` pointer and its IR type.
    expected: Word,
    expected_ty: TypeId,
    desired: Word,
    /// The atomic's value type.
    value_ty: TypeId,
}

impl FunctionEmitter<'_, '_> {
    /// `atomic_compare_exchange_{strong,weak}`: returns the success bool.
    /// Floating objects are exchanged as integers of the same width
    /// (bitwise comparison, as C specifies).
    fn compare_exchange(
        &mut self,
        exchange: &CompareExchange,
        semantics: Semantics,
        values: MemValues,
        runtime: &[(Role, Word)],
    ) -> Emit<Word> {
        let bits = self.m.scalar_bits(exchange.value_ty);
        let (mut pointer, mut expected_pointer, mut desired) =
            (exchange.pointer, exchange.expected, exchange.desired);
        let value_ty = if self.scalar(exchange.value_ty) == Scalar::Float {
            if self.m.env.is_vulkan() {
                return Err(unsupported(
                    None,
                    "a compare-exchange of a floating atomic on the Vulkan target (it would \
                     need a pointer cast, which logical addressing forbids)",
                ));
            }
            let int_ty = self.m.int_type(bits as u8);
            if bits == 64 {
                self.m.require(Capability::Int64Atomics);
            }
            let object_ptr = self
                .m
                .pointer_type(self.m.storage_class(exchange.space), int_ty);
            pointer = self.value(Op::Bitcast, object_ptr, &[pointer]);
            let expected_space = self
                .m
                .pointee_of(exchange.expected_ty)
                .map_or(AddressSpace::Private, |(_, space, _)| space);
            let expected_ptr = self
                .m
                .pointer_type(self.m.storage_class(expected_space), int_ty);
            expected_pointer = self.value(Op::Bitcast, expected_ptr, &[expected_pointer]);
            desired = self.value(Op::Bitcast, int_ty, &[desired]);
            int_ty
        } else {
            self.m.ty(exchange.value_ty)?
        };
        // Under Vulkan, `*expected` in work-group or buffer memory is read
        // and written `NonPrivatePointer` like every plain access.
        let access = match self.m.pointee_of(exchange.expected_ty) {
            Some((_, space, volatile)) => {
                let class = self.m.storage_class(space);
                self.m.env.memory_access(class, volatile)
            }
            None => 0,
        };
        let mut load = vec![expected_pointer];
        load.extend((access != 0).then_some(access));
        let expected = self.value(Op::Load, value_ty, &load);
        let instruction = MemoryInstruction {
            op: Op::AtomicCompareExchange,
            result_type: Some(value_ty),
            leading: vec![pointer],
            trailing: vec![desired, expected],
            seq_cst_form: None,
        };
        let old = self.emit_memory(&instruction, semantics, values, runtime)?;
        let bool_ty = self.m.bool_type();
        let success = self.value(Op::IEqual, bool_ty, &[old, expected]);
        // C11: `*expected` is written only when the exchange fails (it may
        // alias the object, or be read by other work-items), as clang
        // branches around the store.
        let (store_block, merge) = (self.label(), self.label());
        self.branch_conditional(success, merge, store_block, merge);
        self.begin(store_block);
        let mut store = vec![expected_pointer, old];
        store.extend((access != 0).then_some(access));
        self.inst(Op::Store, &store);
        self.branch(merge);
        self.begin(merge);
        Ok(success)
    }

    /// A fence or barrier.
    pub(crate) fn fence(&mut self, call: &FenceCall) -> Emit<()> {
        let mut values = MemValues {
            order: SEQ_CST,
            failure: SEQ_CST,
            scope: WORK_GROUP,
            flags: 0,
        };
        let mut runtime = Vec::new();
        self.mem_arg(Some(&call.flags), Role::Flags, 0, &mut values, &mut runtime)?;
        let (op, semantics) = match call.kind {
            // `sub_group_barrier(flags)` defaults to work-group memory
            // scope, as llvm-spirv maps it (docs/mapping.md).
            FenceKind::Barrier | FenceKind::WorkGroupBarrier | FenceKind::SubGroupBarrier => {
                self.mem_arg(
                    call.scope.as_ref(),
                    Role::Scope,
                    WORK_GROUP,
                    &mut values,
                    &mut runtime,
                )?;
                let always_seq_cst = self.m.module.source_version < 200;
                (Op::ControlBarrier, Semantics::Barrier { always_seq_cst })
            }
            FenceKind::MemFence | FenceKind::ReadMemFence | FenceKind::WriteMemFence => {
                // The OpenCL 1.2 SPIR-V environment requires Workgroup
                // scope and SeqCst on every OpMemoryBarrier.
                let order = match call.kind {
                    _ if self.m.module.source_version < 200 => MemoryOrder::SeqCst,
                    FenceKind::ReadMemFence => MemoryOrder::Acquire,
                    FenceKind::WriteMemFence => MemoryOrder::Release,
                    _ => MemoryOrder::AcqRel,
                };
                (Op::MemoryBarrier, Semantics::MemFence { order })
            }
            // No signal handlers in OpenCL: nothing to order (a
            // non-constant order is still evaluated).
            FenceKind::SignalFence => {
                if let Some(MemArg {
                    expr, value: None, ..
                }) = &call.order
                {
                    self.expr(*expr)?;
                }
                return Ok(());
            }
            FenceKind::AtomicWorkItemFence | FenceKind::ThreadFence => {
                self.mem_arg(
                    call.order.as_ref(),
                    Role::Order,
                    SEQ_CST,
                    &mut values,
                    &mut runtime,
                )?;
                self.mem_arg(
                    call.scope.as_ref(),
                    Role::Scope,
                    DEVICE,
                    &mut values,
                    &mut runtime,
                )?;
                (Op::MemoryBarrier, Semantics::WorkItemFence)
            }
        };
        let leading = if op == Op::ControlBarrier {
            let execution = if call.kind == FenceKind::SubGroupBarrier {
                MemoryScope::SubGroup
            } else {
                MemoryScope::WorkGroup
            };
            vec![self.m.u32_constant(self.m.env.scope(execution))]
        } else {
            Vec::new()
        };
        let instruction = MemoryInstruction {
            op,
            result_type: None,
            leading,
            trailing: Vec::new(),
            seq_cst_form: None,
        };
        self.emit_memory(&instruction, semantics, values, &runtime)?;
        Ok(())
    }
}
