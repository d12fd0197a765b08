//! The three renderers of diagnostics: [`human`] text (codespan-reporting,
//! rustc's look), [`json`] lines (rustc's `--error-format=json` shape) and
//! [`sarif`] 2.1.0 logs. They share one span resolution, so every format
//! reports the same lines and columns, and none panics on a span that is
//! reversed, past the end of its file or in an unknown file.

mod excerpt;
mod files;
pub mod human;
pub mod json;
mod position;
pub use position::{locate, Location};
pub mod sarif;
