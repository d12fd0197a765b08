//! The Vulkan device, and one prepared dispatch: pipeline, buffers mapped
//! into host memory, descriptor set, push constants and a command buffer
//! that can be submitted again and again (the litmus runner rewrites the
//! buffers between submissions).

// Every Vulkan call is `unsafe` in ash; each is used as the specification
// requires (valid handles created here, destroyed once in `Drop`).
#![allow(unsafe_code)]

use std::ffi::CString;

use ash::vk;

use crate::map::{ArgSpec, Kernel};
use crate::Arg;

/// A Vulkan instance, a physical device with a compute queue, and a
/// logical device with every feature the physical device offers enabled.
pub struct Device {
    _entry: ash::Entry,
    instance: ash::Instance,
    pub(crate) device: ash::Device,
    pub(crate) queue: vk::Queue,
    pub(crate) family: u32,
    pub(crate) memory: vk::PhysicalDeviceMemoryProperties,
    name: String,
    driver: String,
}

pub(crate) fn fail(what: &str) -> impl Fn(vk::Result) -> String + '_ {
    move |e| format!("{what}: {e}")
}

impl Device {
    /// Opens the first device with a compute queue (set `VK_DRIVER_FILES`
    /// to choose the driver).
    ///
    /// # Errors
    /// A message when no Vulkan loader, driver or suitable device exists.
    pub fn new() -> Result<Device, String> {
        let entry = unsafe { ash::Entry::load() }
            .map_err(|e| format!("cannot load the Vulkan loader (libvulkan.so.1): {e}"))?;
        let app = vk::ApplicationInfo::default()
            .application_name(c"oclc-vkrun")
            .api_version(vk::API_VERSION_1_2);
        let instance = unsafe {
            entry.create_instance(
                &vk::InstanceCreateInfo::default().application_info(&app),
                None,
            )
        }
        .map_err(fail("vkCreateInstance"))?;
        let physicals = unsafe { instance.enumerate_physical_devices() }
            .map_err(fail("vkEnumeratePhysicalDevices"))?;
        let found = physicals.iter().find_map(|&physical| {
            let families =
                unsafe { instance.get_physical_device_queue_family_properties(physical) };
            families
                .iter()
                .position(|f| f.queue_flags.contains(vk::QueueFlags::COMPUTE))
                .map(|family| (physical, family as u32))
        });
        let Some((physical, family)) = found else {
            unsafe { instance.destroy_instance(None) };
            return Err("no Vulkan device with a compute queue".to_owned());
        };
        let properties = unsafe { instance.get_physical_device_properties(physical) };
        let name = properties
            .device_name_as_c_str()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let mut driver_properties = vk::PhysicalDeviceDriverProperties::default();
        let mut properties2 =
            vk::PhysicalDeviceProperties2::default().push_next(&mut driver_properties);
        unsafe { instance.get_physical_device_properties2(physical, &mut properties2) };
        let driver = format!(
            "{} {}",
            driver_properties
                .driver_name_as_c_str()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default(),
            driver_properties
                .driver_info_as_c_str()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default()
        );
        // Enable whatever the device offers: the module declares what it
        // uses (variable pointers, the Vulkan memory model, 64-bit ints).
        let (base, mut v11, mut v12) = {
            let mut v11 = vk::PhysicalDeviceVulkan11Features::default();
            let mut v12 = vk::PhysicalDeviceVulkan12Features::default();
            let mut query = vk::PhysicalDeviceFeatures2::default()
                .push_next(&mut v11)
                .push_next(&mut v12);
            unsafe { instance.get_physical_device_features2(physical, &mut query) };
            let base = query.features;
            (base, v11, v12)
        };
        v11.p_next = std::ptr::null_mut();
        v12.p_next = std::ptr::null_mut();
        let memory_model = v12.vulkan_memory_model;
        let mut features = vk::PhysicalDeviceFeatures2::default()
            .features(base)
            .push_next(&mut v11)
            .push_next(&mut v12);
        if memory_model == 0 {
            unsafe { instance.destroy_instance(None) };
            return Err(format!(
                "{name} lacks the vulkanMemoryModel feature oclc's modules need"
            ));
        }
        let priorities = [1.0f32];
        let queues = [vk::DeviceQueueCreateInfo::default()
            .queue_family_index(family)
            .queue_priorities(&priorities)];
        let info = vk::DeviceCreateInfo::default()
            .queue_create_infos(&queues)
            .push_next(&mut features);
        let device = match unsafe { instance.create_device(physical, &info, None) } {
            Ok(device) => device,
            Err(e) => {
                unsafe { instance.destroy_instance(None) };
                return Err(format!("vkCreateDevice: {e}"));
            }
        };
        let queue = unsafe { device.get_device_queue(family, 0) };
        let memory = unsafe { instance.get_physical_device_memory_properties(physical) };
        Ok(Device {
            _entry: entry,
            instance,
            device,
            queue,
            family,
            memory,
            name,
            driver,
        })
    }

