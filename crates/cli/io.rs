//! File and terminal I/O for the CLI: reading sources, writing outputs
//! atomically (a temporary file put in place by one rename or exchange,
//! never on error), and printing reports in the chosen format.

use crate::args::{Color, CompileArgs, Dependencies, Emit, Format};
use oclc::{Diagnostic, FileLoader, FsLoader, HumanStyle, Report, Source};
use std::cell::RefCell;
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

/// Whether `path` is `-`, standard input or output.
pub fn is_std_stream(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// Reads the input file (`-`: standard input, named `<stdin>` as clang
/// does). On failure returns a report with one E0001 diagnostic naming the
/// file and the operating system's reason. A name that is not UTF-8 is
/// shown with replacement characters.
pub fn read_source(path: &Path) -> Result<Source, Report> {
    let limit = oclc::MAX_SOURCE_BYTES as u64 + 1;
    if is_std_stream(path) {
        let mut bytes = Vec::new();
        return match std::io::stdin().lock().take(limit).read_to_end(&mut bytes) {
            Ok(_) => Ok(Source::from_bytes("<stdin>", bytes)),
            Err(e) => Err(io_error(format!(
                "cannot read standard input: {}",
                os_reason(&e)
            ))),
        };
    }
    let name = path.display().to_string();
    let fail = |reason: String| Err(io_error(format!("cannot read `{name}`: {reason}")));
    let len = match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => return fail("it is a directory".into()),
        // Devices and FIFOs (`/dev/zero`) could be read forever.
        Ok(m) if !m.is_file() => return fail("not a regular file".into()),
        Ok(m) => m.len(),
        Err(e) => return fail(os_reason(&e)),
    };
    // Read one byte past the limit so the library reports `E0004` for an
    // oversized file without this process holding more than that. The size
    // from `metadata` lets the whole file arrive in one read.
    let mut bytes = Vec::with_capacity(usize::try_from(len.min(limit)).unwrap_or(0) + 1);
    match std::fs::File::open(path).and_then(|f| f.take(limit).read_to_end(&mut bytes)) {
        Ok(_) => Ok(Source::from_bytes(name, bytes)),
        Err(e) => fail(os_reason(&e)),
    }
}

/// A report of one I/O error (E0001, no source location), so that JSON and
/// SARIF users see it too.
pub fn io_error(message: String) -> Report {
    Report::from_diagnostics(vec![Diagnostic::new(&oclc::registry::IO_ERROR, message)])
}

fn os_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        _ => e.to_string(),
    }
}

/// The default output path: the input's stem plus `.spv` (`.spvasm` for
/// assembly) in the current directory, like `clang -c` (`-` from standard
/// input: `-` is standard output only for `-E`; otherwise `out.spv`).
pub fn default_output(input: &Path, emit: Emit) -> PathBuf {
    let ext = if emit == Emit::Assembly {
        "spvasm"
    } else {
        "spv"
    };
    let stem = match input.file_stem() {
        Some(stem) if !is_std_stream(input) => stem.to_owned(),
        _ => "out".into(),
    };
    let mut path = PathBuf::from(stem);
    path.set_extension(ext);
    path
}

/// What to write: the contents, produced into any writer.
pub type Contents<'a> = &'a dyn Fn(&mut dyn Write) -> std::io::Result<()>;

/// How the command reports its own failures and the diagnostics of a run:
/// in the format the user chose, so JSON and SARIF consumers see them as
/// well as people do.
#[derive(Clone, Copy)]
pub struct Reporter {
    /// The diagnostics format.
    pub format: Format,
    /// Colours and layout of human output.
    pub style: HumanStyle,
}

impl Reporter {
    /// Prints a report (see [`print_report`]); returns 0, or 2 when
    /// standard error cannot be written.
    pub fn report(self, report: &Report) -> u8 {
        print_report(report, self.format, self.style)
    }

    /// Reports the result of writing an output; returns its exit code (2 for
    /// a failure).
    pub fn wrote(self, written: Result<(), String>) -> u8 {
        match written {
            Ok(()) => 0,
            Err(message) => self.report(&output_error(message)).max(2),
        }
    }
}

