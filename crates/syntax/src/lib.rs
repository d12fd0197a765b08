//! The OpenCL C parser: preprocessed tokens in, a spanned AST out.
//!
//! Architecture invariant: parsing never fails. [`parse`] always returns a
//! [`TranslationUnit`] (with `Error` nodes where input could not be read)
//! plus diagnostics written as a person would write them ("expected `;`
//! after expression"), never raw lists of expected tokens. The grammar is
//! `grammar/opencl_c.lalrpop` at the repository root, compiled by this
//! crate's `build.rs`; this is the only crate that pays LALRPOP's build cost.
//!
//! Data flow: [`lexer`] turns [`oclc_preprocessor::Token`]s into grammar
//! terminals (keywords, type names — including user typedef names tracked
//! with scope — literals, punctuators) and bounds bracket nesting; the
//! generated parser builds the AST through the constructors in [`ast`];
//! [`errors`] turns LALRPOP's errors into diagnostics and drives recovery.

pub mod ast;

use oclc_diagnostics::Diagnostic;
use oclc_preprocessor::Preprocessed;

pub use ast::TranslationUnit;

/// The parser's result.
#[derive(Debug, Default)]
pub struct Parsed {
    /// The tree (partial when there were errors).
    pub unit: TranslationUnit,
    /// Syntax errors, limits exceeded, constructs not supported yet.
    pub diagnostics: Vec<Diagnostic>,
}

/// Parses a preprocessed translation unit.
pub fn parse(pp: &Preprocessed) -> Parsed {
    let _ = pp;
    todo!("parser")
}
