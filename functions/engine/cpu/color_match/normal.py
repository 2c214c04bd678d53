"""The Color Match CPU at ``easy`` and ``normal``: the legal move valued most (values.py), from the view alone.

The ``normal`` player plays the move ``Turn.value`` values most, challenges on the odds, and makes its own
last-card call and every callout as soon as the view offers them.

The ``easy`` player plays the same game with a beginner's lapses: its move values are blurred
(``Style.noise``), it throws wilds more readily, sometimes forgets its own last-card call or
overlooks another's, and challenges on a hunch rather than on the odds. Every move it makes is legal.

>>> import random
>>> view = {"seat": 0, "hand": ["r5", "W", "b2"], "top": "r7", "color": "r", "direction": 1, "current": 0,
...         "next": 1, "players": [{"seat": 0, "cards": 3, "declared": False}, {"seat": 1, "cards": 5,
...         "declared": False}], "pending": None, "drawn": None, "options": {}, "result": None,
...         "legal": [{"type": "play", "cards": ["r5"]}] + [{"type": "play", "cards": ["W"], "color": c}
...                   for c in "rygb"] + [{"type": "draw"}]}
>>> ColorMatchCpu().choose(view, random.Random(0))
{'type': 'play', 'cards': ['r5']}
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..base import DEFAULT_LEVEL, Player, best, open_moves, style_at
from .values import STYLES, Move, Turn, colour_count

TURN_MOVES = frozenset(("play", "draw", "pass", "accept", "challenge"))


class ColorMatchCpu(Player):
    """A Color Match CPU player at ``easy`` or ``normal``; ``choose(view, rng)`` is the contract's."""

    game_id = "color-match"

    def __init__(self, level: str = DEFAULT_LEVEL) -> None:
        self.style = style_at(STYLES, level, "ColorMatchCpu")
        self.level = level

    def choose(self, view: Mapping[str, Any], rng: random.Random) -> Move | None:
        """One of ``view["legal"]``, or ``None`` when the seat need not act now (nothing to call, not its turn)."""
        legal = open_moves(view)
        if not legal:
            return None
        callouts = [m for m in legal if m["type"] == "callout"]
        if callouts and rng.random() >= self.style.miss_callout:
            return callouts[0]
        colour_choices = [m for m in legal if m["type"] == "choose_color"]
        if colour_choices:
            hand = view.get("hand") or []
            return best(colour_choices, lambda m: colour_count(hand, m["color"]), rng)
        turn = Turn(view, self.style)
        move = self.pick_turn_move(turn, [m for m in legal if m["type"] in TURN_MOVES], rng)
        if {"type": "declare"} in legal and turn.should_declare(move) and rng.random() >= self.style.forget_call:
            return {"type": "declare"}
        return move

    def pick_turn_move(self, turn: Turn, moves: list[Move], rng: random.Random) -> Move | None:
        """The turn move to make (a play, draw, pass, accept or challenge): the best valued one."""
        return best(moves, turn.value, rng, self.style.noise)
