//! Running the two compilers as processes: wall time of one compilation,
//! peak resident memory (through `/usr/bin/time -f %M`, in separate runs so
//! that the wrapper's own start-up never enters the timings) and the size
//! of the module written.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::corpus::Kernel;

/// The pipelines compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pipeline {
    /// `oclc k.cl -o k.spv` (the shipped build, validation on).
    Oclc,
    /// The same command with the dynamically linked `cargo build --release`
    /// binary: what linking statically saves.
    OclcCargo,
    /// `clang-15 … -emit-llvm -c k.cl -o k.bc && llvm-spirv-15 k.bc -o k.spv`.
    Clang,
}

/// Where the tools are and where outputs go.
pub struct Tools {
    /// The shipped `oclc` binary (`scripts/build-release.sh`).
    pub oclc: PathBuf,
    /// The `cargo build --release` binary, when there is one.
    pub oclc_cargo: Option<PathBuf>,
    /// A scratch directory for `.bc` and `.spv` files.
    pub scratch: PathBuf,
}

impl Tools {
    /// The commands `pipeline` runs for `kernel`, in order, each pipeline
    /// writing its own output file.
    pub fn commands(&self, pipeline: Pipeline, kernel: &Kernel) -> Vec<Command> {
        let mut commands = self.bare_commands(pipeline, kernel);
        for command in &mut commands {
            // The OpenCL runtime's library path (set for section 5) would
            // lengthen every dynamic-library search of the compilers.
            command.env_remove("LD_LIBRARY_PATH");
        }
        commands
    }

    fn bare_commands(&self, pipeline: Pipeline, kernel: &Kernel) -> Vec<Command> {
        let oclc = |binary: &Path| {
            let mut oclc = Command::new(binary);
            oclc.args(kernel.options.split_whitespace())
                .arg(&kernel.path)
                .arg("-o")
                .arg(self.output(pipeline));
            vec![oclc]
        };
        match pipeline {
            Pipeline::Oclc => oclc(&self.oclc),
            Pipeline::OclcCargo => self.oclc_cargo.as_deref().map(oclc).unwrap_or_default(),
            Pipeline::Clang => reference_commands(
                kernel,
                &self.scratch.join("clang.bc"),
                &self.output(pipeline),
                &[],
            )
            .into(),
        }
    }

    /// The `.spv` file `pipeline` writes.
    pub fn output(&self, pipeline: Pipeline) -> PathBuf {
        match pipeline {
            Pipeline::Oclc => self.scratch.join("oclc.spv"),
            Pipeline::OclcCargo => self.scratch.join("oclc-cargo.spv"),
            Pipeline::Clang => self.scratch.join("clang.spv"),
        }
    }
}

/// The reference pipeline's clang flags after `-cl-std=` and the macros.
pub const CLANG_FLAGS: &[&str] = &[
    "-target",
    "spir64",
    "-Xclang",
    "-finclude-default-header",
    "-O0",
    "-emit-llvm",
    "-c",
];

/// The reference pipeline for `kernel`: clang-15 to `bitcode`, then
/// llvm-spirv-15 (with `translator_args`) to `spirv`.
pub fn reference_commands(
    kernel: &Kernel,
    bitcode: &Path,
    spirv: &Path,
    translator_args: &[&str],
) -> [Command; 2] {
    let mut clang = Command::new("clang-15");
    clang
        .args(kernel.clang_options())
        .args(CLANG_FLAGS)
        .arg(&kernel.path)
        .arg("-o")
        .arg(bitcode);
    let mut translator = Command::new("llvm-spirv-15");
    translator
        .args(translator_args)
        .arg(bitcode)
        .arg("-o")
        .arg(spirv);
    [clang, translator]
}

/// Runs `commands` one after the other, stopping at the first failure.
///
/// # Errors
/// The failing command and the start of its standard error.
pub fn run(commands: &mut [Command]) -> Result<Duration, String> {
    let start = Instant::now();
    for command in commands.iter_mut() {
        let output = command
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .output()
            .map_err(|e| format!("cannot run {}: {e}", program(command)))?;
        if !output.status.success() {
            let stderr = String::from_utf8_lossy(&output.stderr);
            let first = stderr.lines().next().unwrap_or("").trim();
            return Err(format!("{} failed: {first}", program(command)));
        }
    }
    Ok(start.elapsed())
}

/// Peak resident set size in KiB of the largest of `commands`, each run
/// under `/usr/bin/time -f %M`.
///
/// # Errors
/// When a command fails or `time`'s output is not a number.
pub fn peak_kib(commands: &[Command]) -> Result<u64, String> {
    let mut peak = 0;
    for command in commands {
        let mut timed = Command::new(TIME);
        timed
            .args(["-f", "%M"])
            .arg(command.get_program())
            .args(command.get_args())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        let output = timed
            .output()
            .map_err(|e| format!("cannot run {TIME}: {e}"))?;
        let stderr = String::from_utf8_lossy(&output.stderr);
        if !output.status.success() {
            return Err(format!("{} failed under {TIME}", program(command)));
        }
        let kib = stderr
            .lines()
            .last()
            .and_then(|l| l.trim().parse::<u64>().ok())
            .ok_or_else(|| format!("unexpected output from {TIME}: {stderr}"))?;
        peak = peak.max(kib);
    }
    Ok(peak)
}

/// GNU time, which reports the peak resident set size.
pub const TIME: &str = "/usr/bin/time";

/// The size of a SPIR-V file in 32-bit words.
pub fn words_in(path: &Path) -> Option<u64> {
    std::fs::metadata(path).ok().map(|m| m.len() / 4)
}

/// The first line a tool prints for `--version`, or why there is none.
pub fn version_line(program: &str, args: &[&str]) -> String {
    match Command::new(program).args(args).output() {
        Ok(output) => {
            let text = String::from_utf8_lossy(&output.stdout).into_owned()
                + &String::from_utf8_lossy(&output.stderr);
            text.lines()
                .map(str::trim)
                .find(|l| !l.is_empty())
                .unwrap_or("(no output)")
                .to_owned()
        }
        Err(e) => format!("not available ({e})"),
    }
}

fn program(command: &Command) -> String {
    command.get_program().to_string_lossy().into_owned()
}
