//! Runs the Python package's tests (tests/python, pytest) against the
//! extension module this `cargo test` build just made: the package is
//! assembled in a scratch directory from python/oclc and the cdylib
//! (renamed to `_oclc.abi3.so`, as a wheel installs it) and put on
//! `PYTHONPATH`. The interpreter is `OCLC_PYTHON` (scripts/test.sh sets it
//! to a virtual environment under .cache/ with pytest and PyOpenCL), else
//! `python3`. Without pytest the test fails when `OCLC_REQUIRE_RUNTIME` is
//! set (CI) and is reported as not run otherwise.

use std::path::{Path, PathBuf};
use std::process::Command;

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create package dir");
    for entry in std::fs::read_dir(from).expect("read package dir") {
        let entry = entry.expect("dir entry");
        let path = entry.path();
        if path.is_file() {
            std::fs::copy(&path, to.join(entry.file_name())).expect("copy package file");
        }
    }
}

#[test]
fn python_package_tests_pass() {
    let exe = std::env::current_exe().expect("test executable");
    // target/<profile>/deps/pytest-<hash> → target/<profile>
    let out_dir = exe.parent().and_then(Path::parent).expect("target dir");
    // Cargo puts the extension in deps/ and copies it up beside them.
    let cdylib = [
        out_dir.join("liboclc_python.so"),
        out_dir.join("deps/liboclc_python.so"),
    ]
    .into_iter()
    .find(|p| p.exists())
    .expect("liboclc_python.so was built");
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let site = out_dir.join(format!("python-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&site);
    let package = site.join("oclc");
    copy_dir(&crate_dir.join("python/oclc"), &package);
    std::fs::copy(&cdylib, package.join("_oclc.abi3.so")).expect("copy the extension");

    let python =
        std::env::var_os("OCLC_PYTHON").map_or_else(|| PathBuf::from("python3"), PathBuf::from);
    let has_pytest = Command::new(&python)
        .args(["-c", "import pytest"])
        .status()
        .is_ok_and(|s| s.success());
    let required = std::env::var("OCLC_REQUIRE_RUNTIME").is_ok_and(|v| !v.is_empty() && v != "0");
    if !has_pytest {
        assert!(
            !required,
            "OCLC_REQUIRE_RUNTIME is set but {} has no pytest (scripts/test.sh installs it)",
            python.display()
        );
        eprintln!(
            "pytest: {} has no pytest; the Python tests did not run",
            python.display()
        );
        return;
    }
    let output = Command::new(&python)
        .args(["-m", "pytest", "-q", "-p", "no:cacheprovider", "-rs"])
        .arg(crate_dir.join("tests/python"))
        .env("PYTHONPATH", &site)
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .env("OCLC_REPO_ROOT", crate_dir.join("../.."))
        .output()
        .expect("run pytest");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    println!("{stdout}{stderr}");
    // Exit status 5 is "no tests collected": a failure here too.
    assert!(
        output.status.success(),
        "pytest failed ({}):\n{stdout}\n{stderr}",
        output.status
    );
    assert!(stdout.contains(" passed"), "pytest ran no test:\n{stdout}");
    let _ = std::fs::remove_dir_all(&site);
}
