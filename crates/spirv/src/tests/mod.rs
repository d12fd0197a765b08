//! Tests of the back end on hand-built IR modules: a small builder, helpers
//! that emit, validate and decode modules, and one file per area.

mod atomics;
mod builder;
mod control;
mod coverage;
mod module;
mod perf;
#[cfg(feature = "validate")]
mod shards;

pub(crate) use builder::{FunctionBuilder, ModuleBuilder};

use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::Op;
use rustc_hash::FxHashMap;

use crate::Options;

/// A copy of `module` through the IR validator (panicking if it rejects
/// the hand-built module: a mistake in the test).
pub(crate) fn checked(module: &oclc_ir::Module) -> oclc_ir::Checked {
    match oclc_ir::Checked::new(module.clone()) {
        Ok(checked) => checked,
        Err(invalid) => panic!("invalid IR: {}", invalid.problem),
    }
}

/// Emits `module` with `options`, validates it (panicking with the
/// validator message and the disassembly if it is invalid) and returns it.
pub(crate) fn emit_valid_with(module: &oclc_ir::Module, options: &Options) -> Vec<u32> {
    let emitted = match crate::emit(&checked(module), options) {
        Ok(emitted) => emitted,
        Err(diagnostic) => panic!("emission failed: {}", diagnostic.message),
    };
    // The environment the emitter reports is the one its words declare.
    assert_eq!(
        emitted.validation_env,
        crate::required_validation_env(&emitted.words)
    );
    let words = emitted.words;
    #[cfg(feature = "validate")]
    {
        if let Err(diagnostic) = crate::validate(&words) {
            panic!("{:?}\n{:?}", diagnostic.notes, crate::disassemble(&words));
        }
        assert_round_trips(&words);
    }
    words
}

/// Disassembles `words`, assembles the text with SPIRV-Tools (keeping
/// numeric ids) and checks that the same module comes back.
#[cfg(feature = "validate")]
fn assert_round_trips(words: &[u32]) {
    use spirv_tools::assembler::{Assembler, AssemblerOptions};
    let text = crate::disassemble(words).expect("SPIRV-Tools disassembles the module");
    let assembler = spirv_tools::assembler::create(Some(spirv_tools::TargetEnv::Universal_1_0));
    let options = AssemblerOptions {
        preserve_numeric_ids: true,
    };
    let binary = match assembler.assemble(&text, options) {
        Ok(binary) => binary,
        Err(error) => panic!("spirv-as rejects the disassembly: {error}\n{text}"),
    };
    let again = binary.as_words();
    // Everything but the generator word must match.
    assert_eq!(again.len(), words.len(), "{text}");
    assert_eq!(again[..2], words[..2]);
    assert_eq!(again[3..], words[3..], "{text}");
}

/// [`emit_valid_with`] with default options.
pub(crate) fn emit_valid(module: &oclc_ir::Module) -> Vec<u32> {
    emit_valid_with(module, &Options::default())
}

/// A decoded module: every instruction in order plus constant values.
pub(crate) struct Decoded {
    pub(crate) instructions: Vec<Instruction>,
    pub(crate) constants: FxHashMap<u32, u64>,
}

impl Decoded {
    pub(crate) fn new(words: &[u32]) -> Self {
        let module = rspirv::dr::load_words(words).expect("rspirv decodes the module");
        let instructions: Vec<Instruction> = module.all_inst_iter().cloned().collect();
        let mut constants = FxHashMap::default();
        for inst in &instructions {
            if inst.class.opcode == Op::ConstantNull {
                constants.insert(inst.result_id.expect("constants have ids"), 0);
            }
            if inst.class.opcode == Op::Constant {
                let value = match inst.operands.first() {
                    Some(Operand::LiteralBit32(v)) => u64::from(*v),
                    Some(Operand::LiteralBit64(v)) => *v,
                    _ => continue,
                };
                constants.insert(inst.result_id.expect("constants have ids"), value);
            }
        }
        Decoded {
            instructions,
            constants,
        }
    }

    /// The instructions with opcode `op`.
    pub(crate) fn with_op(&self, op: Op) -> Vec<&Instruction> {
        self.instructions
            .iter()
            .filter(|i| i.class.opcode == op)
            .collect()
    }

    /// The value of the constant an id operand refers to.
    pub(crate) fn constant(&self, operand: &Operand) -> u64 {
        let id = match operand {
            Operand::IdRef(id) | Operand::IdScope(id) | Operand::IdMemorySemantics(id) => *id,
            other => panic!("not an id: {other}"),
        };
        *self
            .constants
            .get(&id)
            .unwrap_or_else(|| panic!("%{id} is not a constant"))
    }

    /// The declared capabilities, in order.
    pub(crate) fn capabilities(&self) -> Vec<rspirv::spirv::Capability> {
        self.with_op(Op::Capability)
            .iter()
            .map(|i| match i.operands[0] {
                Operand::Capability(c) => c,
                _ => panic!("capability operand"),
            })
            .collect()
    }

    /// For every memory instruction in order: (opcode, scope, semantics...)
    /// as constant values.
    pub(crate) fn memory_operations(&self) -> Vec<(Op, Vec<u64>)> {
        let mut result = Vec::new();
        for inst in &self.instructions {
            let op = inst.class.opcode;
            // The index of the first scope operand and how many of the
            // scope/semantics operands follow.
            let (first, count) = match op {
                Op::AtomicLoad
                | Op::AtomicStore
                | Op::AtomicExchange
                | Op::AtomicIAdd
                | Op::AtomicISub
                | Op::AtomicAnd
                | Op::AtomicOr
                | Op::AtomicXor
                | Op::AtomicSMin
                | Op::AtomicUMin
                | Op::AtomicSMax
                | Op::AtomicUMax
                | Op::AtomicIIncrement
                | Op::AtomicIDecrement
                | Op::AtomicFlagTestAndSet
                | Op::AtomicFlagClear
                | Op::AtomicFAddEXT
                | Op::AtomicFMinEXT
                | Op::AtomicFMaxEXT => (1, 2),
                Op::AtomicCompareExchange => (1, 3),
                Op::MemoryBarrier => (0, 2),
                Op::ControlBarrier => (0, 3),
                _ => continue,
            };
            let values = inst.operands[first..first + count]
                .iter()
                .map(|o| self.constant(o))
                .collect();
            result.push((op, values));
        }
        result
    }
}
