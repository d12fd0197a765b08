//! Section 5: executed-kernel parity. The execution-test kernels compiled
//! by oclc and by clang-15 + llvm-spirv-15 run on Intel's CPU OpenCL
//! runtime (installed by `scripts/setup-opencl-runtime.sh`) with event
//! profiling; each workload alternates between the two modules and the
//! median kernel times are compared.
//!
//! The `opencl3` crate marks buffer creation, kernel arguments and
//! enqueues `unsafe` (the C API cannot check sizes or types). This module
//! upholds their contracts by construction: buffers are created from Rust
//! vectors of exactly their length, every argument is a live buffer's
//! `cl_mem` or an `i32` for an `int` parameter, and every enqueue is waited
//! for before its buffers are dropped.
#![allow(unsafe_code)] // opencl3's buffer, argument and enqueue calls are `unsafe fn`s.

use std::cell::RefCell;
use std::ffi::c_void;
use std::path::Path;
use std::ptr;

use opencl3::command_queue::{CommandQueue, CL_QUEUE_PROFILING_ENABLE};
use opencl3::context::Context;
use opencl3::device::{Device, CL_DEVICE_TYPE_CPU};
use opencl3::kernel::Kernel;
use opencl3::memory::{Buffer, ClMem, CL_MEM_COPY_HOST_PTR, CL_MEM_READ_WRITE};
use opencl3::platform::get_platforms;
use opencl3::program::Program;

use crate::common::corpus::{self, EXEC_OPTIONS};
use crate::stats;

/// How a kernel argument is filled.
#[derive(Clone, Copy, Debug)]
enum ArgSpec {
    /// A buffer of this many zero `int`s.
    Zeros(usize),
    /// A buffer of this many `int`s holding 0, 1, 2, …
    Ramp(usize),
    /// A buffer of this many `int`s holding 1, 3, 5, …
    Odd(usize),
    /// A buffer of this many `int`s all 1.
    Ones(usize),
    /// An `int` value.
    Int(i32),
}

/// One kernel launch measured on both modules.
struct Workload {
    file: &'static str,
    kernel: &'static str,
    args: &'static [ArgSpec],
    global: usize,
    local: usize,
}

/// Work-items per launch.
const ITEMS: usize = 1 << 16;
/// Work-group size.
const GROUP: usize = 64;
/// Counters per work-item in `c11_integer.cl`.
const SLOTS: usize = 11;

const WORKLOADS: &[Workload] = &[
    Workload {
        file: "c11_integer.cl",
        kernel: "on_global",
        args: &[
            ArgSpec::Zeros(SLOTS),
            ArgSpec::Ramp(ITEMS),
            ArgSpec::Zeros(SLOTS * ITEMS),
        ],
        global: ITEMS,
        local: GROUP,
    },
    Workload {
        file: "c11_integer.cl",
        kernel: "generic_on_global",
        args: &[
            ArgSpec::Zeros(SLOTS),
            ArgSpec::Ramp(ITEMS),
            ArgSpec::Zeros(SLOTS * ITEMS),
        ],
        global: ITEMS,
        local: GROUP,
    },
    Workload {
        file: "c11_integer.cl",
        kernel: "on_local",
        args: &[
            ArgSpec::Zeros(SLOTS),
            ArgSpec::Ramp(ITEMS),
            ArgSpec::Zeros(SLOTS * ITEMS),
            ArgSpec::Zeros(SLOTS * ITEMS / GROUP),
        ],
        global: ITEMS,
        local: GROUP,
    },
    Workload {
        file: "legacy.cl",
        kernel: "histogram",
        args: &[ArgSpec::Ramp(ITEMS), ArgSpec::Zeros(16)],
        global: ITEMS,
        local: GROUP,
    },
    Workload {
        file: "legacy.cl",
        kernel: "histogram_local",
        args: &[ArgSpec::Ramp(ITEMS), ArgSpec::Zeros(16)],
        global: ITEMS,
        local: GROUP,
    },
    Workload {
        file: "cas_product.cl",
        kernel: "product_strong",
        args: &[ArgSpec::Ones(1), ArgSpec::Odd(ITEMS)],
        global: ITEMS,
        local: GROUP,
    },
    Workload {
        file: "spin_lock.cl",
        kernel: "count_under_lock",
        args: &[ArgSpec::Zeros(1), ArgSpec::Zeros(1), ArgSpec::Int(64)],
        global: 64 * GROUP,
        local: GROUP,
    },
];

