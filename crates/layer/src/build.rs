//! What `clBuildProgram` does in each mode, and how the program queries
//! that depend on it are answered. Safe code over [`Driver`]; `ffi` turns
//! the returned [`Action`]s and [`Answer`]s into calls.

use crate::config::Mode;
use crate::driver::{
    read_handles, read_string, read_uint, string_answer, Context, Device, Driver, Program, Status,
};
use crate::report::{Event, Outcome};
use crate::state::{self, Built, Record};
use crate::target::{self, DeviceTarget};
use opencl_sys::{
    CL_BUILD_ERROR, CL_BUILD_PROGRAM_FAILURE, CL_DEVICE_ADDRESS_BITS, CL_DEVICE_EXTENSIONS,
    CL_DEVICE_IL_VERSION, CL_DEVICE_NAME, CL_DEVICE_OPENCL_C_FEATURES, CL_DEVICE_OPENCL_C_VERSION,
    CL_INVALID_BUILD_OPTIONS, CL_INVALID_OPERATION, CL_NAME_VERSION_MAX_NAME_SIZE,
    CL_PROGRAM_BINARIES, CL_PROGRAM_BINARY_SIZES, CL_PROGRAM_BINARY_TYPE,
    CL_PROGRAM_BINARY_TYPE_NONE, CL_PROGRAM_BUILD_LOG, CL_PROGRAM_BUILD_OPTIONS,
    CL_PROGRAM_BUILD_STATUS, CL_PROGRAM_CONTEXT, CL_PROGRAM_DEVICES, CL_PROGRAM_KERNEL_NAMES,
    CL_PROGRAM_NUM_KERNELS, CL_PROGRAM_SCOPE_GLOBAL_CTORS_PRESENT,
    CL_PROGRAM_SCOPE_GLOBAL_DTORS_PRESENT, CL_PROGRAM_SOURCE, CL_SUCCESS,
};

/// What the entry point does after the layer's part of a build.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Call the driver's `clBuildProgram` with the application's arguments.
    Forward,
    /// The layer built (or failed) the program: return this status, after
    /// calling the application's callback, if any, with its own handle.
    Done(Status),
}

/// How an info query on an application program is answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Ask the driver, about this program (the application's or the
    /// layer's IL program behind it).
    Forward(Program),
    /// These bytes.
    Bytes(Vec<u8>),
}

/// The layer's part of `clBuildProgram(program, devices, options)`;
/// `devices` is `None` for all of the program's devices.
pub fn build_program(
    driver: &dyn Driver,
    program: Program,
    devices: Option<&[Device]>,
    options: &str,
) -> Action {
    let source = match driver.program_info(program, CL_PROGRAM_SOURCE) {
        Ok(bytes) => read_string(&bytes),
        Err(_) => String::new(),
    };
    // Programs from IL or binaries, and anything the driver would refuse,
    // are the driver's business.
    if source.is_empty() {
        return Action::Forward;
    }
    let (mode, id) = state::with(|s| {
        // A rebuild while kernels of the layer's module are alive fails as
        // it does with a driver.
        if s.has_kernels(program) {
            return (s.config.mode, None);
        }
        let id = s.record(program).map(|r| r.id);
        (s.config.mode, Some(id.unwrap_or_else(|| s.next_id())))
    });
    let Some(id) = id else {
        return Action::Done(CL_INVALID_OPERATION);
    };
    let devices = program_devices(driver, program, devices);
    let targets: Vec<DeviceTarget> = devices.iter().map(|&d| device_target(driver, d)).collect();
    let mut event = new_event(id, mode, &targets, options);
    let source = oclc::Source::new(event.source_name.clone(), source);
    let joint = target::combine(&targets);
    let (built, action) = match mode {
        Mode::Lint => lint(&source, options, joint, &oclc::FsLoader, &mut event),
        Mode::Compile | Mode::Fallback => compile(
            driver, program, &devices, &source, options, joint, &mut event,
        ),
    };
    remember(driver, program, id, options, built, &event);
    action
}

