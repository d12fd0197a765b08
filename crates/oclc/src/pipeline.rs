//! The compilation pipeline: source → preprocess → parse → analyse and
//! check → emit → validate, each stage a function over the previous one's
//! output, with the diagnostics of every stage collected into a [`Report`].
//! Parsing and analysis overlap on a large input (`crate::overlap`).

use crate::overlap::{parse_and_analyze, Analysis};
use crate::registry::{SOURCE_TOO_LARGE, TOO_MANY_ERRORS};
use crate::{Compiled, Failed, Options, Report, Source};
use oclc_diagnostics::{Diagnostic, FileId, Severity, SourceMap};
use oclc_preprocessor::{FileLoader, FsLoader, Preprocessed};

/// Largest source accepted, in bytes (larger sources get `E0004`).
pub const MAX_SOURCE_BYTES: usize = 256 << 20;

/// Compiles `source` to a validated SPIR-V module, reading `#include`d
/// files from the file system.
///
/// ```
/// let src = oclc::Source::new("k.cl", "kernel void k(global atomic_int *c) { atomic_fetch_add(c, 1); }");
/// let out = oclc::compile(&src, &oclc::Options::default()).expect("compiles");
/// assert_eq!(out.words[0], 0x0723_0203); // the SPIR-V magic number
/// ```
pub fn compile(source: &Source, options: &Options) -> Result<Compiled, Failed> {
    compile_with_loader(source, options, &FsLoader)
}

/// [`compile`] with `#include` files served by `loader`.
pub fn compile_with_loader(
    source: &Source,
    options: &Options,
    loader: &dyn FileLoader,
) -> Result<Compiled, Failed> {
    let front = front_end(source, options, loader, Stage::Emit);
    let Some(module) = front.module else {
        return Err(Failed {
            report: front.report,
        });
    };
    let spirv_options = oclc_spirv::Options {
        debug_info: options.debug_info,
        env: options.env,
        max_version: options.spirv_max_version,
    };
    let mut report = front.report;
    // The IR validator gates emission: the back end takes only a checked
    // module. A module it rejects is a lowering bug, reported as an
    // internal compiler error (exit status 3).
    let module = match oclc_ir::Checked::new(module) {
        Ok(checked) => checked,
        Err(invalid) => {
            report.diagnostics_mut().push(
                Diagnostic::new(
                    &oclc_spirv::codes::INVALID_IR,
                    format!("the IR failed validation: {}", invalid.problem),
                )
                .with_severity(Severity::Bug),
            );
            return Err(Failed { report });
        }
    };
    // The back end refuses only constructs it cannot express yet (E0902,
    // an error in the input's terms); a module the SPIR-V validator
    // rejects is oclc's bug, reported as an internal compiler error.
    let emitted = match oclc_spirv::emit(&module, &spirv_options) {
        Ok(emitted) => emitted,
        Err(unsupported) => {
            report.diagnostics_mut().push(unsupported);
            return Err(Failed { report });
        }
    };
    // The IR is not needed any more: freeing it before validation gives
    // the validator (which allocates a great deal) a compact heap; with
    // 100,000 kernels validation took 20% longer with the IR still live.
    drop(module);
    if options.validate {
        if let Some(ice) = validation_error(&emitted) {
            report
                .diagnostics_mut()
                .push(ice.with_severity(Severity::Bug));
            return Err(Failed { report });
        }
    }
    let oclc_spirv::Emitted { words, kernels, .. } = emitted;
    Ok(Compiled {
        words,
        report,
        kernels,
    })
}

/// The validator's verdict as an internal-compiler-error diagnostic, if it
/// rejects the module.
#[cfg(feature = "validate")]
fn validation_error(emitted: &oclc_spirv::Emitted) -> Option<Diagnostic> {
    oclc_spirv::validate_under(&emitted.words, emitted.validation_env).err()
}

/// Without the `validate` feature there is no validator to ask.
#[cfg(not(feature = "validate"))]
fn validation_error(_emitted: &oclc_spirv::Emitted) -> Option<Diagnostic> {
    None
}

/// The checked IR of `source` as text ([`oclc_ir::print`]): what the
/// back end receives, for review and the IR snapshot tests.
pub fn ir_text(source: &Source, options: &Options) -> Result<String, Failed> {
    let front = front_end(source, options, &FsLoader, Stage::Emit);
    match front.module {
        Some(module) => Ok(oclc_ir::print::module(&module)),
        None => Err(Failed {
            report: front.report,
        }),
    }
}

