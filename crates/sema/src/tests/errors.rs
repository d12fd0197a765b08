//! Each semantic error on a minimal input.

use super::{compile, expect_error};

#[test]
fn undeclared_identifier_suggests_a_close_name() {
    expect_error(
        "kernel void k(global int *p) { int counter = 0; p[0] = countr; }",
        "E0301",
        "use of undeclared identifier `countr`",
    );
    let c = compile("kernel void k(global int *p) { int counter = 0; p[0] = countr; }");
    let help = c.errors()[0]
        .help
        .as_ref()
        .map(|h| h.edits[0].replacement.clone());
    assert_eq!(help.as_deref(), Some("counter"));
}

#[test]
fn undeclared_function() {
    expect_error(
        "kernel void k(void) { frobnicate(1); }",
        "E0301",
        "call to undeclared function `frobnicate`",
    );
}

#[test]
fn redefinition_in_one_scope() {
    expect_error(
        "kernel void k(void) { int x; float x; }",
        "E0302",
        "redefinition of `x`",
    );
    expect_error(
        "void f(void) {} void f(void) {}",
        "E0302",
        "redefinition of `f`",
    );
}

#[test]
fn shadowing_in_an_inner_scope_is_fine() {
    let c =
        compile("kernel void k(global int *p) { int x = 1; { int x = 2; p[0] = x; } p[1] = x; }");
    assert!(c.errors().is_empty(), "{:?}", c.error_ids());
}

#[test]
fn type_mismatch_in_assignment() {
    expect_error(
        "struct S { int a; }; kernel void k(global int *p) { struct S s; p[0] = s; }",
        "E0303",
        "incompatible type",
    );
}

#[test]
fn invalid_operands() {
    expect_error(
        "kernel void k(global int *p, float f) { p = p + f; }",
        "E0304",
        "invalid operands to binary expression (`global int *` and `float`)",
    );
}

#[test]
fn not_assignable() {
    expect_error(
        "kernel void k(constant int *c) { c[0] = 1; }",
        "E0305",
        "`constant` address space",
    );
    expect_error(
        "kernel void k(void) { const int x = 1; x = 2; }",
        "E0305",
        "`const`-qualified",
    );
    expect_error(
        "kernel void k(void) { int a[2]; int b[2]; a = b; }",
        "E0305",
        "not assignable",
    );
    expect_error("kernel void k(int x) { 3 = x; }", "E0305", "not assignable");
}

#[test]
fn address_space_errors() {
    expect_error(
        "kernel void k(int *p) {}",
        "E0306",
        "pointer arguments to kernel functions",
    );
    expect_error(
        "void f(void) { local int x; }",
        "E0306",
        "only be declared in kernel functions",
    );
    expect_error(
        "void f(local int *l) {} kernel void k(global int *g) { f(g); }",
        "E0306",
        "`global` address space to a pointer to the `local` address space",
    );
    expect_error(
        "void f(int *p) {} kernel void k(constant int *c) { f(c); }",
        "E0306",
        "`constant` address space to a pointer to the `generic`",
    );
    expect_error(
        "kernel void k(global int *g) { int *p = g; global int *q = p; }",
        "E0306",
        "`generic` address space",
    );
}

#[test]
fn generic_to_named_needs_a_cast() {
    let c = compile(
        "kernel void k(global int *g) { int *p = g; global int *q = (global int *)p; q[0] = 1; }",
    );
    assert!(c.errors().is_empty(), "{:?}", c.error_ids());
}

#[test]
fn program_scope_variables_need_constant_before_opencl_2_0() {
    let c = super::compile_for(
        "int x = 1; kernel void k(void) {}",
        oclc_target::Target::new(oclc_target::ClStd::Cl12),
    );
    assert_eq!(c.error_ids(), ["E0306"]);
}

#[test]
fn kernels_return_void() {
    expect_error(
        "kernel int k(void) { return 0; }",
        "E0307",
        "must return `void`",
    );
}

#[test]
fn recursion_is_rejected_at_the_call() {
    expect_error(
        "int f(int n) { return n ? f(n - 1) : 0; } kernel void k(void) { f(3); }",
        "E0308",
        "recursive call to `f`",
    );
    let c = compile("int g(int n); int f(int n) { return g(n); } int g(int n) { return f(n); } kernel void k(void) {}");
    assert_eq!(c.error_ids(), ["E0308", "E0308"]);
}

#[test]
fn unsupported_constructs() {
    expect_error(
        "extern int x; kernel void k(global int *p) { p[0] = 1; }",
        "E0309",
        "`extern` variables",
    );
    // Compound literals are supported: an array one, indexed.
    let c = compile("kernel void k(global int *p) { p[0] = ((int[2]){1, 2})[0]; }");
    assert!(c.error_ids().is_empty(), "{:?}", c.error_ids());
}

