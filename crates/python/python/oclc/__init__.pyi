"""Type stubs for the oclc package (see docs/python.md)."""

from typing import Any, Dict, Iterable, List, Mapping, Optional, Tuple, Union

from . import pyopencl as pyopencl

__version__: str

Source = Union[str, bytes]
Defines = Mapping[str, Union[str, int, None]]

class Span:
    file_name: str
    byte_start: int
    byte_end: int
    line_start: int
    line_end: int
    column_start: int
    column_end: int
    is_primary: bool
    label: str

class Fix:
    span: Span
    replacement: str

class Diagnostic:
    code: str
    name: str
    severity: str
    message: str
    spans: Tuple[Span, ...]
    notes: Tuple[str, ...]
    help: Optional[str]
    fixes: Tuple[Fix, ...]
    applicability: Optional[str]
    json: Optional[str]
    @property
    def primary_span(self) -> Optional[Span]: ...
    @property
    def file_name(self) -> Optional[str]: ...
    @property
    def line(self) -> Optional[int]: ...
    @property
    def column(self) -> Optional[int]: ...
    @property
    def is_error(self) -> bool: ...
    def to_json(self) -> Dict[str, Any]: ...

class Module:
    spirv: bytes
    diagnostics: List[Diagnostic]
    @property
    def descriptor_map(self) -> Optional[Dict[str, Any]]: ...
    @property
    def words(self) -> List[int]: ...

class Error(Exception): ...
class OptionsError(Error, ValueError): ...

class CompileError(Error):
    rendered: str
    diagnostics: List[Diagnostic]
    json: str
    sarif: str

class InternalError(CompileError): ...

def compile(
    source: Source,
    options: str = "",
    *,
    target: str = "opencl",
    filename: str = "<string>",
    include_dirs: Iterable[str] = (),
    defines: Optional[Defines] = None,
) -> Module: ...
def lint(
    source: Source,
    options: str = "",
    *,
    target: str = "opencl",
    filename: str = "<string>",
    include_dirs: Iterable[str] = (),
    defines: Optional[Defines] = None,
) -> List[Diagnostic]: ...
