//! Diagnostic codes of the SPIR-V back end (E09xx: internal compiler
//! errors). None of them is the user's fault: each one means oclc accepted
//! a program it cannot translate, or translated it wrongly.

use oclc_diagnostics::{Code, Level};

/// The validator rejected a module oclc produced.
pub static VALIDATION_FAILED: Code = Code {
    id: "E0901",
    name: "validation-failed",
    default_level: Level::Deny,
    summary: "oclc produced an invalid SPIR-V module",
    spec: None,
    explanation: "\
oclc validates every module it produces with the SPIRV-Tools validator
(`spirv-val`) before writing it. This error means the validator rejected the
module: the input was accepted by semantic analysis and the atomic rules, but
the back end translated it into SPIR-V that breaks a validation rule. The
validator's message is quoted in the diagnostic.

This is a bug in oclc. Please report it with the kernel that triggers it.
Compiling with validation turned off writes the invalid module anyway, which
is useful for the report but should not be given to an OpenCL driver.",
};

/// The back end met a construct it cannot translate.
pub static UNSUPPORTED_CONSTRUCT: Code = Code {
    id: "E0902",
    name: "unsupported-construct",
    default_level: Level::Deny,
    summary: "the SPIR-V back end cannot translate this construct",
    spec: None,
    explanation: "\
Semantic analysis accepted a construct that the SPIR-V back end does not
translate: for example an image type (whose dimensionality the IR does not
record), a non-zero initializer of a union whose first member is not its
widest one, an array type without a length outside a pointer, or an
expression nested more deeply than the back end's recursion limit.

This is a limitation or a bug of oclc, not an error in the program.",
};

/// The IR validator rejected the module lowering produced.
pub static INVALID_IR: Code = Code {
    id: "E0903",
    name: "invalid-ir",
    default_level: Level::Deny,
    summary: "oclc produced an invalid IR module",
    spec: None,
    explanation: "\
Between semantic analysis and the SPIR-V back end, oclc validates its own
intermediate representation: every reference to a type, variable, function,
expression or label must be in range, and every constant memory order, scope
and fence-flags operand must be one the language defines. The back end only
accepts a module that passed. This error means lowering produced a module
that did not; nothing is written.

This is a bug in oclc. Please report it with the kernel that triggers it.",
};

/// Every code of this crate.
pub static CODES: &[&Code] = &[&VALIDATION_FAILED, &UNSUPPORTED_CONSTRUCT, &INVALID_IR];
