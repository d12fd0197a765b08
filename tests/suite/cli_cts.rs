//! The conformance suite's offline-compiler command line (`oclc
//! --mode=spir-v --source=F.cl --output=F.spv --cl-device-info=INFO --
//! OPTIONS`): what the device-info file decides, the build options, and
//! the exit status and messages the suite's harness sees.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The file the suite writes for Intel's CPU runtime (extensions
/// shortened), with `{BITS}` and `{EXTENSIONS}` to fill in.
const INFO: &str = "# OpenCL device info affecting SPIR-V offline compilation:
CL_DEVICE_ADDRESS_BITS={BITS}
CL_DEVICE_EXTENSIONS=\"{EXTENSIONS}\"
CL_DEVICE_IL_VERSION=\"SPIR-V_1.0 SPIR-V_1.1 SPIR-V_1.2 SPIR-V_1.3 SPIR-V_1.4\"
CL_DEVICE_VERSION=\"OpenCL 3.1 (Build 0)\"
CL_DEVICE_IMAGE_SUPPORT=1
CL_DEVICE_NAME=\"AMD EPYC\"
";

const FULL: &str = "cl_khr_fp64 cl_khr_fp16 cl_khr_int64_base_atomics cl_intel_subgroups";

const KERNEL: &str = "kernel void k(global int *p) { p[get_global_id(0)] = N; }\n";

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-cts-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A directory with `k.cl` holding `source` and `info.txt` for a device of
/// `bits`-bit addresses listing `extensions`.
fn setup(name: &str, source: &str, bits: u32, extensions: &str) -> PathBuf {
    let dir = scratch(name);
    std::fs::write(dir.join("k.cl"), source).unwrap();
    let info = INFO
        .replace("{BITS}", &bits.to_string())
        .replace("{EXTENSIONS}", extensions);
    std::fs::write(dir.join("info.txt"), info).unwrap();
    dir
}

fn oclc(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_oclc"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("run oclc")
}

