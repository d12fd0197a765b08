//! Execution of `-target vulkan1.2` modules on a Vulkan device (lavapipe,
//! Mesa's CPU driver, in CI): each module is compiled by oclc (validated
//! under `vulkan1.2` in-process), its descriptor map is written as JSON and
//! read back by the host (`crates/vkrun`), and the results are compared
//! with values computed here — the same values the OpenCL execution tests
//! expect from the same kinds of kernels.
//!
//! `scripts/test.sh` installs lavapipe (`mesa-vulkan-drivers`); without a
//! Vulkan loader or device each test prints a skip line, unless
//! `OCLC_REQUIRE_RUNTIME` is set, in which case it fails.

use std::sync::{Mutex, OnceLock};

use oclc_vkrun::{parse_descriptor_map, Arg, Device, Kernel};

/// lavapipe's driver manifest on Debian.
const LAVAPIPE: &str = "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json";

/// The shared device (one queue: dispatches take turns).
fn device() -> Option<&'static Mutex<Device>> {
    static DEVICE: OnceLock<Result<Mutex<Device>, String>> = OnceLock::new();
    let device = DEVICE.get_or_init(|| {
        if std::env::var_os("VK_DRIVER_FILES").is_none()
            && std::env::var_os("VK_ICD_FILENAMES").is_none()
            && std::path::Path::new(LAVAPIPE).exists()
        {
            std::env::set_var("VK_DRIVER_FILES", LAVAPIPE);
        }
        Device::new().map(Mutex::new)
    });
    match device {
        Ok(device) => Some(device),
        Err(why) => {
            assert!(
                !crate::exec::runtime_required(),
                "vulkan: OCLC_REQUIRE_RUNTIME is set but no Vulkan device is usable: {why}"
            );
            crate::exec::announce("vulkan", &format!("SKIPPED: no Vulkan device ({why})"));
            None
        }
    }
}

/// Compiles `tests/vulkan/<file>` for Vulkan 1.2 with `options`; returns
/// the module and its kernels as the descriptor map describes them.
fn compile(file: &str, options: &str) -> (Vec<u32>, Vec<Kernel>) {
    let path = format!("{}/tests/vulkan/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("fixture exists");
    let options = oclc::Options::from_build_options(&format!("-target vulkan1.2 {options}"))
        .expect("valid options");
    let compiled = match oclc::compile(&oclc::Source::new(file, text), &options) {
        Ok(compiled) => compiled,
        Err(failed) => panic!(
            "{file} does not compile for Vulkan:\n{}",
            failed.report.render_human(oclc::HumanStyle::PLAIN)
        ),
    };
    let kernels = parse_descriptor_map(&compiled.descriptor_map()).expect("a valid map");
    (compiled.words, kernels)
}

/// Runs kernel `name` of `file` over `groups` work-groups of `local`.
fn run(file: &str, name: &str, args: &mut [Arg], groups: u32, local: u32) -> bool {
    let Some(device) = device() else {
        return false;
    };
    let (words, kernels) = compile(file, "");
    let kernel = kernels
        .iter()
        .find(|k| k.name == name)
        .expect("the kernel is in the map");
    let device = device.lock().unwrap_or_else(|e| e.into_inner());
    if let Err(why) =
        oclc_vkrun::run_once(&device, &words, kernel, args, [groups, 1, 1], [local, 1, 1])
    {
        panic!("vulkan: {file}: {why}");
    }
    true
}

fn u32s(arg: &Arg) -> Vec<u32> {
    arg.as_u32s()
}

#[test]
fn histogram_example_runs_on_vulkan() {
    let n = 10_000u32;
    // A deterministic pseudo-random input (xorshift).
    let mut state = 0x2545_f491u32;
    let data: Vec<u32> = (0..n)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            state
        })
        .collect();
    let mut expected = vec![0u32; 64];
    for &d in &data {
        expected[(d % 64) as usize] += 1;
    }
    let Some(device) = device() else {
        return;
    };
    let path = format!("{}/examples/histogram.cl", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).expect("the example exists");
    let options = oclc::Options::from_build_options("-target vulkan1.2").expect("options");
    let compiled =
        oclc::compile(&oclc::Source::new("histogram.cl", text), &options).expect("compiles");
    let kernels = parse_descriptor_map(&compiled.descriptor_map()).expect("a valid map");
    let mut args = [Arg::u32s(&data), Arg::uint(n), Arg::u32s(&[0; 64])];
    let device = device.lock().unwrap_or_else(|e| e.into_inner());
    oclc_vkrun::run_once(
        &device,
        &compiled.words,
        &kernels[0],
        &mut args,
        [16, 1, 1],
        [64, 1, 1],
    )
    .expect("runs");
    assert_eq!(u32s(&args[2]), expected);
}

