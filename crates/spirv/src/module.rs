//! Module-level emission state: id allocation, the module's sections,
//! capabilities and extensions, and the final assembly of the binary.
//!
//! Functions are emitted into their own word streams by
//! [`crate::function`]; everything that lives at module scope (types,
//! constants, variables, names, decorations) is appended here on first use,
//! so ids are numbered in first-use order and the output is deterministic.

use std::collections::BTreeSet;

use oclc_diagnostics::{Diagnostic, Span};
use oclc_ir::{FunctionId, GlobalId, Module, StructId};
use rspirv::spirv::{Capability, Decoration, Op};
use rustc_hash::FxHashMap;

use crate::codes::UNSUPPORTED_CONSTRUCT;
use crate::words::{push_inst, push_inst_with_string, Word, GENERATOR, MAGIC};
use crate::Options;
use oclc_target::Env;

/// Internal result: the error is boxed to keep `Result`s small.
pub(crate) type Emit<T> = Result<T, Box<Diagnostic>>;

/// The deepest nesting of expressions, statements and types the back end
/// follows. The parser limits source nesting to 512 levels; the implicit
/// conversions semantic analysis makes explicit add some. At this depth a
/// debug build needs under 2 MiB of stack (the default for spawned
/// threads; tested).
pub(crate) const MAX_NESTING: u32 = 768;

/// A state the back end's own bookkeeping rules out (an IR id without a
/// SPIR-V id): reported as a bug in oclc (exit status 3), never as the
/// input's fault.
pub(crate) fn impossible(span: Option<Span>, message: &str) -> Box<Diagnostic> {
    Box::new(
        unsupported(span, format!("internal: {message}"))
            .with_severity(oclc_diagnostics::Severity::Bug),
    )
}

/// An `unsupported-construct` internal error at `span` (if known).
pub(crate) fn unsupported(span: Option<Span>, message: impl Into<String>) -> Box<Diagnostic> {
    let message = message.into();
    let diagnostic = Diagnostic::new(&UNSUPPORTED_CONSTRUCT, message.clone());
    Box::new(match span {
        Some(span) => diagnostic.with_primary(span, "while translating this to SPIR-V"),
        None => diagnostic,
    })
}

/// A SPIR-V type, structurally (IR types that differ only in qualifiers or
/// signedness map to the same key).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum TypeKey {
    Void,
    Bool,
    Int(u8),
    Float(u8),
    Vector(Word, u8),
    Pointer(u32, Word),
    Array(Word, Word),
    /// A struct, or a union's representation, keyed by the IR struct.
    Struct(StructId),
    Function(Word, Vec<Word>),
    Sampler,
    Event,
    /// `OpTypePipe` with its access qualifier.
    Pipe(u32),
    ReserveId,
    /// `OpTypeImage`: dim, depth, arrayed, access qualifier.
    Image(u32, u32, u32, u32),
    /// `OpTypeSampledImage` of an image type.
    SampledImage(Word),
}

/// A module-scope constant.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum ConstKey {
    /// `OpConstant` of a scalar type, as bits (zero-extended).
    Scalar(Word, u64),
    /// `OpConstantTrue` / `OpConstantFalse`.
    Bool(bool),
    /// `OpConstantNull`.
    Null(Word),
    /// `OpConstantComposite`.
    Composite(Word, Vec<Word>),
    /// `OpUndef`.
    Undef(Word),
    /// `OpConstantSampler`: addressing mode, normalized (0/1), filter mode.
    Sampler(u32, u32, u32),
}

/// How far a struct's type declaration has got (for self-referential
/// structs, whose pointers need `OpTypeForwardPointer`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum StructState {
    NotStarted,
    InProgress(Word),
    Done(Word),
}

