//! The driver: module-scope variables, every function, then the entry
//! points (whose interfaces need each kernel's transitive use of work-item
//! variables, known only once every function is emitted).

use oclc_diagnostics::Diagnostic;
use oclc_ir::{AddressSpace, Checked, ConstInit, Module};
use rspirv::spirv::{Capability, ExecutionMode, ExecutionModel, Op, StorageClass};

use crate::builtins::WorkItemVar;
use crate::function::{emit_function, FunctionSummary};
use crate::module::{impossible, unsupported, Emit, ModuleEmitter};
use crate::vulkan::KernelLayout;
use crate::words::{push_inst, push_inst_with_string};
use crate::Options;
use oclc_target::ValidationEnv;

/// What the back end produces for a module: everything the facade passes
/// on, so that no caller recomputes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Emitted {
    /// The SPIR-V module.
    pub words: Vec<u32>,
    /// Each kernel's interface on the Vulkan target, in source order
    /// (empty for OpenCL modules): what the descriptor map lists.
    pub kernels: Vec<KernelLayout>,
    /// The SPIRV-Tools environment the module validates under.
    pub validation_env: ValidationEnv,
}

/// Translates a checked module to SPIR-V.
///
/// # Errors
/// An `E0902` (`unsupported-construct`) diagnostic when the module holds
/// something the back end cannot translate (see [`crate::codes`]) or the
/// target's SPIR-V version is above `--spirv-max-version`; never for
/// modules semantic analysis produces from ordinary kernels.
// The error is taken at most once per compilation and goes straight into
// the report, so its size does not matter.
#[allow(clippy::result_large_err)]
pub fn emit(module: &Checked, options: &Options) -> Result<Emitted, Diagnostic> {
    let needed = options.env.spirv_version();
    if let Some(max) = options.max_version.filter(|&max| max < needed) {
        return Err(Diagnostic::new(
            &crate::codes::UNSUPPORTED_CONSTRUCT,
            format!(
                "the {} target needs SPIR-V {}.{}, above `--spirv-max-version={}.{}`",
                options.env, needed.0, needed.1, max.0, max.1
            ),
        ));
    }
    let checked = module;
    let calls_kernel = module.calls_kernel();
    let module: &Module = module;
    let split = if calls_kernel {
        crate::callable::split_called_kernels(module)
    } else {
        None
    };
    let module = split.as_ref().unwrap_or(module);
    // Vulkan has no generic address space: specialise functions per the
    // space their generic pointers take (see `crate::generic`).
    let resolved = if options.env.is_vulkan() {
        crate::generic::resolve(module)
    } else {
        None
    };
    let module = resolved.as_ref().unwrap_or(module);
    let mut m = ModuleEmitter::new(module, options);
    emit_module(&mut m).map_err(|diagnostic| *diagnostic)?;
    let version = m.version;
    let validation_env = options
        .env
        .validation_env(version, m.declares(Capability::Int64Atomics));
    let words = m.finish(version);
    // The interface of the module as written (before kernels called as
    // functions are split off); emission laid it out with the same
    // function, so this fails only where emission already did.
    let kernels = if options.env.is_vulkan() {
        crate::vulkan::descriptor_map(checked).map_err(|message| {
            Diagnostic::new(&crate::codes::UNSUPPORTED_CONSTRUCT, message)
                .with_severity(oclc_diagnostics::Severity::Bug)
        })?
    } else {
        Vec::new()
    };
    Ok(Emitted {
        words,
        kernels,
        validation_env,
    })
}

fn emit_module(m: &mut ModuleEmitter<'_>) -> Emit<()> {
    emit_globals(m)?;
    let mut summaries = Vec::with_capacity(m.module.functions.len());
    for index in 0..m.module.functions.len() {
        summaries.push(emit_function(m, index)?);
    }
    emit_entry_points(m, &summaries)?;
    // A module without kernels (an empty file, or helpers only) is a
    // library: SPIR-V allows a module with no entry point only when it
    // declares `Linkage`.
    if m.entry_points.is_empty() {
        // Vulkan has no `Linkage`: a Vulkan module is its entry points.
        if m.env.is_vulkan() {
            return Err(unsupported(
                None,
                "a Vulkan module without kernels (Vulkan has no library modules)",
            ));
        }
        m.require(Capability::Linkage);
    }
    Ok(())
}

