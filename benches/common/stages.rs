//! The compiler's stages called one at a time through their public crate
//! APIs, exactly as the `oclc` facade chains them
//! (`crates/oclc/src/pipeline.rs`), so each can be timed alone.

use oclc_diagnostics::{Diagnostic, SourceMap};
use oclc_preprocessor::{FsLoader, Preprocessed};
use oclc_syntax::Parsed;
use oclc_target::Target;

/// A source with its parsed build options.
pub struct Input {
    /// File name diagnostics show.
    pub name: String,
    /// The OpenCL C text.
    pub text: String,
    /// The build options.
    pub options: oclc::Options,
}

impl Input {
    /// An input from text and build options (oclc syntax).
    ///
    /// # Errors
    /// When oclc rejects the build options.
    pub fn new(name: &str, text: &str, options: &str) -> Result<Input, String> {
        let options = oclc::Options::from_build_options(options)
            .map_err(|e| format!("{name}: bad options `{options}`: {e:?}"))?;
        Ok(Input {
            name: name.to_owned(),
            text: text.to_owned(),
            options,
        })
    }
}

/// The preprocessor's output with the source map it filled.
pub struct Preprocessing {
    /// The main file, the `<built-in>` file and any included files.
    pub sources: SourceMap,
    /// Tokens, interner, expansions, pragmas, diagnostics.
    pub pp: Preprocessed,
    /// The target the options select.
    pub target: Target,
}

/// Stage 1: `oclc_preprocessor::preprocess`.
pub fn preprocess(input: &Input) -> Preprocessing {
    let mut sources = SourceMap::new();
    let main = sources.add(input.name.as_str(), input.text.as_str());
    let target = input.options.target();
    let config = oclc_preprocessor::Config {
        target,
        macros: input.options.macros.clone(),
        include_dirs: input.options.include_dirs.clone(),
        limits: Default::default(),
        build_time: input.options.build_time,
    };
    let pp = oclc_preprocessor::preprocess(&mut sources, main, &config, &FsLoader);
    Preprocessing {
        sources,
        pp,
        target,
    }
}

/// Stage 2: `oclc_syntax::parse`.
pub fn parse(pre: &Preprocessing) -> Parsed {
    oclc_syntax::parse(&pre.pp)
}

/// Stage 3: `oclc_sema::analyze` (lowering to IR and every rule), which
/// consumes the syntax tree (and frees it item by item).
pub fn analyze(pre: &Preprocessing, unit: oclc_syntax::TranslationUnit) -> oclc_sema::Analyzed {
    oclc_sema::analyze(
        unit,
        oclc_sema::Context::new(&pre.target, &pre.sources, &pre.pp),
    )
}

/// Stage 4a: the IR validator that gates emission
/// (`oclc_ir::Checked::new`).
///
/// # Errors
/// The validator's complaint (a lowering bug).
pub fn check(module: oclc_ir::Module) -> Result<oclc_ir::Checked, String> {
    oclc_ir::Checked::new(module).map_err(|invalid| invalid.problem)
}

/// Stage 4b: `oclc_spirv::emit`.
///
/// # Errors
/// The back end's internal error's message.
pub fn emit(module: &oclc_ir::Checked, options: &oclc::Options) -> Result<Vec<u32>, String> {
    let spirv_options = oclc_spirv::Options {
        debug_info: options.debug_info,
        env: options.env,
        max_version: options.spirv_max_version,
    };
    oclc_spirv::emit(module, &spirv_options)
        .map(|emitted| emitted.words)
        .map_err(|d| d.message)
}

/// Stage 5: `oclc_spirv::validate` (SPIRV-Tools, in process).
///
/// # Errors
/// The validator's complaint.
pub fn validate(words: &[u32]) -> Result<(), String> {
    oclc_spirv::validate(words).map_err(|d| d.notes.join("; "))
}

/// Every stage's output for one input, for benchmarking the next stage.
pub struct Staged {
    /// The input.
    pub input: Input,
    /// Stage 1's output.
    pub pre: Preprocessing,
    /// Stage 2's output.
    pub parsed: Parsed,
    /// Stage 3's output, when stages 1–2 reported no error.
    pub analyzed: Option<oclc_sema::Analyzed>,
    /// Stage 4a's output (a copy of the analysed module), when stages 1–3
    /// reported no error.
    pub checked: Option<oclc_ir::Checked>,
    /// Stage 4's output, when stages 1–3 reported no error.
    pub words: Option<Vec<u32>>,
}

impl Staged {
    /// Runs every stage once, stopping where the facade would (after the
    /// first stage that reports an error).
    pub fn run(input: Input) -> Staged {
        let pre = preprocess(&input);
        let parsed = parse(&pre);
        let front_ok = !pre.pp.diagnostics.iter().any(Diagnostic::is_error)
            && !parsed.diagnostics.iter().any(Diagnostic::is_error);
        let analyzed = front_ok.then(|| analyze(&pre, parsed.unit.clone()));
        let checked = analyzed
            .as_ref()
            .filter(|a| !a.diagnostics.iter().any(Diagnostic::is_error))
            .and_then(|a| check(a.module.clone()).ok());
        let words = checked.as_ref().and_then(|c| emit(c, &input.options).ok());
        Staged {
            input,
            pre,
            parsed,
            analyzed,
            checked,
            words,
        }
    }

    /// Size of the input in bytes.
    pub fn bytes(&self) -> u64 {
        self.input.text.len() as u64
    }
}
