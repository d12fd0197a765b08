//! The SPIR-V back end: checked IR in, a SPIR-V binary module out, plus the
//! in-process validator.
//!
//! Architecture invariant: the back end sees only the IR ([`oclc_ir::Module`])
//! and [`Options`]; it trusts that semantic analysis and the rules accepted
//! the module and never panics on such a module. Output is deterministic:
//! ids, types and constants are numbered in first-use order from our own
//! caches (rspirv's builder is used only to hold instructions).

use oclc_ir::Module;

/// Back-end options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// Highest SPIR-V version allowed, as (major, minor); default (1, 0).
    pub max_version: (u8, u8),
    /// Emit `OpName` for every variable and `OpLine` debug info (`-g`).
    pub debug_info: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_version: (1, 0),
            debug_info: false,
        }
    }
}

/// Translates a checked module to SPIR-V words.
pub fn emit(module: &Module, options: &Options) -> Vec<u32> {
    let _ = (module, options);
    todo!("backend")
}
