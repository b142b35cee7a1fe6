"""Reiner Knizia's *Forbidden City* (Jumbo 2018): rules engine, text board and bots.

``GAME`` is the object the registry (:func:`pbem.rules.find_game`) hands out.
"""

from __future__ import annotations

from pbem.rules.forbidden_city.game import ForbiddenCity, State, View
from pbem.rules.forbidden_city.notation import Placement, square_name

GAME = ForbiddenCity()
"""The game object implementing :class:`pbem.rules.base.Game`."""

__all__ = ["GAME", "ForbiddenCity", "Placement", "State", "View", "square_name"]