/// A report of one output that could not be written (E0005).
pub fn output_error(message: String) -> Report {
    Report::from_diagnostics(vec![Diagnostic::new(
        &oclc::registry::OUTPUT_ERROR,
        message,
    )])
}

/// Writes `contents` to standard output; `Err` says why it could not. A closed
/// standard output is an error (the standard library would otherwise
/// discard the bytes and report success), and so is any failed write or
/// flush (`>/dev/full`).
pub fn write_stdout(contents: Contents<'_>) -> Result<(), String> {
    let mut stdout = std::io::stdout().lock();
    let result = stdout_is_open()
        .and_then(|()| contents(&mut stdout))
        .and_then(|()| stdout.flush());
    result.map_err(|e| format!("cannot write to standard output: {}", os_reason(&e)))
}

/// `Err` when file descriptor 1 is not open.
#[cfg(target_os = "linux")]
fn stdout_is_open() -> std::io::Result<()> {
    use std::os::fd::AsFd;
    rustix::fs::fstat(std::io::stdout().as_fd())
        .map(|_| ())
        .map_err(std::io::Error::from)
}

#[cfg(not(target_os = "linux"))]
fn stdout_is_open() -> std::io::Result<()> {
    Ok(())
}

/// Writes `contents` to `out` (`-` is standard output) atomically: a
/// temporary file next to the destination, put in place in one step
/// ([`put_in_place`]). Refuses an output that is one of `inputs` (by any
/// spelling: the check compares device and inode). `Err` says why it could
/// not write.
pub fn write_output(out: &Path, inputs: &[&Path], contents: Contents<'_>) -> Result<(), String> {
    if is_std_stream(out) {
        return write_stdout(contents);
    }
    let shown = out.display();
    // One `stat` of the destination decides everything: comparing device
    // and inode numbers (not canonical paths) also catches hard links, and
    // costs one system call instead of a `readlink` per path component.
    let existing = std::fs::metadata(out).ok();
    if existing.as_ref().is_some_and(|m| {
        inputs
            .iter()
            .any(|input| !is_std_stream(input) && is_same_file(out, m, input))
    }) {
        return Err(format!(
            "output file `{shown}` is an input file; refusing to overwrite it (choose another `-o`)"
        ));
    }
    let path = out;
    let written = match existing {
        Some(m) if m.is_dir() => Err(std::io::Error::other("it is a directory")),
        // Devices, FIFOs and the like (`-o /dev/null`) are written in
        // place: renaming a file over them would replace the device.
        Some(m) if !m.is_file() => std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .and_then(|mut f| contents(&mut f)),
        Some(_) => write_atomically(path, contents, Destination::File),
        None => write_atomically(path, contents, Destination::Absent),
    };
    written.map_err(|e| format!("cannot write `{shown}`: {}", os_reason(&e)))
}

/// Whether the existing destination `output` (with its metadata) is the
/// file at `input`.
#[cfg(unix)]
fn is_same_file(_output: &Path, metadata: &std::fs::Metadata, input: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(input).is_ok_and(|i| i.dev() == metadata.dev() && i.ino() == metadata.ino())
}

