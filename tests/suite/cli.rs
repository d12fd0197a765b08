//! The `oclc` command line: exit codes, messages, and output-file safety.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const GOOD: &str = "kernel void k(global atomic_int *c) {\n    atomic_fetch_add_explicit(c, 1, memory_order_relaxed);\n}\n";
const BAD: &str = "kernel void k(global atomic_int *c) {\n    atomic_store_explicit(c, 1, memory_order_acquire);\n}\n";

fn oclc(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_oclc"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("run oclc")
}

/// A fresh scratch directory under the target directory.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn compiles_to_the_default_output_name() {
    let dir = scratch("default-name");
    std::fs::write(dir.join("k.cl"), GOOD).unwrap();
    let o = oclc(&["k.cl"], &dir);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let bytes = std::fs::read(dir.join("k.spv")).unwrap();
    assert_eq!(&bytes[..4], &0x0723_0203u32.to_le_bytes());
}

#[test]
fn writes_assembly_and_stdout() {
    let dir = scratch("asm");
    std::fs::write(dir.join("k.cl"), GOOD).unwrap();
    let o = oclc(&["-S", "k.cl", "-o", "-"], &dir);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.contains("OpAtomicIAdd"), "{text}");
}

#[test]
fn errors_leave_existing_output_untouched() {
    let dir = scratch("untouched");
    std::fs::write(dir.join("bad.cl"), BAD).unwrap();
    std::fs::write(dir.join("out.spv"), b"precious").unwrap();
    let o = oclc(&["bad.cl", "-o", "out.spv"], &dir);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("error[E0401]"), "{}", stderr(&o));
    assert_eq!(std::fs::read(dir.join("out.spv")).unwrap(), b"precious");
    // Nothing else was left behind.
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
}

#[test]
fn bad_inputs_and_outputs_are_usage_errors() {
    let dir = scratch("bad-io");
    std::fs::write(dir.join("k.cl"), GOOD).unwrap();
    std::fs::create_dir(dir.join("sub")).unwrap();
    let cases: &[(&[&str], &str)] = &[
        (&["missing.cl"], "cannot read `missing.cl`: no such file"),
        (&["sub"], "is a directory"),
        (
            &["k.cl", "-o", "nowhere/k.spv"],
            "cannot write `nowhere/k.spv`",
        ),
        (&["k.cl", "-o", "k.cl"], "is an input file"),
        (&["k.cl", "--frobnicate"], "--frobnicate"),
        (&["-cl-std=CL9", "k.cl"], "CL9"),
    ];
    for (args, needle) in cases {
        let o = oclc(args, &dir);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(needle), "{args:?}: {}", stderr(&o));
    }
    assert_eq!(std::fs::read_to_string(dir.join("k.cl")).unwrap(), GOOD);
    assert!(!dir.join("nowhere").exists());
}

#[test]
fn lint_exit_codes_and_formats() {
    let dir = scratch("lint");
    std::fs::write(dir.join("good.cl"), GOOD).unwrap();
    std::fs::write(dir.join("bad.cl"), BAD).unwrap();
    assert_eq!(oclc(&["lint", "good.cl"], &dir).status.code(), Some(0));
    let o = oclc(&["lint", "bad.cl", "--format", "json"], &dir);
    assert_eq!(o.status.code(), Some(1));
    let line = String::from_utf8(o.stdout).unwrap();
    let v: serde_json::Value = serde_json::from_str(line.lines().next().unwrap()).unwrap();
    assert_eq!(v["code"]["code"], "E0401");
    let o = oclc(&["lint", "bad.cl", "--format", "sarif"], &dir);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["version"], "2.1.0");
    assert_eq!(oclc(&["lint", "missing.cl"], &dir).status.code(), Some(2));
    assert_eq!(
        oclc(&["lint", "--deny", "no-such-rule", "good.cl"], &dir)
            .status
            .code(),
        Some(2)
    );
    let o = oclc(&["lint", "--explain", "E0401"], &dir);
    assert_eq!(o.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&o.stdout).contains("store"));
    let o = oclc(&["lint", "--list-rules"], &dir);
    assert!(String::from_utf8_lossy(&o.stdout).contains("E0401"));
}

#[test]
fn devices_are_written_in_place_and_never_read_as_sources() {
    use std::os::unix::fs::FileTypeExt;
    let dir = scratch("devices");
    std::fs::write(dir.join("k.cl"), GOOD).unwrap();
    let o = oclc(&["k.cl", "-o", "/dev/null"], &dir);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let meta = std::fs::metadata("/dev/null").unwrap();
    assert!(meta.file_type().is_char_device(), "/dev/null was replaced");
    let o = oclc(&["/dev/zero"], &dir);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("not a regular file"), "{}", stderr(&o));
}