/// One workload's result.
#[derive(Clone, Debug)]
pub struct Row {
    /// `file:kernel`.
    pub name: String,
    /// Median kernel time of oclc's module, nanoseconds.
    pub oclc_ns: Option<f64>,
    /// Median kernel time of the reference module, nanoseconds.
    pub clang_ns: Option<f64>,
    /// Median kernel time of the reference module with its functions'
    /// `DontInline` control cleared (clang -O0 marks every function
    /// `noinline`), nanoseconds: separates the driver's inlining choices
    /// from how each compiler expresses the code.
    pub clang_inlinable_ns: Option<f64>,
    /// Median kernel time of a second program built from oclc's module,
    /// nanoseconds: identical code, so its ratio to `oclc_ns` is the
    /// measurement's own noise.
    pub oclc_again_ns: Option<f64>,
    /// What went wrong, if anything.
    pub error: Option<String>,
}

impl Row {
    /// oclc's time over clang's (1.0 = equal; above 1 oclc is slower).
    pub fn ratio(&self) -> Option<f64> {
        Some(self.oclc_ns? / self.clang_ns?)
    }

    /// oclc's time over the same module's second program (noise).
    pub fn noise_ratio(&self) -> Option<f64> {
        Some(self.oclc_ns? / self.oclc_again_ns?)
    }

    /// oclc's time over the inlinable reference's.
    pub fn inlinable_ratio(&self) -> Option<f64> {
        Some(self.oclc_ns? / self.clang_inlinable_ns?)
    }
}

/// The outcome of the section.
pub enum Outcome {
    /// The runtime is missing: the reason.
    NoRuntime(String),
    /// The device's name and one row per workload.
    Measured(String, Vec<Row>),
}

impl Outcome {
    /// The measured rows; none when the runtime is missing.
    pub fn rows(&self) -> &[Row] {
        match self {
            Outcome::Measured(_, rows) => rows,
            Outcome::NoRuntime(_) => &[],
        }
    }
}

/// Runs every workload `runs` times on each module, alternating.
pub fn measure(scratch: &Path, runs: usize) -> Outcome {
    let runtime = match Runtime::find() {
        Ok(runtime) => runtime,
        Err(reason) => return Outcome::NoRuntime(reason),
    };
    let rows = WORKLOADS
        .iter()
        .map(|w| {
            eprintln!("bench-compare: exec: {}:{}", w.file, w.kernel);
            let name = format!("{}:{}", w.file, w.kernel);
            match measure_one(&runtime, scratch, w, runs) {
                Ok([oclc_ns, clang_ns, clang_inlinable_ns, oclc_again_ns]) => Row {
                    name,
                    oclc_ns: Some(oclc_ns),
                    clang_ns: Some(clang_ns),
                    clang_inlinable_ns: Some(clang_inlinable_ns),
                    oclc_again_ns: Some(oclc_again_ns),
                    error: None,
                },
                Err(e) => Row {
                    name,
                    oclc_ns: None,
                    clang_ns: None,
                    clang_inlinable_ns: None,
                    oclc_again_ns: None,
                    error: Some(e),
                },
            }
        })
        .collect();
    Outcome::Measured(runtime.name.clone(), rows)
}

/// The runtime's worker threads, as the report states them:
/// `CL_CONFIG_CPU_TBB_NUM_WORKERS` (scripts/bench-compare.sh sets 1, so that
/// contention between launches does not drown differences of a few
/// percent) or every core.
pub fn workers() -> String {
    match std::env::var("CL_CONFIG_CPU_TBB_NUM_WORKERS") {
        Ok(n) if n.trim() == "1" => {
            "one runtime worker thread (`CL_CONFIG_CPU_TBB_NUM_WORKERS=1`)".to_owned()
        }
        Ok(n) => format!(
            "{} runtime worker threads (`CL_CONFIG_CPU_TBB_NUM_WORKERS`)",
            n.trim()
        ),
        Err(_) => "the runtime's worker threads on every core".to_owned(),
    }
}

/// Programs built from each module; launches cycle through them.
const BUILDS_PER_MODULE: usize = 3;

