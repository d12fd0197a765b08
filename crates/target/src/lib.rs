//! What the compilation targets: the OpenCL C version (`-cl-std`), the
//! extensions and optional features the device supports (`-cl-ext`), the
//! pointer width (`-target spirv32|spirv64`) and the SPIR-V environment
//! (`-target vulkan1.x`: [`Env`], its SPIR-V version and validation
//! environment). Its own crate, read by every
//! stage (the preprocessor's predefined macros, semantic analysis and the
//! rules' availability checks, the facade's options) without any of them
//! depending on another for it.
//!
//! "Supported" is modelled separately from `#pragma OPENCL EXTENSION`: like
//! clang, an extension the target supports is usable without the pragma.

use std::fmt;

/// The OpenCL C language version selected with `-cl-std`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ClStd {
    /// OpenCL C 1.0.
    Cl10,
    /// OpenCL C 1.1.
    Cl11,
    /// OpenCL C 1.2.
    Cl12,
    /// OpenCL C 2.0 (the default).
    Cl20,
    /// OpenCL C 3.0.
    Cl30,
    /// OpenCL C 3.1 (3.0 with six extensions promoted to core).
    Cl31,
}

impl ClStd {
    /// Parses a `-cl-std=` value (`CL1.2`, `cl2.0`, `CL3.0`, ...).
    pub fn parse(text: &str) -> Option<ClStd> {
        match text.to_ascii_uppercase().as_str() {
            "CL1.0" => Some(ClStd::Cl10),
            "CL1.1" => Some(ClStd::Cl11),
            "CL1.2" => Some(ClStd::Cl12),
            "CL2.0" => Some(ClStd::Cl20),
            "CL3.0" => Some(ClStd::Cl30),
            "CL3.1" => Some(ClStd::Cl31),
            _ => None,
        }
    }

    /// The version as an integer: 100, 110, 120, 200, 300, 310
    /// (`__OPENCL_C_VERSION__`, `OpSource OpenCL_C`).
    pub fn number(self) -> u32 {
        match self {
            ClStd::Cl10 => 100,
            ClStd::Cl11 => 110,
            ClStd::Cl12 => 120,
            ClStd::Cl20 => 200,
            ClStd::Cl30 => 300,
            ClStd::Cl31 => 310,
        }
    }

    /// Whether this is OpenCL C 2.0 or later (C11 atomics, generic space).
    pub fn is_2_0_or_later(self) -> bool {
        self >= ClStd::Cl20
    }
}

impl fmt::Display for ClStd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.number();
        write!(f, "CL{}.{}", n / 100, n / 10 % 10)
    }
}

macro_rules! features {
    ($($variant:ident = $name:literal,)*) => {
        /// An extension or OpenCL C 3.0 optional feature oclc knows about.
        #[allow(missing_docs)]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Feature { $($variant,)* }

        impl Feature {
            /// Every known feature, in declaration order.
            pub const ALL: &'static [Feature] = &[$(Feature::$variant,)*];

            /// The macro / extension name, e.g. `cl_khr_int64_base_atomics`.
            pub fn name(self) -> &'static str {
                match self { $(Feature::$variant => $name,)* }
            }

            /// Looks a name up.
            pub fn from_name(name: &str) -> Option<Feature> {
                match name { $($name => Some(Feature::$variant),)* _ => None }
            }
        }
    };
}

