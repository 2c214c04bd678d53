"""大富豪 (``daifugo``): the Japanese climbing game with its local rules as options (docs/rules.md).

>>> from functions.engine.daifugo import GAME
>>> GAME.id, GAME.min_players, GAME.max_players, sorted(GAME.presets)
('daifugo', 3, 8, ['basic', 'house'])
"""

from __future__ import annotations

from .game import GAME

__all__ = ["GAME"]
