//! The OpenCL side of the execution tests: finds Intel's CPU OpenCL device,
//! builds programs from SPIR-V with `clCreateProgramWithIL`, moves buffers
//! and runs kernels, behind a small safe interface.
//!
//! The `opencl3` crate marks buffer creation, kernel arguments and enqueues
//! `unsafe` (the C API cannot check sizes or types). This is the only module
//! of the suite that calls them; it upholds their contracts by construction:
//! buffers are created from and read into Rust slices of exactly their
//! length, every argument is either a live buffer's `cl_mem` or a plain
//! scalar of the size the caller names (or the bytes of a struct the caller
//! lays out as the kernel declares it), and every enqueue is blocking.
#![allow(unsafe_code)] // opencl3's buffer, argument and enqueue calls are `unsafe fn`s.

use std::ffi::c_void;
use std::ptr;
use std::sync::OnceLock;

use opencl3::command_queue::CommandQueue;
use opencl3::context::Context;
use opencl3::device::{Device, CL_DEVICE_TYPE_CPU};
use opencl3::kernel::Kernel;
use opencl3::memory::{
    Buffer, ClMem, Image, Pipe, Sampler, CL_MEM_COPY_HOST_PTR, CL_MEM_READ_WRITE,
};
use opencl3::platform::get_platforms;
use opencl3::program::Program;
use opencl3::types::{cl_device_fp_config, CL_BLOCKING};

/// `CL_DEVICE_SINGLE_FP_ATOMIC_CAPABILITIES_EXT` from `cl_ext_float_atomics`.
const SINGLE_FP_ATOMIC_CAPABILITIES: u32 = 0x4231;

/// Capability bits of `CL_DEVICE_SINGLE_FP_ATOMIC_CAPABILITIES_EXT`.
pub mod fp_atomic {
    /// Atomic add and subtract on `global` floats.
    pub const GLOBAL_ADD: u64 = 1 << 1;
    /// Atomic min and max on `global` floats.
    pub const GLOBAL_MIN_MAX: u64 = 1 << 2;
    /// Atomic add and subtract on `local` floats.
    pub const LOCAL_ADD: u64 = 1 << 17;
    /// Atomic min and max on `local` floats.
    pub const LOCAL_MIN_MAX: u64 = 1 << 18;
}

/// The device, its context and what it reports about itself.
pub struct Runtime {
    device: Device,
    context: Context,
    /// `CL_DEVICE_NAME`, for messages.
    pub name: String,
    /// `CL_DEVICE_EXTENSIONS`, space separated.
    pub extensions: String,
    /// `CL_DEVICE_SINGLE_FP_ATOMIC_CAPABILITIES_EXT`, 0 when not reported.
    pub single_fp_atomic_capabilities: u64,
}

/// Finds the Intel CPU device once per process; `Err` says why there is none.
pub fn runtime() -> Result<&'static Runtime, String> {
    static RUNTIME: OnceLock<Result<Runtime, String>> = OnceLock::new();
    RUNTIME
        .get_or_init(find_intel_cpu)
        .as_ref()
        .map_err(Clone::clone)
}

fn find_intel_cpu() -> Result<Runtime, String> {
    let platforms = get_platforms().map_err(|e| {
        format!("no OpenCL platform (is an ICD loader, libOpenCL.so.1 or OPENCL_DYLIB_PATH, loadable?): {e}")
    })?;
    let mut seen = Vec::new();
    for platform in platforms {
        let Ok(ids) = platform.get_devices(CL_DEVICE_TYPE_CPU) else {
            continue;
        };
        for id in ids {
            let device = Device::new(id);
            let name = device.name().unwrap_or_default();
            let vendor = device.vendor().unwrap_or_default();
            let il = device.il_version().unwrap_or_default();
            if vendor.contains("Intel") && il.contains("SPIR-V") {
                return Runtime::new(device, name);
            }
            seen.push(format!("{name} ({vendor}, IL `{il}`)"));
        }
    }
    Err(format!(
        "no Intel CPU OpenCL device with SPIR-V support; CPU devices seen: [{}]",
        seen.join(", ")
    ))
}

impl Runtime {
    fn new(device: Device, name: String) -> Result<Self, String> {
        let context =
            Context::from_device(&device).map_err(|e| format!("clCreateContext failed: {e}"))?;
        let extensions = device.extensions().unwrap_or_default();
        let single_fp_atomic_capabilities = device
            .get_data(SINGLE_FP_ATOMIC_CAPABILITIES)
            .ok()
            .and_then(|bytes| <[u8; 8]>::try_from(bytes.as_slice()).ok())
            .map_or(0, cl_device_fp_config::from_ne_bytes);
        Ok(Self {
            device,
            context,
            name,
            extensions,
            single_fp_atomic_capabilities,
        })
    }

