"""Type stubs for oclc.pyopencl (see docs/python.md)."""

from typing import Any, Iterable, List, Optional, Tuple

from . import Defines, Module, Source

def device_info(device: Any) -> Tuple[str, int, List[str]]: ...
def compile_for(
    devices: Iterable[Any],
    source: Source,
    options: str = "",
    *,
    filename: str = "<string>",
    include_dirs: Iterable[str] = (),
    defines: Optional[Defines] = None,
) -> Module: ...
def build(
    ctx: Any,
    source: Source,
    options: str = "",
    *,
    devices: Optional[Iterable[Any]] = None,
    filename: str = "<string>",
    include_dirs: Iterable[str] = (),
    defines: Optional[Defines] = None,
) -> Any: ...
