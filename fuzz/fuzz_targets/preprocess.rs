//! Fuzzes the preprocessor (`oclc -E`): any bytes must end in text or
//! diagnostics, within the resource limits, without panicking.
#![no_main]

use libfuzzer_sys::fuzz_target;
use oclc_fuzz::{on_small_stack, render_all, split_input, MemoryLoader};

fuzz_target!(|data: &[u8]| {
    on_small_stack(|| {
        let (options, source) = split_input(data);
        match oclc::preprocess_with_loader(&source, &options, &MemoryLoader) {
            Ok((_text, report)) => render_all(&report),
            Err(failed) => {
                assert!(failed.report.has_errors());
                render_all(&failed.report);
            }
        }
    });
});