/// Declares every module-scope variable, in IR order, except that those
/// whose initializers hold addresses come after the others (string
/// literals and tables they point into are declared first).
fn emit_globals(m: &mut ModuleEmitter<'_>) -> Emit<()> {
    let module = m.module;
    let has_address =
        |g: &oclc_ir::GlobalVariable| g.init.as_ref().is_some_and(ConstInit::has_address);
    let plain = module
        .globals
        .iter()
        .enumerate()
        .filter(|(_, g)| !has_address(g));
    let pointing = module
        .globals
        .iter()
        .enumerate()
        .filter(|(_, g)| has_address(g));
    for (index, global) in plain.chain(pointing) {
        if m.env.is_vulkan() && global.space != AddressSpace::Local {
            return Err(crate::module::unsupported(
                Some(global.span),
                format!(
                    "program-scope `{}` variable `{}` on the Vulkan target (only `local` \
                     variables and kernel arguments have Vulkan storage)",
                    global.space.keyword(),
                    global.name
                ),
            ));
        }
        let class = m.storage_class(global.space);
        let pointer_ty = m.pointer_to(class, global.ty)?;
        let initializer = match (global.space, &global.init) {
            (AddressSpace::Local, _) => None,
            (_, Some(init)) => Some(m.initializer(init, global.ty)?),
            (_, None) => {
                let ty = m.ty(global.ty)?;
                Some(m.null_constant(ty))
            }
        };
        let id = m
            .global_ids
            .get(index)
            .copied()
            .ok_or_else(|| impossible(Some(global.span), "a variable without an id"))?;
        let mut operands = vec![pointer_ty, id, class as u32];
        operands.extend(initializer);
        push_inst(&mut m.globals, Op::Variable, &operands);
        if !m.env.is_vulkan() {
            m.decorate_alignment(id, global.ty, global.align, class);
        }
        if class == StorageClass::UniformConstant {
            push_inst(
                &mut m.annotations,
                Op::Decorate,
                &[id, rspirv::spirv::Decoration::Constant as u32],
            );
        }
        m.name(id, &global.name);
    }
    Ok(())
}

/// One `OpEntryPoint` (and `OpExecutionMode LocalSize`) per kernel.
fn emit_entry_points(m: &mut ModuleEmitter<'_>, summaries: &[FunctionSummary]) -> Emit<()> {
    let module = m.module;
    for (index, function) in module.functions.iter().enumerate() {
        let Some(kernel) = &function.kernel else {
            continue;
        };
        let (used, variables) = reachable(index, summaries);
        let mut interface = Vec::new();
        for var in WorkItemVar::ALL {
            if used & (1 << var as u32) != 0 {
                interface.push(m.work_item_var(var));
            }
        }
        let id = m
            .function_ids
            .get(index)
            .copied()
            .ok_or_else(|| impossible(Some(function.span), "a kernel without an id"))?;
        if m.env.is_vulkan() {
            // SPIR-V 1.4+: the interface lists every module-scope variable
            // the entry point uses.
            interface.extend(variables);
            push_inst_with_string(
                &mut m.entry_points,
                Op::EntryPoint,
                &[ExecutionModel::GLCompute as u32, id],
                &function.name,
                &interface,
            );
            // The work-group size constants exist even when no function
            // reads them: they are how the host sets the size.
            m.workgroup_size()?;
            let [x, y, z] = m.vulkan_local_size();
            push_inst(
                &mut m.execution_modes,
                Op::ExecutionMode,
                &[id, ExecutionMode::LocalSize as u32, x, y, z],
            );
            continue;
        }
        push_inst_with_string(
            &mut m.entry_points,
            Op::EntryPoint,
            &[ExecutionModel::Kernel as u32, id],
            &function.name,
            &interface,
        );
        if let Some([x, y, z]) = kernel.reqd_work_group_size {
            push_inst(
                &mut m.execution_modes,
                Op::ExecutionMode,
                &[id, ExecutionMode::LocalSize as u32, x, y, z],
            );
        }
        if let Some([x, y, z]) = kernel.work_group_size_hint {
            push_inst(
                &mut m.execution_modes,
                Op::ExecutionMode,
                &[id, ExecutionMode::LocalSizeHint as u32, x, y, z],
            );
        }
        if let Some(hint) = kernel.vec_type_hint {
            push_inst(
                &mut m.execution_modes,
                Op::ExecutionMode,
                &[id, ExecutionMode::VecTypeHint as u32, hint],
            );
        }
        if let Some(size) = kernel.sub_group_size {
            // `SubgroupSize` needs `SubgroupDispatch` (SPIR-V 1.1), as
            // llvm-spirv emits it.
            m.require_version((1, 1), "`intel_reqd_sub_group_size`")?;
            m.require(Capability::SubgroupDispatch);
            push_inst(
                &mut m.execution_modes,
                Op::ExecutionMode,
                &[id, ExecutionMode::SubgroupSize as u32, size],
            );
        }
    }
    Ok(())
}

/// The work-item variables (a bit set) and the other module-scope
/// variables used by function `root` or anything it calls (an iterative
/// walk of the call graph; variables in first-use order, once each).
fn reachable(root: usize, summaries: &[FunctionSummary]) -> (u32, Vec<u32>) {
    let mut seen = vec![false; summaries.len()];
    let mut stack = vec![root];
    let mut used = 0;
    let mut variables: Vec<u32> = Vec::new();
    while let Some(index) = stack.pop() {
        let Some(summary) = summaries.get(index) else {
            continue;
        };
        if std::mem::replace(&mut seen[index], true) {
            continue;
        }
        used |= summary.work_items;
        for &variable in &summary.interface {
            if !variables.contains(&variable) {
                variables.push(variable);
            }
        }
        stack.extend(summary.callees.iter().map(|callee| callee.index()));
    }
    (used, variables)
}
