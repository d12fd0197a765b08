"""The Python reference documents the whole public API, and the README's
Python example works as written."""

import os
import pathlib
import subprocess
import sys

import oclc
import oclc.pyopencl

ROOT = pathlib.Path(os.environ.get("OCLC_REPO_ROOT", pathlib.Path(__file__).parents[4]))


def test_reference_has_a_section_for_every_public_name():
    doc = (ROOT / "docs" / "python.md").read_text()
    names = list(oclc.__all__) + [f"pyopencl.{n}" for n in oclc.pyopencl.__all__]
    for name in names:
        assert f"### `{name}`" in doc, name


def test_stubs_declare_every_public_name():
    stubs = (pathlib.Path(oclc.__file__).parent / "__init__.pyi").read_text()
    for name in oclc.__all__:
        assert (f"def {name}(" in stubs or f"class {name}" in stubs
                or f"{name}:" in stubs), name


def test_readme_python_example_works_as_written(tmp_path):
    readme = (ROOT / "README.md").read_text()
    code = readme.split("<!-- readme-python-example -->\n```python\n", 1)[1].split("```", 1)[0]
    result = subprocess.run([sys.executable, "-c", code], cwd=tmp_path,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "k.spv").read_bytes()[:4] == (0x07230203).to_bytes(4, "little")
    assert result.stdout.startswith("E0401 at 1:")
