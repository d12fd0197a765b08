//! The Vulkan side of the litmus harness: two pipelines (the test kernel
//! and `litmus_check`, which share their arguments, from one module or
//! from two), their
//! buffers in device memory, and a command buffer that runs a batch of
//! dispatches — each a test dispatch followed by the check dispatch that
//! counts its outcomes into the dispatch's histogram — with one upload of
//! the batch's parameters and one read-back of its histograms.
//!
//! The test memory is zeroed once; the check kernel zeroes every location
//! it reads, so nothing is filled between dispatches.

// Every Vulkan call is `unsafe` in ash; each is used as the specification
// requires (valid handles created here, destroyed once in `Drop`).
#![allow(unsafe_code)]

use ash::vk;

use crate::device::fail;
use crate::map::{ArgSpec, Kernel};
use crate::Device;

/// The kernel arguments of the protocol, in order (tests/litmus/common.h).
pub(crate) const BUFFERS: usize = 6;
/// Argument index of the parameter blocks.
const PARAMS: usize = 3;
/// Argument index of the histograms.
const HIST: usize = 5;

/// Sizes of a harness's buffers, in 32-bit words, and its batch.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sizes {
    /// Work-items per work-group.
    pub local: u32,
    /// Words of each test-memory buffer (`data`, `mem`).
    pub memory: u64,
    /// Words of `out`.
    pub out: u64,
    /// Words of `scratch`.
    pub scratch: u64,
    /// Words of one dispatch's parameter block.
    pub param_words: u32,
    /// Histogram bins of one dispatch.
    pub bins: u32,
    /// Dispatches per batch.
    pub batch: u32,
    /// Whether the argument buffers live in host-visible memory (device
    /// memory the host can map where the driver offers it) rather than in
    /// device-only memory: for drivers whose device-only path misbehaves,
    /// and to look at the buffers.
    pub host_memory: bool,
}

/// A buffer and its memory.
struct Buffer {
    buffer: vk::Buffer,
    memory: vk::DeviceMemory,
    mapped: *mut u8,
    bytes: u64,
}

/// The two pipelines, their buffers and the batch command buffer.
pub(crate) struct Harness<'d> {
    device: &'d Device,
    sizes: Sizes,
    modules: [vk::ShaderModule; 2],
    set_layout: vk::DescriptorSetLayout,
    layout: vk::PipelineLayout,
    pipelines: [vk::Pipeline; 2],
    pool: vk::DescriptorPool,
    set: vk::DescriptorSet,
    commands: vk::CommandPool,
    command: vk::CommandBuffer,
    fence: vk::Fence,
    /// The six argument buffers (device memory).
    buffers: Vec<Buffer>,
    /// Host-visible: the batch's parameter blocks, then its histograms.
    staging: Option<Buffer>,
    readback: Option<Buffer>,
}

/// Checks that `kernel` takes the protocol's arguments: six buffers at
/// bindings 0..5 and one `uint` push constant.
fn check_interface(kernel: &Kernel) -> Result<(), String> {
    let ok = kernel.args.len() == BUFFERS + 1
        && kernel.args[..BUFFERS].iter().enumerate().all(
            |(i, a)| matches!(a, ArgSpec::Buffer { set: 0, binding } if *binding as usize == i),
        )
        && matches!(
            kernel.args[BUFFERS],
            ArgSpec::PushConstant { offset: 0, size: 4 }
        )
        && kernel.local_size.is_none();
    if ok {
        Ok(())
    } else {
        Err(format!(
            "kernel `{}` does not take the litmus arguments of tests/litmus/common.h",
            kernel.name
        ))
    }
}

