//! Predefined macros, which the engine parses only when first needed: each
//! use must behave exactly as if the `<built-in>` file had been read as
//! `#define` lines (same output, spans, expansion records, diagnostics).

use super::{codes, run, run_with, spellings, MemLoader};
use crate::{predefined, Config, MacroOp, Preprocessed};
use oclc_diagnostics::{SourceMap, Span};
use oclc_target::{ClStd, Target};

/// The file name and text of `span`.
fn place(sources: &SourceMap, span: Span) -> (&str, &str) {
    (sources.file(span.file).name(), sources.snippet(span))
}

/// Preprocesses `text` with `-D`/`-U` operations `macros`.
fn run_with_macros(text: &str, macros: Vec<MacroOp>) -> (Preprocessed, SourceMap) {
    let config = Config {
        macros,
        ..Config::default()
    };
    let (pp, sources, _) = run_with(text, &config, &MemLoader::default());
    (pp, sources)
}

#[test]
fn used_macros_expand_with_spans_into_the_builtin_file() {
    let source = "x = CHAR_MAX | CLK_LOCAL_MEM_FENCE;";
    let (pp, sources, main) = run_with(source, &Config::default(), &MemLoader::default());
    assert_eq!(pp.diagnostics, vec![]);
    assert_eq!(spellings(&pp), ["x", "=", "127", "|", "0x01", ";"]);
    assert_eq!(pp.expansions.len(), 2);
    // `CHAR_MAX` expands to `SCHAR_MAX`, which belongs to the outer record.
    let char_max = &pp.expansions[0];
    assert_eq!(
        place(&sources, char_max.def_span),
        ("<built-in>", "CHAR_MAX")
    );
    assert_eq!(char_max.use_span, Span::new(main, 4, 12));
    assert_eq!(pp.tokens[2].span, char_max.use_span);
    assert_eq!(pp.tokens[2].expansion, Some(crate::ExpansionId(0)));
    let fence = &pp.expansions[1];
    assert_eq!(
        place(&sources, fence.def_span),
        ("<built-in>", "CLK_LOCAL_MEM_FENCE")
    );
    assert!(pp.tokens[4].leading_space && !pp.tokens[4].start_of_line);
    // Only the macros used were looked at; the file itself is unchanged.
    let builtin = sources.file(fence.def_span.file).text();
    assert_eq!(builtin, predefined::predefined_source(&Target::default()));
}

#[test]
fn function_like_predefined_macros() {
    let pp = run("ATOMIC_VAR_INIT(1 + 2) ATOMIC_VAR_INIT ;");
    assert_eq!(pp.diagnostics, vec![]);
    assert_eq!(
        spellings(&pp),
        ["(", "1", "+", "2", ")", "ATOMIC_VAR_INIT", ";"]
    );
    assert_eq!(codes(&run("ATOMIC_VAR_INIT(1, 2)")), ["E0105"]);
}

#[test]
fn identical_redefinition_is_silent_and_takes_over() {
    let source = "#define CLK_LOCAL_MEM_FENCE 0x01\nCLK_LOCAL_MEM_FENCE";
    let (pp, sources, _) = run_with(source, &Config::default(), &MemLoader::default());
    assert_eq!(pp.diagnostics, vec![]);
    assert_eq!(spellings(&pp), ["0x01"]);
    assert_eq!(
        place(&sources, pp.expansions[0].def_span),
        ("main.cl", "CLK_LOCAL_MEM_FENCE")
    );
    let pp = run("#define ATOMIC_VAR_INIT(x) (x)\n#define ATOMIC_VAR_INIT(x)  ( x )\n");
    assert_eq!(codes(&pp), ["W0102"], "white space differs inside");
}

#[test]
fn different_redefinition_points_at_the_builtin_definition() {
    let source = "#define CLK_LOCAL_MEM_FENCE 1\nCLK_LOCAL_MEM_FENCE";
    let (pp, sources, _) = run_with(source, &Config::default(), &MemLoader::default());
    assert_eq!(codes(&pp), ["W0102"]);
    let diag = &pp.diagnostics[0];
    assert_eq!(diag.message, "macro `CLK_LOCAL_MEM_FENCE` redefined");
    let primary = diag.primary.as_ref().map(|l| place(&sources, l.span));
    assert_eq!(primary, Some(("main.cl", "CLK_LOCAL_MEM_FENCE")));
    assert_eq!(diag.secondary.len(), 1);
    assert_eq!(
        place(&sources, diag.secondary[0].span),
        ("<built-in>", "CLK_LOCAL_MEM_FENCE")
    );
    assert_eq!(spellings(&pp), ["1"]);
    // Parameter names are part of a function-like definition.
    assert_eq!(codes(&run("#define ATOMIC_VAR_INIT(y) (y)")), ["W0102"]);
}

