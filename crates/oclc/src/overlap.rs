//! Parsing and analysis overlapped on two threads, for large inputs.
//!
//! The parser hands each top-level item over as soon as it is built
//! ([`oclc_syntax::parse_lexed_into`]); analysis lowers items in source
//! order as they arrive ([`oclc_sema::analyze_items`]). Analysis sees the
//! same items in the same order as when the stages run one after the
//! other, so the module and the diagnostics are identical; only the wall
//! time changes (on a 5 MB source, the two stages take about the same
//! time, and the second core does one of them).
//!
//! Analysis of a tree with syntax errors would report consequences of
//! those errors, and the facade does not run it then: analysis starts
//! early only when the preprocessor and the lexer reported no error, and
//! its result is dropped when the parser reports one. Small inputs run on
//! one thread, where starting a thread would cost more than it saves.

use oclc_diagnostics::{Diagnostic, SourceMap};
use oclc_preprocessor::Preprocessed;
use oclc_sema::Analyzed;
use oclc_syntax::{ast::Item, lexer::Lexed, Parsed};
use oclc_target::Target;
use std::sync::{mpsc, Mutex, PoisonError};

/// Inputs of at least this many terminals are parsed on a second thread
/// (about 250 KB of OpenCL C; compiling it takes some 20 ms, a thread
/// costs some 50 µs).
const MIN_TOKENS: usize = 1 << 16;

/// Items handed over at a time: one hand-over per item would wake the
/// other thread thousands of times.
const BATCH: usize = 64;

/// Batches waiting for analysis, at most: bounds the memory held by items
/// in flight when the parser is ahead.
const QUEUE: usize = 16;

/// What to analyse with, when the input is free of errors so far.
pub(crate) struct Analysis<'a> {
    pub target: &'a Target,
    pub sources: &'a SourceMap,
}

