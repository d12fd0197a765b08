//! The differential corpus: every `.cl` file in `tests/exec/differential/`
//! is built by oclc and by the runtime's own compiler
//! (`clCreateProgramWithSource`), and each of its kernels runs on both
//! with the same input; the outputs must agree under the comparison rule
//! of `compare.rs` (exact, but for NaN payloads and the padding lane of
//! 3-component vectors, and within a tolerance a file declares for
//! bounded built-ins). Each shard runs under every instruction set the
//! host can execute (see [`instruction_sets`]), each in a child process,
//! and every failure names the instruction set.
//!
//! A corpus kernel takes `(global T *out, global const U *in)`: `in` holds
//! [`BYTES_PER_ITEM`] bytes per work-item of pseudo-random words with
//! special values mixed in (NaN, ±inf, ±0, a denormal, `INT_MIN`,
//! `INT_MAX`, 1.0f, small integers), `out` as many zeroed bytes; the
//! kernel reads and writes them as whatever types it likes, and `T` (from
//! oclc's module) says how `out` is compared. The range is [`RANGE`].
//! Header lines (the file's leading `//` comments) say more:
//! - `// oclc-flags: ...` (first line): the build options (default
//!   `-cl-std=CL2.0`);
//! - `// oclc-corpus: image rgba8` (or `image rgbaf`): the image contract
//!   instead of buffers (see [`Header`]);
//! - `// oclc-corpus: out half2`: the type the kernels really write, where
//!   `T` does not say it (half bits in a `ushort *`);
//! - `// oclc-corpus: ulp N`: the tolerance of float results, with the
//!   reason in a comment beside it;
//! - either may end in `for KERNEL` to apply to one kernel of the file;
//! - `// oclc-corpus: needs fma`: the file checks where the runtime fuses
//!   or which NaN it keeps on an instruction set with FMA and F16C, and is
//!   not compared under one without.
//!
//! Adding a test is adding a file. `OCLC_CORPUS_DIR=<dir>` runs the files
//! of another directory instead, `OCLC_CORPUS_ISAS=core-avx2,...` other
//! instruction sets, and `OCLC_CORPUS_DEBUG=1` lists every differing
//! component.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use opencl3::memory::{CL_FLOAT, CL_MEM_OBJECT_IMAGE2D, CL_RGBA, CL_UNORM_INT8};
use rspirv::dr::Operand;
use rspirv::spirv::Op;

use super::compare::{Layout, Rule, Scalar};
use super::compiler::compile_named;
use super::device::ImageSpec;
use super::{announce, build_words, runtime_for, Arg, Built, Inputs, Range, Session};
use crate::driver::device_options;

/// Bytes of input and of output per work-item.
pub const BYTES_PER_ITEM: usize = 256;

/// The NDRange every corpus kernel runs over.
pub const RANGE: Range = Range {
    global: 64,
    local: 16,
};

/// The 2-D range of image kernels, and its work-group size.
const IMAGE_RANGE: [usize; 2] = [32, 32];
const IMAGE_GROUP: [usize; 2] = [8, 8];

/// What a file's header (its leading `//` lines) says about it.
#[derive(Default)]
struct Header {
    /// `// oclc-flags: ...` on the first line: the build options.
    flags: Option<&'static str>,
    /// `// oclc-corpus: image rgba8` (`CL_RGBA`, `CL_UNORM_INT8`) or
    /// `image rgbaf` (`CL_RGBA`, `CL_FLOAT`): the kernels take
    /// `(write_only image2d_t out, read_only image2d_t in)`, both 32×32,
    /// run over a 32×32 range in 8×8 groups, and the output image is
    /// compared.
    image: Option<ImageSpec>,
    /// `// oclc-corpus: out half2 [for KERNEL]`: the type the kernels (or
    /// kernel `KERNEL`) write, where it is not the first parameter's (a
    /// `ushort *` holding half bits, say).
    out: Vec<(Option<String>, Layout)>,
    /// `// oclc-corpus: ulp N [for KERNEL]`: the tolerance of float
    /// results, for kernels built on functions the specification bounds
    /// but does not fix; the file says why next to it.
    ulp: Vec<(Option<String>, u64)>,
    /// `// oclc-corpus: needs fma`: the file checks what the runtime's
    /// compiler does where the instruction set has fused multiply-add and
    /// F16C (where it fuses, which NaN it keeps), behaviour the
    /// specification leaves open; it is not compared under an
    /// instruction set without them.
    needs_fma: bool,
}

