"""The shape every game module fulfils (docs: shared design/engine-contract.md).

A game is a set of pure functions over an opaque ``State``: nothing here performs I/O, reads the clock or keeps
global state, so the same state and move always give the same result. ``Game`` is a typing ``Protocol`` — the
games do not inherit from it; it documents and type-checks the contract.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

State = Any
Move = dict[str, Any]


class Game(Protocol):
    id: str
    min_players: int
    max_players: int

    def options(self, preset: str | None = None) -> dict[str, Any]: ...

    def validate_options(self, options: dict[str, Any]) -> dict[str, Any]: ...

    def setup(
        self,
        n_players: int,
        options: dict[str, Any],
        *,
        rng: random.Random,
        first: int = 0,
        deck: list[str] | None = None,
        start: list[list[str]] | None = None,
    ) -> State: ...

    def current(self, state: State) -> int | None: ...

    def legal_moves(self, state: State, seat: int) -> list[Move]: ...

    def apply(self, state: State, seat: int, move: Move, *, now: float) -> State: ...

    def advance(self, state: State, *, now: float) -> State: ...

    def next_deadline(self, state: State) -> float | None: ...

    def view(self, state: State, seat: int | None) -> dict[str, Any]: ...

    def dump(self, state: State) -> dict[str, Any]: ...

    def load(self, data: dict[str, Any]) -> State: ...


class Cpu(Protocol):
    def choose(self, view: dict[str, Any], rng: random.Random) -> Move | None: ...


# Kept at the end of the file (import included) so that it merges cleanly with the file's restructuring.
from dataclasses import dataclass  # noqa: E402


@dataclass(frozen=True)
class Outcome:
    """Who won a finished game: several seats share a win; ``()`` is nobody."""

    winners: tuple[int, ...]
