//! Concurrent use of the library: `compile` keeps no global state, its
//! inputs and outputs can cross threads, and compiling the corpus from many
//! threads at once gives exactly the single-threaded results.

use super::support::{compile_checked, corpus, Ending};
use crate::fixtures;
use std::sync::Arc;

/// Fails to compile unless every type is `Send + Sync`.
const fn assert_send_sync<T: Send + Sync>() {}

const _: () = {
    assert_send_sync::<oclc::Options>();
    assert_send_sync::<oclc::Source>();
    assert_send_sync::<oclc::Compiled>();
    assert_send_sync::<oclc::Failed>();
    assert_send_sync::<oclc::Report>();
    assert_send_sync::<oclc::Diagnostic>();
    assert_send_sync::<oclc::OptionsError>();
};

/// Threads compiling at once (more than the machine's cores, so they
/// interleave).
const THREADS: usize = 6;

#[test]
fn compiling_from_many_threads_matches_single_threaded_results() {
    let jobs: Vec<(String, oclc::Source, oclc::Options)> = corpus()
        .into_iter()
        .map(|(name, text)| {
            let options = fixtures::options_for(&text);
            (name.clone(), oclc::Source::new(name, text), options)
        })
        .collect();
    let expected: Vec<Result<Ending, String>> = jobs
        .iter()
        .map(|(_, source, options)| compile_checked(source, options))
        .collect();
    let jobs = Arc::new(jobs);
    let handles: Vec<_> = (0..THREADS)
        .map(|t| {
            let jobs = Arc::clone(&jobs);
            std::thread::spawn(move || {
                // Each thread walks the corpus from a different start.
                (0..jobs.len())
                    .map(|i| {
                        let index = (i + t * 7) % jobs.len();
                        let (_, source, options) = &jobs[index];
                        (index, compile_checked(source, options))
                    })
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    for handle in handles {
        for (index, result) in handle.join().expect("no panic") {
            assert_eq!(result, expected[index], "{}", jobs[index].0);
        }
    }
}

#[test]
fn one_shared_source_and_options_serve_many_threads() {
    let source = Arc::new(oclc::Source::new(
        "shared.cl",
        "kernel void k(global atomic_int *c) {\n    atomic_fetch_add_explicit(c, 1, memory_order_relaxed, memory_scope_device);\n}\n",
    ));
    let options = Arc::new(oclc::Options::default());
    let reference = oclc::compile(&source, &options).expect("compiles").words;
    let handles: Vec<_> = (0..THREADS)
        .map(|_| {
            let (source, options) = (Arc::clone(&source), Arc::clone(&options));
            std::thread::spawn(move || {
                (0..20)
                    .map(|_| oclc::compile(&source, &options).expect("compiles").words)
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    for handle in handles {
        for words in handle.join().expect("no panic") {
            assert_eq!(words, reference);
        }
    }
}
