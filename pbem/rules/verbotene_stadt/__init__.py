"""Die Verbotene Stadt (Alex Randolph & Johann Ruettinger, Ravensburger 1992).

The board, dice and cards come from ``data/components.json`` (a proposed reconstruction: see its
``provenance``). ``GAME`` satisfies :class:`pbem.rules.base.Game`.
"""

from pbem.rules.verbotene_stadt.game import GAME, VerboteneStadt

__all__ = ["GAME", "VerboteneStadt"]
