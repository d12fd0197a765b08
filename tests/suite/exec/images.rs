//! Images and samplers (`tests/exec/images.cl`) on the runtime: real
//! images of several types and channel formats, created and read back by
//! the host, with sampled reads in each addressing and filter mode, a
//! `read_write` image updated in place behind an image fence, and the
//! queries.

use opencl3::memory::{
    CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_LINEAR, CL_FILTER_NEAREST, CL_MEM_OBJECT_IMAGE1D,
    CL_MEM_OBJECT_IMAGE2D, CL_MEM_OBJECT_IMAGE2D_ARRAY, CL_MEM_OBJECT_IMAGE3D,
};
use opencl3::memory::{
    CL_DEPTH, CL_FLOAT, CL_R, CL_RGBA, CL_SIGNED_INT32, CL_UNORM_INT8, CL_UNSIGNED_INT32,
};

use super::device::ImageSpec;
use super::{build, fixture, runtime_for, Arg, Range, SINGLE};

const OPTIONS: &str = "-cl-std=CL3.0";

fn spec2d(
    order: u32,
    data_type: u32,
    texel_bytes: usize,
    width: usize,
    height: usize,
) -> ImageSpec {
    ImageSpec {
        kind: CL_MEM_OBJECT_IMAGE2D,
        order,
        data_type,
        texel_bytes,
        width,
        height,
        depth: 1,
        layers: 0,
    }
}

fn f32_bytes(values: &[f32]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_ne_bytes()).collect()
}

fn f32s(bytes: &[u8]) -> Vec<f32> {
    bytes
        .chunks_exact(4)
        .map(|c| f32::from_ne_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

fn range(n: usize) -> Range {
    Range {
        global: n,
        local: 1,
    }
}

/// An RGBA float test image: texel (x, y) = (x, y, x + 10y, 1).
fn ramp(width: usize, height: usize) -> Vec<f32> {
    let mut texels = Vec::new();
    for y in 0..height {
        for x in 0..width {
            texels.extend([x as f32, y as f32, (x + 10 * y) as f32, 1.0]);
        }
    }
    texels
}

#[test]
fn box_filter_with_a_program_scope_sampler() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("images.cl"), OPTIONS);
    let (w, h) = (7usize, 5usize);
    let spec = spec2d(CL_RGBA, CL_FLOAT, 16, w, h);
    let texels = ramp(w, h);
    let src = runtime.image(&spec, &f32_bytes(&texels));
    let dst = runtime.image(&spec, &vec![0; spec.bytes()]);
    program.run(
        "box_filter",
        &[Arg::Image(&src), Arg::Image(&dst)],
        range(w * h),
    );
    let got = f32s(&runtime.read_image(&dst));
    for y in 0..h as i64 {
        for x in 0..w as i64 {
            for c in 0..4 {
                let mut sum = 0.0f32;
                for dy in -1..=1 {
                    for dx in -1..=1 {
                        let sx = (x + dx).clamp(0, w as i64 - 1) as usize;
                        let sy = (y + dy).clamp(0, h as i64 - 1) as usize;
                        sum += texels[(sy * w + sx) * 4 + c];
                    }
                }
                let at = (y as usize * w + x as usize) * 4 + c;
                assert!(
                    (got[at] - sum / 9.0).abs() < 1e-4,
                    "({x},{y}).{c}: {}",
                    got[at]
                );
            }
        }
    }
}