impl Header {
    fn parse(name: &str, source: &'static str) -> Header {
        let mut header = Header {
            flags: source
                .lines()
                .next()
                .and_then(|l| l.strip_prefix("// oclc-flags:"))
                .map(str::trim),
            ..Header::default()
        };
        let directives = source
            .lines()
            .take_while(|l| l.starts_with("//"))
            .filter_map(|l| l.strip_prefix("// oclc-corpus:"));
        for directive in directives {
            let words: Vec<&str> = directive.split_whitespace().collect();
            let (words, kernel) = match words.as_slice() {
                [rest @ .., "for", kernel] => (rest, Some((*kernel).to_owned())),
                all => (all, None),
            };
            match words {
                ["needs", "fma"] => header.needs_fma = true,
                ["image", "rgba8"] => header.image = Some(image_spec(CL_UNORM_INT8, 4)),
                ["image", "rgbaf"] => header.image = Some(image_spec(CL_FLOAT, 16)),
                ["out", ty] => {
                    let layout = Layout::parse(ty);
                    let layout = layout.unwrap_or_else(|| panic!("{name}: type `{ty}`"));
                    header.out.push((kernel, layout));
                }
                ["ulp", n] => {
                    let n = n.parse().unwrap_or_else(|_| panic!("{name}: ulp `{n}`"));
                    header.ulp.push((kernel, n));
                }
                _ => panic!("{name}: unknown corpus directive `{directive}`"),
            }
        }
        header
    }

    /// The rule a kernel's output is compared by: the declared type, or
    /// the type of the first parameter in oclc's module.
    fn rule(&self, name: &str, words: &[u32], kernel: &str) -> Rule {
        let applies = |k: &Option<String>| k.as_deref().is_none_or(|k| k == kernel);
        let out = self
            .out
            .iter()
            .rev()
            .find(|(k, _)| applies(k))
            .map(|(_, l)| *l);
        let layout = match (out, self.image) {
            (Some(layout), _) => layout,
            (None, Some(spec)) if spec.data_type == CL_FLOAT => Layout::vector(Scalar::Float, 4),
            (None, Some(_)) => Layout::vector(Scalar::Int(1), 4),
            (None, None) => output_layout(words, kernel)
                .unwrap_or_else(|| panic!("{name}: no output parameter in `{kernel}`")),
        };
        let ulp = self
            .ulp
            .iter()
            .rev()
            .find(|(k, _)| applies(k))
            .map_or(0, |(_, n)| *n);
        Rule { layout, ulp }
    }
}

fn image_spec(data_type: u32, texel_bytes: usize) -> ImageSpec {
    ImageSpec {
        kind: CL_MEM_OBJECT_IMAGE2D,
        order: CL_RGBA,
        data_type,
        texel_bytes,
        width: IMAGE_RANGE[0],
        height: IMAGE_RANGE[1],
        depth: 1,
        layers: 0,
    }
}

