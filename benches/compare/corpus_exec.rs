//! Section 6: what the modules do. Compute-heavy kernels of the
//! differential corpus (`tests/exec/differential`) run at realistic sizes
//! on Intel's CPU OpenCL runtime, built three ways: oclc's module, the
//! runtime's own compiler from source (`clCreateProgramWithSource`), and
//! clang-15 -O2 + llvm-spirv-15 (its default SPIR-V 1.4). Every kernel
//! follows the corpus contract (`tests/suite/exec/corpus.rs`): `(global T
//! *out, global const U *in)`, 256 bytes of input and of output per
//! work-item, work-groups of 16.
//!
//! Per kernel: the work-item count is chosen so that one launch of the
//! source build takes about [`TARGET_MS`]; each module runs once on fresh
//! buffers and its output is compared with the source build's (exactly,
//! or within the spec's ULP bound for float outputs, NaN payloads
//! ignored) — a kernel whose outputs differ is reported and not timed;
//! then the three modules are launched in turn, each round starting with
//! the next one, and the median of the launches is kept.
#![allow(unsafe_code)] // opencl3's buffer, argument and enqueue calls are `unsafe fn`s.

use std::path::Path;

use crate::exec::Runtime;
use crate::stats;

/// How two outputs of a kernel are compared.
#[derive(Clone, Copy, Debug)]
pub enum Compare {
    /// Bit for bit (integer outputs, or floats the spec makes exact).
    Exact,
    /// As `f32` words within this many units in the last place (the
    /// OpenCL C 3.0 §7.4 bound of the built-ins the kernel uses, and the
    /// freedom to contract `a * b + c`), NaN payloads ignored.
    F32Ulps(u32),
}

/// One benchmark kernel.
pub struct Entry {
    /// File in `tests/exec/differential`.
    pub file: &'static str,
    /// Kernel name.
    pub kernel: &'static str,
    /// Output comparison rule.
    pub compare: Compare,
}

const fn exact(file: &'static str, kernel: &'static str) -> Entry {
    Entry {
        file,
        kernel,
        compare: Compare::Exact,
    }
}

const fn float(file: &'static str, kernel: &'static str, ulps: u32) -> Entry {
    Entry {
        file,
        kernel,
        compare: Compare::F32Ulps(ulps),
    }
}

/// The benchmark's kernels: integer hashing and mining, stencils,
/// linear algebra, particle methods, signal processing and finance.
pub const ENTRIES: &[Entry] = &[
    exact("keccak_miner.cl", "search"),
    exact("scrypt_salsa.cl", "search"),
    exact("blake256_miner.cl", "blake256_search"),
    exact("siphash.cl", "siphash24_records"),
    exact("hash_sha256.cl", "sha256_iterate"),
    exact("hash_md5.cl", "m00000_s04"),
    exact("cl12_aes_ttable.cl", "aes128_encrypt"),
    exact("crc_adler.cl", "crc32_chunks"),
    exact("xxhash_fnv.cl", "xxhash64_chunks"),
    exact("int_hash_mixers.cl", "wyhash_blocks"),
    exact("fin_philox.cl", "philox_kernel"),
    exact("ml_m08_int8_gemm.cl", "gemm_q8"),
    exact("rodinia_nw.cl", "nw_kernel1"),
    float("lbm_d2q9.cl", "lbm_stream_collide", 4),
    float("gfx_04_sph.cl", "sph_step", 4),
    float("sph_fluid.cl", "sph_forces", 4),
    float("sci_openmm_nonbonded.cl", "openmm_nonbonded", 4),
    float("tridiagonal_solvers.cl", "cyclic_reduction", 4),
    float("tridiagonal_solvers.cl", "thomas_batched", 4),
    // 16 ULP, as its corpus header says: rsqrt and a long sum.
    float("nbody.cl", "nbody_naive", 16),
    float("sgemm_tiled.cl", "sgemm_nt_float4", 4),
    float("ml_m02_xgemm_tiled.cl", "Xgemm", 4),
    float("mandelbrot.cl", "mandelbrot_scalar_float", 4),
    float("fft_radix.cl", "fft16_radix4", 4),
    float("cholesky_cg.cl", "batched_cholesky4", 4),
    float("jacobi_gauss_seidel.cl", "jacobi_sweep_2d", 4),
    float("fir_conv2d.cl", "conv2d_gauss5x5", 4),
    float("bilateral_median.cl", "bilateral5x5", 4),
    float("black_scholes.cl", "blackScholes", 4),
    float("montecarlo_philox.cl", "asian_mc", 4),
    float("verlet_cloth.cl", "verlet_particles", 4),
    float("ml_m29_lstm_attention.cl", "attention_head", 4),
    float("sobel_filter.cl", "sobel_filter", 4),
    float("struct_call_chains.cl", "trace_spheres", 4),
    float("dct8x8.cl", "DCT8x8_const", 4),
    float("rodinia_hotspot.cl", "hotspot", 4),
    float("shoc_md.cl", "compute_lj_force", 4),
    float("spmv_sparse.cl", "spmv_csr_scalar", 4),
];

