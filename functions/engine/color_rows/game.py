"""The `color-rows` game object: every member of the engine contract (engine-contract.md), nothing more.

Each member delegates to the module that does that one job: ``setup``, ``rules``, ``view``, ``codec``. The game
has no timers, so ``advance`` returns the state it is given and ``next_deadline`` is always ``None``.

>>> import random
>>> s = GAME.setup(4, GAME.options(), rng=random.Random(7), first=1)
>>> GAME.current(s), GAME.legal_moves(s, 1), GAME.legal_moves(s, 0)
(1, [{'type': 'draw'}], [])
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..options import OptionSpec, preset_options, validate
from . import codec, rules
from .setup import MAX_PLAYERS, MIN_PLAYERS
from .setup import setup as new_game
from .view import GAME_ID
from .view import view as view_of
from .state import State

OPTIONS: OptionSpec = {"scoring": ("standard", ("standard", "variant"))}
PRESETS: dict[str, dict[str, Any]] = {"standard": {"scoring": "standard"}, "variant": {"scoring": "variant"}}


class ColorRows:
    """The contract's game object for Color Rows."""

    id = GAME_ID
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    option_specs = OPTIONS
    presets = PRESETS

    def options(self, preset: str | None = None) -> dict[str, Any]:
        """The default options, or those of the preset ``"standard"`` / ``"variant"`` (the scoring side)."""
        return preset_options(OPTIONS, PRESETS, preset)

    def validate_options(self, options: dict[str, Any]) -> dict[str, Any]:
        return validate(OPTIONS, options)

    def setup(
        self,
        n_players: int,
        options: dict[str, Any],
        *,
        rng: random.Random,
        first: int = 0,
        deck: Sequence[str] | None = None,
        start: Sequence[Sequence[str]] | None = None,
    ) -> State:
        scoring = self.validate_options(options)["scoring"]
        return new_game(n_players, scoring, rng=rng, first=first, deck=deck, start=start)

    def current(self, state: State) -> int | None:
        return state.current

    def legal_moves(self, state: State, seat: int) -> list[dict[str, Any]]:
        return rules.legal_moves(state, seat)

    def apply(self, state: State, seat: int, move: dict[str, Any], *, now: float) -> State:
        return rules.apply(state, seat, move)

    def advance(self, state: State, *, now: float) -> State:
        return state

    def next_deadline(self, state: State) -> float | None:
        return None

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view_of(state, seat)

    def dump(self, state: State) -> dict[str, Any]:
        return codec.dump(state)

    def load(self, data: dict[str, Any]) -> State:
        return codec.load(data)


GAME = ColorRows()
