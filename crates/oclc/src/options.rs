//! Compiler options, and the parser for clang-style build-option strings
//! (`-cl-std=CL2.0 -DN=64 -I include -Werror`) that both the CLI and
//! OpenCL runtimes forwarding `clBuildProgram` options use.

use crate::levels::{LevelFlag, LintLevels};
use oclc_preprocessor::MacroOp;
use oclc_target::{ClStd, Feature};
use std::fmt;
use std::path::PathBuf;

/// Everything that changes what oclc produces.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// `-cl-std=` (default CL2.0).
    pub std: ClStd,
    /// `-cl-ext=+name,-name`, in order (`all` allowed as a name; names
    /// oclc does not know have no effect).
    pub extensions: Vec<(String, bool)>,
    /// `-target spirv64` (64, the default) or `spirv32` (32); 32 on the
    /// Vulkan target.
    pub pointer_bits: u32,
    /// `-target vulkan1.2` / `vulkan1.3` (also `--target-env=`): a Vulkan
    /// compute module instead of an OpenCL one (default OpenCL).
    pub env: oclc_target::Env,
    /// `-D` / `-U` in order.
    pub macros: Vec<MacroOp>,
    /// `-I` directories in order.
    pub include_dirs: Vec<PathBuf>,
    /// `--spirv-max-version=1.N`: the highest SPIR-V version the module may
    /// use (none by default). OpenCL modules are 1.0; a Vulkan target needs
    /// 1.5 or 1.6, and a lower maximum is an error.
    pub spirv_max_version: Option<(u8, u8)>,
    /// Validate the module in-process before returning it (default true;
    /// `--no-validate` turns it off). Without the `validate` Cargo feature
    /// validation is unavailable and this flag is ignored.
    pub validate: bool,
    /// `-g`: more names in the module.
    pub debug_info: bool,
    /// Warning and lint levels (`-w`, `-Werror`, `-W<name>`, ...).
    pub levels: LintLevels,
    /// `-ferror-limit=N`: stop after N errors (0 = no limit). The library's
    /// default is 0; the `oclc` command's is 20, as clang's (`oclc lint`
    /// reports everything unless asked).
    pub error_limit: u32,
    /// `-cl-single-precision-constant`, `-cl-fast-relaxed-math`,
    /// `-cl-finite-math-only`: what they change of the language.
    pub math: oclc_target::MathOptions,
    /// The build time `__DATE__`, `__TIME__` and `__TIMESTAMP__` show, in
    /// seconds since the Unix epoch (UTC). The library's default, `None`,
    /// gives GCC's placeholders for an unknown time (`"??? ?? ????"`), so
    /// output depends on the input alone; the `oclc` command sets it from
    /// `SOURCE_DATE_EPOCH`, or from the clock.
    pub build_time: Option<u64>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            std: ClStd::Cl20,
            extensions: Vec::new(),
            pointer_bits: 64,
            env: oclc_target::Env::OpenCl,
            macros: Vec::new(),
            include_dirs: Vec::new(),
            spirv_max_version: None,
            validate: true,
            debug_info: false,
            levels: LintLevels::default(),
            error_limit: 0,
            math: oclc_target::MathOptions::default(),
            build_time: None,
        }
    }
}

/// A build option oclc could not accept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionsError {
    /// The offending argument.
    pub arg: String,
    /// What is wrong with it.
    pub reason: String,
}

impl fmt::Display for OptionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid option `{}`: {}", self.arg, self.reason)
    }
}

impl std::error::Error for OptionsError {}

/// `-cl-*` options that OpenCL defines and that cannot change what oclc
/// emits for integer atomics: they are accepted and recorded.
const IGNORED_CL_FLAGS: &[&str] = &[
    "-cl-opt-disable",
    "-cl-mad-enable",
    "-cl-no-signed-zeros",
    "-cl-unsafe-math-optimizations",
    "-cl-denorms-are-zero",
    "-cl-fp32-correctly-rounded-divide-sqrt",
    "-cl-uniform-work-group-size",
    "-cl-no-subgroup-ifp",
    "-cl-kernel-arg-info",
    "-cl-strict-aliasing",
];

impl Options {
    /// Parses a `clBuildProgram`-style option string. Arguments are
    /// separated by white space; single or double quotes group.
    ///
    /// ```
    /// let o = oclc::Options::from_build_options("-cl-std=CL3.0 -DN=64 -Werror").unwrap();
    /// assert_eq!(o.std, oclc::ClStd::Cl30);
    /// ```
    pub fn from_build_options(text: &str) -> Result<Options, OptionsError> {
        let mut options = Options::default();
        options.apply_build_options(text)?;
        Ok(options)
    }

