//! `oclc_compile`, `oclc_lint` and the `oclc_result` they return: the
//! module's words, every diagnostic as a C struct, the renderings and the
//! descriptor map, all owned by the result and freed by
//! `oclc_result_free`.

use crate::include::Callbacks;
use crate::{guarded, oclc_options, oclc_status};
use oclc::{Outcome, Report, Severity};
use std::ffi::{c_char, c_int, CStr, CString};
use std::sync::OnceLock;

/// Severity of a diagnostic (`oclc_severity`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum oclc_severity {
    /// A note.
    OCLC_SEVERITY_NOTE = 0,
    /// A warning: output is still produced.
    OCLC_SEVERITY_WARNING = 1,
    /// An error in the input.
    OCLC_SEVERITY_ERROR = 2,
    /// A bug in oclc.
    OCLC_SEVERITY_INTERNAL_ERROR = 3,
}

/// How safely a fix may be applied (`oclc_applicability`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum oclc_applicability {
    /// No fix, or advice without edits.
    OCLC_FIX_NONE = 0,
    /// Certain to keep the meaning: a tool may apply it unasked.
    OCLC_FIX_MACHINE_APPLICABLE = 1,
    /// One reasonable fix among several: show it, never apply it unasked.
    OCLC_FIX_MAYBE_INCORRECT = 2,
}

/// The renderings of a result's diagnostics (`oclc_format`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum oclc_format {
    /// rustc-like text without colours.
    OCLC_FORMAT_HUMAN = 0,
    /// The same with ANSI colours.
    OCLC_FORMAT_HUMAN_COLOR = 1,
    /// One JSON object per line (rustc's `--error-format=json` shape).
    OCLC_FORMAT_JSON = 2,
    /// A SARIF 2.1.0 log.
    OCLC_FORMAT_SARIF = 3,
}

/// A range of source text, with the positions the JSON output gives
/// (`oclc_span`).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct oclc_span {
    /// The file's name (the main file's name, or an included path).
    pub file: *const c_char,
    /// First byte.
    pub byte_start: usize,
    /// One past the last byte.
    pub byte_end: usize,
    /// 1-based line of the first byte.
    pub line: usize,
    /// 1-based column, in characters, of the first byte.
    pub column: usize,
    /// 1-based line after the last byte.
    pub end_line: usize,
    /// 1-based column, in characters, after the last byte.
    pub end_column: usize,
    /// What the span's label says ("" when nothing).
    pub label: *const c_char,
}

/// One replacement that fixes a diagnostic (`oclc_fix`).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct oclc_fix {
    /// The text to replace (empty for an insertion).
    pub span: oclc_span,
    /// The new text.
    pub replacement: *const c_char,
}

/// One diagnostic (`oclc_diagnostic`).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct oclc_diagnostic {
    /// How bad.
    pub severity: oclc_severity,
    /// The stable code, e.g. `"E0401"`.
    pub code: *const c_char,
    /// The code's name, e.g. `"store-order"`.
    pub name: *const c_char,
    /// The headline.
    pub message: *const c_char,
    /// Whether `primary` is set (0 for a diagnostic about no place).
    pub has_location: c_int,
    /// The main location (all zero and null when `has_location` is 0).
    pub primary: oclc_span,
    /// Number of further related locations.
    pub related_count: usize,
    /// The related locations.
    pub related: *const oclc_span,
    /// Number of notes.
    pub note_count: usize,
    /// The `note:` lines.
    pub notes: *const *const c_char,
    /// The `help:` line, or null.
    pub help: *const c_char,
    /// How safely `fixes` may be applied.
    pub applicability: oclc_applicability,
    /// Number of edits of the fix.
    pub fix_count: usize,
    /// The edits, to be applied together.
    pub fixes: *const oclc_fix,
}

/// The result of `oclc_compile` or `oclc_lint` (opaque in C).
pub struct oclc_result {
    status: oclc_status,
    words: Vec<u32>,
    report: Report,
    diagnostics: Vec<oclc_diagnostic>,
    /// The storage `diagnostics` points into (never moved once built).
    _strings: Vec<CString>,
    _spans: Vec<Vec<oclc_span>>,
    _fixes: Vec<Vec<oclc_fix>>,
    _notes: Vec<Vec<*const c_char>>,
    descriptor_map: Option<CString>,
    rendered: [OnceLock<CString>; 4],
}

