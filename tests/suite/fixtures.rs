//! Shared helpers: locating fixture files and reading their `// oclc-flags:`
//! header.

use std::path::{Path, PathBuf};

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every file under `dir` (relative to the repository root) with extension
/// `ext`, sorted.
pub fn files(dir: &str, ext: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![root().join(dir)];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == ext) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The path relative to the repository root, with forward slashes.
pub fn display(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .to_string_lossy()
        .replace('\\', "/")
}

/// The text of a `// oclc-flags: ...` line among the first lines.
pub fn flags_for(text: &str) -> &str {
    text.lines()
        .take(5)
        .find_map(|l| l.trim().strip_prefix("// oclc-flags:"))
        .unwrap_or("")
}

/// Options from a `// oclc-flags: ...` line among the first lines.
pub fn options_for(text: &str) -> oclc::Options {
    let flags = flags_for(text);
    oclc::Options::from_build_options(flags)
        .unwrap_or_else(|e| panic!("bad oclc-flags `{flags}`: {e}"))
}