/// The layer's part of `clCompileProgram(program, devices, options,
/// headers)`: the driver compiles (oclc has no linker for separately
/// compiled objects), in every mode; oclc lints the source with the same
/// options, `#include`s served from the `headers` (name, program), and its
/// findings go to the build log and the report as for a linted
/// `clBuildProgram`.
pub fn compile_program(
    driver: &dyn Driver,
    program: Program,
    devices: Option<&[Device]>,
    options: &str,
    headers: &[(String, Program)],
) {
    let Ok(source) = driver.program_info(program, CL_PROGRAM_SOURCE) else {
        return;
    };
    let source = read_string(&source);
    if source.is_empty() {
        return;
    }
    let (mode, id) = state::with(|s| {
        let id = s.record(program).map(|r| r.id);
        (s.config.mode, id.unwrap_or_else(|| s.next_id()))
    });
    let devices = program_devices(driver, program, devices);
    let targets: Vec<DeviceTarget> = devices.iter().map(|&d| device_target(driver, d)).collect();
    let loader = Headers(
        headers
            .iter()
            .map(|(name, header)| {
                let text = driver
                    .program_info(*header, CL_PROGRAM_SOURCE)
                    .map(|b| read_string(&b))
                    .unwrap_or_default();
                (name.clone(), text)
            })
            .collect(),
    );
    let mut event = new_event(id, mode, &targets, options);
    let source = oclc::Source::new(event.source_name.clone(), source);
    lint(
        &source,
        options,
        target::combine(&targets),
        &loader,
        &mut event,
    );
    remember(driver, program, id, options, Built::Driver, &event);
}

/// The devices a build is for: those given, else all of the program's.
fn program_devices(
    driver: &dyn Driver,
    program: Program,
    devices: Option<&[Device]>,
) -> Vec<Device> {
    match devices {
        Some(list) => list.to_vec(),
        None => driver
            .program_info(program, CL_PROGRAM_DEVICES)
            .map(|b| read_handles(&b).into_iter().map(Device).collect())
            .unwrap_or_default(),
    }
}

/// The report entry of program `id`'s build for `targets`, before oclc ran.
fn new_event(id: u64, mode: Mode, targets: &[DeviceTarget], options: &str) -> Event {
    Event {
        program: id,
        source_name: format!("program-{id}.cl"),
        mode,
        devices: targets
            .iter()
            .map(|t| t.name.as_str())
            .collect::<Vec<_>>()
            .join(", "),
        options: options.to_string(),
        outcome: Outcome::Linted,
        diagnostics: oclc::Report::default(),
    }
}

/// Reports `event` and records what was built for `program`, releasing the
/// driver programs its previous record held.
fn remember(
    driver: &dyn Driver,
    program: Program,
    id: u64,
    options: &str,
    built: Built,
    event: &Event,
) {
    let record = Record {
        id,
        options: options.to_string(),
        built,
        log: event.log_text(),
        shadow: None,
    };
    let old = state::with(|s| {
        s.report(event);
        s.insert(program, record)
    });
    for held in old.iter().flat_map(Record::held) {
        driver.release_program(held);
    }
}

/// `clCompileProgram`'s embedded headers: an `#include` whose path is, or
/// ends with, a header's include name gets that header's source; other
/// files come from the file system, as the driver's compiler reads them.
struct Headers(Vec<(String, String)>);

impl oclc::FileLoader for Headers {
    fn load(&self, path: &std::path::Path) -> std::io::Result<String> {
        let found = self.0.iter().find(|(name, _)| {
            let name = std::path::Path::new(name);
            !name.as_os_str().is_empty() && (path == name || path.ends_with(name))
        });
        match found {
            Some((_, text)) => Ok(text.clone()),
            None => oclc::FsLoader.load(path),
        }
    }
}

/// The driver's own build of an application program's source with its
/// options (made once, kept with the record): the driver has argument
/// information (`-cl-kernel-arg-info`) for it, not for IL programs.
pub fn shadow_program(driver: &dyn Driver, program: Program) -> Option<Program> {
    let record = state::with(|s| s.record(program).cloned())?;
    if let Some(shadow) = record.shadow {
        return Some(shadow);
    }
    let source = read_string(&driver.program_info(program, CL_PROGRAM_SOURCE).ok()?);
    let context =
        Context(read_uint(&driver.program_info(program, CL_PROGRAM_CONTEXT).ok()?)? as usize);
    let shadow = driver.create_program_with_source(context, &source).ok()?;
    if driver.build_program(shadow, &[], &record.options) != CL_SUCCESS
        || !state::with(|s| s.set_shadow(program, shadow))
    {
        driver.release_program(shadow);
        return None;
    }
    Some(shadow)
}