/// Module-level emission state.
pub(crate) struct ModuleEmitter<'m> {
    pub(crate) module: &'m Module,
    pub(crate) options: &'m Options,
    /// The target's policy (`options.env`).
    pub(crate) env: Env,
    next_id: Word,
    capabilities: BTreeSet<u32>,
    extensions: BTreeSet<&'static str>,
    ext_inst_import: Option<Word>,
    /// `OpName`s.
    pub(crate) names: Vec<u32>,
    /// `OpDecorate`s.
    pub(crate) annotations: Vec<u32>,
    /// Types, constants and module-scope variables, in definition order.
    pub(crate) globals: Vec<u32>,
    /// `OpEntryPoint`s.
    pub(crate) entry_points: Vec<u32>,
    /// `OpExecutionMode`s.
    pub(crate) execution_modes: Vec<u32>,
    /// Function definitions.
    pub(crate) functions: Vec<u32>,
    /// IR type → SPIR-V type id (value types), indexed by `TypeId`.
    pub(crate) ir_types: Vec<Option<Word>>,
    pub(crate) types: FxHashMap<TypeKey, Word>,
    pub(crate) constants: FxHashMap<ConstKey, Word>,
    pub(crate) structs: Vec<StructState>,
    /// Forward-declared pointers to structs in progress: (struct id,
    /// pointer id, storage class).
    pub(crate) forward_pointers: Vec<(Word, Word, u32)>,
    /// Pre-allocated function ids, indexed by `FunctionId`.
    pub(crate) function_ids: Vec<Word>,
    /// Module-scope variable ids, indexed by `GlobalId` (allocated up front).
    pub(crate) global_ids: Vec<Word>,
    /// Work-item built-in `Input` variables, indexed by
    /// [`crate::builtins::WorkItemVar`].
    pub(crate) builtin_vars: Vec<Option<Word>>,
    /// Current nesting depth (see [`MAX_NESTING`]).
    pub(crate) depth: u32,
    /// State of the Vulkan target's interface.
    pub(crate) vulkan: crate::vulkan::VulkanState,
    /// Struct types being lowered, innermost last (see
    /// [`crate::types::MAX_STRUCT_NESTING`]).
    pub(crate) struct_depth: u32,
    /// Per IR struct (indexed by `StructId`), how deeply structs nest in
    /// it, itself included (SPIR-V allows 255).
    pub(crate) struct_nesting: Vec<u32>,
    /// Per IR struct, once asked for: the SPIR-V member index of each of
    /// its members when padding moves them (empty when none does).
    pub(crate) member_indices: Vec<Option<Vec<u32>>>,
    /// The SPIR-V version the module declares: the environment's, raised
    /// by [`ModuleEmitter::require_version`].
    pub(crate) version: (u8, u8),
    /// Whether the module computes with `half` values (capability
    /// `Float16`) rather than only storing them through pointers
    /// (`Float16Buffer`, which drivers without fp16 arithmetic accept).
    pub(crate) half_values: bool,
}

impl<'m> ModuleEmitter<'m> {
    /// A fresh emitter with ids reserved for every function and global.
    pub(crate) fn new(module: &'m Module, options: &'m Options) -> Self {
        let mut emitter = ModuleEmitter {
            module,
            options,
            env: options.env,
            next_id: 1,
            capabilities: BTreeSet::new(),
            extensions: BTreeSet::new(),
            ext_inst_import: None,
            names: Vec::new(),
            annotations: Vec::new(),
            globals: Vec::new(),
            entry_points: Vec::new(),
            execution_modes: Vec::new(),
            functions: Vec::new(),
            ir_types: vec![None; module.types.iter().count()],
            types: FxHashMap::default(),
            constants: FxHashMap::default(),
            structs: Vec::new(),
            forward_pointers: Vec::new(),
            function_ids: Vec::new(),
            global_ids: Vec::new(),
            builtin_vars: vec![None; crate::builtins::WORK_ITEM_VAR_COUNT],
            depth: 0,
            vulkan: Default::default(),
            struct_depth: 0,
            struct_nesting: Vec::new(),
            member_indices: Vec::new(),
            version: options.env.spirv_version(),
            half_values: options.env.is_vulkan() || crate::types::uses_half_values(module),
        };
        if options.env.is_vulkan() {
            emitter.require(Capability::Shader);
            emitter.require(Capability::VulkanMemoryModel);
            emitter.require(Capability::VariablePointersStorageBuffer);
        } else {
            emitter.require(Capability::Addresses);
            emitter.require(Capability::Kernel);
        }
        emitter.function_ids = (0..module.functions.len()).map(|_| emitter.id()).collect();
        emitter.global_ids = (0..module.globals.len()).map(|_| emitter.id()).collect();
        emitter
    }

