"""The ``color-rows`` game object: what Color Rows adds to ``Game`` (``functions/engine/game.py``).

Most members are the functions of the module that does that one job, bound as they are (``turn``, ``view``,
``codec``). The game has no timers, so it keeps ``Game``'s ``advance`` and ``next_deadline``; the first seat is
drawn by lot (docs/rules.md, "Color Rows: setup"), ``Game``'s default too.

>>> import random
>>> s = GAME.setup(4, GAME.options(), rng=random.Random(7), first=1)
>>> GAME.current(s), GAME.legal_moves(s, 1), GAME.legal_moves(s, 0), GAME.forces_only_moves
(1, [{'type': 'draw'}], [], True)
>>> [GAME.cards_put_down(m) for m in ({"type": "draw"}, {"type": "place", "row": 0}, {"type": "take", "row": 0})]
[0, 1, 0]
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..game import Game, Move, Outcome
from .codec import dump, load
from .options import OPTION_SPECS, PRESETS
from .setup import MAX_PLAYERS, MIN_PLAYERS
from .setup import setup as deal
from .state import State
from .turn import apply, legal_moves
from .view import GAME_ID, view, winners


class ColorRows(Game):
    """The game object of Color Rows."""

    id = GAME_ID
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    option_specs = OPTION_SPECS
    presets = PRESETS
    # A round's first draw, a card that fits one row, the one row left to take: none is a decision, and each would
    # otherwise cost a frame in and a post to every member.
    forces_only_moves = True

    legal_moves = staticmethod(legal_moves)
    view = staticmethod(view)
    dump = staticmethod(dump)
    load = staticmethod(load)

    def setup(self, n_players: int, options: dict[str, Any], *, rng: random.Random, first: int = 0,
              deck: Sequence[str] | None = None, start: Any = None) -> State:
        scoring = self.validate_options(options)["scoring"]
        return deal(n_players, scoring, rng=rng, first=first, deck=deck, start=start)

    def current(self, state: State) -> int | None:
        return state.current

    def apply(self, state: State, seat: int, move: Move, *, now: float) -> State:
        return apply(state, seat, move)

    def outcome(self, state: State) -> Outcome | None:
        """The seats with the top score (equal top scores share the win)."""
        return None if not state.over else Outcome(winners=winners(state))

    def cards_put_down(self, move: Move) -> int:
        """A placed card (a draw turns one up, a take lifts a row off the table)."""
        return 1 if move["type"] == "place" else 0


GAME = ColorRows()