features! {
    // Extensions.
    KhrGlobalInt32BaseAtomics = "cl_khr_global_int32_base_atomics",
    KhrGlobalInt32ExtendedAtomics = "cl_khr_global_int32_extended_atomics",
    KhrLocalInt32BaseAtomics = "cl_khr_local_int32_base_atomics",
    KhrLocalInt32ExtendedAtomics = "cl_khr_local_int32_extended_atomics",
    KhrInt64BaseAtomics = "cl_khr_int64_base_atomics",
    KhrInt64ExtendedAtomics = "cl_khr_int64_extended_atomics",
    KhrByteAddressableStore = "cl_khr_byte_addressable_store",
    KhrFp64 = "cl_khr_fp64",
    KhrFp16 = "cl_khr_fp16",
    KhrSubgroups = "cl_khr_subgroups",
    KhrSubgroupBallot = "cl_khr_subgroup_ballot",
    KhrSubgroupNonUniformVote = "cl_khr_subgroup_non_uniform_vote",
    KhrSubgroupNonUniformArithmetic = "cl_khr_subgroup_non_uniform_arithmetic",
    KhrSubgroupClusteredReduce = "cl_khr_subgroup_clustered_reduce",
    Khr3dImageWrites = "cl_khr_3d_image_writes",
    ExtFloatAtomics = "cl_ext_float_atomics",
    // Extensions OpenCL C 3.1 promotes to core.
    KhrExtendedBitOps = "cl_khr_extended_bit_ops",
    KhrIntegerDotProduct = "cl_khr_integer_dot_product",
    KhrSubgroupExtendedTypes = "cl_khr_subgroup_extended_types",
    KhrSubgroupRotate = "cl_khr_subgroup_rotate",
    KhrSubgroupShuffle = "cl_khr_subgroup_shuffle",
    KhrSubgroupShuffleRelative = "cl_khr_subgroup_shuffle_relative",
    // OpenCL C 3.0 optional features.
    AtomicOrderAcqRel = "__opencl_c_atomic_order_acq_rel",
    AtomicOrderSeqCst = "__opencl_c_atomic_order_seq_cst",
    AtomicScopeDevice = "__opencl_c_atomic_scope_device",
    AtomicScopeAllDevices = "__opencl_c_atomic_scope_all_devices",
    GenericAddressSpace = "__opencl_c_generic_address_space",
    ProgramScopeGlobalVariables = "__opencl_c_program_scope_global_variables",
    Subgroups = "__opencl_c_subgroups",
    Fp64 = "__opencl_c_fp64",
    Int64 = "__opencl_c_int64",
    Images = "__opencl_c_images",
    ReadWriteImages = "__opencl_c_read_write_images",
    Image3dWrites = "__opencl_c_3d_image_writes",
    WorkGroupCollectiveFunctions = "__opencl_c_work_group_collective_functions",
    Pipes = "__opencl_c_pipes",
    ExtFp32GlobalAtomicAdd = "__opencl_c_ext_fp32_global_atomic_add",
    ExtFp32LocalAtomicAdd = "__opencl_c_ext_fp32_local_atomic_add",
    ExtFp32GlobalAtomicMinMax = "__opencl_c_ext_fp32_global_atomic_min_max",
    ExtFp32LocalAtomicMinMax = "__opencl_c_ext_fp32_local_atomic_min_max",
    ExtFp64GlobalAtomicAdd = "__opencl_c_ext_fp64_global_atomic_add",
    ExtFp64LocalAtomicAdd = "__opencl_c_ext_fp64_local_atomic_add",
    ExtFp64GlobalAtomicMinMax = "__opencl_c_ext_fp64_global_atomic_min_max",
    ExtFp64LocalAtomicMinMax = "__opencl_c_ext_fp64_local_atomic_min_max",
    ExtFp16GlobalAtomicLoadStore = "__opencl_c_ext_fp16_global_atomic_load_store",
    ExtFp16LocalAtomicLoadStore = "__opencl_c_ext_fp16_local_atomic_load_store",
    ExtFp16GlobalAtomicAdd = "__opencl_c_ext_fp16_global_atomic_add",
    ExtFp16LocalAtomicAdd = "__opencl_c_ext_fp16_local_atomic_add",
    ExtFp16GlobalAtomicMinMax = "__opencl_c_ext_fp16_global_atomic_min_max",
    ExtFp16LocalAtomicMinMax = "__opencl_c_ext_fp16_local_atomic_min_max",
}

impl Feature {
    /// The extensions OpenCL C 3.1 makes core: supported under 3.1
    /// whatever `-cl-ext` says.
    pub const CORE_IN_3_1: [Feature; 6] = [
        Feature::KhrExtendedBitOps,
        Feature::KhrIntegerDotProduct,
        Feature::KhrSubgroupExtendedTypes,
        Feature::KhrSubgroupRotate,
        Feature::KhrSubgroupShuffle,
        Feature::KhrSubgroupShuffleRelative,
    ];
}

/// A set of [`Feature`]s (a bit set; `Feature` has fewer than 64 variants).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct FeatureSet(u64);

impl FeatureSet {
    /// The empty set.
    pub const EMPTY: FeatureSet = FeatureSet(0);

    /// Whether `f` is in the set.
    pub fn contains(self, f: Feature) -> bool {
        self.0 & (1 << f as u32) != 0
    }

    /// Adds `f`.
    pub fn insert(&mut self, f: Feature) {
        self.0 |= 1 << f as u32;
    }

    /// Removes `f`.
    pub fn remove(&mut self, f: Feature) {
        self.0 &= !(1 << f as u32);
    }

    /// The members in declaration order.
    pub fn iter(self) -> impl Iterator<Item = Feature> {
        Feature::ALL
            .iter()
            .copied()
            .filter(move |&f| self.contains(f))
    }

