//! What the layer did with each build, as data ([`Event`]), its text for
//! the build log, and the report file (one per process) in the three
//! formats.
//!
//! Every event says who produced the module the application runs: oclc
//! (`oclc-module`), nobody because oclc rejected the program
//! (`oclc-rejected`), or the driver (`driver-lint`, `driver-fallback` with
//! the reason, `driver-passthrough` when the layer could not apply).

use crate::config::{Format, Mode};
use serde_json::{json, Value};
use std::io::Write;
use std::path::PathBuf;

/// Who built what the application runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// oclc compiled the source; the driver built its module from IL and
    /// returned `driver_status`.
    OclcModule {
        /// Size of the module in 32-bit words.
        words: usize,
        /// What the driver's `clBuildProgram` of the IL program returned.
        driver_status: i32,
    },
    /// oclc rejected the program (its errors, or an option it does not
    /// accept) and the build failed (`compile` mode).
    OclcRejected {
        /// What oclc rejected.
        reason: String,
    },
    /// The driver built the source because oclc could not (`fallback`).
    DriverFallback {
        /// Why oclc's module was not used.
        reason: String,
    },
    /// The driver built the source; oclc checked it (`lint`).
    Linted,
    /// The driver built the source; the layer could not apply oclc at
    /// all (an unsuitable device, an internal error).
    PassedThrough {
        /// Why.
        reason: String,
    },
}

impl Outcome {
    /// The stable key the JSON and SARIF reports use.
    pub fn key(&self) -> &'static str {
        match self {
            Outcome::OclcModule { .. } => "oclc-module",
            Outcome::OclcRejected { .. } => "oclc-rejected",
            Outcome::DriverFallback { .. } => "driver-fallback",
            Outcome::Linted => "driver-lint",
            Outcome::PassedThrough { .. } => "driver-passthrough",
        }
    }

    fn describe(&self) -> String {
        match self {
            Outcome::OclcModule {
                words,
                driver_status,
            } => format!(
                "module compiled by oclc {} ({words} words); the driver's build of it returned {}",
                oclc::VERSION,
                status_name(*driver_status)
            ),
            Outcome::OclcRejected { reason } => {
                format!("oclc rejected the program ({reason}); the build fails")
            }
            Outcome::DriverFallback { reason } => {
                format!("built by the driver's compiler, because {reason}")
            }
            Outcome::Linted => "checked by oclc; built by the driver's compiler".into(),
            Outcome::PassedThrough { reason } => {
                format!("built by the driver's compiler; oclc not applied: {reason}")
            }
        }
    }
}

/// An OpenCL status code's name, for the common build results.
pub fn status_name(status: i32) -> String {
    let name = match status {
        0 => "CL_SUCCESS",
        -11 => "CL_BUILD_PROGRAM_FAILURE",
        -42 => "CL_INVALID_BINARY",
        -43 => "CL_INVALID_BUILD_OPTIONS",
        -44 => "CL_INVALID_PROGRAM",
        -59 => "CL_INVALID_OPERATION",
        _ => return format!("error {status}"),
    };
    name.to_string()
}

/// One `clBuildProgram` as the layer handled it.
#[derive(Clone, Debug)]
pub struct Event {
    /// The layer's number for the program (1, 2, … in order of first build).
    pub program: u64,
    /// The source's name in diagnostics (`program-N.cl`).
    pub source_name: String,
    /// The mode.
    pub mode: Mode,
    /// The devices' names.
    pub devices: String,
    /// The application's build options.
    pub options: String,
    /// What happened.
    pub outcome: Outcome,
    /// oclc's diagnostics (empty when oclc did not run).
    pub diagnostics: oclc::Report,
}

impl Event {
    /// The header line: program, mode, devices, outcome.
    pub fn headline(&self) -> String {
        format!(
            "oclc-layer: {} [{} mode] for {}: {}",
            self.source_name,
            self.mode.name(),
            self.devices,
            self.outcome.describe()
        )
    }

    /// The text the layer puts into the build log: the header line, then
    /// oclc's diagnostics as `oclc` prints them.
    pub fn log_text(&self) -> String {
        let mut text = self.headline();
        text.push('\n');
        if !self.diagnostics.diagnostics().is_empty() {
            text.push_str(&self.diagnostics.render_human(oclc::HumanStyle::PLAIN));
        }
        text
    }

    /// The event as one JSON object (oclc's diagnostics in rustc's JSON
    /// shape under `diagnostics`).
    pub fn to_json(&self) -> Value {
        let diagnostics: Vec<Value> = self
            .diagnostics
            .render_json()
            .lines()
            .filter_map(|line| serde_json::from_str(line).ok())
            .collect();
        let mut value = json!({
            "layer": crate::LAYER_NAME,
            "oclc_version": oclc::VERSION,
            "program": self.program,
            "source": self.source_name,
            "mode": self.mode.name(),
            "devices": self.devices,
            "options": self.options,
            "outcome": self.outcome.key(),
            "errors": self.diagnostics.count(oclc::Severity::Error),
            "warnings": self.diagnostics.count(oclc::Severity::Warning),
            "diagnostics": diagnostics,
        });
        match &self.outcome {
            Outcome::OclcModule {
                words,
                driver_status,
            } => {
                value["module_words"] = json!(words);
                value["driver_status"] = json!(driver_status);
            }
            Outcome::DriverFallback { reason }
            | Outcome::PassedThrough { reason }
            | Outcome::OclcRejected { reason } => {
                value["reason"] = json!(reason);
            }
            Outcome::Linted => {}
        }
        value
    }
}

