"""Type stubs for the extension module (private: use the oclc package)."""

from typing import Any, Dict, List, Optional, Tuple, Union

__version__: str

def run(
    action: str,
    source: Union[str, bytes],
    options: str,
    target: Optional[str],
    filename: str,
    include_dirs: List[str],
    defines: List[Tuple[str, Optional[str]]],
    devices: Optional[List[Tuple[str, int, List[str]]]],
) -> Dict[str, Any]: ...
