//! Fuzzes the parser on preprocessed tokens: any bytes must end in a tree
//! and diagnostics without panicking or overflowing the stack.
#![no_main]

use libfuzzer_sys::fuzz_target;
use oclc_diagnostics::SourceMap;
use oclc_fuzz::{on_small_stack, split_input, MemoryLoader};

fuzz_target!(|data: &[u8]| {
    on_small_stack(|| {
        let (options, source) = split_input(data);
        let mut sources = SourceMap::new();
        let main = sources.add(source.name(), source.text());
        let config = oclc_preprocessor::Config {
            target: options.target(),
            macros: options.macros.clone(),
            include_dirs: options.include_dirs.clone(),
            // Like the default limits, but at most a million tokens: a
            // stream truncated at the limit is still parsed (the facade
            // would not parse it at all), and the parser's 10 million-token
            // worst case takes more than the 10 s per-input timeout in this
            // debug-assertions build (fuzz finding `timeout-60a005ab…`).
            limits: oclc_preprocessor::Limits {
                output_tokens: 1_000_000,
                ..Default::default()
            },
            build_time: None,
        };
        let pp = oclc_preprocessor::preprocess(&mut sources, main, &config, &MemoryLoader);
        let parsed = oclc_syntax::parse(&pp);
        // Every diagnostic must point into a file that exists.
        for d in &parsed.diagnostics {
            if let Some(primary) = &d.primary {
                assert!(sources.get(primary.span.file).is_some());
            }
        }
    });
});
