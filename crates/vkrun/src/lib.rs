//! A minimal Vulkan compute host for modules from `oclc -target vulkan1.x`:
//! it reads oclc's descriptor map (`-fdescriptor-map=`), binds one storage
//! buffer per `global`/`constant` pointer argument, fills the push-constant
//! block with the by-value arguments, sizes `local` pointer arguments
//! through their specialization constants, and dispatches.
//!
//! It loads `libvulkan` at run time, so the same binary runs on lavapipe
//! in CI and on a GPU machine whose loader was unpacked by hand. Errors are
//! returned as text; this crate never prints.

mod device;
mod harness;
pub mod litmus;
mod map;
pub mod suite;

pub use device::{Device, Dispatch};
pub use map::{parse_descriptor_map, ArgSpec, Kernel};

/// One kernel argument's contents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// The bytes of a storage buffer (read back after the dispatch).
    Buffer(Vec<u8>),
    /// The bytes of a by-value argument.
    Value(Vec<u8>),
    /// A `local` pointer argument: the number of elements.
    Local(u32),
}

impl Arg {
    /// A buffer of `u32`s.
    pub fn u32s(values: &[u32]) -> Arg {
        Arg::Buffer(values.iter().flat_map(|v| v.to_le_bytes()).collect())
    }

    /// A by-value `uint`.
    pub fn uint(value: u32) -> Arg {
        Arg::Value(value.to_le_bytes().to_vec())
    }

    /// A zeroed stand-in for an argument of kind `spec` (a 64-byte buffer,
    /// zero bytes, one element): enough to build the pipeline.
    pub fn placeholder(spec: &ArgSpec) -> Arg {
        match *spec {
            ArgSpec::Buffer { .. } => Arg::Buffer(vec![0; 64]),
            ArgSpec::PushConstant { size, .. } => Arg::Value(vec![0; size as usize]),
            ArgSpec::Local { .. } => Arg::Local(1),
        }
    }

    /// The buffer's contents as `u32`s (empty for other arguments).
    pub fn as_u32s(&self) -> Vec<u32> {
        match self {
            Arg::Buffer(bytes) => bytes
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect(),
            _ => Vec::new(),
        }
    }
}

/// Runs `kernel` of `spirv` once over `groups` work-groups of
/// `local_size` work-items and copies the buffers back into `args`.
///
/// # Errors
/// A message when Vulkan is unavailable or rejects the module or a call.
pub fn run_once(
    device: &Device,
    spirv: &[u32],
    kernel: &Kernel,
    args: &mut [Arg],
    groups: [u32; 3],
    local_size: [u32; 3],
) -> Result<(), String> {
    let mut dispatch = device.prepare(spirv, kernel, args, local_size)?;
    for (index, arg) in args.iter().enumerate() {
        if let Arg::Buffer(bytes) = arg {
            dispatch.buffer_mut(index)?.copy_from_slice(bytes);
        }
    }
    dispatch.run(groups)?;
    for (index, arg) in args.iter_mut().enumerate() {
        if let Arg::Buffer(bytes) = arg {
            bytes.copy_from_slice(dispatch.buffer_mut(index)?);
        }
    }
    Ok(())
}
