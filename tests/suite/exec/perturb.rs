//! The comparison rule keeps the corpus's power: a module perturbed the way
//! a compiler goes wrong — a fused multiply-add split into a multiply and
//! an add, a rounding-mode decoration dropped, a comparison flipped — must
//! make the corpus fail under the same rule that lets NaN payloads and
//! declared last-bit tolerances through (`compare.rs`).
//!
//! Each case names a corpus file written to catch that class of mistake;
//! the test perturbs oclc's module of it, checks that the perturbation
//! changed something, and runs the perturbed module against the runtime's
//! own compiler exactly as the corpus does (`corpus::differences`).

use rspirv::binary::Assemble;
use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{Decoration, Op, OpenclStd100Op};

use super::compiler::compile_named;
use super::corpus::{current_isa, differences, oclc_flags, CorpusFile, Isolation};
use super::runtime_for;

/// A mistake a compiler can make, as a rewrite of a module.
#[derive(Clone, Copy, Debug)]
enum Perturbation {
    /// Every `fma` of OpenCL.std becomes `OpFMul` then `OpFAdd`: two
    /// roundings where the source asked for one (explicitly, or by
    /// contraction).
    SplitFma,
    /// Every `FPRoundingMode` decoration is removed, so conversions with
    /// an explicit rounding mode round by the default one.
    DropRoundingMode,
    /// Every ordered float comparison is replaced by its converse
    /// (`<` by `>`, `<=` by `>=`).
    FlipComparison,
}

impl Perturbation {
    /// Rewrites `module`; returns how many instructions it changed.
    fn apply(self, module: &mut Module) -> usize {
        match self {
            Perturbation::SplitFma => split_fma(module),
            Perturbation::DropRoundingMode => {
                let before = module.annotations.len();
                module.annotations.retain(|a| {
                    !(a.class.opcode == Op::Decorate
                        && a.operands.get(1)
                            == Some(&Operand::Decoration(Decoration::FPRoundingMode)))
                });
                before - module.annotations.len()
            }
            Perturbation::FlipComparison => {
                let mut changed = 0;
                for inst in instructions(module) {
                    let converse = match inst.class.opcode {
                        Op::FOrdLessThan => Op::FOrdGreaterThan,
                        Op::FOrdGreaterThan => Op::FOrdLessThan,
                        Op::FOrdLessThanEqual => Op::FOrdGreaterThanEqual,
                        Op::FOrdGreaterThanEqual => Op::FOrdLessThanEqual,
                        _ => continue,
                    };
                    *inst = Instruction::new(
                        converse,
                        inst.result_type,
                        inst.result_id,
                        inst.operands.clone(),
                    );
                    changed += 1;
                }
                changed
            }
        }
    }
}

/// Every instruction in every function body.
fn instructions(module: &mut Module) -> impl Iterator<Item = &mut Instruction> {
    module
        .functions
        .iter_mut()
        .flat_map(|f| f.blocks.iter_mut())
        .flat_map(|b| b.instructions.iter_mut())
}

/// Splits every OpenCL.std `fma` into a multiply and an add.
fn split_fma(module: &mut Module) -> usize {
    let Some(set) = module.ext_inst_imports.iter().find_map(|i| {
        (i.operands.first() == Some(&Operand::LiteralString("OpenCL.std".into())))
            .then_some(i.result_id)
            .flatten()
    }) else {
        return 0;
    };
    let fma = OpenclStd100Op::fma as u32;
    let mut next_id = module.header.as_ref().map_or(0, |h| h.bound);
    let mut changed = 0;
    for block in module
        .functions
        .iter_mut()
        .flat_map(|f| f.blocks.iter_mut())
    {
        let mut rewritten = Vec::with_capacity(block.instructions.len());
        for inst in block.instructions.drain(..) {
            match (inst.class.opcode, inst.operands.as_slice()) {
                (
                    Op::ExtInst,
                    [Operand::IdRef(s), Operand::LiteralExtInstInteger(op), Operand::IdRef(a), Operand::IdRef(b), Operand::IdRef(c)],
                ) if *s == set && *op == fma => {
                    let product = next_id;
                    next_id += 1;
                    let (a, b, c) = (*a, *b, *c);
                    rewritten.push(Instruction::new(
                        Op::FMul,
                        inst.result_type,
                        Some(product),
                        vec![Operand::IdRef(a), Operand::IdRef(b)],
                    ));
                    rewritten.push(Instruction::new(
                        Op::FAdd,
                        inst.result_type,
                        inst.result_id,
                        vec![Operand::IdRef(product), Operand::IdRef(c)],
                    ));
                    changed += 1;
                }
                _ => rewritten.push(inst),
            }
        }
        block.instructions = rewritten;
    }
    if let Some(header) = module.header.as_mut() {
        header.bound = next_id;
    }
    changed
}

/// Each perturbation with a corpus file that must catch it.
const CASES: &[(Perturbation, &str)] = &[
    (Perturbation::SplitFma, "contraction.cl"),
    (Perturbation::SplitFma, "fp64_fma_chains.cl"),
    (
        Perturbation::DropRoundingMode,
        "int_convert_uint_sat_rounding_nan.cl",
    ),
    (Perturbation::DropRoundingMode, "fp_conversion_constants.cl"),
    (Perturbation::FlipComparison, "edge_semantics.cl"),
    (Perturbation::FlipComparison, "mandelbrot.cl"),
];

#[test]
fn the_corpus_catches_perturbed_modules() {
    let test = "exec::perturb::the_corpus_catches_perturbed_modules";
    let Some(runtime) = runtime_for(test) else {
        return;
    };
    let mut missed = Vec::new();
    for &(perturbation, name) in CASES {
        let file = CorpusFile::named(name);
        let words = compile_named(file.name, file.source, &oclc_flags(&file, current_isa()));
        assert!(
            differences(&runtime, &file, &words, Isolation::Child, &|_| ()).is_empty(),
            "{name} must pass unperturbed"
        );
        let mut module = rspirv::dr::load_words(&words).expect("rspirv reads oclc's module");
        let changed = perturbation.apply(&mut module);
        assert!(changed > 0, "{perturbation:?} changes nothing in {name}");
        let perturbed = module.assemble();
        let found = differences(&runtime, &file, &perturbed, Isolation::Child, &|_| ());
        if found.is_empty() {
            missed.push(format!(
                "{perturbation:?} ({changed} instructions) in {name}"
            ));
        } else {
            eprintln!("{perturbation:?} in {name} caught: {}", found[0]);
        }
    }
    assert!(
        missed.is_empty(),
        "the corpus did not catch: {}",
        missed.join("; ")
    );
}
