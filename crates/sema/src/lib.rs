//! Semantic analysis and the atomic rules: AST in, IR and diagnostics out
//! (the facade then runs the IR validator, whose `oclc_ir::Checked` is
//! what the back end takes).
//!
//! Architecture invariant: [`analyze`] never fails; it returns the IR it
//! could build and every diagnostic. When no diagnostic is an error, the
//! module is well typed and every atomic, fence and barrier satisfies the
//! OpenCL C specification, so the back end can translate it without
//! further checks.
//!
//! Data flow: `lower` resolves names (`scope`), builds types, applies C's
//! conversions and OpenCL's address-space rules, resolves built-ins
//! (`builtins`) and folds constant order/scope arguments (`consteval`);
//! then every rule in [`rules`] (one file each) inspects the IR. Lowering
//! reports with the E03xx/W03xx codes in [`codes`]; [`type_name`] spells
//! IR types the way messages quote them.

/// The explanation of the rule in `src/rules/<stem>.rs`: its leading `//!`
/// documentation without the title, as Markdown, written by `build.rs`
/// (defined before the modules, so that [`requirement`] can give E0417 the
/// `availability` rule's documentation).
macro_rules! rule_doc {
    ($stem:literal) => {
        include_str!(concat!(env!("OUT_DIR"), "/rule_docs/", $stem, ".md"))
    };
}

pub mod codes;
pub mod rules;

mod builtins;
mod consteval;
mod display;
mod lower;
mod requirement;
mod scope;
mod spec;

#[cfg(test)]
mod tests;

pub use display::type_name;

/// Every built-in name that not every target has, with what it needs in
/// words (the OpenCL C version, extensions and 3.0 features), in the
/// order of the built-in table (for `docs/builtins.md`).
pub fn builtin_requirements() -> Vec<(&'static str, String)> {
    builtins::table::entries()
        .iter()
        .filter_map(|e| Some((e.name, builtins::table::describe(&e.requires)?)))
        .collect()
}

use oclc_diagnostics::{Diagnostic, SourceMap};
use oclc_ir::Module;
use oclc_preprocessor::{Expansion, Interner, Pragma, Preprocessed};
use oclc_syntax::TranslationUnit;
use oclc_target::Target;

/// What semantic analysis and the rules need besides the tree: the
/// target, the sources, and the three things of the preprocessor's output
/// that outlive the token stream (symbol texts, macro expansions for
/// `ATOMIC_VAR_INIT`, pragmas for `FP_CONTRACT`). Lowering and every rule
/// read this one context.
#[derive(Clone, Copy, Debug)]
pub struct Context<'a> {
    /// The target (language version, features, pointer width).
    pub target: &'a Target,
    /// The sources (for fix texts that quote the input).
    pub sources: &'a SourceMap,
    /// The text of every symbol in the tree.
    pub symbols: &'a Interner,
    /// Every macro expansion that produced tokens.
    pub expansions: &'a [Expansion],
    /// Every pragma, in source order.
    pub pragmas: &'a [Pragma],
}

impl<'a> Context<'a> {
    /// Whether a `#pragma OPENCL EXTENSION` enables `extension` (by name
    /// or as `all`) anywhere in the source.
    pub fn pragma_enables(&self, extension: &str) -> bool {
        self.pragmas.iter().any(|p| {
            let words: Vec<&str> = p.text.split_whitespace().collect();
            matches!(words[..], ["#pragma", "OPENCL", "EXTENSION", name, ":", "enable"]
                if name == extension || name == "all")
        })
    }

    /// The context for a tree parsed from `pp`.
    pub fn new(target: &'a Target, sources: &'a SourceMap, pp: &'a Preprocessed) -> Self {
        Context {
            target,
            sources,
            symbols: &pp.interner,
            expansions: &pp.expansions,
            pragmas: &pp.pragmas,
        }
    }
}

/// The result of analysis.
#[derive(Debug, Default)]
pub struct Analyzed {
    /// The IR (complete only when no error was reported).
    pub module: Module,
    /// Errors and lint findings at their default levels.
    pub diagnostics: Vec<Diagnostic>,
}

/// Analyses a translation unit and runs every rule.
///
/// The tree is consumed: each item is freed as soon as it is lowered, so
/// that the tree and the IR never take their whole memory at once.
pub fn analyze(unit: TranslationUnit, cx: Context<'_>) -> Analyzed {
    analyze_items(unit.items, cx, &mut drop)
}

/// [`analyze`] over a translation unit's items as they come, in source
/// order: the items may still be being parsed (an iterator over a channel
/// from the parser's thread). Each item goes to `done` as soon as it is
/// lowered (to be freed, by whichever thread allocated it).
pub fn analyze_items(
    items: impl IntoIterator<Item = oclc_syntax::ast::Item>,
    cx: Context<'_>,
    done: &mut dyn FnMut(oclc_syntax::ast::Item),
) -> Analyzed {
    let (module, mut diagnostics) = lower::Lowerer::new(cx).lower_unit(items, done);
    diagnostics.extend(rules::check(&module, &cx));
    Analyzed {
        module,
        diagnostics,
    }
}
