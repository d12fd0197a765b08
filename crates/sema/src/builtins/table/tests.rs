//! Tests of the built-in table: spellings of each family, uniqueness, and
//! that no built-in name is spelled outside the table.

use super::*;
use oclc_ir::{MemoryOrder, MemoryScope};

fn class(name: &str) -> Option<Class> {
    lookup(name).map(|e| e.class)
}

#[test]
fn resolves_every_spelling() {
    assert_eq!(
        class("atomic_fetch_add"),
        Some(Class::Atomic(AtomicOp::FetchAdd, AtomicForm::Plain))
    );
    assert_eq!(
        class("atomic_fetch_add_explicit"),
        Some(Class::Atomic(AtomicOp::FetchAdd, AtomicForm::Explicit))
    );
    assert_eq!(
        class("atomic_add"),
        Some(Class::Atomic(AtomicOp::LegacyAdd, AtomicForm::Legacy))
    );
    assert_eq!(
        class("atom_cmpxchg"),
        Some(Class::Atomic(
            AtomicOp::LegacyCmpxchg,
            AtomicForm::LegacyAtom
        ))
    );
    assert_eq!(class("atomic_init_explicit"), None);
    assert_eq!(
        class("get_global_id"),
        Some(Class::WorkItem(BuiltinFn::GetGlobalId))
    );
    assert_eq!(class("barrier"), Some(Class::Fence(FenceKind::Barrier)));
    assert_eq!(class("printf"), Some(Class::Printf));
    assert_eq!(class("memory_order_acq_rel"), Some(Class::Constant(4)));
    assert_eq!(class("atomic_int"), Some(Class::Type));
}

#[test]
fn generated_families() {
    assert!(matches!(
        class("convert_uchar4_sat_rte"),
        Some(Class::Conversion(Explicit::Convert {
            len: 4,
            saturate: true,
            rounding: Rounding::Rte,
            ..
        }))
    ));
    assert_eq!(class("convert_float_sat"), None);
    assert!(matches!(
        class("as_float3"),
        Some(Class::Conversion(Explicit::As { len: 3, .. }))
    ));
    for name in [
        "vload4",
        "vstore16",
        "vload_half",
        "vload_half8",
        "vloada_half3",
        "vstore_half_rtz",
        "vstorea_half16_rtn",
    ] {
        assert!(matches!(class(name), Some(Class::Data(_))), "{name}");
    }
    for name in ["vload", "vloada_half", "vload_half_rte", "vstore3_rte"] {
        assert_eq!(class(name), None, "{name}");
    }
    assert_eq!(
        class("work_group_scan_exclusive_max"),
        Some(Class::Collective(
            GroupOp::ScanExclusive(GroupArith::Max),
            false
        ))
    );
    assert_eq!(
        class("sub_group_reduce_add"),
        Some(Class::Collective(GroupOp::Reduce(GroupArith::Add), true))
    );
    assert_eq!(
        class("sub_group_non_uniform_scan_inclusive_logical_xor"),
        Some(Class::SubGroup(SubGroupBuiltin::Function(
            SubGroupFn::NonUniform(GroupScan::Inclusive, SubGroupArith::LogicalXor)
        )))
    );
    assert_eq!(class("sub_group_non_uniform_reduce_div"), None);
    assert_eq!(class("get_sub_group_ne_mask"), None);
}

#[test]
fn aliases_name_library_functions() {
    for &(alias, target) in GNU_ALIASES {
        assert!(
            matches!(class(target), Some(Class::Library(..))),
            "{alias} → {target}"
        );
    }
}

#[test]
fn names_are_unique_and_every_enumerator_is_listed() {
    let mut seen = std::collections::HashSet::new();
    for entry in entries() {
        assert!(seen.insert(entry.name), "{} twice", entry.name);
    }
    for order in MemoryOrder::ALL {
        assert_eq!(class(order.name()), Some(Class::Constant(order.value())));
    }
    for scope in MemoryScope::ALL {
        assert_eq!(class(scope.name()), Some(Class::Constant(scope.value())));
    }
    // And back: every order, scope and fence-flag constant of the table is
    // one the IR defines (the IR is their one home).
    for entry in entries() {
        let Class::Constant(value) = entry.class else {
            continue;
        };
        if entry.name.starts_with("memory_order_") {
            assert!(MemoryOrder::from_value(value).is_some(), "{}", entry.name);
        } else if entry.name.starts_with("memory_scope_") {
            assert!(MemoryScope::from_value(value).is_some(), "{}", entry.name);
        } else if entry.name.ends_with("_MEM_FENCE") {
            assert!(
                value.count_ones() == 1 && value & !oclc_ir::FENCE_ALL == 0,
                "{}",
                entry.name
            );
        }
    }
}

/// The string literals of a Rust source, outside comments and its
/// `#[cfg(test)]` module.
fn literals(source: &str) -> Vec<(usize, String)> {
    let code = source.split("#[cfg(test)]").next().unwrap_or("");
    let mut out = Vec::new();
    for (line_no, line) in code.lines().enumerate() {
        let line = line.split("//").next().unwrap_or("");
        let mut parts = line.split('"');
        parts.next();
        while let (Some(inside), Some(_)) = (parts.next(), parts.next()) {
            out.push((line_no + 1, inside.to_owned()));
        }
    }
    out
}

/// Built-in function and constant names live in this table alone: a
/// name spelled as a string literal in lowering, in the requirement
/// evaluation or in the availability rule means a second list has grown
/// (the table is `table.rs` and its generated families, `table/`). (Type names are the syntax's
/// keywords, spelled where types are printed.)
#[test]
fn no_builtin_name_outside_the_table() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = vec![
        root.join("rules/availability.rs"),
        root.join("requirement.rs"),
    ];
    let mut dirs = vec![root.join("lower"), root.join("builtins")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("source directory") {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs")
                && !path.ends_with("table.rs")
                && !path.parent().is_some_and(|p| p.ends_with("table"))
                && !path.ends_with("tests.rs")
            {
                files.push(path);
            }
        }
    }
    assert!(files.len() > 10, "{files:?}");
    let mut found = Vec::new();
    for path in &files {
        let source = std::fs::read_to_string(path).expect("readable source");
        for (line, literal) in literals(&source) {
            if lookup(&literal).is_some_and(|e| e.class != Class::Type) {
                found.push(format!("{}:{line}: \"{literal}\"", path.display()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "built-in names outside the table:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_scan_sees_literals() {
    let found =
        literals("let a = \"printf\"; // \"x\"\nlet b = (\"c\", \"d\");\n#[cfg(test)]\n\"e\"");
    let texts: Vec<&str> = found.iter().map(|(_, t)| t.as_str()).collect();
    assert_eq!(texts, ["printf", "c", "d"]);
}

/// `lookup` parses conversions and vector loads and stores instead of
/// indexing them: it must find exactly what the generators list, and the
/// whole list must resolve to itself.
#[test]
fn every_listed_name_resolves_to_its_row() {
    let mut parsed = 0;
    for entry in entries() {
        assert_eq!(class(entry.name), Some(entry.class), "{}", entry.name);
        if matches!(entry.class, Class::Conversion(_) | Class::Data(_)) {
            parsed += 1;
        }
    }
    assert!(parsed > 700, "{parsed}");
    for name in [
        "convert_int4_sat_rte_rte",
        "convert_char1",
        "as_",
        "as_int5",
        "vstore3_rte",
        "vloada_half_half4",
        "vload_half_rtz",
    ] {
        assert_eq!(class(name), None, "{name}");
    }
}