    /// What a common OpenCL 2.0+ device supports (and what oclc assumes
    /// when no `-cl-ext` says otherwise): everything in [`Feature::ALL`]
    /// (half precision and its atomics, the sub-group extensions, the
    /// integer extensions and images included, as on Intel's CPU runtime
    /// and as clang's `spir64` target declares). Before OpenCL C 2.0 the
    /// set holds no 3.0 feature but images, which `__IMAGE_SUPPORT__`
    /// reports.
    pub fn default_for(std: ClStd) -> FeatureSet {
        let mut set = FeatureSet::EMPTY;
        for &f in Feature::ALL {
            let skip = (!std.is_2_0_or_later()
                && f.name().starts_with("__opencl_c_")
                && f != Feature::Images)
                || (std == ClStd::Cl20
                    && f.name().starts_with("__opencl_c_")
                    && !f.name().starts_with("__opencl_c_ext_"));
            if !skip {
                set.insert(f);
            }
        }
        set
    }
}

/// Build options that change the language's floating-point meaning.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MathOptions {
    /// `-cl-single-precision-constant`: unsuffixed floating constants
    /// are `float`.
    pub single_precision_constant: bool,
    /// `-cl-fast-relaxed-math`: `__FAST_RELAXED_MATH__` and `__FAST_MATH__`
    /// are defined (and `__FINITE_MATH_ONLY__` is 1), as clang defines
    /// them; the code emitted is the same.
    pub fast_relaxed: bool,
    /// `-cl-finite-math-only`: `__FINITE_MATH_ONLY__` is 1 (0 otherwise).
    pub finite_only: bool,
    /// `-ffp-contract=off`: floating `a * b + c` is not contracted into
    /// one operation unless `#pragma OPENCL FP_CONTRACT ON` says so
    /// (OpenCL's default, `-ffp-contract=on`, contracts).
    pub fp_contract_off: bool,
}

/// Everything about the target the front end and checks depend on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Target {
    /// `-cl-std`.
    pub std: ClStd,
    /// Supported extensions and optional features, after `-cl-ext`.
    pub features: FeatureSet,
    /// 64 for `spirv64` (the default), 32 for `spirv32`.
    pub pointer_bits: u32,
    /// The SPIR-V environment: OpenCL (the default) or Vulkan compute
    /// (`-target vulkan1.x`), where some orders and scopes have no meaning
    /// or a weaker one.
    pub env: Env,
    /// Floating-point build options.
    pub math: MathOptions,
}

impl Target {
    /// The default target for a language version: a 64-bit device with
    /// [`FeatureSet::default_for`].
    pub fn new(std: ClStd) -> Target {
        Target {
            std,
            features: FeatureSet::default_for(std),
            pointer_bits: 64,
            env: Env::OpenCl,
            math: MathOptions::default(),
        }
    }

    /// Whether `f` is supported. Under OpenCL C 2.0 every 3.0 feature that
    /// 2.0 makes mandatory counts as supported.
    pub fn supports(&self, f: Feature) -> bool {
        if self.std == ClStd::Cl20
            && f.name().starts_with("__opencl_c_")
            && !f.name().starts_with("__opencl_c_ext_")
        {
            // 2.0 has all orders and scopes, generic space, program-scope
            // globals; subgroups, fp64 and int64 follow the extensions.
            return match f {
                Feature::Subgroups => self.features.contains(Feature::KhrSubgroups),
                Feature::Fp64 => self.features.contains(Feature::KhrFp64),
                Feature::AtomicScopeAllDevices => false,
                // An extension under 2.0 (`cl_khr_3d_image_writes`).
                Feature::Image3dWrites => false,
                _ => true,
            };
        }
        if self.std >= ClStd::Cl31 && Feature::CORE_IN_3_1.contains(&f) {
            return true;
        }
        self.features.contains(f)
    }
}

impl Default for Target {
    fn default() -> Self {
        Target::new(ClStd::Cl20)
    }
}

/// The SPIR-V environment a module is emitted for: the one place that
/// spells it (`-target`), gives its SPIR-V version and its SPIRV-Tools
/// validation environment. The back end's per-environment policy (storage
/// classes, semantics and scope encodings) is `oclc_spirv`'s `policy.rs`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Env {
    /// The OpenCL SPIR-V environment (`Kernel` modules).
    #[default]
    OpenCl,
    /// Vulkan compute (`Shader` modules) for Vulkan 1.`minor` (2 or 3).
    Vulkan {
        /// The Vulkan minor version: 2 or 3.
        minor: u8,
    },
}

impl Env {
    /// Every Vulkan environment oclc targets, oldest first.
    pub const VULKAN: [Env; 2] = [Env::Vulkan { minor: 2 }, Env::Vulkan { minor: 3 }];

