//! The command line on bad input files and output paths (complementing
//! `tests/suite/cli.rs`): every case gives a clear message and the
//! documented exit code (0 ok, 1 errors in the input, 2 usage or I/O
//! error), and on any error no output file appears and an existing one is
//! left byte-for-byte untouched, with no temporary file left behind.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const GOOD: &str = "kernel void k(global atomic_int *c) {\n    atomic_fetch_add_explicit(c, 1, memory_order_relaxed);\n}\n";
const PRECIOUS: &[u8] = b"precious bytes";

fn oclc(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_oclc"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("run oclc")
}

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("robust-cli-{name}"));
    if dir.exists() {
        make_writable(&dir);
        let _ = std::fs::remove_dir_all(&dir);
    }
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn make_writable(dir: &Path) {
    use std::os::unix::fs::PermissionsExt;
    let _ = std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o755));
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries.flatten() {
            if e.path().is_dir() {
                make_writable(&e.path());
            }
        }
    }
}

fn set_mode(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Sorted names of the entries of `dir` (to spot stray temporary files).
fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Runs `args` in `dir`, where `out.spv` holds [`PRECIOUS`]; asserts the
/// exit code, a message containing `needle`, that `out.spv` is untouched
/// and that no file appeared.
fn fails_cleanly(dir: &Path, args: &[&str], code: i32, needle: &str) {
    std::fs::write(dir.join("out.spv"), PRECIOUS).unwrap();
    let before = entries(dir);
    let o = oclc(args, dir);
    assert_eq!(o.status.code(), Some(code), "{args:?}: {}", stderr(&o));
    assert!(
        stderr(&o).contains(needle),
        "{args:?}: expected `{needle}` in:\n{}",
        stderr(&o)
    );
    assert!(o.stdout.is_empty(), "{args:?}: wrote to stdout");
    assert_eq!(
        std::fs::read(dir.join("out.spv")).unwrap(),
        PRECIOUS,
        "{args:?}"
    );
    assert_eq!(entries(dir), before, "{args:?}: files appeared");
}

#[test]
fn bad_input_files_fail_cleanly() {
    let dir = scratch("inputs");
    std::fs::create_dir(dir.join("sub.cl")).unwrap();
    std::fs::write(
        dir.join("latin1.cl"),
        b"kernel void k(global int *o) { o[0] = 1; } // caf\xe9\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("latin1_code.cl"),
        b"kernel void k(global int *o) { o[0] = 1\xe9; }\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("nul.cl"),
        b"kernel void k(global int *o) {\n    o[0] = 1;\0\n}\n",
    )
    .unwrap();
    std::fs::write(dir.join("bad.cl"), "kernel void k(global atomic_int *c) { atomic_store_explicit(c, 1, memory_order_acquire); }\n").unwrap();
    let cases: &[(&[&str], i32, &str)] = &[
        (
            &["missing.cl", "-o", "out.spv"],
            2,
            "cannot read `missing.cl`: no such file",
        ),
        (
            &["sub.cl", "-o", "out.spv"],
            2,
            "cannot read `sub.cl`: it is a directory",
        ),
        (
            &["latin1_code.cl", "-o", "out.spv"],
            1,
            "error[E0202]: byte 0xE9 is not valid UTF-8",
        ),
        (
            &["nul.cl", "-o", "out.spv"],
            1,
            "unexpected character `\\0`",
        ),
        (&["bad.cl", "-o", "out.spv"], 1, "error[E0401]"),
        (&["-S", "bad.cl", "-o", "out.spv"], 1, "error[E0401]"),
        (&["-E", "missing.cl", "-o", "out.spv"], 2, "no such file"),
    ];
    for (args, code, needle) in cases {
        fails_cleanly(&dir, args, *code, needle);
    }
}

#[test]
fn an_empty_file_or_one_without_kernels_compiles_to_a_library_module() {
    let dir = scratch("empty");
    std::fs::write(dir.join("empty.cl"), "").unwrap();
    std::fs::write(
        dir.join("helpers.cl"),
        "int twice(int x) { return 2 * x; }\n",
    )
    .unwrap();
    for name in ["empty", "helpers"] {
        let o = oclc(&[&format!("{name}.cl"), "-o", "out.spv"], &dir);
        assert_eq!(o.status.code(), Some(0), "{name}: {}", stderr(&o));
        let bytes = std::fs::read(dir.join("out.spv")).unwrap();
        assert_eq!(&bytes[..4], &0x0723_0203u32.to_le_bytes(), "{name}");
    }
}

/// Whether this process bypasses file permissions (root, or
/// `CAP_DAC_OVERRIDE`): then `chmod 000` does not make a file unreadable.
fn permissions_are_bypassed(dir: &Path) -> bool {
    let probe = dir.join("probe");
    std::fs::write(&probe, "x").unwrap();
    set_mode(&probe, 0o000);
    let readable = std::fs::read(&probe).is_ok();
    set_mode(&probe, 0o644);
    std::fs::remove_file(&probe).unwrap();
    readable
}

#[test]
fn unreadable_input_and_read_only_output_directory() {
    let dir = scratch("permissions");
    let bypassed = permissions_are_bypassed(&dir);
    std::fs::write(dir.join("k.cl"), GOOD).unwrap();
    std::fs::write(dir.join("locked.cl"), GOOD).unwrap();
    set_mode(&dir.join("locked.cl"), 0o000);
    std::fs::create_dir(dir.join("ro")).unwrap();
    std::fs::write(dir.join("ro").join("out.spv"), PRECIOUS).unwrap();
    set_mode(&dir.join("ro"), 0o555);
    if bypassed {
        // Running as root: permissions cannot fail here, so check that the
        // same commands succeed instead of silently testing nothing.
        let o = oclc(&["locked.cl", "-o", "out.spv"], &dir);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let o = oclc(&["k.cl", "-o", "ro/new.spv"], &dir);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    } else {
        fails_cleanly(
            &dir,
            &["locked.cl", "-o", "out.spv"],
            2,
            "cannot read `locked.cl`: permission denied",
        );
        fails_cleanly(
            &dir,
            &["k.cl", "-o", "ro/new.spv"],
            2,
            "cannot write `ro/new.spv`: permission denied",
        );
        fails_cleanly(
            &dir,
            &["k.cl", "-o", "ro/out.spv"],
            2,
            "cannot write `ro/out.spv`",
        );
        assert_eq!(
            std::fs::read(dir.join("ro").join("out.spv")).unwrap(),
            PRECIOUS
        );
        assert_eq!(entries(&dir.join("ro")), ["out.spv"]);
    }
    set_mode(&dir.join("ro"), 0o755);
    set_mode(&dir.join("locked.cl"), 0o644);
}

#[test]
fn bad_output_paths_fail_cleanly() {
    let dir = scratch("outputs");
    std::fs::write(dir.join("k.cl"), GOOD).unwrap();
    std::fs::create_dir(dir.join("sub")).unwrap();
    std::fs::create_dir(dir.join("out.dir")).unwrap();
    std::os::unix::fs::symlink(dir.join("k.cl"), dir.join("link.cl")).unwrap();
    std::fs::hard_link(dir.join("k.cl"), dir.join("hard.cl")).unwrap();
    let cases: &[(&[&str], &str)] = &[
        (
            &["k.cl", "-o", "missing/deeper/k.spv"],
            "cannot write `missing/deeper/k.spv`",
        ),
        (&["k.cl", "-o", "out.dir"], "cannot write `out.dir`"),
        (&["k.cl", "-o", "./k.cl"], "is an input file"),
        (&["k.cl", "-o", "sub/../k.cl"], "is an input file"),
        (&["k.cl", "-o", "link.cl"], "is an input file"),
        (&["link.cl", "-o", "k.cl"], "is an input file"),
        (&["k.cl", "-o", "hard.cl"], "is an input file"),
        (&["-S", "k.cl", "-o", "k.cl"], "is an input file"),
        (&["-E", "k.cl", "-o", "k.cl"], "is an input file"),
        (&["k.cl", "-o"], "-o"),
        // The linter's report may not replace a file it checks either,
        // whichever of its inputs and however spelled.
        (&["lint", "k.cl", "-o", "k.cl"], "is an input file"),
        (&["lint", "k.cl", "-o", "./k.cl"], "is an input file"),
        (&["lint", "k.cl", "-o", "sub/../k.cl"], "is an input file"),
        (&["lint", "k.cl", "-o", "link.cl"], "is an input file"),
        (&["lint", "link.cl", "-o", "k.cl"], "is an input file"),
        (&["lint", "k.cl", "-o", "hard.cl"], "is an input file"),
        (
            &[
                "lint", "--format", "json", "-o", "hard.cl", "out.spv", "k.cl",
            ],
            "is an input file",
        ),
        (
            &["lint", "--format", "sarif", "k.cl", "-o", "k.cl"],
            "is an input file",
        ),
        (&["lint", "k.cl", "-o", "out.dir"], "cannot write `out.dir`"),
    ];
    for (args, needle) in cases {
        fails_cleanly(&dir, args, 2, needle);
        assert_eq!(
            std::fs::read_to_string(dir.join("k.cl")).unwrap(),
            GOOD,
            "{args:?}"
        );
    }
    assert!(!dir.join("missing").exists());
}

#[test]
fn a_successful_write_replaces_the_output_atomically() {
    let dir = scratch("replace");
    std::fs::write(dir.join("k.cl"), GOOD).unwrap();
    std::fs::write(dir.join("out.spv"), PRECIOUS).unwrap();
    let o = oclc(&["k.cl", "-o", "out.spv"], &dir);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let bytes = std::fs::read(dir.join("out.spv")).unwrap();
    assert_eq!(&bytes[..4], &0x0723_0203u32.to_le_bytes());
    assert_eq!(entries(&dir), ["k.cl", "out.spv"]);

    // The destination name is replaced, as `rename` would: a symbolic link
    // becomes the new file and its target keeps its bytes; another hard
    // link to the old file keeps the old file.
    std::fs::write(dir.join("target.spv"), PRECIOUS).unwrap();
    std::os::unix::fs::symlink("target.spv", dir.join("link.spv")).unwrap();
    std::fs::hard_link(dir.join("target.spv"), dir.join("hard.spv")).unwrap();
    for out in ["link.spv", "hard.spv"] {
        let o = oclc(&["k.cl", "-o", out], &dir);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let meta = std::fs::symlink_metadata(dir.join(out)).unwrap();
        assert!(meta.is_file(), "{out}");
        assert_eq!(std::fs::read(dir.join(out)).unwrap(), bytes, "{out}");
        assert_eq!(std::fs::read(dir.join("target.spv")).unwrap(), PRECIOUS);
    }
    assert_eq!(
        entries(&dir),
        ["hard.spv", "k.cl", "link.spv", "out.spv", "target.spv"]
    );
}

/// An output that cannot be written is a diagnostic (E0005) in the format
/// the user chose, in the same report as the run's other diagnostics: a
/// JSON consumer gets a JSON line, a SARIF consumer one SARIF log.
#[test]
fn output_failures_are_diagnostics_in_the_chosen_format() {
    let dir = scratch("output-diagnostics");
    std::fs::write(dir.join("k.cl"), GOOD).unwrap();
    let human = oclc(&["k.cl", "-o", "missing/k.spv"], &dir);
    assert_eq!(human.status.code(), Some(2));
    assert!(
        stderr(&human).starts_with("error[E0005]: cannot write `missing/k.spv`"),
        "{}",
        stderr(&human)
    );
    for (args, needle) in [
        (
            &["-fdiagnostics-format=json", "k.cl", "-o", "missing/k.spv"][..],
            "cannot write `missing/k.spv`",
        ),
        (
            &["-E", "-fdiagnostics-format=json", "k.cl", "-o", "k.cl"][..],
            "is an input file",
        ),
        (
            &["lint", "--format", "json", "k.cl", "-o", "missing/r.json"][..],
            "cannot write `missing/r.json`",
        ),
    ] {
        let o = oclc(args, &dir);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let lines: Vec<serde_json::Value> = stderr(&o)
            .lines()
            .map(|l| serde_json::from_str(l).expect("a JSON diagnostic per line"))
            .collect();
        assert_eq!(lines.len(), 1, "{args:?}: {}", stderr(&o));
        assert_eq!(lines[0]["code"]["code"], "E0005", "{args:?}");
        assert!(lines[0]["message"].as_str().unwrap().contains(needle));
    }
    let sarif = oclc(
        &["-fdiagnostics-format=sarif", "k.cl", "-o", "missing/k.spv"],
        &dir,
    );
    assert_eq!(sarif.status.code(), Some(2));
    let log: serde_json::Value = serde_json::from_str(&stderr(&sarif)).expect("one SARIF log");
    let results = log["runs"][0]["results"].as_array().unwrap();
    assert_eq!(results.len(), 1);
    assert_eq!(results[0]["ruleId"], "E0005");
    assert!(!dir.join("missing").exists());
}
