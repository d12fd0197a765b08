//! clang's atomic built-ins (`tests/exec/clang_atomics.cl`): the OpenCL
//! 1.x functions redefined on `__atomic_*` as runtime libraries do, and
//! each family (`__atomic_*`, `__sync_*`, `__c11_atomic_*`,
//! `__opencl_atomic_*`) on contended words, checked against the host.

use super::{build, fixture, reference_cannot, runtime_for, Arg, Inputs, Session, CONTENDED};

const BINS: usize = 16;
const N: usize = CONTENDED.global;

/// The session, unless the runtime is missing or the reference pipeline
/// is selected: clang 15 lowers the GNU and C11 built-ins for `spir64` to
/// calls of libatomic's `__atomic_*_4`, which no OpenCL runtime has.
fn session(test: &str) -> Option<Session> {
    if reference_cannot(
        test,
        "clang-15 lowers __atomic_*/__c11_atomic_*/__opencl_atomic_* to libatomic calls on spir64",
    ) {
        return None;
    }
    runtime_for(test)
}

#[test]
fn library_histogram() {
    let Some(runtime) = session(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("clang_atomics.cl"), "-cl-std=CL2.0");
    let mut inputs = Inputs::new(0x5eed);
    let values: Vec<u32> = (0..N).map(|_| inputs.next_u64() as u32).collect();
    let mut want = vec![0u32; BINS];
    for v in &values {
        want[*v as usize % BINS] += 1;
    }
    let values = runtime.buffer(&values);
    let bins = runtime.zeroed::<u32>(BINS);
    program.run(
        "histogram",
        &[Arg::Buffer(&values), Arg::Buffer(&bins)],
        CONTENDED,
    );
    assert_eq!(runtime.read::<u32>(&bins), want);
}

#[test]
fn library_read_modify_writes() {
    let Some(runtime) = session(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("clang_atomics.cl"), "-cl-std=CL2.0");
    let mut inputs = Inputs::new(0x1234);
    let vals: Vec<i32> = (0..N)
        .map(|_| (inputs.next_u64() % 2001) as i32 - 1000)
        .collect();
    let mut start = vec![100_000, i32::MAX, i32::MIN, 50];
    start.extend([-1; 8]);
    start.push(0);
    let words = runtime.buffer(&start);
    let bits = runtime.buffer(&[0u32, u32::MAX, 0x0f0f_0f0f]);
    let vals_buffer = runtime.buffer(&vals);
    let olds = runtime.zeroed::<i32>(N);
    program.run(
        "library_ops",
        &[
            Arg::Buffer(&words),
            Arg::Buffer(&bits),
            Arg::Buffer(&vals_buffer),
            Arg::Buffer(&olds),
        ],
        CONTENDED,
    );
    let words = runtime.read::<i32>(&words);
    let total: i32 = vals.iter().sum();
    assert_eq!(words[0], 100_000 - total, "atomic_sub");
    assert_eq!(words[1], *vals.iter().min().unwrap(), "atomic_min");
    assert_eq!(words[2], *vals.iter().max().unwrap(), "atomic_max");
    assert_eq!(words[3], 50 - N as i32, "atomic_dec");
    for slot in 0..8 {
        let owner = words[4 + slot];
        assert!(
            owner >= 0 && owner as usize % 8 == slot,
            "slot {slot} holds {owner}, not a claimant"
        );
    }
    assert_eq!(words[12], 7, "atomic_xchg");
    // Every item set, cleared and toggled its bit N / 32 times.
    let bits = runtime.read::<u32>(&bits);
    let toggled = if (N / 32).is_multiple_of(2) {
        0
    } else {
        u32::MAX
    };
    assert_eq!(bits, vec![u32::MAX, 0, 0x0f0f_0f0f ^ toggled]);
    // The values atomic_sub returned, with the final value, are one chain.
    let olds = runtime.read::<i32>(&olds);
    let mut before: Vec<i32> = olds.iter().copied().chain([words[0]]).collect();
    let mut after: Vec<i32> = olds
        .iter()
        .zip(&vals)
        .map(|(o, v)| o - v)
        .chain([100_000])
        .collect();
    before.sort_unstable();
    after.sort_unstable();
    assert_eq!(
        before, after,
        "atomic_sub returned values do not form one chain"
    );
}

