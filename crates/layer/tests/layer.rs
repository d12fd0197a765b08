//! Real OpenCL applications under the layer, on Intel's CPU runtime: the C
//! host in `hosts/host.c` through both ICD loaders (the Khronos loader the
//! runtime ships, and Debian's ocl-icd), and a PyOpenCL script
//! (`hosts/pyopencl_host.py`, through the ocl-icd PyOpenCL bundles).
//!
//! Each test checks the results on the device, what the application sees
//! (return codes, build status and log, its own program handle) and the
//! layer's JSON report (who produced the module). The runtime comes from
//! `scripts/test.sh` (its `env.sh`); without it the tests announce a skip,
//! or fail when `OCLC_REQUIRE_RUNTIME` is set.

use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

/// Debian's ICD loader (package ocl-icd-libopencl1).
const OCL_ICD: &str = "/usr/lib/x86_64-linux-gnu/libOpenCL.so.1";

/// Scales and offsets by macros the build options define; a second kernel
/// makes the program's kernel count 2.
const DEFINES: &str = "\
kernel void run(global int *out, global const int *in) {
    int i = get_global_id(0);
    out[i] = in[i] * FACTOR + OFFSET;
}
kernel void other(volatile global int *p) { atomic_inc(p); }
";

/// A store with acquire ordering (E0401), which the driver's compiler
/// accepts.
const STORE_ACQUIRE: &str = "\
kernel void run(global int *out, global const int *in) {
    int i = get_global_id(0);
    if (i == 0)
        atomic_store_explicit((volatile global atomic_int *)out, 100, memory_order_acquire);
    else
        out[i] = in[i] + 1;
}
";

/// Valid OpenCL C that oclc's back end cannot translate yet (E0902: a
/// constant union initialized through a first member that is not its
/// widest).
const UNSUPPORTED: &str = "\
typedef union { char c; int i; } U;
constant U table[2] = { { 5 }, { 9 } };
kernel void run(global int *out, global const int *in) {
    int i = get_global_id(0);
    out[i] = in[i] + table[i & 1].c;
}
";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Loader {
    /// The Khronos loader in Intel's runtime wheel (`clInitLayerWithProperties`).
    Khronos,
    /// Debian's ocl-icd 2.3 (`clInitLayer`).
    OclIcd,
}

const LOADERS: [Loader; 2] = [Loader::Khronos, Loader::OclIcd];

struct Setup {
    layer: PathBuf,
    host: PathBuf,
    khronos: PathBuf,
    dir: PathBuf,
}

/// `OCLC_REQUIRE_RUNTIME` (any value but empty or `0`): fail, not skip.
fn required() -> bool {
    std::env::var("OCLC_REQUIRE_RUNTIME").is_ok_and(|v| !v.is_empty() && v != "0")
}

fn skip(test: &str, why: &str) {
    assert!(!required(), "layer::{test}: required but unusable: {why}");
    eprintln!("layer::{test}: SKIPPED: {why}; run scripts/test.sh");
}

