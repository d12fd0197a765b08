//! `bench-compare`: measures oclc against the clang-15 + llvm-spirv-15
//! reference pipeline and writes `docs/performance.md`.
//!
//! Driven by `scripts/bench-compare.sh`, which installs the tools and
//! builds the shipped (static) `oclc` first; it runs as
//! `cargo bench --bench compare -- [--out FILE] [--runs N] [--quick]
//! [--skip-exec] [--oclc PATH]`. Progress goes to standard error; the
//! report goes to the file only.
//!
//! Sections: (1) every corpus kernel compiled by both pipelines as
//! processes, interleaved, with medians, ratios, peak memory and module
//! sizes, and where one small kernel's time goes; (2) oclc as a library on
//! the whole corpus, on one and several threads; (3) the stress input's time per stage; (4) growth with input
//! size; (5) execution-test kernels run on Intel's CPU OpenCL runtime from
//! both compilers' modules; (6) compute-heavy corpus kernels run from
//! oclc's module, the runtime's own compiler and clang -O2
//! (`--corpus-only` reruns this section alone and replaces it in the
//! report).

mod breakdown;
#[path = "../common/mod.rs"]
#[allow(dead_code)] // Each bench target uses a different part of it.
mod common;
mod corpus_exec;
mod end_to_end;
mod exec;
mod library;
mod machine;
mod process;
mod report;
mod stats;

use std::path::PathBuf;

use common::corpus;

/// Command-line settings.
pub struct Settings {
    /// Where the report goes.
    pub out: PathBuf,
    /// Timed runs per pipeline and kernel.
    pub runs: usize,
    /// Runs under `/usr/bin/time` per pipeline and kernel.
    pub memory_runs: usize,
    /// Rounds over the corpus per thread for library throughput.
    pub library_rounds: usize,
    /// Runs per size in the scaling series.
    pub scaling_runs: usize,
    /// Launches per module and workload in the execution section.
    pub exec_runs: usize,
    /// Skip the execution sections.
    pub skip_exec: bool,
    /// Timed launches per module and kernel in the corpus section.
    pub corpus_runs: usize,
    /// Measure only the corpus section and replace it in the report.
    pub corpus_only: bool,
    /// The shipped `oclc` binary (`scripts/build-release.sh`).
    pub oclc: PathBuf,
    /// The `cargo build --release` binary, timed alongside.
    pub oclc_cargo: PathBuf,
    /// The command line, for the report.
    pub invocation: String,
}

