"""CPU players: one per game, deciding from the seat's view alone (engine-contract.md, "CPU players").

``CPUS[game_id]`` is the ``normal`` player; ``.at(level)`` gives the same player at another level of
``LEVELS`` (``"easy"`` makes human-sized mistakes, never an illegal move). A CPU object is immutable and
holds no state between calls: ``choose(view, rng)`` depends only on the view and the rng's state.

>>> import random
>>> sorted(CPUS), LEVELS
(['color-match', 'color-rows'], ('easy', 'normal', 'hard'))
>>> CPUS["color-rows"].level, CPUS["color-rows"].at("easy").level
('normal', 'easy')
>>> CPUS["color-rows"].choose({"legal": [], "result": None}, random.Random(0)) is None
True
"""

from __future__ import annotations

from ..game import Cpu
from .base import LEVELS
from .color_match import ColorMatchCpu
from .color_rows import ColorRowsCpu

CPUS: dict[str, Cpu] = {
    "color-match": ColorMatchCpu(),
    "color-rows": ColorRowsCpu(),
}

__all__ = ["CPUS", "LEVELS", "ColorMatchCpu", "ColorRowsCpu"]