/// The layer built by this `cargo test` (`target/debug/liboclc_layer.so`),
/// the C host compiled against the runtime's loader, a scratch directory.
fn setup(test: &str) -> Option<&'static Setup> {
    static SETUP: OnceLock<Result<Setup, String>> = OnceLock::new();
    let setup = SETUP.get_or_init(|| {
        let khronos = std::env::var_os("OPENCL_DYLIB_PATH")
            .map(PathBuf::from)
            .filter(|p| p.exists() && std::env::var_os("OCL_ICD_VENDORS").is_some())
            .ok_or("Intel's OpenCL runtime is not set up (OPENCL_DYLIB_PATH, OCL_ICD_VENDORS)")?;
        // Tests run from target/debug/deps/, where `cargo test` leaves the
        // cdylib (`cargo build` also copies it to target/debug/).
        let exe = std::env::current_exe().map_err(|e| e.to_string())?;
        let deps = exe.parent().ok_or("no test directory")?;
        let layer = [deps, deps.parent().unwrap_or(deps)]
            .iter()
            .map(|d| d.join("liboclc_layer.so"))
            .find(|p| p.exists())
            .ok_or("liboclc_layer.so was not built")?;
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("layer");
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        let host = dir.join("host");
        let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hosts/host.c");
        let out = Command::new("cc")
            .args(["-std=gnu11", "-O1", "-Wall", "-o"])
            .arg(&host)
            .arg(&source)
            .arg(&khronos)
            .output()
            .map_err(|e| format!("cannot run cc: {e}"))?;
        if !out.status.success() {
            return Err(format!(
                "cc failed: {}",
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        Ok(Setup {
            layer,
            host,
            khronos,
            dir,
        })
    });
    match setup {
        Ok(s) => Some(s),
        Err(why) => {
            skip(test, why);
            None
        }
    }
}

/// What one run printed and reported.
struct Run {
    facts: BTreeMap<String, String>,
    logs: Vec<String>,
    report: Vec<Value>,
    text: String,
}

impl Run {
    fn fact(&self, key: &str) -> &str {
        self.facts
            .get(key)
            .map(String::as_str)
            .unwrap_or_else(|| panic!("no `{key}` in the output:\n{}", self.text))
    }

    fn outcomes(&self) -> Vec<&str> {
        self.report
            .iter()
            .map(|e| e["outcome"].as_str().unwrap_or("?"))
            .collect()
    }

    fn codes(&self) -> Vec<&str> {
        self.report
            .iter()
            .flat_map(|e| e["diagnostics"].as_array().into_iter().flatten())
            .filter_map(|d| d["code"]["code"].as_str())
            .collect()
    }
}

fn parse(text: &str, report: &Path) -> Run {
    let mut facts = BTreeMap::new();
    let mut logs = Vec::new();
    let mut log: Option<String> = None;
    for line in text.lines() {
        if let Some(current) = log.as_mut() {
            if line.starts_with("log-end") {
                logs.push(log.take().unwrap_or_default());
            } else {
                current.push_str(line);
                current.push('\n');
            }
        } else if line.starts_with("log-begin") {
            log = Some(String::new());
        } else if let Some((key, value)) = line.split_once(": ") {
            facts.insert(key.to_string(), value.to_string());
        }
    }
    let report = std::fs::read_to_string(report)
        .unwrap_or_default()
        .lines()
        .map(|l| serde_json::from_str(l).expect("the report is JSON lines"))
        .collect();
    Run {
        facts,
        logs,
        report,
        text: text.to_string(),
    }
}

/// A fresh directory for one run.
fn scratch(setup: &Setup, name: &str) -> PathBuf {
    static COUNT: AtomicUsize = AtomicUsize::new(0);
    let dir = setup
        .dir
        .join(format!("{name}-{}", COUNT.fetch_add(1, Ordering::Relaxed)));
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

fn layer_env(command: &mut Command, setup: &Setup, mode: &str, report: &Path) {
    command
        .env("OPENCL_LAYERS", &setup.layer)
        .env("OCLC_LAYER_MODE", mode)
        .env("OCLC_LAYER_REPORT", report)
        .env_remove("OCLC_LAYER_REPORT_FORMAT");
}

/// Runs the C host on `source` under the layer in `mode`.
fn host(
    setup: &Setup,
    loader: Loader,
    mode: &str,
    source: &str,
    options: &str,
    extra: &[&str],
) -> Run {
    let dir = scratch(setup, mode);
    let file = dir.join("kernel.cl");
    std::fs::write(&file, source).expect("kernel file");
    let report = dir.join("report.json");
    let mut command = Command::new(&setup.host);
    command
        .arg(&file)
        .arg(options)
        .args(extra)
        .current_dir(&dir);
    layer_env(&mut command, setup, mode, &report);
    let preload = match loader {
        Loader::Khronos => setup.khronos.clone(),
        Loader::OclIcd => PathBuf::from(OCL_ICD),
    };
    command.env("LD_PRELOAD", preload);
    let out = command.output().expect("the host runs");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "host ({loader:?}, {mode}) failed: {text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    parse(&text, &report)
}

/// The loaders this machine has (ocl-icd is required under CI).
fn loaders(test: &str) -> Vec<Loader> {
    LOADERS
        .into_iter()
        .filter(|&l| {
            let present = l != Loader::OclIcd || Path::new(OCL_ICD).exists();
            if !present {
                skip(test, "ocl-icd-libopencl1 is not installed");
            }
            present
        })
        .collect()
}

fn expected(f: impl Fn(i32) -> i32) -> String {
    (0..64)
        .map(|i| f(i).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Checks a run whose builds all succeeded: results on every device of
/// every context, and the application's view of its program.
fn check_ran(run: &Run, contexts: usize, devices: usize, f: impl Fn(i32) -> i32, kernels: &str) {
    let want = expected(f);
    for c in 0..contexts {
        assert_eq!(run.fact(&format!("build {c}")), "0", "{}", run.text);
        assert_eq!(run.fact(&format!("callback {c}")), "same", "{}", run.text);
        assert_eq!(run.fact(&format!("source {c}")), "same", "{}", run.text);
        assert_eq!(
            run.fact(&format!("kernel-program {c}")),
            "same",
            "{}",
            run.text
        );
        assert_eq!(run.fact(&format!("kernels {c}")), kernels, "{}", run.text);
        for d in 0..devices {
            assert_eq!(run.fact(&format!("out {c}.{d}")), want, "{}", run.text);
        }
        assert_eq!(run.fact(&format!("binary-out {c}")), want, "{}", run.text);
    }
    assert_eq!(run.fact("done"), contexts.to_string(), "{}", run.text);
}

#[test]
fn c_host_builds_with_defines_in_every_mode() {
    let Some(setup) = setup("c_host_builds_with_defines_in_every_mode") else {
        return;
    };
    let options = "-D FACTOR=3 -DOFFSET=7 -cl-kernel-arg-info";
    for loader in loaders("c_host_builds_with_defines_in_every_mode") {
        for (mode, outcome) in [
            ("compile", "oclc-module"),
            ("fallback", "oclc-module"),
            ("lint", "driver-lint"),
        ] {
            let run = host(setup, loader, mode, DEFINES, options, &[]);
            check_ran(&run, 1, 1, |i| 3 * i + 7, "2");
            assert_eq!(run.fact("arg0-name 0"), "out", "{loader:?} {mode}");
            assert_eq!(
                run.outcomes(),
                [outcome],
                "{loader:?} {mode}: {:?}",
                run.report
            );
            assert_eq!(run.report[0]["options"], options);
            assert!(
                run.logs[0].contains("oclc-layer: program-1.cl"),
                "{}",
                run.logs[0]
            );
        }
    }
}

#[test]
fn two_contexts_and_two_devices() {
    let Some(setup) = setup("two_contexts_and_two_devices") else {
        return;
    };
    let options = "-D FACTOR=-2 -D OFFSET=1";
    for loader in loaders("two_contexts_and_two_devices") {
        let run = host(
            setup,
            loader,
            "compile",
            DEFINES,
            options,
            &["--contexts", "2"],
        );
        check_ran(&run, 2, 1, |i| 1 - 2 * i, "2");
        assert_eq!(run.outcomes(), ["oclc-module", "oclc-module"], "{loader:?}");
        let run = host(
            setup,
            loader,
            "compile",
            DEFINES,
            options,
            &["--sub-devices"],
        );
        check_ran(&run, 1, 2, |i| 1 - 2 * i, "2");
        assert_eq!(run.outcomes(), ["oclc-module"], "{loader:?}");
        let devices = run.report[0]["devices"].as_str().unwrap_or_default();
        assert_eq!(devices.matches(", ").count(), 1, "two devices: {devices}");
    }
}

#[test]
fn invalid_atomic_order_in_each_mode() {
    let Some(setup) = setup("invalid_atomic_order_in_each_mode") else {
        return;
    };
    let options = "-cl-std=CL2.0";
    let result = |i: i32| if i == 0 { 100 } else { i + 1 };
    for loader in loaders("invalid_atomic_order_in_each_mode") {
        // lint: the driver's build, oclc's finding in the log and report.
        let run = host(setup, loader, "lint", STORE_ACQUIRE, options, &[]);
        check_ran(&run, 1, 1, result, "1");
        assert!(run.logs[0].contains("error[E0401]"), "{}", run.logs[0]);
        assert_eq!(run.outcomes(), ["driver-lint"]);
        assert_eq!(run.codes(), ["E0401"]);

        // compile: the build fails as a driver's would, oclc's log.
        let run = host(setup, loader, "compile", STORE_ACQUIRE, options, &[]);
        assert_eq!(run.fact("build 0"), "-11", "{}", run.text);
        assert_eq!(run.fact("build-status 0"), "-2", "{}", run.text);
        assert_eq!(run.fact("callback 0"), "same", "{}", run.text);
        assert_eq!(run.fact("source 0"), "same", "{}", run.text);
        assert!(run.logs[0].contains("error[E0401]"), "{}", run.logs[0]);
        assert!(!run.facts.contains_key("out 0.0"), "{}", run.text);
        assert_eq!(run.outcomes(), ["oclc-rejected"]);
        assert_eq!(run.codes(), ["E0401"]);

        // fallback: the driver builds it; the report says why.
        let run = host(setup, loader, "fallback", STORE_ACQUIRE, options, &[]);
        check_ran(&run, 1, 1, result, "1");
        assert_eq!(run.outcomes(), ["driver-fallback"]);
        let reason = run.report[0]["reason"].as_str().unwrap_or_default();
        assert!(reason.contains("E0401"), "{reason}");
    }
}

#[test]
fn program_oclc_cannot_compile_falls_back() {
    let Some(setup) = setup("program_oclc_cannot_compile_falls_back") else {
        return;
    };
    let result = |i: i32| i + if i % 2 == 0 { 5 } else { 9 };
    for loader in loaders("program_oclc_cannot_compile_falls_back") {
        let run = host(setup, loader, "fallback", UNSUPPORTED, "", &[]);
        check_ran(&run, 1, 1, result, "1");
        assert_eq!(run.outcomes(), ["driver-fallback"]);
        assert_eq!(run.codes(), ["E0902"]);
        assert!(run.logs[0].contains("E0902"), "{}", run.logs[0]);
    }
}

/// A kernel whose atomic store with acquire ordering (E0401) sits in a
/// header the application embeds in `clCompileProgram`.
const WITH_HEADER: &str = "\
#include \"store.h\"
kernel void run(global int *out, global const int *in) {
    int i = get_global_id(0);
    if (i == 0)
        store_flag((volatile global atomic_int *)out);
    else
        out[i] = in[i] * SCALE;
}
";

const HEADER: &str = "\
#define SCALE 5
void store_flag(volatile global atomic_int *p) {
    atomic_store_explicit(p, 100, memory_order_acquire);
}
";

#[test]
fn compile_program_is_linted_with_its_headers() {
    let test = "compile_program_is_linted_with_its_headers";
    let Some(setup) = setup(test) else {
        return;
    };
    let result = |i: i32| if i == 0 { 100 } else { 5 * i };
    for loader in loaders(test) {
        for mode in ["lint", "compile", "fallback"] {
            let dir = scratch(setup, "header");
            let header = dir.join("store.h.txt");
            std::fs::write(&header, HEADER).expect("header file");
            let run = host(
                setup,
                loader,
                mode,
                WITH_HEADER,
                "-cl-std=CL2.0",
                &["--header", "store.h", header.to_str().unwrap_or_default()],
            );
            // The driver compiles and links; oclc's finding, made with the
            // embedded header, is in the compiled program's log and report.
            assert_eq!(
                run.fact("compile 0"),
                "0",
                "{loader:?} {mode}: {}",
                run.text
            );
            assert_eq!(run.fact("link 0"), "0", "{loader:?} {mode}: {}", run.text);
            assert_eq!(run.fact("out 0.0"), expected(result), "{}", run.text);
            assert!(run.logs[0].contains("error[E0401]"), "{}", run.logs[0]);
            assert!(run.logs[0].contains("store.h"), "{}", run.logs[0]);
            assert_eq!(run.outcomes(), ["driver-lint"], "{loader:?} {mode}");
            assert_eq!(run.codes(), ["E0401"], "{loader:?} {mode}");
        }
    }
}

#[test]
fn pyopencl_program_build() {
    let test = "pyopencl_program_build";
    let Some(setup) = setup(test) else {
        return;
    };
    // scripts/test.sh makes one virtual environment with PyOpenCL for the
    // Python tests and names its interpreter in OCLC_PYTHON.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let python = std::env::var_os("OCLC_PYTHON")
        .map_or_else(|| root.join(".cache/python-venv/bin/python"), Into::into);
    if !python.exists() {
        skip(
            test,
            "PyOpenCL is not installed (OCLC_PYTHON, .cache/python-venv)",
        );
        return;
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hosts/pyopencl_host.py");
    for (mode, source, outcome, f) in [
        (
            "compile",
            DEFINES,
            "oclc-module",
            (|i| 5 * i - 3) as fn(i32) -> i32,
        ),
        ("lint", STORE_ACQUIRE, "driver-lint", |i| {
            if i == 0 {
                100
            } else {
                i + 1
            }
        }),
    ] {
        let dir = scratch(setup, "pyopencl");
        let file = dir.join("kernel.cl");
        std::fs::write(&file, source).expect("kernel file");
        let report = dir.join("report.json");
        let mut command = Command::new(&python);
        command
            .arg(&script)
            .arg(&file)
            .arg("-DFACTOR=5 -DOFFSET=-3 -cl-std=CL2.0")
            .current_dir(&dir)
            .env("PYOPENCL_NO_CACHE", "1")
            .env_remove("LD_PRELOAD");
        layer_env(&mut command, setup, mode, &report);
        let out = command.output().expect("python runs");
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            out.status.success(),
            "pyopencl ({mode}) failed: {text}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let run = parse(&text, &report);
        assert_eq!(run.fact("out"), expected(f), "{text}");
        assert_eq!(run.outcomes(), [outcome], "{mode}: {:?}", run.report);
        // PyOpenCL adds its own include directory.
        let options = run.report[0]["options"].as_str().unwrap_or_default();
        assert!(options.contains("-I"), "{options}");
        assert!(
            run.logs[0].contains("oclc-layer: program-1.cl"),
            "{}",
            run.logs[0]
        );
        if mode == "lint" {
            assert_eq!(run.codes(), ["E0401"]);
        }
    }
}