#[test]
fn gnu_forms() {
    let Some(runtime) = session(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("clang_atomics.cl"), "-cl-std=CL2.0");
    let words = runtime.buffer(&[0i32, -1, -1, -1, -1, 0, 0]);
    let news = runtime.zeroed::<i32>(N);
    let lock = runtime.zeroed::<i32>(1);
    let counter = runtime.zeroed::<i32>(1);
    program.run(
        "gnu_forms",
        &[
            Arg::Buffer(&words),
            Arg::Buffer(&news),
            Arg::Buffer(&lock),
            Arg::Buffer(&counter),
        ],
        CONTENDED,
    );
    let words = runtime.read::<i32>(&words);
    assert_eq!(words[0], 3 * N as i32, "__atomic_add_fetch total");
    // `__atomic_add_fetch` returns the new values: exactly 3, 6, …, 3N.
    let mut news = runtime.read::<i32>(&news);
    news.sort_unstable();
    let want: Vec<i32> = (1..=N as i32).map(|k| 3 * k).collect();
    assert_eq!(news, want, "__atomic_add_fetch returned values");
    assert_eq!(words[5], 0, "__atomic_load saw a value no store wrote");
    assert_eq!(words[6], 1, "lock-free queries");
    assert_eq!(
        runtime.read::<i32>(&counter)[0],
        (N / CONTENDED.local) as i32,
        "test-and-set lock"
    );
}

#[test]
fn sync_forms() {
    let Some(runtime) = session(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("clang_atomics.cl"), "-cl-std=CL2.0");
    let words = runtime.buffer(&[1i32, 0, 0, 0, 0, 0, 0, 0, 0]);
    let u = runtime.zeroed::<u32>(1);
    let olds = runtime.zeroed::<i32>(N);
    let lock = runtime.zeroed::<i32>(1);
    let counter = runtime.zeroed::<i32>(1);
    program.run(
        "sync_forms",
        &[
            Arg::Buffer(&words),
            Arg::Buffer(&u),
            Arg::Buffer(&olds),
            Arg::Buffer(&lock),
            Arg::Buffer(&counter),
        ],
        CONTENDED,
    );
    let words = runtime.read::<i32>(&words);
    assert_eq!(words[0], 1 + 2 * N as i32, "__sync_fetch_and_add");
    let mut olds = runtime.read::<i32>(&olds);
    olds.sort_unstable();
    let want: Vec<i32> = (0..N as i32).map(|k| 1 + 2 * k).collect();
    assert_eq!(olds, want, "__sync_fetch_and_add returned values");
    assert_eq!(words[1], -(N as i32), "__sync_sub_and_fetch");
    assert_eq!(words[2], -(N as i32 - 1), "__sync_fetch_and_min");
    assert_eq!(runtime.read::<u32>(&u)[0], (N as u32 - 1) * 3, "umax");
    for slot in 0..4 {
        let owner = words[3 + slot];
        assert!(
            owner >= 1 && (owner as usize - 1) % 4 == slot,
            "slot {slot} holds {owner}, not a claimant"
        );
    }
    assert_eq!(
        (words[7], words[8]),
        (1, 1),
        "one boolean compare-and-swap wins"
    );
    assert_eq!(
        runtime.read::<i32>(&counter)[0],
        (N / CONTENDED.local) as i32,
        "__sync_lock_test_and_set lock"
    );
}

#[test]
fn c11_and_opencl_forms() {
    let Some(runtime) = session(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("clang_atomics.cl"), "-cl-std=CL2.0");
    let a = runtime.buffer(&[0i32, i32::MIN, 0, 0, 11]);
    let olds = runtime.zeroed::<i32>(N);
    program.run(
        "c11_forms",
        &[Arg::Buffer(&a), Arg::Buffer(&olds)],
        CONTENDED,
    );
    let a = runtime.read::<i32>(&a);
    let xor = (0..N as i32).fold(0, |x, i| x ^ i);
    assert_eq!(a[0], 5 * N as i32, "__c11_atomic_fetch_add");
    assert_eq!(a[1], N as i32 - 1, "__c11_atomic_fetch_max");
    assert_eq!(a[2], xor, "__c11_atomic_fetch_xor");
    assert!(
        a[3] >= 1 && a[3] <= N as i32,
        "compare-exchange winner {}",
        a[3]
    );
    assert_eq!(a[4], 11, "load and store");
    let mut olds = runtime.read::<i32>(&olds);
    olds.sort_unstable();
    assert_eq!(olds, (0..N as i32).map(|k| 5 * k).collect::<Vec<_>>());

    let a = runtime.buffer(&[0i32, 0, 0, 0]);
    let u = runtime.buffer(&[0u32, u32::MAX]);
    let f = runtime.buffer(&[0.0f32]);
    let groups = N / CONTENDED.local;
    let counts = runtime.zeroed::<i32>(groups);
    program.run(
        "opencl_forms",
        &[
            Arg::Buffer(&a),
            Arg::Buffer(&u),
            Arg::Buffer(&f),
            Arg::Buffer(&counts),
        ],
        CONTENDED,
    );
    let a = runtime.read::<i32>(&a);
    assert_eq!(a, vec![N as i32, -(N as i32 - 1), N as i32, 9]);
    assert_eq!(runtime.read::<u32>(&u), vec![N as u32 - 1, 0]);
    // Sums of halves up to 2048 are exact in binary32.
    assert_eq!(runtime.read::<f32>(&f)[0], 0.5 * N as f32);
    assert_eq!(
        runtime.read::<i32>(&counts),
        vec![CONTENDED.local as i32; groups]
    );
}

