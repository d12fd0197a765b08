//! The command line's streams and arguments, each case a defect a probe
//! found (issue "nothing lost, nothing hung"): diagnostics never share a
//! stream with the output, a failed write of either is exit 2 (never a
//! panic, never success), arguments need not be UTF-8, an `#include` of a
//! FIFO does not block, and clang's common driver flags are accepted.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const GOOD: &str = "kernel void k(global atomic_int *c) {\n    atomic_fetch_add_explicit(c, 1, memory_order_relaxed);\n}\n";
/// A warning from the preprocessor (W0101) and one from the rules
/// (W0402), and no error.
const WARNS: &str = "#warning \"heads up\"\nkernel void k(local atomic_int *c) {\n    atomic_fetch_add_explicit(c, 1, memory_order_relaxed, memory_scope_device);\n}\n";
/// An error (E0406).
const BAD: &str = "kernel void k(global atomic_int *c) {\n    atomic_store_explicit(c, 1, memory_order_relaxed, memory_scope_work_item);\n}\n";

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("robust-streams-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("good.cl"), GOOD).unwrap();
    std::fs::write(dir.join("warns.cl"), WARNS).unwrap();
    std::fs::write(dir.join("bad.cl"), BAD).unwrap();
    dir
}

fn command(dir: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_oclc"));
    command.args(args).current_dir(dir).env("NO_COLOR", "1");
    command
}

