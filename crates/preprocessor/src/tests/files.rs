//! `#include`, `#line`, `#error`, `#warning`, `#pragma`, predefined and
//! command-line macros.

use super::{assert_pp, codes, run, run_with, spellings, MemLoader};
use crate::{Config, MacroOp};
use oclc_target::{ClStd, Feature, Target};
use std::path::PathBuf;

#[test]
fn include_quoted_and_angled() {
    let loader = MemLoader::with(&[
        ("a.h", "int a;\n#include \"sub/b.h\"\n"),
        ("sub/b.h", "int b;\n#include \"c.h\"\n"),
        ("sub/c.h", "int c;"),
        ("inc/d.h", "int d;"),
    ]);
    let config = Config {
        include_dirs: vec![PathBuf::from("inc")],
        ..Config::default()
    };
    let (pp, sources, _) = run_with(
        "#include \"a.h\"\n#include <d.h>\n#define H \"sub/c.h\"\n#include H\nend",
        &config,
        &loader,
    );
    assert_eq!(pp.diagnostics, vec![]);
    assert_eq!(
        spellings(&pp).join(" "),
        "int a ; int b ; int c ; int d ; int c ; end"
    );
    // Each file is in the source map once, and spans point into it.
    let c_file = pp.tokens[7].span.file;
    assert_eq!(sources.file(c_file).name(), "sub/c.h");
    assert_eq!(pp.tokens[13].span.file, c_file);
}

#[test]
fn include_errors() {
    let pp = run("#include \"missing.h\"\nx");
    assert_eq!(codes(&pp), ["E0109"]);
    assert_eq!(spellings(&pp), ["x"]);
    assert_eq!(codes(&run("#include <missing.h>")), ["E0109"]);
    assert_eq!(codes(&run("#include")), ["E0114"]);
    assert_eq!(codes(&run("#include 42")), ["E0114"]);
}

#[test]
fn pragma_once_and_guards() {
    let loader = MemLoader::with(&[
        ("once.h", "#pragma once\nonce"),
        ("guard.h", "#ifndef G\n#define G\nguard\n#endif\n"),
    ]);
    let (pp, _, _) = run_with(
        "#include \"once.h\"\n#include \"once.h\"\n#include \"guard.h\"\n#include \"guard.h\"",
        &Config::default(),
        &loader,
    );
    assert_eq!(pp.diagnostics, vec![]);
    assert_eq!(spellings(&pp), ["once", "guard"]);
    assert!(pp.pragmas.is_empty());
}

#[test]
fn include_cycle_gives_one_error() {
    let loader = MemLoader::with(&[
        ("a.h", "#include \"b.h\"\n#include \"b.h\"\na"),
        ("b.h", "#include \"a.h\"\n#include \"a.h\"\nb"),
    ]);
    let (pp, _, _) = run_with("#include \"a.h\"\nmain", &Config::default(), &loader);
    assert_eq!(codes(&pp), ["E0110"]);
    let diag = &pp.diagnostics[0];
    assert_eq!(diag.message, "`#include` nested too deeply");
    assert!(diag.notes[0].starts_with("include chain: main.cl → a.h → b.h"));
    assert!(diag.notes[0].contains("more"));
}

#[test]
fn conditionals_do_not_cross_files() {
    let loader = MemLoader::with(&[("open.h", "#if 1\nx")]);
    let (pp, _, _) = run_with(
        "#include \"open.h\"\n#endif\ny",
        &Config::default(),
        &loader,
    );
    assert_eq!(codes(&pp), ["E0107", "E0107"]);
    assert_eq!(spellings(&pp), ["x", "y"]);
}

#[test]
fn error_and_warning_directives() {
    let pp = run("#error this is   bad\n#warning careful\nx");
    assert_eq!(codes(&pp), ["E0111", "W0101"]);
    assert_eq!(pp.diagnostics[0].message, "this is   bad");
    assert_eq!(pp.diagnostics[1].message, "careful");
    assert_eq!(spellings(&pp), ["x"]);
    assert_eq!(codes(&run("#if 0\n#error no\n#endif")), Vec::<&str>::new());
}

#[test]
fn unknown_and_null_directives() {
    let pp = run("#\n#foo bar\n# 7 \"f.cl\"\n__LINE__");
    assert_eq!(codes(&pp), ["E0103"]);
    assert_eq!(spellings(&pp), ["7"]);
    assert_eq!(codes(&run("#line x")), ["E0114"]);
    assert_eq!(codes(&run("#line 3 4")), ["E0114"]);
}

#[test]
fn extension_pragmas() {
    let pp = run("a\n#pragma OPENCL EXTENSION cl_khr_fp64 : enable\nb\n\
         #pragma OPENCL EXTENSION all : disable\n#pragma OPENCL EXTENSION x enable\n\
         #pragma unroll 4\nc");
    assert_eq!(codes(&pp), ["W0103"]);
    assert_eq!(spellings(&pp), ["a", "b", "c"]);
    let ext = &pp.extension_pragmas;
    assert_eq!(ext.len(), 2);
    assert_eq!(pp.interner.get(ext[0].name), "cl_khr_fp64");
    assert!(ext[0].enable && !ext[1].enable);
    assert_eq!((ext[0].token_index, ext[1].token_index), (1, 2));
    let texts: Vec<&str> = pp.pragmas.iter().map(|p| p.text.as_str()).collect();
    assert_eq!(
        texts,
        [
            "#pragma OPENCL EXTENSION cl_khr_fp64 : enable",
            "#pragma OPENCL EXTENSION all : disable",
            "#pragma OPENCL EXTENSION x enable",
            "#pragma unroll 4"
        ]
    );
}

