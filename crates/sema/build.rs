//! Turns each rule's documentation into the text of its code's
//! explanation, so that a rule is documented once: in the leading `//!`
//! comment of its file in `src/rules/`.
//!
//! For every `src/rules/*.rs` that declares its code (`pub static CODE:
//! Code`) or re-exports it (`pub use crate::requirement::CODE;`), the
//! leading block of `//!` lines, without the comment markers, is written as
//! Markdown to `$OUT_DIR/rule_docs/<file stem>.md`, which the file includes
//! as `CODE.explanation` (`rule_doc!` in `src/rules/mod.rs`). From there it
//! reaches `oclc lint --explain`, the SARIF rule help and
//! `docs/diagnostics.md`. Two changes make the comment read as a
//! stand-alone explanation:
//!
//! * the first paragraph (the title, such as ``E0401 `store-order`: …``)
//!   is dropped, since every reader already shows the id, name and summary;
//! * rustdoc links such as [`check`] become plain code spans (`check`).

use std::fs;
use std::path::Path;

fn main() {
    let manifest_dir =
        std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let out_dir = std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR");
    let rules = Path::new(&manifest_dir).join("src/rules");
    let docs = Path::new(&out_dir).join("rule_docs");
    println!("cargo:rerun-if-changed=src/rules");
    fs::create_dir_all(&docs).expect("cannot create $OUT_DIR/rule_docs");

    let entries = fs::read_dir(&rules).expect("cannot read src/rules");
    for entry in entries {
        let path = entry.expect("cannot list src/rules").path();
        if path.extension().is_none_or(|ext| ext != "rs") {
            continue;
        }
        let source = fs::read_to_string(&path)
            .unwrap_or_else(|err| panic!("cannot read {}: {err}", path.display()));
        if !declares_code(&source) {
            continue;
        }
        let explanation = explanation(&source);
        assert!(
            !explanation.is_empty(),
            "{} has no `//!` documentation after its title",
            path.display()
        );
        let stem = path.file_stem().expect("a file name").to_string_lossy();
        let target = docs.join(format!("{stem}.md"));
        fs::write(&target, explanation)
            .unwrap_or_else(|err| panic!("cannot write {}: {err}", target.display()));
    }
}

/// Whether a rule file declares its diagnostic code or re-exports the one
/// declared beside the check it documents (E0417 lives in `requirement.rs`).
fn declares_code(source: &str) -> bool {
    source.contains("pub static CODE: Code") || source.contains("pub use crate::requirement::CODE;")
}

/// The Markdown explanation from the leading `//!` block of `source`.
fn explanation(source: &str) -> String {
    let doc: Vec<&str> = source
        .lines()
        .map_while(|line| line.strip_prefix("//!"))
        .map(|line| line.strip_prefix(' ').unwrap_or(line))
        .collect();
    // Skip the title paragraph and the blank lines after it.
    let body = doc
        .iter()
        .skip_while(|line| !line.trim().is_empty())
        .skip_while(|line| line.trim().is_empty());
    let mut text = String::new();
    let mut in_code = false;
    for line in body {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
        }
        if in_code {
            text.push_str(line);
        } else {
            text.push_str(&plain_links(line));
        }
        text.push('\n');
    }
    // No final newline, like the explanations written as strings.
    text.trim_end().to_owned()
}

/// `line` with each rustdoc link ``[`name`]`` (not followed by a link
/// target in `(…)` or `[…]`) replaced by the code span `` `name` ``.
fn plain_links(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(start) = rest.find("[`") {
        let after = &rest[start + 1..];
        // `after[..end]` is the code span, `after[end]` the closing `]`.
        let link = after.find("`]").map(|end| end + 1).filter(|&end| {
            end >= 3
                && !after[1..end - 1].contains('`')
                && !matches!(after[end + 1..].chars().next(), Some('(' | '['))
        });
        match link {
            Some(end) => {
                out.push_str(&rest[..start]);
                out.push_str(&after[..end]);
                rest = &after[end + 1..];
            }
            None => {
                out.push_str(&rest[..start + 2]);
                rest = &rest[start + 2..];
            }
        }
    }
    out.push_str(rest);
    out
}
