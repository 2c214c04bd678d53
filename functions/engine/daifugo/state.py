"""The state of a 大富豪 game: one record of immutable values, replaced (never changed) by every move.

Cards are ids (``cards``); hands are sorted tuples (a test deck may repeat a code). Everything derived — the
field (the trick's last play), whose title is what, the places still free, the scores, the result — is computed
from these fields, never stored twice.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from .plays import Play

TITLES = ("daifugo", "fugo", "heimin", "hinmin", "daihinmin")


class Exchange(NamedTuple):
    """The exchange of a round with titles, kept for the whole round (per seat: what it gave and received)."""

    pending: tuple[int, ...]  # givers who still owe cards, 大富豪 first
    owes: tuple[int, ...]  # per seat: cards it must still give
    given: tuple[tuple[int, ...], ...]  # per seat, in the order given
    received: tuple[tuple[int, ...], ...]


class PassedOn(NamedTuple):
    """A pass as everyone at the table saw it (the public record): the field passed on, and whether the order was
    reversed and which suits were locked then (what the seat declined to beat)."""

    field: Play
    reversed: bool
    lock: int


@dataclass(frozen=True, slots=True)
class State:
    options: dict[str, Any]  # validated; shared by every state of a game, never changed
    seed: int  # later rounds are shuffled with random.Random(f"daifugo/{seed}/{round}")
    deck: tuple[int, ...] | None  # every card in play, sorted; None: the standard deck for options["jokers"]
    round: int  # 1-based
    phase: str  # "exchange" | "play" | "over"
    hands: tuple[tuple[int, ...], ...]
    turn: int | None  # in play: the seat to act
    trick: tuple[Play, ...]  # plays since the last clear; the field is the last one
    passed: tuple[bool, ...]  # per seat: passed since the last clear
    passes: tuple[tuple[PassedOn, ...], ...]  # per seat: every pass of this round, in order (the public record)
    revolution: bool
    eleven_back: bool
    lock: int  # locked suits as a mask (bit 0 = ♠); 0: no lock
    played: tuple[int, ...]  # cards played face up this round, in order
    buried: tuple[int, ...]  # the fallen 大富豪's hand, face down
    out: tuple[str | None, ...]  # per seat: None | "finished" | "foul" | "fallen"
    places: tuple[int | None, ...]  # per seat, once fixed
    titles: tuple[str, ...] | None  # per seat, from the previous round; None in a round without titles
    exchange: Exchange | None  # None in a round without an exchange
    base: tuple[int, ...]  # points before the first round played (a test's start.scores)
    history: tuple[tuple[int, ...], ...]  # per round played: the place of each seat
    last: dict[str, Any] | None  # the last move: {seat, type, cards?, seq?, to?, events}

    @property
    def n(self) -> int:
        return len(self.hands)

    @property
    def field(self) -> Play | None:
        return self.trick[-1] if self.trick else None

    @property
    def reversed(self) -> bool:
        """Whether the order is reversed (2 weakest … 3 strongest): 革命 XOR 11バック."""
        return self.revolution != self.eleven_back

    def scores(self) -> list[int]:
        """Points so far per seat: N + 1 − place for each round played."""
        totals = list(self.base)
        for places in self.history:
            for seat, place in enumerate(places):
                totals[seat] += self.n + 1 - place
        return totals

    def title_seat(self, title: str) -> int | None:
        return None if self.titles is None or title not in self.titles else self.titles.index(title)

    def change(self, **fields: Any) -> State:
        return replace(self, **fields)


def titles_for(n: int) -> tuple[str, ...]:
    """The titles of places 1 … n: with 3 players the middle one is 平民.

    >>> titles_for(3), titles_for(4)[1:3], titles_for(6).count("heimin")
    (('daifugo', 'heimin', 'daihinmin'), ('fugo', 'hinmin'), 2)
    """
    if n == 3:
        return ("daifugo", "heimin", "daihinmin")
    return ("daifugo", "fugo") + ("heimin",) * (n - 4) + ("hinmin", "daihinmin")


def titles_from_places(places: tuple[int, ...]) -> tuple[str, ...]:
    """Per seat, the title its place in a round earns."""
    names = titles_for(len(places))
    return tuple(names[place - 1] for place in places)