fn lint(
    source: &oclc::Source,
    options: &str,
    joint: Result<DeviceTarget, String>,
    loader: &dyn oclc::FileLoader,
    event: &mut Event,
) -> (Built, Action) {
    // Linting needs no SPIR-V: without a common target (devices without
    // IL) oclc checks for its default target instead.
    let options = match &joint {
        Ok(t) => target::oclc_options(options, t),
        Err(_) => oclc::Options::from_build_options(options).map_err(|e| e.to_string()),
    };
    match options {
        Ok(options) => {
            event.diagnostics = oclc::check_with_loader(source, &options, loader);
            event.outcome = Outcome::Linted;
        }
        Err(reason) => event.outcome = Outcome::PassedThrough { reason },
    }
    (Built::Driver, Action::Forward)
}

fn compile(
    driver: &dyn Driver,
    program: Program,
    devices: &[Device],
    source: &oclc::Source,
    options: &str,
    joint: Result<DeviceTarget, String>,
    event: &mut Event,
) -> (Built, Action) {
    let mode = event.mode;
    let passed_through = |event: &mut Event, reason: String| {
        event.outcome = Outcome::PassedThrough { reason };
        (Built::Driver, Action::Forward)
    };
    // Refused in compile mode, built by the driver in fallback mode.
    let rejected = |event: &mut Event, reason: String, status: Status| match mode {
        Mode::Compile => {
            event.outcome = Outcome::OclcRejected { reason };
            (Built::Rejected, Action::Done(status))
        }
        _ => {
            event.outcome = Outcome::DriverFallback {
                reason: format!("oclc rejected it ({reason})"),
            };
            (Built::Driver, Action::Forward)
        }
    };
    let target = match joint {
        Ok(target) => target,
        Err(reason) => return passed_through(event, reason),
    };
    let oclc_options = match target::oclc_options(options, &target) {
        Ok(o) => o,
        Err(reason) => return rejected(event, reason, CL_INVALID_BUILD_OPTIONS),
    };
    let compiled = match oclc::compile(source, &oclc_options) {
        Ok(compiled) => compiled,
        Err(failed) => {
            let bug = failed.report.count(oclc::Severity::Bug) > 0;
            let reason = summarize(&failed.report);
            event.diagnostics = failed.report;
            if bug {
                return passed_through(event, format!("internal compiler error in oclc: {reason}"));
            }
            return rejected(event, reason, CL_BUILD_PROGRAM_FAILURE);
        }
    };
    event.diagnostics = compiled.report.clone();
    let context = match driver
        .program_info(program, CL_PROGRAM_CONTEXT)
        .ok()
        .and_then(|b| read_uint(&b))
    {
        Some(c) => Context(c as usize),
        None => return passed_through(event, "the program's context is unknown".into()),
    };
    let module = match driver.create_program_with_il(context, &compiled.to_bytes()) {
        Ok(module) => module,
        Err(status) => {
            let reason = format!(
                "clCreateProgramWithIL refused oclc's module ({})",
                crate::report::status_name(status)
            );
            return passed_through(event, reason);
        }
    };
    let status = driver.build_program(module, devices, &target::driver_options(options));
    if status != CL_SUCCESS && mode == Mode::Fallback {
        let log = devices
            .first()
            .and_then(|&d| driver.build_info(module, d, CL_PROGRAM_BUILD_LOG).ok())
            .map(|b| read_string(&b))
            .unwrap_or_default();
        driver.release_program(module);
        event.outcome = Outcome::DriverFallback {
            reason: format!(
                "the driver's build of oclc's module returned {}: {}",
                crate::report::status_name(status),
                log.trim()
            ),
        };
        return (Built::Driver, Action::Forward);
    }
    event.outcome = Outcome::OclcModule {
        words: compiled.words.len(),
        driver_status: status,
    };
    (Built::Module(module), Action::Done(status))
}

/// `3 errors: E0401, E0402` for a failed compilation.
fn summarize(report: &oclc::Report) -> String {
    let mut codes: Vec<&str> = report
        .diagnostics()
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.code.id)
        .collect();
    codes.dedup();
    let errors = report.count(oclc::Severity::Error) + report.count(oclc::Severity::Bug);
    format!(
        "{errors} error{}: {}",
        if errors == 1 { "" } else { "s" },
        codes.join(", ")
    )
}

