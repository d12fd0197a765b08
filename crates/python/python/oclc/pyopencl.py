"""Build PyOpenCL programs with oclc.

>>> import pyopencl as cl, oclc.pyopencl
>>> ctx = cl.create_some_context()
>>> program = oclc.pyopencl.build(ctx, "kernel void k(global int *p) { p[0] = 1; }")
>>> program.k  # a pyopencl.Kernel

PyOpenCL is an optional dependency (``pip install oclc[pyopencl]``); this
module imports it when first used.
"""

from __future__ import annotations

from typing import Any, Iterable, List, Optional, Tuple

from . import _run, _raise_for, Defines
from ._diagnostic import Diagnostic, _from_list

__all__ = ["build", "compile_for", "device_info"]


def device_info(device: Any) -> Tuple[str, int, List[str]]:
    """What oclc needs of a ``pyopencl.Device``: its OpenCL C version
    string, address bits, and extension and OpenCL C feature names."""
    import pyopencl as cl

    names = device.extensions.split()
    try:
        features = device.get_info(cl.device_info.OPENCL_C_FEATURES)
        names += [f.name for f in features]
    except Exception:  # OpenCL < 3.0 devices and older PyOpenCL have none
        pass
    return (device.opencl_c_version, int(device.address_bits), names)


def compile_for(devices: Iterable[Any], source, options: str = "", *,
                filename: str = "<string>", include_dirs: Iterable[str] = (),
                defines: Optional[Defines] = None):
    """Compiles ``source`` for ``devices`` (``pyopencl.Device`` objects)
    as their runtime would: the highest OpenCL C version they all support
    unless ``options`` has ``-cl-std=``, their address width, and exactly
    the extensions and features they all report. Returns an
    :class:`oclc.Module`; raises :class:`oclc.CompileError` on errors."""
    from . import Module

    infos = [device_info(d) for d in devices]
    answer = _run("compile", source, options, None, filename, include_dirs, defines, infos)
    diagnostics: List[Diagnostic] = _from_list(answer["diagnostics"])
    _raise_for(answer, diagnostics)
    return Module(answer["spirv"], diagnostics, None)


def build(ctx: Any, source, options: str = "", *, devices: Optional[Iterable[Any]] = None,
          filename: str = "<string>", include_dirs: Iterable[str] = (),
          defines: Optional[Defines] = None):
    """Compiles ``source`` with oclc for the devices of ``ctx`` (or
    ``devices``) and returns a built ``pyopencl.Program`` made from the
    SPIR-V (``clCreateProgramWithIL``). Raises :class:`oclc.CompileError`
    when oclc finds errors, and PyOpenCL's errors when the runtime rejects
    the module."""
    import pyopencl as cl

    devices = list(devices) if devices is not None else list(ctx.devices)
    module = compile_for(devices, source, options, filename=filename,
                         include_dirs=include_dirs, defines=defines)
    program = cl.Program(ctx, module.spirv)
    return program.build(devices=devices)