/// Runs the front end and every rule without emitting SPIR-V: what
/// `oclc lint` and `-fsyntax-only` report.
pub fn check(source: &Source, options: &Options) -> Report {
    check_with_loader(source, options, &FsLoader)
}

/// [`check`] with `#include` files served by `loader`.
pub fn check_with_loader(source: &Source, options: &Options, loader: &dyn FileLoader) -> Report {
    front_end(source, options, loader, Stage::Check).report
}

/// Preprocesses `source` (`oclc -E`): the token stream as text.
pub fn preprocess(source: &Source, options: &Options) -> Result<(String, Report), Failed> {
    preprocess_with_loader(source, options, &FsLoader)
}

/// [`preprocess`] with `#include` files served by `loader`.
pub fn preprocess_with_loader(
    source: &Source,
    options: &Options,
    loader: &dyn FileLoader,
) -> Result<(String, Report), Failed> {
    let mut sources = SourceMap::new();
    let (main, mut diagnostics) = add_source(&mut sources, source);
    let pp = run_preprocessor(&mut sources, main, options, options.target(), loader);
    let text = oclc_preprocessor::print::print(&pp, &sources);
    diagnostics.extend(pp.diagnostics.iter().cloned());
    let report = finish(sources, diagnostics, &pp, options);
    if report.has_errors() {
        Err(Failed { report })
    } else {
        Ok((text, report))
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Stage {
    Check,
    Emit,
}

struct FrontEnd {
    report: Report,
    /// The checked module, when there were no errors and emission was asked.
    module: Option<oclc_ir::Module>,
}

fn front_end(
    source: &Source,
    options: &Options,
    loader: &dyn FileLoader,
    stage: Stage,
) -> FrontEnd {
    let mut sources = SourceMap::new();
    let (main, mut diagnostics) = add_source(&mut sources, source);
    if diagnostics.iter().any(|d| d.code.id == SOURCE_TOO_LARGE.id) {
        return FrontEnd {
            report: Report::new(sources, diagnostics),
            module: None,
        };
    }
    let target = options.target();
    let mut pp = run_preprocessor(&mut sources, main, options, target, loader);
    diagnostics.extend(pp.diagnostics.iter().cloned());
    // A preprocessor that stopped at a resource limit produced a truncated
    // (and possibly enormous) stream: parsing it would only add noise and
    // could exhaust memory.
    let (parsed, analyzed) = if pp.stopped {
        (oclc_syntax::Parsed::default(), None)
    } else {
        let lexed = oclc_syntax::lexer::lex(&pp);
        // Nothing after lexing reads the token stream (the preprocessor
        // recorded what the checks need in `pp.expansions`): free it, so
        // that it never shares memory with the tree and the IR (on a 5 MB
        // source, 40 MB of the peak).
        pp.tokens = Vec::new();
        let analysis = (!diagnostics.iter().any(Diagnostic::is_error)).then_some(Analysis {
            target: &target,
            sources: &sources,
        });
        parse_and_analyze(lexed, &pp, analysis)
    };
    diagnostics.extend(parsed.diagnostics);
    let mut module = None;
    // Semantic analysis of a tree with syntax errors would mostly report
    // consequences of those errors; stop here instead, as rustc does (an
    // analysis that ran alongside the parse is dropped).
    if !diagnostics.iter().any(Diagnostic::is_error) {
        let analyzed = analyzed.unwrap_or_else(|| {
            oclc_sema::analyze(parsed.unit, oclc_sema::Context::new(&target, &sources, &pp))
        });
        diagnostics.extend(analyzed.diagnostics);
        if stage == Stage::Emit {
            module = Some(analyzed.module);
        }
    }
    let report = finish(sources, diagnostics, &pp, options);
    if report.has_errors() {
        module = None;
    }
    FrontEnd { report, module }
}

/// Adds the main file, reporting invalid UTF-8 and oversized input.
fn add_source(sources: &mut SourceMap, source: &Source) -> (FileId, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
    let too_large = source.text().len() > MAX_SOURCE_BYTES;
    let text = if too_large { "" } else { source.text() };
    let (main, replaced) = match oclc_preprocessor::trigraphs::replace(text) {
        Some((converted, replaced)) => (sources.add(source.name(), converted), replaced),
        None => (sources.add(source.name(), text), Vec::new()),
    };
    diagnostics.extend(oclc_preprocessor::trigraphs::warnings(main, &replaced));
    if too_large {
        diagnostics.push(Diagnostic::new(
            &SOURCE_TOO_LARGE,
            format!(
                "`{}` is {} bytes; the limit is {} bytes",
                source.name(),
                source.text().len(),
                MAX_SOURCE_BYTES
            ),
        ));
    }
    (main, diagnostics)
}

pub(crate) fn run_preprocessor(
    sources: &mut SourceMap,
    main: FileId,
    options: &Options,
    target: oclc_target::Target,
    loader: &dyn FileLoader,
) -> Preprocessed {
    let config = oclc_preprocessor::Config {
        target,
        macros: options.macros.clone(),
        include_dirs: options.include_dirs.clone(),
        limits: Default::default(),
        build_time: options.build_time,
    };
    oclc_preprocessor::preprocess(sources, main, &config, loader)
}

/// Applies levels, adds macro-expansion context, and enforces the error
/// limit.
fn finish(
    sources: SourceMap,
    diagnostics: Vec<Diagnostic>,
    pp: &Preprocessed,
    options: &Options,
) -> Report {
    let mut diagnostics = options.levels.apply_to(diagnostics);
    add_expansion_notes(&mut diagnostics, pp, &sources);
    if options.error_limit > 0 {
        let limit = options.error_limit as usize;
        let mut errors = 0;
        let mut kept = Vec::with_capacity(diagnostics.len());
        for d in diagnostics {
            if d.is_error() {
                errors += 1;
                if errors > limit {
                    kept.push(
                        Diagnostic::new(&TOO_MANY_ERRORS, "too many errors emitted, stopping now")
                            .with_note(format!(
                                "the limit is {limit}; use `-ferror-limit=0` to see all errors"
                            )),
                    );
                    break;
                }
            }
            kept.push(d);
        }
        diagnostics = kept;
    }
    Report::new(sources, diagnostics)
}

/// For a diagnostic whose primary span lies in a macro invocation, adds
/// "in expansion of macro `X`" and points at the macro's definition.
fn add_expansion_notes(diagnostics: &mut [Diagnostic], pp: &Preprocessed, sources: &SourceMap) {
    if diagnostics.is_empty() || pp.expansions.is_empty() {
        return;
    }
    // Outermost expansions do not overlap: sort by start for a binary search.
    let mut order: Vec<u32> = (0..pp.expansions.len() as u32).collect();
    order.sort_by_key(|&i| {
        let s = pp.expansions[i as usize].use_span;
        (s.file, s.start)
    });
    for d in diagnostics.iter_mut() {
        if d.severity == Severity::Bug {
            continue;
        }
        let Some(primary) = d.primary.as_ref().map(|l| l.span) else {
            continue;
        };
        let idx = order.partition_point(|&i| {
            let s = pp.expansions[i as usize].use_span;
            (s.file, s.start) <= (primary.file, primary.start)
        });
        let Some(&i) = idx.checked_sub(1).and_then(|k| order.get(k)) else {
            continue;
        };
        let expansion = &pp.expansions[i as usize];
        if !expansion.use_span.contains(primary) {
            continue;
        }
        let name = pp.interner.get(expansion.name);
        d.notes.push(format!("in expansion of macro `{name}`"));
        // Tokens from a macro's replacement list all carry the span of the
        // whole invocation: an edit of that span would replace the
        // invocation, not the token. Keep the advice, drop the edit.
        if let Some(help) = d.help.as_mut() {
            if help.edits.iter().any(|e| e.span == expansion.use_span) {
                help.edits.clear();
                help.message
                    .push_str(&format!(" (in the definition of macro `{name}`)"));
            }
        }
        let def_file_is_real = sources
            .get(expansion.def_span.file)
            .is_some_and(|f| !f.name().starts_with('<'));
        if def_file_is_real {
            d.secondary.push(oclc_diagnostics::Label::new(
                expansion.def_span,
                format!("macro `{name}` defined here"),
            ));
        }
    }
}