    /// Whether `CL_DEVICE_EXTENSIONS` lists `name`.
    pub fn has_extension(&self, name: &str) -> bool {
        self.extensions.split_whitespace().any(|e| e == name)
    }

    /// Creates a program from SPIR-V words and builds it with `options`.
    pub fn build(&self, words: &[u32], options: &str) -> Result<Built<'_>, String> {
        let il: Vec<u8> = words.iter().flat_map(|w| w.to_ne_bytes()).collect();
        let mut program = Program::create_from_il(&self.context, &il)
            .map_err(|e| format!("clCreateProgramWithIL failed: {e}"))?;
        if let Err(e) = program.build(&[self.device.id()], options) {
            let log = program.get_build_log(self.device.id()).unwrap_or_default();
            return Err(format!("clBuildProgram({options:?}) failed: {e}\n{log}"));
        }
        Ok(Built {
            runtime: self,
            program,
        })
    }

    /// Builds OpenCL C source with the runtime's own compiler (the
    /// reference of the differential tests).
    pub fn build_source(&self, source: &str, options: &str) -> Result<Built<'_>, String> {
        let mut program = Program::create_from_source(&self.context, source)
            .map_err(|e| format!("clCreateProgramWithSource failed: {e}"))?;
        if let Err(e) = program.build(&[self.device.id()], options) {
            let log = program.get_build_log(self.device.id()).unwrap_or_default();
            return Err(format!(
                "clBuildProgram({options:?}) from source failed: {e}\n{log}"
            ));
        }
        Ok(Built {
            runtime: self,
            program,
        })
    }

    /// A buffer holding a copy of `data`.
    pub fn buffer<T: Scalar>(&self, data: &[T]) -> DeviceBuffer {
        let mut bytes: Vec<u8> = data.iter().flat_map(|v| v.to_bytes()).collect();
        if bytes.is_empty() {
            bytes.push(0); // OpenCL rejects zero-sized buffers.
        }
        // SAFETY: the host pointer covers `bytes.len()` bytes and is only read
        // during the call (CL_MEM_COPY_HOST_PTR).
        let buffer = unsafe {
            Buffer::<u8>::create(
                &self.context,
                CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                bytes.len(),
                bytes.as_mut_ptr().cast::<c_void>(),
            )
        };
        DeviceBuffer {
            buffer: buffer.unwrap_or_else(|e| panic!("clCreateBuffer failed: {e}")),
            len: bytes.len(),
        }
    }

    /// A pipe of at most `max_packets` packets of `packet_size` bytes.
    pub fn pipe(&self, packet_size: u32, max_packets: u32) -> Pipe {
        // SAFETY: plain creation with the context's flags; no host memory.
        unsafe { Pipe::create(&self.context, CL_MEM_READ_WRITE, packet_size, max_packets) }
            .unwrap_or_else(|e| panic!("clCreatePipe failed: {e}"))
    }

    /// A buffer of `len` zeroed `T`s.
    pub fn zeroed<T: Scalar>(&self, len: usize) -> DeviceBuffer {
        self.buffer(&vec![T::default(); len])
    }

    /// Reads the whole buffer back as `T`s.
    pub fn read<T: Scalar>(&self, buffer: &DeviceBuffer) -> Vec<T> {
        let mut bytes = vec![0u8; buffer.len];
        let queue = self.queue();
        // SAFETY: blocking read of exactly the buffer's size into `bytes`.
        let read =
            unsafe { queue.enqueue_read_buffer(&buffer.buffer, CL_BLOCKING, 0, &mut bytes, &[]) };
        read.unwrap_or_else(|e| panic!("clEnqueueReadBuffer failed: {e}"));
        bytes.chunks_exact(T::SIZE).map(T::from_bytes).collect()
    }

    /// An image of `spec` holding a copy of `data` (tightly packed texels,
    /// rows then slices or layers).
    pub fn image(&self, spec: &ImageSpec, data: &[u8]) -> DeviceImage {
        assert_eq!(data.len(), spec.bytes(), "image data size");
        let format = opencl3::types::cl_image_format {
            image_channel_order: spec.order,
            image_channel_data_type: spec.data_type,
        };
        let desc = opencl3::types::cl_image_desc {
            image_type: spec.kind,
            image_width: spec.width,
            image_height: spec.height,
            image_depth: spec.depth,
            image_array_size: spec.layers,
            image_row_pitch: 0,
            image_slice_pitch: 0,
            num_mip_levels: 0,
            num_samples: 0,
            buffer: ptr::null_mut(),
        };
        let mut bytes = data.to_vec();
        // SAFETY: the format and description live across the call; the
        // host pointer covers exactly the image's bytes and is only read
        // during it (CL_MEM_COPY_HOST_PTR).
        let image = unsafe {
            Image::create(
                &self.context,
                CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                &format,
                &desc,
                bytes.as_mut_ptr().cast::<c_void>(),
            )
        };
        DeviceImage {
            image: image.unwrap_or_else(|e| panic!("clCreateImage({spec:?}) failed: {e}")),
            spec: *spec,
        }
    }

    /// Reads a whole image back.
    pub fn read_image(&self, image: &DeviceImage) -> Vec<u8> {
        let spec = &image.spec;
        let mut bytes = vec![0u8; spec.bytes()];
        let origin = [0usize; 3];
        let region = spec.region();
        let queue = self.queue();
        // SAFETY: blocking read of the whole image into a buffer of its
        // exact size; origin and region live across the call.
        let read = unsafe {
            queue.enqueue_read_image(
                &image.image,
                CL_BLOCKING,
                origin.as_ptr(),
                region.as_ptr(),
                0,
                0,
                bytes.as_mut_ptr().cast::<c_void>(),
                &[],
            )
        };
        read.unwrap_or_else(|e| panic!("clEnqueueReadImage failed: {e}"));
        bytes
    }

    /// A sampler object (`normalized`, `CL_ADDRESS_*`, `CL_FILTER_*`).
    pub fn sampler(&self, normalized: bool, addressing: u32, filter: u32) -> Sampler {
        Sampler::create(&self.context, u32::from(normalized), addressing, filter)
            .unwrap_or_else(|e| panic!("clCreateSampler failed: {e}"))
    }

    fn queue(&self) -> CommandQueue {
        CommandQueue::create_default_with_properties(&self.context, 0, 0)
            .unwrap_or_else(|e| panic!("clCreateCommandQueueWithProperties failed: {e}"))
    }
}

