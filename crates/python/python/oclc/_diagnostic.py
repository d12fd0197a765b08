"""Diagnostics as Python objects, with the fields of oclc's JSON output."""

from __future__ import annotations

import json as _json
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple


@dataclass(frozen=True)
class Span:
    """A range of source text; the field names and units are those of the
    JSON output (1-based lines, 1-based columns in characters, end
    exclusive)."""

    file_name: str
    byte_start: int
    byte_end: int
    line_start: int
    line_end: int
    column_start: int
    column_end: int
    is_primary: bool = False
    label: str = ""


@dataclass(frozen=True)
class Fix:
    """One edit of a diagnostic's fix: replace ``span`` by ``replacement``."""

    span: Span
    replacement: str


@dataclass(frozen=True)
class Diagnostic:
    """One finding: a stable ``code`` (``"E0401"``) and its ``name``
    (``"store-order"``), a ``severity`` (``"error"``, ``"warning"``,
    ``"note"`` or ``"internal compiler error"``), the ``message``, the
    ``spans`` (the primary one first), ``notes``, an optional ``help`` and
    its ``fixes`` with their ``applicability`` (``"MachineApplicable"``,
    ``"MaybeIncorrect"`` or ``None``). ``str()`` is its human rendering;
    :meth:`to_json` is the object oclc's JSON output has for it."""

    code: str
    name: str
    severity: str
    message: str
    spans: Tuple[Span, ...] = ()
    notes: Tuple[str, ...] = ()
    help: Optional[str] = None
    fixes: Tuple[Fix, ...] = ()
    applicability: Optional[str] = None
    json: Optional[str] = field(default=None, repr=False, compare=False)

    @property
    def primary_span(self) -> Optional[Span]:
        """The main location, or None for a diagnostic about no place."""
        for span in self.spans:
            if span.is_primary:
                return span
        return None

    @property
    def file_name(self) -> Optional[str]:
        span = self.primary_span
        return span.file_name if span else None

    @property
    def line(self) -> Optional[int]:
        span = self.primary_span
        return span.line_start if span else None

    @property
    def column(self) -> Optional[int]:
        span = self.primary_span
        return span.column_start if span else None

    @property
    def is_error(self) -> bool:
        """Whether this is an error (or an internal error)."""
        return self.severity in ("error", "internal compiler error")

    def to_json(self) -> Dict[str, Any]:
        """The object oclc's JSON output (``--error-format=json`` shape)
        has for this diagnostic."""
        return _json.loads(self.json) if self.json else {}

    def __str__(self) -> str:
        rendered = self.to_json().get("rendered")
        return rendered if rendered else f"{self.severity}[{self.code}]: {self.message}"


def _span(data: Dict[str, Any]) -> Span:
    return Span(**data)


def _from_dict(data: Dict[str, Any]) -> Diagnostic:
    return Diagnostic(
        code=data["code"],
        name=data["name"],
        severity=data["severity"],
        message=data["message"],
        spans=tuple(_span(s) for s in data["spans"]),
        notes=tuple(data["notes"]),
        help=data["help"],
        fixes=tuple(Fix(_span(f["span"]), f["replacement"]) for f in data["fixes"]),
        applicability=data["applicability"],
        json=data["json"],
    )


def _from_list(items: List[Dict[str, Any]]) -> List[Diagnostic]:
    return [_from_dict(d) for d in items]