#[test]
fn undef_then_redefine() {
    let pp = run("#undef M_PI_F\nM_PI_F\n#ifndef M_PI_F\nundefined\n#endif\n\
         #define M_PI_F 3\nM_PI_F");
    assert_eq!(pp.diagnostics, vec![]);
    assert_eq!(spellings(&pp), ["M_PI_F", "undefined", "3"]);
    // Undefining a macro that was never expanded, or twice, is fine too.
    let pp = run("#undef INT_MIN\n#undef INT_MIN\nINT_MIN");
    assert_eq!(pp.diagnostics, vec![]);
    assert_eq!(spellings(&pp), ["INT_MIN"]);
}

#[test]
fn defined_and_ifdef_see_unparsed_macros() {
    let pp = run(
        "#if defined(CLK_GLOBAL_MEM_FENCE) && defined cl_khr_fp64 && !defined(NOPE)\na\n#endif\n\
         #ifdef __kernel_exec\nb\n#endif\n#ifndef FLT_MAX\nc\n#endif\n\
         #undef FLT_MAX\n#if !defined(FLT_MAX)\nd\n#endif",
    );
    assert_eq!(pp.diagnostics, vec![]);
    assert_eq!(spellings(&pp), ["a", "b", "d"]);
    // A predefined macro in an `#if` expression expands.
    let pp = run("#if __OPENCL_C_VERSION__ >= CL_VERSION_2_0\nyes\n#endif");
    assert_eq!(spellings(&pp), ["yes"]);
}

#[test]
fn command_line_defines_and_undefines_of_predefined_names() {
    // The same value: no diagnostic.
    let same = vec![MacroOp::Define(
        "CLK_LOCAL_MEM_FENCE".into(),
        Some("0x01".into()),
    )];
    let (pp, _) = run_with_macros("CLK_LOCAL_MEM_FENCE", same);
    assert_eq!(pp.diagnostics, vec![]);
    assert_eq!(spellings(&pp), ["0x01"]);
    // A different value: redefinition from the command line.
    let (pp, sources) = run_with_macros(
        "CLK_LOCAL_MEM_FENCE NULL",
        vec![MacroOp::Define("CLK_LOCAL_MEM_FENCE".into(), None)],
    );
    assert_eq!(codes(&pp), ["W0102"]);
    let diag = &pp.diagnostics[0];
    let primary = diag.primary.as_ref().map(|l| place(&sources, l.span));
    assert_eq!(primary, Some(("<command line>", "CLK_LOCAL_MEM_FENCE")));
    assert_eq!(
        place(&sources, diag.secondary[0].span),
        ("<built-in>", "CLK_LOCAL_MEM_FENCE")
    );
    assert_eq!(spellings(&pp), ["1", "(", "(", "void", "*", ")", "0", ")"]);
    // `-U` then `-D`: no diagnostic, the new value.
    let (pp, sources) = run_with_macros(
        "#ifdef NULL\nnull\n#endif\nM_PI_F",
        vec![
            MacroOp::Undefine("NULL".into()),
            MacroOp::Undefine("M_PI_F".into()),
            MacroOp::Define("M_PI_F".into(), Some("3.0f".into())),
        ],
    );
    assert_eq!(pp.diagnostics, vec![]);
    assert_eq!(spellings(&pp), ["3.0f"]);
    assert_eq!(
        place(&sources, pp.expansions[0].def_span),
        ("<command line>", "M_PI_F")
    );
}

#[test]
fn redefining_every_predefined_macro_with_its_own_text_changes_nothing() {
    for std in [ClStd::Cl12, ClStd::Cl20, ClStd::Cl30] {
        for pointer_bits in [32, 64] {
            let target = Target {
                pointer_bits,
                ..Target::new(std)
            };
            let config = Config {
                target,
                ..Config::default()
            };
            let builtin = predefined::predefined_source(&target);
            let uses: String = builtin.lines().map(invocation).collect();
            let loader = MemLoader::default();
            let (plain, _, _) = run_with(&uses, &config, &loader);
            let (redefined, _, _) = run_with(&format!("{builtin}{uses}"), &config, &loader);
            assert_eq!(plain.diagnostics, vec![]);
            assert_eq!(redefined.diagnostics, vec![], "{std:?} {pointer_bits}");
            assert_eq!(spellings(&plain), spellings(&redefined));
            assert_eq!(plain.expansions.len(), redefined.expansions.len());
        }
    }
}

/// An invocation of the macro a `<built-in>` line defines, with one
/// argument per parameter, on a line of its own.
fn invocation(line: &str) -> String {
    let rest = line.strip_prefix("#define ").unwrap_or(line);
    let name_end = rest.find([' ', '(']).unwrap_or(rest.len());
    let (name, after) = rest.split_at(name_end);
    if !after.starts_with('(') {
        return format!("{name}\n");
    }
    let params = after.split(')').next().unwrap_or_default();
    let args: Vec<String> = (0..params.split(',').count())
        .map(|i| format!("a{i}"))
        .collect();
    format!("{name}({})\n", args.join(", "))
}
