//! oclc's integration test suite, one binary: UI tests (`.cl` fixtures with
//! expected diagnostics annotated in the source), codegen snapshots
//! (`.spvasm` files regenerated with `OCLC_BLESS=1`), CLI behaviour, and
//! execution on a real OpenCL driver and on a Vulkan device.

mod cli;
mod cli_cts;
mod codegen;
mod docs;
mod driver;
mod exec;
mod fixtures;
mod ir;
mod matrix;
mod overloads;
mod robust;
mod ui;
mod vulkan;
