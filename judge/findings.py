"""A finding of `judge doctor` (doctor.py and the checks beside it)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Finding:
    level: str  # "ok", "warn" or "FAIL"
    what: str
    fix: str = ""
