"""The shape of a game (docs/engine.md): the ``Game`` base class every game object derives from, its ``Outcome``,
and the ``Cpu`` protocol of the CPU players.

A game is one package ``functions/engine/<name>/`` exporting one object ``GAME``; the registry
(``functions.engine.GAMES``) maps its ``id`` to it. Everything the rooms layer needs of a game is a member of
``Game``, so the server never tests a game id nor reads a move's fields. The members are pure: nothing performs
I/O, reads the clock or keeps global state, so the same state and move always give the same result. ``State``
is opaque outside its game (each game has its own); ``dump`` / ``load`` are its JSON form.

>>> Outcome(winners=(2,)).winners, Outcome(winners=()).winners
((2,), ())
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from .options import OptionSpec, preset_options, validate

State = Any
Move = dict[str, Any]
Options = dict[str, Any]
View = dict[str, Any]


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: ``winners`` are the seats that won (several share the win; none: nobody won)."""

    winners: tuple[int, ...]


class Game(ABC):
    """A game as the rooms layer uses it; a game states only what differs from the defaults here.

    The abstract members are the rules themselves. The defaults suit a game without rule deadlines, whose moves
    are all public and put no card on the table, with no options beyond its ``option_specs`` table, and whose
    first seat is drawn by lot. Data members are read-only: nothing outside the game changes them.

    A game may bind a module function as a member (``legal_moves = staticmethod(legality.legal_moves)``) rather
    than write a method that forwards to it: the members run on every move, and a forwarding call is a
    measurable share of a step (docs/performance.md, "Color Match engine"). So the state, seat and move
    parameters are positional-only: the bound function may name them as it likes.
    """

    id: ClassVar[str]  # the game's id in the registry, the protocol and the client ("color-match")
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    option_specs: ClassVar[OptionSpec]  # every option, in the game's own order: {name: (default, allowed values)}
    presets: ClassVar[Mapping[str, Mapping[str, Any]]]  # named partial or full options (``options(name)``: in full)
    # Whether the server makes the seat in turn's only legal move itself, in the change before it.
    forces_only_moves: ClassVar[bool] = False
    # Move types whose fields beyond ``type`` no other member may see (``public_move``; the view of those who may
    # know says what they need): a 大富豪 ``give``'s cards.
    redacted_moves: ClassVar[frozenset[str]] = frozenset()

    def options(self, preset: str | None = None) -> Options:
        """The default options, or a preset's in full; ``OptionsError("unknown_preset")`` for a name not in
        ``presets``."""
        return preset_options(self.option_specs, self.presets, preset)

    def validate_options(self, options: Any) -> Options:
        """The full, normalised options; ``OptionsError`` on anything unknown or out of range."""
        return validate(self.option_specs, options)

    def first_seat(self, n_players: int, *, host_seat: int, previous_first: int | None, rng: random.Random) -> int:
        """The seat that plays first in a new game of this room: ``host_seat`` is the host's seat, and
        ``previous_first`` the first seat of the room's previous game of this game (None: there was none).
        By default, by lot."""
        return rng.randrange(n_players)

    @abstractmethod
    def setup(self, n_players: int, options: Options, *, rng: random.Random, first: int = 0,
              deck: Sequence[str] | None = None, start: Any = None) -> State:
        """A new game; ``first`` plays first; ``deck`` and ``start`` (the game's own test position) stack the
        cards (tests)."""

    @abstractmethod
    def current(self, state: State, /) -> int | None:
        """The seat whose turn it is; None once the game is over."""

    @abstractmethod
    def legal_moves(self, state: State, seat: int, /) -> list[Move]:
        """Every move ``seat`` may make now (empty when none)."""

    @abstractmethod
    def apply(self, state: State, seat: int, move: Move, /, *, now: float) -> State:
        """The state after ``seat`` makes ``move`` at ``now``; ``IllegalMove`` (and ``state`` unchanged) if not
        allowed, whatever ``move`` holds. Never changes ``state``. Any other exception is a bug of the game."""

    def advance(self, state: State, /, *, now: float) -> State:
        """The state after every rule deadline due at ``now`` (an equal state when none is due); by default the
        game has no deadlines."""
        return state

    def next_deadline(self, state: State, /) -> float | None:
        """When ``advance`` next has work to do; None: never."""
        return None

    @abstractmethod
    def outcome(self, state: State, /) -> Outcome | None:
        """Who won; None while the game runs."""

    @abstractmethod
    def view(self, state: State, seat: int | None, /) -> View:
        """What ``seat`` may see (None: a spectator), JSON-ready; ``view(...)["result"]`` is the game's own
        result for the client (None while the game runs), ``view(...)["events"]`` what the last step did."""

    @abstractmethod
    def dump(self, state: State, /) -> dict[str, Any]:
        """The state as JSON-ready data; ``load(dump(s))`` behaves exactly as ``s``."""

    @abstractmethod
    def load(self, data: dict[str, Any], /) -> State:
        """The state of a ``dump``; ``EngineError("bad_state")`` for anything else."""

    def public_move(self, move: Move, /) -> Move:
        """What every member of the room may see of an applied ``move`` (the room's ``moved`` event): a move of a
        type in ``redacted_moves`` shows its ``type`` alone, any other the whole move (``apply`` accepts no field
        beyond those of the move's type, so there is nothing else to leave out). A new dict.

        >>> from functions.engine.daifugo import GAME
        >>> GAME.public_move({"type": "give", "cards": ["S3"]}), GAME.public_move({"type": "play", "cards": ["S3"]})
        ({'type': 'give'}, {'type': 'play', 'cards': ['S3']})
        """
        kind = move["type"]
        return {"type": kind} if kind in self.redacted_moves else dict(move)

    def cards_put_down(self, move: Move, /) -> int:
        """How many cards an applied ``move`` puts on the table (a room's ``cards_played``); by default none."""
        return 0

    def __repr__(self) -> str:
        return f"<game {self.id}>"


class Cpu(Protocol):
    """A CPU player of one game at one level: it decides from a seat's view alone (docs/engine.md)."""

    @property
    def level(self) -> str: ...

    def at(self, level: str) -> Cpu:
        """The same player at ``level`` (one of ``functions.engine.cpu.LEVELS``)."""

    def choose(self, view: View, rng: random.Random) -> Move | None:
        """One of ``view["legal"]``, or None when it would rather not act now."""
