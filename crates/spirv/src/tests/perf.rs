//! Emission cost on a large generated module: it must stay linear.

use std::time::Instant;

use oclc_ir::{AddressSpace, AtomicForm, AtomicOp, BinaryOp, Module};

use super::ModuleBuilder;
use crate::Options;

/// A kernel with `statements` statements of the form
/// `x = x * 3 + i; atomic_fetch_add(p, x);` (about 8 expressions each).
fn generated(statements: usize) -> (Module, usize) {
    let mut m = ModuleBuilder::new();
    let int = m.int(32, true);
    let atomic = m.atomic(int);
    let ptr = m.ptr(atomic, AddressSpace::Global);
    let void = m.void();
    let mut f = m.function("k", true, &[("p", ptr)], void);
    let x = f.local("x", int);
    for i in 0..statements {
        let xp = f.local_ptr(x);
        let xv = f.load(xp);
        let three = f.int(3, int);
        let product = f.binary(BinaryOp::Mul, xv, three);
        let index = f.int(i as i64, int);
        let sum = f.binary(BinaryOp::Add, product, index);
        let xp = f.local_ptr(x);
        let store = f.store(xp, sum);
        f.eval(store);
        let p = f.param(0);
        let xp = f.local_ptr(x);
        let xv = f.load(xp);
        let add = f.atomic(
            AtomicOp::FetchAdd,
            AtomicForm::Plain,
            p,
            vec![xv],
            None,
            None,
            None,
            int,
        );
        f.eval(add);
    }
    let expressions = f.function.exprs.len();
    f.finish();
    (m.module, expressions)
}

#[test]
fn emission_of_100k_expressions_is_linear() {
    let (small, small_exprs) = generated(1_000);
    let (large, large_exprs) = generated(12_500);
    assert!(large_exprs >= 100_000, "{large_exprs} expressions");
    let small_words = crate::emit(&super::checked(&small), &Options::default())
        .expect("emits")
        .words
        .len();
    let start = Instant::now();
    let large_words = crate::emit(&super::checked(&large), &Options::default())
        .expect("emits")
        .words;
    let elapsed = start.elapsed();
    // Linear output: per-statement code size is constant (constants for
    // the distinct indices are the only growth besides the code itself).
    let per_small = small_words as f64 / small_exprs as f64;
    let per_large = large_words.len() as f64 / large_exprs as f64;
    assert!(
        (per_large / per_small - 1.0).abs() < 0.1,
        "{per_small} vs {per_large}"
    );
    eprintln!(
        "emitted {large_exprs} expressions ({} words) in {elapsed:?}",
        large_words.len()
    );
    #[cfg(feature = "validate")]
    crate::validate(&large_words).expect("the large module validates");
}
