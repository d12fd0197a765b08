//! Atomic functions, fences and barriers: the exact OpenCL C → SPIR-V
//! mapping (see the crate documentation for the table).
//!
//! Scope and memory-semantics operands are always `OpConstant`s. When an
//! order, scope or flags argument is not a compile-time constant, the
//! operation is emitted once per valid value combination under an
//! `OpSwitch` on the argument(s) (packed three bits per argument), and the
//! results merge with `OpPhi`; the switch's default arm uses seq_cst and
//! device scope (for compare-exchange, the strongest failure order the
//! success order allows). The operands and the dispatch are
//! [`crate::dispatch`]'s.
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
    MemoryScope, Type, TypeId,
};
use rspirv::spirv::{Capability, Op};

use crate::dispatch::{
    strongest_failure, MemValues, MemoryInstruction, Role, Semantics, DEVICE, SEQ_CST, WORK_GROUP,
};
use crate::expr::Scalar;
use crate::function::FunctionEmitter;
use crate::module::{unsupported, Emit};
use crate::policy::Policy;
use crate::words::Word;

impl FunctionEmitter<'_, '_> {
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
        let orders = call.op.allowed_orders();
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
                seq_cst_form: if vulkan {
                    Some((Op::AtomicExchange, value_spirv, vec![operand(0)?]))
                } else {
                    None
                },
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
                let old = self.emit_memory_value(&instruction, semantics, values, &runtime)?;
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
        // A store has no result: `void`, which expressions give as id 0.
        let Some(old) = old else {
            return Ok(0);
        };
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
        let old = self.emit_memory_value(&instruction, semantics, values, runtime)?;
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
        let old = self.emit_memory_value(&instruction, semantics, values, runtime)?;
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
