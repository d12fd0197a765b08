//! Splitting a module with many entry points into smaller modules for
//! validation.
//!
//! SPIRV-Tools checks that entry point names are unique by comparing each
//! `OpEntryPoint` with every earlier one, building two `std::string`s per
//! pair: quadratic in the number of kernels (16,000 kernels took 4.8 s to
//! validate, 100,000 did not finish in 300 s). oclc never emits two kernels
//! of one name (a redefinition is an error in analysis), so that check
//! adds nothing, and the rest of validation is linear.
//!
//! A module with more than [`MAX_ENTRY_POINTS`] entry points is therefore
//! validated as shards: each keeps the header, every capability, extension
//! and import, [`MAX_ENTRY_POINTS`] of the entry points with their
//! execution modes, the functions those reach through calls, and the types,
//! constants, global variables and decorations those functions use
//! (transitively). Debug names are dropped. Every instruction of the
//! module is in at least one shard, so every check SPIRV-Tools makes on an
//! instruction is still made; a type or constant shared by many kernels is
//! validated once per shard that uses it.

use rspirv::binary::Assemble;
use rspirv::dr::{Function, Instruction, Module, Operand};
use rspirv::spirv::{Op, Word};
use rustc_hash::{FxHashMap, FxHashSet};

/// Most entry points in one validated module.
pub(crate) const MAX_ENTRY_POINTS: usize = 256;

/// The shards of `words`, or `None` when it has at most
/// [`MAX_ENTRY_POINTS`] entry points (or cannot be parsed, which the
/// validator then reports itself).
pub(crate) fn shards(words: &[u32]) -> Option<Vec<Vec<u32>>> {
    if count_entry_points(words) <= MAX_ENTRY_POINTS {
        return None;
    }
    let module = rspirv::dr::load_words(words).ok()?;
    // Decoration groups apply to many ids at once; oclc emits none, and a
    // module with them is validated whole.
    if module
        .annotations
        .iter()
        .any(|inst| inst.class.opcode == Op::DecorationGroup)
    {
        return None;
    }
    let index = Index::new(&module);
    let out = module
        .entry_points
        .chunks(MAX_ENTRY_POINTS)
        .map(|batch| shard(&module, &index, batch).assemble())
        .collect();
    Some(out)
}

/// Counts `OpEntryPoint`s without parsing the whole module.
fn count_entry_points(words: &[u32]) -> usize {
    let mut index = 5;
    let mut count = 0;
    while let Some(&first) = words.get(index) {
        let (length, opcode) = ((first >> 16) as usize, first & 0xffff);
        if opcode == Op::EntryPoint as u32 {
            count += 1;
        } else if opcode == Op::Function as u32 || length == 0 {
            break; // entry points come long before any function
        }
        index += length.max(1);
    }
    count
}

/// Every id an instruction refers to (result type and id operands).
fn references(inst: &Instruction) -> impl Iterator<Item = Word> + '_ {
    inst.result_type
        .into_iter()
        .chain(inst.operands.iter().filter_map(|operand| match operand {
            Operand::IdRef(id) | Operand::IdMemorySemantics(id) | Operand::IdScope(id) => Some(*id),
            _ => None,
        }))
}

/// The id an annotation or execution mode applies to (its first operand).
fn target(inst: &Instruction) -> Option<Word> {
    match inst.operands.first() {
        Some(Operand::IdRef(id)) => Some(*id),
        _ => None,
    }
}

fn function_instructions(f: &Function) -> impl Iterator<Item = &Instruction> {
    f.def
        .iter()
        .chain(&f.parameters)
        .chain(
            f.blocks
                .iter()
                .flat_map(|b| b.label.iter().chain(&b.instructions)),
        )
        .chain(&f.end)
}