#[test]
fn sampler_arguments_filter_nearest_and_linear() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("images_sampled.cl"), OPTIONS);
    let (w, h) = (4usize, 4usize);
    let spec = spec2d(CL_RGBA, CL_FLOAT, 16, w, h);
    let texels = ramp(w, h);
    let src = runtime.image(&spec, &f32_bytes(&texels));
    // Unnormalized coordinates: texel centres, and a point halfway
    // between (1, 1) and (2, 1).
    let coords = [0.5f32, 0.5, 2.5, 1.5, 2.0, 1.5];
    let coord_buffer = runtime.buffer(&coords);
    let out = runtime.zeroed::<f32>(12);
    let nearest = runtime.sampler(false, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_NEAREST);
    program.run(
        "sample",
        &[
            Arg::Image(&src),
            Arg::Sampler(&nearest),
            Arg::Buffer(&coord_buffer),
            Arg::Buffer(&out),
        ],
        range(3),
    );
    let got = runtime.read::<f32>(&out);
    assert_eq!(&got[0..4], &[0.0, 0.0, 0.0, 1.0]);
    assert_eq!(&got[4..8], &[2.0, 1.0, 12.0, 1.0]);
    assert_eq!(
        &got[8..12],
        &[2.0, 1.0, 12.0, 1.0],
        "(2.0, 1.5) is texel 2 when nearest"
    );
    let linear = runtime.sampler(false, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_LINEAR);
    program.run(
        "sample",
        &[
            Arg::Image(&src),
            Arg::Sampler(&linear),
            Arg::Buffer(&coord_buffer),
            Arg::Buffer(&out),
        ],
        range(3),
    );
    let got = runtime.read::<f32>(&out);
    // Linear at a texel centre is the texel; at x = 2.0 the average of
    // texels 1 and 2.
    assert_eq!(&got[0..4], &[0.0, 0.0, 0.0, 1.0]);
    for (c, want) in [1.5f32, 1.0, 11.5, 1.0].iter().enumerate() {
        assert!(
            (got[8 + c] - want).abs() < 1e-2,
            "linear .{c}: {}",
            got[8 + c]
        );
    }
}

#[test]
fn literal_samplers_of_every_addressing_mode() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("images.cl"), OPTIONS);
    let (w, h) = (4usize, 2usize);
    let spec = spec2d(CL_RGBA, CL_FLOAT, 16, w, h);
    let texels = ramp(w, h);
    let src = runtime.image(&spec, &f32_bytes(&texels));
    let out = runtime.zeroed::<f32>(20);
    program.run("addressing", &[Arg::Image(&src), Arg::Buffer(&out)], SINGLE);
    let got = runtime.read::<f32>(&out);
    assert_eq!(
        &got[0..4],
        &[0.0, 0.0, 0.0, 0.0],
        "clamp: the border colour"
    );
    assert_eq!(
        &got[4..8],
        &[3.0, 0.0, 3.0, 1.0],
        "clamp to edge: the last texel"
    );
    assert_eq!(
        &got[8..12],
        &[1.0, 1.0, 11.0, 1.0],
        "none, inside the image"
    );
    assert_eq!(
        &got[12..16],
        &[0.0, 0.0, 0.0, 1.0],
        "repeat wraps to texel 0"
    );
    assert_eq!(
        &got[16..20],
        &[3.0, 0.0, 3.0, 1.0],
        "mirrored repeat reflects to texel 3"
    );
}

#[test]
fn read_write_image_sees_its_own_write_after_an_image_fence() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("images.cl"), OPTIONS);
    let (w, h) = (5usize, 3usize);
    let spec = spec2d(CL_RGBA, CL_UNSIGNED_INT32, 16, w, h);
    let start: Vec<u32> = (0..(w * h * 4) as u32).collect();
    let bytes: Vec<u8> = start.iter().flat_map(|v| v.to_ne_bytes()).collect();
    let img = runtime.image(&spec, &bytes);
    let seen = runtime.zeroed::<u32>(w * h);
    program.run(
        "increment",
        &[Arg::Image(&img), Arg::Buffer(&seen)],
        range(w * h),
    );
    let after: Vec<u32> = runtime
        .read_image(&img)
        .chunks_exact(4)
        .map(|c| u32::from_ne_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let want: Vec<u32> = start
        .iter()
        .enumerate()
        .map(|(i, v)| v + 1 + (i % 4) as u32)
        .collect();
    assert_eq!(after, want);
    let seen = runtime.read::<u32>(&seen);
    for (i, &s) in seen.iter().enumerate() {
        assert_eq!(s, start[4 * i + 3] + 4, "texel {i} read back its own write");
    }
}

