//! Where one small kernel's process time goes: the shipped `oclc` run on
//! the README's example kernel with ever more of the pipeline switched on,
//! each command line timed in the same interleaved rotation as `true` (the
//! cost of any process at all). The differences between consecutive steps
//! are the cost of each stage as the end-to-end section sees it.

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use crate::process;
use crate::stats;

/// One step: a command line and its median wall time.
pub struct Step {
    /// What the step adds to the previous one.
    pub adds: &'static str,
    /// The command, for the report.
    pub command: String,
    /// Median wall time in seconds; `None` when the command failed.
    pub median_secs: Option<f64>,
}

/// Times the steps `runs` times each, interleaved, on `kernel`, writing the
/// module to `output` in the last step (replacing it from the second run
/// on, as a rebuild does).
pub fn measure(oclc: &Path, kernel: &Path, output: &Path, runs: usize) -> Vec<Step> {
    let oclc_args = |args: &[&str]| {
        let mut command = Command::new(oclc);
        command.arg(kernel).args(args);
        command
    };
    let output = output.to_string_lossy();
    let steps: [(&str, Command); 5] = [
        ("a process that does nothing (`true`)", Command::new("true")),
        (
            "start-up, reading the file, preprocessing, parsing, checks",
            oclc_args(&["-fsyntax-only"]),
        ),
        (
            "lowering to the IR and SPIR-V emission",
            oclc_args(&["--no-validate", "-o", "/dev/null"]),
        ),
        ("validation by SPIRV-Tools", oclc_args(&["-o", "/dev/null"])),
        (
            "writing the file (a temporary file put in place of the old output)",
            oclc_args(&["-o", &output]),
        ),
    ];
    let mut commands: Vec<(&str, String, Command)> = steps
        .into_iter()
        .map(|(adds, command)| (adds, describe(&command), command))
        .collect();
    let mut times: Vec<Vec<Duration>> = vec![Vec::with_capacity(runs); commands.len()];
    let mut failed = vec![false; commands.len()];
    for _ in 0..runs {
        for (i, (_, _, command)) in commands.iter_mut().enumerate() {
            match process::run(std::slice::from_mut(command)) {
                Ok(t) => times[i].push(t),
                Err(_) => failed[i] = true,
            }
        }
    }
    commands
        .into_iter()
        .zip(times.iter().zip(failed))
        .map(|((adds, command, _), (times, failed))| Step {
            adds,
            command,
            median_secs: if failed {
                None
            } else {
                stats::median_secs(times)
            },
        })
        .collect()
}

fn describe(command: &Command) -> String {
    let program = Path::new(command.get_program())
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    std::iter::once(program)
        .chain(command.get_args().map(|a| {
            let a = Path::new(a);
            // Paths are shown by file name only: the report is not about
            // where the checkout is.
            if a.is_absolute() && a.parent() != Some(Path::new("/dev")) {
                a.file_name()
                    .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
            } else {
                a.to_string_lossy().into_owned()
            }
        }))
        .collect::<Vec<_>>()
        .join(" ")
}
