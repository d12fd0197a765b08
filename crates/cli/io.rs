//! File and terminal I/O for the CLI: reading sources, writing outputs
//! atomically (temporary file + rename, never on error), and printing
//! reports in the chosen format.

use crate::args::{Color, Emit, Format};
use oclc::{Diagnostic, HumanStyle, Report, Source};
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};

/// Whether and how to colour human output on standard error.
pub fn human_style(color: Color, short: bool) -> HumanStyle {
    let color = match color {
        Color::Always => true,
        Color::Never => false,
        Color::Auto => {
            std::io::stderr().is_terminal()
                && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                && std::env::var("TERM").map_or(true, |t| t != "dumb")
        }
    };
    HumanStyle { color, short }
}

/// Reads the input file. On failure returns a report with one E0001
/// diagnostic naming the file and the operating system's reason.
pub fn read_source(path: &Path) -> Result<Source, Report> {
    let name = path.display().to_string();
    let fail = |reason: String| {
        Err(Report::from_diagnostics(vec![Diagnostic::new(
            &oclc::registry::IO_ERROR,
            format!("cannot read `{name}`: {reason}"),
        )]))
    };
    match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => return fail("it is a directory".into()),
        // Devices and FIFOs (`/dev/zero`) could be read forever.
        Ok(m) if !m.is_file() => return fail("not a regular file".into()),
        Ok(_) => {}
        Err(e) => return fail(os_reason(&e)),
    }
    // Read one byte past the limit so the library reports `E0004` for an
    // oversized file without this process holding more than that.
    let mut bytes = Vec::new();
    let limit = oclc::MAX_SOURCE_BYTES as u64 + 1;
    match std::fs::File::open(path).and_then(|f| f.take(limit).read_to_end(&mut bytes)) {
        Ok(_) => Ok(Source::from_bytes(name, bytes)),
        Err(e) => fail(os_reason(&e)),
    }
}

fn os_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        _ => e.to_string(),
    }
}

/// The default output path: the input's stem plus `.spv` (`.spvasm` for
/// assembly) in the current directory, like `clang -c`.
pub fn default_output(input: &Path, emit: Emit) -> String {
    let ext = if emit == Emit::Assembly {
        "spvasm"
    } else {
        "spv"
    };
    let stem = input
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".into());
    format!("{stem}.{ext}")
}

/// Writes `bytes` to `out` (`-` is standard output) atomically: a temporary
/// file next to the destination, then a rename. Returns the exit code.
pub fn write_output(out: &str, input: &Path, bytes: &[u8]) -> u8 {
    if out == "-" {
        let mut stdout = std::io::stdout().lock();
        return match stdout.write_all(bytes).and_then(|()| stdout.flush()) {
            Ok(()) => 0,
            Err(e) => {
                eprintln!("error: cannot write to standard output: {e}");
                2
            }
        };
    }
    let path = PathBuf::from(out);
    if same_file(&path, input) {
        eprintln!(
            "error: output file `{out}` is the input file; refusing to overwrite it (choose another `-o`)"
        );
        return 2;
    }
    // Devices, FIFOs and the like (`-o /dev/null`) are written in place:
    // renaming a file over them would replace the device.
    let is_special = std::fs::metadata(&path).is_ok_and(|m| !m.is_file() && !m.is_dir());
    let written = if is_special {
        std::fs::OpenOptions::new()
            .write(true)
            .open(&path)
            .and_then(|mut f| f.write_all(bytes))
    } else {
        write_atomically(&path, bytes)
    };
    match written {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: cannot write `{out}`: {}", os_reason(&e));
            2
        }
    }
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if path.is_dir() {
        return Err(std::io::Error::other("it is a directory"));
    }
    let file_name = path
        .file_name()
        .ok_or_else(|| std::io::Error::other("not a file name"))?
        .to_string_lossy()
        .into_owned();
    let tmp = dir.join(format!(".{file_name}.{}.oclc-tmp", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        // No `sync_all`: the rename alone keeps readers from ever seeing a
        // partial file, and like other compilers (clang, rustc) oclc leaves
        // durability to the file system; an fsync cost 3-8 ms per
        // compilation, more than the compilation itself.
        drop(f);
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// Prints a report to standard error (human) or standard output
/// (JSON, SARIF).
pub fn print_report(report: &Report, format: Format, style: HumanStyle) {
    match format {
        Format::Human => {
            if !report.diagnostics().is_empty() {
                eprint!("{}", report.render_human(style));
            }
        }
        Format::Json => eprint!("{}", report.render_json()),
        Format::Sarif => print!("{}", report.render_sarif()),
    }
}
