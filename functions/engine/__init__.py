"""The game engines: pure rules over plain data, behind the fixed contract of engine-contract.md.

>>> from functions.engine import GAMES
>>> sorted(GAMES)
['color-match', 'color-rows']
"""

from __future__ import annotations

from .color_match import GAME as _COLOR_MATCH
from .color_rows import GAME as _COLOR_ROWS
from .cpu import CPUS
from .errors import EngineError, IllegalMove, OptionsError
from .game import Cpu, Game

GAMES: dict[str, Game] = {game.id: game for game in (_COLOR_MATCH, _COLOR_ROWS)}

__all__ = ["CPUS", "GAMES", "Cpu", "EngineError", "Game", "IllegalMove", "OptionsError"]
