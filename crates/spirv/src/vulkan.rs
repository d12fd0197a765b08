//! What the Vulkan target adds to emission: the kernel interface (storage
//! buffers, a push-constant block, work-group arrays for `local` pointer
//! arguments), its description for hosts (the descriptor map), the
//! work-group size, and work-item values computed from Vulkan's built-ins.
//!
//! # Kernel interface
//! A kernel becomes a `GLCompute` entry point with no parameters. Its
//! arguments, in order:
//! * a `global` or `constant` pointer: a storage buffer at descriptor set
//!   0, binding = the argument's index, holding a runtime array of the
//!   pointee (`ArrayStride` its OpenCL size); the argument's value is a
//!   pointer to element 0;
//! * a `local` pointer: a `Workgroup` array whose length is the
//!   specialization constant `SpecId` 3, 4, … (one per `local` argument,
//!   in order; default 1 element), which the host sets to the number of
//!   elements it would have passed to `clSetKernelArg` as a size;
//! * anything else (scalars, vectors, structs): a member of the kernel's
//!   push-constant block at the argument's OpenCL-aligned offset.
//!
//! The work-group size is `LocalSize` from `reqd_work_group_size` when
//! every kernel of the module gives the same one; otherwise a
//! specialization constant composite (`SpecId` 0, 1, 2, default 1)
//! decorated `BuiltIn WorkgroupSize`, as clspv does.

use oclc_diagnostics::Span;
use oclc_ir::{AddressSpace, ExprId, Function, Module, Type, TypeId};
use rspirv::spirv::{BuiltIn, Decoration, Op, StorageClass};

use crate::builtins::{Lazy, WorkItemVar};
use crate::function::FunctionEmitter;
use crate::module::{impossible, unsupported, Emit, ModuleEmitter};
use crate::words::{push_inst, Word};

/// The first specialization-constant id of `local` argument sizes.
const FIRST_LOCAL_SPEC_ID: u32 = 3;

/// How the host passes one kernel argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgKind {
    /// A storage buffer (a `global` or `constant` pointer argument).
    Buffer {
        /// Descriptor set (always 0).
        set: u32,
        /// Binding (the argument's index).
        binding: u32,
        /// Size of one element in bytes.
        elem_size: u32,
    },
    /// A value in the push-constant block.
    PushConstant {
        /// Offset in the block, in bytes.
        offset: u32,
        /// Size in bytes.
        size: u32,
    },
    /// A `local` pointer: a work-group array sized by a specialization
    /// constant (in elements).
    Local {
        /// The specialization constant id.
        spec_id: u32,
        /// Size of one element in bytes.
        elem_size: u32,
    },
}

/// One kernel argument's place in the interface.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArgLayout {
    /// The argument's position.
    pub index: u32,
    /// Its name in the source.
    pub name: String,
    /// How it is passed.
    pub kind: ArgKind,
}

/// A kernel's interface on the Vulkan target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelLayout {
    /// The entry point's name.
    pub name: String,
    /// The arguments, in order.
    pub args: Vec<ArgLayout>,
    /// Size of the push-constant block in bytes (0: none).
    pub push_constant_size: u32,
    /// The fixed work-group size, or `None` when it is set through
    /// specialization constants 0, 1 and 2.
    pub local_size: Option<[u32; 3]>,
}

/// The interface of every kernel of `module` on the Vulkan target, in
/// source order.
///
/// # Errors
/// A message naming an argument the Vulkan target cannot pass.
pub(crate) fn descriptor_map(module: &Module) -> Result<Vec<KernelLayout>, String> {
    let local_size = module_local_size(module).map_err(|(_, message)| message)?;
    module
        .functions
        .iter()
        .filter(|f| f.kernel.is_some())
        .map(|f| kernel_layout(module, f, local_size).map_err(|(_, message)| message))
        .collect()
}

