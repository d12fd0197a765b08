//! oclc as a library: compile OpenCL C kernels that use atomics to
//! validated SPIR-V, or lint them, from inside another program.
//!
//! ```
//! let source = oclc::Source::new(
//!     "k.cl",
//!     "kernel void k(global atomic_int *p) { atomic_fetch_add(p, 1); }",
//! );
//! let options = oclc::Options::from_build_options("-cl-std=CL2.0").unwrap();
//! let compiled = oclc::compile(&source, &options).expect("valid kernel");
//! std::fs::write(std::env::temp_dir().join("k.spv"), compiled.to_bytes()).unwrap();
//!
//! // The same call reports invalid atomics instead of emitting them.
//! let bad = oclc::Source::new(
//!     "bad.cl",
//!     "kernel void k(global atomic_int *p) { atomic_store_explicit(p, 1, memory_order_acquire); }",
//! );
//! let failed = oclc::compile(&bad, &options).unwrap_err();
//! assert_eq!(failed.report.diagnostics()[0].code.id, "E0401");
//! println!("{}", failed.report.render_human(oclc::HumanStyle::PLAIN));
//! ```
//!
//! Architecture invariant: this crate performs no output and never exits;
//! it reads files only through a [`FileLoader`] (the file system by
//! default) and returns every problem as data ([`Report`]). The CLI
//! (`crates/cli`) is the only place that prints and picks exit codes.
//!
//! Pipeline: [`Source`] → preprocessor → parser → semantic analysis and
//! atomic rules → SPIR-V emission → in-process validation. Each stage is a
//! function over the previous stage's data; see `docs/architecture.md`.

pub mod boundary;
pub mod builtins;
mod descriptor_map;
mod device;
mod device_info;
mod levels;
mod options;
mod overlap;
mod pipeline;
pub mod registry;
mod report;

pub use boundary::catch_panics;
pub use device::Device;
pub use device_info::{DeviceInfo, DeviceInfoError};
pub use levels::{LevelFlag, LintLevels};
pub use oclc_diagnostics::{decode_lossless, encode_lossless, raw_byte};
pub use oclc_diagnostics::{
    Applicability, Code, Diagnostic, Edit, FileId, Help, Label, Level, LineCol, Location, Severity,
    SourceMap, Span,
};
pub use oclc_preprocessor::{FileLoader, FsLoader, MacroOp};
pub use oclc_spirv::{ArgKind, ArgLayout, DisassembleError, KernelLayout};
pub use oclc_target::Env;
pub use oclc_target::{ClStd, Feature};
pub use options::{Options, OptionsError};
pub use pipeline::{
    check, check_with_loader, compile, compile_with_loader, ir_text, preprocess,
    preprocess_with_loader, MAX_SOURCE_BYTES,
};
pub use report::{HumanStyle, Outcome, Report};

/// One OpenCL C translation unit to compile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    name: String,
    text: String,
}

impl Source {
    /// A source from text; `name` is what diagnostics show (usually the
    /// path) and the directory `#include "..."` searches first.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Source {
        Source {
            name: name.into(),
            text: text.into(),
        }
    }

    /// A source from raw bytes. Each byte of a sequence that is not UTF-8
    /// is kept as a stand-in character ([`oclc_diagnostics::raw_byte`]):
    /// comments and string literals may contain such bytes, as in clang,
    /// and `oclc -E` writes them back unchanged; anywhere else the lexer
    /// reports the byte.
    pub fn from_bytes(name: impl Into<String>, bytes: Vec<u8>) -> Source {
        // Bytes that are not UTF-8 are kept (each as a stand-in character):
        // comments and literals may hold them, as clang allows; the lexer
        // reports one anywhere else.
        let (text, _) = oclc_diagnostics::decode_lossless(bytes);
        Source::new(name, text)
    }

    /// The name given at construction.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The text (with replacement characters if it was not UTF-8).
    pub fn text(&self) -> &str {
        &self.text
    }
}

/// A successful compilation: the SPIR-V module and any warnings.
#[derive(Clone, Debug)]
pub struct Compiled {
    /// The SPIR-V binary as 32-bit words (validated unless
    /// [`Options::validate`] was off).
    pub words: Vec<u32>,
    /// Warnings (no errors).
    pub report: Report,
    /// On the Vulkan target, each kernel's interface (what the host binds
    /// where); empty for OpenCL modules. [`Compiled::descriptor_map`]
    /// writes it as JSON.
    pub kernels: Vec<KernelLayout>,
}

impl Compiled {
    /// The descriptor map of a Vulkan module as JSON (`-fdescriptor-map=`;
    /// the format is in docs/vulkan.md).
    pub fn descriptor_map(&self) -> String {
        descriptor_map::to_json(&self.kernels)
    }

    /// The module as little-endian bytes, ready to write to a `.spv` file.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(self.words.len() * 4);
        for word in &self.words {
            bytes.extend_from_slice(&word.to_le_bytes());
        }
        bytes
    }

    /// Writes the module as little-endian bytes to `out`, converting a
    /// chunk at a time on the stack instead of building [`Compiled::to_bytes`]'
    /// copy of the whole module.
    ///
    /// # Errors
    /// Whatever `out` returns.
    pub fn write_to(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        const CHUNK_WORDS: usize = 4096;
        let mut buffer = [0u8; CHUNK_WORDS * 4];
        for chunk in self.words.chunks(CHUNK_WORDS) {
            for (bytes, word) in buffer.chunks_exact_mut(4).zip(chunk) {
                bytes.copy_from_slice(&word.to_le_bytes());
            }
            out.write_all(&buffer[..chunk.len() * 4])?;
        }
        Ok(())
    }

    /// The module as SPIR-V assembly text that `spirv-as` accepts.
    ///
    /// # Errors
    /// This build has no SPIRV-Tools (the `validate` feature).
    pub fn disassemble(&self) -> Result<String, DisassembleError> {
        disassemble(&self.words)
    }
}

/// A compilation that found errors: nothing was produced.
#[derive(Clone, Debug)]
pub struct Failed {
    /// The errors (and any warnings).
    pub report: Report,
}

impl std::fmt::Display for Failed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.report.render_human(HumanStyle::PLAIN))
    }
}

impl std::error::Error for Failed {}

/// SPIR-V assembly text for a module (as `spirv-dis --raw-id` prints it,
/// accepted by `spirv-as`), from SPIRV-Tools' disassembler.
///
/// # Errors
/// The words are not a module SPIRV-Tools can decode, or this build has no
/// SPIRV-Tools (the `validate` feature).
pub fn disassemble(words: &[u32]) -> Result<String, DisassembleError> {
    oclc_spirv::disassemble(words)
}

/// The version of oclc.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