/// The type kernel `kernel` of a module writes: what its first
/// parameter points to. Scalars and vectors give their layout; anything
/// else (a struct, an array) is compared byte for byte.
fn output_layout(words: &[u32], kernel: &str) -> Option<Layout> {
    let module = rspirv::dr::load_words(words).ok()?;
    let function =
        module
            .entry_points
            .iter()
            .find_map(|e| match (e.operands.get(1), e.operands.get(2)) {
                (Some(Operand::IdRef(f)), Some(Operand::LiteralString(n))) if n == kernel => {
                    Some(*f)
                }
                _ => None,
            })?;
    let function = module
        .functions
        .iter()
        .find(|f| f.def.as_ref().and_then(|d| d.result_id) == Some(function))?;
    let parameter = function.parameters.first()?.result_type?;
    let ty = |id: u32| {
        module
            .types_global_values
            .iter()
            .find(|i| i.result_id == Some(id))
    };
    let pointee = match ty(parameter)?.operands.as_slice() {
        [Operand::StorageClass(_), Operand::IdRef(pointee)] => *pointee,
        _ => return None,
    };
    let scalar = |inst: &rspirv::dr::Instruction| match (inst.class.opcode, &inst.operands[..]) {
        (Op::TypeInt, [Operand::LiteralBit32(width), ..]) => Some(Scalar::Int(*width as usize / 8)),
        (Op::TypeFloat, [Operand::LiteralBit32(16), ..]) => Some(Scalar::Half),
        (Op::TypeFloat, [Operand::LiteralBit32(32), ..]) => Some(Scalar::Float),
        (Op::TypeFloat, [Operand::LiteralBit32(64), ..]) => Some(Scalar::Double),
        _ => None,
    };
    let pointee = ty(pointee)?;
    if let Some(scalar) = scalar(pointee) {
        return Some(Layout::scalar(scalar));
    }
    match (pointee.class.opcode, &pointee.operands[..]) {
        (Op::TypeVector, [Operand::IdRef(component), Operand::LiteralBit32(n)]) => {
            Some(Layout::vector(scalar(ty(*component)?)?, *n as usize))
        }
        _ => Some(Layout::scalar(Scalar::Int(1))),
    }
}

/// Deterministic texels: random bytes, or floats in [0, 1.5) for float
/// images.
fn image_bytes(spec: &ImageSpec) -> Vec<u8> {
    let mut random = Inputs::new(0x1a6e_5eed);
    if spec.data_type == CL_FLOAT {
        (0..spec.bytes() / 4)
            .flat_map(|_| {
                ((random.next_u64() >> 40) as f32 / (1u64 << 24) as f32 * 1.5).to_ne_bytes()
            })
            .collect()
    } else {
        (0..spec.bytes())
            .map(|_| (random.next_u64() >> 56) as u8)
            .collect()
    }
}

/// Words that exercise edge cases, as `u32` bit patterns.
const SPECIAL: [u32; 12] = [
    0x7fc0_0000, // NaN
    0x7f80_0000, // +inf
    0xff80_0000, // -inf
    0x0000_0000, // +0
    0x8000_0000, // -0, INT_MIN
    0x0000_0001, // the smallest denormal, 1
    0x7fff_ffff, // INT_MAX
    0x3f80_0000, // 1.0f
    0xffff_ffff, // -1, UINT_MAX
    0x0000_0007,
    0x0000_0100,
    0xbf00_0000, // -0.5f
];

/// The input words: mostly pseudo-random (half of them small floats and
/// small integers, so arithmetic stays in range), one in eight special.
fn input_words(len: usize) -> Vec<u32> {
    let mut random = Inputs::new(0x5eed_c0de);
    (0..len)
        .map(|_| {
            let r = random.next_u64();
            match r % 8 {
                0 => SPECIAL[(r >> 8) as usize % SPECIAL.len()],
                1 | 2 => ((r >> 16) as f32 / (1u64 << 48) as f32 * 64.0 - 32.0).to_bits(),
                3 | 4 => ((r >> 32) as u32) % 1000,
                _ => (r >> 32) as u32,
            }
        })
        .collect()
}

/// The corpus directory: `tests/exec/differential`, or `OCLC_CORPUS_DIR`
/// to run other kernels written to the same contract.
fn corpus_files() -> Vec<PathBuf> {
    let dir = std::env::var_os("OCLC_CORPUS_DIR").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/exec/differential"),
        PathBuf::from,
    );
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "cl"))
        .collect();
    files.sort();
    files
}