/// The work-group size shared by every kernel (`Some` when all give the
/// same `reqd_work_group_size`, `None` when none does).
fn module_local_size(module: &Module) -> Result<Option<[u32; 3]>, (Option<Span>, String)> {
    let mut sizes = module
        .functions
        .iter()
        .filter_map(|f| f.kernel.as_ref().map(|k| (f, k.reqd_work_group_size)));
    let Some((_, first)) = sizes.next() else {
        return Ok(None);
    };
    for (f, size) in sizes {
        if size != first {
            return Err((
                Some(f.span),
                "kernels with different `reqd_work_group_size` (or some without) in one Vulkan \
                 module: Vulkan has one work-group size built-in per module; compile them separately"
                    .to_owned(),
            ));
        }
    }
    Ok(first)
}

/// The layout of one kernel's arguments.
fn kernel_layout(
    module: &Module,
    function: &Function,
    local_size: Option<[u32; 3]>,
) -> Result<KernelLayout, (Option<Span>, String)> {
    let types = &module.types;
    let bits = module.pointer_bits;
    let mut args = Vec::with_capacity(function.params.len());
    let mut offset = 0u32;
    let mut next_spec = FIRST_LOCAL_SPEC_ID;
    for (index, param) in function.params.iter().enumerate() {
        let fail = |what: &str| {
            Err((
                Some(param.span),
                format!(
                    "kernel argument `{}` {what} on the Vulkan target",
                    param.name
                ),
            ))
        };
        let kind = match types.get(param.ty) {
            Type::Pointer { pointee, space, .. } => {
                let elem = match types.get(pointee) {
                    Type::Void => 1,
                    _ => match types.size_of(pointee, bits) {
                        Some(size) => size as u32,
                        None => return fail("points to a type without a size"),
                    },
                };
                match space {
                    AddressSpace::Global | AddressSpace::Constant => ArgKind::Buffer {
                        set: 0,
                        binding: index as u32,
                        elem_size: elem,
                    },
                    AddressSpace::Local => {
                        next_spec += 1;
                        ArgKind::Local {
                            spec_id: next_spec - 1,
                            elem_size: elem,
                        }
                    }
                    _ => return fail("is a pointer to private or generic memory"),
                }
            }
            Type::Opaque(_) => return fail("has an image, sampler or event type (not supported)"),
            _ => {
                let (Some(size), Some(align)) = (
                    types.size_of(param.ty, bits),
                    types.align_of(param.ty, bits),
                ) else {
                    return fail("has a type without a size");
                };
                offset = offset.div_ceil(align as u32) * align as u32;
                let kind = ArgKind::PushConstant {
                    offset,
                    size: size as u32,
                };
                offset += size as u32;
                kind
            }
        };
        args.push(ArgLayout {
            index: index as u32,
            name: param.name.clone(),
            kind,
        });
    }
    Ok(KernelLayout {
        name: function.name.clone(),
        args,
        push_constant_size: offset.div_ceil(4) * 4,
        local_size,
    })
}

