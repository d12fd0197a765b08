"""oclc.compile: modules, options, errors with structured diagnostics."""

import json

import pytest

import oclc

GOOD = "kernel void k(global int *p) { p[get_global_id(0)] = N; }"

BAD = (
    "kernel void k(global atomic_int *p) {\n"
    "    atomic_store_explicit(p, 1, memory_order_acquire);\n"
    "}\n"
)


def test_compile_returns_a_spirv_module():
    module = oclc.compile(GOOD, "-DN=4")
    assert isinstance(module, oclc.Module)
    assert module.spirv[:4] == (0x07230203).to_bytes(4, "little")
    assert len(module.spirv) % 4 == 0
    assert module.words[0] == 0x07230203
    assert len(module.words) * 4 == len(module.spirv)
    assert module.diagnostics == []
    assert module.descriptor_map is None


def test_defines_and_options_give_the_same_module():
    by_option = oclc.compile(GOOD, "-DN=4 -cl-std=CL3.0")
    by_define = oclc.compile(GOOD, "-cl-std=CL3.0", defines={"N": 4})
    assert by_option.spirv == by_define.spirv
    assert oclc.compile(GOOD, defines={"N": 5}).spirv != by_define.spirv


def test_include_dirs_and_filename(tmp_path):
    (tmp_path / "value.h").write_text("#define N 7\n")
    module = oclc.compile('#include "value.h"\n' + GOOD, include_dirs=[str(tmp_path)])
    assert module.spirv == oclc.compile(GOOD, defines={"N": 7}).spirv
    with pytest.raises(oclc.CompileError) as info:
        oclc.compile('#include "missing.h"\n', filename="main.cl")
    assert info.value.diagnostics[0].file_name == "main.cl"
    assert info.value.diagnostics[0].line == 1


def test_errors_carry_structured_diagnostics():
    with pytest.raises(oclc.CompileError) as info:
        oclc.compile(BAD, filename="bad.cl")
    error = info.value
    assert not isinstance(error, oclc.InternalError)
    assert "error[E0401]" in str(error)
    assert "--> bad.cl:2:33" in str(error)
    [d] = [d for d in error.diagnostics if d.code == "E0401"]
    assert isinstance(d, oclc.Diagnostic)
    assert (d.name, d.severity, d.is_error) == ("store-order", "error", True)
    assert "memory_order_acquire" in d.message
    assert (d.file_name, d.line, d.column) == ("bad.cl", 2, 33)
    span = d.primary_span
    assert BAD.encode()[span.byte_start:span.byte_end] == b"memory_order_acquire"
    assert span.column_end == 33 + len("memory_order_acquire")
    assert d.notes and d.help
    assert [f.replacement for f in d.fixes] == ["memory_order_release"]
    assert d.fixes[0].span.byte_start == span.byte_start
    assert d.applicability in ("MachineApplicable", "MaybeIncorrect")
    assert "error[E0401]" in str(d)


def test_diagnostic_fields_are_the_json_output():
    with pytest.raises(oclc.CompileError) as info:
        oclc.compile(BAD, filename="bad.cl")
    lines = [json.loads(line) for line in info.value.json.splitlines()]
    assert len(lines) == len(info.value.diagnostics)
    for d, j in zip(info.value.diagnostics, lines):
        assert d.to_json() == j
        assert j["code"]["code"] == d.code
        assert j["message"] == d.message
        assert j["level"] == d.severity
        spans = [s for s in j["spans"] if s["is_primary"]]
        assert spans[0]["line_start"] == d.line
        assert spans[0]["column_start"] == d.column
        assert spans[0]["file_name"] == d.file_name
        for key in ("byte_start", "byte_end", "line_end", "column_end"):
            assert spans[0][key] == getattr(d.primary_span, key)
    sarif = json.loads(info.value.sarif)
    assert sarif["version"] == "2.1.0"
    results = sarif["runs"][0]["results"]
    assert {r["ruleId"] for r in results} == {d.code for d in info.value.diagnostics}


def test_rejected_options_raise_options_error():
    for options in ("-cl-std=CL9.9", "--frobnicate", "-D 1X", '-D "unterminated'):
        with pytest.raises(oclc.OptionsError) as info:
            oclc.compile(GOOD, options)
        assert isinstance(info.value, ValueError)
        assert str(info.value)
    with pytest.raises(oclc.OptionsError):
        oclc.compile(GOOD, target="riscv")
    with pytest.raises(oclc.OptionsError):
        oclc.compile(GOOD, defines={"not an identifier": 1})
    with pytest.raises(TypeError):
        oclc.compile(12345)


def test_bytes_sources_need_not_be_utf8():
    source = b"// caf\xe9\n" + GOOD.encode()
    assert oclc.compile(source, "-DN=1").spirv == oclc.compile(GOOD, "-DN=1").spirv
    with pytest.raises(oclc.CompileError) as info:
        oclc.compile(b"kernel void k(global int *p) { p[0] = 1\xe9; }")
    assert info.value.diagnostics[0].is_error


def test_vulkan_target_has_a_descriptor_map():
    source = "kernel void scale(global float *x, float k) { x[get_global_id(0)] *= k; }"
    module = oclc.compile(source, target="vulkan1.2")
    kernels = module.descriptor_map["kernels"]
    assert [k["name"] for k in kernels] == ["scale"]
    assert [a["kind"] for a in kernels[0]["args"]] == ["buffer", "push_constant"]
    assert module.spirv != oclc.compile(source).spirv


def test_a_panic_in_oclc_is_an_internal_error_and_prints_nothing(capfd):
    answer = oclc._run("testing-panic", GOOD, "", None, "k.cl", (), None)
    assert answer["outcome"] == "internal_error"
    diagnostics = oclc._diagnostic._from_list(answer["diagnostics"])
    with pytest.raises(oclc.InternalError) as info:
        oclc._raise_for(answer, diagnostics)
    assert isinstance(info.value, oclc.CompileError)
    [d] = info.value.diagnostics
    assert (d.code, d.severity) == ("E0006", "internal compiler error")
    assert "asked for a panic" in d.message
    assert "internal compiler error" in str(info.value)
    # The panic message went into the diagnostic, not to standard error.
    captured = capfd.readouterr()
    assert captured.err == ""
    # The interpreter goes on working.
    assert oclc.compile(GOOD, "-DN=1").spirv