/// Without inode numbers, compare canonical paths.
#[cfg(not(unix))]
fn is_same_file(output: &Path, _metadata: &std::fs::Metadata, input: &Path) -> bool {
    match (output.canonicalize(), input.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// What the `stat` before writing found at the output path.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Destination {
    /// A regular file (or a symbolic link to one), to be replaced.
    File,
    /// Nothing: the output is a new name.
    Absent,
}

fn write_atomically(
    path: &Path,
    contents: Contents<'_>,
    destination: Destination,
) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let file_name = path
        .file_name()
        .ok_or_else(|| std::io::Error::other("not a file name"))?
        .to_string_lossy()
        .into_owned();
    let tmp = dir.join(format!(".{file_name}.{}.oclc-tmp", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        contents(&mut f)?;
        // No `sync_all`: putting the file in place with one rename or
        // exchange keeps readers from ever seeing a partial file, and like
        // other compilers (clang, rustc) oclc leaves durability to the file
        // system; an fsync cost 3-8 ms per compilation, more than the
        // compilation itself.
        drop(f);
        put_in_place(&tmp, path, destination)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// Moves the finished temporary file `tmp` to `path` in one step: every
/// reader of `path` sees either the old file or the whole new one.
///
/// An existing file is replaced by exchanging the two names and then
/// removing the old file under the temporary name, rather than by renaming
/// over it. Both are atomic, but on ext4 (Debian's default) a rename that
/// replaces a file first starts writing the new file's data out (the
/// `auto_da_alloc` heuristic for programs that never call fsync): 170 µs
/// against 50 µs for a 2.4 KB module here, as much as emitting it. Like the
/// rename without fsync it replaces, this promises atomicity to readers,
/// not durability across a power failure.
fn put_in_place(tmp: &Path, path: &Path, destination: Destination) -> std::io::Result<()> {
    #[cfg(target_os = "linux")]
    if destination == Destination::File {
        use rustix::fs::{renameat_with, RenameFlags, CWD};
        // Any failure (a kernel or file system without RENAME_EXCHANGE,
        // the destination removed meanwhile) falls back to the rename,
        // which then gives the operating system's answer.
        if renameat_with(CWD, tmp, CWD, path, RenameFlags::EXCHANGE).is_ok() {
            // `tmp` now names the old file.
            return std::fs::remove_file(tmp).inspect_err(|_| {
                // Not a file any more (a directory put there since the
                // `stat`): swap back, so that the caller removes the
                // temporary file and the directory is left as it was.
                let _ = renameat_with(CWD, tmp, CWD, path, RenameFlags::EXCHANGE);
            });
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = destination;
    std::fs::rename(tmp, path)
}

/// Prints a report to standard error, in every format: diagnostics never
/// share a stream with the output (`-o -`). Returns 0, or 2 when standard
/// error cannot be written.
pub fn print_report(report: &Report, format: Format, style: HumanStyle) -> u8 {
    let text = match format {
        Format::Human if report.diagnostics().is_empty() => return 0,
        Format::Human => report.render_human(style),
        Format::Json => report.render_json(),
        Format::Sarif => report.render_sarif(),
    };
    let mut stderr = std::io::stderr().lock();
    match stderr
        .write_all(text.as_bytes())
        .and_then(|()| stderr.flush())
    {
        Ok(()) => 0,
        Err(_) => 2,
    }
}

/// The file system loader, remembering every file it read (for `-MD`).
#[derive(Default)]
pub struct RecordingLoader {
    read: RefCell<Vec<PathBuf>>,
}

impl FileLoader for RecordingLoader {
    fn load(&self, path: &Path) -> std::io::Result<String> {
        let text = FsLoader.load(path)?;
        self.read.borrow_mut().push(path.to_path_buf());
        Ok(text)
    }
}

/// Writes the make rule of `-MD`: the target, then the input and every
/// file it included, each once, in the order they were first read.
pub fn write_dependencies(
    deps: &Dependencies,
    args: &CompileArgs,
    loader: &RecordingLoader,
) -> Result<(), String> {
    let target = deps.target.clone().unwrap_or_else(|| {
        args.output
            .clone()
            .unwrap_or_else(|| default_output(&args.input, args.emit))
            .display()
            .to_string()
    });
    let mut rule = escape_make(&target);
    rule.push(':');
    let mut seen = Vec::new();
    let read = loader.read.borrow();
    for path in std::iter::once(&args.input).chain(read.iter()) {
        if is_std_stream(path) || seen.contains(&path) {
            continue;
        }
        seen.push(path);
        rule.push_str(" \\\n  ");
        rule.push_str(&escape_make(&path.display().to_string()));
    }
    rule.push('\n');
    write_output(&deps.file, &[&args.input], &|w| {
        w.write_all(rule.as_bytes())
    })
}

/// A file name as make reads it (spaces, `#` and `$` escaped, as clang
/// escapes them).
fn escape_make(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        match c {
            ' ' | '#' => {
                out.push('\\');
                out.push(c);
            }
            '$' => out.push_str("$$"),
            c => out.push(c),
        }
    }
    out
}