    /// The Vulkan environment a `-target`/`--target-env` value names
    /// (`vulkan1.2`, `vulkan1.3`, also with clang's `spirv-unknown-` and
    /// `spirv64-unknown-` prefixes); `None` for any other value.
    pub fn parse_vulkan(value: &str) -> Option<Env> {
        let value = value
            .strip_prefix("spirv-unknown-")
            .or_else(|| value.strip_prefix("spirv64-unknown-"))
            .unwrap_or(value);
        Env::VULKAN.into_iter().find(|env| env.to_string() == value)
    }

    /// Whether this is a Vulkan target.
    pub fn is_vulkan(self) -> bool {
        matches!(self, Env::Vulkan { .. })
    }

    /// The SPIR-V version modules for this environment declare (at least).
    pub fn spirv_version(self) -> (u8, u8) {
        match self {
            Env::OpenCl => (1, 0),
            Env::Vulkan { minor: 2 } => (1, 5),
            Env::Vulkan { .. } => (1, 6),
        }
    }

    /// The Vulkan environment whose modules declare SPIR-V 1.`minor`, or
    /// the newest below it: [`Env::spirv_version`] read backwards.
    pub fn vulkan_for_spirv(minor: u8) -> Env {
        Env::VULKAN
            .into_iter()
            .rev()
            .find(|env| env.spirv_version().1 <= minor)
            .unwrap_or(Env::VULKAN[0])
    }

    /// The SPIRV-Tools environment a module for this environment validates
    /// under, given the SPIR-V version it declares and whether it declares
    /// `Int64Atomics`. OpenCL modules of SPIR-V 1.0 validate under
    /// `opencl2.0` (the OpenCL environments accept only 1.0 up to 2.1, and
    /// `opencl1.2` rejects `GenericPointer`), 1.1 and 1.2 modules under
    /// `opencl2.2`. SPIRV-Tools rejects `Int64Atomics` under every OpenCL
    /// environment although OpenCL allows it with the 64-bit atomics
    /// extensions, so such a module validates under the universal
    /// environment of its version (`spv1.N`), as do 1.3+ modules, for which
    /// no OpenCL environment exists.
    pub fn validation_env(self, version: (u8, u8), int64_atomics: bool) -> ValidationEnv {
        let minor = version.1;
        match self {
            Env::Vulkan { minor } => ValidationEnv::Vulkan(minor),
            Env::OpenCl if int64_atomics || minor >= 3 => ValidationEnv::Universal(minor.min(6)),
            Env::OpenCl if minor == 0 => ValidationEnv::OpenCl2_0,
            Env::OpenCl => ValidationEnv::OpenCl2_2,
        }
    }
}

impl fmt::Display for Env {
    /// `opencl`, `vulkan1.2`, `vulkan1.3`: the spellings of `-target`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Env::OpenCl => f.write_str("opencl"),
            Env::Vulkan { minor } => write!(f, "vulkan1.{minor}"),
        }
    }
}

/// A SPIRV-Tools target environment oclc validates under
/// ([`Env::validation_env`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ValidationEnv {
    /// `opencl2.0` (SPIR-V 1.0).
    OpenCl2_0,
    /// `opencl2.2` (SPIR-V up to 1.2).
    OpenCl2_2,
    /// `spv1.N` for the given minor version N (0..=6).
    Universal(u8),
    /// `vulkan1.N` for the given minor version N (2 or 3).
    Vulkan(u8),
}

impl ValidationEnv {
    /// The name `spirv-val --target-env` takes.
    pub fn name(self) -> String {
        match self {
            ValidationEnv::OpenCl2_0 => "opencl2.0".to_owned(),
            ValidationEnv::OpenCl2_2 => "opencl2.2".to_owned(),
            ValidationEnv::Universal(minor) => format!("spv1.{minor}"),
            ValidationEnv::Vulkan(minor) => format!("vulkan1.{minor}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Env;

    /// The spelling, the SPIR-V version and its inverse are one map.
    #[test]
    fn vulkan_spellings_and_versions_round_trip() {
        for env in Env::VULKAN {
            assert_eq!(Env::parse_vulkan(&env.to_string()), Some(env));
            assert_eq!(
                Env::parse_vulkan(&format!("spirv-unknown-{env}")),
                Some(env)
            );
            assert_eq!(Env::vulkan_for_spirv(env.spirv_version().1), env);
        }
        assert_eq!(Env::parse_vulkan("opencl"), None);
        assert_eq!(Env::parse_vulkan("vulkan1.1"), None);
    }
}