    /// Applies a `clBuildProgram`-style option string on top of these
    /// options, in order (later options win, as on a command line). On an
    /// error, the options before the rejected one have been applied.
    ///
    /// # Errors
    /// An unknown or malformed option, or an unterminated quote.
    pub fn apply_build_options(&mut self, text: &str) -> Result<(), OptionsError> {
        let args = split_args(text).map_err(|reason| OptionsError {
            arg: text.to_string(),
            reason,
        })?;
        let mut iter = args.into_iter().peekable();
        while let Some(arg) = iter.next() {
            if !self.accept(&arg, &mut || iter.next())? {
                return Err(OptionsError {
                    arg,
                    reason: "unknown option".into(),
                });
            }
        }
        Ok(())
    }

    /// Selects the target by the name `-target` takes: `spirv64` (OpenCL,
    /// 64-bit pointers, the default), `spirv32`, `vulkan1.2` or `vulkan1.3`
    /// (also clang's spellings such as `spir64` and
    /// `spirv-unknown-vulkan1.2`).
    ///
    /// # Errors
    /// A name oclc does not know; the options are unchanged.
    pub fn set_target(&mut self, name: &str) -> Result<(), OptionsError> {
        let mut value = Some(name.to_string());
        self.accept("-target", &mut || value.take()).map(|_| ())
    }

    /// Sets the highest SPIR-V version the module may use
    /// (`--spirv-max-version=major.minor`): 1.0 to 1.6.
    ///
    /// # Errors
    /// Any other version; the options are unchanged.
    pub fn set_spirv_max_version(&mut self, major: u32, minor: u32) -> Result<(), OptionsError> {
        let arg = format!("--spirv-max-version={major}.{minor}");
        self.accept(&arg, &mut || None).map(|_| ())
    }