/// What a device supports; a failed query counts as "nothing".
fn device_target(driver: &dyn Driver, device: Device) -> DeviceTarget {
    let text = |param| {
        driver
            .device_info(device, param)
            .map(|b| read_string(&b))
            .unwrap_or_default()
    };
    let address_bits = driver
        .device_info(device, CL_DEVICE_ADDRESS_BITS)
        .ok()
        .and_then(|b| read_uint(&b))
        .unwrap_or(0) as u32;
    // `cl_name_version` entries: a 32-bit version, then a 64-byte name.
    let entry = 4 + CL_NAME_VERSION_MAX_NAME_SIZE;
    let mut features: Vec<String> = driver
        .device_info(device, CL_DEVICE_OPENCL_C_FEATURES)
        .map(|b| {
            b.chunks_exact(entry)
                .map(|e| read_string(&e[4..]))
                .collect()
        })
        .unwrap_or_default();
    // CL_DEVICE_{SINGLE,DOUBLE,HALF}_FP_ATOMIC_CAPABILITIES_EXT.
    for (param, width) in [(0x4231, "fp32"), (0x4232, "fp64"), (0x4233, "fp16")] {
        if let Some(bits) = driver
            .device_info(device, param)
            .ok()
            .and_then(|b| read_uint(&b))
        {
            features.extend(target::float_atomic_features(width, bits));
        }
    }
    DeviceTarget::from_info(
        &text(CL_DEVICE_NAME),
        address_bits,
        &text(CL_DEVICE_IL_VERSION),
        &text(CL_DEVICE_EXTENSIONS),
        &text(CL_DEVICE_OPENCL_C_VERSION),
        &features,
    )
}

/// `clGetProgramInfo` on an application program: what concerns the
/// executable (kernels, binaries) comes from the layer's IL program; the
/// rest (source, context, devices, reference count) from the application's.
pub fn program_info(program: Program, param: u32) -> Answer {
    let module = state::with(|s| s.module_of(program));
    match module {
        Some(module)
            if matches!(
                param,
                CL_PROGRAM_NUM_KERNELS
                    | CL_PROGRAM_KERNEL_NAMES
                    | CL_PROGRAM_BINARY_SIZES
                    | CL_PROGRAM_BINARIES
                    | CL_PROGRAM_SCOPE_GLOBAL_CTORS_PRESENT
                    | CL_PROGRAM_SCOPE_GLOBAL_DTORS_PRESENT
            ) =>
        {
            Answer::Forward(module)
        }
        _ => Answer::Forward(program),
    }
}

/// `clGetProgramBuildInfo` on an application program.
pub fn build_info(driver: &dyn Driver, program: Program, device: Device, param: u32) -> Answer {
    let Some(record) = state::with(|s| s.record(program).cloned()) else {
        return Answer::Forward(program);
    };
    let driver_log = |p: Program| {
        driver
            .build_info(p, device, CL_PROGRAM_BUILD_LOG)
            .map(|b| read_string(&b))
            .unwrap_or_default()
    };
    match (&record.built, param) {
        (_, CL_PROGRAM_BUILD_OPTIONS) => Answer::Bytes(string_answer(&record.options)),
        (Built::Module(module), CL_PROGRAM_BUILD_LOG) => {
            let mut log = record.log.clone();
            log.push_str(&driver_log(*module));
            Answer::Bytes(string_answer(&log))
        }
        (Built::Module(module), _) => Answer::Forward(*module),
        (Built::Rejected, CL_PROGRAM_BUILD_LOG) => Answer::Bytes(string_answer(&record.log)),
        (Built::Rejected, CL_PROGRAM_BUILD_STATUS) => {
            Answer::Bytes(CL_BUILD_ERROR.to_ne_bytes().to_vec())
        }
        (Built::Rejected, CL_PROGRAM_BINARY_TYPE) => {
            Answer::Bytes(CL_PROGRAM_BINARY_TYPE_NONE.to_ne_bytes().to_vec())
        }
        (Built::Driver, CL_PROGRAM_BUILD_LOG) => {
            let mut log = driver_log(program);
            if !log.is_empty() && !log.ends_with('\n') {
                log.push('\n');
            }
            log.push_str(&record.log);
            Answer::Bytes(string_answer(&log))
        }
        _ => Answer::Forward(program),
    }
}
