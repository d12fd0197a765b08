//! End-to-end tests of semantic analysis: OpenCL C source through the
//! preprocessor and parser into [`crate::analyze`].

mod errors;
mod fuzz;
mod ir_shape;
mod valid;

use oclc_diagnostics::{Diagnostic, SourceMap};
use oclc_ir::{AtomicCall, ExprKind, Function, Module};
use oclc_preprocessor::{Config, FsLoader};
use oclc_target::{ClStd, Target};

use crate::{analyze, Context};

/// The result of compiling one source for tests.
pub(crate) struct Compiled {
    /// The IR.
    pub module: Module,
    /// Parser and analysis diagnostics (preprocessor ones too).
    pub diagnostics: Vec<Diagnostic>,
}

impl Compiled {
    /// Diagnostics of severity error and above.
    pub fn errors(&self) -> Vec<&Diagnostic> {
        self.diagnostics.iter().filter(|d| d.is_error()).collect()
    }

    /// Ids of every error, in order.
    pub fn error_ids(&self) -> Vec<&'static str> {
        self.errors().iter().map(|d| d.code.id).collect()
    }

    /// The function called `name`.
    pub fn function(&self, name: &str) -> &Function {
        self.module
            .functions
            .iter()
            .find(|f| f.name == name)
            .unwrap_or_else(|| panic!("no function `{name}`"))
    }

    /// Every atomic call in `function`, in arena order.
    pub fn atomics<'a>(&'a self, function: &'a Function) -> Vec<&'a AtomicCall> {
        function
            .exprs
            .iter()
            .filter_map(|e| match &e.kind {
                ExprKind::Atomic(call) => Some(&**call),
                _ => None,
            })
            .collect()
    }
}

/// Compiles `source` for a target of `std`.
pub(crate) fn compile_for(source: &str, target: Target) -> Compiled {
    let mut sources = SourceMap::new();
    let main = sources.add("test.cl", source);
    let config = Config {
        target,
        ..Config::default()
    };
    let pp = oclc_preprocessor::preprocess(&mut sources, main, &config, &FsLoader);
    let parsed = oclc_syntax::parse(&pp);
    let analyzed = analyze(parsed.unit, Context::new(&target, &sources, &pp));
    let mut diagnostics = pp.diagnostics.clone();
    diagnostics.extend(parsed.diagnostics);
    diagnostics.extend(analyzed.diagnostics);
    Compiled {
        module: analyzed.module,
        diagnostics,
    }
}

/// Compiles `source` for OpenCL C 2.0 with the default features.
pub(crate) fn compile(source: &str) -> Compiled {
    compile_for(source, Target::new(ClStd::Cl20))
}

/// Compiles `source` and asserts there is no error.
pub(crate) fn compile_ok(source: &str) -> Compiled {
    let compiled = compile(source);
    let errors: Vec<String> = compiled
        .errors()
        .iter()
        .map(|d| format!("{}: {}", d.code.id, d.message))
        .collect();
    assert!(
        errors.is_empty(),
        "unexpected errors: {errors:#?}\nin:\n{source}"
    );
    compiled
}