/// Where each id is defined and what applies to it, built once so that
/// each shard costs time in proportion to its own size.
struct Index {
    /// Function id → position in `functions`.
    functions: FxHashMap<Word, usize>,
    /// Type, constant or variable id → positions in `types_global_values`
    /// (a forward-declared pointer has two: the declaration and the type).
    globals: FxHashMap<Word, Vec<usize>>,
    /// Id → positions of the annotations that decorate it.
    annotations: FxHashMap<Word, Vec<usize>>,
    /// Entry function id → positions of its execution modes.
    modes: FxHashMap<Word, Vec<usize>>,
    /// Annotations with no id target: kept in every shard.
    untargeted: Vec<usize>,
}

impl Index {
    fn new(module: &Module) -> Index {
        let mut index = Index {
            functions: FxHashMap::default(),
            globals: FxHashMap::default(),
            annotations: FxHashMap::default(),
            modes: FxHashMap::default(),
            untargeted: Vec::new(),
        };
        for (i, f) in module.functions.iter().enumerate() {
            if let Some(id) = f.def.as_ref().and_then(|d| d.result_id) {
                index.functions.insert(id, i);
            }
        }
        for (i, inst) in module.types_global_values.iter().enumerate() {
            let id = if inst.class.opcode == Op::TypeForwardPointer {
                target(inst)
            } else {
                inst.result_id
            };
            if let Some(id) = id {
                index.globals.entry(id).or_default().push(i);
            }
        }
        for (i, inst) in module.annotations.iter().enumerate() {
            match target(inst) {
                None => index.untargeted.push(i),
                Some(id) => index.annotations.entry(id).or_default().push(i),
            }
        }
        for (i, inst) in module.execution_modes.iter().enumerate() {
            if let Some(id) = target(inst) {
                index.modes.entry(id).or_default().push(i);
            }
        }
        index
    }
}

/// The module restricted to the entry points `batch` and what they need.
fn shard(module: &Module, index: &Index, batch: &[Instruction]) -> Module {
    let mut seen: FxHashSet<Word> = FxHashSet::default();
    let mut work: Vec<Word> = Vec::new();
    for entry in batch {
        work.extend(references(entry));
    }
    let (mut functions, mut globals, mut annotations, mut modes) =
        (Vec::new(), Vec::new(), index.untargeted.clone(), Vec::new());
    for entry in batch {
        if let Some(id) = entry.operands.get(1).and_then(|o| match o {
            Operand::IdRef(id) => Some(*id),
            _ => None,
        }) {
            modes.extend(index.modes.get(&id).into_iter().flatten());
        }
    }
    // Everything reachable by reference from the entry points: called
    // functions, their types, constants and variables, and those of the
    // types themselves.
    while let Some(id) = work.pop() {
        if !seen.insert(id) {
            continue;
        }
        annotations.extend(index.annotations.get(&id).into_iter().flatten());
        if let Some(&f) = index.functions.get(&id) {
            functions.push(f);
            for inst in function_instructions(&module.functions[f]) {
                work.extend(references(inst));
            }
        }
        for &g in index.globals.get(&id).into_iter().flatten() {
            globals.push(g);
            work.extend(references(&module.types_global_values[g]));
        }
    }
    // Module order, as the layout rules require.
    for list in [&mut functions, &mut globals, &mut annotations, &mut modes] {
        list.sort_unstable();
        list.dedup();
    }
    let pick = |from: &[Instruction], at: &[usize]| at.iter().map(|&i| from[i].clone()).collect();
    Module {
        header: module.header.clone(),
        capabilities: module.capabilities.clone(),
        extensions: module.extensions.clone(),
        ext_inst_imports: module.ext_inst_imports.clone(),
        memory_model: module.memory_model.clone(),
        entry_points: batch.to_vec(),
        execution_modes: pick(&module.execution_modes, &modes),
        debug_string_source: Vec::new(),
        debug_names: Vec::new(),
        debug_module_processed: Vec::new(),
        annotations: pick(&module.annotations, &annotations),
        types_global_values: pick(&module.types_global_values, &globals),
        functions: functions
            .iter()
            .map(|&f| module.functions[f].clone())
            .collect(),
    }
}
