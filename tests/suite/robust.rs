//! Robustness: oclc must end every input in diagnostics or in a module
//! that validates — never a panic, a hang, a stack overflow or unbounded
//! memory — and must produce the same bytes every time.
//!
//! * [`generator`]: random well-formed atomic kernels checked against an
//!   independent table of the memory-order and scope rules;
//! * [`mutation`]: random byte and token edits of the fixture kernels;
//! * [`regressions`]: inputs fuzzing found (`tests/regressions/`);
//! * [`limits`]: resource limits (nesting, includes, macros, size, error
//!   count) end in their diagnostic;
//! * [`cli_inputs`]: the command line on bad files and paths;
//! * [`cli_streams`]: output and diagnostic streams, argument bytes and
//!   driver flags;
//! * [`determinism`] and [`concurrency`]: identical output across runs,
//!   option orders and threads.
//!
//! Fuzzing itself lives in `fuzz/` (see `docs/reliability.md`).

mod cli_inputs;
mod cli_streams;
mod concurrency;
mod determinism;
mod generator;
mod limits;
mod mutation;
mod regressions;
mod support;
