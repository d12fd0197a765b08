//! Shared helpers of the robustness tests: a deterministic random number
//! generator, the fixture corpus, running a compilation under a time limit,
//! and the "ends well" check every input must pass.

use crate::fixtures;
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::Duration;

/// xorshift64* — small, fast, and the same sequence on every platform, so
/// a failing seed reproduces anywhere.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a non-zero seed (zero is mapped to a constant).
    pub fn new(seed: u64) -> Rng {
        Rng(if seed == 0 {
            0x9e37_79b9_7f4a_7c15
        } else {
            seed
        })
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True with probability `1/n`.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    /// A uniformly chosen element of a non-empty slice.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

/// Every kernel in the repository's fixtures (`tests/**/*.cl` and the
/// syntax crate's data), with its path for messages.
pub fn corpus() -> Vec<(String, String)> {
    let mut files = fixtures::files("tests", "cl");
    files.extend(fixtures::files("crates/syntax/tests/data", "cl"));
    files
        .into_iter()
        .map(|p: PathBuf| {
            let text = std::fs::read_to_string(&p).expect("fixture is UTF-8");
            (fixtures::display(&p), text)
        })
        .collect()
}

/// How a compilation ended, in a form that can cross threads and be
/// compared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// A module (its words) and the warnings' codes.
    Module(Vec<u32>, Vec<String>),
    /// The diagnostics' codes (at least one error).
    Diagnostics(Vec<String>),
}

/// Compiles and classifies the result, asserting the invariants every input
/// must satisfy: a module comes with no errors and starts with the SPIR-V
/// magic number; a failure has at least one error and no internal compiler
/// error (`E09xx`, or a module the validator rejected).
pub fn compile_checked(source: &oclc::Source, options: &oclc::Options) -> Result<Ending, String> {
    let codes = |r: &oclc::Report| -> Vec<String> {
        r.diagnostics()
            .iter()
            .map(|d| d.code.id.to_string())
            .collect()
    };
    match oclc::compile(source, options) {
        Ok(compiled) => {
            if compiled.report.has_errors() {
                return Err("a module was produced together with errors".into());
            }
            if compiled.words.first() != Some(&0x0723_0203) {
                return Err("the module does not start with the SPIR-V magic number".into());
            }
            Ok(Ending::Module(compiled.words, codes(&compiled.report)))
        }
        Err(failed) => {
            let report = &failed.report;
            if !report.has_errors() {
                return Err("compilation failed without an error".into());
            }
            let internal = report
                .diagnostics()
                .iter()
                .any(|d| d.severity == oclc::Severity::Bug || d.code.id == "E0901");
            if internal {
                return Err(format!(
                    "internal compiler error:\n{}",
                    report.render_human(oclc::HumanStyle::PLAIN)
                ));
            }
            // Rendering must not panic either.
            let _ = report.render_human(oclc::HumanStyle::PLAIN);
            let _ = report.render_json();
            Ok(Ending::Diagnostics(codes(report)))
        }
    }
}

/// Runs `job` on a fresh thread (default 2 MiB stack) and waits at most
/// `limit`. Returns `Err` with a reason on a panic or a timeout; a
/// timed-out thread is left running detached (the test fails anyway). A
/// stack overflow is not a panic: it aborts the whole test binary, which
/// fails the run just as loudly.
pub fn within<T: Send + 'static>(
    limit: Duration,
    job: impl FnOnce() -> T + Send + 'static,
) -> Result<T, String> {
    let (tx, rx) = mpsc::channel();
    let handle = std::thread::Builder::new()
        .name("robust-job".into())
        .spawn(move || {
            let _ = tx.send(job());
        })
        .map_err(|e| format!("cannot spawn a thread: {e}"))?;
    match rx.recv_timeout(limit) {
        Ok(value) => {
            let _ = handle.join();
            Ok(value)
        }
        Err(mpsc::RecvTimeoutError::Timeout) => Err(format!("did not finish within {limit:?}")),
        Err(mpsc::RecvTimeoutError::Disconnected) => Err("panicked".into()),
    }
}