#[test]
fn queries_3d_array_and_1d_images() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("images.cl"), OPTIONS);
    let a_spec = spec2d(CL_R, CL_UNORM_INT8, 1, 6, 3);
    let a = runtime.image(&a_spec, &[0u8; 18]);
    let vol_spec = ImageSpec {
        kind: CL_MEM_OBJECT_IMAGE3D,
        order: CL_RGBA,
        data_type: CL_FLOAT,
        texel_bytes: 16,
        width: 4,
        height: 3,
        depth: 5,
        layers: 0,
    };
    let vol_texels: Vec<f32> = (0..4 * 3 * 5 * 4).map(|v| v as f32).collect();
    let vol = runtime.image(&vol_spec, &f32_bytes(&vol_texels));
    let layer_spec = ImageSpec {
        kind: CL_MEM_OBJECT_IMAGE2D_ARRAY,
        order: CL_RGBA,
        data_type: CL_SIGNED_INT32,
        texel_bytes: 16,
        width: 4,
        height: 2,
        depth: 1,
        layers: 3,
    };
    let layer_values: Vec<i32> = (0..4 * 2 * 3 * 4).map(|v| -v).collect();
    let layers = runtime.image(
        &layer_spec,
        &layer_values
            .iter()
            .flat_map(|v| v.to_ne_bytes())
            .collect::<Vec<u8>>(),
    );
    let out = runtime.zeroed::<i32>(12);
    program.run(
        "queries",
        &[
            Arg::Image(&a),
            Arg::Image(&vol),
            Arg::Image(&layers),
            Arg::Buffer(&out),
        ],
        SINGLE,
    );
    let got = runtime.read::<i32>(&out);
    assert_eq!(
        got,
        [
            6,
            3,
            CL_UNORM_INT8 as i32,
            CL_R as i32,
            4,
            3,
            5,
            0,
            5,
            3,
            CL_FLOAT as i32,
            CL_RGBA as i32
        ]
    );
    let line_spec = ImageSpec {
        kind: CL_MEM_OBJECT_IMAGE1D,
        order: CL_RGBA,
        data_type: CL_FLOAT,
        texel_bytes: 16,
        width: 4,
        height: 1,
        depth: 1,
        layers: 0,
    };
    let line = runtime.image(&line_spec, &[0u8; 64]);
    program.run(
        "volumes",
        &[Arg::Image(&vol), Arg::Image(&layers), Arg::Image(&line)],
        range(4),
    );
    let got = f32s(&runtime.read_image(&line));
    for x in 0..4usize {
        for c in 0..4usize {
            let v = vol_texels[((2 * 3 + 1) * 4 + x) * 4 + c];
            let l = layer_values[((4 * 2) + x) * 4 + c] as f32;
            assert_eq!(got[x * 4 + c], v + l, "texel {x}.{c}");
        }
    }
}

#[test]
fn unorm8_images_round_trip() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("images.cl"), OPTIONS);
    let (w, h) = (8usize, 4usize);
    let spec = spec2d(CL_RGBA, CL_UNORM_INT8, 4, w, h);
    let data: Vec<u8> = (0..w * h * 4).map(|i| (i * 7 % 256) as u8).collect();
    let src = runtime.image(&spec, &data);
    let dst = runtime.image(&spec, &vec![0; spec.bytes()]);
    program.run(
        "invert",
        &[Arg::Image(&src), Arg::Image(&dst)],
        range(w * h),
    );
    let got = runtime.read_image(&dst);
    let want: Vec<u8> = data.iter().map(|v| 255 - v).collect();
    assert_eq!(got, want);
}

#[test]
fn depth_images_read_with_and_without_a_sampler() {
    let Some(runtime) = runtime_for(test_name!()) else {
        return;
    };
    let program = build(&runtime, fixture!("images.cl"), OPTIONS);
    let (w, h) = (4usize, 3usize);
    let depths: Vec<f32> = (0..w * h).map(|i| i as f32 / 16.0).collect();
    let depth = runtime.image(&spec2d(CL_DEPTH, CL_FLOAT, 4, w, h), &f32_bytes(&depths));
    let out = runtime.image(&spec2d(CL_RGBA, CL_FLOAT, 16, w, h), &vec![0u8; w * h * 16]);
    program.run(
        "depth_reads",
        &[Arg::Image(&depth), Arg::Image(&out)],
        range(w * h),
    );
    let texels = f32s(&runtime.read_image(&out));
    for (i, texel) in texels.chunks_exact(4).enumerate() {
        let (x, y) = (i % w, i / w);
        let right = depths[y * w + (x + 1).min(w - 1)];
        assert_eq!(
            texel,
            [depths[i], right, depths[i] * 2.0, 1.0],
            "texel ({x}, {y})"
        );
    }
}
