"""Color Rows (`color-rows`): the Coloretto-style set-collection game of docs/rules.md
(the edition with a golden joker).

>>> from functions.engine.color_rows import GAME
>>> GAME.id, GAME.min_players, GAME.max_players
('color-rows', 2, 5)
"""

from __future__ import annotations

from .game import GAME

__all__ = ["GAME"]
