"""The ``daifugo`` game object: every member of the ``Game`` protocol (``functions/engine/game.py``).

Each member delegates to the module that does that one job: ``rules`` (options), ``setup``, ``turn``, ``view``,
``codec``. The game has no timers: ``advance`` returns the state it is given and ``next_deadline`` is always
``None``.

>>> import random
>>> s = GAME.setup(4, GAME.options(), rng=random.Random(7))
>>> seat = GAME.current(s)
>>> GAME.legal_moves(s, seat)[0]["type"], GAME.outcome(s), GAME.forces_only_moves
('play', None, False)
>>> GAME.options("house")["lock"], GAME.validate_options({"sequence_revolution": True})["sequence_revolution"]
(True, False)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..game import Move, Outcome, View
from ..options import OptionSpec, SpecifiedOptions
from . import codec, turn, view
from .rules import OPTION_SPEC, PRESETS, validate_options
from .setup import MAX_PLAYERS, MIN_PLAYERS
from .setup import setup as deal
from .state import State


class Daifugo(SpecifiedOptions):
    """The game object of 大富豪."""

    id = view.GAME_ID
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    option_specs: OptionSpec = OPTION_SPEC
    presets: Mapping[str, Mapping[str, Any]] = PRESETS
    # A follower who cannot beat the field must still tap "pass": made by the server at once, the pass would
    # tell the table that this hand holds nothing above the field (docs/engine.md).
    forces_only_moves = False
    # The cards given in the exchange: only the giver and the receiver see them (their views' ``exchange``).
    redacted_moves = frozenset({"give"})

    def validate_options(self, options: Any) -> dict[str, Any]:
        """The full options; ``sequence_revolution`` is turned off without ``sequences`` or ``revolution``."""
        return validate_options(options)

    def first_seat(self, n_players: int, *, host_seat: int, previous_first: int | None, rng: random.Random) -> int:
        """By lot (the ♦3 holder leads the first round; ``first`` starts the deal)."""
        return rng.randrange(n_players)

    def setup(self, n_players: int, options: dict[str, Any], *, rng: random.Random, first: int = 0,
              deck: Sequence[str] | None = None, start: Any = None) -> State:
        """A new game; ``start`` is this game's own test position (docs/engine.md, 大富豪 "State")."""
        return deal(n_players, self.validate_options(options), rng=rng, first=first, deck=deck, start=start)

    def current(self, state: State) -> int | None:
        return view.current(state)

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        return view.legal_moves(state, seat)

    def apply(self, state: State, seat: int, move: Move, *, now: float) -> State:
        return turn.apply(state, seat, move)

    def advance(self, state: State, *, now: float) -> State:
        return state

    def next_deadline(self, state: State) -> float | None:
        return None

    def outcome(self, state: State) -> Outcome | None:
        """Every seat with the top total once the last round is played (equal totals share the win)."""
        return view.outcome(state)

    def view(self, state: State, seat: int | None) -> View:
        return view.view(state, seat)

    def dump(self, state: State) -> dict[str, Any]:
        return codec.dump(state)

    def load(self, data: dict[str, Any]) -> State:
        return codec.load(data)

    def __repr__(self) -> str:
        return f"<game {self.id}>"


GAME = Daifugo()
