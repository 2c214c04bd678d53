"""What every CPU player shares: the levels and their table, a level's style, the open moves, the best-scored move.

A CPU object is immutable and carries its level; ``at(level)`` gives its sibling at another level, so the
registry can hold the ``normal`` players while a room asks for ``easy`` ones. ``LEVEL_TABLE`` is the one place
that says which player plays a game at a level; ``Player.at`` reads it for every game. It is filled by
``functions.engine.cpu``, the package that imports every player: the players find the table here, below them,
so no player module imports the modules of the other levels.

``best`` is how every decision ends: each candidate gets a score, and the highest wins, the first one listed
on a tie (so a decision never depends on anything but the view and the rng). ``noise`` is how the ``easy``
level makes human-sized mistakes: the scores are blurred, so a clearly better move still usually wins, a
slightly better one often does not, and an illegal one is never a candidate.

>>> import random
>>> best(["a", "b", "c"], {"a": 1, "b": 3, "c": 3}.get, random.Random(0))
'b'
>>> best([], len, random.Random(0)) is None
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, TypeVar

from ..game import Cpu, Move

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
DEFAULT_LEVEL = "normal"

# game id -> level -> a maker of the player at that level (filled by functions.engine.cpu).
LEVEL_TABLE: dict[str, Mapping[str, Callable[[], Cpu]]] = {}

T = TypeVar("T")
S = TypeVar("S")


def check_level(level: str) -> str:
    """``level`` itself if it is one of ``LEVELS``; a ``ValueError`` naming the choices otherwise.

    >>> check_level("expert")
    Traceback (most recent call last):
    ...
    ValueError: unknown CPU level 'expert'; choose one of 'easy', 'normal', 'hard'
    """
    if level not in LEVELS:
        choices = ", ".join(map(repr, LEVELS))
        raise ValueError(f"unknown CPU level {level!r}; choose one of {choices}")
    return level


class Player:
    """A CPU player of one game at one level; ``at`` gives the same game's player at another level."""

    game_id: ClassVar[str]
    level: str

    def at(self, level: str) -> Cpu:
        """The same game's player at ``level`` (one of ``LEVELS``), as ``LEVEL_TABLE`` says."""
        return LEVEL_TABLE[self.game_id][check_level(level)]()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.level!r})"


def open_moves(view: Mapping[str, Any]) -> list[Move]:
    """The seat's legal moves in ``view``: none once the game has a result.

    >>> open_moves({"legal": [{"type": "draw"}], "result": None}), open_moves({"legal": [], "result": {}})
    ([{'type': 'draw'}], [])
    """
    if view.get("result"):
        return []
    moves: list[Move] = view.get("legal") or []
    return moves


def style_at(styles: Mapping[str, S], level: str, player: str) -> S:
    """The style ``player`` plays ``level`` with; a ``ValueError`` when ``level`` is another player's.

    >>> style_at({"easy": 1, "normal": 2}, "hard", "ColorRowsCpu")
    Traceback (most recent call last):
    ...
    ValueError: ColorRowsCpu plays 'easy' or 'normal'; ask .at('hard') for the hard player
    """
    if check_level(level) not in styles:
        played = " or ".join(repr(known) for known in LEVELS if known in styles)
        raise ValueError(f"{player} plays {played}; ask .at({level!r}) for the {level} player")
    return styles[level]


def best(
    candidates: Sequence[T], score: Callable[[T], float], rng: random.Random, noise: float = 0.0
) -> T | None:
    """The candidate with the highest ``score`` (the first of equals); ``None`` when there are none.

    With ``noise`` > 0 every score is blurred by a normal draw of that standard deviation from ``rng``, in
    the candidates' order, so the result stays a function of the arguments and the rng state.
    """
    chosen: T | None = None
    top = float("-inf")
    for candidate in candidates:
        value = score(candidate)
        if noise:
            value += rng.gauss(0.0, noise)
        if value > top:
            chosen, top = candidate, value
    return chosen
