//! Validation in shards (`crate::shard`): a module with more entry points
//! than one shard holds validates in pieces that together cover every
//! instruction, so an error in the last kernel is still found.

use rspirv::binary::Assemble;
use rspirv::dr::{Builder, Operand};
use rspirv::spirv::{AddressingModel, Capability, ExecutionModel, FunctionControl, MemoryModel};

use crate::shard::{shards, MAX_ENTRY_POINTS};

/// A module of `kernels` kernels, each calling a shared helper that adds
/// two constants; with `break_last`, the last kernel adds an `int` to a
/// `float` (invalid).
fn many_kernels(kernels: usize, break_last: bool) -> Vec<u32> {
    let mut b = Builder::new();
    b.set_version(1, 0);
    b.capability(Capability::Addresses);
    b.capability(Capability::Kernel);
    b.memory_model(AddressingModel::Physical64, MemoryModel::OpenCL);
    let void = b.type_void();
    let int = b.type_int(32, 0);
    let float = b.type_float(32, None);
    let fn_void = b.type_function(void, vec![]);
    let fn_int = b.type_function(int, vec![]);
    let one = b.constant_bit32(int, 1);
    let half = b.constant_bit32(float, 0x3f00_0000);
    let helper = b
        .begin_function(int, None, FunctionControl::NONE, fn_int)
        .unwrap();
    b.begin_block(None).unwrap();
    let sum = b.i_add(int, None, one, one).unwrap();
    b.ret_value(sum).unwrap();
    b.end_function().unwrap();
    for k in 0..kernels {
        let f = b
            .begin_function(void, None, FunctionControl::NONE, fn_void)
            .unwrap();
        b.begin_block(None).unwrap();
        b.function_call(int, None, helper, vec![]).unwrap();
        if break_last && k + 1 == kernels {
            b.i_add(int, None, one, half).unwrap();
        }
        b.ret().unwrap();
        b.end_function().unwrap();
        b.entry_point(ExecutionModel::Kernel, f, format!("k{k}"), vec![]);
        b.execution_mode(f, rspirv::spirv::ExecutionMode::ContractionOff, vec![]);
    }
    b.module().assemble()
}

#[test]
fn few_entry_points_are_not_split() {
    assert!(shards(&many_kernels(MAX_ENTRY_POINTS, false)).is_none());
}

#[test]
fn shards_cover_every_entry_point_and_validate() {
    let words = many_kernels(MAX_ENTRY_POINTS * 2 + 3, false);
    let pieces = shards(&words).expect("split");
    assert_eq!(pieces.len(), 3);
    let mut names = Vec::new();
    for piece in &pieces {
        let module = rspirv::dr::load_words(piece).expect("parses");
        assert!(module.entry_points.len() <= MAX_ENTRY_POINTS);
        assert_eq!(module.execution_modes.len(), module.entry_points.len());
        // Each shard keeps the helper its kernels call.
        assert_eq!(module.functions.len(), module.entry_points.len() + 1);
        for entry in &module.entry_points {
            if let Some(Operand::LiteralString(name)) = entry.operands.get(2) {
                names.push(name.clone());
            }
        }
    }
    assert_eq!(names.len(), MAX_ENTRY_POINTS * 2 + 3);
    crate::validate(&words).expect("valid");
}

#[test]
fn an_error_in_the_last_kernel_is_still_found() {
    let words = many_kernels(MAX_ENTRY_POINTS * 3, true);
    assert!(shards(&words).is_some());
    let error = crate::validate(&words).expect_err("invalid");
    assert!(
        error.notes.iter().any(|n| n.contains("IAdd")),
        "{:?}",
        error.notes
    );
}
