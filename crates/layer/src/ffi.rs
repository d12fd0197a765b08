//! The C side of the layer: the entry points the ICD loader looks up
//! (`clGetLayerInfo`, `clInitLayer`, `clInitLayerWithProperties`,
//! `clDeinitLayer`), the intercepted OpenCL functions of the layer's
//! dispatch table, and [`Next`], the [`Driver`] over the next dispatch
//! table. The only module of the crate allowed `unsafe`.
//!
//! Every intercepted function runs the layer's part inside
//! `catch_unwind`; a panic is logged and the call is forwarded to the next
//! table with the application's arguments, untouched.
#![allow(unsafe_code)]

use crate::build::{self, Action, Answer};
use crate::driver::{Context, Device, Driver, Kernel, Program, Status};
use crate::state;
use opencl_sys::cl_icd::cl_icd_dispatch;
use opencl_sys::cl_layer::{
    cl_layer_info, cl_layer_properties, CL_LAYER_API_VERSION, CL_LAYER_API_VERSION_100,
    CL_LAYER_NAME,
};
use opencl_sys::{
    cl_context, cl_device_id, cl_int, cl_kernel, cl_kernel_arg_info, cl_kernel_info, cl_program,
    cl_program_build_info, cl_program_info, cl_uint, CL_INVALID_OPERATION, CL_INVALID_VALUE,
    CL_KERNEL_ARG_INFO_NOT_AVAILABLE, CL_KERNEL_FUNCTION_NAME, CL_KERNEL_PROGRAM,
    CL_KERNEL_REFERENCE_COUNT, CL_PROGRAM_REFERENCE_COUNT, CL_SUCCESS,
};
use std::ffi::{c_char, c_void, CStr, CString};
use std::mem::size_of;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::ptr::null_mut;
use std::sync::OnceLock;

/// The next layer's (or the loader's) table, as given at initialisation.
static NEXT: OnceLock<cl_icd_dispatch> = OnceLock::new();
/// The table the layer hands to the loader: the next one with the
/// intercepted entries replaced.
static LAYER: OnceLock<cl_icd_dispatch> = OnceLock::new();

/// Number of entries of the dispatch table this crate knows.
const ENTRIES: usize = size_of::<cl_icd_dispatch>() / size_of::<usize>();

type BuildNotify = Option<unsafe extern "C" fn(program: cl_program, user_data: *mut c_void)>;

/// `clGetLayerInfo`: the layer API version (100) and the layer's name.
///
/// # Safety
/// `param_value` must have `param_value_size` writable bytes (or be null),
/// `param_value_size_ret` must be writable (or null).
#[no_mangle]
pub unsafe extern "C" fn clGetLayerInfo(
    param_name: cl_layer_info,
    param_value_size: usize,
    param_value: *mut c_void,
    param_value_size_ret: *mut usize,
) -> cl_int {
    // Khronos's first layer header numbered the query 0x0001; the
    // published one (and ocl-icd) 0x4240.
    let bytes = match param_name {
        CL_LAYER_API_VERSION | 0x0001 => CL_LAYER_API_VERSION_100.to_ne_bytes().to_vec(),
        CL_LAYER_NAME => crate::driver::string_answer(crate::LAYER_NAME),
        _ => return CL_INVALID_VALUE,
    };
    // SAFETY: the caller's buffers, as documented above.
    unsafe { write_info(&bytes, param_value_size, param_value, param_value_size_ret) }
}