/// The report file of this process.
#[derive(Debug)]
pub struct ReportFile {
    path: PathBuf,
    format: Format,
    started: bool,
    /// SARIF only: everything so far (the file is rewritten whole).
    merged: oclc::Report,
    events: Vec<Value>,
}

impl ReportFile {
    /// A report to be written at `path` (created at the first event).
    pub fn new(path: PathBuf, format: Format) -> ReportFile {
        ReportFile {
            path,
            format,
            started: false,
            merged: oclc::Report::default(),
            events: Vec::new(),
        }
    }

    /// Adds an event to the file.
    ///
    /// # Errors
    /// The file cannot be created or written.
    pub fn write(&mut self, event: &Event) -> std::io::Result<()> {
        match self.format {
            Format::Human => self.append(event.log_text().as_bytes()),
            Format::Json => {
                let mut line = event.to_json().to_string();
                line.push('\n');
                self.append(line.as_bytes())
            }
            Format::Sarif => {
                self.merged.merge(event.diagnostics.clone());
                let mut summary = event.to_json();
                if let Some(object) = summary.as_object_mut() {
                    object.remove("diagnostics");
                }
                self.events.push(summary);
                let mut log: Value = serde_json::from_str(&self.merged.render_sarif())
                    .map_err(|e| std::io::Error::other(e.to_string()))?;
                if let Some(run) = log.pointer_mut("/runs/0") {
                    run["properties"] = json!({ "oclcLayerBuilds": self.events });
                }
                let text = serde_json::to_string_pretty(&log)
                    .map_err(|e| std::io::Error::other(e.to_string()))?;
                // Rewritten whole: a reader always finds one complete log.
                let partial = self.path.with_extension("sarif.partial");
                std::fs::write(&partial, text)?;
                std::fs::rename(&partial, &self.path)
            }
        }
    }

    fn append(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .write(true)
            .append(self.started)
            .truncate(!self.started)
            .open(&self.path)?;
        self.started = true;
        file.write_all(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(outcome: Outcome) -> Event {
        let source = oclc::Source::new(
            "program-1.cl",
            "kernel void k(global atomic_int *p) { atomic_store_explicit(p, 1, memory_order_acquire); }",
        );
        Event {
            program: 1,
            source_name: "program-1.cl".into(),
            mode: Mode::Lint,
            devices: "cpu".into(),
            options: "-cl-std=CL2.0".into(),
            outcome,
            diagnostics: oclc::check(&source, &oclc::Options::default()),
        }
    }

    #[test]
    fn log_text_has_headline_and_diagnostics() {
        let text = event(Outcome::Linted).log_text();
        assert!(
            text.starts_with("oclc-layer: program-1.cl [lint mode] for cpu:"),
            "{text}"
        );
        assert!(text.contains("error[E0401]"), "{text}");
    }

    #[test]
    fn json_carries_outcome_and_codes() {
        let cases = [
            (Outcome::Linted, "driver-lint"),
            (
                Outcome::OclcRejected {
                    reason: "errors".into(),
                },
                "oclc-rejected",
            ),
            (
                Outcome::OclcModule {
                    words: 10,
                    driver_status: 0,
                },
                "oclc-module",
            ),
            (
                Outcome::DriverFallback { reason: "r".into() },
                "driver-fallback",
            ),
        ];
        for (outcome, key) in cases {
            let value = event(outcome).to_json();
            assert_eq!(value["outcome"], key);
            assert_eq!(value["diagnostics"][0]["code"]["code"], "E0401", "{value}");
        }
    }

    #[test]
    fn every_format_writes_a_readable_file() {
        let dir = std::env::temp_dir().join(format!("oclc-layer-report-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for (format, name) in [
            (Format::Human, "r.txt"),
            (Format::Json, "r.json"),
            (Format::Sarif, "r.sarif"),
        ] {
            let path = dir.join(name);
            let mut file = ReportFile::new(path.clone(), format);
            file.write(&event(Outcome::Linted)).unwrap();
            file.write(&event(Outcome::OclcRejected {
                reason: "errors".into(),
            }))
            .unwrap();
            let text = std::fs::read_to_string(&path).unwrap();
            match format {
                Format::Human => assert_eq!(text.matches("oclc-layer: ").count(), 2, "{text}"),
                Format::Json => {
                    let outcomes: Vec<String> = text
                        .lines()
                        .map(|l| serde_json::from_str::<Value>(l).unwrap()["outcome"].to_string())
                        .collect();
                    assert_eq!(outcomes, ["\"driver-lint\"", "\"oclc-rejected\""]);
                }
                Format::Sarif => {
                    let log: Value = serde_json::from_str(&text).unwrap();
                    assert_eq!(log["runs"][0]["results"].as_array().unwrap().len(), 2);
                    assert_eq!(
                        log["runs"][0]["properties"]["oclcLayerBuilds"][1]["outcome"],
                        "oclc-rejected"
                    );
                }
            }
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
