//! liboclc: the oclc compiler and linter as a C library (`include/oclc.h`;
//! the reference is docs/c-api.md).
//!
//! API boundary: this crate translates between C and the `oclc` facade and
//! decides nothing the facade decides (the outcome class, option parsing,
//! positions, renderings, the descriptor map all come from `oclc`). Every
//! `extern "C"` function:
//! - checks its pointer arguments and returns `OCLC_INVALID_ARGUMENT`
//!   instead of dereferencing a null one;
//! - runs its body inside [`oclc::catch_panics`], so that a panic (a bug in
//!   oclc) becomes `OCLC_INTERNAL_ERROR` and never unwinds into C — the
//!   library is built with the `release-ffi` profile, which unwinds;
//! - never prints, exits or aborts, and keeps no global state (the panic
//!   hook of `catch_panics` aside), so every call is reentrant.
//!
//! Ownership: objects made by `oclc_*_create`, `oclc_compile` and
//! `oclc_lint` are freed by the matching `*_destroy`/`oclc_result_free`;
//! pointers a result hands out live as long as the result.

// The C interface cannot be written without `unsafe`: each use dereferences
// a pointer the caller passed, after a null check, under the contract that
// oclc.h documents.
#![allow(unsafe_code)]
// The C names are the interface (`oclc_options`, `oclc_status`).
#![allow(non_camel_case_types)]

mod include;
mod options;
mod result;

pub use include::{
    oclc_include_fn, oclc_include_release_fn, OCLC_INCLUDE_FOUND, OCLC_INCLUDE_NOT_FOUND,
};
pub use options::*;
pub use result::*;

use std::ffi::{c_char, c_int, CStr};

/// What a call amounts to (`oclc_status` in oclc.h).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum oclc_status {
    /// The call did what was asked.
    OCLC_SUCCESS = 0,
    /// The input has errors: a result with the diagnostics comes back.
    OCLC_INPUT_ERRORS = 1,
    /// A null pointer or an out-of-range value where the call needs one;
    /// nothing was done and nothing comes back.
    OCLC_INVALID_ARGUMENT = 2,
    /// An option oclc rejects; `oclc_options_error` says which and why.
    OCLC_INVALID_OPTION = 3,
    /// oclc failed (a bug in oclc): a result with an internal-error
    /// diagnostic comes back where the call returns one.
    OCLC_INTERNAL_ERROR = 4,
}

pub use oclc_status::*;

/// The status as its C name (`"OCLC_INPUT_ERRORS"`); a static string.
#[no_mangle]
pub extern "C" fn oclc_status_name(status: c_int) -> *const c_char {
    // An int, not the Rust enum: a C caller may pass any value.
    let name: &'static CStr = match status {
        0 => c"OCLC_SUCCESS",
        1 => c"OCLC_INPUT_ERRORS",
        2 => c"OCLC_INVALID_ARGUMENT",
        3 => c"OCLC_INVALID_OPTION",
        4 => c"OCLC_INTERNAL_ERROR",
        _ => c"unknown status",
    };
    name.as_ptr()
}

/// The version of oclc, e.g. `"0.1.0"`; a static string.
#[no_mangle]
pub extern "C" fn oclc_version() -> *const c_char {
    static VERSION: &CStr =
        match CStr::from_bytes_with_nul(concat!(env!("CARGO_PKG_VERSION"), "\0").as_bytes()) {
            Ok(v) => v,
            Err(_) => c"unknown",
        };
    VERSION.as_ptr()
}

/// The ABI version (`OCLC_ABI_VERSION` in oclc.h; the `N` of the SONAME
/// `liboclc.so.N`), so that a program can check it linked what it was
/// compiled for.
#[no_mangle]
pub extern "C" fn oclc_abi_version() -> u32 {
    env!("OCLC_ABI_VERSION").parse().unwrap_or(u32::MAX)
}

/// Runs `body` behind the panic boundary: a panic becomes
/// `Err(report)` with one internal-error diagnostic.
pub(crate) fn guarded<T>(body: impl FnOnce() -> T) -> Result<T, oclc::Report> {
    oclc::catch_panics(body).map_err(|failed| failed.report)
}