/// Bytes of input and of output per work-item (the corpus contract).
const BYTES_PER_ITEM: usize = 256;
/// Work-group size (the corpus contract).
const GROUP: usize = 16;
/// Fewest and most work-items per launch.
const MIN_ITEMS: usize = 1 << 12;
const MAX_ITEMS: usize = 1 << 18;
/// The launch time the work-item count is chosen for, milliseconds.
const TARGET_MS: f64 = 20.0;

/// The three pipelines, in the order of [`Row::ns`].
pub const PIPELINES: [&str; 3] = ["oclc", "runtime from source", "clang -O2 + llvm-spirv"];

/// One kernel's result.
#[derive(Clone, Debug)]
pub struct Row {
    /// `file:kernel`.
    pub name: String,
    /// Work-items per launch.
    pub items: usize,
    /// Median launch time per pipeline (see [`PIPELINES`]), nanoseconds.
    pub ns: [Option<f64>; 3],
    /// What went wrong (a build, a launch, outputs that differ).
    pub error: Option<String>,
    /// Why a pipeline other than oclc and the source build is missing.
    pub note: Option<String>,
}

impl Row {
    /// oclc's time over pipeline `other`'s.
    pub fn ratio(&self, other: usize) -> Option<f64> {
        Some(self.ns[0]? / self.ns.get(other).copied().flatten()?)
    }

    /// oclc's time over the faster of the other two.
    pub fn ratio_to_best(&self) -> Option<f64> {
        let best = match (self.ns[1], self.ns[2]) {
            (Some(a), Some(b)) => a.min(b),
            (a, b) => a.or(b)?,
        };
        Some(self.ns[0]? / best)
    }
}

/// The section's outcome.
pub enum Outcome {
    /// The runtime is missing, or the section was skipped: why.
    NotRun(String),
    /// The device's name and one row per kernel.
    Measured(String, Vec<Row>),
}

/// Names, in a child process of the benchmark, the one entry (its index
/// in [`ENTRIES`]) that child measures.
const CHILD: &str = "OCLC_BENCH_CORPUS_ENTRY";

/// The line a child prints its row on.
const ROW_TAG: &str = "corpus-row";

/// Measures every entry, each in a child process (this benchmark again,
/// with the same arguments and [`CHILD`] set, which times `--corpus-runs`
/// launches per module: [`measure_child`]): Intel's
/// runtime sometimes crashes executing a kernel (seen on `sph_forces`
/// with every one of the three modules), and a crash must cost one row,
/// not the section.
pub fn measure() -> Outcome {
    let runtime = match Runtime::find() {
        Ok(runtime) => runtime,
        Err(reason) => return Outcome::NotRun(reason),
    };
    let rows = ENTRIES
        .iter()
        .enumerate()
        .map(|(index, entry)| {
            let name = format!("{}:{}", entry.file, entry.kernel);
            eprintln!("bench-compare: corpus exec: {name}");
            in_child(index, &name)
        })
        .collect();
    Outcome::Measured(runtime.name().to_owned(), rows)
}

/// In a child process of [`measure`]: the entry it measures.
pub fn child_entry() -> Option<usize> {
    std::env::var(CHILD).ok()?.parse().ok()
}