/// The suite's command line for `k.cl` with build options `options`.
fn suite_command(dir: &Path, options: &[&str]) -> Output {
    let mut args = vec![
        "--mode=spir-v",
        "--source=k.cl",
        "--output=k.spv",
        "--cl-device-info=info.txt",
    ];
    if !options.is_empty() {
        args.push("--");
        args.extend_from_slice(options);
    }
    oclc(&args, dir)
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn words(path: &Path) -> Vec<u32> {
    std::fs::read(path)
        .unwrap()
        .chunks_exact(4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect()
}

/// The addressing model operand of the module's `OpMemoryModel`.
fn addressing_model(words: &[u32]) -> Option<u32> {
    let mut at = 5;
    while at < words.len() {
        let (count, opcode) = ((words[at] >> 16) as usize, words[at] & 0xffff);
        if opcode == 14 {
            return words.get(at + 1).copied();
        }
        at += count.max(1);
    }
    None
}

#[test]
fn compiles_the_suites_command_line() {
    let dir = setup("basic", KERNEL, 64, FULL);
    let o = suite_command(&dir, &["-DN=7", "-cl-std=CL3.1"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let words = words(&dir.join("k.spv"));
    assert_eq!(words[0], 0x0723_0203);
    assert_eq!(addressing_model(&words), Some(2), "Physical64");
}

#[test]
fn values_may_follow_their_options() {
    let dir = setup("separate", KERNEL, 64, FULL);
    let o = oclc(
        &[
            "--mode",
            "spir-v",
            "--source",
            "k.cl",
            "--output",
            "k.spv",
            "--cl-device-info",
            "info.txt",
            "--",
            "-D",
            "N=1",
        ],
        &dir,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(dir.join("k.spv").exists());
}

#[test]
fn address_bits_come_from_the_device() {
    let dir = setup("bits32", KERNEL, 32, FULL);
    let o = suite_command(&dir, &["-DN=7"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        addressing_model(&words(&dir.join("k.spv"))),
        Some(1),
        "Physical32"
    );
}

#[test]
fn extensions_come_from_the_device() {
    let source = "#ifndef cl_khr_fp64\n#error no cl_khr_fp64\n#endif\nkernel void k(global double *p) { *p = 1.0; }\n";
    let dir = setup("with-fp64", source, 64, FULL);
    let o = suite_command(&dir, &["-cl-std=CL3.0"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));

    let dir = setup("without-fp64", source, 64, "cl_khr_fp16");
    let o = suite_command(&dir, &["-cl-std=CL3.0"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("no cl_khr_fp64"), "{}", stderr(&o));
    assert!(!dir.join("k.spv").exists(), "nothing written on error");
    // The option the suite gives offline compilers only adds it back.
    let o = suite_command(&dir, &["-cl-std=CL3.0", "-cl-fp64-enable"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn the_language_version_is_taken_as_given() {
    let source = "#if __OPENCL_C_VERSION__ != VERSION\n#error wrong version\n#endif\nkernel void k(global int *p) { *p = 1; }\n";
    let dir = setup("std", source, 64, FULL);
    for (option, version) in [("-cl-std=CL3.1", "310"), ("-cl-std=CL2.0", "200")] {
        let define = format!("-DVERSION={version}");
        let o = suite_command(&dir, &[option, &define]);
        assert_eq!(o.status.code(), Some(0), "{option}: {}", stderr(&o));
    }
    // Without `-cl-std`, the highest OpenCL C 1.x, as clBuildProgram.
    let o = suite_command(&dir, &["-DVERSION=120"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn errors_in_the_source_exit_1_and_write_nothing() {
    let dir = setup(
        "source-error",
        "kernel void k(global int *p) { *p = undeclared; }\n",
        64,
        FULL,
    );
    let o = suite_command(&dir, &["-cl-std=CL3.0"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("undeclared"), "{}", stderr(&o));
    assert!(!dir.join("k.spv").exists());
}

#[test]
fn unusable_command_lines_exit_2_with_a_reason() {
    let dir = setup("usage", KERNEL, 64, FULL);
    let info = std::fs::read_to_string(dir.join("info.txt")).unwrap();
    std::fs::write(
        dir.join("no-version.txt"),
        info.replace("CL_DEVICE_VERSION=", "X="),
    )
    .unwrap();
    let cases: &[(&[&str], &str)] = &[
        (
            &[
                "--mode=binary",
                "--source=k.cl",
                "--output=k.bin",
                "--cl-device-info=info.txt",
            ],
            "--mode=binary is not supported: oclc produces SPIR-V only",
        ),
        (
            &[
                "--mode=llvm",
                "--source=k.cl",
                "--output=k.spv",
                "--cl-device-info=info.txt",
            ],
            "unknown --mode `llvm`",
        ),
        (
            &[
                "--mode=spir-v",
                "--source=k.cl",
                "--cl-device-info=info.txt",
            ],
            "--output is missing",
        ),
        (
            &[
                "--mode=spir-v",
                "--source=k.cl",
                "--output=k.spv",
                "--cl-device-info=gone.txt",
            ],
            "cannot read the device-info file `gone.txt`",
        ),
        (
            &[
                "--mode=spir-v",
                "--source=k.cl",
                "--output=k.spv",
                "--cl-device-info=no-version.txt",
            ],
            "CL_DEVICE_VERSION is missing",
        ),
        (
            &[
                "--mode=spir-v",
                "--source=k.cl",
                "--output=k.spv",
                "--cl-device-info=info.txt",
                "--",
                "-DN=1",
                "-frobnicate",
            ],
            "-frobnicate",
        ),
        (
            &[
                "--mode=spir-v",
                "--source=k.cl",
                "--output=k.spv",
                "--cl-device-info=info.txt",
                "--verbose",
            ],
            "unknown argument `--verbose`",
        ),
        (
            &[
                "--mode=spir-v",
                "--mode=spir-v",
                "--source=k.cl",
                "--output=k.spv",
                "--cl-device-info=info.txt",
            ],
            "--mode is given twice",
        ),
        (
            &[
                "--mode=spir-v",
                "--source=gone.cl",
                "--output=k.spv",
                "--cl-device-info=info.txt",
            ],
            "cannot read `gone.cl`",
        ),
    ];
    for (args, message) in cases {
        let o = oclc(args, &dir);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(message), "{args:?}: {}", stderr(&o));
    }
    assert!(!dir.join("k.spv").exists() && !dir.join("k.bin").exists());
}