    /// Consumes one front-end option; `next` yields the following argument
    /// for options written with a separate value (`-D N`, `-I dir`,
    /// `-target spirv32`). Returns `Ok(false)` when `arg` is not a
    /// front-end option (the CLI then gives it to its own parser).
    pub fn accept(
        &mut self,
        arg: &str,
        next: &mut dyn FnMut() -> Option<String>,
    ) -> Result<bool, OptionsError> {
        let err = |reason: &str| OptionsError {
            arg: arg.to_string(),
            reason: reason.to_string(),
        };
        let mut value_of = |prefix: &str| -> Result<String, OptionsError> {
            let rest = &arg[prefix.len()..];
            if rest.is_empty() {
                next().ok_or_else(|| err("missing value"))
            } else {
                Ok(rest.to_string())
            }
        };
        if let Some(v) = arg.strip_prefix("-cl-std=") {
            self.std = ClStd::parse(v)
                .ok_or_else(|| err("expected CL1.0, CL1.1, CL1.2, CL2.0, CL3.0 or CL3.1"))?;
        } else if let Some(v) = arg.strip_prefix("-cl-ext=") {
            for item in v.split(',').filter(|s| !s.is_empty()) {
                let (on, name) = match item.as_bytes()[0] {
                    b'+' => (true, &item[1..]),
                    b'-' => (false, &item[1..]),
                    _ => return Err(err("each extension needs a `+` or `-` prefix")),
                };
                // A name oclc does not know (`cl_intel_subgroups`) is kept
                // and has no effect, as clang ignores it: build systems pass
                // their device's whole list.
                self.extensions.push((name.to_string(), on));
            }
        } else if arg.starts_with("-D") {
            let v = value_of("-D")?;
            let (name, value) = match v.split_once('=') {
                Some((n, val)) => (n.to_string(), Some(val.to_string())),
                None => (v, None),
            };
            if !is_macro_head(&name) {
                return Err(err("macro name must be an identifier"));
            }
            self.macros.push(MacroOp::Define(name, value));
        } else if arg.starts_with("-U") {
            let name = value_of("-U")?;
            if !is_identifier(&name) {
                return Err(err("macro name must be an identifier"));
            }
            self.macros.push(MacroOp::Undefine(name));
        } else if arg.starts_with("-I") {
            let dir = value_of("-I")?;
            self.include_dirs.push(PathBuf::from(dir));
        } else if arg == "-target" || arg.starts_with("--target=") {
            let v = if arg == "-target" {
                next().ok_or_else(|| err("missing value"))?
            } else {
                arg["--target=".len()..].to_string()
            };
            if let Some(env) = oclc_target::Env::parse_vulkan(&v) {
                self.env = env;
                self.pointer_bits = 32;
            } else {
                self.pointer_bits = match v.as_str() {
                    "spirv64" | "spir64" | "spirv64-unknown-unknown" => 64,
                    "spirv32" | "spir" | "spir32" | "spirv32-unknown-unknown" => 32,
                    _ => {
                        return Err(err(
                            "expected `spirv32`, `spirv64`, `vulkan1.2` or `vulkan1.3`",
                        ))
                    }
                };
                self.env = oclc_target::Env::OpenCl;
            }
        } else if arg == "--target-env" || arg.starts_with("--target-env=") {
            let v = if arg == "--target-env" {
                next().ok_or_else(|| err("missing value"))?
            } else {
                arg["--target-env=".len()..].to_string()
            };
            let env = oclc_target::Env::parse_vulkan(&v)
                .ok_or_else(|| err("expected `vulkan1.2` or `vulkan1.3`"))?;
            self.env = env;
            self.pointer_bits = 32;
        } else if let Some(v) = arg.strip_prefix("--spirv-max-version=") {
            self.spirv_max_version = Some(match v {
                "1.0" => (1, 0),
                "1.1" => (1, 1),
                "1.2" => (1, 2),
                "1.3" => (1, 3),
                "1.4" => (1, 4),
                "1.5" => (1, 5),
                "1.6" => (1, 6),
                _ => return Err(err("expected 1.0, 1.1, 1.2, 1.3, 1.4, 1.5 or 1.6")),
            });
        } else if let Some(v) = arg.strip_prefix("-ferror-limit=") {
            self.error_limit = v.parse().map_err(|_| err("expected a number"))?;
        } else if arg == "--no-validate" {
            self.validate = false;
        } else if arg == "-cl-single-precision-constant" {
            self.math.single_precision_constant = true;
        } else if arg == "-cl-fast-relaxed-math" {
            self.math.fast_relaxed = true;
            self.math.finite_only = true;
        } else if arg == "-cl-finite-math-only" {
            self.math.finite_only = true;
        } else if let Some(v) = arg.strip_prefix("-ffp-contract=") {
            // clang's `fast` also fuses across statements in its back end;
            // oclc contracts within an expression, as for `on`.
            self.math.fp_contract_off = match v {
                "off" => true,
                "on" | "fast" => false,
                _ => return Err(err("expected `on`, `off` or `fast`")),
            };
        } else if arg == "-g" {
            self.debug_info = true;
        } else if arg == "-g0" {
            self.debug_info = false;
        } else if matches!(arg, "-O" | "-O0" | "-O1" | "-O2" | "-O3" | "-Os")
            || IGNORED_CL_FLAGS.contains(&arg)
        {
            // Accepted for compatibility; they do not change the output.
        } else if let Some(flag) = LevelFlag::parse(arg).map_err(|reason| err(&reason))? {
            self.levels.apply(flag);
        } else {
            return Ok(false);
        }
        Ok(true)
    }

    /// The preprocessor/sema target these options select.
    pub fn target(&self) -> oclc_target::Target {
        let mut target = oclc_target::Target::new(self.std);
        target.pointer_bits = self.pointer_bits;
        target.env = self.env;
        target.math = self.math;
        for (name, on) in &self.extensions {
            let features: Vec<Feature> = if name == "all" {
                Feature::ALL.to_vec()
            } else {
                Feature::from_name(name).into_iter().collect()
            };
            for f in features {
                if *on {
                    target.features.insert(f);
                } else {
                    target.features.remove(f);
                }
            }
        }
        target
    }
}

/// `NAME` or a function-like `NAME(params)` as in `-D'SQ(x)=((x)*(x))'`.
fn is_macro_head(s: &str) -> bool {
    match s.split_once('(') {
        Some((name, params)) => is_identifier(name) && params.ends_with(')'),
        None => is_identifier(s),
    }
}

fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c == '_' || c.is_ascii_alphabetic())
        && chars.all(|c| c == '_' || c.is_ascii_alphanumeric())
}

