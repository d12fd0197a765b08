//! `oclc._oclc`: the extension module under the `oclc` Python package
//! (python/oclc/; the reference is docs/python.md).
//!
//! API boundary: one function, `run`, translates Python arguments into an
//! [`oclc::Options`] and a [`oclc::Source`] through the facade's own
//! parsers and setters, compiles or lints with the GIL released, and
//! returns the facade's answer as plain Python data (the outcome class,
//! the words, every diagnostic with its resolved positions, the three
//! renderings, the descriptor map). The Python layer turns that into
//! `Module`, `Diagnostic` and exceptions; neither layer decides anything
//! the facade decides. A panic in oclc is caught ([`oclc::catch_panics`],
//! in a build that unwinds) and comes back as an internal error.

use oclc::{Outcome, Report};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString};

/// A device for `Options::for_devices`: (OpenCL C version string, address
/// bits, extension and feature names).
type DeviceTuple = (String, u32, Vec<String>);

/// What `run` does.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Action {
    Compile,
    Lint,
    /// Test hook: panics inside the boundary.
    TestingPanic,
}

/// The answer of one compilation, before it becomes Python objects.
struct Answer {
    words: Option<Vec<u32>>,
    report: Report,
    descriptor_map: Option<String>,
}

/// Compiles or lints; see python/oclc/__init__.py for the public API.
#[pyfunction]
#[pyo3(signature = (action, source, options, target, filename, include_dirs, defines, devices))]
#[allow(clippy::too_many_arguments)]
fn run<'py>(
    py: Python<'py>,
    action: &str,
    source: &Bound<'py, PyAny>,
    options: &str,
    target: Option<String>,
    filename: String,
    include_dirs: Vec<String>,
    defines: Vec<(String, Option<String>)>,
    devices: Option<Vec<DeviceTuple>>,
) -> PyResult<Bound<'py, PyDict>> {
    let action = match action {
        "compile" => Action::Compile,
        "lint" => Action::Lint,
        "testing-panic" => Action::TestingPanic,
        other => return Err(PyTypeError::new_err(format!("unknown action {other:?}"))),
    };
    let bytes: Vec<u8> = if let Ok(text) = source.downcast::<PyString>() {
        // `to_cow`: `to_str` is not in the limited API before 3.10.
        text.to_cow()?.as_bytes().to_vec()
    } else if let Ok(data) = source.downcast::<PyBytes>() {
        data.as_bytes().to_vec()
    } else {
        return Err(PyTypeError::new_err("source must be str or bytes"));
    };
    let options = build_options(options, target, &include_dirs, &defines, devices)
        .map_err(|e| options_error(py, &e.to_string()))?;
    let source = oclc::Source::from_bytes(filename, bytes);
    let answer = py.allow_threads(|| {
        oclc::catch_panics(|| match action {
            Action::Compile => match oclc::compile(&source, &options) {
                Ok(compiled) => Answer {
                    descriptor_map: options.env.is_vulkan().then(|| compiled.descriptor_map()),
                    words: Some(compiled.words),
                    report: compiled.report,
                },
                Err(failed) => Answer {
                    words: None,
                    report: failed.report,
                    descriptor_map: None,
                },
            },
            Action::Lint => Answer {
                words: None,
                report: oclc::check(&source, &options),
                descriptor_map: None,
            },
            Action::TestingPanic => panic!("the test hook `testing-panic` asked for a panic"),
        })
        .unwrap_or_else(|failed| Answer {
            words: None,
            report: failed.report,
            descriptor_map: None,
        })
    });
    to_python(py, &answer)
}

/// The options the arguments ask for, through the facade's setters.
fn build_options(
    text: &str,
    target: Option<String>,
    include_dirs: &[String],
    defines: &[(String, Option<String>)],
    devices: Option<Vec<DeviceTuple>>,
) -> Result<oclc::Options, oclc::OptionsError> {
    let mut options = match devices {
        Some(devices) => {
            let devices: Vec<oclc::Device> = devices
                .into_iter()
                .map(|(version, bits, extensions)| oclc::Device {
                    opencl_c_version: version,
                    address_bits: bits,
                    extensions,
                })
                .collect();
            oclc::Options::for_devices(&devices, text)?
        }
        None => oclc::Options::from_build_options(text)?,
    };
    if let Some(target) = target {
        options.set_target(&target)?;
    }
    for dir in include_dirs {
        let mut value = Some(dir.clone());
        options.accept("-I", &mut || value.take())?;
    }
    for (name, value) in defines {
        let arg = match value {
            Some(value) => format!("-D{name}={value}"),
            None => format!("-D{name}"),
        };
        options.accept(&arg, &mut || None)?;
    }
    Ok(options)
}

