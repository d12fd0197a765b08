//! The device description the OpenCL conformance suite (OpenCL-CTS) hands
//! an offline compiler, and the [`Options`] it implies.
//!
//! In its offline modes the suite runs `COMPILER --mode=spir-v
//! --source=F.cl --output=F.spv --cl-device-info=INFO -- OPTIONS` for each
//! program (`test_common/harness/cl_offline_compiler-interface.txt`). INFO
//! is a list of `KEY=VALUE` lines, values optionally in double quotes,
//! `#` comments:
//!
//! ```text
//! # OpenCL device info affecting SPIR-V offline compilation:
//! CL_DEVICE_ADDRESS_BITS=64
//! CL_DEVICE_EXTENSIONS="cl_khr_fp64 cl_khr_fp16 ..."
//! CL_DEVICE_IL_VERSION="SPIR-V_1.0 SPIR-V_1.1 SPIR-V_1.2"
//! CL_DEVICE_VERSION="OpenCL 3.0 (Build 0)"
//! CL_DEVICE_IMAGE_SUPPORT=1
//! CL_DEVICE_NAME="..."
//! ```
//!
//! What each key decides ([`DeviceInfo::options`]):
//!
//! - `CL_DEVICE_ADDRESS_BITS`: the pointer width (`spirv32`/`spirv64`).
//! - `CL_DEVICE_EXTENSIONS`: exactly the `cl_*` extensions the target
//!   supports (and so the macros that announce them); the OpenCL C 3.0
//!   features that follow from an extension follow it: `__opencl_c_fp64`
//!   and the double-precision atomics from `cl_khr_fp64`, the
//!   half-precision atomics from `cl_khr_fp16`, every floating-point
//!   atomic from `cl_ext_float_atomics`, `__opencl_c_3d_image_writes` from
//!   `cl_khr_3d_image_writes`. The other 3.0 features are not in the file
//!   and keep oclc's defaults.
//! - `CL_DEVICE_IL_VERSION`: the highest SPIR-V version the module may use
//!   (`--spirv-max-version`); a device that takes no SPIR-V is an error.
//! - `CL_DEVICE_VERSION`: the language version when the build options
//!   name none. As `clBuildProgram` does, that is the highest OpenCL C 1.x
//!   the device supports (1.2 on an OpenCL 1.2 or later device); the suite
//!   passes `-cl-std=` for OpenCL C 2.0 and later itself.
//! - `CL_DEVICE_IMAGE_SUPPORT`: 0 removes the image features.
//! - `CL_DEVICE_NAME`: kept for messages.
//!
//! The build options then apply on top, as `clBuildProgram` would take
//! them ([`DeviceInfo::options_with`]), plus the two options the suite
//! gives only offline compilers: `-cl-fp16-enable` and `-cl-fp64-enable`.

use crate::options::{Options, OptionsError};
use oclc_target::{ClStd, Feature};
use std::fmt;

/// The contents of a `--cl-device-info` file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeviceInfo {
    /// `CL_DEVICE_ADDRESS_BITS`: 32 or 64.
    pub address_bits: u32,
    /// `CL_DEVICE_EXTENSIONS`, one name each.
    pub extensions: Vec<String>,
    /// The SPIR-V versions of `CL_DEVICE_IL_VERSION` (other ILs left out),
    /// in the file's order.
    pub spirv_versions: Vec<(u8, u8)>,
    /// The OpenCL version of `CL_DEVICE_VERSION` (`OpenCL 3.0 ...`).
    pub version: (u32, u32),
    /// `CL_DEVICE_IMAGE_SUPPORT`.
    pub image_support: bool,
    /// `CL_DEVICE_NAME` (empty when absent).
    pub name: String,
}

/// A `--cl-device-info` file oclc cannot use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeviceInfoError {
    /// The 1-based line at fault, or `None` for a missing key.
    pub line: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for DeviceInfoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "line {line}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for DeviceInfoError {}

/// The keys oclc reads; others are ignored (a later suite may add some).
const ADDRESS_BITS: &str = "CL_DEVICE_ADDRESS_BITS";
const EXTENSIONS: &str = "CL_DEVICE_EXTENSIONS";
const IL_VERSION: &str = "CL_DEVICE_IL_VERSION";
const VERSION: &str = "CL_DEVICE_VERSION";
const IMAGE_SUPPORT: &str = "CL_DEVICE_IMAGE_SUPPORT";
const NAME: &str = "CL_DEVICE_NAME";