/// Parses `lexed` and, for a large input with `analysis` given, analyses
/// its items while the parse goes on. The analysis is `None` when it did
/// not run here (a small input, no `analysis`, or no thread to be had):
/// the caller runs it on the tree, whose items are then in the result.
pub(crate) fn parse_and_analyze(
    lexed: Lexed,
    pp: &Preprocessed,
    analysis: Option<Analysis<'_>>,
) -> (Parsed, Option<Analyzed>) {
    let clean = !lexed
        .diagnostics
        .iter()
        .any(|(_, d)| Diagnostic::is_error(d));
    let Some(analysis) = analysis.filter(|_| clean && lexed.toks.len() >= MIN_TOKENS) else {
        return (oclc_syntax::parse_lexed(lexed, pp), None);
    };
    // The parser's thread takes the tokens from here; when no thread can
    // be started they are still here for a parse on this one.
    let slot = Mutex::new(Some(lexed));
    let take = || slot.lock().unwrap_or_else(PoisonError::into_inner).take();
    std::thread::scope(|scope| {
        let (items, arriving) = mpsc::sync_channel::<Vec<Item>>(QUEUE);
        // Lowered items go back to the parser's thread to be freed there:
        // glibc's allocator serialises frees of another thread's memory
        // with that thread's own allocations.
        let (back, returned) = mpsc::channel::<Vec<Item>>();
        let parser = std::thread::Builder::new()
            .name("oclc-parse".to_owned())
            .spawn_scoped(scope, move || {
                let lexed = take()?;
                let mut batch = Vec::with_capacity(BATCH);
                let parsed = oclc_syntax::parse_lexed_into(lexed, pp, &mut |item| {
                    batch.push(item);
                    if batch.len() == BATCH {
                        // The receiver lives until the parser is done.
                        let _ =
                            items.send(std::mem::replace(&mut batch, Vec::with_capacity(BATCH)));
                        returned.try_iter().for_each(drop);
                    }
                });
                let _ = items.send(batch);
                drop(items);
                returned.iter().for_each(drop);
                Some(parsed)
            });
        let Ok(parser) = parser else {
            let parsed = take().map(|lexed| oclc_syntax::parse_lexed(lexed, pp));
            return (parsed.unwrap_or_default(), None);
        };
        let cx = oclc_sema::Context::new(analysis.target, analysis.sources, pp);
        let mut lowered = Vec::with_capacity(BATCH);
        let mut done = |item| {
            lowered.push(item);
            if lowered.len() == BATCH {
                let _ = back.send(std::mem::replace(&mut lowered, Vec::with_capacity(BATCH)));
            }
        };
        let analyzed = oclc_sema::analyze_items(arriving.into_iter().flatten(), cx, &mut done);
        let _ = back.send(lowered);
        drop(back);
        match parser.join() {
            Ok(parsed) => (parsed.unwrap_or_default(), Some(analyzed)),
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Options;
    use oclc_preprocessor::FsLoader;
    use std::fmt::Write;

    /// A source of `units` repetitions of helpers, structs, a kernel, and
    /// file-scope declarations between them, with `extra` spliced in
    /// after the middle unit.
    fn source(units: usize, extra: &str) -> String {
        let mut text = String::new();
        for n in 0..units {
            let _ = write!(
                text,
                "typedef struct {{ int a; float4 b; }} s{n};\n\
                 constant int table{n}[3] = {{ {n}, 2, 3 }};\n\
                 float4 f{n}(s{n} v, int x) {{ x += table{n}[x & 1]; v.b.xy = (float2)(x); \
                 return sqrt(fabs(v.b)) * (float)v.a; }}\n\
                 kernel void k{n}(global float4 *o, global atomic_int *c) {{\n\
                 s{n} v = {{ get_global_id(0), (float4)(1.0f) }};\n\
                 o[v.a] = f{n}(v, (int)v.b.w);\n\
                 atomic_fetch_add_explicit(c, 1, memory_order_relaxed, memory_scope_device);\n\
                 atomic_store_explicit(c, 2, memory_order_acquire);\n}}\n"
            );
            if n == units / 2 {
                text.push_str(extra);
            }
        }
        text
    }

    /// `text` preprocessed as the facade preprocesses it.
    fn preprocessed(text: &str, options: &Options) -> (SourceMap, Preprocessed) {
        let mut sources = SourceMap::new();
        let main = sources.add("big.cl", text);
        let pp = crate::pipeline::run_preprocessor(
            &mut sources,
            main,
            options,
            options.target(),
            &FsLoader,
        );
        (sources, pp)
    }

    /// Parses and analyses `text` with and without the second thread;
    /// returns both as (diagnostics, IR) text.
    fn both_ways(text: &str) -> [(String, String); 2] {
        let options = Options::default();
        let target = options.target();
        [true, false].map(|overlap| {
            let (sources, pp) = preprocessed(text, &options);
            let lexed = oclc_syntax::lexer::lex(&pp);
            assert!(
                lexed.toks.len() >= MIN_TOKENS,
                "the input is too small to overlap"
            );
            let analysis = overlap.then_some(Analysis {
                target: &target,
                sources: &sources,
            });
            let (parsed, analyzed) = parse_and_analyze(lexed, &pp, analysis);
            assert_eq!(analyzed.is_some(), overlap);
            let analyzed = analyzed.unwrap_or_else(|| {
                oclc_sema::analyze(parsed.unit, oclc_sema::Context::new(&target, &sources, &pp))
            });
            let diagnostics = parsed
                .diagnostics
                .iter()
                .chain(&analyzed.diagnostics)
                .map(|d| format!("{d:?}\n"))
                .collect();
            (diagnostics, oclc_ir::print::module(&analyzed.module))
        })
    }

    #[test]
    fn overlapped_analysis_equals_sequential_analysis() {
        let [overlapped, sequential] = both_ways(&source(700, ""));
        // The rule on `memory_order_acquire` stores fires in every unit.
        assert_eq!(overlapped.0.lines().count(), 700);
        assert_eq!(overlapped, sequential);
    }

    #[test]
    fn semantic_errors_are_the_same_either_way() {
        let [overlapped, sequential] = both_ways(&source(700, "int g(void) { return nope; }\n"));
        assert!(overlapped.0.contains("nope"));
        assert_eq!(overlapped, sequential);
    }

    #[test]
    fn syntax_errors_discard_the_early_analysis() {
        let text = source(700, "int broken( { return 1 }\n");
        let options = Options::default();
        let target = options.target();
        let (sources, pp) = preprocessed(&text, &options);
        let analysis = Some(Analysis {
            target: &target,
            sources: &sources,
        });
        let (parsed, analyzed) = parse_and_analyze(oclc_syntax::lexer::lex(&pp), &pp, analysis);
        // The analysis ran alongside; the facade drops it for the error.
        assert!(analyzed.is_some());
        assert!(parsed.diagnostics.iter().any(Diagnostic::is_error));
        let report = crate::check(&crate::Source::new("big.cl", text.as_str()), &options);
        // Only the syntax errors: none of the 700 the analysis found.
        let errors: Vec<_> = report
            .diagnostics()
            .iter()
            .filter(|d| d.is_error())
            .collect();
        assert!(!errors.is_empty() && errors.len() < 5, "{errors:?}");
        assert!(errors.iter().all(|e| e.code.id == "E0201"), "{errors:?}");
    }
}