/// Splits an option string on white space, honouring quotes and backslash
/// escapes like a POSIX shell would for simple cases.
fn split_args(text: &str) -> Result<Vec<String>, String> {
    let mut args = Vec::new();
    let mut current = String::new();
    let mut in_arg = false;
    let mut quote: Option<char> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some('"'), '\\') => current.extend(chars.next()),
            (Some(_), c) => current.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                in_arg = true;
            }
            (None, '\\') => {
                current.extend(chars.next());
                in_arg = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_arg {
                    args.push(std::mem::take(&mut current));
                    in_arg = false;
                }
            }
            (None, c) => {
                current.push(c);
                in_arg = true;
            }
        }
    }
    if quote.is_some() {
        return Err("unterminated quote".into());
    }
    if in_arg {
        args.push(current);
    }
    Ok(args)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_typical_build_string() {
        let o = Options::from_build_options(
            "-cl-std=CL3.0 -DN=64 -D FLAG -UOLD -I inc -cl-mad-enable -O2 -target spirv32 -cl-ext=-cl_khr_fp64,+cl_ext_float_atomics",
        )
        .unwrap();
        assert_eq!(o.std, ClStd::Cl30);
        assert_eq!(o.pointer_bits, 32);
        assert_eq!(
            o.macros,
            vec![
                MacroOp::Define("N".into(), Some("64".into())),
                MacroOp::Define("FLAG".into(), None),
                MacroOp::Undefine("OLD".into()),
            ]
        );
        assert_eq!(o.include_dirs, vec![PathBuf::from("inc")]);
        let t = o.target();
        assert!(!t.features.contains(Feature::KhrFp64));
        assert!(t.features.contains(Feature::ExtFloatAtomics));
    }

    #[test]
    fn fp_contract_takes_clangs_values() {
        let parse = |s: &str| Options::from_build_options(s).map(|o| o.math.fp_contract_off);
        assert_eq!(parse(""), Ok(false));
        assert_eq!(parse("-ffp-contract=off"), Ok(true));
        assert_eq!(parse("-ffp-contract=off -ffp-contract=on"), Ok(false));
        assert_eq!(parse("-ffp-contract=fast"), Ok(false));
        assert!(parse("-ffp-contract=maybe").is_err());
    }

    #[test]
    fn quotes_group_arguments() {
        let o = Options::from_build_options(r#"-D "MSG=a b" -D'X=1' -D SQ(x)=((x)*(x))"#).unwrap();
        assert_eq!(
            o.macros,
            vec![
                MacroOp::Define("MSG".into(), Some("a b".into())),
                MacroOp::Define("X".into(), Some("1".into())),
                MacroOp::Define("SQ(x)".into(), Some("((x)*(x))".into())),
            ]
        );
        assert!(Options::from_build_options("-D \"oops").is_err());
    }

    #[test]
    fn unknown_extension_names_have_no_effect() {
        let o =
            Options::from_build_options("-cl-ext=+cl_intel_subgroups,-__opencl_c_device_enqueue")
                .expect("accepted, as clang accepts it");
        assert_eq!(
            o.target(),
            Options::from_build_options("").unwrap().target()
        );
    }

    #[test]
    fn typed_setters_change_nothing_on_error() {
        let mut o = Options::from_build_options("-target vulkan1.3 -DN=1").unwrap();
        let before = o.clone();
        assert!(o.set_target("riscv").is_err());
        assert!(o.set_spirv_max_version(2, 0).is_err());
        assert_eq!(o, before);
        o.set_target("spirv32").unwrap();
        assert_eq!((o.env, o.pointer_bits), (oclc_target::Env::OpenCl, 32));
        o.set_spirv_max_version(1, 4).unwrap();
        assert_eq!(o.spirv_max_version, Some((1, 4)));
        o.apply_build_options("-DM=2 -cl-std=CL3.0").unwrap();
        assert_eq!(o.std, ClStd::Cl30);
        assert_eq!(o.macros.len(), 2);
    }

    #[test]
    fn rejects_unknown_and_malformed_options() {
        for bad in [
            "-cl-std=CL9.9",
            "--frobnicate",
            "-D",
            "-D 1X",
            "-target riscv",
            "-cl-ext=cl_khr_fp64",
            "-ferror-limit=lots",
            "--spirv-max-version=2.0",
            "-Wno-such-lint",
        ] {
            let e = Options::from_build_options(bad).unwrap_err();
            assert!(!e.reason.is_empty(), "{bad}");
        }
    }
}
