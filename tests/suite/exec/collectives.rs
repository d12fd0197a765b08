//! Work-group collectives (`tests/exec/collectives.cl`): reductions, scans,
//! all/any and broadcast per work-group, checked against the host.

use super::{build, fixture, runtime_for, Arg, Range};

#[test]
fn reductions_scans_and_votes() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("collectives.cl"), "-cl-std=CL2.0");
    let range = Range {
        global: 256,
        local: 64,
    };
    let (n, groups) = (range.global, range.global / range.local);
    let values: Vec<i32> = (0..n as i32).map(|i| (i * 7919 % 201) - 100).collect();
    let (input, sums, scans, fsums, flags) = (
        runtime.buffer(&values),
        runtime.zeroed::<i32>(groups * 4),
        runtime.zeroed::<i32>(n * 2),
        runtime.zeroed::<f32>(groups),
        runtime.zeroed::<u32>(groups + n),
    );
    program.run(
        "block_stats",
        &[
            Arg::Buffer(&input),
            Arg::Buffer(&sums),
            Arg::Buffer(&scans),
            Arg::Buffer(&fsums),
            Arg::Buffer(&flags),
        ],
        range,
    );
    let (got_sums, got_scans, got_f, got_flags) = (
        runtime.read::<i32>(&sums),
        runtime.read::<i32>(&scans),
        runtime.read::<f32>(&fsums),
        runtime.read::<u32>(&flags),
    );
    for g in 0..groups {
        let block = &values[g * range.local..(g + 1) * range.local];
        let total: i32 = block.iter().sum();
        let want = [
            total,
            *block.iter().min().unwrap(),
            block.iter().map(|&x| x as u32).max().unwrap() as i32,
            block[3],
        ];
        assert_eq!(&got_sums[g * 4..g * 4 + 4], &want, "group {g}");
        assert_eq!(got_f[g], total as f32 * 0.5, "float sum of group {g}");
        let any7 = block.contains(&7);
        assert_eq!(
            got_flags[g],
            1 + 2 * u32::from(any7),
            "all/any of group {g}"
        );
        let mut offset = 0;
        let mut running = i32::MIN;
        let any_keep = block.iter().any(|x| x % 3 == 0);
        for (l, &x) in block.iter().enumerate() {
            let i = g * range.local + l;
            running = running.max(x);
            assert_eq!(
                (got_scans[i * 2], got_scans[i * 2 + 1]),
                (offset, running),
                "scans at {i}"
            );
            offset += i32::from(x % 3 == 0);
            assert_eq!(got_flags[groups + i], u32::from(any_keep), "any at {i}");
        }
    }
}

#[test]
fn async_copies_through_local_tiles() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("collectives.cl"), "-cl-std=CL2.0");
    let range = Range {
        global: 64,
        local: 16,
    };
    let (n, groups) = (range.local, range.global / range.local);
    let src: Vec<f32> = (0..range.global).map(|i| i as f32 * 1.5 - 7.0).collect();
    let (input, dst, column) = (
        runtime.buffer(&src),
        runtime.zeroed::<f32>(range.global),
        runtime.zeroed::<f32>(range.global),
    );
    program.run(
        "tiles",
        &[
            Arg::Buffer(&input),
            Arg::Buffer(&dst),
            Arg::Buffer(&column),
            Arg::Local(n * 4),
            Arg::Local(n * 4),
            Arg::Int(groups as i32),
        ],
        range,
    );
    let (got, got_column) = (runtime.read::<f32>(&dst), runtime.read::<f32>(&column));
    for g in 0..groups {
        for l in 0..n {
            let col = src[g + l * groups];
            assert_eq!(got_column[g * n + l], col, "gathered column {g}, {l}");
            assert_eq!(got[g * n + l], src[g * n + l] * 2.0 + col, "tile {g}, {l}");
        }
    }
}

#[test]
fn sub_group_ids_and_collectives_agree() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    // OpenCL 3.0 devices report sub-groups as the `__opencl_c_subgroups`
    // feature, not necessarily as the extension (Intel's CPU runtime).
    let program = build(&runtime, fixture!("collectives.cl"), "-cl-std=CL3.0");
    let range = Range {
        global: 128,
        local: 32,
    };
    let out = runtime.zeroed::<u32>(range.global * 6);
    program.run("sub_groups", &[Arg::Buffer(&out)], range);
    let got = runtime.read::<u32>(&out);
    for gid in 0..range.global {
        let row = &got[gid * 6..gid * 6 + 6];
        let (lane, group, size) = (row[0], row[1], row[2]);
        let max = row[3] / 1000;
        let num = row[5] / 1_000_000;
        assert!(size >= 1 && size <= max && lane < size, "{gid}: {row:?}");
        assert_eq!(
            row[3] % 1000,
            size,
            "{gid}: reduce_add(1) is the sub-group size"
        );
        assert_eq!(row[4], lane, "{gid}: scan_exclusive_add(1) is the lane");
        // Lanes of one sub-group are consecutive local ids.
        let local = gid % range.local;
        assert_eq!(local as u32, group * max + lane, "{gid}: {row:?}");
        assert_eq!(
            row[5] % 100_000,
            (gid as u32) - lane,
            "{gid}: broadcast of lane 0"
        );
        assert_eq!((row[5] / 100_000) % 10, 1, "{gid}: sub_group_all");
        assert_eq!(
            num,
            (range.local as u32).div_ceil(max),
            "{gid}: number of sub-groups"
        );
    }
}
