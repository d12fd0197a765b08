//! SPIR-V assembly text of a module, as `spirv-dis --raw-id` prints it:
//! SPIRV-Tools' own disassembler, so that `spirv-as` reads the text back
//! and every enumerant, literal and extended instruction is spelled as the
//! other SPIR-V tools spell it.
//!
//! Why not rspirv's decoder: it needs rspirv's grammar tables, 74 KB of
//! pointers that a position-independent `oclc` relocates at every start,
//! `-S` or not (18 more pages touched and 40,000 more instructions per
//! compilation, docs/performance.md). SPIRV-Tools is linked for validation
//! anyway and its disassembler comes with it; a build without SPIRV-Tools
//! (no `validate` feature) cannot disassemble.

use std::fmt;

/// Why a module could not be disassembled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DisassembleError(String);

impl fmt::Display for DisassembleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DisassembleError {}

/// Disassembles a module: one instruction per line, ids as numbers
/// (`%12`), the header as comments.
///
/// # Errors
/// The words are not a SPIR-V module SPIRV-Tools can decode, or this build
/// has no SPIRV-Tools.
#[cfg(feature = "validate")]
pub fn disassemble(words: &[u32]) -> Result<String, DisassembleError> {
    use spirv_tools::assembler::{Assembler, DisassembleOptions};
    // The newest universal environment decodes every SPIR-V version.
    let tools = spirv_tools::assembler::create(Some(spirv_tools::TargetEnv::Universal_1_6));
    let options = DisassembleOptions {
        print: false,
        color: false,
        indent: true,
        show_byte_offset: false,
        no_header: false,
        // Numeric ids: stable under renaming, and the friendly-name table
        // is quadratic in repeated names (see `ffi.rs`).
        use_friendly_names: false,
        comment: false,
    };
    match tools.disassemble(words, options) {
        Ok(Some(text)) => Ok(text),
        Ok(None) => Err(DisassembleError("SPIRV-Tools returned no text".to_owned())),
        Err(error) => Err(DisassembleError(error.to_string())),
    }
}

/// Without SPIRV-Tools there is no disassembler.
///
/// # Errors
/// Always.
#[cfg(not(feature = "validate"))]
pub fn disassemble(_words: &[u32]) -> Result<String, DisassembleError> {
    Err(DisassembleError(
        "this build has no SPIRV-Tools (the `validate` feature), which disassembles".to_owned(),
    ))
}

#[cfg(all(test, feature = "validate"))]
mod tests {
    use super::*;

    #[test]
    fn garbage_is_reported_not_panicked_on() {
        assert!(disassemble(&[]).is_err());
        assert!(disassemble(&[1, 2, 3]).is_err());
        assert!(disassemble(&[0x0723_0203, 0x0001_0000, 0, 1, 0, 0xffff_ffff]).is_err());
    }
}
