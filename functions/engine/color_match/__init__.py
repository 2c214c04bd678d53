"""Color Match (``color-match``): the UNO-style shedding game of docs/rules.md — preset ``basic`` (every option
off), preset ``house`` (the usual house rules), every option also on its own.

>>> import random
>>> s = GAME.setup(2, GAME.options("basic"), rng=random.Random(1))
>>> GAME.current(s), len(GAME.view(s, 0)["hand"]), GAME.view(s, None).get("hand")
(0, 7, None)

Modules, each with one job: ``cards`` (codes, deck, matching tables), ``options`` (options, presets), ``state``
(the immutable record, dump/load), ``table`` (drawing, reshuffling, turn order), ``legality`` (legal moves and
the check of a move), ``turn`` (apply, advance), ``setup`` (the deal and first card), ``view``, ``game`` (the
game object).
"""

from __future__ import annotations

from .game import GAME
from .state import State

__all__ = ["GAME", "State"]
