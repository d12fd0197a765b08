//! `oclc_options`: an opaque [`oclc::Options`] plus the include callback,
//! and its C functions (create, clone, destroy, parse a `clBuildProgram`
//! string, and the few typed setters).

use crate::include::{oclc_include_fn, oclc_include_release_fn, Callbacks};
use crate::{guarded, oclc_status};
use std::ffi::{c_char, c_int, c_void, CStr, CString};

/// Options for `oclc_compile` and `oclc_lint` (opaque in C).
#[derive(Clone, Debug, Default)]
pub struct oclc_options {
    pub(crate) options: oclc::Options,
    pub(crate) include: Option<Callbacks>,
    /// Why the last parse or setter call failed.
    error: Option<CString>,
    /// Test hook: compiling and linting panic inside the boundary.
    pub(crate) panic_for_testing: bool,
}

/// The level of a lint rule (`oclc_lint_level`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum oclc_lint_level {
    /// Not reported.
    OCLC_LEVEL_ALLOW = 0,
    /// Reported as a warning.
    OCLC_LEVEL_WARN = 1,
    /// Reported as an error.
    OCLC_LEVEL_DENY = 2,
}

impl oclc_options {
    fn record(&mut self, result: Result<(), oclc::OptionsError>) -> oclc_status {
        match result {
            Ok(()) => {
                self.error = None;
                oclc_status::OCLC_SUCCESS
            }
            Err(e) => {
                self.error = Some(crate::result::c_string(&e.to_string()));
                oclc_status::OCLC_INVALID_OPTION
            }
        }
    }
}

/// Runs a setter on `options` behind the panic boundary.
///
/// # Safety
/// `options` is null or a live `oclc_options` not used by another thread.
unsafe fn with_options(
    options: *mut oclc_options,
    body: impl FnOnce(&mut oclc_options) -> oclc_status,
) -> oclc_status {
    // SAFETY: the caller's contract.
    let Some(options) = (unsafe { options.as_mut() }) else {
        return oclc_status::OCLC_INVALID_ARGUMENT;
    };
    guarded(|| body(options)).unwrap_or(oclc_status::OCLC_INTERNAL_ERROR)
}

/// The C string at `text` as UTF-8, or the option error to record.
///
/// # Safety
/// `text` is a non-null NUL-terminated string.
unsafe fn utf8<'a>(text: *const c_char) -> Result<&'a str, oclc::OptionsError> {
    // SAFETY: the caller's contract.
    let bytes = unsafe { CStr::from_ptr(text) };
    bytes.to_str().map_err(|_| oclc::OptionsError {
        arg: String::from_utf8_lossy(bytes.to_bytes()).into_owned(),
        reason: "not valid UTF-8".into(),
    })
}

/// New options with oclc's defaults (OpenCL C 2.0, SPIR-V 1.0 for
/// OpenCL, 64-bit pointers, include files from the file system). Never
/// null except when memory runs out.
#[no_mangle]
pub extern "C" fn oclc_options_create() -> *mut oclc_options {
    match guarded(|| Box::into_raw(Box::default())) {
        Ok(p) => p,
        Err(_) => std::ptr::null_mut(),
    }
}

/// A copy of `options` (null if `options` is null).
///
/// # Safety
/// `options` is null or a live `oclc_options`.
#[no_mangle]
pub unsafe extern "C" fn oclc_options_clone(options: *const oclc_options) -> *mut oclc_options {
    // SAFETY: the caller's contract.
    let Some(options) = (unsafe { options.as_ref() }) else {
        return std::ptr::null_mut();
    };
    match guarded(|| Box::into_raw(Box::new(options.clone()))) {
        Ok(p) => p,
        Err(_) => std::ptr::null_mut(),
    }
}

/// Frees `options` (nothing happens for null).
///
/// # Safety
/// `options` is null or came from `oclc_options_create`/`_clone` and is
/// not used afterwards.
#[no_mangle]
pub unsafe extern "C" fn oclc_options_destroy(options: *mut oclc_options) {
    if !options.is_null() {
        // SAFETY: the caller's contract: the box this library made.
        let boxed = unsafe { Box::from_raw(options) };
        let _ = guarded(move || drop(boxed));
    }
}

/// Applies a `clBuildProgram` option string (`"-cl-std=CL3.0 -DN=4 -I
/// inc"`) on top of `options`.
///
/// # Safety
/// `options` is null or a live `oclc_options` used by no other thread;
/// `build_options` is null or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn oclc_options_parse(
    options: *mut oclc_options,
    build_options: *const c_char,
) -> oclc_status {
    if build_options.is_null() {
        return oclc_status::OCLC_INVALID_ARGUMENT;
    }
    // SAFETY: the caller's contract.
    unsafe {
        with_options(options, |o| {
            let result = utf8(build_options).and_then(|text| o.options.apply_build_options(text));
            o.record(result)
        })
    }
}