/// A built program.
pub struct Built<'r> {
    runtime: &'r Runtime,
    program: Program,
}

/// One kernel argument.
#[derive(Clone, Copy)]
pub enum Arg<'a> {
    /// A `global` buffer.
    Buffer(&'a DeviceBuffer),
    /// An `int` or `memory_order`/`memory_scope` value.
    Int(i32),
    /// A struct or union passed by value: its bytes, laid out as the
    /// device lays the type out.
    Bytes(&'a [u8]),
    /// A `local` pointer argument: the size of the allocation in bytes.
    Local(usize),
    /// An image.
    Image(&'a DeviceImage),
    /// A sampler object.
    Sampler(&'a Sampler),
    /// A pipe object.
    Pipe(&'a Pipe),
}

/// The shape and format of an image.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ImageSpec {
    /// `CL_MEM_OBJECT_IMAGE2D`, ...
    pub kind: u32,
    /// `CL_RGBA`, ...
    pub order: u32,
    /// `CL_FLOAT`, ...
    pub data_type: u32,
    /// Bytes per texel.
    pub texel_bytes: usize,
    /// Width in texels.
    pub width: usize,
    /// Height (1 for 1D images).
    pub height: usize,
    /// Depth (1 unless 3D).
    pub depth: usize,
    /// Layers of an array image (0 otherwise).
    pub layers: usize,
}

impl ImageSpec {
    /// The whole image's size in bytes.
    pub fn bytes(&self) -> usize {
        self.region().iter().product::<usize>() * self.texel_bytes
    }

    /// The region `clEnqueueReadImage` reads for the whole image.
    fn region(&self) -> [usize; 3] {
        use opencl3::memory::{CL_MEM_OBJECT_IMAGE1D_ARRAY, CL_MEM_OBJECT_IMAGE2D_ARRAY};
        match self.kind {
            CL_MEM_OBJECT_IMAGE1D_ARRAY => [self.width, self.layers, 1],
            CL_MEM_OBJECT_IMAGE2D_ARRAY => [self.width, self.height, self.layers],
            _ => [self.width, self.height.max(1), self.depth.max(1)],
        }
    }
}

/// A device image created by [`Runtime::image`].
pub struct DeviceImage {
    image: Image,
    spec: ImageSpec,
}

/// The shape of an NDRange launch (one dimension).
#[derive(Clone, Copy, Debug)]
pub struct Range {
    /// Global size.
    pub global: usize,
    /// Work-group size.
    pub local: usize,
}

impl Built<'_> {
    /// The program's kernels, sorted by name.
    pub fn kernel_names(&self) -> Vec<String> {
        let names = self.program.get_kernel_names().unwrap_or_default();
        let mut names: Vec<String> = names
            .split(';')
            .filter(|n| !n.is_empty())
            .map(str::to_string)
            .collect();
        names.sort();
        names
    }

    /// Runs kernel `name` over `range` with `args` and waits for it.
    pub fn run(&self, name: &str, args: &[Arg<'_>], range: Range) {
        self.run_nd(name, args, &[range.global], &[range.local]);
    }

    /// Runs kernel `name` over a 2-D range and waits for it.
    pub fn run_2d(&self, name: &str, args: &[Arg<'_>], global: [usize; 2], local: [usize; 2]) {
        self.run_nd(name, args, &global, &local);
    }

    fn run_nd(&self, name: &str, args: &[Arg<'_>], global: &[usize], local: &[usize]) {
        let kernel = Kernel::create(&self.program, name)
            .unwrap_or_else(|e| panic!("clCreateKernel({name}) failed: {e}"));
        for (index, arg) in (0u32..).zip(args) {
            // SAFETY: each value has exactly the size of the OpenCL C
            // parameter type it is declared for; buffers outlive the launch
            // because the enqueue below is waited for.
            let set = unsafe {
                match arg {
                    Arg::Buffer(buffer) => kernel.set_arg(index, &buffer.buffer.get()),
                    Arg::Int(value) => kernel.set_arg(index, value),
                    Arg::Bytes(bytes) => opencl3::kernel::set_kernel_arg(
                        kernel.get(),
                        index,
                        bytes.len(),
                        bytes.as_ptr().cast::<c_void>(),
                    )
                    .map_err(Into::into),
                    Arg::Local(size) => kernel.set_arg_local_buffer(index, *size),
                    Arg::Image(image) => kernel.set_arg(index, &image.image.get()),
                    Arg::Sampler(sampler) => kernel.set_arg(index, &sampler.get()),
                    Arg::Pipe(pipe) => kernel.set_arg(index, &pipe.get()),
                }
            };
            set.unwrap_or_else(|e| panic!("clSetKernelArg({name}, {index}) failed: {e}"));
        }
        let queue = self.runtime.queue();
        assert_eq!(global.len(), local.len(), "NDRange dimensions");
        // SAFETY: both size arrays have `global.len()` entries and live
        // across the call.
        let event = unsafe {
            queue.enqueue_nd_range_kernel(
                kernel.get(),
                global.len() as u32,
                ptr::null(),
                global.as_ptr(),
                local.as_ptr(),
                &[],
            )
        };
        let event = event.unwrap_or_else(|e| panic!("clEnqueueNDRangeKernel({name}) failed: {e}"));
        event
            .wait()
            .unwrap_or_else(|e| panic!("kernel {name} did not complete: {e}"));
    }
}

/// A device buffer created by [`Runtime::buffer`].
pub struct DeviceBuffer {
    buffer: Buffer<u8>,
    len: usize,
}

/// Plain scalar types that move between host and device byte for byte.
pub trait Scalar: Copy + Default {
    /// Size in bytes.
    const SIZE: usize;
    /// Native-endian bytes.
    fn to_bytes(self) -> Vec<u8>;
    /// From `SIZE` native-endian bytes.
    fn from_bytes(bytes: &[u8]) -> Self;
}

macro_rules! impl_scalar {
    ($($t:ty),*) => {$(
        impl Scalar for $t {
            const SIZE: usize = std::mem::size_of::<$t>();
            fn to_bytes(self) -> Vec<u8> {
                self.to_ne_bytes().to_vec()
            }
            fn from_bytes(bytes: &[u8]) -> Self {
                let mut raw = [0u8; std::mem::size_of::<$t>()];
                raw.copy_from_slice(bytes);
                <$t>::from_ne_bytes(raw)
            }
        }
    )*};
}
impl_scalar!(u8, i16, u16, i32, u32, i64, u64, f32);
