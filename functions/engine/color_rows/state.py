"""The state of a Color Rows game: one immutable value, replaced (never changed) by every move.

After setup nothing in the game is random, so the state holds no rng: the supply's order is all there is.
Everything derived (who is out this round, the result) is computed from these fields, never stored twice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import KIND_INDEX, KINDS

Counts = tuple[int, ...]  # one count per entry of cards.KINDS
Event = dict[str, Any]


@dataclass(frozen=True, slots=True)
class State:
    scoring: str  # "standard" | "variant"
    colors: tuple[str, ...]  # the colours in play (2-3 players remove some); jokers become one of these
    supply: tuple[str, ...]  # face down, index 0 on top
    capacities: tuple[int, ...]  # per row
    rows: tuple[tuple[str, ...], ...]  # the cards on each row, in the order placed
    taken_by: tuple[int | None, ...]  # per row: the seat that took it this round
    collections: tuple[Counts, ...]  # per seat: the cards collected, public
    current: int | None  # whose turn; None once the game is over
    drawn: str | None  # the card turned up and not yet placed (public)
    round: int  # 1-based
    last_round: bool  # the last-round card has appeared: the game ends with this round
    events: tuple[Event, ...] = ()  # what the last applied action did (see docs/engine.md)

    @property
    def n_players(self) -> int:
        return len(self.collections)

    @property
    def over(self) -> bool:
        return self.current is None

    def is_out(self, seat: int) -> bool:
        """Whether ``seat`` has taken a row this round (and so takes no more turns in it)."""
        return seat in self.taken_by

    def open_rows(self) -> list[int]:
        """The rows not taken this round."""
        return [r for r, taker in enumerate(self.taken_by) if taker is None]

    def cards_of(self, seat: int) -> dict[str, int]:
        """``seat``'s collection as code -> count (cards it holds none of left out)."""
        return {kind: n for kind, n in zip(KINDS, self.collections[seat]) if n}


def counts_of(cards: list[str] | tuple[str, ...]) -> Counts:
    """The count vector of ``cards``.

    >>> counts_of(["blue", "blue", "plus2"])[:2], counts_of(["plus2"])[-1]
    ((2, 0), 1)
    """
    counts = [0] * len(KINDS)
    for card in cards:
        counts[KIND_INDEX[card]] += 1
    return tuple(counts)


def add_cards(counts: Counts, cards: list[str] | tuple[str, ...]) -> Counts:
    """``counts`` with ``cards`` added."""
    return tuple(a + b for a, b in zip(counts, counts_of(cards)))

