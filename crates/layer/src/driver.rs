//! The calls the layer makes to the next layer or the driver, as a safe
//! trait over opaque handles. `ffi` implements it over the next dispatch
//! table; the decisions in [`crate::build`] and [`crate::state`] see only
//! this trait, so they are ordinary safe Rust.

/// An OpenCL object handle (`cl_program`, `cl_kernel`, …) as an address:
/// the layer compares and stores handles but never dereferences them.
macro_rules! handle {
    ($($(#[$doc:meta])* $name:ident;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub usize);
    )*};
}

handle! {
    /// A `cl_program`.
    Program;
    /// A `cl_kernel`.
    Kernel;
    /// A `cl_device_id`.
    Device;
    /// A `cl_context`.
    Context;
}

/// An OpenCL status code (`CL_SUCCESS` is 0).
pub type Status = i32;

/// What the layer asks of the driver.
pub trait Driver {
    /// `clGetProgramInfo` into a buffer of the right size.
    fn program_info(&self, program: Program, param: u32) -> Result<Vec<u8>, Status>;
    /// `clGetProgramBuildInfo` into a buffer of the right size.
    fn build_info(&self, program: Program, device: Device, param: u32) -> Result<Vec<u8>, Status>;
    /// `clGetDeviceInfo` into a buffer of the right size.
    fn device_info(&self, device: Device, param: u32) -> Result<Vec<u8>, Status>;
    /// `clCreateProgramWithSource` with one string.
    fn create_program_with_source(&self, context: Context, text: &str) -> Result<Program, Status>;
    /// `clCreateProgramWithIL`.
    fn create_program_with_il(&self, context: Context, il: &[u8]) -> Result<Program, Status>;
    /// `clBuildProgram` without a callback; an empty `devices` means all
    /// of the program's devices.
    fn build_program(&self, program: Program, devices: &[Device], options: &str) -> Status;
    /// `clReleaseProgram`.
    fn release_program(&self, program: Program) -> Status;
}

/// A `size_t`-sized or smaller unsigned value from an info query's bytes.
pub fn read_uint(bytes: &[u8]) -> Option<u64> {
    match bytes.len() {
        4 => Some(u32::from_ne_bytes(bytes.try_into().ok()?).into()),
        8 => Some(u64::from_ne_bytes(bytes.try_into().ok()?)),
        _ => None,
    }
}

/// A handle-array answer (`CL_PROGRAM_DEVICES`) as handles.
pub fn read_handles(bytes: &[u8]) -> Vec<usize> {
    bytes
        .chunks_exact(std::mem::size_of::<usize>())
        .filter_map(|c| c.try_into().ok().map(usize::from_ne_bytes))
        .collect()
}

/// A string answer without its NUL terminator (lossy for non-UTF-8).
pub fn read_string(bytes: &[u8]) -> String {
    let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
    String::from_utf8_lossy(&bytes[..end]).into_owned()
}

/// A string as an info query answers it: the bytes and a NUL.
pub fn string_answer(text: &str) -> Vec<u8> {
    let mut bytes = text.as_bytes().to_vec();
    bytes.push(0);
    bytes
}
