"""The exceptions of the oclc package (see docs/python.md)."""

from __future__ import annotations

from typing import List, Optional


class Error(Exception):
    """Base class of every exception oclc raises."""


class OptionsError(Error, ValueError):
    """An option oclc rejects (an unknown flag, a bad ``-cl-std=``, an
    invalid target or macro name). ``str()`` says which and why."""


class CompileError(Error):
    """The input has errors: nothing was produced.

    ``diagnostics`` holds every diagnostic (errors and warnings) as
    :class:`oclc.Diagnostic`; ``str()`` is the human rendering, as the
    ``oclc`` command prints it; ``json`` and ``sarif`` are the other two
    renderings.
    """

    def __init__(self, rendered: str, diagnostics: Optional[List["object"]] = None,
                 json: str = "", sarif: str = "") -> None:
        super().__init__(rendered)
        self.rendered = rendered
        self.diagnostics = list(diagnostics or [])
        self.json = json
        self.sarif = sarif

    def __str__(self) -> str:
        return self.rendered


class InternalError(CompileError):
    """oclc failed (a bug in oclc, such as a validator rejecting what it
    emitted, or a panic caught at the boundary). The diagnostics say what
    happened; the input may be fine. A subclass of :class:`CompileError`,
    so that ``except oclc.CompileError`` sees every failed compilation."""
