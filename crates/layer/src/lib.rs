//! `liboclc_layer.so`: an OpenCL ICD-loader layer (`cl_loader_layers`)
//! that puts oclc under an unmodified OpenCL application.
//!
//! ```text
//! OPENCL_LAYERS=/path/liboclc_layer.so OCLC_LAYER_MODE=compile ./app
//! ```
//!
//! The loader hands every OpenCL call to the layer before the driver. The
//! layer intercepts the few calls that concern programs built from source
//! and forwards everything else untouched:
//!
//! - `lint`: the driver still compiles; at `clBuildProgram` oclc checks the
//!   same source with the same options and its findings are appended to
//!   the build log and written to the report file. No return code changes.
//! - `compile`: oclc compiles the source for the devices of the build
//!   (their address bits, extensions and OpenCL C features); the layer
//!   creates an IL program from the module and builds that. A program oclc
//!   rejects fails to build as with a driver (`CL_BUILD_PROGRAM_FAILURE`,
//!   oclc's diagnostics as the build log).
//! - `fallback`: as `compile`, but a program oclc cannot compile (or whose
//!   module the driver refuses) is built by the driver, and the report
//!   says why.
//!
//! The application keeps its own program handle throughout: the driver's
//! source program it created. The IL program that oclc's module becomes
//! is the layer's, and every call that would reveal it (`clCreateKernel`,
//! `clGetProgramInfo`, `clGetProgramBuildInfo`, `CL_KERNEL_PROGRAM`, build
//! callbacks) is answered in terms of the application's handle. See
//! `docs/layer.md`.
//!
//! Architecture: [`config`] reads the environment, [`target`] turns what
//! the devices report into oclc options, [`build`] decides what a
//! `clBuildProgram` does (over the [`build::Driver`] trait, so it is safe
//! code), [`state`] remembers programs and kernels, [`report`] writes the
//! report file. Only `ffi` (the exported entry points and the calls into
//! the next dispatch table) is `unsafe`. An internal error or panic at any
//! entry point is logged to stderr and the call is forwarded untouched.

pub mod build;
pub mod config;
pub mod driver;
mod ffi;
pub mod report;
pub mod state;
pub mod target;

/// The name the layer reports through `clGetLayerInfo(CL_LAYER_NAME)`.
pub const LAYER_NAME: &str = "oclc";

/// Writes one line to stderr, prefixed with the layer's name: the layer's
/// only log (internal errors, an unusable report path, a bad variable).
pub fn log(message: &str) {
    eprintln!("oclc-layer: {message}");
}
