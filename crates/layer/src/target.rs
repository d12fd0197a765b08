//! From what the devices of a build report to the options oclc compiles
//! with, and from the application's build options to the options the
//! driver builds oclc's module with.
//!
//! The target of a device is its address bits (`CL_DEVICE_ADDRESS_BITS`),
//! whether it takes SPIR-V at all (`CL_DEVICE_IL_VERSION`), and the
//! extensions and OpenCL C features it supports (`CL_DEVICE_EXTENSIONS`,
//! `CL_DEVICE_OPENCL_C_FEATURES`): oclc sees `-cl-ext=-all,+…` with exactly
//! those names, so `#ifdef cl_khr_fp64` and feature macros follow the
//! device. Without `-cl-std` a driver compiles the highest OpenCL C 1.x the
//! device supports (OpenCL 3.0 §5.8.6.5); the layer tells oclc the same.
//! Several devices in one build get one module for what they have in
//! common (the intersection of their extensions); devices with different
//! address bits cannot share a module.

use oclc::{ClStd, Options};
use std::collections::BTreeSet;

/// What one device supports, as far as oclc is concerned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeviceTarget {
    /// `CL_DEVICE_NAME` (for the report).
    pub name: String,
    /// `CL_DEVICE_ADDRESS_BITS`: 32 or 64.
    pub address_bits: u32,
    /// Whether `CL_DEVICE_IL_VERSION` lists a SPIR-V version.
    pub takes_spirv: bool,
    /// The OpenCL C version from `CL_DEVICE_OPENCL_C_VERSION`.
    pub c_version: Option<ClStd>,
    /// Extension and OpenCL C feature names.
    pub names: BTreeSet<String>,
}

impl DeviceTarget {
    /// A device's target from its query results (strings as the driver
    /// returned them, possibly NUL-terminated).
    pub fn from_info(
        name: &str,
        address_bits: u32,
        il_versions: &str,
        extensions: &str,
        c_version: &str,
        features: &[String],
    ) -> DeviceTarget {
        let names = extensions
            .split_whitespace()
            .map(str::to_owned)
            .chain(features.iter().cloned())
            .filter(|n| !n.is_empty())
            .collect();
        DeviceTarget {
            name: clean(name).to_owned(),
            address_bits,
            takes_spirv: il_versions
                .split_whitespace()
                .any(|v| v.starts_with("SPIR-V")),
            c_version: parse_c_version(c_version),
            names,
        }
    }
}

/// The `cl_ext_float_atomics` feature names a device's
/// `CL_DEVICE_{HALF,SINGLE,DOUBLE}_FP_ATOMIC_CAPABILITIES_EXT` bits stand
/// for (`fp16`, `fp32`, `fp64` with each bit field): some drivers (Intel's
/// CPU runtime 2026.2) report the capabilities but not the feature macros
/// in `CL_DEVICE_OPENCL_C_FEATURES`, while their compiler accepts them.
pub fn float_atomic_features(width: &str, capabilities: u64) -> Vec<String> {
    const BITS: [(u64, &str); 6] = [
        (1 << 0, "global_atomic_load_store"),
        (1 << 1, "global_atomic_add"),
        (1 << 2, "global_atomic_min_max"),
        (1 << 16, "local_atomic_load_store"),
        (1 << 17, "local_atomic_add"),
        (1 << 18, "local_atomic_min_max"),
    ];
    BITS.iter()
        .filter(|(bit, _)| capabilities & bit != 0)
        .map(|(_, name)| format!("__opencl_c_ext_{width}_{name}"))
        .collect()
}

/// A string from a query, without its NUL terminator and padding.
pub fn clean(text: &str) -> &str {
    text.trim_end_matches('\0').trim()
}

/// `OpenCL C 1.2 …` → [`ClStd::Cl12`].
fn parse_c_version(text: &str) -> Option<ClStd> {
    let version = clean(text)
        .strip_prefix("OpenCL C ")?
        .split_whitespace()
        .next()?;
    ClStd::parse(&format!("CL{version}"))
}