    /// The device's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The driver's name and version.
    pub fn driver(&self) -> &str {
        &self.driver
    }

    /// A host-visible, coherent memory type for `bits`, preferring one
    /// that is also device-local.
    fn memory_type(&self, bits: u32) -> Option<u32> {
        let wanted = vk::MemoryPropertyFlags::HOST_VISIBLE | vk::MemoryPropertyFlags::HOST_COHERENT;
        let types = &self.memory.memory_types[..self.memory.memory_type_count as usize];
        let usable = |i: usize| bits & (1 << i) != 0 && types[i].property_flags.contains(wanted);
        (0..types.len())
            .find(|&i| {
                usable(i)
                    && types[i]
                        .property_flags
                        .contains(vk::MemoryPropertyFlags::DEVICE_LOCAL)
            })
            .or_else(|| (0..types.len()).find(|&i| usable(i)))
            .map(|i| i as u32)
    }

    /// Builds the pipeline of `kernel` with buffers as large as `args`'
    /// and the work-group size `local_size` (ignored when the module fixes
    /// it), and records the dispatch.
    ///
    /// # Errors
    /// A message when the arguments do not match the kernel or Vulkan
    /// rejects a call.
    pub fn prepare<'d>(
        &'d self,
        spirv: &[u32],
        kernel: &Kernel,
        args: &[Arg],
        local_size: [u32; 3],
    ) -> Result<Dispatch<'d>, String> {
        if args.len() != kernel.args.len() {
            return Err(format!(
                "kernel `{}` takes {} arguments, {} given",
                kernel.name,
                kernel.args.len(),
                args.len()
            ));
        }
        let mut dispatch = Dispatch {
            device: self,
            module: vk::ShaderModule::null(),
            set_layout: vk::DescriptorSetLayout::null(),
            layout: vk::PipelineLayout::null(),
            pipeline: vk::Pipeline::null(),
            pool: vk::DescriptorPool::null(),
            commands: vk::CommandPool::null(),
            command: vk::CommandBuffer::null(),
            fence: vk::Fence::null(),
            buffers: Vec::new(),
            push: vec![0; kernel.push_constant_size as usize],
            record_set: vk::DescriptorSet::null(),
            groups: [0; 3],
        };
        dispatch.build(spirv, kernel, args, local_size)?;
        Ok(dispatch)
    }
}

impl Drop for Device {
    fn drop(&mut self) {
        unsafe {
            let _ = self.device.device_wait_idle();
            self.device.destroy_device(None);
            self.instance.destroy_instance(None);
        }
    }
}

/// A storage buffer mapped into host memory.
struct HostBuffer {
    buffer: vk::Buffer,
    memory: vk::DeviceMemory,
    mapped: *mut u8,
    len: usize,
}

/// One kernel ready to dispatch.
pub struct Dispatch<'d> {
    device: &'d Device,
    module: vk::ShaderModule,
    set_layout: vk::DescriptorSetLayout,
    layout: vk::PipelineLayout,
    pipeline: vk::Pipeline,
    pool: vk::DescriptorPool,
    commands: vk::CommandPool,
    command: vk::CommandBuffer,
    fence: vk::Fence,
    /// Per argument: its buffer, if it is one.
    buffers: Vec<Option<HostBuffer>>,
    push: Vec<u8>,
    /// The descriptor set (freed with the pool).
    record_set: vk::DescriptorSet,
    groups: [u32; 3],
}

