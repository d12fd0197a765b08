//! `oclc-vkrun`: runs oclc's Vulkan modules.
//!
//! ```text
//! oclc-vkrun info
//! oclc-vkrun check MODULE.spv MAP.json          build every kernel's pipeline
//! oclc-vkrun litmus MODULE.spv MAP.json KERNEL [--groups N] [--local N]
//!            [--iterations N] [--roles R] [--results K] [--weak a,b,...]
//!            [--forbidden a,b,...] [--stride S] [--seed N]
//! ```
//!
//! The litmus mode drives kernels written to the protocol in
//! `tests/litmus/README.md`: work-group `g` plays role `g % R` of instance
//! `perm[role][k]`, each instance writes K results, and the runner counts
//! the instances whose results equal the `--weak` and `--forbidden` tuples.

use std::process::ExitCode;

use oclc_vkrun::litmus::Settings;
use oclc_vkrun::{parse_descriptor_map, Arg, Device, Kernel};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("oclc-vkrun: {message}");
            ExitCode::from(1)
        }
    }
}

fn load(spv: &str, map: &str) -> Result<(Vec<u32>, Vec<Kernel>), String> {
    let bytes = std::fs::read(spv).map_err(|e| format!("{spv}: {e}"))?;
    if !bytes.len().is_multiple_of(4) {
        return Err(format!("{spv}: not a SPIR-V binary"));
    }
    let words = bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let text = std::fs::read_to_string(map).map_err(|e| format!("{map}: {e}"))?;
    Ok((words, parse_descriptor_map(&text)?))
}

fn run(args: &[String]) -> Result<(), String> {
    match args.first().map(String::as_str) {
        Some("info") => {
            let device = Device::new()?;
            println!("device: {}\ndriver: {}", device.name(), device.driver());
            Ok(())
        }
        Some("check") if args.len() == 3 => {
            let (words, kernels) = load(&args[1], &args[2])?;
            let device = Device::new()?;
            for kernel in &kernels {
                let inputs: Vec<Arg> = kernel.args.iter().map(Arg::placeholder).collect();
                device
                    .prepare(&words, kernel, &inputs, [1, 1, 1])
                    .map_err(|e| format!("{}: {e}", kernel.name))?;
                println!("{}: pipeline built", kernel.name);
            }
            Ok(())
        }
        Some("litmus") if args.len() >= 4 => litmus(&args[1], &args[2], &args[3], &args[4..]),
        _ => Err(
            "usage: oclc-vkrun info | check MODULE MAP | litmus MODULE MAP KERNEL [options]".into(),
        ),
    }
}

/// Parses the litmus options; returns the settings and the `--weak` and
/// `--forbidden` tuples.
fn parse_settings(options: &[String]) -> Result<(Settings, Vec<u32>, Vec<u32>), String> {
    let mut s = Settings::default();
    let (mut weak, mut forbidden) = (Vec::new(), Vec::new());
    let mut it = options.iter();
    while let Some(flag) = it.next() {
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number = || {
            value
                .parse::<u32>()
                .map_err(|_| format!("{flag}: not a number"))
        };
        let tuple = || {
            value
                .split(',')
                .map(|v| v.parse::<u32>().map_err(|_| format!("{flag}: not numbers")))
                .collect::<Result<Vec<u32>, String>>()
        };
        match flag.as_str() {
            "--groups" => s.groups = number()?,
            "--local" => s.local = number()?,
            "--iterations" => s.iterations = number()?,
            "--roles" => s.roles = number()?,
            "--results" => s.results = number()?,
            "--weak" => weak = tuple()?,
            "--forbidden" => forbidden = tuple()?,
            "--stride" => s.stride = number()?,
            "--seed" => s.seed = u64::from(number()?),
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    Ok((s, weak, forbidden))
}

/// Runs one litmus test and prints its outcomes as one JSON line.
fn litmus(spv: &str, map: &str, name: &str, options: &[String]) -> Result<(), String> {
    let (settings, weak, forbidden) = parse_settings(options)?;
    let (words, kernels) = load(spv, map)?;
    let kernel = kernels
        .iter()
        .find(|k| k.name == name)
        .ok_or_else(|| format!("no kernel `{name}` in {map}"))?;
    let device = Device::new()?;
    let outcomes = oclc_vkrun::litmus::run(&device, &words, kernel, &settings)?;
    let tuple = |t: &[u32]| t.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
    println!(
        "{{\"test\": \"{spv}\", \"device\": \"{}\", \"driver\": \"{}\", \"instances\": {}, \"weak\": {}, \"forbidden\": {}, \"seconds\": {:.2}, \"outcomes\": {{{}}}}}",
        device.name(),
        device.driver().trim(),
        outcomes.instances,
        outcomes.count(&weak),
        outcomes.count(&forbidden),
        outcomes.seconds,
        outcomes
            .counts
            .iter()
            .map(|(k, v)| format!("\"{}\": {v}", tuple(k)))
            .collect::<Vec<_>>()
            .join(", ")
    );
    Ok(())
}