impl ModuleEmitter<'_> {
    /// The work-group size as a `uvec3` constant (a specialization
    /// constant composite decorated `BuiltIn WorkgroupSize` unless every
    /// kernel fixes it), declared once.
    pub(crate) fn workgroup_size(&mut self) -> Emit<Word> {
        if let Some(id) = self.vulkan.workgroup_size {
            return Ok(id);
        }
        let uint = self.int_type(32);
        let uvec3 = self.vector_type(uint, 3);
        let id = match module_local_size(self.module).map_err(|(s, m)| unsupported(s, m))? {
            Some([x, y, z]) => {
                let parts = vec![
                    self.u32_constant(x),
                    self.u32_constant(y),
                    self.u32_constant(z),
                ];
                self.composite_constant(uvec3, parts)
            }
            None => {
                let mut parts = Vec::with_capacity(3);
                for spec_id in 0..3 {
                    let id = self.id();
                    push_inst(&mut self.globals, Op::SpecConstant, &[uint, id, 1]);
                    self.decorate(id, Decoration::SpecId, &[spec_id]);
                    parts.push(id);
                }
                let id = self.id();
                let mut operands = vec![uvec3, id];
                operands.extend_from_slice(&parts);
                push_inst(&mut self.globals, Op::SpecConstantComposite, &operands);
                self.decorate(id, Decoration::BuiltIn, &[BuiltIn::WorkgroupSize as u32]);
                id
            }
        };
        self.vulkan.workgroup_size = Some(id);
        Ok(id)
    }

    /// `LocalSize` for every entry point: the fixed size, or 1×1×1 under
    /// the `WorkgroupSize` specialization constants.
    pub(crate) fn vulkan_local_size(&self) -> [u32; 3] {
        module_local_size(self.module)
            .ok()
            .flatten()
            .unwrap_or([1, 1, 1])
    }

    /// A module-scope variable of `class` holding `pointee_ty` (a SPIR-V
    /// type); returns its id.
    fn interface_variable(&mut self, class: StorageClass, pointee_ty: Word) -> Word {
        let pointer = self.pointer_type(class, pointee_ty);
        let id = self.id();
        push_inst(
            &mut self.globals,
            Op::Variable,
            &[pointer, id, class as u32],
        );
        id
    }

    /// The SPIR-V type of IR type `ty` inside a storage buffer or push
    /// constant: aggregates are copies decorated with OpenCL's layout
    /// (`Offset`, `ArrayStride`), which Vulkan requires there and forbids
    /// elsewhere; other types are the plain ones. Values move between the
    /// two member by member ([`FunctionEmitter::relayout`]).
    pub(crate) fn laid_out(&mut self, ty: TypeId) -> Emit<Word> {
        let plain = self.pointee_type(ty)?;
        let ty = match self.ir(ty) {
            Type::Array { elem, len: None } => elem,
            _ => ty,
        };
        if let Some(&id) = self.vulkan.laid_out.get(&plain) {
            return Ok(id);
        }
        let id = match self.ir(ty) {
            Type::Array {
                elem,
                len: Some(len),
            } => {
                let elem_ty = self.laid_out(elem)?;
                let uint = self.int_type(32);
                let len = self.scalar_constant(uint, u64::from(len));
                let id = self.id();
                push_inst(&mut self.globals, Op::TypeArray, &[id, elem_ty, len]);
                let stride = self.module.types.size_of(elem, 32).ok_or_else(|| {
                    impossible(None, "an array in a buffer has elements of no size")
                })?;
                self.decorate(id, Decoration::ArrayStride, &[stride as u32]);
                id
            }
            // Members below their natural alignment break Vulkan's
            // (relaxed) buffer layout rules.
            Type::Struct(struct_id) if self.module.types.is_physically_packed(struct_id) => {
                return Err(unsupported(
                    None,
                    "a packed struct in a buffer or argument on the Vulkan target (its \
                     members must sit at their natural alignment)",
                ))
            }
            Type::Struct(struct_id) if !self.module.types.struct_def(struct_id).is_union => {
                let members: Vec<TypeId> = self
                    .module
                    .types
                    .struct_def(struct_id)
                    .members
                    .iter()
                    .map(|&(_, m)| m)
                    .collect();
                let mut operands = Vec::with_capacity(members.len() + 1);
                let id = self.id();
                operands.push(id);
                for member in members {
                    operands.push(self.laid_out(member)?);
                }
                push_inst(&mut self.globals, Op::TypeStruct, &operands);
                self.decorate_offsets(struct_id, id);
                id
            }
            Type::Struct(_) => {
                return Err(unsupported(
                    None,
                    "a union in a buffer or argument on the Vulkan target",
                ))
            }
            _ => plain,
        };
        self.vulkan.laid_out.insert(plain, id);
        Ok(id)
    }

    /// The `Block` struct wrapping a runtime array of `elem` (IR type) for
    /// a storage buffer, declared once per element type.
    fn buffer_block(&mut self, elem: TypeId, elem_size: u32) -> Emit<Word> {
        let elem_ty = self.laid_out(elem)?;
        if let Some(&id) = self.vulkan.buffer_blocks.get(&elem_ty) {
            return Ok(id);
        }
        let array = self.id();
        push_inst(&mut self.globals, Op::TypeRuntimeArray, &[array, elem_ty]);
        self.decorate(array, Decoration::ArrayStride, &[elem_size]);
        let block = self.id();
        push_inst(&mut self.globals, Op::TypeStruct, &[block, array]);
        self.decorate(block, Decoration::Block, &[]);
        push_inst(
            &mut self.annotations,
            Op::MemberDecorate,
            &[block, 0, Decoration::Offset as u32, 0],
        );
        self.vulkan.buffer_blocks.insert(elem_ty, block);
        Ok(block)
    }

    /// Decorates a `StorageBuffer` pointer type with the `ArrayStride` of
    /// its pointee (what `OpPtrAccessChain` steps by), once.
    pub(crate) fn stride_pointer(&mut self, pointer: Word, pointee: TypeId) {
        if !self.vulkan.strided.insert(pointer) {
            return;
        }
        let size = match self.ir(pointee) {
            Type::Void => Some(1),
            Type::Array { elem, len: None } => self.module.types.size_of(elem, 32),
            _ => self.module.types.size_of(pointee, 32),
        };
        if let Some(size) = size {
            self.decorate(pointer, Decoration::ArrayStride, &[size as u32]);
        }
    }
}