/// `oclc.OptionsError(message)` (defined in Python).
fn options_error(py: Python<'_>, message: &str) -> PyErr {
    let made = py
        .import("oclc._errors")
        .and_then(|m| m.getattr("OptionsError"))
        .and_then(|class| class.call1((message,)));
    match made {
        Ok(error) => PyErr::from_value(error),
        Err(e) => e,
    }
}

fn to_python<'py>(py: Python<'py>, answer: &Answer) -> PyResult<Bound<'py, PyDict>> {
    let report = &answer.report;
    let out = PyDict::new(py);
    let outcome = match report.outcome() {
        Outcome::Success => "success",
        Outcome::InputErrors => "input_errors",
        Outcome::InternalError => "internal_error",
    };
    out.set_item("outcome", outcome)?;
    match &answer.words {
        Some(words) => {
            let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
            out.set_item("spirv", PyBytes::new(py, &bytes))?;
        }
        None => out.set_item("spirv", py.None())?,
    }
    let json = report.render_json();
    let json_lines: Vec<&str> = json.lines().collect();
    let diagnostics = PyList::empty(py);
    for (i, d) in report.diagnostics().iter().enumerate() {
        diagnostics.append(diagnostic(py, report, d, json_lines.get(i).copied())?)?;
    }
    out.set_item("diagnostics", diagnostics)?;
    out.set_item("human", report.render_human(oclc::HumanStyle::PLAIN))?;
    out.set_item("json", &json)?;
    out.set_item("sarif", report.render_sarif())?;
    out.set_item("descriptor_map", answer.descriptor_map.as_deref())?;
    Ok(out)
}

fn diagnostic<'py>(
    py: Python<'py>,
    report: &Report,
    d: &oclc::Diagnostic,
    json: Option<&str>,
) -> PyResult<Bound<'py, PyDict>> {
    let out = PyDict::new(py);
    out.set_item("code", d.code.id)?;
    out.set_item("name", d.code.name)?;
    out.set_item("severity", d.severity.as_str())?;
    out.set_item("message", &d.message)?;
    let spans = PyList::empty(py);
    let labels = d.primary.iter().map(|l| (l, true));
    for (label, primary) in labels.chain(d.secondary.iter().map(|l| (l, false))) {
        if let Some(span) = span(py, report, label.span)? {
            span.set_item("is_primary", primary)?;
            span.set_item("label", &label.message)?;
            spans.append(span)?;
        }
    }
    out.set_item("spans", spans)?;
    out.set_item("notes", d.notes.clone())?;
    let fixes = PyList::empty(py);
    match &d.help {
        Some(help) => {
            out.set_item("help", &help.message)?;
            for edit in &help.edits {
                if let Some(span) = span(py, report, edit.span)? {
                    let fix = PyDict::new(py);
                    fix.set_item("span", span)?;
                    fix.set_item("replacement", &edit.replacement)?;
                    fixes.append(fix)?;
                }
            }
            let applicability = (!fixes.is_empty()).then(|| help.applicability.name());
            out.set_item("applicability", applicability)?;
        }
        None => {
            out.set_item("help", py.None())?;
            out.set_item("applicability", py.None())?;
        }
    }
    out.set_item("fixes", fixes)?;
    out.set_item("json", json)?;
    Ok(out)
}

/// A span's position in the JSON output's field names, or `None` when the
/// span lies in no file of the report.
fn span<'py>(
    py: Python<'py>,
    report: &Report,
    span: oclc::Span,
) -> PyResult<Option<Bound<'py, PyDict>>> {
    let Some(at) = report.locate(span) else {
        return Ok(None);
    };
    let out = PyDict::new(py);
    out.set_item("file_name", at.file)?;
    out.set_item("byte_start", at.byte_start)?;
    out.set_item("byte_end", at.byte_end)?;
    out.set_item("line_start", at.line_start)?;
    out.set_item("line_end", at.line_end)?;
    out.set_item("column_start", at.column_start)?;
    out.set_item("column_end", at.column_end)?;
    Ok(Some(out))
}

/// The extension module.
#[pymodule]
fn _oclc(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(run, m)?)?;
    m.add("__version__", oclc::VERSION)?;
    Ok(())
}