impl<'d> Harness<'d> {
    /// Builds the pipelines of `test` (of module `spirv[0]`) and `check`
    /// (of `spirv[1]`) and allocates and zeroes the buffers.
    pub(crate) fn new(
        device: &'d Device,
        spirv: [&[u32]; 2],
        test: &Kernel,
        check: &Kernel,
        sizes: Sizes,
    ) -> Result<Harness<'d>, String> {
        check_interface(test)?;
        check_interface(check)?;
        let mut h = Harness {
            device,
            sizes,
            modules: [vk::ShaderModule::null(); 2],
            set_layout: vk::DescriptorSetLayout::null(),
            layout: vk::PipelineLayout::null(),
            pipelines: [vk::Pipeline::null(); 2],
            pool: vk::DescriptorPool::null(),
            set: vk::DescriptorSet::null(),
            commands: vk::CommandPool::null(),
            command: vk::CommandBuffer::null(),
            fence: vk::Fence::null(),
            buffers: Vec::new(),
            staging: None,
            readback: None,
        };
        h.build(spirv, [&test.name, &check.name])?;
        Ok(h)
    }

    fn build(&mut self, spirv: [&[u32]; 2], names: [&str; 2]) -> Result<(), String> {
        let device = self.device;
        let d = &device.device;
        let s = self.sizes;
        let words = [
            s.memory,
            s.memory,
            s.out,
            u64::from(s.param_words) * u64::from(s.batch),
            s.scratch,
            u64::from(s.bins) * u64::from(s.batch),
        ];
        for w in words {
            let buffer = self.allocate(w.max(1) * 4, s.host_memory)?;
            self.buffers.push(buffer);
        }
        self.staging = Some(self.allocate(words[PARAMS] * 4, true)?);
        self.readback = Some(self.allocate(words[HIST] * 4, true)?);
        for (slot, words) in spirv.iter().enumerate() {
            self.modules[slot] = unsafe {
                d.create_shader_module(&vk::ShaderModuleCreateInfo::default().code(words), None)
            }
            .map_err(fail("vkCreateShaderModule"))?;
        }
        let bindings: Vec<vk::DescriptorSetLayoutBinding> = (0..BUFFERS as u32)
            .map(|binding| {
                vk::DescriptorSetLayoutBinding::default()
                    .binding(binding)
                    .descriptor_type(vk::DescriptorType::STORAGE_BUFFER)
                    .descriptor_count(1)
                    .stage_flags(vk::ShaderStageFlags::COMPUTE)
            })
            .collect();
        self.set_layout = unsafe {
            d.create_descriptor_set_layout(
                &vk::DescriptorSetLayoutCreateInfo::default().bindings(&bindings),
                None,
            )
        }
        .map_err(fail("vkCreateDescriptorSetLayout"))?;
        let ranges = [vk::PushConstantRange::default()
            .stage_flags(vk::ShaderStageFlags::COMPUTE)
            .offset(0)
            .size(4)];
        let set_layouts = [self.set_layout];
        self.layout = unsafe {
            d.create_pipeline_layout(
                &vk::PipelineLayoutCreateInfo::default()
                    .set_layouts(&set_layouts)
                    .push_constant_ranges(&ranges),
                None,
            )
        }
        .map_err(fail("vkCreatePipelineLayout"))?;
        // The work-group size: specialization constants 0, 1, 2.
        let entries: Vec<vk::SpecializationMapEntry> = (0..3)
            .map(|id| {
                vk::SpecializationMapEntry::default()
                    .constant_id(id)
                    .offset(id * 4)
                    .size(4)
            })
            .collect();
        let data: Vec<u8> = [s.local, 1, 1]
            .iter()
            .flat_map(|v| v.to_le_bytes())
            .collect();
        let specialization = vk::SpecializationInfo::default()
            .map_entries(&entries)
            .data(&data);
        for (slot, name) in names.iter().enumerate() {
            let name = std::ffi::CString::new(*name).map_err(|e| e.to_string())?;
            let stage = vk::PipelineShaderStageCreateInfo::default()
                .stage(vk::ShaderStageFlags::COMPUTE)
                .module(self.modules[slot])
                .name(&name)
                .specialization_info(&specialization);
            let info = vk::ComputePipelineCreateInfo::default()
                .stage(stage)
                .layout(self.layout);
            self.pipelines[slot] =
                unsafe { d.create_compute_pipelines(vk::PipelineCache::null(), &[info], None) }
                    .map_err(|(_, e)| format!("vkCreateComputePipelines: {e}"))?[0];
        }
        let sizes = [vk::DescriptorPoolSize {
            ty: vk::DescriptorType::STORAGE_BUFFER,
            descriptor_count: BUFFERS as u32,
        }];
        self.pool = unsafe {
            d.create_descriptor_pool(
                &vk::DescriptorPoolCreateInfo::default()
                    .max_sets(1)
                    .pool_sizes(&sizes),
                None,
            )
        }
        .map_err(fail("vkCreateDescriptorPool"))?;
        self.set = unsafe {
            d.allocate_descriptor_sets(
                &vk::DescriptorSetAllocateInfo::default()
                    .descriptor_pool(self.pool)
                    .set_layouts(&set_layouts),
            )
        }
        .map_err(fail("vkAllocateDescriptorSets"))?[0];
        let infos: Vec<[vk::DescriptorBufferInfo; 1]> = self
            .buffers
            .iter()
            .map(|b| {
                [vk::DescriptorBufferInfo::default()
                    .buffer(b.buffer)
                    .offset(0)
                    .range(vk::WHOLE_SIZE)]
            })
            .collect();
        let writes: Vec<vk::WriteDescriptorSet> = infos
            .iter()
            .enumerate()
            .map(|(binding, info)| {
                vk::WriteDescriptorSet::default()
                    .dst_set(self.set)
                    .dst_binding(binding as u32)
                    .descriptor_type(vk::DescriptorType::STORAGE_BUFFER)
                    .buffer_info(info)
            })
            .collect();
        unsafe { d.update_descriptor_sets(&writes, &[]) };
        self.commands = unsafe {
            d.create_command_pool(
                &vk::CommandPoolCreateInfo::default()
                    .queue_family_index(self.device.family)
                    .flags(vk::CommandPoolCreateFlags::RESET_COMMAND_BUFFER),
                None,
            )
        }
        .map_err(fail("vkCreateCommandPool"))?;
        self.command = unsafe {
            d.allocate_command_buffers(
                &vk::CommandBufferAllocateInfo::default()
                    .command_pool(self.commands)
                    .level(vk::CommandBufferLevel::PRIMARY)
                    .command_buffer_count(1),
            )
        }
        .map_err(fail("vkAllocateCommandBuffers"))?[0];
        self.fence = unsafe { d.create_fence(&vk::FenceCreateInfo::default(), None) }
            .map_err(fail("vkCreateFence"))?;
        // Zero every buffer once.
        self.submit(|h, c| {
            for b in &h.buffers {
                unsafe { d.cmd_fill_buffer(c, b.buffer, 0, vk::WHOLE_SIZE, 0) };
            }
        })
    }

    /// A buffer of `bytes`: device-local, or host-visible and coherent.
    fn allocate(&self, bytes: u64, host: bool) -> Result<Buffer, String> {
        let d = &self.device.device;
        let usage = vk::BufferUsageFlags::STORAGE_BUFFER
            | vk::BufferUsageFlags::TRANSFER_SRC
            | vk::BufferUsageFlags::TRANSFER_DST;
        let buffer = unsafe {
            d.create_buffer(
                &vk::BufferCreateInfo::default()
                    .size(bytes)
                    .usage(usage)
                    .sharing_mode(vk::SharingMode::EXCLUSIVE),
                None,
            )
        }
        .map_err(fail("vkCreateBuffer"))?;
        let requirements = unsafe { d.get_buffer_memory_requirements(buffer) };
        let memory = &self.device.memory;
        let types = &memory.memory_types[..memory.memory_type_count as usize];
        let wanted = if host {
            vk::MemoryPropertyFlags::HOST_VISIBLE | vk::MemoryPropertyFlags::HOST_COHERENT
        } else {
            vk::MemoryPropertyFlags::DEVICE_LOCAL
        };
        let usable = |i: usize, flags: vk::MemoryPropertyFlags| {
            requirements.memory_type_bits & (1 << i) != 0 && types[i].property_flags.contains(flags)
        };
        let kind = (0..types.len())
            .find(|&i| host && usable(i, wanted | vk::MemoryPropertyFlags::DEVICE_LOCAL))
            .or_else(|| (0..types.len()).find(|&i| usable(i, wanted)));
        let Some(kind) = kind else {
            unsafe { d.destroy_buffer(buffer, None) };
            return Err(format!("no memory type with flags {:#x}", wanted.as_raw()));
        };
        let allocated = unsafe {
            d.allocate_memory(
                &vk::MemoryAllocateInfo::default()
                    .allocation_size(requirements.size)
                    .memory_type_index(kind as u32),
                None,
            )
        };
        let memory = match allocated {
            Ok(memory) => memory,
            Err(e) => {
                unsafe { d.destroy_buffer(buffer, None) };
                return Err(format!("vkAllocateMemory ({bytes} bytes): {e}"));
            }
        };
        let mut out = Buffer {
            buffer,
            memory,
            mapped: std::ptr::null_mut(),
            bytes,
        };
        let bound = unsafe { d.bind_buffer_memory(buffer, memory, 0) };
        let mapped = bound.and_then(|()| {
            if host {
                unsafe { d.map_memory(memory, 0, vk::WHOLE_SIZE, vk::MemoryMapFlags::empty()) }
            } else {
                Ok(std::ptr::null_mut())
            }
        });
        match mapped {
            Ok(pointer) => {
                out.mapped = pointer.cast();
                Ok(out)
            }
            Err(e) => {
                unsafe {
                    d.destroy_buffer(buffer, None);
                    d.free_memory(memory, None);
                }
                Err(format!("binding or mapping a buffer: {e}"))
            }
        }
    }

    /// Records commands with `record`, submits them and waits.
    fn submit(&self, record: impl FnOnce(&Self, vk::CommandBuffer)) -> Result<(), String> {
        let d = &self.device.device;
        let c = self.command;
        unsafe {
            d.reset_command_buffer(c, vk::CommandBufferResetFlags::empty())
                .map_err(fail("vkResetCommandBuffer"))?;
            d.begin_command_buffer(
                c,
                &vk::CommandBufferBeginInfo::default()
                    .flags(vk::CommandBufferUsageFlags::ONE_TIME_SUBMIT),
            )
            .map_err(fail("vkBeginCommandBuffer"))?;
        }
        record(self, c);
        let commands = [c];
        let submit = vk::SubmitInfo::default().command_buffers(&commands);
        unsafe {
            d.end_command_buffer(c)
                .map_err(fail("vkEndCommandBuffer"))?;
            d.queue_submit(self.device.queue, &[submit], self.fence)
                .map_err(fail("vkQueueSubmit"))?;
            d.wait_for_fences(&[self.fence], true, u64::MAX)
                .map_err(fail("vkWaitForFences"))?;
            d.reset_fences(&[self.fence])
                .map_err(fail("vkResetFences"))?;
        }
        Ok(())
    }

    /// Runs one batch: dispatch `k` gets parameter block `k` of `params`,
    /// `groups[k].0` work-groups for the test and `groups[k].1` (its
    /// testing work-groups) for the check. Returns the batch's
    /// histograms, `bins` words per dispatch.
    pub(crate) fn run_batch(
        &mut self,
        params: &[u32],
        groups: &[(u32, u32)],
    ) -> Result<Vec<u32>, String> {
        let s = self.sizes;
        if groups.len() > s.batch as usize || params.len() != groups.len() * s.param_words as usize
        {
            return Err("a batch larger than the harness was built for".into());
        }
        let staging = self.staging.as_ref().ok_or("no staging buffer")?;
        // Host-coherent memory, mapped for the harness's life, no
        // dispatch in flight.
        let bytes: Vec<u8> = params.iter().flat_map(|v| v.to_le_bytes()).collect();
        unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), staging.mapped, bytes.len()) };
        let device = self.device;
        let d = &device.device;
        let hist_bytes = u64::from(s.bins) * groups.len() as u64 * 4;
        self.submit(|h, c| unsafe {
            let staging = h.staging.as_ref().map_or(vk::Buffer::null(), |b| b.buffer);
            let readback = h.readback.as_ref().map_or(vk::Buffer::null(), |b| b.buffer);
            d.cmd_fill_buffer(c, h.buffers[HIST].buffer, 0, vk::WHOLE_SIZE, 0);
            d.cmd_copy_buffer(
                c,
                staging,
                h.buffers[PARAMS].buffer,
                &[vk::BufferCopy::default().size(bytes.len() as u64)],
            );
            barrier(
                d,
                c,
                (
                    vk::PipelineStageFlags::TRANSFER,
                    vk::AccessFlags::TRANSFER_WRITE,
                ),
                (
                    vk::PipelineStageFlags::COMPUTE_SHADER,
                    vk::AccessFlags::SHADER_READ | vk::AccessFlags::SHADER_WRITE,
                ),
            );
            d.cmd_bind_descriptor_sets(
                c,
                vk::PipelineBindPoint::COMPUTE,
                h.layout,
                0,
                &[h.set],
                &[],
            );
            let compute = (
                vk::PipelineStageFlags::COMPUTE_SHADER,
                vk::AccessFlags::SHADER_READ | vk::AccessFlags::SHADER_WRITE,
            );
            for (k, &(dispatched, testing)) in groups.iter().enumerate() {
                let iter = (k as u32).to_le_bytes();
                for (pipeline, count) in [(h.pipelines[0], dispatched), (h.pipelines[1], testing)] {
                    d.cmd_bind_pipeline(c, vk::PipelineBindPoint::COMPUTE, pipeline);
                    d.cmd_push_constants(c, h.layout, vk::ShaderStageFlags::COMPUTE, 0, &iter);
                    d.cmd_dispatch(c, count, 1, 1);
                    barrier(d, c, compute, compute);
                }
            }
            barrier(
                d,
                c,
                compute,
                (
                    vk::PipelineStageFlags::TRANSFER,
                    vk::AccessFlags::TRANSFER_READ,
                ),
            );
            d.cmd_copy_buffer(
                c,
                h.buffers[HIST].buffer,
                readback,
                &[vk::BufferCopy::default().size(hist_bytes)],
            );
            barrier(
                d,
                c,
                (
                    vk::PipelineStageFlags::TRANSFER,
                    vk::AccessFlags::TRANSFER_WRITE,
                ),
                (vk::PipelineStageFlags::HOST, vk::AccessFlags::HOST_READ),
            );
        })?;
        let readback = self.readback.as_ref().ok_or("no read-back buffer")?;
        let len = (hist_bytes as usize).min(readback.bytes as usize);
        // Written by the finished batch; mapped and coherent.
        let raw = unsafe { std::slice::from_raw_parts(readback.mapped, len) };
        Ok(raw
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect())
    }
}

