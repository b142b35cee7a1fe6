"""One line of ``pbem doctor``: a check's name, status and what it says."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Status = Literal["ok", "warn", "FAIL", "skip"]


@dataclass(frozen=True)
class Check:
    name: str
    status: Status
    text: str

    def line(self) -> str:
        return f"{self.status:<4} {self.name}: {self.text}"


def _short(exc: object) -> str:
    text = str(exc).strip().replace("\n", " ")
    return (text[:160] + "...") if len(text) > 160 else text or type(exc).__name__