fn run(dir: &Path, args: &[&str]) -> Output {
    command(dir, args).output().expect("run oclc")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn diagnostics_never_go_to_the_output_stream() {
    let dir = scratch("separate");
    for format in ["sarif", "json", "human"] {
        let flag = format!("-fdiagnostics-format={format}");
        // The module on stdout is exactly the module, whatever the format.
        let o = run(&dir, &[&flag, "warns.cl", "-o", "-"]);
        assert_eq!(o.status.code(), Some(0), "{format}: {}", text(&o.stderr));
        assert_eq!(&o.stdout[..4], &0x0723_0203u32.to_le_bytes(), "{format}");
        assert!(text(&o.stderr).contains("W0402"), "{format}");
        // And the preprocessed text of -E.
        let o = run(&dir, &[&flag, "-E", "warns.cl"]);
        assert_eq!(o.status.code(), Some(0), "{format}: {}", text(&o.stderr));
        assert!(
            text(&o.stdout).contains("kernel void k"),
            "{format}: -E stdout"
        );
        assert!(!text(&o.stdout).contains("W0101"), "{format}: -E stdout");
        assert!(text(&o.stderr).contains("W0101"), "{format}: -E stderr");
    }
}

#[test]
fn failed_writes_are_errors() {
    let dir = scratch("writes");
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full");
    let Ok(full) = full else {
        return; // no /dev/full on this system
    };
    // The linter's report to a full device.
    let o = command(&dir, &["lint", "bad.cl"])
        .stdout(full.try_clone().unwrap())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
    assert!(text(&o.stderr).contains("cannot write to standard output"));
    // The module to a full device.
    let o = command(&dir, &["good.cl", "-o", "-"])
        .stdout(full.try_clone().unwrap())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    // Diagnostics to a full device: no abort, exit 2.
    let o = command(&dir, &["bad.cl", "-o", "out.spv"])
        .stderr(full.try_clone().unwrap())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(!dir.join("out.spv").exists());
    for args in [
        &["lint", "--list-rules"][..],
        &["lint", "--explain", "E0405"],
    ] {
        let o = command(&dir, args)
            .stdout(full.try_clone().unwrap())
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn a_closed_standard_output_is_an_error() {
    let dir = scratch("closed");
    // `sh -c 'exec >&-'` closes descriptor 1 before oclc starts.
    let oclc = env!("CARGO_BIN_EXE_oclc");
    for args in ["good.cl -o -", "lint bad.cl", "-E good.cl"] {
        let o = Command::new("sh")
            .arg("-c")
            .arg(format!("exec >&-; exec '{oclc}' {args}"))
            .current_dir(&dir)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "{args}: {}", text(&o.stderr));
        assert!(text(&o.stderr).contains("standard output"), "{args}");
    }
}

#[test]
fn file_names_need_not_be_utf8() {
    use std::os::unix::ffi::OsStrExt;
    let dir = scratch("bytes");
    let name = std::ffi::OsStr::from_bytes(b"k\xff.cl");
    std::fs::write(dir.join(name), BAD).unwrap();
    let o = command(&dir, &[]).arg(name).output().unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    assert!(
        text(&o.stderr).contains("k\u{fffd}.cl"),
        "{}",
        text(&o.stderr)
    );
    std::fs::write(dir.join(name), GOOD).unwrap();
    let out = std::ffi::OsStr::from_bytes(b"out\xfe.spv");
    let o = command(&dir, &[])
        .arg(name)
        .arg("-o")
        .arg(out)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(dir.join(out).exists());
    let o = command(&dir, &["lint"]).arg(name).output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
}

#[test]
fn includes_of_fifos_devices_and_directories_do_not_block() {
    let dir = scratch("fifo");
    let made = Command::new("mkfifo").arg(dir.join("f.h")).status();
    if !made.is_ok_and(|s| s.success()) {
        return; // no mkfifo
    }
    std::fs::create_dir(dir.join("d.h")).unwrap();
    for header in ["f.h", "d.h", "/dev/zero"] {
        std::fs::write(dir.join("inc.cl"), format!("#include \"{header}\"\n{GOOD}")).unwrap();
        let mut child = command(&dir, &["inc.cl", "-o", "out.spv"])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let start = std::time::Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if start.elapsed() > std::time::Duration::from_secs(20) {
                let _ = child.kill();
                panic!("#include \"{header}\" blocked");
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        };
        assert_eq!(status.code(), Some(1), "{header}");
    }
}

#[test]
fn clang_driver_flags_and_standard_input() {
    let dir = scratch("flags");
    std::fs::write(dir.join("inc.h"), "#define ONE 1\n").unwrap();
    std::fs::write(dir.join("main.cl"), format!("#include \"inc.h\"\n{GOOD}")).unwrap();
    let o = run(
        &dir,
        &[
            "-x", "cl", "-g0", "-MD", "-MF", "main.d", "main.cl", "-o", "main.spv",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let rule = std::fs::read_to_string(dir.join("main.d")).unwrap();
    assert!(rule.starts_with("main.spv:"), "{rule}");
    assert!(rule.contains("main.cl") && rule.contains("inc.h"), "{rule}");
    // -MD alone: the rule goes beside the output, named after it.
    let o = run(&dir, &["-MD", "main.cl", "-o", "other.spv"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(std::fs::read_to_string(dir.join("other.d"))
        .unwrap()
        .starts_with("other.spv:"));
    // Another language, and options oclc does not know: clang's words (a
    // vendor's `-cl-` option is named whole, not as the flags `-c -l`).
    for (args, words) in [
        (&["-x", "c++", "main.cl"][..], "OpenCL C only"),
        (
            &["-fno-such-flag", "main.cl"],
            "unknown argument: '-fno-such-flag'",
        ),
        (
            &["-cl-nv-verbose", "main.cl"],
            "unknown argument: '-cl-nv-verbose'",
        ),
    ] {
        let o = run(&dir, args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(text(&o.stderr).contains(words), "{}", text(&o.stderr));
    }
    // `-` reads the source from standard input.
    let mut child = command(&dir, &["-", "-o", "stdin.spv"])
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(GOOD.as_bytes())
        .unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(dir.join("stdin.spv").exists());
}

#[test]
fn the_command_stops_after_twenty_errors_as_clang_does() {
    let dir = scratch("limit");
    let mut source = String::from("kernel void k(global atomic_int *c) {\n");
    for _ in 0..100 {
        source.push_str("    atomic_store_explicit(c, 1, memory_order_acquire);\n");
    }
    source.push_str("}\n");
    std::fs::write(dir.join("many.cl"), source).unwrap();
    let count = |o: &Output| text(&o.stderr).matches("error[E0401]").count();
    let o = run(&dir, &["many.cl", "-o", "out.spv"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(count(&o), 20, "{}", text(&o.stderr));
    let o = run(&dir, &["-ferror-limit=0", "many.cl", "-o", "out.spv"]);
    assert_eq!(count(&o), 100);
    // The linter reports every finding (its report is its output).
    let o = run(&dir, &["lint", "many.cl"]);
    assert_eq!(text(&o.stdout).matches("error[E0401]").count(), 100);
}

#[test]
fn sarif_lists_only_the_rules_with_results() {
    let dir = scratch("sarif");
    let mut source = String::from("kernel void k(global atomic_int *c) {\n");
    for _ in 0..2000 {
        source.push_str("    atomic_store_explicit(c, 1, memory_order_acquire);\n");
    }
    source.push_str("}\n");
    std::fs::write(dir.join("many.cl"), source).unwrap();
    let o = run(&dir, &["lint", "--format", "sarif", "many.cl"]);
    assert_eq!(o.status.code(), Some(1));
    let log: serde_json::Value = serde_json::from_slice(&o.stdout).expect("SARIF is JSON");
    let first = &log["runs"][0];
    let rules = first["tool"]["driver"]["rules"].as_array().unwrap();
    assert_eq!(rules.len(), 1, "one rule has results");
    assert_eq!(rules[0]["id"], "E0401");
    assert_eq!(first["results"].as_array().unwrap().len(), 2000);
    // Linear: well under 2 KB a finding (it was 189 KB for one finding).
    assert!(o.stdout.len() < 2000 * 2048, "{} bytes", o.stdout.len());
    // No finding: no rule text at all.
    let o = run(&dir, &["lint", "--format", "sarif", "good.cl"]);
    let log: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        log["runs"][0]["tool"]["driver"]["rules"],
        serde_json::json!([])
    );
    assert!(o.stdout.len() < 1024, "{} bytes", o.stdout.len());
}

#[test]
fn latin1_bytes_in_comments_and_strings_are_kept() {
    let dir = scratch("latin1");
    let source = b"// caf\xe9\nkernel void k(global int *o) { o[0] = 1; } /* \xff */\n";
    std::fs::write(dir.join("l.cl"), source).unwrap();
    let o = run(&dir, &["l.cl", "-o", "l.spv"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let strings = b"#define GREETING \"gr\xfc\xdf\"\nGREETING\n";
    std::fs::write(dir.join("s.cl"), strings).unwrap();
    let o = run(&dir, &["-E", "s.cl"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let needle = b"\"gr\xfc\xdf\"";
    assert!(
        o.stdout.windows(needle.len()).any(|w| w == needle),
        "the string's bytes come out unchanged: {:?}",
        String::from_utf8_lossy(&o.stdout)
    );
}