/// In a child process of [`measure`]: measures entry `index` and returns
/// the line the parent reads.
pub fn measure_child(index: usize, scratch: &Path, runs: usize) -> Result<String, String> {
    let runtime = Runtime::find()?;
    let row = ENTRIES.get(index).map_or_else(
        || row_for(&format!("entry {index}"), Some("no such entry".to_owned())),
        |entry| measure_entry(&runtime, scratch, entry, runs),
    );
    Ok(encode(&row))
}

fn row_for(name: &str, error: Option<String>) -> Row {
    Row {
        name: name.to_owned(),
        items: 0,
        ns: [None; 3],
        error,
        note: None,
    }
}

fn measure_entry(runtime: &Runtime, scratch: &Path, entry: &Entry, runs: usize) -> Row {
    let mut row = row_for(&format!("{}:{}", entry.file, entry.kernel), None);
    if let Err(e) = measure_one(runtime, scratch, entry, runs, &mut row) {
        row.error = Some(e);
    }
    row
}

/// Runs the benchmark again, with the same arguments, to measure entry
/// `index` alone; a child that dies gives a row that says how.
fn in_child(index: usize, name: &str) -> Row {
    let exe = match std::env::current_exe() {
        Ok(exe) => exe,
        Err(e) => return row_for(name, Some(format!("cannot re-run the benchmark: {e}"))),
    };
    let output = std::process::Command::new(exe)
        .args(std::env::args_os().skip(1))
        .env(CHILD, index.to_string())
        .stderr(std::process::Stdio::inherit())
        .output();
    let output = match output {
        Ok(output) => output,
        Err(e) => return row_for(name, Some(format!("cannot re-run the benchmark: {e}"))),
    };
    let stdout = String::from_utf8_lossy(&output.stdout);
    match stdout.lines().find_map(decode) {
        Some(row) if output.status.success() => row,
        _ => row_for(
            name,
            Some(format!(
                "the OpenCL runtime's process died ({}) building or running it",
                output.status
            )),
        ),
    }
}

/// A row as one tab-separated line.
fn encode(row: &Row) -> String {
    let ns = row
        .ns
        .map(|v| v.map_or_else(|| "-".to_owned(), |v| v.to_string()));
    let text = |t: &Option<String>| t.as_deref().unwrap_or("").replace(['\t', '\n'], " ");
    format!(
        "{ROW_TAG}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
        row.name,
        row.items,
        ns[0],
        ns[1],
        ns[2],
        text(&row.error),
        text(&row.note)
    )
}

/// The row [`encode`] wrote, if `line` is one.
fn decode(line: &str) -> Option<Row> {
    let mut fields = line.split('\t');
    if fields.next()? != ROW_TAG {
        return None;
    }
    let name = fields.next()?.to_owned();
    let items = fields.next()?.parse().ok()?;
    let mut ns = [None; 3];
    for slot in &mut ns {
        *slot = fields.next()?.parse().ok();
    }
    let mut text = || fields.next().filter(|e| !e.is_empty()).map(str::to_owned);
    let error = text();
    let note = text();
    Some(Row {
        name,
        items,
        ns,
        error,
        note,
    })
}