/// The corpus runs as [`SHARDS`] tests, each taking every `SHARDS`-th
/// file, so that the test harness runs them in parallel.
const SHARDS: usize = 4;

/// Set in the child process that runs one shard under one instruction
/// set: its name.
const ISA_VAR: &str = "OCLC_CORPUS_ISA";
/// Set in that child: the file it writes its progress and failures to.
const REPORT_VAR: &str = "OCLC_CORPUS_REPORT";
/// Set in that child: how many of the shard's files to skip (those before
/// one that crashed an earlier child).
const FROM_VAR: &str = "OCLC_CORPUS_FROM";

/// An instruction set Intel's runtime can generate code for
/// (`CL_CONFIG_CPU_TARGET_ARCH`).
#[derive(Clone, Copy, Debug)]
pub struct Isa {
    /// Its name for the runtime.
    pub name: &'static str,
    /// Whether it has fused multiply-add. Without it the runtime's
    /// compiler does not contract `a * b + c` (clang's `llvm.fmuladd`
    /// becomes a multiply and an add), which OpenCL's `FP_CONTRACT ON`
    /// allows; oclc's module is then compiled with `-ffp-contract=off`,
    /// the other result the specification allows, so that everything
    /// else is still compared to the bit.
    pub fma: bool,
    /// Whether this host can execute its code.
    runs_here: fn() -> bool,
}

/// Every instruction set the corpus knows, oldest first: SSE4.2, AVX,
/// AVX2 with FMA, AVX-512.
const ISAS: [Isa; 4] = [
    Isa {
        name: "corei7",
        fma: false,
        runs_here: || cfg!(target_arch = "x86_64"),
    },
    Isa {
        name: "corei7-avx",
        fma: false,
        runs_here: || host_has(&["avx"]),
    },
    Isa {
        name: "core-avx2",
        fma: true,
        runs_here: || host_has(&["avx2", "fma", "bmi2"]),
    },
    Isa {
        name: "skx",
        fma: true,
        runs_here: || host_has(&["avx512f", "avx512bw", "avx512vl", "avx512dq", "fma"]),
    },
];

/// Whether the host CPU has every one of `features`.
fn host_has(features: &[&str]) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::is_x86_feature_detected as has;
        features.iter().all(|&f| match f {
            "avx" => has!("avx"),
            "avx2" => has!("avx2"),
            "fma" => has!("fma"),
            "bmi2" => has!("bmi2"),
            "avx512f" => has!("avx512f"),
            "avx512bw" => has!("avx512bw"),
            "avx512vl" => has!("avx512vl"),
            "avx512dq" => has!("avx512dq"),
            _ => false,
        })
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = features;
        false
    }
}

/// The instruction set named `name`.
fn isa(name: &str) -> Isa {
    *ISAS
        .iter()
        .find(|i| i.name == name)
        .unwrap_or_else(|| panic!("unknown instruction set `{name}`"))
}

/// The instruction sets the corpus runs under: with AVX, `corei7-avx`
/// (else `corei7`), and every newer one the host can execute
/// (`core-avx2`, `skx`). The runtime's two compilers (from source, from
/// SPIR-V) choose the last bits of bounded built-ins and NaN payloads per
/// instruction set, so a result that depends on the host shows on any
/// host. `OCLC_CORPUS_ISAS` (comma separated) replaces the list.
fn instruction_sets() -> Vec<Isa> {
    if let Ok(list) = std::env::var("OCLC_CORPUS_ISAS") {
        return list.split(',').map(isa).collect();
    }
    let usable: Vec<Isa> = ISAS.iter().copied().filter(|i| (i.runs_here)()).collect();
    let oldest = usable.iter().rposition(|i| !i.fma).unwrap_or(0);
    usable[oldest..].to_vec()
}