/// Median kernel times of oclc's module, the reference module, the
/// reference module with inlining allowed and oclc's module again (as
/// separate programs), launched in turn.
fn measure_one(
    runtime: &Runtime,
    scratch: &Path,
    workload: &Workload,
    runs: usize,
) -> Result<[f64; 4], String> {
    let path = corpus::root().join("tests/exec").join(workload.file);
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let options = EXEC_OPTIONS
        .iter()
        .find(|(f, _)| *f == workload.file)
        .map_or(corpus::DEFAULT_OPTIONS, |(_, o)| o);
    let oclc_words = compile_oclc(&path, &text, options)?;
    let clang_words = compile_clang(&path, scratch, options)?;
    let modules = [
        oclc_words.clone(),
        with_inlining_allowed(&clang_words),
        clang_words,
        oclc_words,
    ];
    // Each module is built several times and the launches cycle through
    // the builds: where the runtime happens to place one build's code and
    // data can make it a few percent faster or slower than another build
    // of the same words, for as long as that build lives.
    let mut programs = Vec::with_capacity(modules.len());
    for words in &modules {
        let builds = (0..BUILDS_PER_MODULE)
            .map(|_| runtime.build(words))
            .collect::<Result<Vec<_>, _>>()?;
        programs.push(builds);
    }
    let mut times: [Vec<f64>; 4] = Default::default();
    // One unmeasured launch of each build: the runtime compiles the
    // module's kernels lazily on first use.
    for program in programs.iter().flatten() {
        runtime.launch(program, workload)?;
    }
    // Each round starts with the next module, so that none always runs
    // first (or right after the same neighbour): the runtime's worker
    // threads and caches favour some positions in a round.
    for round in 0..runs {
        for k in 0..programs.len() {
            let i = (round + k) % programs.len();
            let build = &programs[i][round % BUILDS_PER_MODULE];
            times[i].push(runtime.launch(build, workload)?);
        }
    }
    let [oclc, inlinable, clang, again] = times.map(|t| stats::median(&t).unwrap_or(f64::NAN));
    Ok([oclc, clang, inlinable, again])
}

/// `words` with the `DontInline` bit of every `OpFunction`'s function
/// control cleared.
fn with_inlining_allowed(words: &[u32]) -> Vec<u32> {
    const OP_FUNCTION: u32 = 54;
    const DONT_INLINE: u32 = 0x2;
    let mut out = words.to_vec();
    let mut index = 5;
    while let Some(&first) = out.get(index) {
        let count = (first >> 16) as usize;
        if count == 0 {
            break;
        }
        if first & 0xffff == OP_FUNCTION {
            if let Some(control) = out.get_mut(index + 3) {
                *control &= !DONT_INLINE;
            }
        }
        index += count;
    }
    out
}

fn compile_oclc(path: &Path, text: &str, options: &str) -> Result<Vec<u32>, String> {
    let options = oclc::Options::from_build_options(options).map_err(|e| format!("{e:?}"))?;
    let source = oclc::Source::new(path.to_string_lossy(), text);
    oclc::compile(&source, &options)
        .map(|c| c.words)
        .map_err(|f| format!("oclc failed: {f}"))
}

/// The reference pipeline as the execution tests run it: SPIR-V 1.0 (the
/// default 1.4 output holds the removed `OpAtomicCompareExchangeWeak`)
/// with the float atomic extensions allowed.
fn compile_clang(path: &Path, scratch: &Path, options: &str) -> Result<Vec<u32>, String> {
    let bitcode = scratch.join("exec.bc");
    let spirv = scratch.join("exec.spv");
    let kernel = corpus::Kernel {
        name: String::new(),
        path: path.to_path_buf(),
        text: String::new(),
        options: options.to_owned(),
    };
    crate::process::run(&mut crate::process::reference_commands(
        &kernel,
        &bitcode,
        &spirv,
        &[
            "--spirv-max-version=1.0",
            "--spirv-ext=+SPV_EXT_shader_atomic_float_add,+SPV_EXT_shader_atomic_float_min_max",
        ],
    ))?;
    let bytes =
        std::fs::read(&spirv).map_err(|e| format!("cannot read {}: {e}", spirv.display()))?;
    Ok(bytes
        .chunks_exact(4)
        .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
        .collect())
}

/// The Intel CPU device with a profiling queue.
pub struct Runtime {
    device: Device,
    context: Context,
    queue: CommandQueue,
    name: String,
    /// The corpus input buffer and a reused output buffer, for a number
    /// of work-items (see [`Runtime::corpus_launch`]).
    corpus_buffers: RefCell<Option<CorpusBuffers>>,
}

/// A work-item count with the corpus input and output buffers made for it.
type CorpusBuffers = (usize, Buffer<u32>, Buffer<u32>);