/// The target several devices share, or why there is none.
pub fn combine(devices: &[DeviceTarget]) -> Result<DeviceTarget, String> {
    let (first, rest) = devices
        .split_first()
        .ok_or_else(|| "the build names no device".to_string())?;
    let mut joint = first.clone();
    for device in rest {
        if device.address_bits != joint.address_bits {
            return Err(format!(
                "the devices have different address bits ({} has {}, {} has {}): one module cannot serve both",
                joint.name, joint.address_bits, device.name, device.address_bits
            ));
        }
        joint.takes_spirv &= device.takes_spirv;
        joint.c_version = joint.c_version.min(device.c_version);
        joint.names = joint.names.intersection(&device.names).cloned().collect();
        joint.name = format!("{}, {}", joint.name, device.name);
    }
    if !joint.takes_spirv {
        return Err(format!(
            "{} takes no SPIR-V (CL_DEVICE_IL_VERSION lists none)",
            joint.name
        ));
    }
    if joint.address_bits != 32 && joint.address_bits != 64 {
        return Err(format!(
            "{} has {}-bit addresses; oclc emits 32- or 64-bit modules",
            joint.name, joint.address_bits
        ));
    }
    Ok(joint)
}

/// The options oclc compiles with: the application's build options on
/// the devices' target.
///
/// # Errors
/// An option oclc does not accept, as `OptionsError` text.
pub fn oclc_options(build_options: &str, target: &DeviceTarget) -> Result<Options, String> {
    let mut options = Options::from_build_options(build_options).map_err(|e| e.to_string())?;
    if !split(build_options)
        .iter()
        .any(|a| a.starts_with("-cl-std="))
    {
        // The highest 1.x the device supports, as a driver does.
        options.std = match target.c_version {
            Some(ClStd::Cl10) => ClStd::Cl10,
            Some(ClStd::Cl11) => ClStd::Cl11,
            _ => ClStd::Cl12,
        };
    }
    options.pointer_bits = target.address_bits;
    // The device's names replace oclc's default set; the application's own
    // `-cl-ext=` (already in `extensions`) still applies after them.
    let mut extensions = vec![("all".to_string(), false)];
    extensions.extend(target.names.iter().map(|n| (n.clone(), true)));
    extensions.append(&mut options.extensions);
    options.extensions = extensions;
    Ok(options)
}

/// The application's options that mean something to the driver's build of
/// an IL program: preprocessor (`-D`, `-U`, `-I`) and warning (`-w`, `-W…`)
/// options are dropped, since oclc has applied them; the rest (`-cl-std`,
/// `-cl-kernel-arg-info`, the math flags, …) is kept.
pub fn driver_options(build_options: &str) -> String {
    let args = split(build_options);
    let mut kept = Vec::new();
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let separate = matches!(arg.as_str(), "-D" | "-U" | "-I");
        if separate {
            iter.next();
            continue;
        }
        let dropped = ["-D", "-U", "-I", "-W"]
            .iter()
            .any(|prefix| arg.starts_with(prefix))
            || arg == "-w"
            || arg.starts_with("-ferror-limit=")
            || arg.starts_with("-fdiagnostics-format=");
        if !dropped {
            kept.push(arg.as_str());
        }
    }
    kept.join(" ")
}

/// Splits build options at white space, with single and double quotes
/// grouping (an unterminated quote runs to the end).
pub fn split(text: &str) -> Vec<String> {
    let mut args = Vec::new();
    let mut current = String::new();
    let mut in_arg = false;
    let mut quote: Option<char> = None;
    for c in text.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => current.push(c),
            None if c == '"' || c == '\'' => {
                quote = Some(c);
                in_arg = true;
            }
            None if c.is_whitespace() => {
                if in_arg {
                    args.push(std::mem::take(&mut current));
                    in_arg = false;
                }
            }
            None => {
                current.push(c);
                in_arg = true;
            }
        }
    }
    if in_arg {
        args.push(current);
    }
    args
}