/// `clInitLayer` (the loader-layer API of ocl-icd and of Khronos loaders
/// before 2026): copies the next table and returns the layer's.
///
/// # Safety
/// `target_dispatch` must point to `num_entries` function pointers; the
/// two out-pointers must be writable.
#[no_mangle]
pub unsafe extern "C" fn clInitLayer(
    num_entries: cl_uint,
    target_dispatch: *const cl_icd_dispatch,
    num_entries_ret: *mut cl_uint,
    layer_dispatch_ret: *mut *const cl_icd_dispatch,
) -> cl_int {
    if target_dispatch.is_null() || num_entries_ret.is_null() || layer_dispatch_ret.is_null() {
        return CL_INVALID_VALUE;
    }
    let next = NEXT.get_or_init(|| {
        // SAFETY: an all-zero table is all `None` (every field is an
        // `Option` of a function pointer, one word each).
        let mut table: cl_icd_dispatch = unsafe { std::mem::zeroed() };
        let count = ENTRIES.min(num_entries as usize);
        // SAFETY: the loader's table has `num_entries` words; ours has
        // `ENTRIES`; `count` is at most both.
        unsafe {
            std::ptr::copy_nonoverlapping(
                target_dispatch.cast::<usize>(),
                (&mut table as *mut cl_icd_dispatch).cast::<usize>(),
                count,
            );
        }
        table
    });
    let layer = LAYER.get_or_init(|| intercepting(next));
    // SAFETY: checked non-null above; the loader owns both.
    unsafe {
        *num_entries_ret = ENTRIES as cl_uint;
        *layer_dispatch_ret = layer;
    }
    CL_SUCCESS
}

/// `clInitLayerWithProperties` (Khronos loaders since 2026): as
/// [`clInitLayer`]; no property is defined yet, so they are ignored.
///
/// # Safety
/// As [`clInitLayer`]; `properties` is not read.
#[no_mangle]
pub unsafe extern "C" fn clInitLayerWithProperties(
    num_entries: cl_uint,
    target_dispatch: *const cl_icd_dispatch,
    num_entries_ret: *mut cl_uint,
    layer_dispatch_ret: *mut *const cl_icd_dispatch,
    _properties: *const cl_layer_properties,
) -> cl_int {
    // SAFETY: the same contract.
    unsafe {
        clInitLayer(
            num_entries,
            target_dispatch,
            num_entries_ret,
            layer_dispatch_ret,
        )
    }
}

/// `clDeinitLayer`: nothing to undo (the report is written as it goes).
#[no_mangle]
pub extern "C" fn clDeinitLayer() -> cl_int {
    CL_SUCCESS
}

/// The layer's table: `next` with the program and kernel functions the
/// layer must see replaced (only where `next` has them).
fn intercepting(next: &cl_icd_dispatch) -> cl_icd_dispatch {
    let mut t = *next;
    macro_rules! hook {
        ($($field:ident => $f:ident),* $(,)?) => {$(
            if t.$field.is_some() {
                t.$field = Some($f);
            }
        )*};
    }
    hook! {
        clBuildProgram => build_program,
        clCompileProgram => compile_program,
        clGetProgramInfo => get_program_info,
        clGetProgramBuildInfo => get_program_build_info,
        clReleaseProgram => release_program,
        clCreateKernel => create_kernel,
        clCreateKernelsInProgram => create_kernels_in_program,
        clGetKernelInfo => get_kernel_info,
        clReleaseKernel => release_kernel,
        clCloneKernel => clone_kernel,
        clGetKernelArgInfo => get_kernel_arg_info,
    }
    t
}

fn next() -> &'static cl_icd_dispatch {
    // The layer's table exists only after NEXT was set, so every
    // intercepted function finds it.
    NEXT.get_or_init(|| {
        // SAFETY: as in clInitLayer: all `None`.
        unsafe { std::mem::zeroed() }
    })
}

/// Runs the layer's part of `entry`; on a panic, logs it and runs
/// `forward` (the call with the application's arguments) instead.
fn guarded<T>(entry: &str, layer: impl FnOnce() -> T, forward: impl FnOnce() -> T) -> T {
    match catch_unwind(AssertUnwindSafe(layer)) {
        Ok(value) => value,
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            crate::log(&format!(
                "internal error in {entry} ({what}); the call goes to the driver untouched"
            ));
            forward()
        }
    }
}

/// Writes an info answer the OpenCL way (size check, optional buffers).
///
/// # Safety
/// `value` has `size` writable bytes or is null; `size_ret` is writable
/// or null.
unsafe fn write_info(
    bytes: &[u8],
    size: usize,
    value: *mut c_void,
    size_ret: *mut usize,
) -> Status {
    if !value.is_null() {
        if size < bytes.len() {
            return CL_INVALID_VALUE;
        }
        // SAFETY: `value` has at least `bytes.len()` bytes (checked).
        unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), value.cast::<u8>(), bytes.len()) };
    }
    if !size_ret.is_null() {
        // SAFETY: the caller's pointer, writable by contract.
        unsafe { *size_ret = bytes.len() };
    }
    CL_SUCCESS
}

