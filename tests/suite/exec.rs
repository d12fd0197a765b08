//! Execution tests: oclc's SPIR-V is loaded into Intel's CPU OpenCL runtime
//! with `clCreateProgramWithIL`, the kernels run, and the results are
//! compared with values computed on the host.
//!
//! The kernels are the `.cl` files in `tests/exec/`; each submodule here
//! drives some of them. `scripts/test.sh` installs the runtime into
//! `.cache/opencl-runtime/` and sets the environment (see `docs/testing.md`).
//! Without the runtime each test prints a loud skip line and returns,
//! unless `OCLC_REQUIRE_RUNTIME` is set, in which case it fails.
//! `OCLC_EXEC_COMPILER=clang` runs the same tests on the output of the
//! clang-15 + llvm-spirv-15 reference pipeline instead of oclc's.

/// The name of the test function this is written in, below `exec::`
/// (`structs::packed_structs_in_buffers`), for skip and report lines:
/// the name is written once, by the function itself. Defined before the
/// submodules so that they all see it.
macro_rules! test_name {
    () => {{
        fn here() {}
        let path = std::any::type_name_of_val(&here);
        let path = path.strip_suffix("::here").unwrap_or(path);
        path.split_once("::exec::").map_or(path, |(_, name)| name)
    }};
}

mod c11_flag;
mod c11_float;
mod c11_integer;
mod c_features;
mod clang_atomics;
mod collectives;
mod compare;
mod compiler;
mod conformance;
mod conversions;
mod corpus;
mod device;
mod differential;
mod dispatch;
mod goto;
mod images;
mod init;
mod legacy;
mod library;
mod litmus;
mod narrowing;
mod perturb;
mod pipes;
mod rounding;
mod structs;
mod sync;
mod vectors;

use std::io::Write;
use std::ops::Deref;
use std::sync::{PoisonError, RwLock, RwLockReadGuard, RwLockWriteGuard};

pub use compiler::compile;
use compiler::{compile_named, Compiler};
pub use device::{runtime as device_runtime, Arg, Built, Range, Runtime};

/// A kernel source file from `tests/exec/`.
#[derive(Clone, Copy)]
pub struct Fixture {
    /// File name, for diagnostics.
    pub name: &'static str,
    /// The OpenCL C text.
    pub source: &'static str,
}

/// The [`Fixture`] for a file in `tests/exec/`, embedded at compile time.
macro_rules! fixture {
    ($file:literal) => {
        $crate::exec::Fixture {
            name: $file,
            source: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/exec/", $file)),
        }
    };
}
use fixture;

/// The NDRange most contention tests use: 64 work-groups of 64.
pub const CONTENDED: Range = Range {
    global: 4096,
    local: 64,
};

/// One work-item.
pub const SINGLE: Range = Range {
    global: 1,
    local: 1,
};

/// Whether a missing runtime must fail the test (`OCLC_REQUIRE_RUNTIME`
/// set to anything but empty or `0`).
pub fn runtime_required() -> bool {
    std::env::var("OCLC_REQUIRE_RUNTIME").is_ok_and(|v| !v.is_empty() && v != "0")
}

/// Writes one line to the real stderr, past the test harness's output
/// capture, so that skips and inconclusive results are visible in a normal
/// `cargo test` run.
pub fn announce(test: &str, message: &str) {
    let _ = writeln!(std::io::stderr(), "exec::{test}: {message}");
}

/// The runtime for one test, plus its share of the device.
///
/// Tests share the device with each other except the litmus tests, whose
/// outcome depends on two work-groups running at the same moment: they hold
/// it exclusively.
pub struct Session {
    runtime: &'static Runtime,
    _shared: Option<RwLockReadGuard<'static, ()>>,
    _exclusive: Option<RwLockWriteGuard<'static, ()>>,
}

static DEVICE_SHARE: RwLock<()> = RwLock::new(());

impl Deref for Session {
    type Target = Runtime;
    fn deref(&self) -> &Runtime {
        self.runtime
    }
}

/// The runtime, or `None` after announcing that `test` is skipped.
///
/// Panics instead of skipping when [`runtime_required`].
pub fn runtime_for(test: &str) -> Option<Session> {
    let runtime = find_runtime(test)?;
    let share = DEVICE_SHARE.read().unwrap_or_else(PoisonError::into_inner);
    Some(Session {
        runtime,
        _shared: Some(share),
        _exclusive: None,
    })
}

/// [`runtime_for`], holding the device alone for the test's duration.
pub fn runtime_exclusively_for(test: &str) -> Option<Session> {
    let runtime = find_runtime(test)?;
    let share = DEVICE_SHARE.write().unwrap_or_else(PoisonError::into_inner);
    Some(Session {
        runtime,
        _shared: None,
        _exclusive: Some(share),
    })
}

fn find_runtime(test: &str) -> Option<&'static Runtime> {
    match device::runtime() {
        Ok(runtime) => Some(runtime),
        Err(why) => {
            assert!(
                !runtime_required(),
                "exec::{test}: OCLC_REQUIRE_RUNTIME is set but the Intel OpenCL runtime is unusable: {why}"
            );
            announce(
                test,
                &format!("SKIPPED: Intel OpenCL runtime not found; run scripts/test.sh ({why})"),
            );
            None
        }
    }
}

/// True (after announcing a skip) when the reference pipeline is selected
/// and cannot compile what `test` needs, for the stated `reason`.
pub fn reference_cannot(test: &str, reason: &str) -> bool {
    if Compiler::selected() != Compiler::Clang {
        return false;
    }
    announce(
        test,
        &format!("SKIPPED with OCLC_EXEC_COMPILER=clang: {reason}"),
    );
    true
}

/// Compiles `fixture` with build options `flags` and builds the module on
/// the device. The device build gets the `-cl-std=` of `flags` (CL2.0 when
/// absent): the runtime links generic-address-space builtins only then.
pub fn build(session: &Session, fixture: Fixture, flags: &str) -> Built<'static> {
    let words = compile_named(fixture.name, fixture.source, flags);
    build_words(session, fixture.name, &words, flags)
}

/// Builds the module `words`, compiled from `name` with build options
/// `flags`, on the device: first in a child process, so that a driver
/// crash fails this test only.
pub fn build_words(session: &Session, name: &str, words: &[u32], flags: &str) -> Built<'static> {
    let runtime = session.runtime;
    let std_option = crate::driver::device_options(flags);
    if let Err(e) = crate::driver::check(name, words, &std_option) {
        panic!("{name} ({flags}) did not build on {}: {e}", runtime.name);
    }
    runtime
        .build(words, &std_option)
        .unwrap_or_else(|e| panic!("{name} ({flags}) did not build on {}: {e}", runtime.name))
}

/// A deterministic pseudo-random sequence (xorshift64*) for test inputs.
pub struct Inputs(u64);

impl Inputs {
    /// A sequence from a nonzero seed.
    pub fn new(seed: u64) -> Self {
        Self(seed | 1)
    }

    /// The next 64 pseudo-random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

#[test]
fn selected_compiler_emits_spirv() {
    let words = compile(
        "kernel void k(global atomic_int *p) { atomic_fetch_add(p, 1); }",
        "-cl-std=CL2.0",
    );
    assert_eq!(words.first(), Some(&0x0723_0203), "SPIR-V magic number");
}

#[test]
fn test_name_is_the_path_below_exec() {
    assert_eq!(test_name!(), "test_name_is_the_path_below_exec");
}
