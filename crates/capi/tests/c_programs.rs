//! The C library's tests: installs liboclc (the build `cargo test` just
//! made, with `scripts/install-capi.sh --from`) into a scratch prefix,
//! checks `oclc.h` against the Rust side, then builds the C and C++ hosts
//! under tests/c with the system `cc`/`c++` through the installed
//! `oclc.pc` and runs them: plain (whose standard error must stay empty:
//! the library never prints, even for the panic it catches), with
//! `-fsanitize=address,undefined`, with many threads, and linked against
//! `liboclc.a`. The hosts run their kernels on Intel's OpenCL runtime
//! (`OPENCL_DYLIB_PATH`, set by the runtime's env.sh); without it they are
//! built without their OpenCL part, unless `OCLC_REQUIRE_RUNTIME` demands
//! the runtime.

use oclc_capi::*;
use std::collections::BTreeSet;
use std::mem::{offset_of, size_of};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `target/<profile>`, where cargo put the library this test belongs to.
fn cargo_output_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    // target/<profile>/deps/c_programs-<hash>
    exe.parent()
        .and_then(Path::parent)
        .expect("target dir")
        .to_path_buf()
}

/// The scratch prefix the library is installed into (once per run).
fn prefix() -> &'static Path {
    static PREFIX: OnceLock<PathBuf> = OnceLock::new();
    PREFIX.get_or_init(|| {
        let prefix = cargo_output_dir().join(format!("capi-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&prefix);
        let status = Command::new("bash")
            .arg(repo_root().join("scripts/install-capi.sh"))
            .arg("--from")
            .arg(cargo_output_dir())
            .arg(&prefix)
            .status()
            .expect("run scripts/install-capi.sh");
        assert!(status.success(), "install-capi.sh failed");
        prefix
    })
}

/// The directory of the runtime's `libOpenCL.so`, or `None` (the hosts are
/// then built without OpenCL) when no runtime is set up.
fn opencl_libdir() -> Option<PathBuf> {
    let dylib = std::env::var_os("OPENCL_DYLIB_PATH").map(PathBuf::from);
    let dir = dylib
        .as_deref()
        .filter(|p| p.exists())
        .and_then(Path::parent)
        .filter(|d| d.join("libOpenCL.so").exists())
        .map(Path::to_path_buf);
    let required = std::env::var("OCLC_REQUIRE_RUNTIME").is_ok_and(|v| !v.is_empty() && v != "0");
    assert!(
        dir.is_some() || !required,
        "OCLC_REQUIRE_RUNTIME is set but OPENCL_DYLIB_PATH names no libOpenCL.so \
         (source the runtime's env.sh)"
    );
    if dir.is_none() {
        eprintln!("c_programs: no OpenCL runtime; the hosts are built without their OpenCL part");
    }
    dir
}

fn pkg_config(args: &[&str]) -> Vec<String> {
    let out = Command::new("pkg-config")
        .args(args)
        .arg("oclc")
        .env("PKG_CONFIG_PATH", prefix().join("lib/pkgconfig"))
        .output()
        .expect("run pkg-config");
    assert!(out.status.success(), "pkg-config {args:?} oclc failed");
    String::from_utf8(out.stdout)
        .expect("UTF-8")
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

/// How a host is built.
#[derive(Clone, Copy)]
struct Build<'a> {
    source: &'a str,
    sanitize: bool,
    static_lib: bool,
}

/// Builds a host under tests/c; returns its path.
fn build(b: Build<'_>) -> PathBuf {
    let src = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/c")
        .join(b.source);
    let cpp = b.source.ends_with(".cpp");
    let mut name = b.source.replace('.', "_");
    if b.sanitize {
        name.push_str("_asan");
    }
    if b.static_lib {
        name.push_str("_static");
    }
    // Tests run in parallel: each build gets its own executable.
    static BUILDS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = BUILDS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let exe = prefix().join(format!("{name}_{n}"));
    let mut cmd = Command::new(if cpp { "c++" } else { "cc" });
    cmd.arg(if cpp { "-std=c++17" } else { "-std=c11" })
        .args(["-Wall", "-Wextra", "-Werror", "-g", "-pthread"])
        .arg(&src)
        .arg("-o")
        .arg(&exe);
    if b.sanitize {
        cmd.args(["-fsanitize=address,undefined", "-fno-omit-frame-pointer"]);
        cmd.arg("-fno-sanitize-recover=undefined");
    }
    cmd.args(pkg_config(&["--cflags"]));
    if b.static_lib {
        // liboclc.a by its path, then what a static link needs besides.
        cmd.arg(prefix().join("lib/liboclc.a"));
        let libs = pkg_config(&["--static", "--libs"]);
        cmd.args(libs.iter().filter(|a| *a != "-loclc"));
    } else {
        cmd.args(pkg_config(&["--libs"]));
        cmd.arg(format!("-Wl,-rpath,{}", prefix().join("lib").display()));
    }
    match opencl_libdir() {
        Some(dir) => {
            cmd.arg(format!("-L{}", dir.display()))
                .arg(format!("-Wl,-rpath,{}", dir.display()))
                .arg("-lOpenCL");
        }
        None => {
            cmd.arg("-DOCLC_TEST_NO_OPENCL");
        }
    }
    let out = cmd.output().expect("run the C compiler");
    assert!(
        out.status.success(),
        "building {} failed:\n{}",
        b.source,
        String::from_utf8_lossy(&out.stderr)
    );
    exe
}

/// Runs a host; returns its standard error.
fn run(exe: &Path, args: &[&str], sanitize: bool) -> String {
    let mut cmd = Command::new(exe);
    cmd.args(args);
    if sanitize {
        // The OpenCL runtime's own allocations outlive the program: check
        // leaks in the library and the host, not in the runtime (its
        // libraries are listed in the suppressions file).
        let supp = prefix().join("lsan.supp");
        std::fs::write(
            &supp,
            "leak:libintelocl\nleak:libtbb\nleak:libOpenCL\nleak:libcommon_clang\nleak:libclang_compiler\nleak:libtask_executor\n",
        )
        .expect("write suppressions");
        cmd.env(
            "LSAN_OPTIONS",
            format!("suppressions={}:print_suppressions=0", supp.display()),
        );
        cmd.env("ASAN_OPTIONS", "abort_on_error=0:detect_odr_violation=0");
        cmd.env("UBSAN_OPTIONS", "print_stacktrace=1:halt_on_error=1");
    }
    let out = cmd.output().expect("run the host");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(
        out.status.success(),
        "{} {args:?} failed ({}):\n{stdout}\n{stderr}",
        exe.display(),
        out.status
    );
    assert!(stdout.starts_with("ok"), "{stdout}");
    stderr
}

#[test]
fn c_host_compiles_runs_and_prints_nothing() {
    let exe = build(Build {
        source: "run_kernel.c",
        sanitize: false,
        static_lib: false,
    });
    let stderr = run(&exe, &[], false);
    // The host prints only on failure; the library never prints, not even
    // for the panic it catches (check_panic).
    assert_eq!(stderr, "", "something wrote to standard error");
}

#[test]
fn c_host_under_many_threads() {
    let exe = build(Build {
        source: "run_kernel.c",
        sanitize: false,
        static_lib: false,
    });
    let stderr = run(&exe, &["32", "3"], false);
    assert_eq!(stderr, "");
}

#[test]
fn c_host_under_address_and_undefined_behaviour_sanitizers() {
    let exe = build(Build {
        source: "run_kernel.c",
        sanitize: true,
        static_lib: false,
    });
    run(&exe, &["8", "2"], true);
}

#[test]
fn c_host_linked_statically() {
    let exe = build(Build {
        source: "run_kernel.c",
        sanitize: false,
        static_lib: true,
    });
    let stderr = run(&exe, &["2"], false);
    assert_eq!(stderr, "");
    let ldd = Command::new("ldd").arg(&exe).output().expect("run ldd");
    let deps = String::from_utf8_lossy(&ldd.stdout);
    assert!(!deps.contains("liboclc"), "{deps}");
}

#[test]
fn cpp_host_compiles_runs_in_threads() {
    let exe = build(Build {
        source: "run_kernel.cpp",
        sanitize: false,
        static_lib: false,
    });
    assert_eq!(run(&exe, &[], false), "");
    let exe = build(Build {
        source: "run_kernel.cpp",
        sanitize: true,
        static_lib: false,
    });
    run(&exe, &[], true);
}

#[test]
fn shared_library_has_the_abi_soname_and_exports_only_the_header() {
    let lib = prefix().join("lib/liboclc.so");
    let dynamic = Command::new("readelf")
        .arg("-d")
        .arg(&lib)
        .output()
        .expect("run readelf");
    let text = String::from_utf8_lossy(&dynamic.stdout);
    let soname = format!("[liboclc.so.{}]", oclc_abi_version());
    assert!(text.contains(&soname), "no SONAME {soname}:\n{text}");
    let nm = Command::new("nm")
        .args(["-D", "--defined-only"])
        .arg(&lib)
        .output()
        .expect("run nm");
    let exported: BTreeSet<String> = String::from_utf8_lossy(&nm.stdout)
        .lines()
        .filter_map(|l| l.split_whitespace().last())
        .filter(|s| s.starts_with("oclc_"))
        .map(str::to_string)
        .collect();
    assert_eq!(exported, header_functions(), "exports and oclc.h differ");
}

/// Every function oclc.h declares.
fn header_functions() -> BTreeSet<String> {
    let header = std::fs::read_to_string(repo_root().join("crates/capi/include/oclc.h"))
        .expect("read oclc.h");
    let mut names = BTreeSet::new();
    for line in header.lines() {
        let line = line.trim_start();
        if line.starts_with("typedef") || line.starts_with('#') || line.starts_with('*') {
            continue;
        }
        if let Some(open) = line.find('(') {
            let head = &line[..open];
            if let Some(name) = head.split([' ', '*']).next_back() {
                if name.starts_with("oclc_") {
                    names.insert(name.to_string());
                }
            }
        }
    }
    names
}

/// The header's constants and layouts, checked by the C compiler against
/// the Rust side's values.
#[test]
fn header_matches_the_rust_definitions() {
    let mut checks = String::from(
        "#include <oclc.h>\n#include <stddef.h>\n\
         #ifdef __cplusplus\n#define SAME(a, b, m) static_assert((a) == (b), m)\n\
         #else\n#define SAME(a, b, m) _Static_assert((a) == (b), m)\n#endif\n",
    );
    let mut equal = |c_expr: &str, value: usize| {
        checks.push_str(&format!(
            "SAME({c_expr}, {value}, \"{}\");\n",
            c_expr.replace('"', "")
        ));
    };
    equal("OCLC_ABI_VERSION", oclc_abi_version() as usize);
    for (name, value) in [
        ("OCLC_SUCCESS", OCLC_SUCCESS as usize),
        ("OCLC_INPUT_ERRORS", OCLC_INPUT_ERRORS as usize),
        ("OCLC_INVALID_ARGUMENT", OCLC_INVALID_ARGUMENT as usize),
        ("OCLC_INVALID_OPTION", OCLC_INVALID_OPTION as usize),
        ("OCLC_INTERNAL_ERROR", OCLC_INTERNAL_ERROR as usize),
        (
            "OCLC_SEVERITY_NOTE",
            oclc_severity::OCLC_SEVERITY_NOTE as usize,
        ),
        (
            "OCLC_SEVERITY_WARNING",
            oclc_severity::OCLC_SEVERITY_WARNING as usize,
        ),
        (
            "OCLC_SEVERITY_ERROR",
            oclc_severity::OCLC_SEVERITY_ERROR as usize,
        ),
        (
            "OCLC_SEVERITY_INTERNAL_ERROR",
            oclc_severity::OCLC_SEVERITY_INTERNAL_ERROR as usize,
        ),
        ("OCLC_FIX_NONE", oclc_applicability::OCLC_FIX_NONE as usize),
        (
            "OCLC_FIX_MACHINE_APPLICABLE",
            oclc_applicability::OCLC_FIX_MACHINE_APPLICABLE as usize,
        ),
        (
            "OCLC_FIX_MAYBE_INCORRECT",
            oclc_applicability::OCLC_FIX_MAYBE_INCORRECT as usize,
        ),
        ("OCLC_FORMAT_HUMAN", oclc_format::OCLC_FORMAT_HUMAN as usize),
        (
            "OCLC_FORMAT_HUMAN_COLOR",
            oclc_format::OCLC_FORMAT_HUMAN_COLOR as usize,
        ),
        ("OCLC_FORMAT_JSON", oclc_format::OCLC_FORMAT_JSON as usize),
        ("OCLC_FORMAT_SARIF", oclc_format::OCLC_FORMAT_SARIF as usize),
        (
            "OCLC_LEVEL_ALLOW",
            oclc_lint_level::OCLC_LEVEL_ALLOW as usize,
        ),
        ("OCLC_LEVEL_WARN", oclc_lint_level::OCLC_LEVEL_WARN as usize),
        ("OCLC_LEVEL_DENY", oclc_lint_level::OCLC_LEVEL_DENY as usize),
        ("OCLC_INCLUDE_FOUND", OCLC_INCLUDE_FOUND as usize),
        ("OCLC_INCLUDE_NOT_FOUND", OCLC_INCLUDE_NOT_FOUND as usize),
    ] {
        equal(name, value);
    }
    macro_rules! layout {
        ($ty:ident { $($field:ident),* }) => {
            equal(concat!("sizeof(", stringify!($ty), ")"), size_of::<$ty>());
            $(equal(
                concat!("offsetof(", stringify!($ty), ", ", stringify!($field), ")"),
                offset_of!($ty, $field),
            );)*
        };
    }
    layout!(oclc_span {
        file,
        byte_start,
        byte_end,
        line,
        column,
        end_line,
        end_column,
        label
    });
    layout!(oclc_fix { span, replacement });
    layout!(oclc_diagnostic {
        severity,
        code,
        name,
        message,
        has_location,
        primary,
        related_count,
        related,
        note_count,
        notes,
        help,
        applicability,
        fix_count,
        fixes
    });
    equal("sizeof(oclc_status)", size_of::<oclc_status>());
    let file = prefix().join("layout_check.c");
    std::fs::write(&file, checks).expect("write the check");
    let include = repo_root().join("crates/capi/include");
    for (compiler, std) in [("cc", "-std=c11"), ("c++", "-std=c++17")] {
        let out = Command::new(compiler)
            .args([std, "-fsyntax-only", "-Wall", "-Werror", "-x"])
            .arg(if compiler == "cc" { "c" } else { "c++" })
            .arg("-I")
            .arg(&include)
            .arg(&file)
            .output()
            .expect("run the C compiler");
        assert!(
            out.status.success(),
            "{compiler}: oclc.h disagrees with the library:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn header_declares_every_rust_entry_point() {
    let mut rust = BTreeSet::new();
    for file in ["lib.rs", "options.rs", "result.rs"] {
        let text = std::fs::read_to_string(repo_root().join("crates/capi/src").join(file))
            .expect("read source");
        for line in text.lines() {
            if let Some(rest) = line.split("extern \"C\" fn ").nth(1) {
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if line.trim_start().starts_with("pub") {
                    rust.insert(name);
                }
            }
        }
    }
    assert_eq!(rust, header_functions());
}

#[test]
fn reference_documents_every_function_of_the_header() {
    let doc = std::fs::read_to_string(repo_root().join("docs/c-api.md")).expect("read c-api.md");
    for name in header_functions() {
        assert!(
            doc.contains(&format!("### `{name}`")),
            "docs/c-api.md has no section for {name}"
        );
    }
}

/// The README's C example, built as the README says and run.
#[test]
fn readme_c_example_works_as_written() {
    let readme = std::fs::read_to_string(repo_root().join("README.md")).expect("read README");
    let (_, after) = readme
        .split_once("<!-- readme-c-example -->\n```c\n")
        .expect("README has the C example");
    let (code, _) = after.split_once("```").expect("the example ends");
    let src = prefix().join("readme_example.c");
    std::fs::write(&src, code).expect("write the example");
    let exe = prefix().join("readme_example");
    let out = Command::new("cc")
        .args(["-Wall", "-Wextra", "-Werror"])
        .arg(&src)
        .args(pkg_config(&["--cflags", "--libs"]))
        .arg(format!("-Wl,-rpath,{}", prefix().join("lib").display()))
        .arg("-o")
        .arg(&exe)
        .output()
        .expect("run cc");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = Command::new(&exe).output().expect("run the example");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.starts_with("OCLC_SUCCESS: "), "{stdout}");
    assert!(stdout.contains("magic 0x7230203"), "{stdout}");
    assert!(out.stderr.is_empty(), "a valid kernel gave diagnostics");
}
