"""One message on its way down the pipeline's steps (:mod:`pbem.service.steps`)."""

from __future__ import annotations

from dataclasses import dataclass

from pbem.service.auth import Incoming, Seated
from pbem.service.orders import Order


@dataclass
class Flow:
    """One message on its way down the steps; each step fills in what the next ones read."""

    raw: bytes
    incoming: Incoming | None = None
    seated: Seated | None = None
    order: Order | None = None