/// Vulkan-only emission state.
#[derive(Default)]
pub(crate) struct VulkanState {
    /// Laid-out copies of aggregate types, by plain SPIR-V type.
    laid_out: rustc_hash::FxHashMap<Word, Word>,
    /// The work-group size constant.
    workgroup_size: Option<Word>,
    /// Storage-buffer `Block` structs by element type.
    buffer_blocks: rustc_hash::FxHashMap<Word, Word>,
    /// `StorageBuffer` pointer types already given an `ArrayStride`.
    strided: rustc_hash::FxHashSet<Word>,
}

impl FunctionEmitter<'_, '_> {
    /// Declares kernel `function`'s interface variables and computes each
    /// parameter's value at the top of the entry block; returns the values
    /// and, per parameter, the work-group array of a `local` pointer.
    pub(crate) fn vulkan_kernel_params(
        &mut self,
        function: &Function,
    ) -> Emit<(Vec<Word>, Vec<Option<Word>>)> {
        let module = self.m.module;
        let local_size = module_local_size(module).map_err(|(s, m)| unsupported(s, m))?;
        let layout =
            kernel_layout(module, function, local_size).map_err(|(s, m)| unsupported(s, m))?;
        let uint = self.m.int_type(32);
        let zero = self.m.u32_constant(0);
        let mut values = Vec::with_capacity(layout.args.len());
        let mut arrays = vec![None; layout.args.len()];
        // The push-constant block, when any argument is passed by value.
        let mut block = None;
        let pod: Vec<(usize, u32)> = layout
            .args
            .iter()
            .enumerate()
            .filter_map(|(i, a)| match a.kind {
                ArgKind::PushConstant { offset, .. } => Some((i, offset)),
                _ => None,
            })
            .collect();
        if !pod.is_empty() {
            let mut members = Vec::with_capacity(pod.len());
            for &(i, _) in &pod {
                members.push(self.m.laid_out(function.params[i].ty)?);
            }
            let id = self.m.id();
            let mut operands = vec![id];
            operands.extend_from_slice(&members);
            push_inst(&mut self.m.globals, Op::TypeStruct, &operands);
            self.m.decorate(id, Decoration::Block, &[]);
            for (member, &(_, offset)) in pod.iter().enumerate() {
                push_inst(
                    &mut self.m.annotations,
                    Op::MemberDecorate,
                    &[id, member as u32, Decoration::Offset as u32, offset],
                );
            }
            let var = self.m.interface_variable(StorageClass::PushConstant, id);
            self.m.name(var, &format!("{}.args", function.name));
            self.summary.interface.push(var);
            block = Some(var);
        }
        let mut pod_member = 0u32;
        for (index, (arg, param)) in layout.args.iter().zip(&function.params).enumerate() {
            let value = match arg.kind {
                ArgKind::Buffer {
                    set,
                    binding,
                    elem_size,
                } => {
                    let Some((pointee, _, _)) = self.m.pointee_of(param.ty) else {
                        return Err(unsupported(
                            Some(param.span),
                            "a buffer of non-pointer type",
                        ));
                    };
                    let block = self.m.buffer_block(pointee, elem_size)?;
                    let var = self
                        .m
                        .interface_variable(StorageClass::StorageBuffer, block);
                    self.m.decorate(var, Decoration::DescriptorSet, &[set]);
                    self.m.decorate(var, Decoration::Binding, &[binding]);
                    self.m.name(var, &param.name);
                    self.summary.interface.push(var);
                    let pointer = self.m.ty(param.ty)?;
                    self.value(Op::AccessChain, pointer, &[var, zero, zero])
                }
                ArgKind::Local { spec_id, .. } => {
                    let Some((pointee, _, _)) = self.m.pointee_of(param.ty) else {
                        return Err(unsupported(
                            Some(param.span),
                            "a local array of non-pointer type",
                        ));
                    };
                    let elem = self.m.pointee_type(pointee)?;
                    let length = self.m.id();
                    push_inst(&mut self.m.globals, Op::SpecConstant, &[uint, length, 1]);
                    self.m.decorate(length, Decoration::SpecId, &[spec_id]);
                    let array = self.m.id();
                    push_inst(&mut self.m.globals, Op::TypeArray, &[array, elem, length]);
                    let var = self.m.interface_variable(StorageClass::Workgroup, array);
                    self.m.name(var, &param.name);
                    self.summary.interface.push(var);
                    arrays[index] = Some(var);
                    let pointer = self.m.ty(param.ty)?;
                    self.value(Op::AccessChain, pointer, &[var, zero])
                }
                ArgKind::PushConstant { .. } => {
                    let Some(var) = block else {
                        return Err(unsupported(
                            Some(param.span),
                            "a missing push-constant block",
                        ));
                    };
                    let pointer = self.m.pointer_to(StorageClass::PushConstant, param.ty)?;
                    let member = self.m.u32_constant(pod_member);
                    pod_member += 1;
                    let field = self.value(Op::AccessChain, pointer, &[var, member]);
                    let stored = self.m.laid_out(param.ty)?;
                    let plain = self.m.ty(param.ty)?;
                    let value = self.value(Op::Load, stored, &[field]);
                    if stored == plain {
                        value
                    } else {
                        self.relayout(value, param.ty, false)?
                    }
                }
            };
            values.push(value);
        }
        Ok((values, arrays))
    }

