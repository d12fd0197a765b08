//! Reading compiled modules back with rspirv: the memory instructions
//! (atomics, `OpMemoryBarrier`, `OpControlBarrier`) in the order they
//! appear, with their Scope and Memory Semantics constants resolved to
//! numbers and the storage class of the pointer they operate on.

use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{Capability, Op, StorageClass, Word};
use std::collections::HashMap;

/// One memory instruction, decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemoryOp {
    /// The opcode.
    pub op: Op,
    /// The (memory) Scope operand's value.
    pub scope: u32,
    /// The Memory Semantics operands' values (two for compare-exchange).
    pub semantics: Vec<u32>,
    /// The storage class of the pointer operand (atomics only).
    pub storage: Option<StorageClass>,
}

/// A compiled module, decoded.
pub struct Decoded {
    /// The rspirv module.
    pub module: Module,
    /// `OpConstant` values (32-bit and lower 32 bits of wider ones).
    constants: HashMap<Word, u32>,
    /// The result type of every instruction and parameter.
    result_types: HashMap<Word, Word>,
    /// The storage class of every pointer type.
    pointer_classes: HashMap<Word, StorageClass>,
}

/// Compiles `source` (panicking with the report when it does not compile
/// and validate) and decodes the module.
pub fn compile(source: &str, options: &str) -> Decoded {
    let options = oclc::Options::from_build_options(options).expect("options");
    let compiled =
        oclc::compile(&oclc::Source::new("matrix.cl", source), &options).unwrap_or_else(|failed| {
            panic!(
                "does not compile:\n{}\n{source}",
                failed.report.render_human(oclc::HumanStyle::PLAIN)
            )
        });
    Decoded::new(&compiled.words)
}

/// The id an operand refers to, whatever its kind.
fn id(operand: &Operand) -> Word {
    operand
        .id_ref_any()
        .unwrap_or_else(|| panic!("expected an id, got {operand:?}"))
}

impl Decoded {
    /// Decodes `words`.
    pub fn new(words: &[u32]) -> Decoded {
        let module = rspirv::dr::load_words(words).expect("rspirv parses the module");
        let mut constants = HashMap::new();
        let mut result_types = HashMap::new();
        let mut pointer_classes = HashMap::new();
        let all = module
            .types_global_values
            .iter()
            .chain(module.functions.iter().flat_map(|f| {
                f.parameters
                    .iter()
                    .chain(f.blocks.iter().flat_map(|b| &b.instructions))
            }));
        for inst in all {
            let Some(result) = inst.result_id else {
                continue;
            };
            if let Some(ty) = inst.result_type {
                result_types.insert(result, ty);
            }
            match (inst.class.opcode, inst.operands.first()) {
                (Op::Constant, Some(Operand::LiteralBit32(v))) => {
                    constants.insert(result, *v);
                }
                (Op::Constant, Some(Operand::LiteralBit64(v))) => {
                    constants.insert(result, *v as u32);
                }
                (Op::ConstantNull, _) => {
                    constants.insert(result, 0);
                }
                (Op::TypePointer, Some(Operand::StorageClass(class))) => {
                    pointer_classes.insert(result, *class);
                }
                _ => {}
            }
        }
        Decoded {
            module,
            constants,
            result_types,
            pointer_classes,
        }
    }

    /// The value of the constant `id`.
    pub fn constant(&self, id: Word) -> u32 {
        *self
            .constants
            .get(&id)
            .unwrap_or_else(|| panic!("%{id} is not a constant"))
    }

    /// The storage class of the pointer value `id`.
    pub fn storage_of(&self, id: Word) -> Option<StorageClass> {
        let ty = self.result_types.get(&id)?;
        self.pointer_classes.get(ty).copied()
    }

    /// Whether the module declares `capability`.
    pub fn has_capability(&self, capability: Capability) -> bool {
        self.module
            .capabilities
            .iter()
            .any(|c| c.operands.first() == Some(&Operand::Capability(capability)))
    }

    /// Decodes `inst` if it is a memory instruction.
    pub fn memory_op(&self, inst: &Instruction) -> Option<MemoryOp> {
        let op = inst.class.opcode;
        let o = &inst.operands;
        let value = |i: usize| self.constant(id(&o[i]));
        Some(match op {
            Op::MemoryBarrier => MemoryOp {
                op,
                scope: value(0),
                semantics: vec![value(1)],
                storage: None,
            },
            Op::ControlBarrier => {
                assert_eq!(
                    value(0),
                    2,
                    "execution scope of a barrier must be Workgroup"
                );
                MemoryOp {
                    op,
                    scope: value(1),
                    semantics: vec![value(2)],
                    storage: None,
                }
            }
            Op::AtomicCompareExchange | Op::AtomicCompareExchangeWeak => MemoryOp {
                op,
                scope: value(1),
                semantics: vec![value(2), value(3)],
                storage: self.storage_of(id(&o[0])),
            },
            Op::AtomicLoad
            | Op::AtomicStore
            | Op::AtomicExchange
            | Op::AtomicIIncrement
            | Op::AtomicIDecrement
            | Op::AtomicIAdd
            | Op::AtomicISub
            | Op::AtomicSMin
            | Op::AtomicUMin
            | Op::AtomicSMax
            | Op::AtomicUMax
            | Op::AtomicAnd
            | Op::AtomicOr
            | Op::AtomicXor
            | Op::AtomicFlagTestAndSet
            | Op::AtomicFlagClear
            | Op::AtomicFAddEXT
            | Op::AtomicFMinEXT
            | Op::AtomicFMaxEXT => MemoryOp {
                op,
                scope: value(1),
                semantics: vec![value(2)],
                storage: self.storage_of(id(&o[0])),
            },
            _ => return None,
        })
    }

    /// Every memory instruction of the module, function by function and
    /// block by block.
    pub fn memory_ops(&self) -> Vec<MemoryOp> {
        self.module
            .functions
            .iter()
            .flat_map(|f| &f.blocks)
            .flat_map(|b| &b.instructions)
            .filter_map(|i| self.memory_op(i))
            .collect()
    }

    /// The arms of every `OpSwitch`, in order: each arm's literal and the
    /// memory instructions of the block it jumps to; the default arm has
    /// literal `None`.
    pub fn switch_arms(&self) -> Vec<Vec<(Option<u32>, Vec<MemoryOp>)>> {
        let blocks: HashMap<Word, &rspirv::dr::Block> = self
            .module
            .functions
            .iter()
            .flat_map(|f| &f.blocks)
            .filter_map(|b| Some((b.label.as_ref()?.result_id?, b)))
            .collect();
        let ops_of = |label: Word| -> Vec<MemoryOp> {
            blocks[&label]
                .instructions
                .iter()
                .filter_map(|i| self.memory_op(i))
                .collect()
        };
        let mut out = Vec::new();
        for inst in self
            .module
            .functions
            .iter()
            .flat_map(|f| &f.blocks)
            .flat_map(|b| &b.instructions)
        {
            if inst.class.opcode != Op::Switch {
                continue;
            }
            let mut arms = vec![(None, ops_of(id(&inst.operands[1])))];
            for pair in inst.operands[2..].chunks(2) {
                let Operand::LiteralBit32(literal) = pair[0] else {
                    panic!("switch literal {:?}", pair[0]);
                };
                arms.push((Some(literal), ops_of(id(&pair[1]))));
            }
            out.push(arms);
        }
        out
    }
}
