"""The ``color-match`` game object: every member of the ``Game`` protocol (``functions/engine/game.py``).

Each member delegates to the module that does that one job: ``options``, ``setup``, ``legality``, ``turn``,
``view``, ``state`` (dump/load).

>>> import random
>>> s = GAME.setup(3, GAME.options("house"), rng=random.Random(2), first=1)
>>> GAME.current(s), GAME.outcome(s), GAME.forces_only_moves
(1, None, False)
>>> [GAME.first_seat(4, host_seat=2, previous_first=p, rng=random.Random(0)) for p in (None, 2, 3)]
[2, 3, 0]
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..game import Move, Outcome, View
from ..options import OptionSpec, SpecifiedOptions
from .legality import legal_moves
from .options import OPTION_SPECS, PRESETS
from .setup import MAX_PLAYERS, MIN_PLAYERS
from .setup import setup as deal
from .state import OVER, State, dump, load
from .turn import advance, apply, next_deadline
from .view import view as view_of


class ColorMatch(SpecifiedOptions):
    """The game object of Color Match."""

    id = "color-match"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    option_specs: OptionSpec = OPTION_SPECS
    presets = PRESETS
    # Drawing is a deliberate act here (a button of its own), and seats off turn may act (the last-card call, a
    # callout): a seat's only legal move is still a decision, so none is made for it.
    forces_only_moves = False
    redacted_moves: frozenset[str] = frozenset()  # a draw names no card; every other move is public

    def first_seat(self, n_players: int, *, host_seat: int, previous_first: int | None, rng: random.Random) -> int:
        """The host's seat in the room's first game of Color Match, then one seat on from the previous game's
        first, in seat order (docs/rules.md, "The deal")."""
        return host_seat if previous_first is None else (previous_first + 1) % n_players

    def setup(self, n_players: int, options: dict[str, Any], *, rng: random.Random, first: int = 0,
              deck: Sequence[str] | None = None, start: Sequence[Sequence[str]] | None = None) -> State:
        """A new game (``start`` is unused: every card is dealt from ``deck``)."""
        return deal(n_players, options, rng=rng, first=first, deck=deck)

    def current(self, state: State) -> int | None:
        return None if state.phase == OVER else state.turn

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        return legal_moves(state, seat)

    def apply(self, state: State, seat: int, move: Move, *, now: float) -> State:
        return apply(state, seat, move, now=now)

    def advance(self, state: State, *, now: float) -> State:
        return advance(state, now=now)

    def next_deadline(self, state: State) -> float | None:
        return next_deadline(state)

    def outcome(self, state: State) -> Outcome | None:
        """The seat that went out; nobody when every seat was stuck with both piles empty."""
        if state.phase != OVER:
            return None
        return Outcome(winners=() if state.winner is None else (state.winner,))

    def view(self, state: State, seat: int | None) -> View:
        return view_of(state, seat)

    def dump(self, state: State) -> dict[str, Any]:
        return dump(state)

    def load(self, data: dict[str, Any]) -> State:
        return load(data)

    def __repr__(self) -> str:
        return f"<game {self.id}>"


GAME = ColorMatch()