#[test]
fn integer_atomic_families_under_contention() {
    let (groups, local) = (8u32, 64u32);
    let items = (groups * local) as i32;
    let (scale, bias) = (3u32, -100i32);
    let mut counters = [0i32; 32];
    counters[3] = i32::MIN;
    counters[4] = i32::MAX;
    counters[5] = -1;
    counters[6] = 1;
    let mut params = scale.to_le_bytes().to_vec();
    params.extend_from_slice(&bias.to_le_bytes());
    let mut args = [
        Arg::Buffer(counters.iter().flat_map(|v| v.to_le_bytes()).collect()),
        Arg::u32s(&[0, u32::MAX, 0]),
        Arg::u32s(&vec![0; items as usize]),
        Arg::Value(params),
    ];
    if !run("atomics.cl", "families", &mut args, groups, local) {
        return;
    }
    let c: Vec<i32> = u32s(&args[0]).iter().map(|&v| v as i32).collect();
    assert_eq!(c[0], items, "relaxed fetch_add");
    assert_eq!(
        c[1],
        items * scale as i32,
        "seq_cst fetch_add of a push constant"
    );
    assert_eq!(c[2], -2 * items, "acq_rel fetch_sub");
    assert_eq!(c[3], items - 1 + bias, "fetch_max");
    assert_eq!(c[4], bias, "fetch_min");
    assert_eq!(c[7], 7, "seq_cst store");
    assert_eq!(c[8], 0, "no seq_cst load saw another value");
    let mut doubled = 1i32;
    for _ in 0..items {
        doubled = (doubled + 3) & 0x7fff_ffff;
    }
    assert_eq!(c[6], doubled, "compare-exchange loop");
    for g in 0..groups as usize {
        assert_eq!(c[16 + g], local as i32, "work-group counter {g}");
    }
    let bits = u32s(&args[1]);
    assert_eq!(bits[0], u32::MAX, "fetch_or");
    assert_eq!(bits[1], 0, "fetch_and");
    // Each bit flipped items/32 times (an even number).
    assert_eq!(bits[2], 0, "fetch_xor");
    // The exchanges form one chain: every value but the last written is
    // returned exactly once, starting from the initial -1.
    let mut seen: Vec<i32> = u32s(&args[2]).iter().map(|&v| v as i32).collect();
    seen.push(c[5]);
    seen.sort_unstable();
    let mut expected: Vec<i32> = (-1..items).collect();
    expected.sort_unstable();
    assert_eq!(seen, expected, "exchange chain");
}

#[test]
fn work_group_reduction_with_a_local_argument() {
    let n = 5000u32;
    let input: Vec<u32> = (0..n).map(|i| i * 7 % 1000).collect();
    let expected: u32 = input.iter().sum();
    let (groups, local) = (10u32, 64u32);
    let mut args = [
        Arg::u32s(&input),
        Arg::u32s(&[0]),
        Arg::Local(local),
        Arg::uint(n),
        Arg::u32s(&[0; 10]),
    ];
    if !run("reduce.cl", "reduce", &mut args, groups, local) {
        return;
    }
    assert_eq!(u32s(&args[1])[0], expected);
    // Group g sums the elements whose index, modulo the global size,
    // falls in its range: only right with the requested work-group size.
    let global = (groups * local) as usize;
    let per_group: Vec<u32> = (0..groups as usize)
        .map(|g| {
            (0..n as usize)
                .filter(|i| (i % global) / local as usize == g)
                .map(|i| input[i])
                .sum()
        })
        .collect();
    assert_eq!(u32s(&args[4]), per_group);
}

#[test]
fn spin_lock_on_an_atomic_flag_guards_plain_accesses() {
    let (groups, rounds) = (16u32, 50u32);
    let mut args = [
        Arg::u32s(&[0]),
        Arg::u32s(&vec![0; 1 + groups as usize]),
        Arg::uint(rounds),
    ];
    if !run("spinlock.cl", "locked_count", &mut args, groups, 4) {
        return;
    }
    let counter = u32s(&args[1]);
    assert_eq!(counter[0], groups * rounds, "no increment lost");
    assert!(counter[1..].iter().all(|&c| c == rounds));
    assert_eq!(u32s(&args[0])[0], 0, "the lock is free at the end");
}

