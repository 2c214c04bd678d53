"""CPU players: one package per game, deciding from the seat's view alone (docs/engine.md, "CPU players").

Each game's package holds ``values`` (how its CPU reads a view and values the moves, shared by every level),
``normal`` (the ``easy`` and ``normal`` player) and, where there is one, ``hard`` (the search player, on the
shared search of ``search``). ``LEVEL_TABLE`` below is the one place that says which player plays a game at a
level of ``LEVELS``; every player's ``at(level)`` reads it.

``CPUS[game_id]`` is the ``normal`` player; ``.at(level)`` gives the same game's player at another level of
``LEVELS`` (``"easy"`` makes human-sized mistakes, never an illegal move). A CPU object is immutable and holds
no state between calls: ``choose(view, rng)`` depends only on the view and the rng's state.

>>> import random
>>> sorted(CPUS), LEVELS
(['color-match', 'color-rows', 'daifugo'], ('easy', 'normal', 'hard'))
>>> all(tuple(levels) == LEVELS for levels in LEVEL_TABLE.values())
True
>>> CPUS["color-rows"].level, CPUS["color-rows"].at("easy").level, CPUS["color-match"].at("hard")
('normal', 'easy', HardColorMatchCpu())
>>> CPUS["color-rows"].choose({"legal": [], "result": None}, random.Random(0)) is None
True
"""

from __future__ import annotations

from functools import partial

from ..game import Cpu
from .base import DEFAULT_LEVEL, LEVEL_TABLE, LEVELS
from .color_match.hard import HardColorMatchCpu
from .color_match.normal import ColorMatchCpu
from .color_rows.hard import HardColorRowsCpu
from .color_rows.normal import ColorRowsCpu
from .daifugo.hard import HardDaifugoCpu
from .daifugo.normal import DaifugoCpu

# The table lives in base.py, below the players that read it; it is filled here, the one module that imports
# them all.
LEVEL_TABLE.update(
    {
        ColorMatchCpu.game_id: {
            "easy": partial(ColorMatchCpu, "easy"),
            "normal": partial(ColorMatchCpu, "normal"),
            "hard": HardColorMatchCpu,
        },
        ColorRowsCpu.game_id: {
            "easy": partial(ColorRowsCpu, "easy"),
            "normal": partial(ColorRowsCpu, "normal"),
            "hard": HardColorRowsCpu,
        },
        DaifugoCpu.game_id: {
            "easy": partial(DaifugoCpu, "easy"),
            "normal": partial(DaifugoCpu, "normal"),
            "hard": HardDaifugoCpu,
        },
    }
)

CPUS: dict[str, Cpu] = {game_id: levels[DEFAULT_LEVEL]() for game_id, levels in LEVEL_TABLE.items()}

__all__ = [
    "CPUS",
    "DEFAULT_LEVEL",
    "LEVELS",
    "LEVEL_TABLE",
    "ColorMatchCpu",
    "ColorRowsCpu",
    "DaifugoCpu",
    "HardColorMatchCpu",
    "HardColorRowsCpu",
    "HardDaifugoCpu",
]
