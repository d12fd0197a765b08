//! SPIRV-Tools' validator called through its C API: the only `unsafe`
//! code in oclc.
//!
//! The `spirv-tools` crate validates with SPIRV-Tools' default options,
//! which name every id in messages after its `OpName` or type
//! ("friendly names"). Building that name table costs as much as a third
//! of the validation of a small module, and it is quadratic in the number
//! of ids sharing one name (`FriendlyNameMapper::SaveName` probes
//! `name_0`, `name_1`, … for a free one: seconds for the thousands of
//! `out` parameters of a 5 MB source). oclc validates with the names off
//! and turns them on only to word the message of a module that failed.
//! `spvValidatorOptionsSetFriendlyNames` is part of SPIRV-Tools' C API
//! (`libspirv.h`) but not bound by `spirv-tools-sys`, so it is declared
//! here; the other functions come from `spirv-tools-sys`.
//!
//! Every handle is owned by a guard that releases it on drop, so no path
//! leaks one, and the module never outlives the call.
#![allow(unsafe_code)]

use spirv_tools_sys::{diagnostics, shared, val};
use std::ffi::CStr;
use std::ptr;

extern "C" {
    /// Whether messages name ids after their debug names and types
    /// (SPIRV-Tools' `libspirv.h`).
    fn spvValidatorOptionsSetFriendlyNames(options: *mut val::ValidatorOptions, val: bool);
}

/// A validation context (`spv_context`).
struct Context(*mut shared::ToolContext);

impl Drop for Context {
    fn drop(&mut self) {
        // SAFETY: the pointer came from `spvContextCreate`, is non-null
        // (checked at construction) and is destroyed exactly once.
        unsafe { shared::context_destroy(self.0) }
    }
}

/// Validator options (`spv_validator_options`).
struct Options(*mut val::ValidatorOptions);

impl Drop for Options {
    fn drop(&mut self) {
        // SAFETY: as for `Context`; `spvValidatorOptionsCreate` never
        // returns null (checked at construction anyway).
        unsafe { val::validator_options_destroy(self.0) }
    }
}

/// The diagnostic a failed validation fills in (`spv_diagnostic`); null
/// until then, and destroying null is a no-op.
struct DiagnosticSlot(*mut diagnostics::Diagnostic);

impl Drop for DiagnosticSlot {
    fn drop(&mut self) {
        // SAFETY: null or a diagnostic SPIRV-Tools allocated for us, freed
        // exactly once.
        unsafe { diagnostics::diagnostic_destroy(self.0) }
    }
}

/// Validates `words` under `env`; `friendly_names` selects whether the
/// message of a failure names ids after their debug names and types.
///
/// # Errors
/// The validator's message (first line: what is wrong; further lines: the
/// offending instruction) when it rejects the module.
pub(crate) fn validate(
    words: &[u32],
    env: shared::TargetEnv,
    friendly_names: bool,
) -> Result<(), String> {
    // SAFETY: `spvContextCreate` and `spvValidatorOptionsCreate` take no
    // pointers; their results are checked for null before use and owned by
    // guards. The binary points into `words`, which outlives the call and
    // is only read; its size is in words, as `spv_const_binary_t` expects.
    // The diagnostic out-pointer refers to a live local. The message is a
    // NUL-terminated string owned by the diagnostic, copied out before the
    // guard frees it.
    unsafe {
        let context = Context(shared::context_create(env));
        let options = Options(val::validator_options_create());
        if context.0.is_null() || options.0.is_null() {
            return Err("SPIRV-Tools could not create a validation context".to_owned());
        }
        spvValidatorOptionsSetFriendlyNames(options.0, friendly_names);
        let binary = shared::Binary {
            code: words.as_ptr(),
            size: words.len(),
        };
        let mut diagnostic = DiagnosticSlot(ptr::null_mut());
        let result = val::validate_with_options(context.0, options.0, &binary, &mut diagnostic.0);
        if result == shared::SpirvResult::Success {
            return Ok(());
        }
        let message = diagnostic
            .0
            .as_ref()
            .filter(|diagnostic| !diagnostic.error.is_null())
            .map(|diagnostic| CStr::from_ptr(diagnostic.error).to_string_lossy())
            .map_or_else(
                || format!("the validator failed ({result:?}) without a message"),
                |message| message.trim_end().to_owned(),
            );
        Err(message)
    }
}
