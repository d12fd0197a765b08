//! Turns an OpenCL C fixture into SPIR-V words for the execution tests.
//!
//! By default that is oclc itself (`oclc::compile`, which validates the
//! module before returning it). With `OCLC_EXEC_COMPILER=clang` the suite
//! uses the reference pipeline instead — `clang-15` to LLVM bitcode, then
//! `llvm-spirv-15` — and validates its output with `spirv-val` when that is
//! installed. The reference path exists to check the tests themselves
//! against a compiler they do not test, and for the performance comparison;
//! constructs clang-15 cannot compile are listed per test (see
//! [`Compiler::Clang`] and `exec::reference_cannot`).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Which compiler produces the SPIR-V under test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compiler {
    /// oclc, the compiler under test.
    Oclc,
    /// The clang-15 + llvm-spirv-15 reference pipeline.
    Clang,
}

impl Compiler {
    /// The compiler selected by `OCLC_EXEC_COMPILER` (`clang`, or oclc).
    pub fn selected() -> Self {
        match std::env::var("OCLC_EXEC_COMPILER").as_deref() {
            Ok("clang") => Self::Clang,
            _ => Self::Oclc,
        }
    }
}

/// Compiles `src` with build options `flags` using the selected compiler.
///
/// Panics with the compiler's diagnostics when compilation fails: in the
/// execution tests every fixture is expected to compile.
pub fn compile(src: &str, flags: &str) -> Vec<u32> {
    compile_named("exec.cl", src, flags)
}

/// [`compile`] with the file name diagnostics should show.
pub fn compile_named(name: &str, src: &str, flags: &str) -> Vec<u32> {
    match Compiler::selected() {
        Compiler::Oclc => compile_with_oclc(name, src, flags),
        Compiler::Clang => compile_with_clang(name, src, flags),
    }
}

fn compile_with_oclc(name: &str, src: &str, flags: &str) -> Vec<u32> {
    let options = match oclc::Options::from_build_options(flags) {
        Ok(options) => options,
        Err(e) => panic!("oclc rejected build options {flags:?}: {e}"),
    };
    match oclc::compile(&oclc::Source::new(name, src), &options) {
        Ok(compiled) => compiled.words,
        Err(failed) => panic!(
            "oclc failed to compile {name} with {flags:?}:\n{}",
            failed.report.render_human(oclc::HumanStyle::PLAIN)
        ),
    }
}

fn compile_with_clang(name: &str, src: &str, flags: &str) -> Vec<u32> {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "oclc-exec-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir)
        .unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
    let words = clang_in(&dir, name, src, flags);
    // Best effort: a leftover temporary directory is harmless.
    let _ = std::fs::remove_dir_all(&dir);
    words
}

fn clang_in(dir: &Path, name: &str, src: &str, flags: &str) -> Vec<u32> {
    let source: PathBuf = dir.join(name);
    let bitcode = dir.join("k.bc");
    let spirv = dir.join("k.spv");
    std::fs::write(&source, src)
        .unwrap_or_else(|e| panic!("cannot write {}: {e}", source.display()));
    let mut clang = Command::new("clang-15");
    if !flags.split_whitespace().any(|f| f.starts_with("-cl-std=")) {
        clang.arg("-cl-std=CL2.0");
    }
    // clang-15 predates OpenCL C 3.1 (3.0 plus extensions made core).
    clang
        .args(flags.split_whitespace().map(|f| match f {
            "-cl-std=CL3.1" => "-cl-std=CL3.0",
            f => f,
        }))
        .args([
            "-target",
            "spir64",
            "-Xclang",
            "-finclude-default-header",
            "-O0",
            "-emit-llvm",
            "-c",
        ])
        .arg(&source)
        .arg("-o")
        .arg(&bitcode);
    run(clang, name);
    let mut translator = Command::new("llvm-spirv-15");
    // SPIR-V 1.0: in the default 1.4 output llvm-spirv-15 emits the removed
    // OpAtomicCompareExchangeWeak.
    // The float atomic extensions are needed by cl_ext_float_atomics builtins.
    translator
        .arg("--spirv-max-version=1.0")
        .arg("--spirv-ext=+SPV_EXT_shader_atomic_float_add,+SPV_EXT_shader_atomic_float_min_max")
        .arg(&bitcode)
        .arg("-o")
        .arg(&spirv);
    run(translator, name);
    let bytes =
        std::fs::read(&spirv).unwrap_or_else(|e| panic!("cannot read {}: {e}", spirv.display()));
    let mut validator = Command::new("spirv-val");
    validator.args(["--target-env", "spv1.4"]).arg(&spirv);
    // Without spirv-val installed the module goes unvalidated; the reference
    // path is a cross-check of the tests, not of the compiler under test.
    if let Ok(output) = validator.output() {
        check(&validator, &output, name);
    }
    bytes
        .chunks_exact(4)
        .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
        .collect()
}

/// Runs a reference-pipeline tool, panicking with its output on failure.
fn run(mut command: Command, name: &str) {
    let output = command.output().unwrap_or_else(|e| {
        panic!("cannot run {command:?} for {name} (install clang-15 and llvm-spirv-15): {e}")
    });
    check(&command, &output, name);
}

fn check(command: &Command, output: &std::process::Output, name: &str) {
    assert!(
        output.status.success(),
        "{command:?} failed for {name}:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}