/// `text` as a C string; a NUL byte inside (from the source) becomes
/// U+FFFD so that the rest is not cut off.
pub(crate) fn c_string(text: &str) -> CString {
    CString::new(text).unwrap_or_else(|_| {
        let cleaned = text.replace('\0', "\u{FFFD}");
        CString::new(cleaned).unwrap_or_default()
    })
}

/// Builds C structs for a report's diagnostics, keeping their strings.
struct Builder {
    strings: Vec<CString>,
    spans: Vec<Vec<oclc_span>>,
    fixes: Vec<Vec<oclc_fix>>,
    notes: Vec<Vec<*const c_char>>,
}

const NO_SPAN: oclc_span = oclc_span {
    file: std::ptr::null(),
    byte_start: 0,
    byte_end: 0,
    line: 0,
    column: 0,
    end_line: 0,
    end_column: 0,
    label: std::ptr::null(),
};

impl Builder {
    fn text(&mut self, text: &str) -> *const c_char {
        let s = c_string(text);
        let p = s.as_ptr();
        self.strings.push(s);
        p
    }

    fn span(&mut self, report: &Report, span: oclc::Span, label: &str) -> Option<oclc_span> {
        let at = report.locate(span)?;
        Some(oclc_span {
            file: self.text(&at.file),
            byte_start: at.byte_start,
            byte_end: at.byte_end,
            line: at.line_start,
            column: at.column_start,
            end_line: at.line_end,
            end_column: at.column_end,
            label: self.text(label),
        })
    }

    fn diagnostic(&mut self, report: &Report, d: &oclc::Diagnostic) -> oclc_diagnostic {
        let primary = d
            .primary
            .as_ref()
            .and_then(|l| self.span(report, l.span, &l.message));
        let related: Vec<oclc_span> = d
            .secondary
            .iter()
            .filter_map(|l| self.span(report, l.span, &l.message))
            .collect();
        let notes: Vec<*const c_char> = d.notes.iter().map(|n| self.text(n)).collect();
        let (help, applicability, fixes) = match &d.help {
            None => (
                std::ptr::null(),
                oclc_applicability::OCLC_FIX_NONE,
                Vec::new(),
            ),
            Some(help) => {
                let fixes: Vec<oclc_fix> = help
                    .edits
                    .iter()
                    .filter_map(|e| {
                        let span = self.span(report, e.span, "")?;
                        Some(oclc_fix {
                            span,
                            replacement: self.text(&e.replacement),
                        })
                    })
                    .collect();
                let applicability = match (fixes.is_empty(), help.applicability) {
                    (true, _) => oclc_applicability::OCLC_FIX_NONE,
                    (false, oclc::Applicability::MachineApplicable) => {
                        oclc_applicability::OCLC_FIX_MACHINE_APPLICABLE
                    }
                    (false, oclc::Applicability::MaybeIncorrect) => {
                        oclc_applicability::OCLC_FIX_MAYBE_INCORRECT
                    }
                };
                (self.text(&help.message), applicability, fixes)
            }
        };
        let out = oclc_diagnostic {
            severity: match d.severity {
                Severity::Note => oclc_severity::OCLC_SEVERITY_NOTE,
                Severity::Warning => oclc_severity::OCLC_SEVERITY_WARNING,
                Severity::Error => oclc_severity::OCLC_SEVERITY_ERROR,
                Severity::Bug => oclc_severity::OCLC_SEVERITY_INTERNAL_ERROR,
            },
            code: self.text(d.code.id),
            name: self.text(d.code.name),
            message: self.text(&d.message),
            has_location: c_int::from(primary.is_some()),
            primary: primary.unwrap_or(NO_SPAN),
            related_count: related.len(),
            related: related.as_ptr(),
            note_count: notes.len(),
            notes: notes.as_ptr(),
            help,
            applicability,
            fix_count: fixes.len(),
            fixes: fixes.as_ptr(),
        };
        // The vectors' heap buffers do not move when the vectors do.
        self.spans.push(related);
        self.notes.push(notes);
        self.fixes.push(fixes);
        out
    }
}