#[test]
fn builtin_argument_count_and_types() {
    expect_error(
        "kernel void k(global atomic_int *p) { atomic_fetch_add(p, 1, 2); }",
        "E0310",
        "`atomic_fetch_add` expects 2 arguments, found 3",
    );
    expect_error(
        "kernel void k(int x) { atomic_fetch_add(x, 1); }",
        "E0310",
        "expected a pointer to an atomic object, found `int`",
    );
    expect_error(
        "kernel void k(float x) { atomic_add(x, 1); }",
        "E0310",
        "expected a pointer to `int` or `uint`, found `float`",
    );
    expect_error(
        "kernel void k(void) { barrier(); }",
        "E0310",
        "`barrier` expects 1 argument, found 0",
    );
}

#[test]
fn user_function_argument_count() {
    expect_error(
        "int f(int a, int b) { return a + b; } kernel void k(void) { f(1); }",
        "E0311",
        "too few arguments to function call, expected 2, have 1",
    );
}

#[test]
fn calls_of_functions_never_defined() {
    expect_error(
        "int helper(int x); kernel void k(void) { helper(1); }",
        "E0312",
        "never defined",
    );
}

#[test]
fn declared_only_functions_are_dropped_from_the_module() {
    let c = compile("int unused(int x); kernel void k(void) {}");
    assert!(c.errors().is_empty());
    assert_eq!(c.module.functions.len(), 1);
}

#[test]
fn constant_expressions() {
    expect_error(
        "kernel void k(int n) { int a[n]; }",
        "E0313",
        "array size is not a compile-time constant",
    );
    expect_error(
        "kernel void k(int n) { switch (n) { case n: break; } }",
        "E0313",
        "case label",
    );
}

#[test]
fn no_member() {
    expect_error(
        "struct S { int count; }; kernel void k(global struct S *s) { s->cuont = 1; }",
        "E0314",
        "no member named `cuont` in `struct S`",
    );
}

#[test]
fn incomplete_and_invalid_types() {
    expect_error(
        "struct S; kernel void k(void) { struct S s; }",
        "E0315",
        "incomplete type",
    );
    expect_error(
        "kernel void k(void) { int a[-1]; }",
        "E0315",
        "array size must be positive",
    );
}

#[test]
fn switch_labels() {
    expect_error(
        "kernel void k(int x) { switch (x) { case 1: break; case 1: break; } }",
        "E0316",
        "duplicate case value `1`",
    );
    expect_error(
        "kernel void k(void) { case 1: ; }",
        "E0316",
        "not within a switch",
    );
}

#[test]
fn jumps_outside_loops() {
    expect_error("kernel void k(void) { break; }", "E0317", "`break`");
    expect_error(
        "kernel void k(int x) { switch (x) { case 0: continue; } }",
        "E0317",
        "`continue`",
    );
}

#[test]
fn return_mismatch() {
    expect_error(
        "int f(void) { return; } kernel void k(void) {}",
        "E0318",
        "should return a value",
    );
    expect_error(
        "void f(void) { return 1; } kernel void k(void) {}",
        "E0318",
        "should not return a value",
    );
}

#[test]
fn calling_a_variable() {
    expect_error(
        "kernel void k(int x) { x(1); }",
        "E0319",
        "is not a function",
    );
}

#[test]
fn invalid_casts() {
    expect_error(
        "struct S { int a; }; kernel void k(global int *p) { struct S s; p[0] = (int)s; }",
        "E0320",
        "cannot cast",
    );
    expect_error(
        "kernel void k(global int *g) { local int *l = (local int *)g; }",
        "E0306",
        "`global` address space to a pointer to the `local`",
    );
}

#[test]
fn invalid_initializers() {
    // Excess elements: a warning that ignores the rest, as in clang.
    let compiled = crate::tests::compile("kernel void k(void) { int a[2] = {1, 2, 3}; }");
    assert!(compiled.errors().is_empty());
    assert!(compiled
        .diagnostics
        .iter()
        .any(|d| d.code.id == "W0304" && d.message.contains("excess elements")));
    expect_error(
        "constant int c; kernel void k(void) {}",
        "E0321",
        "must be initialized",
    );
}

#[test]
fn invalid_attribute_arguments() {
    expect_error(
        "kernel __attribute__((reqd_work_group_size(0, 1, 1))) void k(void) {}",
        "E0322",
        "work-group size must be a positive",
    );
}

#[test]
fn program_scope_initializers_must_be_constant() {
    expect_error(
        "global int g = 1; global int h = g; kernel void k(void) {}",
        "E0313",
        "not a compile-time constant",
    );
}

#[test]
fn const_variables_fold_into_array_sizes() {
    let c = compile(
        "kernel void k(global int *p) { const int n = 4; int a[n * 2]; p[0] = sizeof(a); }",
    );
    assert!(c.errors().is_empty(), "{:?}", c.error_ids());
}

#[test]
fn incompatible_pointer_warning() {
    let c = compile("kernel void k(global int *p) { global float *q = p; }");
    assert!(c.errors().is_empty());
    assert!(c.diagnostics.iter().any(|d| d.code.id == "W0301"));
}

#[test]
fn unavailable_names_are_reported_by_the_availability_rule() {
    let c = super::compile_for(
        "kernel void k(global atomic_int *p) { atomic_store(p, 1); }",
        oclc_target::Target::new(oclc_target::ClStd::Cl12),
    );
    assert!(c.error_ids().contains(&"E0417"), "{:?}", c.error_ids());
}