impl Runtime {
    /// The device's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Builds a SPIR-V module with build options `options`.
    pub fn build_il(&self, words: &[u32], options: &str) -> Result<Program, String> {
        let il: Vec<u8> = words.iter().flat_map(|w| w.to_ne_bytes()).collect();
        let mut program = Program::create_from_il(&self.context, &il)
            .map_err(|e| format!("clCreateProgramWithIL failed: {e}"))?;
        if let Err(e) = program.build(&[self.device.id()], options) {
            let log = program.get_build_log(self.device.id()).unwrap_or_default();
            return Err(format!("clBuildProgram failed: {e}: {log}"));
        }
        Ok(program)
    }

    /// Builds OpenCL C `text` with the runtime's own compiler.
    pub fn build_source(&self, text: &str, options: &str) -> Result<Program, String> {
        let mut program = Program::create_from_source(&self.context, text)
            .map_err(|e| format!("clCreateProgramWithSource failed: {e}"))?;
        if let Err(e) = program.build(&[self.device.id()], options) {
            let log = program.get_build_log(self.device.id()).unwrap_or_default();
            return Err(format!("clBuildProgram (source) failed: {e}: {log}"));
        }
        Ok(program)
    }

    /// Runs corpus kernel `name` of `program` over `items` work-items in
    /// groups of `group`, as `(out, in)` with the corpus input: the
    /// kernel's time in nanoseconds and, when `read_back`, its output
    /// (written into a fresh zeroed buffer; otherwise into a reused one).
    pub fn corpus_launch(
        &self,
        program: &Program,
        name: &str,
        items: usize,
        group: usize,
        read_back: bool,
    ) -> Result<(f64, Vec<u32>), String> {
        let words = items * crate::corpus_exec::bytes_per_item() / 4;
        let mut cached = self.corpus_buffers.borrow_mut();
        if cached.as_ref().is_none_or(|(n, _, _)| *n != items) {
            *cached = None;
            let input = self.buffer_u32(crate::corpus_exec::input_words(words))?;
            let output = self.buffer_u32(vec![0; words])?;
            *cached = Some((items, input, output));
        }
        let Some((_, input, reused)) = cached.as_ref() else {
            return Err("no corpus buffers".to_owned());
        };
        let fresh = if read_back {
            Some(self.buffer_u32(vec![0; words])?)
        } else {
            None
        };
        let output = fresh.as_ref().unwrap_or(reused);
        let kernel = Kernel::create(program, name)
            .map_err(|e| format!("clCreateKernel({name}) failed: {e}"))?;
        // SAFETY: both are live `cl_mem` handles for the kernel's two
        // pointer parameters and outlive the launch, which is waited for.
        unsafe {
            kernel
                .set_arg(0, &output.get())
                .and_then(|_| kernel.set_arg(1, &input.get()))
        }
        .map_err(|e| format!("clSetKernelArg failed: {e}"))?;
        let ns = self.enqueue(&kernel, items, group)?;
        let mut out = Vec::new();
        if read_back {
            out = vec![0u32; words];
            // SAFETY: `out` holds exactly the buffer's words; blocking read.
            unsafe {
                self.queue.enqueue_read_buffer(
                    output,
                    opencl3::types::CL_BLOCKING,
                    0,
                    &mut out,
                    &[],
                )
            }
            .map_err(|e| format!("clEnqueueReadBuffer failed: {e}"))?;
        }
        Ok((ns, out))
    }

    /// Enqueues `kernel` over one dimension and waits: its time in
    /// nanoseconds (profiling end − start).
    fn enqueue(&self, kernel: &Kernel, global: usize, local: usize) -> Result<f64, String> {
        let global = [global];
        let local = [local];
        // SAFETY: one dimension; the size arrays outlive the call.
        let event = unsafe {
            self.queue.enqueue_nd_range_kernel(
                kernel.get(),
                1,
                ptr::null(),
                global.as_ptr(),
                local.as_ptr(),
                &[],
            )
        }
        .map_err(|e| format!("clEnqueueNDRangeKernel failed: {e}"))?;
        event
            .wait()
            .map_err(|e| format!("kernel did not complete: {e}"))?;
        let start = event
            .profiling_command_start()
            .map_err(|e| format!("no profiling start: {e}"))?;
        let end = event
            .profiling_command_end()
            .map_err(|e| format!("no profiling end: {e}"))?;
        Ok(end.saturating_sub(start) as f64)
    }

