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

/// Checks (or, with `OCLC_BLESS` set, rewrites) the snapshot beside each
/// `tests/<dir>/*.cl`: `render` turns a fixture's path, text and options
/// into the text its `.<ext>` snapshot must hold. Returns the failures.
pub fn snapshots(
    dir: &str,
    ext: &str,
    render: impl Fn(&Path, &str, &oclc::Options) -> Result<String, String>,
) -> Vec<String> {
    let bless = std::env::var_os("OCLC_BLESS").is_some();
    let files = files(dir, "cl");
    assert!(!files.is_empty(), "no fixtures in {dir}");
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let options = options_for(&text);
        let rendered = match render(path, &text, &options) {
            Ok(rendered) => rendered,
            Err(why) => {
                failures.push(format!("{}: {why}", display(path)));
                continue;
            }
        };
        let snapshot = path.with_extension(ext);
        if bless {
            std::fs::write(&snapshot, &rendered).unwrap();
            continue;
        }
        match std::fs::read_to_string(&snapshot) {
            Ok(expected) if expected == rendered => {}
            Ok(expected) => failures.push(format!(
                "{}: differs from the snapshot (rerun with OCLC_BLESS=1 if intended)\n{}",
                display(path),
                first_difference(&expected, &rendered)
            )),
            Err(_) => failures.push(format!(
                "{}: no snapshot; run with OCLC_BLESS=1 to create it",
                display(path)
            )),
        }
    }
    failures
}

/// The first line where two texts differ.
fn first_difference(expected: &str, actual: &str) -> String {
    for (i, (e, a)) in expected.lines().zip(actual.lines()).enumerate() {
        if e != a {
            return format!("line {}:\n  expected: {e}\n  actual:   {a}", i + 1);
        }
    }
    format!(
        "lengths differ: expected {} lines, got {}",
        expected.lines().count(),
        actual.lines().count()
    )
}