#[test]
fn vulkan_target_writes_a_module_and_its_descriptor_map() {
    let dir = scratch("vulkan");
    std::fs::write(
        dir.join("k.cl"),
        "kernel void k(global atomic_int *c, uint n, local int *tmp) {\n\
         tmp[get_local_id(0)] = (int)n;\n\
         atomic_fetch_add_explicit(c, tmp[0], memory_order_relaxed, memory_scope_device);\n}\n",
    )
    .unwrap();
    for spelling in [
        &["-target", "vulkan1.2"][..],
        &["--target-env=vulkan1.3"][..],
        &["--target=spirv-unknown-vulkan1.2"][..],
    ] {
        let mut args = spelling.to_vec();
        args.extend(["k.cl", "-o", "k.spv", "-fdescriptor-map=k.json"]);
        let o = oclc(&args, &dir);
        assert_eq!(o.status.code(), Some(0), "{spelling:?}: {}", stderr(&o));
        let map: serde_json::Value =
            serde_json::from_slice(&std::fs::read(dir.join("k.json")).unwrap()).unwrap();
        let args = &map["kernels"][0]["args"];
        assert_eq!(args[0]["kind"], "buffer");
        assert_eq!(args[0]["binding"], 0);
        assert_eq!(args[1]["kind"], "push_constant");
        assert_eq!(args[1]["offset"], 0);
        assert_eq!(args[2]["kind"], "local");
        assert_eq!(args[2]["spec_id"], 3);
    }
    // The assembly is a Shader module under the Vulkan memory model.
    let o = oclc(&["-target", "vulkan1.2", "-S", "k.cl", "-o", "-"], &dir);
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.contains("OpMemoryModel Logical Vulkan"), "{text}");
    assert!(text.contains("OpEntryPoint GLCompute"), "{text}");
    // A descriptor map needs a Vulkan target; an unknown target is a
    // usage error.
    let o = oclc(&["k.cl", "-fdescriptor-map=x.json"], &dir);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("needs a Vulkan target"),
        "{}",
        stderr(&o)
    );
    assert!(!dir.join("x.json").exists());
    let o = oclc(&["-target", "vulkan1.1", "k.cl"], &dir);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    // What Vulkan cannot express is an error naming it, and nothing is
    // written.
    std::fs::write(
        dir.join("generic.cl"),
        "kernel void k(global int *p, int c) { int x = 0; generic int *g = c ? (generic int *)p : &x; *g = 1; }\n",
    )
    .unwrap();
    let o = oclc(&["-target", "vulkan1.2", "generic.cl", "-o", "g.spv"], &dir);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("generic pointer"), "{}", stderr(&o));
    assert!(!dir.join("g.spv").exists());
}

#[test]
fn spirv_max_version_below_what_the_target_needs_is_an_error() {
    let dir = scratch("max-version");
    std::fs::write(dir.join("k.cl"), GOOD).unwrap();
    let o = oclc(
        &[
            "-target",
            "vulkan1.2",
            "--spirv-max-version=1.3",
            "k.cl",
            "-o",
            "k.spv",
        ],
        &dir,
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("needs SPIR-V 1.5"), "{}", stderr(&o));
    assert!(!dir.join("k.spv").exists(), "no output on error");
    for args in [
        &[
            "-target",
            "vulkan1.2",
            "--spirv-max-version=1.5",
            "k.cl",
            "-o",
            "v.spv",
        ][..],
        &["--spirv-max-version=1.0", "k.cl", "-o", "c.spv"][..],
    ] {
        let o = oclc(args, &dir);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    }
}

/// A module declares the lowest version its instructions need: 1.3 for the
/// sub-group non-uniform functions, 1.1 for a required sub-group size;
/// a `--spirv-max-version` below that is an error naming the reason.
#[test]
fn modules_declare_the_version_their_instructions_need() {
    let dir = scratch("needed-version");
    std::fs::write(
        dir.join("s.cl"),
        "kernel void k(global uint *o) { o[0] = sub_group_ballot(o[1] > 2).x; }\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("r.cl"),
        "__attribute__((intel_reqd_sub_group_size(8)))\n\
         kernel void k(global uint *o) { o[0] = get_sub_group_size(); }\n",
    )
    .unwrap();
    for (input, version) in [("s.cl", 3u8), ("r.cl", 1), ("k.cl", 0)] {
        if input == "k.cl" {
            std::fs::write(dir.join("k.cl"), GOOD).unwrap();
        }
        let o = oclc(&[input, "-o", "out.spv"], &dir);
        assert_eq!(o.status.code(), Some(0), "{input}: {}", stderr(&o));
        let bytes = std::fs::read(dir.join("out.spv")).unwrap();
        assert_eq!((bytes[6], bytes[5]), (1, version), "{input}");
    }
    let o = oclc(&["--spirv-max-version=1.2", "s.cl", "-o", "no.spv"], &dir);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("needs SPIR-V 1.3 for sub-group non-uniform functions"),
        "{}",
        stderr(&o)
    );
    assert!(!dir.join("no.spv").exists());
    let o = oclc(&["--spirv-max-version=1.0", "r.cl", "-o", "no.spv"], &dir);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("needs SPIR-V 1.1"), "{}", stderr(&o));
}

#[test]
fn trigraphs_are_replaced_with_a_warning_as_clang_does() {
    let dir = scratch("trigraphs");
    std::fs::write(dir.join("t.h"), "??=define ORED(a, b) ((a) ??! (b))\n").unwrap();
    std::fs::write(
        dir.join("k.cl"),
        "#include \"t.h\"\nkernel void k(global int *o) ??< o??(0??) = ORED(1, 2) + ??-0; ??>\n",
    )
    .unwrap();
    let o = oclc(&["-E", "k.cl", "-o", "-"], &dir);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("kernel void k(global int *o) { o[0] = ((1) | (2)) + ~0; }"),
        "{text}"
    );
    let o = oclc(&["k.cl", "-o", "k.spv"], &dir);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let warnings = stderr(&o)
        .matches("warning[W0105]: trigraph converted to")
        .count();
    assert_eq!(warnings, 7, "{}", stderr(&o));
}
