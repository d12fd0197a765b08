//! Choosing the SPIRV-Tools target environment for a module and running
//! the in-process validator (behind the `validate` feature).
//!
//! The environment is chosen by [`oclc_target::Env::validation_env`]; the
//! back end reports it with the words it emits ([`crate::Emitted`]), and
//! [`required_validation_env`] reads it back from a module's words for
//! callers that have only those.

use oclc_diagnostics::Diagnostic;

use crate::codes::VALIDATION_FAILED;
use oclc_target::{Env, ValidationEnv};

/// The `Shader` capability number.
const SHADER: u32 = rspirv::spirv::Capability::Shader as u32;

/// The `Int64Atomics` capability number.
const INT64_ATOMICS: u32 = rspirv::spirv::Capability::Int64Atomics as u32;

/// The environment to validate `words` under: the header's version and the
/// declared capabilities decide (a `Shader` module is oclc's Vulkan output,
/// whose SPIR-V version names the Vulkan version).
pub fn required_validation_env(words: &[u32]) -> ValidationEnv {
    let minor = words
        .get(1)
        .map_or(0, |version| ((version >> 8) & 0xff) as u8);
    let env = if declares_capability(words, SHADER) {
        Env::vulkan_for_spirv(minor)
    } else {
        Env::OpenCl
    };
    env.validation_env((1, minor), declares_capability(words, INT64_ATOMICS))
}

/// Whether the module declares `capability` (capabilities come first,
/// right after the five-word header).
fn declares_capability(words: &[u32], capability: u32) -> bool {
    let mut index = 5;
    while let Some(&first) = words.get(index) {
        let (count, opcode) = ((first >> 16) as usize, first & 0xffff);
        if opcode != rspirv::spirv::Op::Capability as u32 || count == 0 {
            return false;
        }
        if words.get(index + 1) == Some(&capability) {
            return true;
        }
        index += count;
    }
    false
}

/// The `validation-failed` internal error quoting the validator.
pub fn validation_failed(message: &str) -> Diagnostic {
    Diagnostic::new(&VALIDATION_FAILED, "oclc produced an invalid SPIR-V module")
        .with_note(format!("spirv-val: {message}"))
        .with_note("this is a bug in oclc; please report it with the kernel that triggered it")
}

/// Validates `words` under the environment [`required_validation_env`]
/// reads from them.
///
/// # Errors
/// The `validation-failed` (`E0901`) internal error quoting the validator
/// when it rejects the module.
// The error is taken at most once per compilation and goes straight into
// the report, so its size does not matter.
#[allow(clippy::result_large_err)]
#[cfg(feature = "validate")]
pub fn validate(words: &[u32]) -> Result<(), Diagnostic> {
    validate_under(words, required_validation_env(words))
}

/// Validates `words` under `env` (what [`crate::emit`] reports as the
/// module's [`crate::Emitted::validation_env`]), in shards when the module
/// has many kernels.
///
/// # Errors
/// The `validation-failed` (`E0901`) internal error quoting the validator
/// when it rejects the module.
#[allow(clippy::result_large_err)]
#[cfg(feature = "validate")]
pub fn validate_under(words: &[u32], env: ValidationEnv) -> Result<(), Diagnostic> {
    // Many kernels: validated in shards, in linear time (see `shard`).
    match crate::shard::shards(words) {
        None => validate_in(words, env),
        Some(shards) => shards.iter().try_for_each(|shard| validate_in(shard, env)),
    }
    .map_err(|message| validation_failed(&message))
}

/// Validates `words` under `env`.
///
/// # Errors
/// The validator's message when it rejects the module.
#[cfg(feature = "validate")]
pub fn validate_in(words: &[u32], env: ValidationEnv) -> Result<(), String> {
    use spirv_tools_sys::shared::TargetEnv;
    let target = match env {
        ValidationEnv::OpenCl2_0 => TargetEnv::OpenCL_2_0,
        ValidationEnv::OpenCl2_2 => TargetEnv::OpenCL_2_2,
        ValidationEnv::Universal(0) => TargetEnv::Universal_1_0,
        ValidationEnv::Universal(1) => TargetEnv::Universal_1_1,
        ValidationEnv::Universal(2) => TargetEnv::Universal_1_2,
        ValidationEnv::Universal(3) => TargetEnv::Universal_1_3,
        ValidationEnv::Universal(4) => TargetEnv::Universal_1_4,
        ValidationEnv::Universal(5) => TargetEnv::Universal_1_5,
        ValidationEnv::Universal(_) => TargetEnv::Universal_1_6,
        ValidationEnv::Vulkan(2) => TargetEnv::Vulkan_1_2,
        ValidationEnv::Vulkan(_) => TargetEnv::Vulkan_1_3,
    };
    // Friendly names are expensive (see `ffi`): only a module that failed
    // is validated again with them, for a message that names the ids.
    crate::ffi::validate(words, target, false).map_err(|unnamed| {
        crate::ffi::validate(words, target, true)
            .err()
            .unwrap_or(unnamed)
    })
}
