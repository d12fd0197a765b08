//! [`Device`]: what an OpenCL device reports that decides how a runtime
//! compiles a program for it, and the [`Options`] a runtime would use.
//! Shared by every face that builds for a live device (the Python
//! package's PyOpenCL helper, a loader layer) so that they agree.

use crate::{ClStd, Feature, Options, OptionsError};

/// A device's answers to `clGetDeviceInfo`, as strings and numbers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Device {
    /// `CL_DEVICE_OPENCL_C_VERSION`, e.g. `"OpenCL C 3.0 "`.
    pub opencl_c_version: String,
    /// `CL_DEVICE_ADDRESS_BITS`: 32 or 64.
    pub address_bits: u32,
    /// Every name in `CL_DEVICE_EXTENSIONS` and, for OpenCL 3.0 devices,
    /// in `CL_DEVICE_OPENCL_C_FEATURES` (`__opencl_c_generic_address_space`
    /// ...). Names oclc does not know are ignored.
    pub extensions: Vec<String>,
}

impl Device {
    /// The OpenCL C version the device reports, if oclc knows it
    /// (`"OpenCL C 1.2 "` → [`ClStd::Cl12`]).
    pub fn cl_std(&self) -> Option<ClStd> {
        let rest = self.opencl_c_version.trim().strip_prefix("OpenCL C ")?;
        let number = rest.split_whitespace().next()?;
        ClStd::parse(&format!("CL{number}"))
    }
}

impl Options {
    /// The options a runtime would compile `build_options` with for the
    /// devices `devices` (one program is built for all of them): the
    /// highest OpenCL C version every device supports (unless
    /// `build_options` names one with `-cl-std=`), the narrowest address
    /// width, and exactly the extensions and features every device
    /// reports (`build_options` may still add or remove some with
    /// `-cl-ext=`).
    ///
    /// ```
    /// let cpu = oclc::Device {
    ///     opencl_c_version: "OpenCL C 3.0 ".into(),
    ///     address_bits: 64,
    ///     extensions: vec!["cl_khr_fp64".into(), "__opencl_c_generic_address_space".into()],
    /// };
    /// let o = oclc::Options::for_devices(&[cpu], "-DN=4").unwrap();
    /// assert_eq!(o.std, oclc::ClStd::Cl30);
    /// assert!(o.target().features.contains(oclc::Feature::KhrFp64));
    /// assert!(!o.target().features.contains(oclc::Feature::KhrInt64BaseAtomics));
    /// ```
    ///
    /// # Errors
    /// `build_options` has an option oclc rejects.
    pub fn for_devices(devices: &[Device], build_options: &str) -> Result<Options, OptionsError> {
        let mut options = Options::default();
        if let Some(std) = devices.iter().map(Device::cl_std).min().flatten() {
            options.std = std;
        }
        if let Some(bits) = devices.iter().map(|d| d.address_bits).min() {
            options.pointer_bits = if bits == 32 { 32 } else { 64 };
        }
        if !devices.is_empty() {
            for feature in Feature::ALL {
                let name = feature.name();
                // Before OpenCL C 3.0 the optional features are not
                // reported: the version implies them.
                if name.starts_with("__opencl_c_") && options.std < ClStd::Cl30 {
                    continue;
                }
                let everywhere = devices
                    .iter()
                    .all(|d| d.extensions.iter().any(|e| e == name));
                options.extensions.push((name.to_string(), everywhere));
            }
        }
        options.apply_build_options(build_options)?;
        Ok(options)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn device(version: &str, bits: u32, extensions: &[&str]) -> Device {
        Device {
            opencl_c_version: version.to_string(),
            address_bits: bits,
            extensions: extensions.iter().map(|e| e.to_string()).collect(),
        }
    }

    #[test]
    fn devices_give_version_width_and_common_extensions() {
        let a = device(
            "OpenCL C 3.0 ",
            64,
            &[
                "cl_khr_fp64",
                "cl_khr_fp16",
                "__opencl_c_generic_address_space",
            ],
        );
        let b = device("OpenCL C 1.2 ", 32, &["cl_khr_fp64", "cl_intel_subgroups"]);
        let o = Options::for_devices(&[a.clone(), b], "").unwrap();
        assert_eq!(o.std, ClStd::Cl12);
        assert_eq!(o.pointer_bits, 32);
        let t = o.target();
        assert!(t.features.contains(Feature::KhrFp64));
        assert!(!t.features.contains(Feature::KhrFp16));

        let o = Options::for_devices(std::slice::from_ref(&a), "").unwrap();
        assert_eq!((o.std, o.pointer_bits), (ClStd::Cl30, 64));
        let t = o.target();
        assert!(t.features.contains(Feature::GenericAddressSpace));
        assert!(!t.features.contains(Feature::KhrInt64BaseAtomics));
    }

    #[test]
    fn build_options_come_after_the_device() {
        let a = device("OpenCL C 3.0 ", 64, &["cl_khr_fp64"]);
        let o = Options::for_devices(&[a], "-cl-std=CL2.0 -cl-ext=-cl_khr_fp64").unwrap();
        assert_eq!(o.std, ClStd::Cl20);
        assert!(!o.target().features.contains(Feature::KhrFp64));
        assert!(Options::for_devices(&[], "-cl-std=CL9").is_err());
        assert_eq!(
            Options::for_devices(&[], "-DN=1").unwrap(),
            Options::from_build_options("-DN=1").unwrap()
        );
    }

    #[test]
    fn unknown_versions_leave_the_default() {
        assert_eq!(device("OpenCL C 9.9 ", 64, &[]).cl_std(), None);
        assert_eq!(device("garbage", 64, &[]).cl_std(), None);
        assert_eq!(device("OpenCL C 3.1 ", 64, &[]).cl_std(), Some(ClStd::Cl31));
    }
}