/// Selects the target: `"spirv64"` (OpenCL, the default), `"spirv32"`,
/// `"vulkan1.2"` or `"vulkan1.3"`.
///
/// # Safety
/// As for `oclc_options_parse`.
#[no_mangle]
pub unsafe extern "C" fn oclc_options_set_target(
    options: *mut oclc_options,
    target: *const c_char,
) -> oclc_status {
    if target.is_null() {
        return oclc_status::OCLC_INVALID_ARGUMENT;
    }
    // SAFETY: the caller's contract.
    unsafe {
        with_options(options, |o| {
            let result = utf8(target).and_then(|name| o.options.set_target(name));
            o.record(result)
        })
    }
}

/// Sets the highest SPIR-V version the module may use (1.0 to 1.6).
///
/// # Safety
/// `options` is null or a live `oclc_options` used by no other thread.
#[no_mangle]
pub unsafe extern "C" fn oclc_options_set_spirv_version(
    options: *mut oclc_options,
    major: u32,
    minor: u32,
) -> oclc_status {
    // SAFETY: the caller's contract.
    unsafe {
        with_options(options, |o| {
            let result = o.options.set_spirv_max_version(major, minor);
            o.record(result)
        })
    }
}

/// Sets the level of a lint rule or warning, by code (`"W0406"`) or name
/// (`"deprecated-atomics"`); errors the specification requires cannot be
/// configured (`OCLC_INVALID_OPTION`).
///
/// # Safety
/// As for `oclc_options_parse`.
#[no_mangle]
pub unsafe extern "C" fn oclc_options_set_lint_level(
    options: *mut oclc_options,
    rule: *const c_char,
    level: c_int,
) -> oclc_status {
    if rule.is_null() {
        return oclc_status::OCLC_INVALID_ARGUMENT;
    }
    // An int, not the Rust enum: a C caller may pass any value.
    let level = match level {
        x if x == oclc_lint_level::OCLC_LEVEL_ALLOW as c_int => oclc::Level::Allow,
        x if x == oclc_lint_level::OCLC_LEVEL_WARN as c_int => oclc::Level::Warn,
        x if x == oclc_lint_level::OCLC_LEVEL_DENY as c_int => oclc::Level::Deny,
        _ => return oclc_status::OCLC_INVALID_ARGUMENT,
    };
    // SAFETY: the caller's contract.
    unsafe {
        with_options(options, |o| {
            let result = utf8(rule).and_then(|name| {
                let flag =
                    oclc::LevelFlag::set(name, level).map_err(|reason| oclc::OptionsError {
                        arg: name.to_string(),
                        reason,
                    })?;
                o.options.levels.apply(flag);
                Ok(())
            });
            o.record(result)
        })
    }
}

/// Serves `#include` files through `resolve` instead of the file system
/// (`resolve` null: back to the file system). `release`, if not null, is
/// called once for each file `resolve` returned, after oclc copied it.
/// Both receive `user_data` and may be called from any thread that
/// compiles with these options, concurrently if several do.
///
/// # Safety
/// `options` is null or a live `oclc_options` used by no other thread;
/// the callbacks follow the contract in oclc.h for as long as any copy of
/// these options is used.
#[no_mangle]
pub unsafe extern "C" fn oclc_options_set_include_callback(
    options: *mut oclc_options,
    resolve: oclc_include_fn,
    release: oclc_include_release_fn,
    user_data: *mut c_void,
) -> oclc_status {
    // SAFETY: the caller's contract.
    unsafe {
        with_options(options, |o| {
            o.include = resolve.map(|resolve| Callbacks {
                resolve,
                release,
                user_data,
            });
            oclc_status::OCLC_SUCCESS
        })
    }
}

/// Why the last `oclc_options_parse` or setter call on `options` returned
/// `OCLC_INVALID_OPTION` (`"invalid option `-cl-std=CL9`: expected ..."`),
/// or null if it succeeded. Valid until the next call that changes
/// `options`.
///
/// # Safety
/// `options` is null or a live `oclc_options`.
#[no_mangle]
pub unsafe extern "C" fn oclc_options_error(options: *const oclc_options) -> *const c_char {
    // SAFETY: the caller's contract.
    match unsafe { options.as_ref() }.and_then(|o| o.error.as_ref()) {
        Some(message) => message.as_ptr(),
        None => std::ptr::null(),
    }
}

/// Test hook for oclc's own test suite: compiling or linting with these
/// options panics inside the library, to show that the panic comes back
/// as `OCLC_INTERNAL_ERROR`. Not for other use.
///
/// # Safety
/// `options` is null or a live `oclc_options` used by no other thread.
#[no_mangle]
pub unsafe extern "C" fn oclc_options_testing_panic(options: *mut oclc_options) -> oclc_status {
    // SAFETY: the caller's contract.
    unsafe {
        with_options(options, |o| {
            o.panic_for_testing = true;
            oclc_status::OCLC_SUCCESS
        })
    }
}