fn measure_one(
    runtime: &Runtime,
    scratch: &Path,
    entry: &Entry,
    runs: usize,
    row: &mut Row,
) -> Result<(), String> {
    let path = crate::common::corpus::root()
        .join("tests/exec/differential")
        .join(entry.file);
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let flags = text
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("// oclc-flags:"))
        .map_or("-cl-std=CL2.0", str::trim)
        .to_owned();
    let std_option = flags
        .split_whitespace()
        .find(|f| f.starts_with("-cl-std="))
        .unwrap_or("-cl-std=CL2.0")
        .to_owned();
    let options = oclc::Options::from_build_options(&flags).map_err(|e| format!("{e:?}"))?;
    let source = oclc::Source::new(path.to_string_lossy(), text.as_str());
    let oclc_words = oclc::compile(&source, &options)
        .map(|c| c.words)
        .map_err(|f| format!("oclc failed: {f}"))?;
    let oclc_program = runtime
        .build_il(&oclc_words, &std_option)
        .map_err(|e| format!("oclc's module: {e}"))?;
    let source_program = runtime
        .build_source(&text, &flags)
        .map_err(|e| format!("the runtime from source: {e}"))?;
    // clang -O2 + llvm-spirv-15 is the optional third: where it cannot make
    // a module the runtime builds, or its output differs, oclc is timed
    // against the source build alone and the row says why.
    let clang_program = compile_clang_o2(&path, scratch, &flags)
        .and_then(|words| runtime.build_il(&words, &std_option));
    let mut programs = vec![Some(oclc_program), Some(source_program)];
    match clang_program {
        Ok(program) => programs.push(Some(program)),
        Err(e) => {
            programs.push(None);
            row.note = Some(format!("{}: {}", PIPELINES[2], first_line(&e)));
        }
    }
    // Size: one launch of the source build at the smallest size, scaled
    // to the target time (powers of two, so that any group size fits).
    let source_program = programs[1].as_ref().ok_or("no source build")?;
    let probe = runtime.corpus_launch(source_program, entry.kernel, MIN_ITEMS, GROUP, false)?;
    let per_item = probe.0 / MIN_ITEMS as f64;
    let wanted = (TARGET_MS * 1e6 / per_item.max(1.0)) as usize;
    let items = wanted
        .clamp(MIN_ITEMS, MAX_ITEMS)
        .next_power_of_two()
        .min(MAX_ITEMS);
    row.items = items;
    // Outputs first, on fresh buffers.
    let mut outputs = Vec::with_capacity(programs.len());
    for (index, program) in programs.iter().enumerate() {
        outputs.push(match program {
            Some(p) => Some(
                runtime
                    .corpus_launch(p, entry.kernel, items, GROUP, true)
                    .map_err(|e| format!("{}: {e}", PIPELINES[index]))?
                    .1,
            ),
            None => None,
        });
    }
    let reference = outputs[1].clone().unwrap_or_default();
    for index in [0, 2] {
        let Some(output) = &outputs[index] else {
            continue;
        };
        if let Some(problem) = differs(entry.compare, output, &reference) {
            let problem = format!(
                "{} and {} outputs differ: {problem}",
                PIPELINES[index], PIPELINES[1]
            );
            if index == 0 {
                return Err(problem);
            }
            programs[index] = None;
            row.note = Some(problem);
        }
    }
    if reference.iter().all(|&w| w == 0) {
        return Err("the kernel wrote nothing".to_owned());
    }
    let mut times: [Vec<f64>; 3] = Default::default();
    for round in 0..runs {
        for k in 0..programs.len() {
            let i = (round + k) % programs.len();
            if let Some(program) = &programs[i] {
                let (ns, _) = runtime.corpus_launch(program, entry.kernel, items, GROUP, false)?;
                times[i].push(ns);
            }
        }
    }
    row.ns = times.map(|t| stats::median(&t));
    Ok(())
}

/// The first line of a message (build logs run long).
fn first_line(message: &str) -> String {
    let line = message.lines().next().unwrap_or("");
    // The runtime's logs start with progress lines; its error is the
    // last one that names a failure.
    let failure = message
        .lines()
        .rev()
        .find(|l| l.contains("Symbols not found") || l.contains("failed") || l.contains("error"));
    failure.unwrap_or(line).trim().chars().take(160).collect()
}

/// Where `output` differs from `reference` beyond `rule`, if anywhere.
fn differs(rule: Compare, output: &[u32], reference: &[u32]) -> Option<String> {
    let (index, a, b) = output
        .iter()
        .zip(reference)
        .enumerate()
        .find(|&(_, (&a, &b))| !same(rule, a, b))
        .map(|(i, (&a, &b))| (i, a, b))?;
    Some(format!("word {index}: {a:#010x} vs {b:#010x}"))
}

