//! Shared pieces of oclc's fuzz targets: turning the fuzzer's bytes into a
//! source and options, and an in-memory `#include` loader so that fuzzing
//! never touches the file system.
//!
//! Every target runs its input on a 2 MiB stack ([`on_small_stack`]).
//!
//! Input layout for every target: the first byte selects options
//! ([`options_for`]); the rest is the source text (bytes that are not UTF-8
//! go through [`oclc::Source::from_bytes`], exactly as the CLI reads files).

use oclc::{ClStd, FileLoader, Options, Source};
use std::path::Path;

/// The header every fuzz input may `#include "h.h"` (or `<h.h>`).
pub const HEADER: &str =
    "#pragma once\n#define ORDER memory_order_relaxed\ntypedef atomic_int counter_t;\n";

/// Serves `h.h` (a small header), `self.h` (which includes itself, to
/// exercise the include-depth limit) and nothing else.
pub struct MemoryLoader;

impl FileLoader for MemoryLoader {
    fn load(&self, path: &Path) -> std::io::Result<String> {
        match path.file_name().and_then(|n| n.to_str()) {
            Some("h.h") => Ok(HEADER.to_string()),
            Some("self.h") => Ok("#include \"self.h\"\nint x;\n".to_string()),
            _ => Err(std::io::Error::new(
                std::io::ErrorKind::NotFound,
                "not served by the fuzz loader",
            )),
        }
    }
}

/// Options chosen by the low bits of `selector`: language version, pointer
/// width, debug info and an error limit, so every combination gets fuzzed.
pub fn options_for(selector: u8) -> Options {
    let mut options = Options {
        include_dirs: vec!["inc".into()],
        ..Options::default()
    };
    options.std = match selector & 3 {
        0 => ClStd::Cl12,
        1 | 2 => ClStd::Cl20,
        _ => ClStd::Cl30,
    };
    if selector & 4 != 0 {
        options.pointer_bits = 32;
    }
    options.debug_info = selector & 8 != 0;
    if selector & 16 != 0 {
        options.error_limit = 3;
    }
    if selector & 32 != 0 {
        options.extensions.push(("all".into(), true));
    }
    options
}

/// Splits a fuzz input into options and source.
pub fn split_input(data: &[u8]) -> (Options, Source) {
    let (selector, text) = match data.split_first() {
        Some((&first, rest)) => (first, rest),
        None => (0, data),
    };
    (
        options_for(selector),
        Source::from_bytes("fuzz.cl", text.to_vec()),
    )
}

/// Stack size fuzz inputs run with: a spawned thread's default, which is
/// what embedders and test harnesses give oclc (libFuzzer's main thread
/// has 8 MiB, which would hide overflows that happen at 2 MiB).
pub const STACK_BYTES: usize = 2 << 20;

/// Runs `job` on a thread with a [`STACK_BYTES`] stack. A panic there
/// aborts through libFuzzer's panic hook, so it is reported as a crash.
pub fn on_small_stack(job: impl FnOnce() + Send) {
    std::thread::scope(|scope| {
        let handle = std::thread::Builder::new()
            .stack_size(STACK_BYTES)
            .spawn_scoped(scope, job)
            .expect("spawn a fuzzing thread");
        if let Err(panic) = handle.join() {
            std::panic::resume_unwind(panic);
        }
    });
}

/// Renders a report in every format, so renderer bugs (spans past the end
/// of a file, odd characters) surface as crashes too.
pub fn render_all(report: &oclc::Report) {
    let human = report.render_human(oclc::HumanStyle::PLAIN);
    let short = report.render_human(oclc::HumanStyle {
        color: true,
        short: true,
    });
    let json = report.render_json();
    let sarif = report.render_sarif();
    assert!(report.diagnostics().is_empty() || !human.is_empty());
    assert!(report.diagnostics().is_empty() || !short.is_empty());
    assert!(report.diagnostics().is_empty() || !json.is_empty());
    assert!(!sarif.is_empty());
}
