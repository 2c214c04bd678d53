"""The shape of a game (docs/engine.md): the ``Game`` protocol every game object implements, its ``Outcome``,
and the ``Cpu`` protocol of the CPU players.

A game is one package ``functions/engine/<name>/`` exporting one object ``GAME``; the registry
(``functions.engine.GAMES``) maps its ``id`` to it. Everything the rooms layer needs of a game is a member of
``Game``, so the server never tests a game id. The members are pure: nothing performs I/O, reads the clock or
keeps global state, so the same state and move always give the same result. ``State`` is opaque outside its
game (each game has its own); ``dump`` / ``load`` are its JSON form.

>>> Outcome(winners=(2,)).winners, Outcome(winners=()).winners
((2,), ())
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .options import OptionSpec

State = Any
Move = dict[str, Any]
Options = dict[str, Any]
View = dict[str, Any]


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: ``winners`` are the seats that won (several share the win; none: nobody won)."""

    winners: tuple[int, ...]


class Game(Protocol):
    """A game as the rooms layer uses it. Data members are read-only: nothing outside the game changes them."""

    @property
    def id(self) -> str:
        """The game's id in the registry, the protocol and the client (``"color-match"``)."""

    @property
    def min_players(self) -> int: ...

    @property
    def max_players(self) -> int: ...

    @property
    def option_specs(self) -> OptionSpec:
        """Every option, in the game's own order: ``{name: (default, allowed values)}``."""

    @property
    def presets(self) -> Mapping[str, Mapping[str, Any]]:
        """Named presets, each a partial or full options dict (``options(name)`` gives it in full)."""

    @property
    def forces_only_moves(self) -> bool:
        """Whether the server makes the seat in turn's only legal move itself, in the change before it."""

    @property
    def redacted_moves(self) -> frozenset[str]:
        """Move types whose fields beyond ``type`` no other member may see (the room's ``moved`` event leaves them
        out; the view of those who may know says what they need): a 大富豪 ``give``'s cards."""

    def options(self, preset: str | None = None) -> Options:
        """The default options, or a preset's; ``OptionsError("unknown_preset")`` for a name not in ``presets``."""

    def validate_options(self, options: Any) -> Options:
        """The full, normalised options; ``OptionsError`` on anything unknown or out of range."""

    def first_seat(self, n_players: int, *, host_seat: int, previous_first: int | None, rng: random.Random) -> int:
        """The seat that plays first in a new game of this room: ``host_seat`` is the host's seat, and
        ``previous_first`` the first seat of the room's previous game of this game (None: there was none)."""

    def setup(self, n_players: int, options: Options, *, rng: random.Random, first: int = 0,
              deck: Sequence[str] | None = None, start: Sequence[Sequence[str]] | None = None) -> State:
        """A new game; ``first`` plays first; ``deck`` and ``start`` stack the cards (tests)."""

    def current(self, state: State) -> int | None:
        """The seat whose turn it is; None once the game is over."""

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        """Every move ``seat`` may make now (empty when none)."""

    def apply(self, state: State, seat: int, move: Move, *, now: float) -> State:
        """The state after ``seat`` makes ``move`` at ``now``; ``IllegalMove`` (and ``state`` unchanged) if not
        allowed. Never changes ``state``."""

    def advance(self, state: State, *, now: float) -> State:
        """The state after every rule deadline due at ``now`` (an equal state when none is due)."""

    def next_deadline(self, state: State) -> float | None:
        """When ``advance`` next has work to do; None: never."""

    def outcome(self, state: State) -> Outcome | None:
        """Who won; None while the game runs."""

    def view(self, state: State, seat: int | None) -> View:
        """What ``seat`` may see (None: a spectator), JSON-ready; ``view(...)["result"]`` is the game's own
        result for the client (None while the game runs), ``view(...)["events"]`` what the last step did."""

    def dump(self, state: State) -> dict[str, Any]:
        """The state as JSON-ready data; ``load(dump(s))`` behaves exactly as ``s``."""

    def load(self, data: dict[str, Any]) -> State:
        """The state of a ``dump``; ``EngineError("bad_state")`` for anything else."""


class Cpu(Protocol):
    """A CPU player of one game at one level: it decides from a seat's view alone (docs/engine.md)."""

    @property
    def level(self) -> str: ...

    def at(self, level: str) -> Cpu:
        """The same player at ``level`` (one of ``functions.engine.cpu.LEVELS``)."""

    def choose(self, view: View, rng: random.Random) -> Move | None:
        """One of ``view["legal"]``, or None when it would rather not act now."""