fn same(rule: Compare, a: u32, b: u32) -> bool {
    if a == b {
        return true;
    }
    match rule {
        Compare::Exact => false,
        Compare::F32Ulps(ulps) => {
            let (x, y) = (f32::from_bits(a), f32::from_bits(b));
            if x.is_nan() && y.is_nan() {
                return true;
            }
            // Ordered integers of the same sign: their difference counts
            // the floats between them.
            let key = |w: u32| {
                if w & 0x8000_0000 != 0 {
                    -i64::from(w & 0x7fff_ffff)
                } else {
                    i64::from(w)
                }
            };
            x.is_nan() == y.is_nan() && (key(a) - key(b)).unsigned_abs() <= u64::from(ulps)
        }
    }
}

/// clang-15 -O2 + llvm-spirv-15 with its default SPIR-V version (1.4),
/// which the runtime accepts.
fn compile_clang_o2(path: &Path, scratch: &Path, flags: &str) -> Result<Vec<u32>, String> {
    let bitcode = scratch.join("corpus-o2.bc");
    let spirv = scratch.join("corpus-o2.spv");
    let kernel = crate::common::corpus::Kernel {
        name: String::new(),
        path: path.to_path_buf(),
        text: String::new(),
        options: flags.to_owned(),
    };
    let mut commands = crate::process::reference_commands(&kernel, &bitcode, &spirv, &[]);
    let [clang, _] = &mut commands;
    let args: Vec<std::ffi::OsString> = clang
        .get_args()
        .map(|a| {
            if a == "-O0" {
                "-O2".into()
            } else {
                a.to_owned()
            }
        })
        .collect();
    let mut optimised = std::process::Command::new(clang.get_program());
    optimised.args(args);
    commands[0] = optimised;
    crate::process::run(&mut commands)?;
    let bytes =
        std::fs::read(&spirv).map_err(|e| format!("cannot read {}: {e}", spirv.display()))?;
    Ok(bytes
        .chunks_exact(4)
        .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
        .collect())
}

/// The corpus input: pseudo-random words (xorshift64*), half of them
/// small floats and small integers so that arithmetic stays in range, one
/// in eight a special value (NaN, ±inf, ±0, a denormal, `INT_MIN`,
/// `INT_MAX`, 1.0f, small integers), as the corpus test's input is made.
pub fn input_words(len: usize) -> Vec<u32> {
    const SPECIAL: [u32; 12] = [
        0x7fc0_0000,
        0x7f80_0000,
        0xff80_0000,
        0,
        0x8000_0000,
        0x0000_0001,
        0x8000_0000,
        0x7fff_ffff,
        0x3f80_0000,
        1,
        2,
        0xbf00_0000,
    ];
    let mut state: u64 = 0x5eed_c0de | 1;
    (0..len)
        .map(|_| {
            state ^= state >> 12;
            state ^= state << 25;
            state ^= state >> 27;
            let r = state.wrapping_mul(0x2545_f491_4f6c_dd1d);
            match r % 8 {
                0 => SPECIAL[(r >> 8) as usize % SPECIAL.len()],
                1 | 2 => ((r >> 16) as f32 / (1u64 << 48) as f32 * 64.0 - 32.0).to_bits(),
                3 | 4 => ((r >> 32) as u32) % 1000,
                _ => (r >> 32) as u32,
            }
        })
        .collect()
}

/// Bytes per work-item of each buffer, for [`Runtime::corpus_launch`].
pub const fn bytes_per_item() -> usize {
    BYTES_PER_ITEM
}

/// The heading that starts the section in `docs/performance.md`.
pub const HEADING: &str = "## 6. Corpus kernels executed";

