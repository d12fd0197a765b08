//! Code shared by the benchmark targets (`benches/stages.rs` and
//! `benches/compare/`): the kernel corpus, the generated stress input, and
//! the compiler's stages called one at a time.

pub mod corpus;
pub mod stages;
pub mod stress;
