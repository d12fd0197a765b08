//! Sections 2–4: oclc as a library, in one process — the whole corpus
//! compiled repeatedly on one and on several threads (kernels per second),
//! the stress input's time per stage, and how compile time grows with the
//! input size (1×, 10×, 100× a base size; growth exponent from a log-log
//! fit).

use std::fmt::Write as _;
use std::hint::black_box;
use std::time::{Duration, Instant};

use crate::common::corpus::Kernel;
use crate::common::stages::{self, Input};
use crate::common::stress;
use crate::stats;

/// Kernels per second for one thread count.
#[derive(Clone, Debug)]
pub struct Throughput {
    /// Threads compiling at once.
    pub threads: usize,
    /// Compilations finished.
    pub kernels: usize,
    /// Wall time of them all, in seconds.
    pub secs: f64,
}

impl Throughput {
    /// Compilations per second.
    pub fn per_second(&self) -> f64 {
        self.kernels as f64 / self.secs
    }
}

/// The corpus as compile-ready inputs (only the kernels oclc compiles).
pub fn compilable(kernels: &[Kernel]) -> Vec<(oclc::Source, oclc::Options)> {
    kernels
        .iter()
        .filter_map(|k| {
            let options = oclc::Options::from_build_options(&k.options).ok()?;
            let source = oclc::Source::new(k.path.to_string_lossy(), k.text.as_str());
            oclc::compile(&source, &options).ok()?;
            Some((source, options))
        })
        .collect()
}

/// Compiles the whole corpus `rounds` times on each of `thread_counts`
/// threads (each thread compiles every kernel `rounds` times).
pub fn throughput(
    corpus: &[(oclc::Source, oclc::Options)],
    thread_counts: &[usize],
    rounds: usize,
) -> Vec<Throughput> {
    thread_counts
        .iter()
        .map(|&threads| {
            let start = Instant::now();
            std::thread::scope(|scope| {
                for _ in 0..threads {
                    scope.spawn(|| {
                        for _ in 0..rounds {
                            for (source, options) in corpus {
                                black_box(oclc::compile(source, options).ok());
                            }
                        }
                    });
                }
            });
            Throughput {
                threads,
                kernels: threads * rounds * corpus.len(),
                secs: start.elapsed().as_secs_f64(),
            }
        })
        .collect()
}

/// Median seconds of each stage on one input.
#[derive(Clone, Debug, Default)]
pub struct StageTimes {
    /// Input size in bytes.
    pub bytes: usize,
    /// `(stage name, median seconds)` in pipeline order.
    pub stages: Vec<(&'static str, f64)>,
    /// Median seconds of `oclc::compile` with validation off: every stage
    /// but validation plus what the stage timings leave out (building the
    /// report, freeing the trees).
    pub compile_without_validation: f64,
    /// Median seconds of `oclc::compile` with validation on.
    pub compile_with_validation: f64,
}

impl StageTimes {
    /// Sum of the stage timings except validation.
    pub fn stages_without_validation(&self) -> f64 {
        self.stages
            .iter()
            .filter(|(name, _)| *name != "validate")
            .map(|(_, secs)| secs)
            .sum()
    }

