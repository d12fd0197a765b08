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
}

impl ValidationEnv {
    /// The name `spirv-val --target-env` takes.
    pub fn name(self) -> String {
        match self {
            ValidationEnv::OpenCl2_0 => "opencl2.0".to_owned(),
            ValidationEnv::OpenCl2_2 => "opencl2.2".to_owned(),
            ValidationEnv::Universal(minor) => format!("spv1.{minor}"),
        }
    }
}

/// The `Int64Atomics` capability number.
const INT64_ATOMICS: u32 = rspirv::spirv::Capability::Int64Atomics as u32;

/// The environment to validate `words` under (see the module docs); the
/// header's version and the declared capabilities decide.
pub fn required_validation_env(words: &[u32]) -> ValidationEnv {
    let minor = words
        .get(1)
        .map_or(0, |version| ((version >> 8) & 0xff) as u8);
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
    validate_in(words, required_validation_env(words))
        .map_err(|message| validation_failed(&message))
}

/// Validates `words` under `env`.
///
/// # Errors
/// The validator's message when it rejects the module.
#[cfg(feature = "validate")]
pub fn validate_in(words: &[u32], env: ValidationEnv) -> Result<(), String> {
    use spirv_tools::val::Validator;
    use spirv_tools::TargetEnv;
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
    };
    let validator = spirv_tools::val::create(Some(target));
    // SPIRV-Tools names ids in its messages after their `OpName`s and, for
    // a repeated name, probes `name_0`, `name_1`, … until one is free
    // (`FriendlyNameMapper::SaveName`): quadratic in the number of ids
    // sharing a name, such as the `out` parameters of thousands of kernels
    // (seconds for a 5 MB source). Validate without the debug names; only
    // when that fails, validate again with them for a message that names
    // the ids.
    match validator.validate(without_debug_names(words), None) {
        Ok(()) => Ok(()),
        Err(unnamed) => Err(validator
            .validate(words, None)
            .err()
            .unwrap_or(unnamed)
            .to_string()),
    }
}

/// `words` without `OpName` and `OpMemberName` (nothing refers to them);
/// an unchanged copy when the instruction stream is malformed, so that the
/// validator reports that.
#[cfg(feature = "validate")]
fn without_debug_names(words: &[u32]) -> Vec<u32> {
    const NAMES: [u32; 2] = [
        rspirv::spirv::Op::Name as u32,
        rspirv::spirv::Op::MemberName as u32,
    ];
    let mut out = Vec::with_capacity(words.len());
    out.extend(words.iter().take(5));
    let mut index = 5;
    while let Some(&first) = words.get(index) {
        let count = (first >> 16) as usize;
        let Some(instruction) = words.get(index..index + count).filter(|_| count > 0) else {
            return words.to_vec();
        };
        if !NAMES.contains(&(first & 0xffff)) {
            out.extend_from_slice(instruction);
        }
        index += count;
    }
    out
}

#[cfg(all(test, feature = "validate"))]
mod tests {
    use super::without_debug_names;

    #[test]
    fn debug_names_are_dropped_and_malformed_streams_kept() {
        // Header, OpCapability Kernel, OpName %1 "a", OpMemberName %1 0 "b".
        let header = [0x0723_0203, 0x0001_0000, 0, 2, 0];
        let capability = [0x0002_0011, 6];
        let name = [0x0003_0005, 1, u32::from(b'a')];
        let member_name = [0x0004_0006, 1, 0, u32::from(b'b')];
        let module = [&header[..], &capability, &name, &member_name].concat();
        assert_eq!(
            without_debug_names(&module),
            [&header[..], &capability].concat()
        );
        let truncated = [&header[..], &[0x0009_0005, 1]].concat();
        assert_eq!(without_debug_names(&truncated), truncated);
    }
}
