//! Source files, spans and the one `Diagnostic` type every oclc stage reports with.
//!
//! Architecture invariant: this crate knows nothing about OpenCL C. It holds
//! the [`SourceMap`] (every file read, including `#include`d ones), byte
//! [`Span`]s into it, the [`Diagnostic`] data type with its stable [`Code`],
//! and the renderers that turn diagnostics into human text (codespan-reporting),
//! JSON lines (rustc's shape) and SARIF 2.1.0. Renderers write into a
//! caller-supplied writer; nothing here prints or exits.

mod diagnostic;
mod raw_bytes;
mod registry;
pub mod render;
mod source_map;

pub use diagnostic::{
    excerpt, Applicability, Code, Diagnostic, Edit, Help, Label, Level, Severity,
};
pub use raw_bytes::{decode_lossless, encode_lossless, raw_byte};
pub use registry::markdown_reference;
pub use render::human::{render_human, HumanOptions};
pub use render::json::render_json;
pub use render::sarif::render_sarif;
pub use render::{locate, Location};
pub use source_map::{FileId, LineCol, SourceFile, SourceMap, Span};
