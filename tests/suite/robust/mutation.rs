//! Mutation testing: the fixture kernels with random byte and token edits
//! must each end in diagnostics or in a module that validates, within a
//! time limit, without a panic. The seed is fixed, so a failing mutant is
//! reproducible; its text is printed.

use super::support::{compile_checked, corpus, within, Rng};
use std::time::{Duration, Instant};

/// Mutants per run.
const MUTANTS: usize = 2_000;
const SEED: u64 = 0x6d75_7461_6e74_7321;
/// Longest any single mutant may take in a debug build.
const PER_MUTANT: Duration = Duration::from_secs(20);

/// Fragments that tend to reach unusual paths: brackets, directives,
/// atomics, extreme literals, comment and string starts.
const FRAGMENTS: &[&str] = &[
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    ";",
    ",",
    "*",
    "&",
    "#",
    "##",
    "\"",
    "'",
    "\\\n",
    "/*",
    "*/",
    "//",
    "\n#define X(a, ...) a ## __VA_ARGS__\n",
    "\n#if\n",
    "\n#endif\n",
    "\n#include \"x.h\"\n",
    "\n#pragma OPENCL EXTENSION all : enable\n",
    "memory_order_acquire",
    "memory_order_acq_rel",
    "memory_scope_work_item",
    "CLK_IMAGE_MEM_FENCE",
    "atomic_int",
    "atomic_flag",
    "local ",
    "constant ",
    "generic ",
    "private ",
    "struct s",
    "typedef ",
    "0x7fffffffffffffff",
    "18446744073709551616",
    "1e999",
    "-2147483648",
    "(memory_order)9",
    "sizeof(",
    "return ",
    "break;",
    "continue;",
    "kernel void",
    "__attribute__((",
    "?",
    ":",
    "...",
    "ATOMIC_VAR_INIT(",
];

/// One random edit of `bytes`.
fn mutate_once(rng: &mut Rng, bytes: &mut Vec<u8>) {
    let len = bytes.len();
    let at = if len == 0 { 0 } else { rng.below(len + 1) };
    match rng.below(7) {
        // Delete a short range.
        0 if len > 0 => {
            let end = (at + 1 + rng.below(16)).min(len);
            bytes.drain(at.min(len - 1)..end);
        }
        // Replace a byte with a random one (possibly not UTF-8, NUL).
        1 if at < len => bytes[at] = rng.next_u64() as u8,
        // Insert a fragment.
        2 | 3 => {
            let fragment = rng.pick(FRAGMENTS).as_bytes();
            bytes.splice(at..at, fragment.iter().copied());
        }
        // Duplicate a range somewhere else.
        4 if len > 0 => {
            let start = rng.below(len);
            let end = (start + 1 + rng.below(64)).min(len);
            let copy: Vec<u8> = bytes[start..end].to_vec();
            bytes.splice(at..at, copy);
        }
        // Swap two words (identifiers, keywords, numbers).
        5 => swap_words(rng, bytes),
        // Truncate.
        _ => bytes.truncate(at),
    }
}

/// Swaps two random alphanumeric words of the text.
fn swap_words(rng: &mut Rng, bytes: &mut Vec<u8>) {
    let mut words = Vec::new();
    let mut start = None;
    for (i, b) in bytes.iter().enumerate() {
        let word = b.is_ascii_alphanumeric() || *b == b'_';
        match (word, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                words.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    if words.len() < 2 {
        return;
    }
    let (a, b) = (rng.pick(&words), rng.pick(&words));
    let (first, second) = if a.0 < b.0 { (a, b) } else { (b, a) };
    if first == second || first.1 > second.0 {
        return;
    }
    let mut out = Vec::with_capacity(bytes.len());
    out.extend_from_slice(&bytes[..first.0]);
    out.extend_from_slice(&bytes[second.0..second.1]);
    out.extend_from_slice(&bytes[first.1..second.0]);
    out.extend_from_slice(&bytes[first.0..first.1]);
    out.extend_from_slice(&bytes[second.1..]);
    *bytes = out;
}

#[test]
fn mutated_fixtures_end_in_diagnostics_or_a_valid_module() {
    let corpus = corpus();
    assert!(corpus.len() >= 20, "only {} fixture kernels", corpus.len());
    let mut rng = Rng::new(SEED);
    let started = Instant::now();
    let (mut modules, mut diagnosed) = (0, 0);
    for index in 0..MUTANTS {
        let (name, text) = &corpus[rng.below(corpus.len())];
        let mut bytes = text.clone().into_bytes();
        for _ in 0..1 + rng.below(4) {
            mutate_once(&mut rng, &mut bytes);
        }
        let options = match rng.below(3) {
            0 => "-cl-std=CL1.2",
            1 => "-cl-std=CL3.0",
            _ => "",
        };
        let job_bytes = bytes.clone();
        let result = within(PER_MUTANT, move || {
            let options = oclc::Options::from_build_options(options).expect("valid options");
            let source = oclc::Source::from_bytes("mutant.cl", job_bytes);
            compile_checked(&source, &options)
        });
        match result {
            Ok(Ok(super::support::Ending::Module(..))) => modules += 1,
            Ok(Ok(super::support::Ending::Diagnostics(_))) => diagnosed += 1,
            Ok(Err(why)) | Err(why) => panic!(
                "mutant #{index} of {name} (options `{options}`): {why}\n--- mutant ---\n{}",
                String::from_utf8_lossy(&bytes)
            ),
        }
    }
    // Most mutants break the kernel, but not all.
    assert!(
        modules > 0 && diagnosed > MUTANTS / 2,
        "{modules} modules, {diagnosed} diagnosed"
    );
    eprintln!(
        "mutation: {MUTANTS} mutants ({modules} modules, {diagnosed} diagnosed) in {:?}",
        started.elapsed()
    );
}
