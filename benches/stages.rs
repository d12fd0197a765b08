//! Criterion benchmarks of each compiler stage — preprocess, parse,
//! semantic analysis with the atomic rules, SPIR-V emission, validation —
//! over the kernel corpus (`benches/common/corpus.rs`) and over the
//! generated stress input (`benches/common/stress.rs`), with byte
//! throughput (the bytes of OpenCL C source each stage's input came from).
//!
//! Run with `cargo bench --bench stages`; `cargo bench --bench stages --
//! parse` runs one stage. The corpus benchmark of a stage covers the files
//! whose earlier stages succeed (emission and validation need files that
//! compile).

#[path = "common/mod.rs"]
#[allow(dead_code)] // Each bench target uses a different part of it.
mod common;

use std::hint::black_box;
use std::time::Duration;

use common::stages::{self, Input, Staged};
use common::{corpus, stress};
use criterion::{BatchSize, BenchmarkGroup, Criterion, Throughput};

/// Size of the stress input: 5 MiB.
const STRESS_BYTES: usize = 5 << 20;

/// Size of the stress input when criterion runs each benchmark once as a
/// test (`cargo test --benches`, no `--bench` argument): small, because
/// that build is unoptimised and only checks that the benchmarks work.
const TEST_MODE_STRESS_BYTES: usize = 256 << 10;

/// The corpus and the stress input, run through every stage once.
struct Inputs {
    corpus: Vec<Staged>,
    stress: Staged,
}

fn inputs() -> Inputs {
    let kernels = corpus::load().unwrap_or_else(|e| panic!("cannot load the corpus: {e}"));
    let corpus = kernels
        .iter()
        .map(|k| {
            let input = Input::new(&k.name, &k.text, &k.options).unwrap_or_else(|e| panic!("{e}"));
            Staged::run(input)
        })
        .collect();
    let bytes = if std::env::args().any(|a| a == "--bench") {
        STRESS_BYTES
    } else {
        TEST_MODE_STRESS_BYTES
    };
    let stress_input = Input::new("stress.cl", &stress::source(bytes), stress::OPTIONS)
        .unwrap_or_else(|e| panic!("{e}"));
    let stress = Staged::run(stress_input);
    assert!(
        stress.words.is_some(),
        "the stress input must compile; check benches/common/stress.rs"
    );
    Inputs { corpus, stress }
}

/// Benchmarks `run` over every staged input `select` keeps (the corpus,
/// as one iteration over all of them) and over the stress input.
fn bench_stage<F>(
    c: &mut Criterion,
    inputs: &Inputs,
    name: &str,
    select: fn(&Staged) -> bool,
    run: F,
) where
    F: Fn(&Staged),
{
    bench_consuming_stage(c, inputs, name, select, |_| (), |s, ()| run(s));
}

/// [`bench_stage`] for a stage that consumes an input of its own, made by
/// `setup` outside the timed part (the syntax tree [`stages::analyze`]
/// takes).
fn bench_consuming_stage<T, S, F>(
    c: &mut Criterion,
    inputs: &Inputs,
    name: &str,
    select: fn(&Staged) -> bool,
    setup: S,
    run: F,
) where
    S: Fn(&Staged) -> T,
    F: Fn(&Staged, T),
{
    let mut group = c.benchmark_group(name);
    let selected: Vec<&Staged> = inputs.corpus.iter().filter(|s| select(s)).collect();
    let bytes: u64 = selected.iter().map(|s| s.bytes()).sum();
    group.throughput(Throughput::Bytes(bytes));
    group.bench_function(format!("corpus ({} files)", selected.len()), |b| {
        b.iter_batched(
            || selected.iter().map(|s| setup(s)).collect::<Vec<T>>(),
            |owned| {
                for (s, t) in selected.iter().zip(owned) {
                    run(black_box(s), t);
                }
            },
            BatchSize::LargeInput,
        )
    });
    stress_settings(&mut group);
    group.throughput(Throughput::Bytes(inputs.stress.bytes()));
    let stress_name = format!("stress ({} KiB)", inputs.stress.bytes() >> 10);
    group.bench_function(stress_name, |b| {
        b.iter_batched(
            || setup(&inputs.stress),
            |t| run(black_box(&inputs.stress), t),
            BatchSize::LargeInput,
        )
    });
    group.finish();
}

/// Fewer, longer samples for inputs that take a good part of a second.
fn stress_settings(group: &mut BenchmarkGroup<'_, criterion::measurement::WallTime>) {
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
}

fn parsed_cleanly(s: &Staged) -> bool {
    s.analyzed.is_some()
}

fn emitted(s: &Staged) -> bool {
    s.words.is_some()
}

fn benches(c: &mut Criterion) {
    let inputs = inputs();
    bench_stage(
        c,
        &inputs,
        "preprocess",
        |_| true,
        |s| {
            black_box(stages::preprocess(&s.input));
        },
    );
    bench_stage(
        c,
        &inputs,
        "parse",
        |_| true,
        |s| {
            black_box(stages::parse(&s.pre));
        },
    );
    bench_consuming_stage(
        c,
        &inputs,
        "analyze",
        parsed_cleanly,
        |s| s.parsed.unit.clone(),
        |s, unit| {
            black_box(stages::analyze(&s.pre, unit));
        },
    );
    bench_stage(c, &inputs, "emit", emitted, |s| {
        if let Some(checked) = &s.checked {
            black_box(stages::emit(checked, &s.input.options).ok());
        }
    });
    bench_stage(c, &inputs, "validate", emitted, |s| {
        if let Some(words) = &s.words {
            black_box(stages::validate(words).ok());
        }
    });
    bench_stage(
        c,
        &inputs,
        "end_to_end_without_validation",
        |_| true,
        |s| {
            let mut options = s.input.options.clone();
            options.validate = false;
            let source = oclc::Source::new(s.input.name.as_str(), s.input.text.as_str());
            black_box(oclc::compile(&source, &options).ok());
        },
    );
}

/// What `criterion_main!` expands to, written out so that it is documented.
fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    benches(&mut criterion);
    criterion.final_summary();
}
