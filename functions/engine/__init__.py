"""The game engines: pure rules over plain data (docs/engine.md), and the one place games are registered.

A game is one package exporting one object ``GAME`` that implements ``Game``; its CPU player is registered in
``functions.engine.cpu.CPUS`` under the same id. Nothing else names a game: the rooms layer, the protocol, the
lobby and the tools ask these registries.

>>> from functions.engine import CPUS, GAMES
>>> list(GAMES), list(CPUS) == list(GAMES)
(['color-match', 'color-rows', 'daifugo'], True)
"""

from __future__ import annotations

from . import color_match, color_rows, daifugo
from .cpu import CPUS, LEVELS
from .errors import EngineError, IllegalMove, OptionsError
from .game import Cpu, Game, Outcome

GAMES: dict[str, Game] = {game.id: game for game in (color_match.GAME, color_rows.GAME, daifugo.GAME)}

__all__ = ["CPUS", "GAMES", "LEVELS", "Cpu", "EngineError", "Game", "IllegalMove", "OptionsError", "Outcome"]
