//! Structs and unions passed by value (`tests/exec/struct_args.cl`): kernel
//! arguments of several layouts — arrays inside, `char` members followed
//! by padding, `long` members, nested structs, a union — set from host
//! bytes, and helper functions that receive (and modify) their own copy.
//! Every field is written back and checked.

use super::{build, fixture, runtime_for, Arg, Range, SINGLE};

/// Bytes of a kernel argument, filled at explicit offsets (the layout the
/// device uses: C's natural alignment).
struct Layout(Vec<u8>);

impl Layout {
    fn new(size: usize) -> Self {
        Self(vec![0xcd; size])
    }

    fn put(&mut self, offset: usize, bytes: &[u8]) -> &mut Self {
        self.0[offset..offset + bytes.len()].copy_from_slice(bytes);
        self
    }
}

#[test]
fn strided_view_struct() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("struct_args.cl"), "-cl-std=CL2.0");
    // A 2x3x4x5 view, transposed in its last two dimensions, at offset 7.
    let dims = [2u64, 3, 4, 5];
    let strides = [60u64, 20, 1, 4];
    let offset = 7u64;
    let mut shape = Layout::new(72);
    for d in 0..4 {
        shape.put(8 * d, &dims[d].to_ne_bytes());
        shape.put(32 + 8 * d, &strides[d].to_ne_bytes());
    }
    shape.put(64, &offset.to_ne_bytes());
    let n: u64 = dims.iter().product();
    let src: Vec<f32> = (0..n + offset).map(|v| v as f32).collect();
    let src_buffer = runtime.buffer(&src);
    let dst = runtime.zeroed::<f32>(n as usize);
    program.run(
        "gather",
        &[
            Arg::Buffer(&src_buffer),
            Arg::Buffer(&dst),
            Arg::Bytes(&shape.0),
        ],
        Range {
            global: n as usize,
            local: 4,
        },
    );
    let want: Vec<f32> = (0..n)
        .map(|i| {
            let mut at = offset;
            let mut rest = i;
            for d in (0..4).rev() {
                at += (rest % dims[d]) * strides[d];
                rest /= dims[d];
            }
            src[at as usize]
        })
        .collect();
    assert_eq!(runtime.read::<f32>(&dst), want);
}

#[test]
fn mixed_members_and_padding() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("struct_args.cl"), "-cl-std=CL2.0");
    // char @0, int @4, char @8, long @16, short[3] @24; size 32.
    let mut mixed = Layout::new(32);
    mixed
        .put(0, &(-5i8).to_ne_bytes())
        .put(4, &123_456_789i32.to_ne_bytes())
        .put(8, &77i8.to_ne_bytes())
        .put(16, &(-0x1234_5678_9abc_i64).to_ne_bytes())
        .put(24, &(-300i16).to_ne_bytes())
        .put(26, &301i16.to_ne_bytes())
        .put(28, &32_767i16.to_ne_bytes());
    let out = runtime.zeroed::<i64>(7);
    program.run(
        "echo_mixed",
        &[Arg::Buffer(&out), Arg::Bytes(&mixed.0)],
        SINGLE,
    );
    assert_eq!(
        runtime.read::<i64>(&out),
        vec![-5, 123_456_789, 77, -0x1234_5678_9abc, -300, 301, 32_767]
    );
}

#[test]
fn nested_struct_union_and_helper_copy() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("struct_args.cl"), "-cl-std=CL2.0");
    // Box { Point lo; Point hi; uint id; }: 20 bytes; Word: 4 bytes.
    let mut boxed = Layout::new(20);
    for (i, v) in [1.0f32, 2.0, 4.0, 7.0].iter().enumerate() {
        boxed.put(4 * i, &v.to_ne_bytes());
    }
    boxed.put(16, &42u32.to_ne_bytes());
    let word = 1.5f32.to_bits().to_ne_bytes();
    let out = runtime.zeroed::<f32>(4);
    program.run(
        "boxes",
        &[Arg::Buffer(&out), Arg::Bytes(&boxed.0), Arg::Bytes(&word)],
        SINGLE,
    );
    // Scaled copy: hi = (8, 14), area (8-1)*(14-2) = 84; original 3*5 = 15.
    assert_eq!(runtime.read::<f32>(&out), vec![84.0, 15.0, 42.0, 1.5]);
}

#[test]
fn packed_structs_in_buffers() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    let program = build(&runtime, super::fixture!("packed.cl"), "-cl-std=CL2.0");
    let n = 5usize;
    let mut records = Vec::new();
    let mut samples = Vec::new();
    for i in 0..n as i32 {
        records.push((i as i8) * 3);
        records.extend((1000 * i).to_ne_bytes().iter().map(|&b| b as i8));
        records.extend((-(i as i16)).to_ne_bytes().iter().map(|&b| b as i8));
        samples.push(i as i8);
        samples.extend(
            (2.5f64 * f64::from(i))
                .to_ne_bytes()
                .iter()
                .map(|&b| b as i8),
        );
    }
    let record_bytes: Vec<u8> = records.iter().map(|&b| b as u8).collect();
    let sample_bytes: Vec<u8> = samples.iter().map(|&b| b as u8).collect();
    let in_buffer = runtime.buffer(&record_bytes);
    let sample_buffer = runtime.buffer(&sample_bytes);
    let out = runtime.zeroed::<i32>(3 * n);
    program.run(
        "decode",
        &[
            Arg::Buffer(&in_buffer),
            Arg::Buffer(&sample_buffer),
            Arg::Buffer(&out),
        ],
        Range {
            global: n,
            local: 1,
        },
    );
    let got = runtime.read::<i32>(&out);
    for i in 0..n as i32 {
        let row = &got[3 * i as usize..3 * i as usize + 3];
        assert_eq!(
            row,
            [1000 * i - i, 3 * i + i, (2.5 * f64::from(i)) as i32 + 79],
            "record {i}"
        );
    }
}

#[test]
fn over_aligned_structs_in_buffers() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    let program = build(&runtime, super::fixture!("packed.cl"), "-cl-std=CL2.0");
    let n = 4usize;
    // point: x, y, z, padding; vertex: colour (4 floats), point (4 floats).
    let points: Vec<f32> = (0..n)
        .flat_map(|i| [i as f32, 10.0 * i as f32, 100.0 * i as f32, -1.0])
        .collect();
    let vertices: Vec<f32> = (0..n)
        .flat_map(|i| {
            let f = i as f32;
            [0.0, 0.0, 0.0, f, 0.0, 0.0, 2.0 * f, -1.0]
        })
        .collect();
    let point_buffer = runtime.buffer(&points);
    let vertex_buffer = runtime.buffer(&vertices);
    let out = runtime.zeroed::<f32>(3 * n);
    program.run(
        "points",
        &[
            Arg::Buffer(&point_buffer),
            Arg::Buffer(&vertex_buffer),
            Arg::Buffer(&out),
        ],
        Range {
            global: n,
            local: 1,
        },
    );
    let got = runtime.read::<f32>(&out);
    for i in 0..n {
        let f = i as f32;
        assert_eq!(
            &got[3 * i..3 * i + 3],
            [111.0 * f, 3.0 * f, 1632.0],
            "element {i}"
        );
    }
}