/// Every Vulkan module the suite produces — the codegen snapshots and UI
/// fixtures compiled with `-target vulkan1.x`, the modules here and the
/// litmus tests — gets its pipelines built by the Vulkan driver, not only
/// validated.
#[test]
fn every_vulkan_module_builds_its_pipelines() {
    let Some(device) = device() else {
        return;
    };
    let mut built = 0;
    for dir in ["tests/codegen", "tests/ui", "tests/vulkan", "tests/litmus"] {
        for path in crate::fixtures::files(dir, "cl") {
            let text = std::fs::read_to_string(&path).expect("readable fixture");
            let flags = crate::fixtures::flags_for(&text);
            let in_vulkan_dir = dir == "tests/vulkan" || dir == "tests/litmus";
            if !in_vulkan_dir && !flags.contains("vulkan") {
                continue;
            }
            let mut options = oclc::Options::from_build_options(&format!(
                "{flags} {}",
                if in_vulkan_dir {
                    "-target vulkan1.2"
                } else {
                    ""
                }
            ))
            .expect("valid flags");
            options
                .include_dirs
                .push(path.parent().expect("a directory").to_path_buf());
            let name = crate::fixtures::display(&path);
            let Ok(compiled) = oclc::compile(&oclc::Source::new(name.clone(), text), &options)
            else {
                continue;
            };
            let kernels = parse_descriptor_map(&compiled.descriptor_map()).expect("a valid map");
            let device = device.lock().unwrap_or_else(|e| e.into_inner());
            for kernel in &kernels {
                let args: Vec<Arg> = kernel.args.iter().map(Arg::placeholder).collect();
                if let Err(why) = device.prepare(&compiled.words, kernel, &args, [1, 1, 1]) {
                    panic!("{name}: kernel `{}`: {why}", kernel.name);
                }
                built += 1;
            }
        }
    }
    assert!(built >= 10, "only {built} Vulkan kernels found");
}