impl Settings {
    fn from_args() -> Result<Settings, String> {
        let root = corpus::root();
        let mut settings = Settings {
            out: root.join("docs/performance.md"),
            runs: 21,
            memory_runs: 3,
            library_rounds: 20,
            scaling_runs: 5,
            // Contended atomics on a 2-core machine vary by 10-25% from
            // launch to launch when the runtime has both cores: take the
            // median of many launches.
            exec_runs: 101,
            skip_exec: false,
            corpus_runs: 15,
            corpus_only: false,
            oclc: root.join("target/dist/oclc"),
            // `cargo bench` itself builds this one (the bench's package
            // binary), dynamically linked.
            oclc_cargo: root.join("target/release/oclc"),
            invocation: String::new(),
        };
        let mut shown = Vec::new();
        let mut args = std::env::args().skip(1);
        while let Some(arg) = args.next() {
            if arg == "--bench" {
                // Added by `cargo bench`.
                continue;
            }
            shown.push(arg.clone());
            let mut value = |name: &str| {
                let value = args
                    .next()
                    .ok_or_else(|| format!("`{name}` needs a value"))?;
                shown.push(value.clone());
                Ok::<String, String>(value)
            };
            match arg.as_str() {
                "--out" => settings.out = PathBuf::from(value("--out")?),
                "--oclc" => settings.oclc = PathBuf::from(value("--oclc")?),
                "--runs" => {
                    let v = value("--runs")?;
                    settings.runs = v.parse().map_err(|_| format!("bad --runs `{v}`"))?;
                    settings.exec_runs = settings.runs.max(101);
                }
                "--quick" => {
                    settings.runs = 3;
                    settings.memory_runs = 1;
                    settings.library_rounds = 3;
                    settings.scaling_runs = 2;
                    settings.exec_runs = 3;
                }
                "--skip-exec" => settings.skip_exec = true,
                "--corpus-only" => settings.corpus_only = true,
                "--corpus-runs" => {
                    let v = value("--corpus-runs")?;
                    settings.corpus_runs =
                        v.parse().map_err(|_| format!("bad --corpus-runs `{v}`"))?;
                }
                other => return Err(format!("unknown argument `{other}`")),
            }
        }
        settings.invocation = if shown.is_empty() {
            "scripts/bench-compare.sh".to_owned()
        } else {
            format!("scripts/bench-compare.sh {}", shown.join(" "))
        };
        if settings.runs == 0 {
            return Err("--runs must be at least 1".to_owned());
        }
        Ok(settings)
    }
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` (or
    // `--all-targets`) runs this binary without it, and must not start a
    // measurement of many minutes.
    if !std::env::args().any(|a| a == "--bench") {
        eprintln!("bench-compare: not run under `cargo bench`; use scripts/bench-compare.sh");
        return;
    }
    if let Err(message) = run() {
        eprintln!("bench-compare: error: {message}");
        std::process::exit(1);
    }
}

fn run() -> Result<(), String> {
    let settings = Settings::from_args()?;
    if !settings.oclc.is_file() && !settings.corpus_only {
        return Err(format!(
            "{} is missing; run scripts/build-release.sh first (scripts/bench-compare.sh does)",
            settings.oclc.display()
        ));
    }
    let scratch = std::env::temp_dir().join(format!("oclc-bench-{}", std::process::id()));
    std::fs::create_dir_all(&scratch)
        .map_err(|e| format!("cannot create {}: {e}", scratch.display()))?;
    let result = match corpus_exec::child_entry() {
        // A child of section 6's measurement: one kernel, one line out.
        Some(index) => corpus_exec::measure_child(index, &scratch, settings.corpus_runs)
            .map(|line| println!("{line}")),
        None => measure_and_write(&settings, &scratch),
    };
    let _ = std::fs::remove_dir_all(&scratch);
    result
}

fn measure_and_write(settings: &Settings, scratch: &std::path::Path) -> Result<(), String> {
    if settings.corpus_only {
        let outcome = corpus_exec::measure();
        let mut section = String::new();
        corpus_exec::render(&mut section, &outcome);
        let document = std::fs::read_to_string(&settings.out).unwrap_or_default();
        std::fs::write(&settings.out, corpus_exec::splice(&document, &section))
            .map_err(|e| format!("cannot write {}: {e}", settings.out.display()))?;
        eprintln!(
            "bench-compare: wrote section 6 of {}",
            settings.out.display()
        );
        return Ok(());
    }
    let kernels = corpus::load()?;
    let machine = machine::describe(&settings.oclc);
    let tools = process::Tools {
        oclc: settings.oclc.clone(),
        oclc_cargo: Some(settings.oclc_cargo.clone()).filter(|p| p.is_file()),
        scratch: scratch.to_path_buf(),
    };
    let rows = end_to_end::measure(&tools, &kernels, settings.runs, settings.memory_runs);
    eprintln!("bench-compare: where a small kernel's time goes");
    let breakdown = breakdown::measure(
        &settings.oclc,
        &corpus::root().join(report::BREAKDOWN_KERNEL),
        &scratch.join("breakdown.spv"),
        settings.runs * 20,
    );

    eprintln!("bench-compare: library throughput");
    let compilable = library::compilable(&kernels);
    let threads = [1, 2, 4];
    let throughput = library::throughput(&compilable, &threads, settings.library_rounds);

    eprintln!("bench-compare: stress input");
    let scaling = library::scaling(report::SCALING_BASE_BYTES, settings.scaling_runs)?;
    let kernels_scaling = library::kernels_scaling(settings.scaling_runs)?;

    let exec = if settings.skip_exec {
        exec::Outcome::NoRuntime("skipped (--skip-exec)".to_owned())
    } else {
        exec::measure(scratch, settings.exec_runs)
    };
    let corpus_exec = if settings.skip_exec {
        corpus_exec::Outcome::NotRun("skipped (--skip-exec)".to_owned())
    } else {
        corpus_exec::measure()
    };

    let text = report::render(&report::Report {
        settings,
        machine: &machine,
        corpus: &kernels,
        end_to_end: &rows,
        breakdown: &breakdown,
        library_kernels: compilable.len(),
        throughput: &throughput,
        scaling: &scaling,
        kernels_scaling: &kernels_scaling,
        exec: &exec,
        corpus_exec: &corpus_exec,
    });
    if let Some(dir) = settings.out.parent() {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    std::fs::write(&settings.out, text)
        .map_err(|e| format!("cannot write {}: {e}", settings.out.display()))?;
    eprintln!("bench-compare: wrote {}", settings.out.display());
    Ok(())
}
