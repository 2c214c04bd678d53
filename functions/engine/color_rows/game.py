"""The ``color-rows`` game object: every member of the ``Game`` protocol (``functions/engine/game.py``).

Each member delegates to the module that does that one job: ``options``, ``setup``, ``turn``, ``view``,
``codec``. The game has no timers, so ``advance`` returns the state it is given and ``next_deadline`` is always
``None``.

>>> import random
>>> s = GAME.setup(4, GAME.options(), rng=random.Random(7), first=1)
>>> GAME.current(s), GAME.legal_moves(s, 1), GAME.legal_moves(s, 0), GAME.forces_only_moves
(1, [{'type': 'draw'}], [], True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..game import Move, Outcome, View
from ..options import OptionSpec, SpecifiedOptions
from .codec import dump, load
from .options import OPTION_SPECS, PRESETS
from .setup import MAX_PLAYERS, MIN_PLAYERS
from .setup import setup as deal
from .state import State
from .turn import apply, legal_moves
from .view import GAME_ID, winners
from .view import view as view_of


class ColorRows(SpecifiedOptions):
    """The game object of Color Rows."""

    id = GAME_ID
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    option_specs: OptionSpec = OPTION_SPECS
    presets = PRESETS
    # A round's first draw, a card that fits one row, the one row left to take: none is a decision, and each would
    # otherwise cost a frame in and a post to every member.
    forces_only_moves = True
    redacted_moves: frozenset[str] = frozenset()

    def first_seat(self, n_players: int, *, host_seat: int, previous_first: int | None, rng: random.Random) -> int:
        """By lot (docs/rules.md, "Color Rows: setup")."""
        return rng.randrange(n_players)

    def setup(self, n_players: int, options: dict[str, Any], *, rng: random.Random, first: int = 0,
              deck: Sequence[str] | None = None, start: Sequence[Sequence[str]] | None = None) -> State:
        scoring = self.validate_options(options)["scoring"]
        return deal(n_players, scoring, rng=rng, first=first, deck=deck, start=start)

    def current(self, state: State) -> int | None:
        return state.current

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        return legal_moves(state, seat)

    def apply(self, state: State, seat: int, move: Move, *, now: float) -> State:
        return apply(state, seat, move)

    def advance(self, state: State, *, now: float) -> State:
        return state

    def next_deadline(self, state: State) -> float | None:
        return None

    def outcome(self, state: State) -> Outcome | None:
        """The seats with the top score (equal top scores share the win)."""
        return None if not state.over else Outcome(winners=winners(state))

    def view(self, state: State, seat: int | None) -> View:
        return view_of(state, seat)

    def dump(self, state: State) -> dict[str, Any]:
        return dump(state)

    def load(self, data: dict[str, Any]) -> State:
        return load(data)

    def __repr__(self) -> str:
        return f"<game {self.id}>"


GAME = ColorRows()
