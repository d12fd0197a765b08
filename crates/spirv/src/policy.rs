//! The per-target policy of the back end: what differs between the OpenCL
//! SPIR-V environment and Vulkan compute — storage classes, the memory
//! model, memory-semantics and scope encodings — in one place, read by the
//! target-independent emission code. The environment itself (its
//! spelling, SPIR-V version and validation environment) is
//! [`oclc_target::Env`]; this file gives it the back end's methods
//! ([`Policy`]).
//!
//! | | OpenCL | Vulkan |
//! |---|---|---|
//! | capabilities | `Addresses`, `Kernel` | `Shader`, `VulkanMemoryModel`, `VariablePointersStorageBuffer` |
//! | memory model | `Physical64`/`Physical32` `OpenCL` | `Logical` `Vulkan` |
//! | SPIR-V version | 1.0 | 1.5 (Vulkan 1.2), 1.6 (Vulkan 1.3) |
//! | `global` | `CrossWorkgroup` | `StorageBuffer` (kernel arguments only) |
//! | `constant` | `UniformConstant` | `StorageBuffer` (kernel arguments only) |
//! | `local` | `Workgroup` | `Workgroup` |
//! | storage semantics of `global` | `CrossWorkgroupMemory` 0x200 | `UniformMemory` 0x40 |
//! | release / acquire | `Release` / `Acquire` | plus `MakeAvailable` 0x2000 / `MakeVisible` 0x4000 |
//! | seq_cst | `SequentiallyConsistent` | `AcquireRelease` with both, loads and stores as read-modify-writes (see [`crate::atomics`]) |
//! | `memory_scope_device` | `Device` | `QueueFamily` |
//! | plain `global`/`local` access | — | `NonPrivatePointer` |

use oclc_ir::{AddressSpace, MemoryOrder, MemoryScope};
use oclc_target::Env;
use rspirv::spirv::{Scope, StorageClass};

/// The order bits of Memory Semantics.
const ACQUIRE: u32 = 0x2;
const RELEASE: u32 = 0x4;
const ACQUIRE_RELEASE: u32 = 0x8;
const SEQUENTIALLY_CONSISTENT: u32 = 0x10;
/// `MakeAvailable` memory semantics.
pub(crate) const MAKE_AVAILABLE: u32 = 0x2000;
/// `MakeVisible` memory semantics.
pub(crate) const MAKE_VISIBLE: u32 = 0x4000;
/// `UniformMemory` (storage buffers under Vulkan).
const SEMANTICS_UNIFORM: u32 = 0x40;
/// `WorkgroupMemory`.
const SEMANTICS_WORKGROUP: u32 = 0x100;
/// `CrossWorkgroupMemory`.
const SEMANTICS_CROSS_WORKGROUP: u32 = 0x200;
/// `ImageMemory`.
pub(crate) const SEMANTICS_IMAGE: u32 = 0x800;

/// The per-environment choices of the back end, as methods of
/// [`Env`] (which `oclc-target` defines).
pub(crate) trait Policy: Copy {
    /// The storage class of objects in `space`.
    fn storage_class(self, space: AddressSpace) -> StorageClass;
    /// The storage-class memory-semantics bits of an object in `space`.
    fn storage_semantics(self, space: AddressSpace) -> u32;
    /// The semantics bit of global memory.
    fn global_semantics(self) -> u32;
    /// The semantics bit of local memory.
    fn local_semantics(self) -> u32;
    /// The Memory Semantics order bits of `order`.
    fn order_bits(self, order: MemoryOrder) -> u32;
    /// The SPIR-V scope of `scope`.
    fn scope(self, scope: MemoryScope) -> u32;
    /// The `MemoryAccess` operand bits of a plain load or store.
    fn memory_access(self, class: StorageClass, volatile: bool) -> u32;
}

impl Policy for Env {
    /// The storage class of objects in `space`.
    fn storage_class(self, space: AddressSpace) -> StorageClass {
        match (self, space) {
            (_, AddressSpace::Private) => StorageClass::Function,
            (Env::OpenCl, AddressSpace::Global) => StorageClass::CrossWorkgroup,
            (Env::OpenCl, AddressSpace::Constant) => StorageClass::UniformConstant,
            (Env::Vulkan { .. }, AddressSpace::Global | AddressSpace::Constant) => {
                StorageClass::StorageBuffer
            }
            (_, AddressSpace::Local) => StorageClass::Workgroup,
            (_, AddressSpace::Generic) => StorageClass::Generic,
        }
    }

