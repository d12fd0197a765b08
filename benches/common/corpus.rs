//! The kernel corpus every benchmark measures, defined here and nowhere
//! else.
//!
//! The corpus is every OpenCL C file of the repository that is meant to
//! compile:
//! * `tests/ui/**/*.cl` without an expected error (no `error[` annotation),
//!   built with the options of its `// oclc-flags:` header;
//! * `tests/codegen/*.cl`, likewise;
//! * `tests/exec/*.cl`, built with the options the execution tests use
//!   (one representative set for the files the tests build several ways,
//!   see [`EXEC_OPTIONS`]);
//! * `crates/syntax/tests/data/*.cl` (parser fixtures; some use constructs
//!   oclc does not compile yet, and the benchmarks report them as such).
//!
//! Files are listed in path order so every run measures the same sequence.

use std::path::{Path, PathBuf};

/// Build options of the execution-test kernels that need macros defined,
/// as the execution tests (`tests/suite/exec/`) pass them.
pub const EXEC_OPTIONS: &[(&str, &str)] = &[
    (
        "c11_integer.cl",
        "-cl-std=CL2.0 -DT=int -DU=uint -DA=atomic_int -DBITS=32 -DHAS_MIN_MAX",
    ),
    ("cas_product.cl", "-cl-std=CL2.0 -DT=uint -DA=atomic_uint"),
    (
        "litmus_store_buffering.cl",
        "-cl-std=CL2.0 -DSTORE_ORDER=memory_order_seq_cst -DLOAD_ORDER=memory_order_seq_cst",
    ),
];

/// Options for files that name none.
pub const DEFAULT_OPTIONS: &str = "-cl-std=CL2.0";

/// One kernel file of the corpus.
#[derive(Clone, Debug)]
pub struct Kernel {
    /// Path relative to the repository root, with forward slashes.
    pub name: String,
    /// Absolute path.
    pub path: PathBuf,
    /// The OpenCL C text.
    pub text: String,
    /// Build options (oclc syntax, e.g. `-cl-std=CL2.0 -DN=4`).
    pub options: String,
}

impl Kernel {
    /// The options the reference compiler understands too: `-cl-std=`,
    /// `-D`, `-U` and `-I` (oclc's lint and extension flags dropped), with
    /// `-cl-std=CL2.0` added when no standard is named.
    pub fn clang_options(&self) -> Vec<String> {
        let mut out = Vec::new();
        let mut words = self.options.split_whitespace();
        while let Some(word) = words.next() {
            if matches!(word, "-D" | "-U" | "-I") {
                // The value is the next word (`-D NAME=1`, `-I dir`).
                out.push(word.to_owned());
                out.extend(words.next().map(str::to_owned));
            } else if ["-cl-std=", "-D", "-U", "-I"]
                .iter()
                .any(|prefix| word.starts_with(prefix))
            {
                out.push(word.to_owned());
            }
        }
        if !out.iter().any(|o| o.starts_with("-cl-std=")) {
            out.insert(0, "-cl-std=CL2.0".to_owned());
        }
        out
    }
}

/// The repository root (the root package's manifest directory).
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Loads the corpus (see the module docs).
///
/// # Errors
/// A message naming the file that could not be read.
pub fn load() -> Result<Vec<Kernel>, String> {
    let root = root();
    let mut kernels = Vec::new();
    for dir in ["tests/ui", "tests/codegen"] {
        for path in cl_files(&root.join(dir), true) {
            let text = read(&path)?;
            if text.contains("error[") {
                continue;
            }
            let options = header_options(&text).unwrap_or(DEFAULT_OPTIONS).to_owned();
            kernels.push(kernel(&root, path, text, options));
        }
    }
    for path in cl_files(&root.join("tests/exec"), false) {
        let text = read(&path)?;
        let file = path.file_name().and_then(|f| f.to_str()).unwrap_or("");
        let options = EXEC_OPTIONS
            .iter()
            .find(|(name, _)| *name == file)
            .map_or(DEFAULT_OPTIONS, |(_, options)| options)
            .to_owned();
        kernels.push(kernel(&root, path, text, options));
    }
    for path in cl_files(&root.join("crates/syntax/tests/data"), false) {
        let text = read(&path)?;
        let options = header_options(&text).unwrap_or(DEFAULT_OPTIONS).to_owned();
        kernels.push(kernel(&root, path, text, options));
    }
    Ok(kernels)
}

/// Total size of the corpus in bytes.
pub fn total_bytes(kernels: &[Kernel]) -> u64 {
    kernels.iter().map(|k| k.text.len() as u64).sum()
}

fn kernel(root: &Path, path: PathBuf, text: String, options: String) -> Kernel {
    let name = path
        .strip_prefix(root)
        .unwrap_or(&path)
        .to_string_lossy()
        .replace('\\', "/");
    Kernel {
        name,
        path,
        text,
        options,
    }
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// Options from a `// oclc-flags:` line among the first five lines.
fn header_options(text: &str) -> Option<&str> {
    text.lines()
        .take(5)
        .find_map(|l| l.trim().strip_prefix("// oclc-flags:"))
        .map(str::trim)
}

/// The `.cl` files in `dir` (and below it when `recursive`), sorted.
fn cl_files(dir: &Path, recursive: bool) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                if recursive {
                    stack.push(path);
                }
            } else if path.extension().is_some_and(|x| x == "cl") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}
