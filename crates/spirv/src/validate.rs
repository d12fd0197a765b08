//! Choosing the SPIRV-Tools target environment for a module and running
//! the in-process validator (behind the `validate` feature).
//!
//! Environment choice ([`required_validation_env`]): SPIR-V 1.0 modules
//! validate under `opencl2.0` (the OpenCL envs accept only 1.0 up to 2.1,
//! and `opencl1.2` rejects `GenericPointer`), 1.1 and 1.2 modules under
//! `opencl2.2`. SPIRV-Tools rejects `Int64Atomics` under every OpenCL env
//! although OpenCL allows it with the 64-bit atomics extensions, so a
//! module declaring it validates under the universal env of its version
//! (`spv1.N`), as do 1.3+ modules, for which no OpenCL env exists.

use oclc_diagnostics::Diagnostic;

use crate::codes::VALIDATION_FAILED;

/// A SPIRV-Tools target environment oclc validates under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ValidationEnv {
    /// `opencl2.0` (SPIR-V 1.0).
    OpenCl2_0,
    /// `opencl2.2` (SPIR-V up to 1.2).
    OpenCl2_2,
    /// `spv1.N` for the given minor version N (0..=6).
    Universal(u8),
    /// `vulkan1.N` for the given minor version N (2 or 3).
    Vulkan(u8),
}

impl ValidationEnv {
    /// The name `spirv-val --target-env` takes.
    pub fn name(self) -> String {
        match self {
            ValidationEnv::OpenCl2_0 => "opencl2.0".to_owned(),
            ValidationEnv::OpenCl2_2 => "opencl2.2".to_owned(),
            ValidationEnv::Universal(minor) => format!("spv1.{minor}"),
            ValidationEnv::Vulkan(minor) => format!("vulkan1.{minor}"),
        }
    }
}

/// The `Shader` capability number.
const SHADER: u32 = rspirv::spirv::Capability::Shader as u32;

/// The `Int64Atomics` capability number.
const INT64_ATOMICS: u32 = rspirv::spirv::Capability::Int64Atomics as u32;

/// The environment to validate `words` under (see the module docs); the
/// header's version and the declared capabilities decide.
pub fn required_validation_env(words: &[u32]) -> ValidationEnv {
    let minor = words
        .get(1)
        .map_or(0, |version| ((version >> 8) & 0xff) as u8);
    // A `Shader` module is oclc's Vulkan output: SPIR-V 1.5 for Vulkan
    // 1.2, 1.6 for Vulkan 1.3.
    if declares_capability(words, SHADER) {
        return ValidationEnv::Vulkan(if minor >= 6 { 3 } else { 2 });
    }
    if declares_capability(words, INT64_ATOMICS) || minor >= 3 {
        return ValidationEnv::Universal(minor.min(6));
    }
    if minor == 0 {
        ValidationEnv::OpenCl2_0
    } else {
        ValidationEnv::OpenCl2_2
    }
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

/// Validates `words` under [`required_validation_env`].
///
/// # Errors
/// The `validation-failed` (`E0901`) internal error quoting the validator
/// when it rejects the module.
// The error is taken at most once per compilation and goes straight into
// the report, so its size does not matter.
#[allow(clippy::result_large_err)]
#[cfg(feature = "validate")]
pub fn validate(words: &[u32]) -> Result<(), Diagnostic> {
    let env = required_validation_env(words);
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
