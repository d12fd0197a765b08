//! The Markdown reference of every diagnostic code (`docs/diagnostics.md`):
//! a summary table followed by one section per code with its explanation.
//! The output depends only on the set of codes, not on their order.

use crate::{Code, Level};
use std::fmt::Write as _;

/// Renders the reference page for `codes`: sorted by id, each id once (the
/// first entry wins), a table of code, name, default level, specification
/// section and summary, then a `## <id>` section per code.
pub fn markdown_reference(codes: &[&Code]) -> String {
    let mut sorted: Vec<&Code> = codes.to_vec();
    sorted.sort_by_key(|code| code.id);
    sorted.dedup_by_key(|code| code.id);

    let mut page = String::from(
        "# Diagnostic reference\n\n\
         Every diagnostic oclc reports carries one of these stable codes. \
         Codes marked configurable can have their level changed on the \
         command line; the others are always reported at their default level.\n\n\
         | Code | Name | Default level | Specification | Summary |\n\
         | --- | --- | --- | --- | --- |\n",
    );
    for code in &sorted {
        // Writing into a `String` cannot fail.
        let _ = writeln!(
            page,
            "| [{id}](#{anchor}) | `{name}` | {level} | {spec} | {summary} |",
            id = code.id,
            anchor = code.id.to_ascii_lowercase(),
            name = table_cell(code.name),
            level = level_name(code.default_level),
            spec = table_cell(code.spec.unwrap_or("—")),
            summary = table_cell(code.summary),
        );
    }
    for code in &sorted {
        page.push('\n');
        page.push_str(&code_section(code));
    }
    page
}

/// The `## <id>` section for one code.
fn code_section(code: &Code) -> String {
    let configurable = if code.configurable() {
        "configurable"
    } else {
        "not configurable"
    };
    let mut section = format!(
        "## {id}\n\n\
         - Name: `{name}`\n\
         - Default level: {level} ({configurable})\n",
        id = code.id,
        name = code.name,
        level = level_name(code.default_level),
    );
    if let Some(spec) = code.spec {
        section.push_str(&format!("- Specification: {spec}\n"));
    }
    section.push_str(&format!("\n{}\n", code.summary));
    let explanation = code.explanation.trim();
    if !explanation.is_empty() {
        section.push_str(&format!("\n{explanation}\n"));
    }
    section
}

fn level_name(level: Level) -> &'static str {
    match level {
        Level::Allow => "allow",
        Level::Warn => "warning",
        Level::Deny => "error",
    }
}

/// `text` made safe inside a table cell: pipes escaped, lines joined.
fn table_cell(text: &str) -> String {
    text.replace('|', "\\|").replace(['\r', '\n'], " ")
}

#[cfg(test)]
mod tests {
    use super::*;

    static STORE_ORDER: Code = Code {
        id: "E0401",
        name: "store-order",
        default_level: Level::Deny,
        summary: "`atomic_store` with an acquire order",
        spec: Some("OpenCL C 3.0 §6.15.12.7"),
        explanation: "A store cannot acquire.\n\nUse `memory_order_release`.\n",
    };

    static SCOPE_HINT: Code = Code {
        id: "W0402",
        name: "wide-scope",
        default_level: Level::Allow,
        summary: "scope `a | b` is wider than needed",
        spec: None,
        explanation: "",
    };

    const EXPECTED: &str = "\
# Diagnostic reference

Every diagnostic oclc reports carries one of these stable codes. Codes marked configurable can have their level changed on the command line; the others are always reported at their default level.

| Code | Name | Default level | Specification | Summary |
| --- | --- | --- | --- | --- |
| [E0401](#e0401) | `store-order` | error | OpenCL C 3.0 §6.15.12.7 | `atomic_store` with an acquire order |
| [W0402](#w0402) | `wide-scope` | allow | — | scope `a \\| b` is wider than needed |

## E0401

- Name: `store-order`
- Default level: error (not configurable)
- Specification: OpenCL C 3.0 §6.15.12.7

`atomic_store` with an acquire order

A store cannot acquire.

Use `memory_order_release`.

## W0402

- Name: `wide-scope`
- Default level: allow (configurable)

scope `a | b` is wider than needed
";

    #[test]
    fn reference_has_a_table_then_one_section_per_code() {
        assert_eq!(markdown_reference(&[&STORE_ORDER, &SCOPE_HINT]), EXPECTED);
    }

    #[test]
    fn reference_ignores_order_and_duplicates() {
        let shuffled = markdown_reference(&[&SCOPE_HINT, &STORE_ORDER, &SCOPE_HINT]);
        assert_eq!(shuffled, EXPECTED);
    }
}