/// Compiles `tests/litmus/<file>` for Vulkan 1.2 with the `-D` options
/// `defines`; returns the module and its kernels.
fn compile_litmus(file: &str, defines: &str) -> (Vec<u32>, Vec<Kernel>) {
    let dir = format!("{}/tests/litmus", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(format!("{dir}/{file}")).expect("litmus file");
    let mut options = oclc::Options::from_build_options(&format!("-target vulkan1.2 {defines}"))
        .expect("options");
    options.include_dirs.push(dir.into());
    let compiled = match oclc::compile(&oclc::Source::new(file, text), &options) {
        Ok(compiled) => compiled,
        Err(failed) => panic!(
            "{file} {defines}:\n{}",
            failed.report.render_human(oclc::HumanStyle::PLAIN)
        ),
    };
    let kernels = parse_descriptor_map(&compiled.descriptor_map()).expect("a valid map");
    (compiled.words, kernels)
}

/// A small environment for the CPU device, with every option of the
/// harness switched on: spare stressing work-groups, pre-stress, the
/// touch of the sectors a test reads stale and the bounded barrier.
fn small_environment() -> oclc_vkrun::litmus::Environment {
    oclc_vkrun::litmus::Environment::parse(
        "local=32,testing=12,max_groups=16,stride=8,pre_stress_pct=50,\
         pre_stress_iterations=4,mem_stress_pct=50,mem_stress_iterations=8,\
         mem_stress_pattern=1,stress_lines=4,line_words=8,barrier_pct=50,barrier_spins=64,\
         touch_pct=50",
    )
    .expect("a valid environment")
}

/// The harness's pairing (tests/litmus/pairing.cl): over random
/// dispatches, every instance gets each of its roles exactly once, from
/// as many different work-groups (or, with SAME_WG, all from its own) —
/// also with the two kernels in two modules, the buffers in host-visible
/// memory, and the work-group histogram variant of the check.
#[test]
fn litmus_harness_pairs_every_role_once_across_work_groups() {
    let Some(device) = device() else {
        return;
    };
    // (defines, kernels in two modules, host-visible buffers)
    let cases = [
        ("-DROLES=2", false, false),
        ("-DROLES=3", false, false),
        ("-DROLES=4", false, false),
        ("-DROLES=2 -DSAME_WG", false, false),
        ("-DROLES=4 -DSAME_WG", false, false),
        ("-DROLES=4 -DTOUCH=0xffff", false, false),
        ("-DROLES=3", true, true),
        ("-DROLES=2 -DLITMUS_LOCAL_HISTOGRAM", false, false),
    ];
    for (defines, split, host_memory) in cases {
        let (words, kernels) = if split {
            compile_litmus("pairing.cl", &format!("{defines} -DLITMUS_TEST_ONLY"))
        } else {
            compile_litmus("pairing.cl", defines)
        };
        let (check_words, check_kernels) = if split {
            compile_litmus("pairing.cl", &format!("{defines} -DLITMUS_CHECK_ONLY"))
        } else {
            (words.clone(), kernels.clone())
        };
        assert_eq!(kernels.len(), if split { 1 } else { 2 }, "{defines}");
        let settings = oclc_vkrun::litmus::Settings {
            env: small_environment(),
            seed: 11,
            batch: 4,
            instances: 8 * 12 * 32,
            seconds: f64::INFINITY,
            host_memory,
        };
        let device = device.lock().unwrap_or_else(|e| e.into_inner());
        let outcomes = oclc_vkrun::litmus::run(
            &device,
            (&words, &kernels),
            (&check_words, &check_kernels),
            2,
            &settings,
        )
        .unwrap_or_else(|e| panic!("{defines}: {e}"));
        assert_eq!(outcomes.instances, 8 * 12 * 32, "{defines}");
        assert_eq!(
            outcomes.counts.get(&vec![1, 1]).copied(),
            Some(outcomes.instances),
            "{defines}: {:?}",
            outcomes.counts
        );
    }
}

/// Every forbidding test of the GPU suite (tests/litmus/tests.txt), briefly,
/// on the CI device: the same modules and harness the GPU runs
/// (scripts/gpu-litmus.sh); every instance's outcome is counted once (the
/// harness checks each dispatch's total) and no forbidden one appears.
#[test]
fn litmus_forbidding_tests_see_no_forbidden_outcome() {
    let Some(device) = device() else {
        return;
    };
    let list = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/litmus/tests.txt"
    ))
    .expect("tests.txt");
    let tests = oclc_vkrun::suite::parse_tests(&list).expect("tests.txt parses");
    let mut ran = 0;
    for line in list
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let test = tests.iter().find(|t| t.id == fields[0]).expect("parsed");
        if test.kind != oclc_vkrun::suite::Kind::Forbid {
            continue;
        }
        let defines = if fields[2] == "-" {
            String::new()
        } else {
            fields[2].replace(',', " ")
        };
        let (words, kernels) = compile_litmus(fields[1], &defines);
        let settings = oclc_vkrun::litmus::Settings {
            env: small_environment(),
            seed: 5,
            batch: 4,
            instances: 4 * 12 * 32,
            seconds: f64::INFINITY,
            host_memory: false,
        };
        let device = device.lock().unwrap_or_else(|e| e.into_inner());
        let outcomes = oclc_vkrun::litmus::run(
            &device,
            (&words, &kernels),
            (&words, &kernels),
            test.outcome.keys(),
            &settings,
        )
        .unwrap_or_else(|e| panic!("{}: {e}", test.id));
        assert_eq!(outcomes.instances, 4 * 12 * 32, "{}", test.id);
        assert_eq!(
            outcomes.count(&test.outcome),
            0,
            "{}: {:?}",
            test.id,
            outcomes.counts
        );
        ran += 1;
    }
    assert!(ran >= 10, "only {ran} forbidding tests");
}

