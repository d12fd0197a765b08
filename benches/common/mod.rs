//! Code shared by the benchmark targets (`benches/stages.rs` and
//! `benches/compare/`): the kernel corpus and the generated stress input.

pub mod corpus;
pub mod stages;
pub mod stress;
