//! Section 1: every corpus kernel compiled by `oclc` and by clang-15 +
//! llvm-spirv-15 as separate processes, interleaved A B A B so that drift
//! in the machine's speed affects both alike; then peak memory and module
//! size of each.

use crate::common::corpus::Kernel;
use crate::process::{self, Pipeline, Tools};
use crate::stats;
use std::time::Duration;

/// One pipeline's measurements for one kernel.
#[derive(Clone, Debug, Default)]
pub struct Side {
    /// Median wall time in seconds; `None` when the pipeline failed.
    pub median_secs: Option<f64>,
    /// Shortest wall time in seconds: the least disturbed by other load.
    pub best_secs: Option<f64>,
    /// Peak resident memory in KiB.
    pub peak_kib: Option<u64>,
    /// Size of the module in 32-bit words.
    pub words: Option<u64>,
    /// Why the pipeline failed, if it did.
    pub error: Option<String>,
}

/// The pipelines' measurements for one kernel.
#[derive(Clone, Debug)]
pub struct Row {
    /// The kernel's corpus name.
    pub name: String,
    /// Source size in bytes.
    pub bytes: usize,
    /// oclc's side (the shipped, statically linked build).
    pub oclc: Side,
    /// The dynamically linked `cargo build --release` oclc (times only).
    pub oclc_cargo: Side,
    /// The reference pipeline's side.
    pub clang: Side,
}

impl Row {
    /// clang time / oclc time, when both succeeded.
    pub fn speedup(&self) -> Option<f64> {
        Some(self.clang.median_secs? / self.oclc.median_secs?)
    }

    /// clang time / time of the `cargo build --release` oclc.
    pub fn cargo_speedup(&self) -> Option<f64> {
        Some(self.clang.median_secs? / self.oclc_cargo.median_secs?)
    }

    /// clang's shortest time / oclc's shortest time, when both succeeded.
    pub fn best_speedup(&self) -> Option<f64> {
        Some(self.clang.best_secs? / self.oclc.best_secs?)
    }

    /// clang peak memory / oclc peak memory, when both succeeded.
    pub fn memory_ratio(&self) -> Option<f64> {
        Some(self.clang.peak_kib? as f64 / self.oclc.peak_kib? as f64)
    }
}

/// Measures every kernel with `runs` interleaved runs per pipeline (after
/// one warm-up run each) and `memory_runs` runs under `/usr/bin/time`.
pub fn measure(tools: &Tools, kernels: &[Kernel], runs: usize, memory_runs: usize) -> Vec<Row> {
    kernels
        .iter()
        .map(|kernel| {
            eprintln!("bench-compare: end to end: {}", kernel.name);
            measure_one(tools, kernel, runs, memory_runs)
        })
        .collect()
}

fn measure_one(tools: &Tools, kernel: &Kernel, runs: usize, memory_runs: usize) -> Row {
    const PIPELINES: [Pipeline; 3] = [Pipeline::Oclc, Pipeline::OclcCargo, Pipeline::Clang];
    let mut sides: [Side; 3] = Default::default();
    let mut times: [Vec<Duration>; 3] = Default::default();
    if tools.oclc_cargo.is_none() {
        sides[1].error = Some("no `cargo build --release` binary".to_owned());
    }
    // The warm-up run also decides whether the pipeline works at all and
    // leaves its output behind for the size column.
    for (pipeline, side) in PIPELINES.iter().zip(&mut sides) {
        if side.error.is_some() {
            continue;
        }
        match process::run(&mut tools.commands(*pipeline, kernel)) {
            Ok(_) => side.words = process::words_in(&tools.output(*pipeline)),
            Err(e) => side.error = Some(e),
        }
    }
    for _ in 0..runs {
        for ((pipeline, side), times) in PIPELINES.iter().zip(&mut sides).zip(&mut times) {
            if side.error.is_some() {
                continue;
            }
            match process::run(&mut tools.commands(*pipeline, kernel)) {
                Ok(t) => times.push(t),
                Err(e) => side.error = Some(e),
            }
        }
    }
    for ((pipeline, side), times) in PIPELINES.iter().zip(&mut sides).zip(&times) {
        if side.error.is_some() {
            continue;
        }
        side.median_secs = stats::median_secs(times);
        side.best_secs = times.iter().map(|t| t.as_secs_f64()).reduce(f64::min);
        if *pipeline == Pipeline::OclcCargo {
            continue; // Same code as the shipped build: same memory.
        }
        let peaks: Vec<f64> = (0..memory_runs)
            .filter_map(|_| process::peak_kib(&tools.commands(*pipeline, kernel)).ok())
            .map(|kib| kib as f64)
            .collect();
        side.peak_kib = stats::median(&peaks).map(|kib| kib as u64);
    }
    let [oclc, oclc_cargo, clang] = sides;
    Row {
        name: kernel.name.clone(),
        bytes: kernel.text.len(),
        oclc,
        oclc_cargo,
        clang,
    }
}

/// Summary over the kernels both pipelines compiled.
#[derive(Clone, Copy, Debug, Default)]
pub struct Summary {
    /// Kernels both compiled.
    pub compared: usize,
    /// Geometric mean of the speedups.
    pub geomean_speedup: Option<f64>,
    /// The smallest speedup.
    pub min_speedup: Option<f64>,
    /// Geometric mean of the best-of-runs speedups.
    pub geomean_best_speedup: Option<f64>,
    /// Geometric mean of clang's peak memory over oclc's.
    pub geomean_memory_ratio: Option<f64>,
    /// The smallest memory ratio.
    pub min_memory_ratio: Option<f64>,
    /// Median oclc time in seconds.
    pub median_oclc_secs: Option<f64>,
    /// Median reference time in seconds.
    pub median_clang_secs: Option<f64>,
    /// Geometric mean speedup of the `cargo build --release` oclc.
    pub geomean_cargo_speedup: Option<f64>,
    /// Median time of the `cargo build --release` oclc in seconds.
    pub median_cargo_secs: Option<f64>,
}

/// Summarises `rows`.
pub fn summarize(rows: &[Row]) -> Summary {
    let speedups: Vec<f64> = rows.iter().filter_map(Row::speedup).collect();
    let best: Vec<f64> = rows.iter().filter_map(Row::best_speedup).collect();
    let memory: Vec<f64> = rows.iter().filter_map(Row::memory_ratio).collect();
    let both: Vec<&Row> = rows.iter().filter(|r| r.speedup().is_some()).collect();
    let oclc: Vec<f64> = both.iter().filter_map(|r| r.oclc.median_secs).collect();
    let clang: Vec<f64> = both.iter().filter_map(|r| r.clang.median_secs).collect();
    let cargo: Vec<f64> = rows.iter().filter_map(Row::cargo_speedup).collect();
    let cargo_secs: Vec<f64> = both
        .iter()
        .filter_map(|r| r.oclc_cargo.median_secs)
        .collect();
    Summary {
        compared: speedups.len(),
        geomean_speedup: stats::geomean(&speedups),
        min_speedup: speedups.iter().copied().reduce(f64::min),
        geomean_best_speedup: stats::geomean(&best),
        geomean_memory_ratio: stats::geomean(&memory),
        min_memory_ratio: memory.iter().copied().reduce(f64::min),
        median_oclc_secs: stats::median(&oclc),
        median_clang_secs: stats::median(&clang),
        geomean_cargo_speedup: stats::geomean(&cargo),
        median_cargo_secs: stats::median(&cargo_secs),
    }
}