#[test]
fn library_functions_match_the_host() {
    let n = 32usize;
    let dt = 0.5f32;
    let pos: Vec<[f32; 4]> = (0..n)
        .map(|i| {
            let f = i as f32;
            [f * 0.1 - 1.5, 0.3 - f * 0.05, f * 0.07 - 0.9, f - 10.0]
        })
        .collect();
    let vel: Vec<[f32; 4]> = (0..n)
        .map(|i| {
            let f = i as f32;
            [0.2 * f - 3.0, 0.5, -0.25 * f, 0.1]
        })
        .collect();
    let bytes =
        |v: &[[f32; 4]]| -> Vec<u8> { v.iter().flatten().flat_map(|f| f.to_le_bytes()).collect() };
    let mut args = [
        Arg::Buffer(bytes(&pos)),
        Arg::Buffer(bytes(&vel)),
        Arg::Buffer(vec![0; n * 4]),
        Arg::Buffer(vec![0; n * 4]),
        Arg::Value(dt.to_le_bytes().to_vec()),
    ];
    if !run("math.cl", "particles", &mut args, 4, 8) {
        return;
    }
    let floats = |arg: &Arg| -> Vec<f32> { u32s(arg).iter().map(|&b| f32::from_bits(b)).collect() };
    let new_pos = floats(&args[0]);
    let energy = floats(&args[2]);
    let bins: Vec<i32> = u32s(&args[3]).iter().map(|&v| v as i32).collect();
    for i in 0..n {
        let mut p = [0f32; 4];
        for c in 0..4 {
            p[c] = pos[i][c] + vel[i][c] * dt;
        }
        for c in p.iter_mut().take(3) {
            *c = c.clamp(-1.0, 1.0);
        }
        for c in 0..4 {
            assert!((new_pos[4 * i + c] - p[c]).abs() < 1e-5, "pos[{i}].{c}");
        }
        let v = vel[i];
        let dot: f32 = v.iter().map(|x| x * x).sum();
        let speed = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
        let expected = 0.5 * dot
            + p[3].abs().sqrt()
            + speed.max(0.25)
            + (p[0] + (p[1] - p[0]) * 0.25)
            + (p[2] * 4.0).floor();
        assert!(
            (energy[i] - expected).abs() <= 1e-4 * expected.abs().max(1.0),
            "energy[{i}]: {} vs {expected}",
            energy[i]
        );
        let bin =
            ((p[0] * 8.0) as i32).clamp(-4, 4) + (i as i32 - 8).abs().max(3) + (i as i32).min(5);
        assert_eq!(bins[i], bin, "bins[{i}]");
    }
}

#[test]
fn generic_pointer_helpers_are_specialised_per_address_space() {
    let (groups, local) = (4u32, 16u32);
    let items = (groups * local) as usize;
    let values: Vec<u32> = (0..4 * items as u32).collect();
    let mut args = [
        Arg::u32s(&[0]),
        Arg::u32s(&values),
        Arg::u32s(&vec![0; items + groups as usize]),
    ];
    if !run("generic.cl", "counts", &mut args, groups, local) {
        return;
    }
    assert_eq!(u32s(&args[0])[0], items as u32, "global bumps");
    let out = u32s(&args[2]);
    for i in 0..items {
        let want: u32 = values[4 * i..4 * i + 4].iter().sum();
        assert_eq!(out[i], want, "private accumulation {i}");
    }
    assert!(
        out[items..].iter().all(|&c| c == local),
        "local bumps: {:?}",
        &out[items..]
    );
}

/// What logical addressing cannot express is an E0902 error naming the
/// construct, never an invalid module: a union reinterpreted through
/// memory, a packed struct in a buffer, 8- and 16-component vectors, and
/// the difference of two pointers.
#[test]
fn inexpressible_constructs_are_errors_not_invalid_modules() {
    let options = oclc::Options::from_build_options("-target vulkan1.2").expect("valid options");
    let cases = [
        (
            "union member",
            "kernel void k(global float *w) { union { uint i; float f; } u; u.f = w[0]; w[1] = u.i; }",
        ),
        (
            "packed struct",
            "typedef struct __attribute__((packed)) { float x; char c; } P;\n\
             kernel void k(global P *p) { p[get_global_id(0)].x = 1.0f; }",
        ),
        (
            "vector of 16 components",
            "kernel void k(global float *p) { float16 v = (float16)(p[0]); p[1] = v.s0 + v.sf; }",
        ),
        (
            "difference of two pointers",
            "kernel void k(global float *a, global float *b) { a[0] = (float)(b - a); }",
        ),
    ];
    for (what, text) in cases {
        let failed = match oclc::compile(&oclc::Source::new("k.cl", text), &options) {
            Ok(_) => panic!("{what}: compiled for Vulkan"),
            Err(failed) => failed,
        };
        let diagnostics = failed.report.diagnostics();
        assert!(
            diagnostics
                .iter()
                .any(|d| d.code.id == "E0902" && d.message.contains(what)),
            "{what}: {}",
            failed.report.render_human(oclc::HumanStyle::PLAIN)
        );
        assert!(
            !diagnostics
                .iter()
                .any(|d| d.severity == oclc::Severity::Bug),
            "{what}: reported as an internal error"
        );
    }
}