/// The build options of oclc's module for `file` under `isa`.
pub fn oclc_flags(file: &CorpusFile, isa: Isa) -> String {
    if isa.fma {
        file.flags().to_owned()
    } else {
        format!("{} -ffp-contract=off", file.flags())
    }
}

/// The instruction set this process's runtime generates code for: the
/// child's, or the newest the host can execute.
pub fn current_isa() -> Isa {
    match std::env::var(ISA_VAR).or_else(|_| std::env::var("CL_CONFIG_CPU_TARGET_ARCH")) {
        Ok(name) => isa(&name),
        Err(_) => *ISAS
            .iter()
            .rev()
            .find(|i| (i.runs_here)())
            .unwrap_or(&ISAS[0]),
    }
}

#[test]
fn corpus_shard_0() {
    corpus_matches_the_runtimes_own_compiler(0);
}

#[test]
fn corpus_shard_1() {
    corpus_matches_the_runtimes_own_compiler(1);
}

#[test]
fn corpus_shard_2() {
    corpus_matches_the_runtimes_own_compiler(2);
}

#[test]
fn corpus_shard_3() {
    corpus_matches_the_runtimes_own_compiler(3);
}

/// Runs shard `shard` under every instruction set, each in a child
/// process (the runtime reads `CL_CONFIG_CPU_TARGET_ARCH` once, when it
/// starts): the child is this test binary on this same test, with
/// [`ISA_VAR`] set.
fn corpus_matches_the_runtimes_own_compiler(shard: usize) {
    let test = format!("exec::corpus::corpus_shard_{shard}");
    if let Ok(isa) = std::env::var(ISA_VAR) {
        let report = std::env::var_os(REPORT_VAR).expect("the report file's name");
        let from = std::env::var(FROM_VAR).map_or(0, |f| f.parse().expect("a file index"));
        run_shard(shard, from, self::isa(&isa), &test, Path::new(&report));
        return;
    }
    if runtime_for(&test).is_none() {
        return;
    }
    let sets = instruction_sets();
    assert!(
        !sets.is_empty(),
        "no instruction set to run the corpus under"
    );
    let mut failures = Vec::new();
    for isa in sets.iter().map(|i| i.name) {
        let report =
            std::env::temp_dir().join(format!("oclc-corpus-{}-{shard}-{isa}", std::process::id()));
        let mut from = 0;
        loop {
            let _ = std::fs::remove_file(&report);
            let output = Command::new(std::env::current_exe().expect("test binary"))
                .args([&test, "--exact", "--test-threads=1", "--nocapture"])
                .env(ISA_VAR, isa)
                .env(FROM_VAR, from.to_string())
                .env("CL_CONFIG_CPU_TARGET_ARCH", isa)
                .env(REPORT_VAR, &report)
                .output()
                .expect("start the corpus child");
            if std::env::var_os("OCLC_CORPUS_DEBUG").is_some() {
                eprint!("{}", String::from_utf8_lossy(&output.stderr));
            }
            let text = std::fs::read_to_string(&report).unwrap_or_default();
            let mut last_phase = None;
            for line in text.lines() {
                match line.split('\t').collect::<Vec<_>>().as_slice() {
                    ["PHASE", index, phase, file] => last_phase = Some((*index, *phase, *file)),
                    ["END"] => last_phase = None,
                    _ => failures.push(line.to_owned()),
                }
            }
            if output.status.success() && text.ends_with("END\n") {
                break;
            }
            // The child died: blame the phase it last named, and go on
            // with the next file.
            let Some((index, phase, file)) = last_phase else {
                failures.push(format!(
                    "[{isa}] the child running shard {shard} failed ({}) before any file:\n{}",
                    output.status,
                    String::from_utf8_lossy(&output.stderr)
                ));
                break;
            };
            if phase == "Reference" {
                // Not oclc's module: the runtime's own compiler (or its
                // program) crashed, so this file has no reference here.
                announce(
                    &format!("corpus::corpus_shard_{shard}"),
                    &format!(
                        "[{isa}] {file}: the runtime's own compiler crashed ({}); not compared \
                         under this instruction set",
                        output.status
                    ),
                );
            } else {
                let stderr = String::from_utf8_lossy(&output.stderr);
                let panic = stderr
                    .lines()
                    .skip_while(|l| !l.contains("panicked at"))
                    .take(12)
                    .collect::<Vec<_>>()
                    .join("\n");
                failures.push(format!(
                    "[{isa}] {file}: the child died ({}) while {}\n{panic}",
                    output.status,
                    if phase == "Oclc" {
                        "compiling, building or running oclc's module"
                    } else {
                        "running both programs again"
                    }
                ));
            }
            from = index.parse::<usize>().expect("a file index") + 1;
        }
        let _ = std::fs::remove_file(&report);
    }
    let names: Vec<&str> = sets.iter().map(|i| i.name).collect();
    announce(
        &format!("corpus::corpus_shard_{shard}"),
        &format!("ran under instruction sets {}", names.join(", ")),
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Runs every `SHARDS`-th corpus file from `shard`, from the `from`-th of
/// them on, in this process, whose runtime generates code for `isa`.
/// Before each phase of each file it writes `PHASE\tINDEX\tPHASE` to
/// `report`, and after each file one line per failure, each naming the
/// instruction set, so that the parent knows where a crash happened.
fn run_shard(shard: usize, from: usize, isa: Isa, test: &str, report: &Path) {
    let name = isa.name;
    let mut out = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(report)
        .expect("the report file");
    let Some(runtime) = runtime_for(test) else {
        let _ = writeln!(out, "[{name}] no runtime in the child");
        return;
    };
    let files = corpus_files();
    assert!(!files.is_empty(), "no corpus files");
    let shard_files = files.into_iter().skip(shard).step_by(SHARDS);
    for (index, path) in shard_files.enumerate().skip(from) {
        let file = CorpusFile::read(&path);
        if file.header.needs_fma && !isa.fma {
            continue;
        }
        let phase = |p: Phase| {
            let mut out = &out;
            let _ = writeln!(out, "PHASE\t{index}\t{p:?}\t{}", file.name);
        };
        phase(Phase::Oclc);
        let words = compile_named(file.name, file.source, &oclc_flags(&file, isa));
        for failure in differences(&runtime, &file, &words, Isolation::InThisProcess, &phase) {
            let _ = writeln!(out, "[{name}] {failure}");
        }
    }
    let _ = writeln!(out, "END");
}

/// A corpus file: its name, text and header.
pub struct CorpusFile {
    /// The file name, for messages.
    pub name: &'static str,
    /// The OpenCL C text.
    pub source: &'static str,
    header: Header,
}

impl CorpusFile {
    /// Reads and parses a corpus file.
    pub fn read(path: &Path) -> CorpusFile {
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
        let name: &'static str = Box::leak(name.unwrap_or_default().into_boxed_str());
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{name}: {e}"));
        let source: &'static str = Box::leak(text.into_boxed_str());
        CorpusFile {
            name,
            source,
            header: Header::parse(name, source),
        }
    }

    /// The file `name` of `tests/exec/differential/`.
    pub fn named(name: &str) -> CorpusFile {
        CorpusFile::read(
            &Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("tests/exec/differential")
                .join(name),
        )
    }

    /// Its build options.
    pub fn flags(&self) -> &'static str {
        self.header.flags.unwrap_or("-cl-std=CL2.0")
    }
}

/// Where the module under test is first built on the driver.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Isolation {
    /// In a child process of its own first ([`build_words`]), so that a
    /// driver crash names the module.
    Child,
    /// In this process, which is itself a child that names each file
    /// before building it.
    InThisProcess,
}

