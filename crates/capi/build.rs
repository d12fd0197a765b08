//! Gives the shared library its SONAME, `liboclc.so.<ABI>`: the name a
//! program linked against it records, so that an incompatible future ABI
//! can be installed beside this one (the ABI version is `OCLC_ABI_VERSION`
//! in include/oclc.h, checked by tests/c_programs.rs).

/// The ABI version; change it with every incompatible change of oclc.h.
const ABI_VERSION: u32 = 0;

fn main() {
    let target_os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if target_os == "linux" {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,liboclc.so.{ABI_VERSION}");
    }
    println!("cargo:rustc-env=OCLC_ABI_VERSION={ABI_VERSION}");
    println!("cargo:rerun-if-changed=build.rs");
}
