//! `oclc-vkrun`: runs oclc's Vulkan modules.
//!
//! ```text
//! oclc-vkrun info
//! oclc-vkrun check MODULE.spv MAP.json          build every kernel's pipeline
//! oclc-vkrun litmus MODULE.spv MAP.json --outcome a,b,... [--env k=v,...]
//!            [--seed N] [--instances N] [--seconds S] [--batch N]
//!            [--check CHECK.spv,CHECK.json] [--host-memory 0|1]
//! oclc-vkrun suite BUNDLE [--tune-envs N] [--tune-seconds S]
//!            [--forbid-seconds S] [--forbid-instances N] [--mutant-seconds S]
//!            [--compiler-seconds S] [--seed N] [--batch N] [--deadline S]
//!            [--host-memory 0|1] [--split 0|1] [--json FILE]
//! ```
//!
//! `litmus` runs one test written to the protocol of
//! `tests/litmus/README.md` and prints its outcomes as one JSON line;
//! `suite` runs the campaign over a bundle of `scripts/gpu-litmus.sh`
//! (tuning, tests, test and compiler mutants), prints a JSON line per run
//! (also to FILE) and then the report.

use std::io::Write;
use std::process::ExitCode;

use oclc_vkrun::litmus::{Environment, Pattern, Settings};
use oclc_vkrun::suite::{self, Budget, Kind};
use oclc_vkrun::{parse_descriptor_map, Arg, Device, Kernel};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("oclc-vkrun: {message}");
            ExitCode::from(2)
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

fn run(args: &[String]) -> Result<ExitCode, String> {
    match args.first().map(String::as_str) {
        Some("info") => {
            let device = Device::new()?;
            println!("device: {}\ndriver: {}", device.name(), device.driver());
            Ok(ExitCode::SUCCESS)
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
            Ok(ExitCode::SUCCESS)
        }
        Some("litmus") if args.len() >= 3 => litmus(&args[1], &args[2], &args[3..]),
        Some("suite") if args.len() >= 2 => campaign(&args[1], &args[2..]),
        _ => Err(
            "usage: oclc-vkrun info | check MODULE MAP | litmus MODULE MAP --outcome T \
             [options] | suite BUNDLE [options]"
                .into(),
        ),
    }
}

/// `--flag value` pairs.
fn pairs(options: &[String]) -> Result<Vec<(&str, &str)>, String> {
    if !options.len().is_multiple_of(2) {
        return Err(format!("{} needs a value", options[options.len() - 1]));
    }
    Ok(options
        .chunks_exact(2)
        .map(|c| (c[0].as_str(), c[1].as_str()))
        .collect())
}

fn number<T: std::str::FromStr>(flag: &str, value: &str) -> Result<T, String> {
    value
        .parse()
        .map_err(|_| format!("{flag}: `{value}` is not a number"))
}

/// Runs one litmus test and prints its outcomes as one JSON line.
fn litmus(spv: &str, map: &str, options: &[String]) -> Result<ExitCode, String> {
    let mut settings = Settings::default();
    let mut outcome = None;
    let mut check = None;
    for (flag, value) in pairs(options)? {
        match flag {
            "--outcome" => outcome = Some(Pattern::parse(value)?),
            "--check" => {
                let (spv, map) = value
                    .split_once(',')
                    .ok_or("--check takes CHECK.spv,CHECK.json")?;
                check = Some((spv.to_owned(), map.to_owned()));
            }
            "--env" => settings.env = Environment::parse(value)?,
            "--seed" => settings.seed = number(flag, value)?,
            "--instances" => settings.instances = number(flag, value)?,
            "--seconds" => settings.seconds = number(flag, value)?,
            "--batch" => settings.batch = number(flag, value)?,
            "--host-memory" => settings.host_memory = number::<u32>(flag, value)? != 0,
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    let outcome = outcome.ok_or("--outcome is required (it gives the outcome's size)")?;
    let (words, kernels) = load(spv, map)?;
    let (check_words, check_kernels) = match &check {
        Some((spv, map)) => load(spv, map)?,
        None => (words.clone(), kernels.clone()),
    };
    let device = Device::new()?;
    let o = oclc_vkrun::litmus::run(
        &device,
        (&words, &kernels),
        (&check_words, &check_kernels),
        outcome.keys(),
        &settings,
    )?;
    let tuple = |t: &[u32]| t.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
    println!(
        "{{\"test\": \"{spv}\", \"device\": \"{}\", \"driver\": \"{}\", \"env\": \"{}\", \
         \"seed\": {}, \"instances\": {}, \"dispatches\": {}, \"seen\": {}, \"seconds\": {:.3}, \
         \"outcomes\": {{{}}}}}",
        device.name(),
        device.driver().trim(),
        settings.env,
        settings.seed,
        o.instances,
        o.dispatches,
        o.count(&outcome),
        o.seconds,
        o.counts
            .iter()
            .map(|(k, v)| format!("\"{}\": {v}", tuple(k)))
            .collect::<Vec<_>>()
            .join(", ")
    );
    Ok(ExitCode::SUCCESS)
}

/// Runs the campaign over a bundle; exit status 1 when a forbidding test
/// showed its outcome.
fn campaign(dir: &str, options: &[String]) -> Result<ExitCode, String> {
    let mut budget = Budget {
        tune_environments: 8,
        tune_seconds: 0.1,
        forbid_seconds: 2.0,
        forbid_instances: 1_000_000_000,
        mutant_seconds: 1.0,
        compiler_seconds: 0.5,
        seed: 1,
        batch: 32,
        deadline: 480.0,
        host_memory: false,
        split: false,
    };
    let mut json = None;
    for (flag, value) in pairs(options)? {
        match flag {
            "--tune-envs" => budget.tune_environments = number(flag, value)?,
            "--tune-seconds" => budget.tune_seconds = number(flag, value)?,
            "--forbid-seconds" => budget.forbid_seconds = number(flag, value)?,
            "--forbid-instances" => budget.forbid_instances = number(flag, value)?,
            "--mutant-seconds" => budget.mutant_seconds = number(flag, value)?,
            "--compiler-seconds" => budget.compiler_seconds = number(flag, value)?,
            "--seed" => budget.seed = number(flag, value)?,
            "--batch" => budget.batch = number(flag, value)?,
            "--deadline" => budget.deadline = number(flag, value)?,
            "--host-memory" => budget.host_memory = number::<u32>(flag, value)? != 0,
            "--split" => budget.split = number::<u32>(flag, value)? != 0,
            "--json" => json = Some(value.to_owned()),
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    let device = Device::new()?;
    println!(
        "device: {}\ndriver: {}",
        device.name(),
        device.driver().trim()
    );
    let mut file = match &json {
        Some(path) => Some(std::fs::File::create(path).map_err(|e| format!("{path}: {e}"))?),
        None => None,
    };
    let mut progress = |r: &suite::Record| {
        let line = r.json();
        println!("{line}");
        if let Some(f) = file.as_mut() {
            let _ = writeln!(f, "{line}");
        }
    };
    let records = suite::campaign(&device, std::path::Path::new(dir), &budget, &mut progress)?;
    println!("\n{}", suite::report(&records));
    let bad = records
        .iter()
        .any(|r| r.phase == "test" && r.kind == Kind::Forbid && (r.seen > 0 || r.error.is_some()));
    Ok(if bad {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