/// The next table as a [`Driver`].
struct Next(&'static cl_icd_dispatch);

impl Next {
    fn query(
        &self,
        call: impl Fn(usize, *mut c_void, *mut usize) -> Status,
    ) -> Result<Vec<u8>, Status> {
        let mut size = 0usize;
        let status = call(0, null_mut(), &mut size);
        if status != CL_SUCCESS {
            return Err(status);
        }
        let mut bytes = vec![0u8; size];
        let status = call(size, bytes.as_mut_ptr().cast(), null_mut());
        if status != CL_SUCCESS {
            return Err(status);
        }
        Ok(bytes)
    }
}

impl Driver for Next {
    fn program_info(&self, program: Program, param: u32) -> Result<Vec<u8>, Status> {
        let f = self.0.clGetProgramInfo.ok_or(CL_INVALID_OPERATION)?;
        // SAFETY: the buffers `query` passes are its own, of the stated size.
        self.query(|size, value, ret| unsafe {
            f(program.0 as cl_program, param, size, value, ret)
        })
    }

    fn build_info(&self, program: Program, device: Device, param: u32) -> Result<Vec<u8>, Status> {
        let f = self.0.clGetProgramBuildInfo.ok_or(CL_INVALID_OPERATION)?;
        // SAFETY: as above.
        self.query(|size, value, ret| unsafe {
            f(
                program.0 as cl_program,
                device.0 as cl_device_id,
                param,
                size,
                value,
                ret,
            )
        })
    }

    fn device_info(&self, device: Device, param: u32) -> Result<Vec<u8>, Status> {
        let f = self.0.clGetDeviceInfo.ok_or(CL_INVALID_OPERATION)?;
        // SAFETY: as above.
        self.query(|size, value, ret| unsafe {
            f(device.0 as cl_device_id, param, size, value, ret)
        })
    }

    fn create_program_with_source(&self, context: Context, text: &str) -> Result<Program, Status> {
        let f = self
            .0
            .clCreateProgramWithSource
            .ok_or(CL_INVALID_OPERATION)?;
        let mut status = CL_SUCCESS;
        let mut strings = [text.as_ptr().cast::<c_char>()];
        let lengths = [text.len()];
        // SAFETY: one string of `text.len()` bytes; the driver copies it.
        let program = unsafe {
            f(
                context.0 as cl_context,
                1,
                strings.as_mut_ptr(),
                lengths.as_ptr(),
                &mut status,
            )
        };
        if program.is_null() || status != CL_SUCCESS {
            return Err(if status == CL_SUCCESS {
                CL_INVALID_OPERATION
            } else {
                status
            });
        }
        Ok(Program(program as usize))
    }

    fn create_program_with_il(&self, context: Context, il: &[u8]) -> Result<Program, Status> {
        let f = self.0.clCreateProgramWithIL.ok_or(CL_INVALID_OPERATION)?;
        let mut status = CL_SUCCESS;
        // SAFETY: `il` is `il.len()` readable bytes; the driver copies them.
        let program = unsafe {
            f(
                context.0 as cl_context,
                il.as_ptr().cast(),
                il.len(),
                &mut status,
            )
        };
        if program.is_null() || status != CL_SUCCESS {
            return Err(if status == CL_SUCCESS {
                CL_INVALID_OPERATION
            } else {
                status
            });
        }
        Ok(Program(program as usize))
    }

    fn build_program(&self, program: Program, devices: &[Device], options: &str) -> Status {
        let Some(f) = self.0.clBuildProgram else {
            return CL_INVALID_OPERATION;
        };
        let Ok(options) = CString::new(options) else {
            return CL_INVALID_VALUE;
        };
        let list: Vec<cl_device_id> = devices.iter().map(|d| d.0 as cl_device_id).collect();
        let list_ptr = if list.is_empty() {
            std::ptr::null()
        } else {
            list.as_ptr()
        };
        // SAFETY: `list` and `options` outlive the call; no callback, so
        // the build is complete when it returns.
        unsafe {
            f(
                program.0 as cl_program,
                list.len() as cl_uint,
                list_ptr,
                options.as_ptr(),
                None,
                null_mut(),
            )
        }
    }

    fn release_program(&self, program: Program) -> Status {
        match self.0.clReleaseProgram {
            // SAFETY: a program the layer created and still holds.
            Some(f) => unsafe { f(program.0 as cl_program) },
            None => CL_INVALID_OPERATION,
        }
    }
}

/// A program's or kernel's reference count (0 when unknown).
fn program_refcount(program: cl_program) -> u64 {
    Next(next())
        .program_info(Program(program as usize), CL_PROGRAM_REFERENCE_COUNT)
        .ok()
        .and_then(|b| crate::driver::read_uint(&b))
        .unwrap_or(0)
}

unsafe extern "C" fn build_program(
    program: cl_program,
    num_devices: cl_uint,
    device_list: *const cl_device_id,
    options: *const c_char,
    pfn_notify: BuildNotify,
    user_data: *mut c_void,
) -> cl_int {
    let forward = || match next().clBuildProgram {
        // SAFETY: the application's arguments, passed on unchanged.
        Some(f) => unsafe {
            f(
                program,
                num_devices,
                device_list,
                options,
                pfn_notify,
                user_data,
            )
        },
        None => CL_INVALID_OPERATION,
    };
    // Arguments the driver must reject are its business.
    if device_list.is_null() != (num_devices == 0) || (pfn_notify.is_none() && !user_data.is_null())
    {
        return forward();
    }
    guarded(
        "clBuildProgram",
        || {
            // SAFETY: checked above: a null list has no devices, else
            // `num_devices` of them; `options` is null or NUL-terminated.
            let (devices, text) = unsafe { build_arguments(num_devices, device_list, options) };
            let action = build::build_program(
                &Next(next()),
                Program(program as usize),
                devices.as_deref(),
                &text,
            );
            match action {
                Action::Forward => forward(),
                Action::Done(status) => {
                    if let Some(notify) = pfn_notify {
                        // SAFETY: the application's callback, with its own
                        // handle: the build is complete.
                        unsafe { notify(program, user_data) };
                    }
                    status
                }
            }
        },
        forward,
    )
}

/// The device list and options of `clBuildProgram`/`clCompileProgram`:
/// `None` for a null list (every device of the program), and the options
/// as text (empty for null).
///
/// # Safety
/// `device_list` is null or points to `num_devices` devices; `options` is
/// null or a NUL-terminated string.
unsafe fn build_arguments(
    num_devices: cl_uint,
    device_list: *const cl_device_id,
    options: *const c_char,
) -> (Option<Vec<Device>>, String) {
    let devices = (!device_list.is_null()).then(|| {
        // SAFETY: the caller's contract.
        unsafe { std::slice::from_raw_parts(device_list, num_devices as usize) }
            .iter()
            .map(|&d| Device(d as usize))
            .collect()
    });
    let text = if options.is_null() {
        String::new()
    } else {
        // SAFETY: the caller's contract.
        unsafe { CStr::from_ptr(options) }
            .to_string_lossy()
            .into_owned()
    };
    (devices, text)
}

#[allow(clippy::too_many_arguments)]
unsafe extern "C" fn compile_program(
    program: cl_program,
    num_devices: cl_uint,
    device_list: *const cl_device_id,
    options: *const c_char,
    num_input_headers: cl_uint,
    input_headers: *const cl_program,
    header_include_names: *mut *const c_char,
    pfn_notify: BuildNotify,
    user_data: *mut c_void,
) -> cl_int {
    let forward = || match next().clCompileProgram {
        // SAFETY: the application's arguments, passed on unchanged.
        Some(f) => unsafe {
            f(
                program,
                num_devices,
                device_list,
                options,
                num_input_headers,
                input_headers,
                header_include_names,
                pfn_notify,
                user_data,
            )
        },
        None => CL_INVALID_OPERATION,
    };
    // Arguments the driver must reject are its business.
    let headers_malformed =
        num_input_headers > 0 && (input_headers.is_null() || header_include_names.is_null());
    if device_list.is_null() != (num_devices == 0)
        || (pfn_notify.is_none() && !user_data.is_null())
        || headers_malformed
    {
        return forward();
    }
    guarded(
        "clCompileProgram",
        || {
            // SAFETY: checked above: a null list has no devices, else
            // `num_devices` of them; `options` is null or NUL-terminated.
            let (devices, text) = unsafe { build_arguments(num_devices, device_list, options) };
            let count = num_input_headers as usize;
            let headers: Vec<(String, Program)> = if count == 0 {
                Vec::new()
            } else {
                // SAFETY: the application passes `count` headers and as
                // many NUL-terminated names (checked non-null above).
                let (programs, names) = unsafe {
                    (
                        std::slice::from_raw_parts(input_headers, count),
                        std::slice::from_raw_parts(header_include_names, count),
                    )
                };
                programs
                    .iter()
                    .zip(names)
                    .filter(|(_, name)| !name.is_null())
                    .map(|(&header, &name)| {
                        // SAFETY: a NUL-terminated name (non-null).
                        let name = unsafe { CStr::from_ptr(name) }.to_string_lossy();
                        (name.into_owned(), Program(header as usize))
                    })
                    .collect()
            };
            build::compile_program(
                &Next(next()),
                Program(program as usize),
                devices.as_deref(),
                &text,
                &headers,
            );
        },
        || (),
    );
    forward()
}

unsafe extern "C" fn get_program_info(
    program: cl_program,
    param_name: cl_program_info,
    param_value_size: usize,
    param_value: *mut c_void,
    param_value_size_ret: *mut usize,
) -> cl_int {
    let ask = |p: cl_program| match next().clGetProgramInfo {
        // SAFETY: the application's buffers, passed on unchanged.
        Some(f) => unsafe {
            f(
                p,
                param_name,
                param_value_size,
                param_value,
                param_value_size_ret,
            )
        },
        None => CL_INVALID_OPERATION,
    };
    let answer = guarded(
        "clGetProgramInfo",
        || build::program_info(Program(program as usize), param_name),
        || Answer::Forward(Program(program as usize)),
    );
    match answer {
        Answer::Forward(p) => ask(p.0 as cl_program),
        // SAFETY: the application's buffers.
        Answer::Bytes(bytes) => unsafe {
            write_info(&bytes, param_value_size, param_value, param_value_size_ret)
        },
    }
}

unsafe extern "C" fn get_program_build_info(
    program: cl_program,
    device: cl_device_id,
    param_name: cl_program_build_info,
    param_value_size: usize,
    param_value: *mut c_void,
    param_value_size_ret: *mut usize,
) -> cl_int {
    let ask = |p: cl_program| match next().clGetProgramBuildInfo {
        // SAFETY: the application's buffers, passed on unchanged.
        Some(f) => unsafe {
            f(
                p,
                device,
                param_name,
                param_value_size,
                param_value,
                param_value_size_ret,
            )
        },
        None => CL_INVALID_OPERATION,
    };
    let answer = guarded(
        "clGetProgramBuildInfo",
        || {
            build::build_info(
                &Next(next()),
                Program(program as usize),
                Device(device as usize),
                param_name,
            )
        },
        || Answer::Forward(Program(program as usize)),
    );
    match answer {
        Answer::Forward(p) => ask(p.0 as cl_program),
        // SAFETY: the application's buffers.
        Answer::Bytes(bytes) => unsafe {
            write_info(&bytes, param_value_size, param_value, param_value_size_ret)
        },
    }
}

unsafe extern "C" fn release_program(program: cl_program) -> cl_int {
    let forward = || match next().clReleaseProgram {
        // SAFETY: the application's handle, passed on.
        Some(f) => unsafe { f(program) },
        None => CL_INVALID_OPERATION,
    };
    let known = guarded(
        "clReleaseProgram",
        || state::with(|s| s.record(Program(program as usize)).is_some()),
        || false,
    );
    if !known {
        return forward();
    }
    let count = program_refcount(program);
    let status = forward();
    if status == CL_SUCCESS && count == 1 {
        let record = state::with(|s| s.remove(Program(program as usize)));
        for held in record.iter().flat_map(state::Record::held) {
            Next(next()).release_program(held);
        }
    }
    status
}

/// Records a kernel created from the module behind `owner` and takes a
/// reference to `owner` for it.
fn adopt(kernel: cl_kernel, owner: Program) {
    state::with(|s| s.adopt_kernel(Kernel(kernel as usize), owner));
    if let Some(retain) = next().clRetainProgram {
        // SAFETY: the application's program, alive (it has a module).
        unsafe { retain(owner.0 as cl_program) };
    }
}

unsafe extern "C" fn create_kernel(
    program: cl_program,
    kernel_name: *const c_char,
    errcode_ret: *mut cl_int,
) -> cl_kernel {
    let call = |p: cl_program| match next().clCreateKernel {
        // SAFETY: the application's arguments (program possibly replaced
        // by the module behind it).
        Some(f) => unsafe { f(p, kernel_name, errcode_ret) },
        None => null_mut(),
    };
    let owner = Program(program as usize);
    let module = guarded(
        "clCreateKernel",
        || state::with(|s| s.module_of(owner)),
        || None,
    );
    match module {
        None => call(program),
        Some(module) => {
            let kernel = call(module.0 as cl_program);
            if !kernel.is_null() {
                adopt(kernel, owner);
            }
            kernel
        }
    }
}

unsafe extern "C" fn create_kernels_in_program(
    program: cl_program,
    num_kernels: cl_uint,
    kernels: *mut cl_kernel,
    num_kernels_ret: *mut cl_uint,
) -> cl_int {
    let owner = Program(program as usize);
    let module = guarded(
        "clCreateKernelsInProgram",
        || state::with(|s| s.module_of(owner)),
        || None,
    );
    let Some(f) = next().clCreateKernelsInProgram else {
        return CL_INVALID_OPERATION;
    };
    let Some(module) = module else {
        // SAFETY: the application's arguments, unchanged.
        return unsafe { f(program, num_kernels, kernels, num_kernels_ret) };
    };
    let mut count: cl_uint = 0;
    // SAFETY: the application's array of `num_kernels` kernels.
    let status = unsafe { f(module.0 as cl_program, num_kernels, kernels, &mut count) };
    if status == CL_SUCCESS && !kernels.is_null() {
        // SAFETY: on success the driver wrote `count` (≤ `num_kernels`)
        // kernels.
        let created = unsafe { std::slice::from_raw_parts(kernels, count as usize) };
        for &kernel in created {
            adopt(kernel, owner);
        }
    }
    if !num_kernels_ret.is_null() {
        // SAFETY: the application's pointer.
        unsafe { *num_kernels_ret = count };
    }
    status
}

unsafe extern "C" fn get_kernel_info(
    kernel: cl_kernel,
    param_name: cl_kernel_info,
    param_value_size: usize,
    param_value: *mut c_void,
    param_value_size_ret: *mut usize,
) -> cl_int {
    let Some(f) = next().clGetKernelInfo else {
        return CL_INVALID_OPERATION;
    };
    // SAFETY: the application's arguments, unchanged.
    let status = unsafe {
        f(
            kernel,
            param_name,
            param_value_size,
            param_value,
            param_value_size_ret,
        )
    };
    if status == CL_SUCCESS
        && param_name == CL_KERNEL_PROGRAM
        && !param_value.is_null()
        && param_value_size >= size_of::<cl_program>()
    {
        let slot = param_value.cast::<cl_program>();
        // SAFETY: the driver just wrote a program handle there.
        let module = unsafe { slot.read_unaligned() };
        let owner = guarded(
            "clGetKernelInfo",
            || state::with(|s| s.owner_of(Program(module as usize))),
            || None,
        );
        if let Some(owner) = owner {
            // SAFETY: the same slot: the application sees its own program.
            unsafe { slot.write_unaligned(owner.0 as cl_program) };
        }
    }
    status
}

unsafe extern "C" fn release_kernel(kernel: cl_kernel) -> cl_int {
    let Some(f) = next().clReleaseKernel else {
        return CL_INVALID_OPERATION;
    };
    let owner = guarded(
        "clReleaseKernel",
        || state::with(|s| s.kernel_owner(Kernel(kernel as usize))),
        || None,
    );
    let Some(owner) = owner else {
        // SAFETY: the application's kernel.
        return unsafe { f(kernel) };
    };
    let count = Next(next())
        .query(|size, value, ret| {
            next().clGetKernelInfo.map_or(CL_INVALID_OPERATION, |info| {
                // SAFETY: `query`'s own buffers.
                unsafe { info(kernel, CL_KERNEL_REFERENCE_COUNT, size, value, ret) }
            })
        })
        .ok()
        .and_then(|b| crate::driver::read_uint(&b))
        .unwrap_or(0);
    // SAFETY: the application's kernel.
    let status = unsafe { f(kernel) };
    if status == CL_SUCCESS && count == 1 {
        state::with(|s| s.forget_kernel(Kernel(kernel as usize)));
        // The kernel's reference to the application's program goes too.
        // SAFETY: the program the layer retained for this kernel.
        unsafe { release_program(owner.0 as cl_program) };
    }
    status
}

unsafe extern "C" fn clone_kernel(source_kernel: cl_kernel, errcode_ret: *mut cl_int) -> cl_kernel {
    let Some(f) = next().clCloneKernel else {
        return null_mut();
    };
    // SAFETY: the application's arguments, unchanged.
    let kernel = unsafe { f(source_kernel, errcode_ret) };
    if !kernel.is_null() {
        let owner = guarded(
            "clCloneKernel",
            || state::with(|s| s.kernel_owner(Kernel(source_kernel as usize))),
            || None,
        );
        if let Some(owner) = owner {
            adopt(kernel, owner);
        }
    }
    kernel
}

/// The same kernel of the shadow build (see `build::shadow_program`), or
/// `None` when the kernel is not the layer's or the shadow fails.
fn shadow_kernel(kernel: cl_kernel) -> Option<cl_kernel> {
    let owner = state::with(|s| s.kernel_owner(Kernel(kernel as usize)))?;
    let driver = Next(next());
    let info = next().clGetKernelInfo?;
    let name = driver
        .query(|size, value, ret| {
            // SAFETY: `query`'s own buffers.
            unsafe { info(kernel, CL_KERNEL_FUNCTION_NAME, size, value, ret) }
        })
        .ok()?;
    let shadow = build::shadow_program(&driver, owner)?;
    let create = next().clCreateKernel?;
    let mut status = CL_SUCCESS;
    // SAFETY: `name` is the NUL-terminated name the driver returned.
    let twin = unsafe { create(shadow.0 as cl_program, name.as_ptr().cast(), &mut status) };
    (!twin.is_null() && status == CL_SUCCESS).then_some(twin)
}

unsafe extern "C" fn get_kernel_arg_info(
    kernel: cl_kernel,
    arg_index: cl_uint,
    param_name: cl_kernel_arg_info,
    param_value_size: usize,
    param_value: *mut c_void,
    param_value_size_ret: *mut usize,
) -> cl_int {
    let Some(f) = next().clGetKernelArgInfo else {
        return CL_INVALID_OPERATION;
    };
    // SAFETY: the application's arguments, unchanged.
    let status = unsafe {
        f(
            kernel,
            arg_index,
            param_name,
            param_value_size,
            param_value,
            param_value_size_ret,
        )
    };
    if status != CL_KERNEL_ARG_INFO_NOT_AVAILABLE {
        return status;
    }
    let Some(twin) = guarded("clGetKernelArgInfo", || shadow_kernel(kernel), || None) else {
        return status;
    };
    // SAFETY: the application's buffers, asked of the shadow kernel.
    let answer = unsafe {
        f(
            twin,
            arg_index,
            param_name,
            param_value_size,
            param_value,
            param_value_size_ret,
        )
    };
    if let Some(release) = next().clReleaseKernel {
        // SAFETY: the kernel created just above.
        unsafe { release(twin) };
    }
    answer
}