#[test]
fn library_float_and_wide() {
    let Some(runtime) = session(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("clang_atomics.cl"), "-cl-std=CL2.0");
    let sum = runtime.buffer(&[0.0f32]);
    let wide = runtime.buffer(&[0i64, 0]);
    let uwide = runtime.buffer(&[0u64]);
    program.run(
        "library_wide",
        &[Arg::Buffer(&sum), Arg::Buffer(&wide), Arg::Buffer(&uwide)],
        CONTENDED,
    );
    // Sums of halves up to 2048 are exact in binary32: a lost update shows.
    assert_eq!(
        runtime.read::<f32>(&sum)[0],
        0.5 * N as f32,
        "float atomic_add"
    );
    let last = N as i64 - 1;
    assert_eq!(
        runtime.read::<i64>(&wide),
        vec![(N as i64) << 33, -last << 40],
        "64-bit atomic_add, atomic_min"
    );
    assert_eq!(runtime.read::<u64>(&uwide), vec![(last as u64) << 40]);
}

#[test]
fn nand_forms() {
    let Some(runtime) = session(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("clang_atomics.cl"), "-cl-std=CL2.0");
    let start: [u32; 7] = [0x1234_5678, 0x9abc_def0, 7, 0, 0xdead_beef, 0x00ff_00ff, 0];
    let words = runtime.buffer(&start);
    let wide_start = 0x0123_4567_89ab_cdef_u64;
    let wide = runtime.buffer(&[wide_start]);
    let c11_start = 0x5555_aaaa_u32;
    let c11 = runtime.buffer(&[c11_start]);
    let olds = runtime.zeroed::<u32>(6 * N);
    let wide_olds = runtime.zeroed::<u64>(N);
    // A run-time `memory_order_acq_rel` (4), dispatched by a switch.
    let order = 4i32;
    program.run(
        "nand_forms",
        &[
            Arg::Buffer(&words),
            Arg::Buffer(&wide),
            Arg::Buffer(&c11),
            Arg::Buffer(&olds),
            Arg::Buffer(&wide_olds),
            Arg::Int(order),
        ],
        CONTENDED,
    );
    // NAND with all ones complements: N complements (N even) restore each
    // word, and the values returned are the two states, N/2 each.
    assert!(N.is_multiple_of(2));
    let words = runtime.read::<u32>(&words);
    assert_eq!(&words[..5], &start[..5], "N complements restore each word");
    let olds = runtime.read::<u32>(&olds);
    for (k, name) in [
        "__atomic_fetch_nand",
        "__atomic_nand_fetch",
        "__sync_fetch_and_nand",
        "__sync_nand_and_fetch",
        "__atomic_fetch_nand (run-time order)",
        "__c11_atomic_fetch_nand",
    ]
    .into_iter()
    .enumerate()
    {
        let initial = if k == 5 { c11_start } else { start[k] };
        let seen: Vec<u32> = olds.iter().skip(k).step_by(6).copied().collect();
        let same = seen.iter().filter(|&&v| v == initial).count();
        let complemented = seen.iter().filter(|&&v| v == !initial).count();
        assert_eq!(
            (same, complemented),
            (N / 2, N / 2),
            "{name}: returned values are not alternate states of one word"
        );
    }
    assert_eq!(runtime.read::<u32>(&c11)[0], c11_start);
    let wide_olds = runtime.read::<u64>(&wide_olds);
    assert_eq!(
        wide_olds.iter().filter(|&&v| v == wide_start).count(),
        N / 2,
        "64-bit __atomic_fetch_nand"
    );
    assert_eq!(runtime.read::<u64>(&wide)[0], wide_start);
    // ~(0x00ff00ff & 0x0ff00ff0) = ~0x00f000f0.
    assert_eq!(
        (words[5], words[6]),
        (0xff0f_ff0f, 0xff0f_ff0f),
        "a NAND mask"
    );
}