/// Renders the section.
pub fn render(out: &mut String, outcome: &Outcome) {
    use std::fmt::Write;
    let _ = writeln!(out, "{HEADING}\n");
    let (device, rows) = match outcome {
        Outcome::NotRun(reason) => {
            let _ = writeln!(
                out,
                "Not measured: {reason}. Install the runtime with `scripts/setup-opencl-runtime.sh`.\n"
            );
            return;
        }
        Outcome::Measured(device, rows) => (device, rows),
    };
    let _ = writeln!(
        out,
        "Device: {device}, {}. {} compute-heavy kernels of the differential corpus \
         (`benches/compare/corpus_exec.rs` lists them), each built three ways: oclc's module, \
         the runtime's own compiler from source (`clCreateProgramWithSource`, the corpus \
         test's reference) and clang-15 -O2 + llvm-spirv-15 (SPIR-V 1.4). The work-item count \
         is the power of two (4096 to 262144) that makes a launch of the source build about \
         {TARGET_MS} ms; 256 bytes of input and output per work-item, groups of 16 (the corpus \
         contract). Before timing, each module runs once on fresh buffers and its output is \
         compared with the source build's: bit for bit for integer kernels, within 4 ULP as \
         `f32` for float kernels (NaN payloads ignored); a kernel whose outputs differ is not \
         timed. Then the three are launched in turn, each round starting with the next one; \
         kernel time from event profiling, median of the launches. Ratios are oclc's time over \
         the other's (below 1: oclc's module is faster); kernels more than 1.10× slower than \
         the better of the other two are explained in docs/mapping.md (Execution speed).\n",
        crate::exec::workers(),
        rows.len()
    );
    let ratios =
        |f: &dyn Fn(&Row) -> Option<f64>| -> Vec<f64> { rows.iter().filter_map(f).collect() };
    let source = ratios(&|r| r.ratio(1));
    let clang = ratios(&|r| r.ratio(2));
    let best = ratios(&|r| r.ratio_to_best());
    let worst = |values: &[f64]| values.iter().copied().fold(f64::NAN, f64::max);
    let _ = writeln!(
        out,
        "| oclc's time over | kernels | geomean | worst |\n|---|--:|--:|--:|\n\
         | the runtime from source | {} | {} | {} |\n\
         | clang -O2 + llvm-spirv-15 | {} | {} | {} |\n\
         | the better of the two | {} | {} | {} |\n",
        source.len(),
        fmt(stats::geomean(&source), 3),
        fmt(Some(worst(&source)), 2),
        clang.len(),
        fmt(stats::geomean(&clang), 3),
        fmt(Some(worst(&clang)), 2),
        best.len(),
        fmt(stats::geomean(&best), 3),
        fmt(Some(worst(&best)), 2),
    );
    let _ = writeln!(
        out,
        "| Kernel | Work-items | oclc ms | source ms | clang -O2 ms | oclc / source | oclc / clang -O2 | oclc / best |\n\
         |---|--:|--:|--:|--:|--:|--:|--:|"
    );
    for row in rows {
        if let Some(error) = &row.error {
            let line = first_line(error).replace('|', "/");
            let _ = writeln!(
                out,
                "| {} | {} | — | — | — | not timed: {line} | — | — |",
                row.name, row.items
            );
            continue;
        }
        let ms = |i: usize| fmt(row.ns[i].map(|v| v / 1e6), 2);
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {} | {} |",
            row.name,
            row.items,
            ms(0),
            ms(1),
            ms(2),
            fmt(row.ratio(1), 3),
            fmt(row.ratio(2), 3),
            fmt(row.ratio_to_best(), 3)
        );
    }
    let _ = writeln!(out);
    let notes: Vec<&Row> = rows.iter().filter(|r| r.note.is_some()).collect();
    if !notes.is_empty() {
        let _ = writeln!(
            out,
            "Timed without clang -O2 + llvm-spirv-15 (its module does not build on the \
             runtime, or computes other results):\n"
        );
        for row in notes {
            let note = row.note.as_deref().unwrap_or_default().replace('|', "/");
            let _ = writeln!(out, "- `{}`: {note}", row.name);
        }
        let _ = writeln!(out);
    }
}

fn fmt(value: Option<f64>, decimals: usize) -> String {
    value
        .filter(|v| v.is_finite())
        .map_or_else(|| "—".to_owned(), |v| format!("{v:.decimals$}"))
}

/// `document` with its section 6 replaced by `section` (or `section`
/// appended when it has none): `--corpus-only` reruns this section alone.
pub fn splice(document: &str, section: &str) -> String {
    let start = document
        .find(&format!("\n{HEADING}"))
        .map_or(document.len(), |i| i + 1);
    let mut out = document[..start].to_owned();
    if !out.ends_with("\n\n") && !out.is_empty() {
        out.push('\n');
    }
    out.push_str(section);
    out
}