    fn buffer_u32(&self, mut data: Vec<u32>) -> Result<Buffer<u32>, String> {
        // SAFETY: the host pointer covers `data.len()` elements and is only
        // read during the call (CL_MEM_COPY_HOST_PTR).
        unsafe {
            Buffer::<u32>::create(
                &self.context,
                CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                data.len(),
                data.as_mut_ptr().cast::<c_void>(),
            )
        }
        .map_err(|e| format!("clCreateBuffer failed: {e}"))
    }

    /// The Intel CPU device with SPIR-V support.
    pub fn find() -> Result<Runtime, String> {
        let platforms = get_platforms().map_err(|e| {
            format!("no OpenCL platform (run scripts/setup-opencl-runtime.sh and source .cache/opencl-runtime/env.sh): {e}")
        })?;
        for platform in platforms {
            let Ok(ids) = platform.get_devices(CL_DEVICE_TYPE_CPU) else {
                continue;
            };
            for id in ids {
                let device = Device::new(id);
                let vendor = device.vendor().unwrap_or_default();
                let il = device.il_version().unwrap_or_default();
                if vendor.contains("Intel") && il.contains("SPIR-V") {
                    let name = device.name().unwrap_or_default();
                    let context = Context::from_device(&device)
                        .map_err(|e| format!("clCreateContext failed: {e}"))?;
                    let queue = CommandQueue::create_default_with_properties(
                        &context,
                        CL_QUEUE_PROFILING_ENABLE,
                        0,
                    )
                    .map_err(|e| format!("cannot create a profiling queue: {e}"))?;
                    return Ok(Runtime {
                        device,
                        context,
                        queue,
                        name,
                        corpus_buffers: RefCell::new(None),
                    });
                }
            }
        }
        Err("no Intel CPU OpenCL device with SPIR-V support".to_owned())
    }

    fn build(&self, words: &[u32]) -> Result<Program, String> {
        self.build_il(words, "-cl-std=CL2.0")
    }

    /// Runs `workload` once on fresh buffers; the kernel's execution time
    /// in nanoseconds (profiling end − start).
    fn launch(&self, program: &Program, workload: &Workload) -> Result<f64, String> {
        let kernel = Kernel::create(program, workload.kernel)
            .map_err(|e| format!("clCreateKernel({}) failed: {e}", workload.kernel))?;
        let mut buffers = Vec::new();
        for spec in workload.args {
            if let Some(data) = contents(*spec) {
                buffers.push(self.buffer(data)?);
            }
        }
        let mut next_buffer = buffers.iter();
        for (index, spec) in (0u32..).zip(workload.args) {
            // SAFETY: buffers are `cl_mem` handles for pointer parameters
            // and stay alive until the launch below completes; `Int` is an
            // `i32` for an `int` parameter.
            let set = match spec {
                ArgSpec::Int(value) => unsafe { kernel.set_arg(index, value) },
                _ => match next_buffer.next() {
                    Some(buffer) => unsafe { kernel.set_arg(index, &buffer.get()) },
                    None => return Err("argument list out of step".to_owned()),
                },
            };
            set.map_err(|e| format!("clSetKernelArg({index}) failed: {e}"))?;
        }
        let ns = self.enqueue(&kernel, workload.global, workload.local)?;
        drop(buffers);
        Ok(ns)
    }

    fn buffer(&self, mut data: Vec<i32>) -> Result<Buffer<i32>, String> {
        // SAFETY: the host pointer covers `data.len()` elements and is only
        // read during the call (CL_MEM_COPY_HOST_PTR).
        unsafe {
            Buffer::<i32>::create(
                &self.context,
                CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                data.len(),
                data.as_mut_ptr().cast::<c_void>(),
            )
        }
        .map_err(|e| format!("clCreateBuffer failed: {e}"))
    }
}

/// A buffer's initial contents; `None` for a scalar argument.
fn contents(spec: ArgSpec) -> Option<Vec<i32>> {
    let ints = |n: usize, f: fn(usize) -> i32| Some((0..n.max(1)).map(f).collect());
    match spec {
        ArgSpec::Zeros(n) => ints(n, |_| 0),
        ArgSpec::Ramp(n) => ints(n, |i| i as i32),
        ArgSpec::Odd(n) => ints(n, |i| (2 * i + 1) as i32),
        ArgSpec::Ones(n) => ints(n, |_| 1),
        ArgSpec::Int(_) => None,
    }
}