#[test]
fn loop_pragmas_are_data() {
    use crate::LoopPragmaKind::{NoUnroll, Unroll, UnrollCount};
    let pp = run(
        "#define N 4\na\n#pragma unroll\nb\n#pragma unroll N\n#pragma unroll(2 * N)\n\
         c\n#pragma nounroll\n_Pragma(\"unroll 3\") d\n#pragma unroll 0\ne",
    );
    assert_eq!(codes(&pp), ["E0115"]);
    assert_eq!(spellings(&pp), ["a", "b", "c", "d", "e"]);
    let found: Vec<_> = pp
        .loop_pragmas
        .iter()
        .map(|p| (p.kind, p.token_index))
        .collect();
    assert_eq!(
        found,
        [
            (Unroll, 1),
            (UnrollCount(4), 2),
            (UnrollCount(8), 2),
            (NoUnroll, 3),
            (UnrollCount(3), 3)
        ]
    );
    // `-E` still prints them where they were.
    assert_eq!(pp.pragmas.len(), 6);
}

#[test]
fn predefined_macros_follow_the_target() {
    assert_pp(
        "__OPENCL_VERSION__ __OPENCL_C_VERSION__ __SPIR64__ __ENDIAN_LITTLE__ \
         __ATOMIC_SEQ_CST __OPENCL_MEMORY_SCOPE_DEVICE CLK_GLOBAL_MEM_FENCE ATOMIC_VAR_INIT(3)",
        "200 200 1 1 5 2 0x02 (3)",
    );
    assert_pp(
        "#if defined(cl_khr_int64_base_atomics) && defined(__opencl_c_atomic_order_seq_cst) \
         && defined(__IMAGE_SUPPORT__) && defined(__opencl_c_read_write_images) \
         && !defined(__opencl_c_3d_image_writes) && defined(cl_khr_3d_image_writes) \
         && !defined(__opencl_c_atomic_scope_all_devices)\nok\n#endif",
        "ok",
    );
    assert_pp(
        "__kernel_exec(64, float4) void k()",
        "__kernel __attribute__((work_group_size_hint(64, 1, 1))) \
         __attribute__((vec_type_hint(float4))) void k()",
    );
    let cl12 = Config {
        target: Target::new(ClStd::Cl12),
        ..Config::default()
    };
    let (pp, _, _) = run_with(
        "__OPENCL_C_VERSION__ __opencl_c_generic_address_space ATOMIC_FLAG_INIT cl_khr_fp64 \
         __IMAGE_SUPPORT__ __opencl_c_images",
        &cl12,
        &MemLoader::default(),
    );
    // Images under 1.2: `__IMAGE_SUPPORT__`, as clang, but no 3.0 macro.
    assert_eq!(
        spellings(&pp),
        [
            "120",
            "__opencl_c_generic_address_space",
            "ATOMIC_FLAG_INIT",
            "1",
            "1",
            "__opencl_c_images"
        ]
    );
    let mut target = Target::new(ClStd::Cl30);
    target.pointer_bits = 32;
    target.features.insert(Feature::Images);
    target.features.remove(Feature::AtomicOrderSeqCst);
    let cl30 = Config {
        target,
        ..Config::default()
    };
    let (pp, _, _) = run_with(
        "__OPENCL_C_VERSION__ __SPIR32__ __SPIR64__ __IMAGE_SUPPORT__ \
         __opencl_c_atomic_order_seq_cst __opencl_c_atomic_order_acq_rel",
        &cl30,
        &MemLoader::default(),
    );
    assert_eq!(pp.diagnostics, vec![]);
    assert_eq!(
        spellings(&pp),
        [
            "300",
            "1",
            "__SPIR64__",
            "1",
            "__opencl_c_atomic_order_seq_cst",
            "1"
        ]
    );
}

#[test]
fn command_line_macros_apply_in_order() {
    let config = Config {
        macros: vec![
            MacroOp::Define("A".into(), None),
            MacroOp::Define("B".into(), Some("2 + 3".into())),
            MacroOp::Define("F(x)".into(), Some("[x]".into())),
            MacroOp::Define("C".into(), Some("1".into())),
            MacroOp::Undefine("C".into()),
            MacroOp::Undefine("CLK_LOCAL_MEM_FENCE".into()),
        ],
        ..Config::default()
    };
    let (pp, sources, _) = run_with(
        "A B F(4) C CLK_LOCAL_MEM_FENCE",
        &config,
        &MemLoader::default(),
    );
    assert_eq!(pp.diagnostics, vec![]);
    assert_eq!(
        spellings(&pp).join(" "),
        "1 2 + 3 [ 4 ] C CLK_LOCAL_MEM_FENCE"
    );
    assert_eq!(
        sources.file(pp.expansions[0].def_span.file).name(),
        "<command line>"
    );
}