impl oclc_result {
    fn new(words: Vec<u32>, report: Report, descriptor_map: Option<String>) -> oclc_result {
        let status = match report.outcome() {
            Outcome::Success => oclc_status::OCLC_SUCCESS,
            Outcome::InputErrors => oclc_status::OCLC_INPUT_ERRORS,
            Outcome::InternalError => oclc_status::OCLC_INTERNAL_ERROR,
        };
        let mut builder = Builder {
            strings: Vec::new(),
            spans: Vec::new(),
            fixes: Vec::new(),
            notes: Vec::new(),
        };
        let diagnostics = report
            .diagnostics()
            .iter()
            .map(|d| builder.diagnostic(&report, d))
            .collect();
        oclc_result {
            status,
            words,
            report,
            diagnostics,
            _strings: builder.strings,
            _spans: builder.spans,
            _fixes: builder.fixes,
            _notes: builder.notes,
            descriptor_map: descriptor_map.map(|m| c_string(&m)),
            rendered: Default::default(),
        }
    }
}

/// What to run on the source.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Action {
    Compile,
    Lint,
}

/// The body of `oclc_compile` and `oclc_lint`.
///
/// # Safety
/// As `oclc_compile` documents.
unsafe fn run(
    action: Action,
    options: *const oclc_options,
    source: *const c_char,
    length: usize,
    filename: *const c_char,
    result: *mut *mut oclc_result,
) -> oclc_status {
    if result.is_null() {
        return oclc_status::OCLC_INVALID_ARGUMENT;
    }
    // SAFETY: `result` is a valid out pointer (the caller's contract).
    unsafe { *result = std::ptr::null_mut() };
    if source.is_null() {
        return oclc_status::OCLC_INVALID_ARGUMENT;
    }
    let defaults = oclc_options::default();
    // SAFETY: null or a live `oclc_options` (the caller's contract).
    let options = unsafe { options.as_ref() }.unwrap_or(&defaults);
    let outcome = guarded(|| {
        // SAFETY: `length` readable bytes at `source` and a NUL-terminated
        // `filename` if not null (the caller's contract).
        let bytes = unsafe { std::slice::from_raw_parts(source.cast::<u8>(), length) };
        let name = if filename.is_null() {
            "<source>".into()
        } else {
            unsafe { CStr::from_ptr(filename) }.to_string_lossy()
        };
        let source = oclc::Source::from_bytes(name, bytes.to_vec());
        if options.panic_for_testing {
            panic!("the test hook oclc_options_testing_panic asked for a panic");
        }
        let fs = oclc::FsLoader;
        let loader: &dyn oclc::FileLoader = match &options.include {
            Some(callbacks) => callbacks as &Callbacks,
            None => &fs,
        };
        match action {
            Action::Compile => match oclc::compile_with_loader(&source, &options.options, loader) {
                Ok(compiled) => {
                    let map = options
                        .options
                        .env
                        .is_vulkan()
                        .then(|| compiled.descriptor_map());
                    oclc_result::new(compiled.words, compiled.report, map)
                }
                Err(failed) => oclc_result::new(Vec::new(), failed.report, None),
            },
            Action::Lint => {
                let report = oclc::check_with_loader(&source, &options.options, loader);
                oclc_result::new(Vec::new(), report, None)
            }
        }
    });
    let made = outcome.unwrap_or_else(|report| oclc_result::new(Vec::new(), report, None));
    let status = made.status;
    // SAFETY: as above.
    unsafe { *result = Box::into_raw(Box::new(made)) };
    status
}

/// Compiles `length` bytes of OpenCL C at `source` to SPIR-V.
///
/// # Safety
/// `options` is null (defaults) or a live `oclc_options`; `source` points
/// to `length` readable bytes; `filename` is null or a NUL-terminated
/// string; `result` is a valid out pointer.
#[no_mangle]
pub unsafe extern "C" fn oclc_compile(
    options: *const oclc_options,
    source: *const c_char,
    length: usize,
    filename: *const c_char,
    result: *mut *mut oclc_result,
) -> oclc_status {
    // SAFETY: the caller's contract, passed on.
    unsafe { run(Action::Compile, options, source, length, filename, result) }
}

/// Runs every check without emitting SPIR-V (`oclc lint`).
///
/// # Safety
/// As for `oclc_compile`.
#[no_mangle]
pub unsafe extern "C" fn oclc_lint(
    options: *const oclc_options,
    source: *const c_char,
    length: usize,
    filename: *const c_char,
    result: *mut *mut oclc_result,
) -> oclc_status {
    // SAFETY: the caller's contract, passed on.
    unsafe { run(Action::Lint, options, source, length, filename, result) }
}

