//! The OpenCL conformance suite's offline-compiler command line, which
//! `oclc` accepts as it is:
//!
//! ```text
//! oclc --mode=spir-v --source=F.cl --output=F.spv --cl-device-info=INFO [-- BUILD_OPTIONS...]
//! ```
//!
//! (`test_common/harness/cl_offline_compiler-interface.txt` in
//! KhronosGroup/OpenCL-CTS; each `--name` also takes its value as the next
//! argument). The suite runs it through `system()` for every program when
//! started with `--compilation-mode spir-v --compilation-program oclc`,
//! treats any exit status but 0 as a failed compilation and then loads the
//! `.spv` file. This module only recognises and reads the command line;
//! the library decides the target from the device-info file
//! ([`oclc::DeviceInfo`]).
//!
//! Exit status as for every `oclc` command: 0 the module was written; 1
//! the source has errors (reported on standard error, nothing written); 2
//! the command line, the device-info file or a build option cannot be used,
//! or `--mode=binary` (oclc makes SPIR-V only); 3 internal compiler error.

use crate::args::{usage_error, Color, Format};
use crate::io;
use oclc::{DeviceInfo, Failed};
use std::ffi::OsString;
use std::path::PathBuf;

/// The interface's own options, each taking a value.
const NAMES: [&str; 4] = ["--mode", "--source", "--output", "--cl-device-info"];

/// Whether `argv` is the suite's command line: one of its options
/// (`--mode`, `--source`, `--cl-device-info`) before any `--`. None of them
/// is an option of oclc's own command line.
pub fn is_cts_command(argv: &[OsString]) -> bool {
    argv.iter()
        .take_while(|a| *a != "--")
        .filter_map(|a| a.to_str())
        .any(|a| {
            ["--mode", "--source", "--cl-device-info"]
                .iter()
                .any(|name| a == *name || a.strip_prefix(name).is_some_and(|r| r.starts_with('=')))
        })
}

/// The parsed command line.
#[derive(Debug)]
struct Invocation {
    source: PathBuf,
    output: PathBuf,
    device_info: PathBuf,
    build_options: Vec<String>,
}

/// Reads the command line; `Err` is the usage error to print.
fn parse(argv: &[OsString]) -> Result<Invocation, String> {
    let mut values: [Option<OsString>; 4] = Default::default();
    let mut iter = argv.iter();
    let mut build_options = Vec::new();
    while let Some(arg) = iter.next() {
        if arg == "--" {
            for option in iter.by_ref() {
                let option = option.to_str().ok_or_else(|| {
                    format!("build option `{}` is not UTF-8", option.to_string_lossy())
                })?;
                build_options.push(option.to_owned());
            }
            break;
        }
        // `--name=value` or `--name value`; the value is kept as given
        // (a file name need not be UTF-8).
        let bytes = arg.as_encoded_bytes();
        let (name, value) = match bytes.iter().position(|&b| b == b'=') {
            Some(at) => (
                String::from_utf8_lossy(&bytes[..at]).into_owned(),
                Some(os_suffix(bytes, at + 1)),
            ),
            None => (arg.to_string_lossy().into_owned(), None),
        };
        let Some(slot) = NAMES.iter().position(|n| *n == name) else {
            return Err(format!(
                "unknown argument `{name}` on the conformance-suite command line \
                 (--mode, --source, --output, --cl-device-info, then `--` and build options)"
            ));
        };
        let value = match value {
            Some(v) => v,
            None => iter
                .next()
                .cloned()
                .ok_or_else(|| format!("{name} needs a value"))?,
        };
        if values[slot].replace(value).is_some() {
            return Err(format!("{name} is given twice"));
        }
    }
    let [mode, source, output, device_info] = values;
    let missing = |name: &str| format!("{name} is missing");
    let mode = mode.ok_or_else(|| missing("--mode"))?;
    match mode.to_str() {
        Some("spir-v") => {}
        Some("binary") => {
            return Err(
                "--mode=binary is not supported: oclc produces SPIR-V only; \
                        run the suite with `--compilation-mode spir-v`"
                    .into(),
            )
        }
        _ => {
            return Err(format!(
                "unknown --mode `{}`: oclc supports `spir-v`",
                mode.to_string_lossy()
            ))
        }
    }
    Ok(Invocation {
        source: source.ok_or_else(|| missing("--source"))?.into(),
        output: output.ok_or_else(|| missing("--output"))?.into(),
        device_info: device_info
            .ok_or_else(|| missing("--cl-device-info"))?
            .into(),
        build_options,
    })
}

/// The bytes of `bytes` from `start` as an OS string.
fn os_suffix(bytes: &[u8], start: usize) -> OsString {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStringExt;
        OsString::from_vec(bytes[start..].to_vec())
    }
    #[cfg(not(unix))]
    {
        OsString::from(String::from_utf8_lossy(&bytes[start..]).into_owned())
    }
}

/// Runs the suite's command line; returns the exit code.
pub fn run(argv: &[OsString]) -> u8 {
    let invocation = match parse(argv) {
        Ok(invocation) => invocation,
        Err(message) => return usage_error(&message),
    };
    let shown = invocation.device_info.display();
    let text = match std::fs::read_to_string(&invocation.device_info) {
        Ok(text) => text,
        Err(e) => return usage_error(&format!("cannot read the device-info file `{shown}`: {e}")),
    };
    let info = match DeviceInfo::parse(&text) {
        Ok(info) => info,
        Err(e) => return usage_error(&format!("device-info file `{shown}`: {e}")),
    };
    let mut options = match info.options_with(&invocation.build_options) {
        Ok(options) => options,
        Err(e) => return usage_error(&e.to_string()),
    };
    options.error_limit = crate::DEFAULT_ERROR_LIMIT;
    options.build_time = crate::args::build_time();
    let reporter = io::Reporter {
        format: Format::Human,
        style: io::human_style(Color::Auto, false),
    };
    let source = match io::read_source(&invocation.source) {
        Ok(source) => source,
        Err(report) => return reporter.report(&report).max(2),
    };
    match oclc::compile(&source, &options) {
        Ok(compiled) => {
            let written = io::write_output(&invocation.output, &[&invocation.source], &|w| {
                compiled.write_to(w)
            });
            let code = reporter.report(&compiled.report);
            code.max(reporter.wrote(written))
        }
        Err(Failed { report }) => {
            let code = crate::exit_code_for_failure(&report);
            reporter.report(&report).max(code)
        }
    }
}
