//! Generates the OpenCL C parser from `grammar/opencl_c.lalrpop` at the
//! repository root into `OUT_DIR`.

use std::path::PathBuf;

fn main() {
    let manifest_dir = PathBuf::from(
        std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"),
    );
    let out_dir = std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR");
    let grammar = manifest_dir.join("../../grammar/opencl_c.lalrpop");
    if let Err(err) = lalrpop::Configuration::new()
        .set_out_dir(out_dir)
        .emit_rerun_directives(true)
        .process_file(&grammar)
    {
        panic!(
            "cannot generate the parser from {}: {err}",
            grammar.display()
        );
    }
}