/// What [`differences`] is doing, for a caller that must tell, after a
/// crash, whose build or run it was.
#[derive(Clone, Copy, Debug)]
pub enum Phase {
    /// Building and running the runtime's own compiler's program.
    Reference,
    /// Building and running the module under test.
    Oclc,
    /// Running both again after a mismatch.
    Both,
}

/// Runs every kernel of `file` from the module `words` (oclc's, or a
/// perturbed copy) and from the runtime's own compiler on the same input,
/// and returns how they differ under the comparison rule: one line per
/// differing kernel, empty when they agree.
pub fn differences(
    runtime: &Session,
    file: &CorpusFile,
    words: &[u32],
    isolation: Isolation,
    phase: &dyn Fn(Phase),
) -> Vec<String> {
    let (name, source, header) = (file.name, file.source, &file.header);
    let flags = file.flags();
    let bytes = RANGE.global * BYTES_PER_ITEM;
    let input = runtime.buffer(&input_words(bytes / 4));
    // `OCLC_CORPUS_DEBUG` prints every differing component, not only the first.
    let debug = std::env::var_os("OCLC_CORPUS_DEBUG").is_some();
    let mut failures = Vec::new();
    let image_input = header
        .image
        .map(|spec| runtime.image(&spec, &image_bytes(&spec)));
    let run = |program: &Built<'_>, kernel: &str| match (header.image, &image_input) {
        (Some(spec), Some(input)) => {
            let out = runtime.image(&spec, &vec![0u8; spec.bytes()]);
            let args = [Arg::Image(&out), Arg::Image(input)];
            program.run_2d(kernel, &args, IMAGE_RANGE, IMAGE_GROUP);
            runtime.read_image(&out)
        }
        _ => {
            let out = runtime.zeroed::<u8>(bytes);
            program.run(kernel, &[Arg::Buffer(&out), Arg::Buffer(&input)], RANGE);
            runtime.read::<u8>(&out)
        }
    };
    // The reference first, all of it: when a crash kills the child, the
    // last phase it named says whose build or run it was.
    phase(Phase::Reference);
    let theirs = runtime
        .build_source(source, flags)
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    let kernels = theirs.kernel_names();
    assert!(!kernels.is_empty(), "{name}: no kernels");
    let references: Vec<Vec<u8>> = kernels.iter().map(|k| run(&theirs, k)).collect();
    phase(Phase::Oclc);
    let ours = match isolation {
        Isolation::Child => build_words(runtime, name, words, flags),
        Isolation::InThisProcess => runtime
            .build(words, &device_options(flags))
            .unwrap_or_else(|e| panic!("{name} ({flags}) did not build: {e}")),
    };
    assert_eq!(ours.kernel_names(), kernels, "{name}: the kernels differ");
    for (kernel, reference) in kernels.iter().zip(references) {
        let kernel = kernel.as_str();
        let rule = header.rule(name, words, kernel);
        let (mut mine, mut reference) = (run(&ours, kernel), reference);
        // A miscompile differs every time; a kernel whose output depends
        // on scheduling (a corpus bug) can differ once under load. A
        // mismatch is run again before it counts, and one that does not
        // repeat is named, so that the kernel gets fixed.
        for _ in 0..2 {
            if rule.first_mismatch(&mine, &reference).is_none() {
                break;
            }
            phase(Phase::Both);
            let (again, again_reference) = (run(&ours, kernel), run(&theirs, kernel));
            if rule.first_mismatch(&again, &again_reference).is_none() {
                eprintln!(
                    "warning: {name} `{kernel}`: outputs differed once and then matched: \
                     its result depends on scheduling"
                );
            }
            (mine, reference) = (again, again_reference);
        }
        if debug {
            for mismatch in rule.mismatches(&mine, &reference) {
                eprintln!("{name} `{kernel}`: {mismatch}");
            }
        }
        if let Some(mismatch) = rule.first_mismatch(&mine, &reference) {
            failures.push(format!(
                "{name}: kernel `{kernel}`: {mismatch} (the runtime's own compiler)"
            ));
        } else if reference.iter().all(|&b| b == 0) {
            failures.push(format!("{name}: kernel `{kernel}` wrote nothing"));
        }
    }
    failures
}
