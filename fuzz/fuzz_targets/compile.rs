//! Fuzzes the whole pipeline (`oclc::compile`: preprocess, parse, analyse,
//! check the atomic rules, emit SPIR-V, validate it). Any bytes must end in
//! diagnostics or in a module that validates; a module the validator rejects
//! (`E0901`) or any internal-compiler-error diagnostic is a finding too.
//! (`E0902`, a construct the back end does not translate yet, is a
//! documented limitation, not a finding.)
#![no_main]

use libfuzzer_sys::fuzz_target;
use oclc::Severity;
use oclc_fuzz::{on_small_stack, render_all, split_input, MemoryLoader};

fuzz_target!(|data: &[u8]| {
    on_small_stack(|| {
        let (options, source) = split_input(data);
        match oclc::compile_with_loader(&source, &options, &MemoryLoader) {
            Ok(compiled) => {
                assert!(!compiled.report.has_errors());
                assert!(compiled.disassemble().is_ok_and(|text| !text.is_empty()));
                render_all(&compiled.report);
            }
            Err(failed) => {
                render_all(&failed.report);
                let internal = failed
                    .report
                    .diagnostics()
                    .iter()
                    .any(|d| d.severity == Severity::Bug || d.code.id == "E0901");
                assert!(
                    !internal,
                    "internal compiler error:\n{}",
                    failed.report.render_human(oclc::HumanStyle::PLAIN)
                );
                assert!(failed.report.has_errors());
            }
        }
    });
});