#[cfg(test)]
mod tests {
    use super::*;

    fn device(name: &str, bits: u32, extensions: &str) -> DeviceTarget {
        DeviceTarget::from_info(
            name,
            bits,
            "SPIR-V_1.0 SPIR-V_1.2\0",
            extensions,
            "OpenCL C 1.2 \0",
            &["__opencl_c_generic_address_space".to_string()],
        )
    }

    #[test]
    fn reads_device_strings() {
        let d = device("cpu\0", 64, "cl_khr_fp64 cl_khr_int64_base_atomics ");
        assert_eq!(d.name, "cpu");
        assert!(d.takes_spirv);
        assert_eq!(d.c_version, Some(ClStd::Cl12));
        let names: Vec<&str> = d.names.iter().map(String::as_str).collect();
        assert_eq!(
            names,
            [
                "__opencl_c_generic_address_space",
                "cl_khr_fp64",
                "cl_khr_int64_base_atomics"
            ]
        );
        let no_il = DeviceTarget::from_info("gpu", 64, "", "", "OpenCL C 1.1", &[]);
        assert!(!no_il.takes_spirv);
        assert_eq!(no_il.c_version, Some(ClStd::Cl11));
    }

    #[test]
    fn float_atomic_capabilities_name_features() {
        assert_eq!(
            float_atomic_features("fp16", (1 << 0) | (1 << 16)),
            [
                "__opencl_c_ext_fp16_global_atomic_load_store",
                "__opencl_c_ext_fp16_local_atomic_load_store"
            ]
        );
        assert_eq!(float_atomic_features("fp32", 0x7_0007).len(), 6);
        assert!(float_atomic_features("fp64", 0).is_empty());
    }

    #[test]
    fn combines_to_the_common_extensions() {
        let a = device("a", 64, "cl_khr_fp64 cl_khr_fp16");
        let b = device("b", 64, "cl_khr_fp64");
        let joint = combine(&[a.clone(), b]).unwrap();
        assert!(joint.names.contains("cl_khr_fp64"));
        assert!(!joint.names.contains("cl_khr_fp16"));
        assert!(combine(&[a.clone(), device("c", 32, "")]).is_err());
        let no_il = DeviceTarget::from_info("d", 64, "", "", "OpenCL C 1.2", &[]);
        assert!(combine(&[a, no_il]).is_err());
        assert!(combine(&[]).is_err());
    }

    #[test]
    fn options_follow_the_device() {
        let target = device("a", 32, "cl_khr_fp64");
        let o = oclc_options("-DN=4 -cl-ext=-cl_khr_fp64", &target).unwrap();
        assert_eq!(o.std, ClStd::Cl12);
        assert_eq!(o.pointer_bits, 32);
        assert_eq!(o.extensions.first(), Some(&("all".to_string(), false)));
        assert_eq!(
            o.extensions.last(),
            Some(&("cl_khr_fp64".to_string(), false))
        );
        let o = oclc_options("-cl-std=CL2.0", &target).unwrap();
        assert_eq!(o.std, ClStd::Cl20);
        assert!(oclc_options("--frobnicate", &target).is_err());
    }

    #[test]
    fn driver_options_drop_what_oclc_applied() {
        let cases = [
            ("-DN=4 -D M=2 -I inc -Iinc2 -cl-std=CL2.0", "-cl-std=CL2.0"),
            (
                "-Werror -w -cl-kernel-arg-info -cl-mad-enable",
                "-cl-kernel-arg-info -cl-mad-enable",
            ),
            (
                "-D 'MSG=a b' -cl-fast-relaxed-math",
                "-cl-fast-relaxed-math",
            ),
            ("", ""),
        ];
        for (input, expected) in cases {
            assert_eq!(driver_options(input), expected, "{input}");
        }
    }
}
