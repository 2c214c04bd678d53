"""The ``daifugo`` game object: every member of the game protocol, each delegating to the module that does it.

The game has no timers: ``advance`` returns the state it is given and ``next_deadline`` is always ``None``.

>>> import random
>>> s = GAME.setup(4, GAME.options(), rng=random.Random(7), deck=None)
>>> seat = GAME.current(s)
>>> GAME.legal_moves(s, seat)[0]["type"], GAME.outcome(s)
('play', None)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..game import Outcome
from . import codec, turn, view
from .rules import OPTION_SPEC, PRESETS, options, validate_options
from .setup import MAX_PLAYERS, MIN_PLAYERS, setup
from .state import State


class Daifugo:
    """The game protocol's object for 大富豪."""

    id = view.GAME_ID
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    option_specs = OPTION_SPEC
    presets: Mapping[str, Mapping[str, Any]] = PRESETS
    # A follower who cannot beat the field must still tap "pass": made by the server at once, the pass would
    # tell the table that this hand holds nothing above the field (docs/engine.md).
    forces_only_moves = False

    def options(self, preset: str | None = None) -> dict[str, Any]:
        """The full options of ``preset`` (``"basic"`` or ``"house"``); without one, ``basic``."""
        return options(preset)

    def validate_options(self, options: dict[str, Any]) -> dict[str, Any]:
        return validate_options(options)

    def first_seat(
        self, n_players: int, *, host_seat: int, previous_first: int | None, rng: random.Random
    ) -> int:
        """By lot (the ♦3 holder leads the first round; ``first`` starts the deal)."""
        return rng.randrange(n_players)

    def setup(
        self,
        n_players: int,
        options: dict[str, Any],
        *,
        rng: random.Random,
        first: int = 0,
        deck: Sequence[str] | None = None,
        start: dict[str, Any] | None = None,
    ) -> State:
        return setup(n_players, self.validate_options(options), rng=rng, first=first, deck=deck, start=start)

    def current(self, state: State) -> int | None:
        return view.current(state)

    def legal_moves(self, state: State, seat: int) -> list[dict[str, Any]]:
        return view.legal_moves(state, seat)

    def apply(self, state: State, seat: int, move: dict[str, Any], *, now: float) -> State:
        return turn.apply(state, seat, move)

    def advance(self, state: State, *, now: float) -> State:
        return state

    def next_deadline(self, state: State) -> float | None:
        return None

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view.view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        return view.outcome(state)

    def dump(self, state: State) -> dict[str, Any]:
        return codec.dump(state)

    def load(self, data: dict[str, Any]) -> State:
        return codec.load(data)


GAME = Daifugo()
