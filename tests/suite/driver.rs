//! Every module the suite produces is built by the real driver, in a child
//! process: a module the validator accepts can still make a driver reject
//! it or crash (Intel's CPU runtime segfaulted in `clBuildProgram` on
//! struct-typed kernel parameters, which spirv-val accepts). A crash in a
//! child is a failing test naming the module, not a lost test run.
//!
//! The child is this test binary itself, started on the one test
//! [`driver_builds_in_a_child_process`] with `OCLC_DRIVER_MANIFEST` naming
//! a list of modules; it writes one result line per module as it goes, so
//! when it dies the parent knows which module killed it and starts a new
//! child on the rest. Without that variable the same test checks the
//! mechanism: a valid module builds, a module the driver rejects fails.
//!
//! [`suite_modules_build_on_the_driver`] builds the modules of the codegen
//! snapshots, of every UI fixture that compiles and of `examples/`; the
//! execution tests build theirs through [`check`] before loading them.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::exec::{announce, device_runtime, runtime_required};
use crate::fixtures;

/// The variable that puts the test binary in child mode.
const MANIFEST_VAR: &str = "OCLC_DRIVER_MANIFEST";

/// One module to build.
pub struct Module {
    /// What to call it in a failure (a fixture path).
    pub name: String,
    /// The SPIR-V words.
    pub words: Vec<u32>,
    /// `clBuildProgram` options.
    pub options: String,
}

/// What the driver made of the modules.
#[derive(Debug)]
pub enum Outcome {
    /// Every module was built, or these failed: `(name, why)`.
    Built(Vec<(String, String)>),
    /// No runtime in the child: why.
    NoRuntime(String),
}

/// Builds `modules` on the driver in child processes.
pub fn build_all(modules: &[Module]) -> Outcome {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "oclc-driver-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).expect("temporary directory");
    let mut failures = Vec::new();
    let mut start = 0;
    while start < modules.len() {
        let batch = &modules[start..];
        let manifest = dir.join(format!("manifest-{start}"));
        let results = dir.join(format!("results-{start}"));
        let mut text = String::new();
        for (i, module) in batch.iter().enumerate() {
            let file = dir.join(format!("{}.spv", start + i));
            let bytes: Vec<u8> = module.words.iter().flat_map(|w| w.to_le_bytes()).collect();
            std::fs::write(&file, bytes).expect("write module");
            let _ = writeln!(text, "{}\t{}", file.display(), module.options);
        }
        std::fs::write(&manifest, text).expect("write manifest");
        let status = Command::new(std::env::current_exe().expect("test binary"))
            .args([
                "driver::driver_builds_in_a_child_process",
                "--exact",
                "--test-threads=1",
                "--quiet",
            ])
            .env(MANIFEST_VAR, &manifest)
            .env("OCLC_DRIVER_RESULTS", &results)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status()
            .expect("start the child");
        let lines = std::fs::read_to_string(&results).unwrap_or_default();
        let mut done = 0;
        for line in lines.lines() {
            if let Some(why) = line.strip_prefix("NORUNTIME\t") {
                let _ = std::fs::remove_dir_all(&dir);
                return Outcome::NoRuntime(why.to_owned());
            }
            let (verdict, log) = line.split_once('\t').unwrap_or((line, ""));
            if verdict == "FAIL" {
                failures.push((batch[done].name.clone(), unescape(log)));
            }
            done += 1;
        }
        if done == batch.len() {
            break;
        }
        // The child died on module `start + done`.
        failures.push((
            batch[done].name.clone(),
            format!("the driver crashed building it ({status})"),
        ));
        start += done + 1;
    }
    let _ = std::fs::remove_dir_all(&dir);
    Outcome::Built(failures)
}

/// Builds one module in a child process; `Err` says why the driver did not
/// accept it. Returns `Ok` without building when no runtime is usable (the
/// caller found one in-process, so this does not happen in practice).
pub fn check(name: &str, words: &[u32], options: &str) -> Result<(), String> {
    let module = Module {
        name: name.to_owned(),
        words: words.to_vec(),
        options: options.to_owned(),
    };
    match build_all(std::slice::from_ref(&module)) {
        Outcome::Built(failures) => match failures.into_iter().next() {
            Some((_, why)) => Err(why),
            None => Ok(()),
        },
        Outcome::NoRuntime(_) => Ok(()),
    }
}