impl Dispatch<'_> {
    fn build(
        &mut self,
        spirv: &[u32],
        kernel: &Kernel,
        args: &[Arg],
        local_size: [u32; 3],
    ) -> Result<(), String> {
        let d = &self.device.device;
        self.module = unsafe {
            d.create_shader_module(&vk::ShaderModuleCreateInfo::default().code(spirv), None)
        }
        .map_err(fail("vkCreateShaderModule"))?;
        // Buffers, push constants and specialization constants.
        let mut bindings = Vec::new();
        let mut spec_entries = Vec::new();
        let mut spec_data: Vec<u8> = Vec::new();
        let mut spec = |id: u32, value: u32, data: &mut Vec<u8>| {
            spec_entries.push(
                vk::SpecializationMapEntry::default()
                    .constant_id(id)
                    .offset(data.len() as u32)
                    .size(4),
            );
            data.extend_from_slice(&value.to_le_bytes());
        };
        if kernel.local_size.is_none() {
            for (id, &size) in local_size.iter().enumerate() {
                spec(id as u32, size, &mut spec_data);
            }
        }
        for (index, (spec_arg, arg)) in kernel.args.iter().zip(args).enumerate() {
            match (*spec_arg, arg) {
                (ArgSpec::Buffer { binding, .. }, Arg::Buffer(bytes)) => {
                    let buffer = self.buffer(bytes.len().max(4))?;
                    bindings.push((binding, buffer.buffer));
                    while self.buffers.len() < index {
                        self.buffers.push(None);
                    }
                    self.buffers.push(Some(buffer));
                }
                (ArgSpec::PushConstant { offset, size }, Arg::Value(bytes)) => {
                    let (offset, size) = (offset as usize, size as usize);
                    if bytes.len() != size || offset + size > self.push.len() {
                        return Err(format!(
                            "argument {index} of `{}` is {size} bytes, {} given",
                            kernel.name,
                            bytes.len()
                        ));
                    }
                    self.push[offset..offset + size].copy_from_slice(bytes);
                }
                (ArgSpec::Local { spec_id }, Arg::Local(elements)) => {
                    spec(spec_id, *elements, &mut spec_data);
                }
                _ => {
                    return Err(format!(
                        "argument {index} of `{}` is not what the descriptor map says",
                        kernel.name
                    ))
                }
            }
        }
        while self.buffers.len() < args.len() {
            self.buffers.push(None);
        }
        let layout_bindings: Vec<vk::DescriptorSetLayoutBinding> = bindings
            .iter()
            .map(|&(binding, _)| {
                vk::DescriptorSetLayoutBinding::default()
                    .binding(binding)
                    .descriptor_type(vk::DescriptorType::STORAGE_BUFFER)
                    .descriptor_count(1)
                    .stage_flags(vk::ShaderStageFlags::COMPUTE)
            })
            .collect();
        self.set_layout = unsafe {
            d.create_descriptor_set_layout(
                &vk::DescriptorSetLayoutCreateInfo::default().bindings(&layout_bindings),
                None,
            )
        }
        .map_err(fail("vkCreateDescriptorSetLayout"))?;
        let ranges = [vk::PushConstantRange::default()
            .stage_flags(vk::ShaderStageFlags::COMPUTE)
            .offset(0)
            .size(self.push.len() as u32)];
        let set_layouts = [self.set_layout];
        let mut layout_info = vk::PipelineLayoutCreateInfo::default().set_layouts(&set_layouts);
        if !self.push.is_empty() {
            layout_info = layout_info.push_constant_ranges(&ranges);
        }
        self.layout = unsafe { d.create_pipeline_layout(&layout_info, None) }
            .map_err(fail("vkCreatePipelineLayout"))?;
        let name = CString::new(kernel.name.clone()).map_err(|e| e.to_string())?;
        let specialization = vk::SpecializationInfo::default()
            .map_entries(&spec_entries)
            .data(&spec_data);
        let stage = vk::PipelineShaderStageCreateInfo::default()
            .stage(vk::ShaderStageFlags::COMPUTE)
            .module(self.module)
            .name(&name)
            .specialization_info(&specialization);
        let info = vk::ComputePipelineCreateInfo::default()
            .stage(stage)
            .layout(self.layout);
        self.pipeline =
            unsafe { d.create_compute_pipelines(vk::PipelineCache::null(), &[info], None) }
                .map_err(|(_, e)| format!("vkCreateComputePipelines: {e}"))?[0];
        // The descriptor set.
        let sizes = [vk::DescriptorPoolSize {
            ty: vk::DescriptorType::STORAGE_BUFFER,
            descriptor_count: bindings.len().max(1) as u32,
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
        let set = unsafe {
            d.allocate_descriptor_sets(
                &vk::DescriptorSetAllocateInfo::default()
                    .descriptor_pool(self.pool)
                    .set_layouts(&set_layouts),
            )
        }
        .map_err(fail("vkAllocateDescriptorSets"))?[0];
        let infos: Vec<[vk::DescriptorBufferInfo; 1]> = bindings
            .iter()
            .map(|&(_, buffer)| {
                [vk::DescriptorBufferInfo::default()
                    .buffer(buffer)
                    .offset(0)
                    .range(vk::WHOLE_SIZE)]
            })
            .collect();
        let writes: Vec<vk::WriteDescriptorSet> = bindings
            .iter()
            .zip(&infos)
            .map(|(&(binding, _), info)| {
                vk::WriteDescriptorSet::default()
                    .dst_set(set)
                    .dst_binding(binding)
                    .descriptor_type(vk::DescriptorType::STORAGE_BUFFER)
                    .buffer_info(info)
            })
            .collect();
        unsafe { d.update_descriptor_sets(&writes, &[]) };
        // The command buffer is recorded at the first `run`.
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
        // Keep the set for recording.
        self.record_set = set;
        Ok(())
    }

    fn buffer(&self, len: usize) -> Result<HostBuffer, String> {
        let d = &self.device.device;
        let buffer = unsafe {
            d.create_buffer(
                &vk::BufferCreateInfo::default()
                    .size(len as u64)
                    .usage(vk::BufferUsageFlags::STORAGE_BUFFER)
                    .sharing_mode(vk::SharingMode::EXCLUSIVE),
                None,
            )
        }
        .map_err(fail("vkCreateBuffer"))?;
        let requirements = unsafe { d.get_buffer_memory_requirements(buffer) };
        let Some(kind) = self.device.memory_type(requirements.memory_type_bits) else {
            unsafe { d.destroy_buffer(buffer, None) };
            return Err("no host-visible memory for a storage buffer".to_owned());
        };
        let memory = unsafe {
            d.allocate_memory(
                &vk::MemoryAllocateInfo::default()
                    .allocation_size(requirements.size)
                    .memory_type_index(kind),
                None,
            )
        }
        .map_err(fail("vkAllocateMemory"));
        let memory = match memory {
            Ok(memory) => memory,
            Err(e) => {
                unsafe { d.destroy_buffer(buffer, None) };
                return Err(e);
            }
        };
        let mapped = unsafe {
            d.bind_buffer_memory(buffer, memory, 0)
                .and_then(|()| d.map_memory(memory, 0, vk::WHOLE_SIZE, vk::MemoryMapFlags::empty()))
        };
        match mapped {
            Ok(mapped) => Ok(HostBuffer {
                buffer,
                memory,
                mapped: mapped.cast(),
                len,
            }),
            Err(e) => {
                unsafe {
                    d.destroy_buffer(buffer, None);
                    d.free_memory(memory, None);
                }
                Err(format!("vkMapMemory: {e}"))
            }
        }
    }

    /// The mapped contents of argument `index`'s buffer.
    ///
    /// # Errors
    /// When argument `index` is not a buffer.
    pub fn buffer_mut(&mut self, index: usize) -> Result<&mut [u8], String> {
        match self.buffers.get_mut(index) {
            Some(Some(buffer)) => {
                // The memory stays mapped until `Drop`, and no dispatch is
                // in flight while `&mut self` is held.
                Ok(unsafe { std::slice::from_raw_parts_mut(buffer.mapped, buffer.len) })
            }
            _ => Err(format!("argument {index} is not a buffer")),
        }
    }

    /// Dispatches `groups` work-groups and waits for them.
    ///
    /// # Errors
    /// A message when Vulkan rejects a call (a lost device, say).
    pub fn run(&mut self, groups: [u32; 3]) -> Result<(), String> {
        let d = &self.device.device;
        if groups != self.groups {
            self.groups = groups;
            self.record()?;
        }
        let commands = [self.command];
        let submit = vk::SubmitInfo::default().command_buffers(&commands);
        unsafe {
            d.queue_submit(self.device.queue, &[submit], self.fence)
                .map_err(fail("vkQueueSubmit"))?;
            d.wait_for_fences(&[self.fence], true, u64::MAX)
                .map_err(fail("vkWaitForFences"))?;
            d.reset_fences(&[self.fence])
                .map_err(fail("vkResetFences"))?;
        }
        Ok(())
    }

    fn record(&mut self) -> Result<(), String> {
        let d = &self.device.device;
        let c = self.command;
        unsafe {
            d.reset_command_buffer(c, vk::CommandBufferResetFlags::empty())
                .map_err(fail("vkResetCommandBuffer"))?;
            d.begin_command_buffer(c, &vk::CommandBufferBeginInfo::default())
                .map_err(fail("vkBeginCommandBuffer"))?;
            // Host writes before the dispatch, shader writes after it.
            let before = vk::MemoryBarrier::default()
                .src_access_mask(vk::AccessFlags::HOST_WRITE)
                .dst_access_mask(vk::AccessFlags::SHADER_READ | vk::AccessFlags::SHADER_WRITE);
            d.cmd_pipeline_barrier(
                c,
                vk::PipelineStageFlags::HOST,
                vk::PipelineStageFlags::COMPUTE_SHADER,
                vk::DependencyFlags::empty(),
                &[before],
                &[],
                &[],
            );
            d.cmd_bind_pipeline(c, vk::PipelineBindPoint::COMPUTE, self.pipeline);
            d.cmd_bind_descriptor_sets(
                c,
                vk::PipelineBindPoint::COMPUTE,
                self.layout,
                0,
                &[self.record_set],
                &[],
            );
            if !self.push.is_empty() {
                d.cmd_push_constants(c, self.layout, vk::ShaderStageFlags::COMPUTE, 0, &self.push);
            }
            let [x, y, z] = self.groups;
            d.cmd_dispatch(c, x, y, z);
            let after = vk::MemoryBarrier::default()
                .src_access_mask(vk::AccessFlags::SHADER_WRITE)
                .dst_access_mask(vk::AccessFlags::HOST_READ);
            d.cmd_pipeline_barrier(
                c,
                vk::PipelineStageFlags::COMPUTE_SHADER,
                vk::PipelineStageFlags::HOST,
                vk::DependencyFlags::empty(),
                &[after],
                &[],
                &[],
            );
            d.end_command_buffer(c)
                .map_err(fail("vkEndCommandBuffer"))?;
        }
        Ok(())
    }
}

impl Drop for Dispatch<'_> {
    fn drop(&mut self) {
        let d = &self.device.device;
        unsafe {
            let _ = d.device_wait_idle();
            d.destroy_fence(self.fence, None);
            d.destroy_command_pool(self.commands, None);
            d.destroy_descriptor_pool(self.pool, None);
            d.destroy_pipeline(self.pipeline, None);
            d.destroy_pipeline_layout(self.layout, None);
            d.destroy_descriptor_set_layout(self.set_layout, None);
            d.destroy_shader_module(self.module, None);
            for buffer in self.buffers.iter().flatten() {
                d.destroy_buffer(buffer.buffer, None);
                d.unmap_memory(buffer.memory);
                d.free_memory(buffer.memory, None);
            }
        }
    }
}