impl Harness<'_> {
    /// The first `words` words of argument `index`'s buffer, when it is
    /// host-visible ([`Sizes::host_memory`]) and no batch is running.
    pub(crate) fn peek(&self, index: usize, words: usize) -> Option<Vec<u32>> {
        let b = self.buffers.get(index)?;
        if b.mapped.is_null() {
            return None;
        }
        let len = (words * 4).min(b.bytes as usize);
        // Mapped, coherent, and the last batch has finished.
        let raw = unsafe { std::slice::from_raw_parts(b.mapped, len) };
        Some(
            raw.chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect(),
        )
    }
}

/// One global memory barrier from `src` to `dst` (stage, access).
///
/// # Safety
/// `c` is a command buffer in the recording state.
unsafe fn barrier(
    d: &ash::Device,
    c: vk::CommandBuffer,
    src: (vk::PipelineStageFlags, vk::AccessFlags),
    dst: (vk::PipelineStageFlags, vk::AccessFlags),
) {
    let memory = vk::MemoryBarrier::default()
        .src_access_mask(src.1)
        .dst_access_mask(dst.1);
    unsafe {
        d.cmd_pipeline_barrier(
            c,
            src.0,
            dst.0,
            vk::DependencyFlags::empty(),
            &[memory],
            &[],
            &[],
        );
    }
}

impl Drop for Harness<'_> {
    fn drop(&mut self) {
        let d = &self.device.device;
        unsafe {
            let _ = d.device_wait_idle();
            d.destroy_fence(self.fence, None);
            d.destroy_command_pool(self.commands, None);
            d.destroy_descriptor_pool(self.pool, None);
            for pipeline in self.pipelines {
                d.destroy_pipeline(pipeline, None);
            }
            d.destroy_pipeline_layout(self.layout, None);
            d.destroy_descriptor_set_layout(self.set_layout, None);
            for module in self.modules {
                d.destroy_shader_module(module, None);
            }
            let all = self
                .buffers
                .iter()
                .chain(self.staging.iter())
                .chain(self.readback.iter());
            for buffer in all {
                d.destroy_buffer(buffer.buffer, None);
                if !buffer.mapped.is_null() {
                    d.unmap_memory(buffer.memory);
                }
                d.free_memory(buffer.memory, None);
            }
        }
    }
}