/// 3.0 features that a device has only with an extension of its list:
/// (feature, the extensions it needs, all of them).
const FEATURES_FROM_EXTENSIONS: &[(Feature, &[Feature])] = &[
    (Feature::Fp64, &[Feature::KhrFp64]),
    (Feature::Image3dWrites, &[Feature::Khr3dImageWrites]),
    (Feature::ExtFp32GlobalAtomicAdd, &[Feature::ExtFloatAtomics]),
    (Feature::ExtFp32LocalAtomicAdd, &[Feature::ExtFloatAtomics]),
    (
        Feature::ExtFp32GlobalAtomicMinMax,
        &[Feature::ExtFloatAtomics],
    ),
    (
        Feature::ExtFp32LocalAtomicMinMax,
        &[Feature::ExtFloatAtomics],
    ),
    (
        Feature::ExtFp64GlobalAtomicAdd,
        &[Feature::ExtFloatAtomics, Feature::KhrFp64],
    ),
    (
        Feature::ExtFp64LocalAtomicAdd,
        &[Feature::ExtFloatAtomics, Feature::KhrFp64],
    ),
    (
        Feature::ExtFp64GlobalAtomicMinMax,
        &[Feature::ExtFloatAtomics, Feature::KhrFp64],
    ),
    (
        Feature::ExtFp64LocalAtomicMinMax,
        &[Feature::ExtFloatAtomics, Feature::KhrFp64],
    ),
    (
        Feature::ExtFp16GlobalAtomicLoadStore,
        &[Feature::ExtFloatAtomics, Feature::KhrFp16],
    ),
    (
        Feature::ExtFp16LocalAtomicLoadStore,
        &[Feature::ExtFloatAtomics, Feature::KhrFp16],
    ),
    (
        Feature::ExtFp16GlobalAtomicAdd,
        &[Feature::ExtFloatAtomics, Feature::KhrFp16],
    ),
    (
        Feature::ExtFp16LocalAtomicAdd,
        &[Feature::ExtFloatAtomics, Feature::KhrFp16],
    ),
    (
        Feature::ExtFp16GlobalAtomicMinMax,
        &[Feature::ExtFloatAtomics, Feature::KhrFp16],
    ),
    (
        Feature::ExtFp16LocalAtomicMinMax,
        &[Feature::ExtFloatAtomics, Feature::KhrFp16],
    ),
];

/// The features a device without image support lacks.
const IMAGE_FEATURES: [Feature; 4] = [
    Feature::Images,
    Feature::ReadWriteImages,
    Feature::Image3dWrites,
    Feature::Khr3dImageWrites,
];