    /// A fresh id.
    pub(crate) fn id(&mut self) -> Word {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    /// Declares a capability.
    pub(crate) fn require(&mut self, capability: Capability) {
        self.capabilities.insert(capability as u32);
    }

    /// Whether the module declares `capability`.
    pub(crate) fn declares(&self, capability: Capability) -> bool {
        self.capabilities.contains(&(capability as u32))
    }

    /// Raises the module's SPIR-V version to `version` for `what` (the
    /// construct that needs it), within `--spirv-max-version`.
    pub(crate) fn require_version(&mut self, version: (u8, u8), what: &str) -> Emit<()> {
        if version <= self.version {
            return Ok(());
        }
        if let Some(max) = self.options.max_version.filter(|&max| max < version) {
            return Err(unsupported(
                None,
                format!(
                    "this module needs SPIR-V {}.{} for {what}, above `--spirv-max-version={}.{}`",
                    version.0, version.1, max.0, max.1
                ),
            ));
        }
        self.version = version;
        Ok(())
    }

    /// Declares an extension.
    pub(crate) fn require_extension(&mut self, name: &'static str) {
        self.extensions.insert(name);
    }

    /// The extended instruction set (`OpenCL.std`, or `GLSL.std.450` on
    /// the Vulkan target), imported on first use.
    pub(crate) fn opencl_std(&mut self) -> Word {
        match self.ext_inst_import {
            Some(id) => id,
            None => {
                let id = self.id();
                self.ext_inst_import = Some(id);
                id
            }
        }
    }

    /// The id of a function.
    pub(crate) fn function_id(&self, id: FunctionId) -> Option<Word> {
        self.function_ids.get(id.index()).copied()
    }

    /// The id of a module-scope variable.
    pub(crate) fn global_id(&self, id: GlobalId) -> Option<Word> {
        self.global_ids.get(id.index()).copied()
    }

    /// Adds `OpDecorate %target decoration operands…`.
    pub(crate) fn decorate(&mut self, target: Word, decoration: Decoration, operands: &[u32]) {
        let mut words = vec![target, decoration as u32];
        words.extend_from_slice(operands);
        push_inst(&mut self.annotations, Op::Decorate, &words);
    }

    /// Adds `OpName %target "name"` (empty names are skipped).
    pub(crate) fn name(&mut self, target: Word, name: &str) {
        if !name.is_empty() {
            push_inst_with_string(&mut self.names, Op::Name, &[target], name, &[]);
        }
    }

    /// Enters one nesting level; fails past [`MAX_NESTING`].
    pub(crate) fn enter(&mut self, span: Option<Span>) -> Emit<()> {
        if self.depth >= MAX_NESTING {
            return Err(unsupported(
                span,
                format!("nesting deeper than {MAX_NESTING} levels"),
            ));
        }
        self.depth += 1;
        Ok(())
    }

    /// Leaves one nesting level.
    pub(crate) fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// Assembles the header and every section into the final binary.
    pub(crate) fn finish(self, version: (u8, u8)) -> Vec<u32> {
        let mut out = vec![
            MAGIC,
            (u32::from(version.0) << 16) | (u32::from(version.1) << 8),
            GENERATOR,
            self.next_id,
            0,
        ];
        for &capability in &self.capabilities {
            push_inst(&mut out, Op::Capability, &[capability]);
        }
        for extension in &self.extensions {
            push_inst_with_string(&mut out, Op::Extension, &[], extension, &[]);
        }
        if let Some(id) = self.ext_inst_import {
            let set = if self.env.is_vulkan() {
                "GLSL.std.450"
            } else {
                "OpenCL.std"
            };
            push_inst_with_string(&mut out, Op::ExtInstImport, &[id], set, &[]);
        }
        use rspirv::spirv::{AddressingModel, MemoryModel};
        let (addressing, model) = match self.env {
            Env::Vulkan { .. } => (AddressingModel::Logical, MemoryModel::Vulkan),
            Env::OpenCl if self.module.pointer_bits == 32 => {
                (AddressingModel::Physical32, MemoryModel::OpenCL)
            }
            Env::OpenCl => (AddressingModel::Physical64, MemoryModel::OpenCL),
        };
        push_inst(
            &mut out,
            Op::MemoryModel,
            &[addressing as u32, model as u32],
        );
        out.extend_from_slice(&self.entry_points);
        out.extend_from_slice(&self.execution_modes);
        push_inst(
            &mut out,
            Op::Source,
            &[
                rspirv::spirv::SourceLanguage::OpenCL_C as u32,
                source_version(self.module.source_version),
            ],
        );
        out.extend_from_slice(&self.names);
        out.extend_from_slice(&self.annotations);
        out.extend_from_slice(&self.globals);
        out.extend_from_slice(&self.functions);
        out
    }
}

/// The `OpSource` version of an OpenCL C version given as 100, 110, 120,
/// 200 or 300: major × 100000 + minor × 1000 (so 2.0 is 200000 and 1.2 is
/// 102000, as llvm-spirv writes them).
pub(crate) fn source_version(version: u32) -> u32 {
    let major = version / 100;
    let minor = version % 100 / 10;
    major * 100_000 + minor * 1000
}

#[cfg(test)]
mod tests {
    use super::source_version;

    #[test]
    fn source_versions_match_llvm_spirv() {
        assert_eq!(source_version(120), 102_000);
        assert_eq!(source_version(200), 200_000);
        assert_eq!(source_version(300), 300_000);
        assert_eq!(source_version(110), 101_000);
    }
}
