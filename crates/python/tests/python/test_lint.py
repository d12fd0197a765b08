"""oclc.lint: findings as Diagnostic objects."""

import pytest

import oclc


def test_lint_reports_errors_without_raising():
    source = (
        "kernel void k(global atomic_int *p) {\n"
        "    atomic_store_explicit(p, 1, memory_order_acquire);\n"
        "}\n"
    )
    findings = oclc.lint(source, filename="k.cl")
    assert [d.code for d in findings] == ["E0401"]
    assert findings[0].is_error
    assert findings[0].file_name == "k.cl"


def test_lint_levels_come_from_the_option_string():
    source = (
        "kernel void k(volatile global int *p) {\n"
        "    atomic_inc(p);\n"
        "}\n"
    )
    assert oclc.lint(source) == []
    [warning] = oclc.lint(source, "-Wdeprecated-atomics")
    assert (warning.code, warning.name, warning.severity) == (
        "W0406", "deprecated-atomics", "warning")
    assert not warning.is_error
    assert (warning.line, warning.column) == (2, 5)
    [error] = oclc.lint(source, "-Werror=deprecated-atomics")
    assert error.severity == "error"
    # A warning does not stop compilation; the module keeps it.
    module = oclc.compile(source, "-Wdeprecated-atomics")
    assert [d.code for d in module.diagnostics] == ["W0406"]
    with pytest.raises(oclc.CompileError):
        oclc.compile(source, "-Werror=deprecated-atomics")


def test_lint_of_a_clean_kernel_is_empty():
    assert oclc.lint("kernel void k(global int *p) { p[0] = 1; }") == []