/// Child mode: builds what the manifest lists, one result line per module.
fn run_child(manifest: &Path, results: &Path) {
    let mut out = std::fs::File::create(results).expect("results file");
    let runtime = match device_runtime() {
        Ok(runtime) => runtime,
        Err(why) => {
            let _ = writeln!(out, "NORUNTIME\t{}", escape(&why));
            return;
        }
    };
    let text = std::fs::read_to_string(manifest).expect("manifest");
    for line in text.lines() {
        let (file, options) = line.split_once('\t').unwrap_or((line, ""));
        let bytes = std::fs::read(file).expect("module");
        let words: Vec<u32> = bytes
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        let line = match runtime.build(&words, options) {
            Ok(_) => "OK".to_owned(),
            Err(why) => format!("FAIL\t{}", escape(&why)),
        };
        // One write and a flush per module: what is on disk when the
        // process dies is exactly the modules that finished.
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    }
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('\n', "\\n")
        .replace('\t', " ")
}

fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match (c, c == '\\') {
            (_, true) => match chars.next() {
                Some('n') => out.push('\n'),
                Some(other) => out.push(other),
                None => {}
            },
            (c, false) => out.push(c),
        }
    }
    out
}

/// In child mode, the child's work; otherwise a check of the mechanism.
#[test]
fn driver_builds_in_a_child_process() {
    if let (Some(manifest), Some(results)) = (
        std::env::var_os(MANIFEST_VAR),
        std::env::var_os("OCLC_DRIVER_RESULTS"),
    ) {
        run_child(Path::new(&manifest), Path::new(&results));
        return;
    }
    let good = oclc::compile(
        &oclc::Source::new("good.cl", "kernel void k(global int *p) { p[0] = 1; }"),
        &oclc::Options::default(),
    )
    .expect("compiles")
    .words;
    // A valid header with an entry point that names no function: the
    // driver must refuse it.
    let mut bad = good.clone();
    bad.truncate(5);
    let modules = [
        Module {
            name: "good".into(),
            words: good,
            options: String::new(),
        },
        Module {
            name: "bad".into(),
            words: bad,
            options: String::new(),
        },
    ];
    match build_all(&modules) {
        Outcome::NoRuntime(why) => skip_or_fail("driver_builds_in_a_child_process", &why),
        Outcome::Built(failures) => {
            let names: Vec<&str> = failures.iter().map(|(n, _)| n.as_str()).collect();
            assert_eq!(names, ["bad"], "{failures:?}");
        }
    }
}

fn skip_or_fail(test: &str, why: &str) {
    assert!(
        !runtime_required(),
        "driver::{test}: OCLC_REQUIRE_RUNTIME is set but the Intel OpenCL runtime is unusable: {why}"
    );
    announce(test, &format!("SKIPPED: no OpenCL runtime ({why})"));
}

/// The `-cl-std=` a module's fixture asked for (CL2.0 when none): the
/// runtime links generic-address-space built-ins only from 2.0 on.
pub fn device_options(flags: &str) -> String {
    flags
        .split_whitespace()
        .find(|f| f.starts_with("-cl-std="))
        .unwrap_or("-cl-std=CL2.0")
        .to_owned()
}

/// Every `.cl` under `dir` that compiles, as a module.
fn compiled_fixtures(dir: &str, out: &mut Vec<Module>) {
    for path in fixtures::files(dir, "cl") {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let flags = fixtures::flags_for(&text);
        let Ok(options) = oclc::Options::from_build_options(flags) else {
            continue;
        };
        // The device has 64-bit addresses: a `spirv32` module is not for
        // it (Intel's runtime aborts on one instead of refusing it).
        if options.pointer_bits != 64 {
            continue;
        }
        let source = oclc::Source::new(fixtures::display(&path), text.as_str());
        if let Ok(compiled) = oclc::compile(&source, &options) {
            out.push(Module {
                name: fixtures::display(&path),
                words: compiled.words,
                options: device_options(flags),
            });
        }
    }
}

#[test]
fn suite_modules_build_on_the_driver() {
    let mut modules = Vec::new();
    for dir in ["tests/codegen", "tests/ui", "examples"] {
        compiled_fixtures(dir, &mut modules);
    }
    assert!(modules.len() > 40, "only {} modules found", modules.len());
    match build_all(&modules) {
        Outcome::NoRuntime(why) => skip_or_fail("suite_modules_build_on_the_driver", &why),
        Outcome::Built(failures) => {
            let report: Vec<String> = failures
                .iter()
                .map(|(name, why)| format!("{name}: {why}"))
                .collect();
            assert!(
                failures.is_empty(),
                "{} of {} modules did not build on the driver:\n{}",
                failures.len(),
                modules.len(),
                report.join("\n")
            );
        }
    }
}