    /// `value` (of IR type `ty`) as stored in a storage buffer: an
    /// aggregate is copied to its laid-out type.
    pub(crate) fn store_form(&mut self, value: Word, ty: TypeId) -> Emit<Word> {
        let stored = self.m.laid_out(ty)?;
        let plain = self.m.ty(ty)?;
        if stored == plain {
            Ok(value)
        } else {
            self.relayout(value, ty, true)
        }
    }

    /// Copies aggregate `value` of IR type `ty` to its laid-out type
    /// (`to_laid_out`) or back, member by member: `OpCopyLogical` would do
    /// it in one instruction, but Mesa 22's lavapipe fails to build
    /// pipelines that use it.
    pub(crate) fn relayout(&mut self, value: Word, ty: TypeId, to_laid_out: bool) -> Emit<Word> {
        let target = if to_laid_out {
            self.m.laid_out(ty)?
        } else {
            self.m.ty(ty)?
        };
        let parts: Vec<TypeId> = match self.m.ir(ty) {
            Type::Array {
                elem,
                len: Some(len),
            } => vec![elem; len as usize],
            Type::Struct(id) => self
                .m
                .module
                .types
                .struct_def(id)
                .members
                .iter()
                .map(|&(_, t)| t)
                .collect(),
            _ => return Ok(value),
        };
        let mut members = Vec::with_capacity(parts.len());
        for (index, part) in parts.into_iter().enumerate() {
            let part_ty = if to_laid_out {
                self.m.ty(part)?
            } else {
                self.m.laid_out(part)?
            };
            let extracted = self.value(Op::CompositeExtract, part_ty, &[value, index as u32]);
            members.push(self.relayout(extracted, part, to_laid_out)?);
        }
        Ok(self.value(Op::CompositeConstruct, target, &members))
    }

