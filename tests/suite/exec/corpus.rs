//! The differential corpus: every `.cl` file in `tests/exec/differential/`
//! is built by oclc and by the runtime's own compiler
//! (`clCreateProgramWithSource`), and each of its kernels runs on both
//! with the same input; the outputs must agree bit for bit.
//!
//! A corpus kernel takes `(global T *out, global const U *in)`: `in` holds
//! [`BYTES_PER_ITEM`] bytes per work-item of pseudo-random words with
//! special values mixed in (NaN, ±inf, ±0, a denormal, `INT_MIN`,
//! `INT_MAX`, 1.0f, small integers), `out` as many zeroed bytes; the
//! kernel reads and writes them as whatever types it likes. The range is
//! [`RANGE`]. A first line `// oclc-flags: ...` gives the build options
//! (default `-cl-std=CL2.0`). Adding a test is adding a file;
//! a header line `// oclc-corpus: image rgba8` (or `image rgbaf`) selects
//! the image contract instead (see [`image_contract`]).
//! `OCLC_CORPUS_DIR=<dir>` runs the files of another directory instead,
//! and `OCLC_CORPUS_DEBUG=1` lists every differing word.

use std::path::{Path, PathBuf};

use opencl3::memory::{CL_FLOAT, CL_MEM_OBJECT_IMAGE2D, CL_RGBA, CL_UNORM_INT8};

use super::device::ImageSpec;
use super::{build, runtime_for, Arg, Built, Fixture, Inputs, Range};

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

/// The images of a file whose header says `// oclc-corpus: image rgba8`
/// (`CL_RGBA`, `CL_UNORM_INT8`) or `image rgbaf` (`CL_RGBA`, `CL_FLOAT`):
/// its kernels take `(write_only image2d_t out, read_only image2d_t in)`,
/// both 32×32, and run over a 32×32 range in 8×8 groups; the output image
/// is compared.
fn image_contract(source: &str) -> Option<ImageSpec> {
    let line = source
        .lines()
        .take_while(|l| l.starts_with("//"))
        .find_map(|l| l.strip_prefix("// oclc-corpus:"))?;
    let (data_type, texel_bytes) = match line.trim() {
        "image rgba8" => (CL_UNORM_INT8, 4),
        "image rgbaf" => (CL_FLOAT, 16),
        other => panic!("unknown corpus contract `{other}`"),
    };
    Some(ImageSpec {
        kind: CL_MEM_OBJECT_IMAGE2D,
        order: CL_RGBA,
        data_type,
        texel_bytes,
        width: IMAGE_RANGE[0],
        height: IMAGE_RANGE[1],
        depth: 1,
        layers: 0,
    })
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

fn corpus_matches_the_runtimes_own_compiler(shard: usize) {
    let test = format!("corpus::corpus_shard_{shard}");
    let Some(runtime) = runtime_for(&test) else {
        return;
    };
    let bytes = RANGE.global * BYTES_PER_ITEM;
    let input = runtime.buffer(&input_words(bytes / 4));
    // `OCLC_CORPUS_DEBUG` prints every differing word, not only the first.
    let debug = std::env::var_os("OCLC_CORPUS_DEBUG").is_some();
    let mut failures = Vec::new();
    let files = corpus_files();
    assert!(!files.is_empty(), "no corpus files");
    for path in files.into_iter().skip(shard).step_by(SHARDS) {
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
        let name: &'static str = Box::leak(name.unwrap_or_default().into_boxed_str());
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        let source: &'static str = Box::leak(text.into_boxed_str());
        let flags = source
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("// oclc-flags:"))
            .map_or("-cl-std=CL2.0", str::trim);
        let ours = build(&runtime, Fixture { name, source }, flags);
        let theirs = runtime
            .build_source(source, flags)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let kernels = theirs.kernel_names();
        assert!(!kernels.is_empty(), "{name}: no kernels");
        assert_eq!(ours.kernel_names(), kernels, "{name}: the kernels differ");
        let image_spec = image_contract(source);
        let image_input = image_spec.map(|spec| runtime.image(&spec, &image_bytes(&spec)));
        let run = |program: &Built<'_>, kernel: &str| match (image_spec, &image_input) {
            (Some(spec), Some(input)) => {
                let out = runtime.image(&spec, &vec![0u8; spec.bytes()]);
                let args = [Arg::Image(&out), Arg::Image(input)];
                program.run_2d(kernel, &args, IMAGE_RANGE, IMAGE_GROUP);
                runtime
                    .read_image(&out)
                    .chunks_exact(4)
                    .map(|c| u32::from_ne_bytes([c[0], c[1], c[2], c[3]]))
                    .collect()
            }
            _ => {
                let out = runtime.zeroed::<u32>(bytes / 4);
                program.run(kernel, &[Arg::Buffer(&out), Arg::Buffer(&input)], RANGE);
                runtime.read::<u32>(&out)
            }
        };
        for kernel in kernels {
            let (mut mine, mut reference) = (run(&ours, &kernel), run(&theirs, &kernel));
            // A miscompile differs every time; a kernel whose output
            // depends on scheduling (a corpus bug) can differ once under
            // load. A mismatch is run again before it counts, and one that
            // does not repeat is named, so that the kernel gets fixed.
            for _ in 0..2 {
                if mine == reference {
                    break;
                }
                let (again, again_reference) = (run(&ours, &kernel), run(&theirs, &kernel));
                if again == again_reference {
                    eprintln!(
                        "warning: {name} `{kernel}`: outputs differed once and then matched: \
                         its result depends on scheduling"
                    );
                }
                (mine, reference) = (again, again_reference);
            }
            if debug {
                for (i, (a, b)) in mine.iter().zip(&reference).enumerate() {
                    if a != b {
                        let (fa, fb) = (f32::from_bits(*a), f32::from_bits(*b));
                        eprintln!(
                            "{name} `{kernel}` word {i}: {a:#010x} ({fa}) vs {b:#010x} ({fb})"
                        );
                    }
                }
            }
            if let Some(word) = mine.iter().zip(&reference).position(|(a, b)| a != b) {
                failures.push(format!(
                    "{name}: kernel `{kernel}`: word {word} is {:#010x}, the runtime's compiler gives {:#010x}",
                    mine[word], reference[word]
                ));
            } else if reference.iter().all(|&w| w == 0) {
                failures.push(format!("{name}: kernel `{kernel}` wrote nothing"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
