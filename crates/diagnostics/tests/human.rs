//! Golden and property tests of the human renderer.

mod common;

use oclc_diagnostics::{render_human, HumanOptions};
use std::io;

fn render(options: HumanOptions) -> String {
    let mut out = Vec::new();
    render_human(
        &common::diagnostics(),
        &common::sources(),
        &options,
        &mut out,
    )
    .expect("writing into a Vec succeeds");
    String::from_utf8(out).expect("the renderer writes UTF-8")
}

const PLAIN: HumanOptions = HumanOptions {
    color: false,
    short: false,
};

/// `text` without ANSI SGR sequences (`ESC [ ... m`).
fn strip_ansi(text: &str) -> String {
    let mut stripped = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            for c in chars.by_ref() {
                if c == 'm' {
                    break;
                }
            }
        } else {
            stripped.push(c);
        }
    }
    stripped
}

/// `text` without spaces at line ends. codespan pads some label lines with
/// spaces; editors and hooks strip them from the golden files.
fn trim_line_ends(text: &str) -> String {
    text.split('\n')
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn plain_output_matches_golden() {
    let actual = render(PLAIN);
    let expected = common::golden("human.txt", &trim_line_ends(&actual));
    assert_eq!(trim_line_ends(&actual), expected);
}

#[test]
fn short_output_matches_golden() {
    let actual = render(HumanOptions {
        color: false,
        short: true,
    });
    let expected = common::golden("human-short.txt", &trim_line_ends(&actual));
    assert_eq!(trim_line_ends(&actual), expected);
}

#[test]
fn plain_output_has_no_escape_codes() {
    assert!(!render(PLAIN).contains('\x1b'));
    let short = render(HumanOptions {
        color: false,
        short: true,
    });
    assert!(!short.contains('\x1b'));
}

#[test]
fn colour_output_is_the_plain_output_with_escape_codes() {
    let coloured = render(HumanOptions {
        color: true,
        short: false,
    });
    assert!(coloured.contains("\x1b["));
    assert_eq!(strip_ansi(&coloured), render(PLAIN));
}

#[test]
fn help_edits_are_spelled_out() {
    let text = render(PLAIN);
    assert!(text.contains(
        "= help: use a release order\n          replace `memory_order_acquire` with `memory_order_release`\n"
    ));
    assert!(text.contains("insert `;` at kernels/k.cl:4:14"));
    assert!(text.contains("insert `\\n` at kernels/inc.h:1:35"));
}

/// A writer that always fails.
struct Broken;

impl io::Write for Broken {
    fn write(&mut self, _: &[u8]) -> io::Result<usize> {
        Err(io::Error::other("disk full"))
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[test]
fn writer_errors_are_returned() {
    for color in [false, true] {
        let options = HumanOptions {
            color,
            short: false,
        };
        let result = render_human(
            &common::diagnostics(),
            &common::sources(),
            &options,
            &mut Broken,
        );
        let error = result.expect_err("the writer fails");
        assert_eq!(error.to_string(), "disk full");
    }
}
