//! What the UI fixtures cannot say about semantic errors.
//!
//! Which source gives which diagnostic, with its code, message and span,
//! is written once, in `tests/ui/sema/*.cl` (and checked there by the
//! suite). The tests here check what an annotation cannot express: the
//! edit a fix suggests, the IR a near miss lowers to, and near misses that
//! must stay free of errors through the library's own entry points.

use super::compile;

#[test]
fn undeclared_identifier_suggests_a_close_name() {
    let c = compile("kernel void k(global int *p) { int counter = 0; p[0] = countr; }");
    assert_eq!(c.error_ids(), ["E0301"]);
    let help = c.errors()[0]
        .help
        .as_ref()
        .map(|h| h.edits[0].replacement.clone());
    assert_eq!(help.as_deref(), Some("counter"));
}

#[test]
fn shadowing_in_an_inner_scope_is_fine() {
    let c =
        compile("kernel void k(global int *p) { int x = 1; { int x = 2; p[0] = x; } p[1] = x; }");
    assert!(c.errors().is_empty(), "{:?}", c.error_ids());
}

#[test]
fn generic_to_named_needs_a_cast() {
    let c = compile(
        "kernel void k(global int *g) { int *p = g; global int *q = (global int *)p; q[0] = 1; }",
    );
    assert!(c.errors().is_empty(), "{:?}", c.error_ids());
}

#[test]
fn compound_literals_are_supported() {
    let c = compile("kernel void k(global int *p) { p[0] = ((int[2]){1, 2})[0]; }");
    assert!(c.error_ids().is_empty(), "{:?}", c.error_ids());
}

#[test]
fn declared_only_functions_are_dropped_from_the_module() {
    let c = compile("int unused(int x); kernel void k(void) {}");
    assert!(c.errors().is_empty());
    assert_eq!(c.module.functions.len(), 1);
}

#[test]
fn const_variables_fold_into_array_sizes() {
    let c = compile(
        "kernel void k(global int *p) { const int n = 4; int a[n * 2]; p[0] = sizeof(a); }",
    );
    assert!(c.errors().is_empty(), "{:?}", c.error_ids());
}