    /// The storage-class memory-semantics bits of an object in `space`.
    fn storage_semantics(self, space: AddressSpace) -> u32 {
        match space {
            AddressSpace::Global => self.global_semantics(),
            AddressSpace::Local => SEMANTICS_WORKGROUP,
            AddressSpace::Generic => SEMANTICS_WORKGROUP | self.global_semantics(),
            AddressSpace::Private | AddressSpace::Constant => 0,
        }
    }

    /// The semantics bit of global memory.
    fn global_semantics(self) -> u32 {
        if self.is_vulkan() {
            SEMANTICS_UNIFORM
        } else {
            SEMANTICS_CROSS_WORKGROUP
        }
    }

    /// The semantics bit of local memory.
    fn local_semantics(self) -> u32 {
        SEMANTICS_WORKGROUP
    }

    /// The order bits of `order`: in OpenCL modules the SPIR-V Memory
    /// Semantics bit of the order (`Acquire` 0x2, `Release` 0x4,
    /// `AcquireRelease` 0x8, `SequentiallyConsistent` 0x10); under Vulkan,
    /// seq_cst is acquire-release
    /// (the Vulkan memory model has no stronger order; see the module
    /// docs for how oclc keeps the guarantee), with `MakeAvailable` on
    /// releases and `MakeVisible` on acquires.
    fn order_bits(self, order: MemoryOrder) -> u32 {
        let vulkan = self.is_vulkan();
        let bits = match order {
            MemoryOrder::Relaxed => 0,
            MemoryOrder::Acquire if vulkan => ACQUIRE | MAKE_VISIBLE,
            MemoryOrder::Release if vulkan => RELEASE | MAKE_AVAILABLE,
            MemoryOrder::AcqRel | MemoryOrder::SeqCst if vulkan => {
                ACQUIRE_RELEASE | MAKE_AVAILABLE | MAKE_VISIBLE
            }
            MemoryOrder::Acquire => ACQUIRE,
            MemoryOrder::Release => RELEASE,
            MemoryOrder::AcqRel => ACQUIRE_RELEASE,
            MemoryOrder::SeqCst => SEQUENTIALLY_CONSISTENT,
        };
        #[cfg(feature = "mutants")]
        let bits = crate::mutant::order_bits(self, order, bits);
        bits
    }

    /// The SPIR-V scope of `scope`. Under Vulkan, device scope is
    /// `QueueFamily` (every invocation of a dispatch; `Device` would need
    /// the `vulkanMemoryModelDeviceScope` feature) and work-item scope
    /// `Invocation`; all-SVM-devices scope has no Vulkan meaning and is
    /// rejected before emission.
    fn scope(self, scope: MemoryScope) -> u32 {
        let spirv = match (self, scope) {
            (Env::OpenCl, MemoryScope::AllSvmDevices) => Scope::CrossDevice as u32,
            (Env::OpenCl, MemoryScope::Device) => Scope::Device as u32,
            (_, MemoryScope::WorkItem) => Scope::Invocation as u32,
            (_, MemoryScope::WorkGroup) => Scope::Workgroup as u32,
            (_, MemoryScope::SubGroup) => Scope::Subgroup as u32,
            (Env::Vulkan { .. }, MemoryScope::Device | MemoryScope::AllSvmDevices) => {
                Scope::QueueFamily as u32
            }
        };
        #[cfg(feature = "mutants")]
        let spirv = crate::mutant::scope(self, spirv);
        spirv
    }

    /// The `MemoryAccess` operand bits of a plain load or store through a
    /// pointer in `class` (`volatile` adds `Volatile`): under Vulkan,
    /// storage-buffer and workgroup accesses are `NonPrivatePointer`, so
    /// availability and visibility operations of atomics and barriers
    /// apply to them.
    fn memory_access(self, class: StorageClass, volatile: bool) -> u32 {
        let mut bits = if volatile { 0x1 } else { 0 };
        if self.is_vulkan()
            && matches!(class, StorageClass::StorageBuffer | StorageClass::Workgroup)
        {
            bits |= 0x20;
        }
        #[cfg(feature = "mutants")]
        let bits = crate::mutant::memory_access(self, bits);
        bits
    }
}