impl DeviceInfo {
    /// Parses the text of a `--cl-device-info` file.
    ///
    /// # Errors
    /// A line that is not `KEY=VALUE`, a value of the wrong form, a
    /// repeated key, or a missing one (every key but `CL_DEVICE_NAME` is
    /// required).
    pub fn parse(text: &str) -> Result<DeviceInfo, DeviceInfoError> {
        let mut values: Vec<(&str, &str, usize)> = Vec::new();
        for (index, raw) in text.lines().enumerate() {
            let line = index + 1;
            let trimmed = raw.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let at = |message: String| DeviceInfoError {
                line: Some(line),
                message,
            };
            let Some((key, value)) = trimmed.split_once('=') else {
                return Err(at(format!("expected `KEY=VALUE`, found `{trimmed}`")));
            };
            let key = key.trim();
            let value = value.trim();
            let value = match value.strip_prefix('"') {
                Some(rest) => rest
                    .strip_suffix('"')
                    .ok_or_else(|| at(format!("unterminated quote in the value of {key}")))?,
                None => value,
            };
            if values.iter().any(|&(k, _, _)| k == key) {
                return Err(at(format!("{key} is given twice")));
            }
            values.push((key, value, line));
        }
        let find = |key: &'static str| values.iter().find(|&&(k, _, _)| k == key).copied();
        let required = |key: &'static str| {
            find(key).ok_or_else(|| DeviceInfoError {
                line: None,
                message: format!("{key} is missing"),
            })
        };
        let (_, bits, line) = required(ADDRESS_BITS)?;
        let address_bits = match bits {
            "32" => 32,
            "64" => 64,
            other => {
                return Err(DeviceInfoError {
                    line: Some(line),
                    message: format!("{ADDRESS_BITS} must be 32 or 64, not `{other}`"),
                })
            }
        };
        let extensions = required(EXTENSIONS)?
            .1
            .split_whitespace()
            .map(str::to_owned)
            .collect();
        let (_, il, line) = required(IL_VERSION)?;
        let spirv_versions = il
            .split_whitespace()
            .filter_map(|v| v.strip_prefix("SPIR-V_"))
            .map(|v| {
                parse_version(v).ok_or_else(|| DeviceInfoError {
                    line: Some(line),
                    message: format!("`SPIR-V_{v}` is not a SPIR-V version"),
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let (_, version, line) = required(VERSION)?;
        let version = version
            .strip_prefix("OpenCL ")
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(parse_version)
            .map(|(major, minor)| (u32::from(major), u32::from(minor)))
            .ok_or_else(|| DeviceInfoError {
                line: Some(line),
                message: format!("{VERSION} must start `OpenCL <major>.<minor>`, not `{version}`"),
            })?;
        let (_, images, line) = required(IMAGE_SUPPORT)?;
        let image_support = match images {
            "0" => false,
            "1" => true,
            other => {
                return Err(DeviceInfoError {
                    line: Some(line),
                    message: format!("{IMAGE_SUPPORT} must be 0 or 1, not `{other}`"),
                })
            }
        };
        let name = find(NAME).map_or("", |(_, v, _)| v).to_owned();
        Ok(DeviceInfo {
            address_bits,
            extensions,
            spirv_versions,
            version,
            image_support,
            name,
        })
    }

    /// Whether the device lists extension `f`.
    fn lists(&self, f: Feature) -> bool {
        self.extensions.iter().any(|e| e == f.name())
    }

    /// The options a compilation for this device starts from, before any
    /// build option (see the module documentation).
    ///
    /// # Errors
    /// The device takes no SPIR-V.
    pub fn options(&self) -> Result<Options, DeviceInfoError> {
        let Some(&highest) = self.spirv_versions.iter().max() else {
            return Err(DeviceInfoError {
                line: None,
                message: format!(
                    "the device takes no SPIR-V ({IL_VERSION} lists no `SPIR-V_1.x`): oclc emits SPIR-V only"
                ),
            });
        };
        let std = match self.version {
            (1, 0) => ClStd::Cl10,
            (1, 1) => ClStd::Cl11,
            _ => ClStd::Cl12,
        };
        let mut extensions: Vec<(String, bool)> = Feature::ALL
            .iter()
            .filter(|f| f.name().starts_with("cl_"))
            .map(|&f| (f.name().to_owned(), self.lists(f)))
            .collect();
        for &(feature, needs) in FEATURES_FROM_EXTENSIONS {
            if !needs.iter().all(|&e| self.lists(e)) {
                extensions.push((feature.name().to_owned(), false));
            }
        }
        if !self.image_support {
            extensions.extend(IMAGE_FEATURES.iter().map(|f| (f.name().to_owned(), false)));
        }
        Ok(Options {
            std,
            extensions,
            pointer_bits: self.address_bits,
            spirv_max_version: Some(highest),
            ..Options::default()
        })
    }

    /// [`DeviceInfo::options`] with the build options `args` (one argument
    /// each, as a shell split them) applied on top. `-cl-fp16-enable` and
    /// `-cl-fp64-enable`, which the suite gives offline compilers only,
    /// add `cl_khr_fp16`, and `cl_khr_fp64` with `__opencl_c_fp64`.
    ///
    /// # Errors
    /// The device takes no SPIR-V, or an argument is not a build option.
    pub fn options_with(&self, args: &[String]) -> Result<Options, OptionsError> {
        let mut options = self.options().map_err(|e| OptionsError {
            arg: format!("--cl-device-info ({})", self.name),
            reason: e.message,
        })?;
        let mut iter = args.iter().cloned();
        while let Some(arg) = iter.next() {
            let enables: &[Feature] = match arg.as_str() {
                "-cl-fp16-enable" => &[Feature::KhrFp16],
                "-cl-fp64-enable" => &[Feature::KhrFp64, Feature::Fp64],
                _ => &[],
            };
            if !enables.is_empty() {
                let names = enables.iter().map(|f| (f.name().to_owned(), true));
                options.extensions.extend(names);
                continue;
            }
            if !options.accept(&arg, &mut || iter.next())? {
                return Err(OptionsError {
                    arg,
                    reason: "unknown build option".into(),
                });
            }
        }
        Ok(options)
    }
}

/// `1.4` → (1, 4).
fn parse_version(text: &str) -> Option<(u8, u8)> {
    let (major, minor) = text.split_once('.')?;
    Some((major.parse().ok()?, minor.parse().ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the suite wrote for Intel's CPU runtime (extensions shortened).
    const INTEL_CPU: &str = "# OpenCL device info affecting SPIR-V offline compilation:
CL_DEVICE_ADDRESS_BITS=64
CL_DEVICE_EXTENSIONS=\"cl_khr_spirv_linkonce_odr cl_khr_fp64 cl_khr_fp16 cl_khr_global_int32_base_atomics cl_ext_float_atomics cl_khr_3d_image_writes cl_khr_subgroup_ballot cl_khr_int64_base_atomics cl_intel_subgroups\"
CL_DEVICE_IL_VERSION=\"SPIR-V_1.0 SPIR-V_1.1 SPIR-V_1.2 SPIR-V_1.3 SPIR-V_1.4\"
CL_DEVICE_VERSION=\"OpenCL 3.1 (Build 0)\"
CL_DEVICE_IMAGE_SUPPORT=1
CL_DEVICE_NAME=\"AMD EPYC\"
";

    fn with(text: &str, key: &str, value: &str) -> String {
        text.lines()
            .map(|l| {
                if l.starts_with(key) {
                    format!("{key}={value}")
                } else {
                    l.to_owned()
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn reads_every_key() {
        let info = DeviceInfo::parse(INTEL_CPU).unwrap();
        assert_eq!(info.address_bits, 64);
        assert_eq!(info.extensions.len(), 9);
        assert_eq!(
            info.spirv_versions,
            [(1, 0), (1, 1), (1, 2), (1, 3), (1, 4)]
        );
        assert_eq!(info.version, (3, 1));
        assert!(info.image_support);
        assert_eq!(info.name, "AMD EPYC");
    }

    #[test]
    fn the_device_decides_the_target() {
        let info = DeviceInfo::parse(INTEL_CPU).unwrap();
        let args: Vec<String> = ["-cl-std=CL3.1", "-DN=4"].map(String::from).to_vec();
        let options = info.options_with(&args).unwrap();
        assert_eq!(options.std, ClStd::Cl31);
        assert_eq!(options.pointer_bits, 64);
        assert_eq!(options.spirv_max_version, Some((1, 4)));
        let target = options.target();
        for listed in [Feature::KhrFp64, Feature::KhrFp16, Feature::ExtFloatAtomics] {
            assert!(target.supports(listed), "{listed:?}");
        }
        // Extensions the device does not list are unsupported...
        assert!(!target.supports(Feature::KhrSubgroups));
        assert!(!target.supports(Feature::KhrInt64ExtendedAtomics));
        // ... but 3.1 makes six of them core.
        assert!(target.supports(Feature::KhrSubgroupShuffle));
        assert!(target.supports(Feature::Fp64));
        assert!(target.supports(Feature::Images));
    }

    #[test]
    fn features_follow_their_extensions() {
        let no_fp64 = with(
            INTEL_CPU,
            EXTENSIONS,
            "\"cl_khr_fp16 cl_ext_float_atomics\"",
        );
        let info = DeviceInfo::parse(&no_fp64).unwrap();
        let target = info
            .options_with(&["-cl-std=CL3.0".to_owned()])
            .unwrap()
            .target();
        assert!(!target.supports(Feature::Fp64));
        assert!(!target.supports(Feature::ExtFp64GlobalAtomicAdd));
        assert!(target.supports(Feature::ExtFp32GlobalAtomicAdd));
        assert!(target.supports(Feature::ExtFp16GlobalAtomicAdd));
        assert!(!target.supports(Feature::Image3dWrites));
        // The offline-only option adds the extension back.
        let target = info
            .options_with(&["-cl-std=CL3.0".to_owned(), "-cl-fp64-enable".to_owned()])
            .unwrap()
            .target();
        assert!(target.supports(Feature::KhrFp64));
        assert!(target.supports(Feature::Fp64));
    }

    #[test]
    fn no_image_support_removes_the_image_features() {
        let info = DeviceInfo::parse(&with(INTEL_CPU, IMAGE_SUPPORT, "0")).unwrap();
        let target = info
            .options_with(&["-cl-std=CL3.0".to_owned()])
            .unwrap()
            .target();
        assert!(!target.supports(Feature::Images));
        assert!(!target.supports(Feature::ReadWriteImages));
        assert!(!target.supports(Feature::Khr3dImageWrites));
    }

    #[test]
    fn the_language_defaults_to_the_highest_1_x() {
        let info = DeviceInfo::parse(INTEL_CPU).unwrap();
        assert_eq!(info.options().unwrap().std, ClStd::Cl12);
        let old = DeviceInfo::parse(&with(INTEL_CPU, VERSION, "\"OpenCL 1.1 vendor\"")).unwrap();
        assert_eq!(old.options().unwrap().std, ClStd::Cl11);
    }

    #[test]
    fn address_bits_and_spirv_version_come_from_the_file() {
        let info = DeviceInfo::parse(&with(INTEL_CPU, ADDRESS_BITS, "32")).unwrap();
        assert_eq!(info.options().unwrap().pointer_bits, 32);
        let info =
            DeviceInfo::parse(&with(INTEL_CPU, IL_VERSION, "\"SPIR-V_1.2 SPIR-V_1.0\"")).unwrap();
        assert_eq!(info.options().unwrap().spirv_max_version, Some((1, 2)));
    }

    #[test]
    fn a_device_without_spirv_is_refused() {
        let info = DeviceInfo::parse(&with(INTEL_CPU, IL_VERSION, "\"\"")).unwrap();
        let e = info.options().unwrap_err();
        assert!(e.message.contains("takes no SPIR-V"), "{e}");
        assert!(info.options_with(&[]).is_err());
    }

    #[test]
    fn malformed_files_are_errors_with_their_line() {
        let cases: &[(String, Option<usize>, &str)] = &[
            (with(INTEL_CPU, ADDRESS_BITS, "48"), Some(2), "32 or 64"),
            (with(INTEL_CPU, IMAGE_SUPPORT, "yes"), Some(6), "0 or 1"),
            (
                with(INTEL_CPU, VERSION, "\"3.0\""),
                Some(5),
                "OpenCL <major>.<minor>",
            ),
            (
                with(INTEL_CPU, IL_VERSION, "\"SPIR-V_one\""),
                Some(4),
                "not a SPIR-V version",
            ),
            (
                with(INTEL_CPU, EXTENSIONS, "\"cl_khr_fp64"),
                Some(3),
                "unterminated quote",
            ),
            (
                format!("{INTEL_CPU}CL_DEVICE_ADDRESS_BITS=64\n"),
                Some(8),
                "given twice",
            ),
            (format!("{INTEL_CPU}garbage\n"), Some(8), "KEY=VALUE"),
            (
                INTEL_CPU.replace("CL_DEVICE_VERSION", "CL_DEVICE_VERSIONX"),
                None,
                "CL_DEVICE_VERSION is missing",
            ),
        ];
        for (text, line, message) in cases {
            let e = DeviceInfo::parse(text).unwrap_err();
            assert_eq!(e.line, *line, "{e}");
            assert!(e.message.contains(message), "{e}");
        }
    }

    #[test]
    fn unknown_build_options_are_errors() {
        let info = DeviceInfo::parse(INTEL_CPU).unwrap();
        let e = info
            .options_with(&["-cl-std=CL3.0".to_owned(), "-frobnicate".to_owned()])
            .unwrap_err();
        assert_eq!(e.arg, "-frobnicate");
        // A name without its value is an error too.
        assert!(info.options_with(&["-D".to_owned()]).is_err());
    }
}