/// The result's status (what `oclc_compile`/`oclc_lint` returned).
///
/// # Safety
/// `result` is null or a live `oclc_result`.
#[no_mangle]
pub unsafe extern "C" fn oclc_result_status(result: *const oclc_result) -> oclc_status {
    // SAFETY: the caller's contract.
    match unsafe { result.as_ref() } {
        Some(r) => r.status,
        None => oclc_status::OCLC_INVALID_ARGUMENT,
    }
}

/// The module's words (null and `*count` 0 unless compiled successfully).
///
/// # Safety
/// `result` is null or a live `oclc_result`; `count` is null or valid.
#[no_mangle]
pub unsafe extern "C" fn oclc_result_words(
    result: *const oclc_result,
    count: *mut usize,
) -> *const u32 {
    // SAFETY: the caller's contract.
    let words = unsafe { result.as_ref() }.map_or(&[][..], |r| &r.words[..]);
    if let Some(count) = unsafe { count.as_mut() } {
        *count = words.len();
    }
    if words.is_empty() {
        std::ptr::null()
    } else {
        words.as_ptr()
    }
}

/// Number of diagnostics.
///
/// # Safety
/// `result` is null or a live `oclc_result`.
#[no_mangle]
pub unsafe extern "C" fn oclc_result_diagnostic_count(result: *const oclc_result) -> usize {
    // SAFETY: the caller's contract.
    unsafe { result.as_ref() }.map_or(0, |r| r.diagnostics.len())
}

/// Diagnostic `index` (null when out of range).
///
/// # Safety
/// `result` is null or a live `oclc_result`.
#[no_mangle]
pub unsafe extern "C" fn oclc_result_diagnostic(
    result: *const oclc_result,
    index: usize,
) -> *const oclc_diagnostic {
    // SAFETY: the caller's contract.
    match unsafe { result.as_ref() }.and_then(|r| r.diagnostics.get(index)) {
        Some(d) => d,
        None => std::ptr::null(),
    }
}

/// Number of diagnostics of one severity.
///
/// # Safety
/// `result` is null or a live `oclc_result`.
#[no_mangle]
pub unsafe extern "C" fn oclc_result_count(result: *const oclc_result, severity: c_int) -> usize {
    // SAFETY: the caller's contract.
    unsafe { result.as_ref() }.map_or(0, |r| {
        r.diagnostics
            .iter()
            .filter(|d| d.severity as c_int == severity)
            .count()
    })
}

/// Every diagnostic rendered in `format` ("" when there are none, but a
/// SARIF log is always a whole log); null for an unknown format.
///
/// # Safety
/// `result` is null or a live `oclc_result`.
#[no_mangle]
pub unsafe extern "C" fn oclc_result_render(
    result: *const oclc_result,
    format: c_int,
) -> *const c_char {
    // SAFETY: the caller's contract.
    let Some(r) = (unsafe { result.as_ref() }) else {
        return std::ptr::null();
    };
    let Some(slot) = usize::try_from(format).ok().and_then(|i| r.rendered.get(i)) else {
        return std::ptr::null();
    };
    let text = guarded(|| {
        slot.get_or_init(|| {
            let text = match format {
                0 => r.report.render_human(oclc::HumanStyle::PLAIN),
                1 => r.report.render_human(oclc::HumanStyle {
                    color: true,
                    short: false,
                }),
                2 => r.report.render_json(),
                _ => r.report.render_sarif(),
            };
            c_string(&text)
        })
        .as_ptr()
    });
    text.unwrap_or(std::ptr::null())
}

/// The Vulkan descriptor map as JSON (docs/vulkan.md), or null for an
/// OpenCL module or a failed compilation.
///
/// # Safety
/// `result` is null or a live `oclc_result`.
#[no_mangle]
pub unsafe extern "C" fn oclc_result_descriptor_map(result: *const oclc_result) -> *const c_char {
    // SAFETY: the caller's contract.
    match unsafe { result.as_ref() }.and_then(|r| r.descriptor_map.as_ref()) {
        Some(map) => map.as_ptr(),
        None => std::ptr::null(),
    }
}

/// Frees a result and everything it handed out (nothing for null).
///
/// # Safety
/// `result` is null or came from `oclc_compile`/`oclc_lint` and is not
/// used afterwards.
#[no_mangle]
pub unsafe extern "C" fn oclc_result_free(result: *mut oclc_result) {
    if !result.is_null() {
        // SAFETY: the caller's contract: the box this library made.
        let boxed = unsafe { Box::from_raw(result) };
        let _ = guarded(move || drop(boxed));
    }
}
