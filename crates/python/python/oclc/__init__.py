"""oclc: compile OpenCL C to validated SPIR-V, and lint its atomics.

>>> import oclc
>>> module = oclc.compile("kernel void k(global int *p) { p[0] = 1; }")
>>> module.spirv[:4] == bytes.fromhex("03022307")
True

:func:`compile` returns a :class:`Module` or raises :class:`CompileError`
(with the structured diagnostics); :func:`lint` returns a list of
:class:`Diagnostic`. Both release the GIL while oclc works, so a thread
pool compiles in parallel. :mod:`oclc.pyopencl` builds programs for
PyOpenCL contexts. The reference is docs/python.md.
"""

from __future__ import annotations

import json as _json
from typing import Any, Dict, Iterable, List, Mapping, Optional, Union

from . import _oclc
from ._diagnostic import Diagnostic, Fix, Span, _from_list
from ._errors import CompileError, Error, InternalError, OptionsError

__all__ = [
    "compile",
    "lint",
    "Module",
    "Diagnostic",
    "Span",
    "Fix",
    "Error",
    "CompileError",
    "InternalError",
    "OptionsError",
    "__version__",
]

__version__: str = _oclc.__version__

Source = Union[str, bytes]
Defines = Mapping[str, Union[str, int, None]]


class Module:
    """A compiled SPIR-V module.

    ``spirv`` is the binary (little-endian words, as a ``.spv`` file holds
    it); ``diagnostics`` the warnings; ``descriptor_map`` the Vulkan
    descriptor map (a dict, see docs/vulkan.md) or None for OpenCL.
    """

    __slots__ = ("spirv", "diagnostics", "_descriptor_map")

    def __init__(self, spirv: bytes, diagnostics: List[Diagnostic],
                 descriptor_map: Optional[str]) -> None:
        self.spirv = spirv
        self.diagnostics = diagnostics
        self._descriptor_map = descriptor_map

    @property
    def descriptor_map(self) -> Optional[Dict[str, Any]]:
        """Where each kernel argument is bound (Vulkan targets), else None."""
        if self._descriptor_map is None:
            return None
        return _json.loads(self._descriptor_map)

    @property
    def words(self) -> List[int]:
        """The module as 32-bit words."""
        b = self.spirv
        return [int.from_bytes(b[i:i + 4], "little") for i in range(0, len(b), 4)]

    def __repr__(self) -> str:
        return f"<oclc.Module {len(self.spirv)} bytes, {len(self.diagnostics)} diagnostics>"


def _run(action: str, source: Source, options: str, target: Optional[str], filename: str,
         include_dirs: Iterable[str], defines: Optional[Defines],
         devices: Optional[list] = None) -> Dict[str, Any]:
    if not isinstance(options, str):
        raise TypeError("options must be a str of clBuildProgram options")
    pairs = []
    for name, value in (defines or {}).items():
        pairs.append((str(name), None if value is None else str(value)))
    return _oclc.run(action, source, options, target, str(filename),
                     [str(d) for d in include_dirs], pairs, devices)


def _raise_for(answer: Dict[str, Any], diagnostics: List[Diagnostic]) -> None:
    outcome = answer["outcome"]
    if outcome == "success":
        return
    cls = InternalError if outcome == "internal_error" else CompileError
    raise cls(answer["human"], diagnostics, answer["json"], answer["sarif"])


def compile(source: Source, options: str = "", *, target: str = "opencl",
            filename: str = "<string>", include_dirs: Iterable[str] = (),
            defines: Optional[Defines] = None) -> Module:
    """Compiles OpenCL C ``source`` (str, or bytes that need not be UTF-8)
    to SPIR-V.

    ``options`` is a ``clBuildProgram`` option string (``"-cl-std=CL3.0
    -DN=64"``). ``target`` is ``"opencl"`` (SPIR-V for OpenCL, 64-bit
    pointers; also ``"spirv64"``/``"spirv32"``) or ``"vulkan1.2"`` /
    ``"vulkan1.3"``. ``filename`` is the name diagnostics show and the
    directory ``#include "..."`` searches first; ``include_dirs`` and
    ``defines`` are ``-I`` and ``-D``.

    Raises :class:`CompileError` when the input has errors,
    :class:`InternalError` when oclc fails, :class:`OptionsError` for a
    rejected option.
    """
    answer = _run("compile", source, options, _target(target), filename, include_dirs, defines)
    diagnostics = _from_list(answer["diagnostics"])
    _raise_for(answer, diagnostics)
    return Module(answer["spirv"], diagnostics, answer["descriptor_map"])


def lint(source: Source, options: str = "", *, target: str = "opencl",
         filename: str = "<string>", include_dirs: Iterable[str] = (),
         defines: Optional[Defines] = None) -> List[Diagnostic]:
    """Runs every check on ``source`` without emitting SPIR-V (``oclc
    lint``) and returns the findings, errors included. Arguments as for
    :func:`compile`. Raises :class:`InternalError` only when oclc itself
    fails, :class:`OptionsError` for a rejected option."""
    answer = _run("lint", source, options, _target(target), filename, include_dirs, defines)
    diagnostics = _from_list(answer["diagnostics"])
    if answer["outcome"] == "internal_error":
        _raise_for(answer, diagnostics)
    return diagnostics


def _target(target: str) -> Optional[str]:
    # "opencl" is the default target: leave whatever `options` chose.
    return None if target == "opencl" else target
