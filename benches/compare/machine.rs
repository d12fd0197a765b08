//! What the report says about the machine and the tools' versions.

use std::path::Path;

use crate::process::version_line;

/// The machine and the versions of everything measured.
pub struct Machine {
    /// Logical CPUs (`nproc`).
    pub cpus: usize,
    /// `model name` from `/proc/cpuinfo`.
    pub cpu_model: String,
    /// `MemTotal` from `/proc/meminfo`.
    pub memory: String,
    /// `PRETTY_NAME` from `/etc/os-release`.
    pub os: String,
    /// `(tool, version line)` pairs.
    pub versions: Vec<(&'static str, String)>,
}

/// Describes this machine; `oclc` is the binary measured.
pub fn describe(oclc: &Path) -> Machine {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let meminfo = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
    let os_release = std::fs::read_to_string("/etc/os-release").unwrap_or_default();
    let oclc = oclc.to_string_lossy();
    Machine {
        cpus: std::thread::available_parallelism().map_or(1, |n| n.get()),
        cpu_model: field(&cpuinfo, "model name", ':'),
        memory: field(&meminfo, "MemTotal", ':'),
        os: field(&os_release, "PRETTY_NAME", '=')
            .trim_matches('"')
            .to_owned(),
        versions: vec![
            ("oclc", version_line(&oclc, &["--version"])),
            ("rustc", version_line("rustc", &["--version"])),
            ("clang-15", version_line("clang-15", &["--version"])),
            (
                "llvm-spirv-15",
                version_line("llvm-spirv-15", &["--version"]),
            ),
            (
                "GNU time",
                version_line(crate::process::TIME, &["--version"]),
            ),
        ],
    }
}

/// The value of the first `key<sep>value` line, or `unknown`.
fn field(text: &str, key: &str, separator: char) -> String {
    text.lines()
        .filter_map(|l| l.split_once(separator))
        .find(|(k, _)| k.trim() == key)
        .map_or_else(|| "unknown".to_owned(), |(_, v)| v.trim().to_owned())
}
