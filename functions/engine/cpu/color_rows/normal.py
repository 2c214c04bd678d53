"""The Color Rows CPU at ``easy`` and ``normal``: the legal move valued most (values.py), from the view alone.

The ``normal`` player weighs each move against the strongest opponent and the outlook of waiting (``Table``).

The ``easy`` player only looks at its own gain, takes a row once it is worth about ``EASY_TAKES_AT`` points,
and judges with a blur (``EASY_NOISE``): it ignores the opponents and sometimes misjudges a close call, as a
beginner does, but every move it makes is one of ``view["legal"]``.

>>> import random
>>> view = {"seat": 0, "colors": ["blue", "green", "pink", "yellow"], "table": [1, 3, 6, 10, 15, 21],
...         "rows": [{"cards": ["pink"], "capacity": 3, "taken_by": None},
...                  {"cards": ["blue", "blue", "joker"], "capacity": 3, "taken_by": None}],
...         "players": [{"seat": 0, "cards": {"blue": 2}, "out": False},
...                     {"seat": 1, "cards": {"pink": 2}, "out": False}],
...         "supply": 30, "last_round": False, "drawn": None, "current": 0, "result": None,
...         "legal": [{"type": "draw"}, {"type": "take", "row": 0}, {"type": "take", "row": 1}]}
>>> ColorRowsCpu().choose(view, random.Random(1))
{'type': 'take', 'row': 1}
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..base import DEFAULT_LEVEL, Player, best, open_moves, style_at
from .values import Move, Table

EASY_NOISE = 1.5


@dataclass(frozen=True)
class Style:
    """How a level plays."""

    own_gain_only: bool  # values a move by its own gain alone (``Table.easy_value``), never the opponents'
    noise: float  # standard deviation of the blur on move values


STYLES = {
    "normal": Style(own_gain_only=False, noise=0.0),
    "easy": Style(own_gain_only=True, noise=EASY_NOISE),
}


class ColorRowsCpu(Player):
    """A Color Rows CPU player at ``easy`` or ``normal``; ``choose(view, rng)`` is the contract's."""

    game_id = "color-rows"

    def __init__(self, level: str = DEFAULT_LEVEL) -> None:
        self.style = style_at(STYLES, level, "ColorRowsCpu")
        self.level = level

    def choose(self, view: Mapping[str, Any], rng: random.Random) -> Move | None:
        """One of ``view["legal"]`` for the viewer's seat, or ``None`` when it has none (not its turn)."""
        legal = open_moves(view)
        if not legal:
            return None
        table = Table(view)
        value = table.easy_value if self.style.own_gain_only else table.move_value
        return best(legal, value, rng, self.style.noise)
