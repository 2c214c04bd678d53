"""CPU players: one per game, deciding from the seat's view alone (docs/engine.md, "CPU players").

``CPUS[game_id]`` is the ``normal`` player; ``.at(level)`` gives the same player at another level of
``LEVELS`` (``"easy"`` makes human-sized mistakes, never an illegal move). A CPU object is immutable and
holds no state between calls: ``choose(view, rng)`` depends only on the view and the rng's state.

>>> import random
>>> sorted(CPUS), LEVELS
(['color-match', 'color-rows', 'daifugo'], ('easy', 'normal', 'hard'))
>>> CPUS["color-rows"].level, CPUS["color-rows"].at("easy").level
('normal', 'easy')
>>> CPUS["color-rows"].choose({"legal": [], "result": None}, random.Random(0)) is None
True
"""

from __future__ import annotations

from ..game import Cpu
from .base import DEFAULT_LEVEL, LEVELS
from .color_match import ColorMatchCpu
from .color_rows import ColorRowsCpu
from .daifugo import DaifugoCpu

CPUS: dict[str, Cpu] = {cpu.game_id: cpu for cpu in (ColorMatchCpu(), ColorRowsCpu(), DaifugoCpu())}

__all__ = ["CPUS", "DEFAULT_LEVEL", "LEVELS", "ColorMatchCpu", "ColorRowsCpu", "DaifugoCpu"]