    /// Sum of the stage timings.
    pub fn stages_total(&self) -> f64 {
        self.stages.iter().map(|(_, secs)| secs).sum()
    }
}

/// Times each stage on `text` `runs` times.
///
/// # Errors
/// When the input does not compile.
pub fn stage_times(text: &str, runs: usize) -> Result<StageTimes, String> {
    let input = Input::new("stress.cl", text, stress::OPTIONS)?;
    let mut samples: [Vec<Duration>; 5] = Default::default();
    for _ in 0..runs {
        let t = Instant::now();
        let pre = stages::preprocess(&input);
        samples[0].push(t.elapsed());
        let t = Instant::now();
        let parsed = stages::parse(&pre);
        samples[1].push(t.elapsed());
        let t = Instant::now();
        let analyzed = stages::analyze(&pre, parsed.unit);
        samples[2].push(t.elapsed());
        if analyzed.diagnostics.iter().any(oclc::Diagnostic::is_error) {
            return Err("the stress input has errors; check benches/common/stress.rs".to_owned());
        }
        let t = Instant::now();
        let checked =
            stages::check(analyzed.module).map_err(|e| format!("the IR failed validation: {e}"))?;
        let words =
            stages::emit(&checked, &input.options).map_err(|e| format!("emission failed: {e}"))?;
        samples[3].push(t.elapsed());
        let t = Instant::now();
        stages::validate(&words).map_err(|e| format!("validation failed: {e}"))?;
        samples[4].push(t.elapsed());
        // Dropping the large trees is part of no stage.
        drop((
            pre,
            parsed.diagnostics,
            analyzed.diagnostics,
            checked,
            words,
        ));
    }
    let names = ["preprocess", "parse", "analyze + rules", "emit", "validate"];
    let compile_without_validation = compile_secs(&input, false, runs)?;
    let compile_with_validation = compile_secs(&input, true, runs)?;
    Ok(StageTimes {
        compile_without_validation,
        compile_with_validation,
        bytes: text.len(),
        stages: names
            .iter()
            .zip(&samples)
            .map(|(name, times)| (*name, stats::median_secs(times).unwrap_or(f64::NAN)))
            .collect(),
    })
}

/// Median seconds of `oclc::compile` on `input` over `runs` runs.
fn compile_secs(input: &Input, validate: bool, runs: usize) -> Result<f64, String> {
    let mut options = input.options.clone();
    options.validate = validate;
    let source = oclc::Source::new(input.name.as_str(), input.text.as_str());
    let mut times = Vec::with_capacity(runs);
    for _ in 0..runs {
        let start = Instant::now();
        let compiled = oclc::compile(&source, &options);
        drop(black_box(compiled.map_err(|f| f.to_string())?));
        times.push(start.elapsed());
    }
    stats::median_secs(&times).ok_or_else(|| "no runs".to_owned())
}

/// One size of the scaling series.
#[derive(Clone, Debug)]
pub struct ScalePoint {
    /// Multiple of the base size.
    pub factor: usize,
    /// Stage times at this size.
    pub times: StageTimes,
}

/// Stage times for 1×, 10× and 100× `base_bytes` of stress input.
///
/// # Errors
/// When an input does not compile.
pub fn scaling(base_bytes: usize, runs: usize) -> Result<Vec<ScalePoint>, String> {
    [1, 10, 100]
        .iter()
        .map(|&factor| {
            eprintln!("bench-compare: scaling {factor}x");
            let text = stress::source(base_bytes * factor);
            // Fewer runs for the largest input: its time is long enough to
            // be stable, and the machine is shared.
            let runs = if factor == 100 {
                runs.div_ceil(2).max(3)
            } else {
                runs
            };
            Ok(ScalePoint {
                factor,
                times: stage_times(&text, runs)?,
            })
        })
        .collect()
}

/// One size of the kernels-per-file series.
#[derive(Clone, Debug)]
pub struct KernelsPoint {
    /// Kernels in the file.
    pub kernels: usize,
    /// Median seconds of `oclc::compile` without validation.
    pub without_validation: f64,
    /// Median seconds of `oclc::compile` with validation.
    pub with_validation: f64,
}

/// The sizes of the kernels-per-file series.
pub const KERNEL_COUNTS: [usize; 3] = [1_000, 10_000, 100_000];

/// One file of `n` trivial kernels: what generated code (one kernel per
/// specialisation) looks like at its extreme. Issue 16 found validation
/// quadratic in the number of entry points here.
pub fn many_kernels(n: usize) -> String {
    let mut text = String::with_capacity(n * 48);
    for i in 0..n {
        let _ = writeln!(text, "kernel void k{i}(global int *p) {{ p[0] = {i}; }}");
    }
    text
}

/// `oclc::compile` times for files of [`KERNEL_COUNTS`] trivial kernels.
///
/// # Errors
/// When an input does not compile.
pub fn kernels_scaling(runs: usize) -> Result<Vec<KernelsPoint>, String> {
    KERNEL_COUNTS
        .iter()
        .map(|&kernels| {
            eprintln!("bench-compare: {kernels} kernels in one file");
            let input = Input::new("kernels.cl", &many_kernels(kernels), stress::OPTIONS)?;
            // The largest file takes seconds per run: fewer runs suffice.
            let runs = if kernels >= 100_000 {
                runs.div_ceil(2).max(3)
            } else {
                runs
            };
            Ok(KernelsPoint {
                kernels,
                without_validation: compile_secs(&input, false, runs)?,
                with_validation: compile_secs(&input, true, runs)?,
            })
        })
        .collect()
}

/// Growth exponents (log-log slopes of time against the number of kernels)
/// without and with validation.
pub fn kernels_growth(points: &[KernelsPoint]) -> (Option<f64>, Option<f64>) {
    let without: Vec<(f64, f64)> = points
        .iter()
        .map(|p| (p.kernels as f64, p.without_validation))
        .collect();
    let with: Vec<(f64, f64)> = points
        .iter()
        .map(|p| (p.kernels as f64, p.with_validation))
        .collect();
    (stats::log_log_slope(&without), stats::log_log_slope(&with))
}

/// Growth exponents (log-log slopes of time against bytes) without and
/// with validation.
pub fn growth(points: &[ScalePoint]) -> (Option<f64>, Option<f64>) {
    let without: Vec<(f64, f64)> = points
        .iter()
        .map(|p| (p.times.bytes as f64, p.times.compile_without_validation))
        .collect();
    let with: Vec<(f64, f64)> = points
        .iter()
        .map(|p| (p.times.bytes as f64, p.times.compile_with_validation))
        .collect();
    (stats::log_log_slope(&without), stats::log_log_slope(&with))
}