    /// `p + i` where `p` is a `local` pointer argument: an element of its
    /// work-group array (`OpPtrAccessChain` on `Workgroup` pointers would
    /// need an explicit layout Vulkan does not give work-group memory).
    pub(crate) fn local_argument_offset(&mut self, pointer: ExprId) -> Option<Word> {
        let expr = self.func.exprs.get(pointer)?;
        let oclc_ir::ExprKind::Param(index) = expr.kind else {
            return None;
        };
        self.local_arrays.get(index as usize).copied().flatten()
    }

    /// A work-item function on the Vulkan target, from `GlobalInvocationId`,
    /// `LocalInvocationId`, `WorkgroupId`, `NumWorkgroups`,
    /// `LocalInvocationIndex` and the work-group size (there is no global
    /// offset: it is 0).
    pub(crate) fn vulkan_work_item(
        &mut self,
        var: WorkItemVar,
        dim: Option<ExprId>,
        ty: TypeId,
    ) -> Emit<Word> {
        let uint = self.m.int_type(32);
        let uvec3 = self.m.vector_type(uint, 3);
        let spirv_ty = self.m.ty(ty)?;
        let input = |this: &mut Self, var: WorkItemVar, ty: Word| {
            let variable = this.m.work_item_var(var);
            this.summary.work_items |= 1 << (var as u32);
            this.value(Op::Load, ty, &[variable])
        };
        let vector = match var {
            WorkItemVar::GlobalId
            | WorkItemVar::LocalId
            | WorkItemVar::GroupId
            | WorkItemVar::NumGroups => {
                let variable = self.m.work_item_var(var);
                self.summary.work_items |= 1 << (var as u32);
                Lazy::Load(variable, uvec3)
            }
            WorkItemVar::LocalSize | WorkItemVar::EnqueuedLocalSize => {
                Lazy::Value(self.m.workgroup_size()?)
            }
            WorkItemVar::GlobalSize => {
                let groups = input(self, WorkItemVar::NumGroups, uvec3);
                let size = self.m.workgroup_size()?;
                Lazy::Value(self.value(Op::IMul, uvec3, &[groups, size]))
            }
            WorkItemVar::GlobalOffset => Lazy::Value(self.m.null_constant(uvec3)),
            WorkItemVar::LocalLinearId => {
                let value = input(self, var, uint);
                return Ok(self.fit_width(value, 32, ty, spirv_ty));
            }
            WorkItemVar::GlobalLinearId => {
                // x + y·sx + z·sx·sy over the global id and size.
                let id = input(self, WorkItemVar::GlobalId, uvec3);
                let groups = input(self, WorkItemVar::NumGroups, uvec3);
                let size = self.m.workgroup_size()?;
                let sizes = self.value(Op::IMul, uvec3, &[groups, size]);
                let part = |this: &mut Self, v: Word, i: u32| {
                    this.value(Op::CompositeExtract, uint, &[v, i])
                };
                let (x, y, z) = (part(self, id, 0), part(self, id, 1), part(self, id, 2));
                let (sx, sy) = (part(self, sizes, 0), part(self, sizes, 1));
                let sxy = self.value(Op::IMul, uint, &[sx, sy]);
                let zs = self.value(Op::IMul, uint, &[z, sxy]);
                let ys = self.value(Op::IMul, uint, &[y, sx]);
                let sum = self.value(Op::IAdd, uint, &[x, ys]);
                let value = self.value(Op::IAdd, uint, &[sum, zs]);
                return Ok(self.fit_width(value, 32, ty, spirv_ty));
            }
            _ => {
                return Err(unsupported(
                    None,
                    format!(
                        "`{}` on the Vulkan target (no such built-in in Vulkan compute)",
                        var.function_name()
                    ),
                ))
            }
        };
        let Some(dim) = dim else {
            return Err(unsupported(
                None,
                "a work-item function without a dimension",
            ));
        };
        let value = self.vector_component(vector, uint, dim, var)?;
        Ok(self.fit_width(value, 32, ty, spirv_ty))
    }
}
