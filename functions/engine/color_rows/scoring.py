"""End-of-game scoring, chosen optimally for the player (docs/rules.md CR 7).

A player's jokers (golden included) each become a colour in play, then the three colours with the highest
table value score plus and every other colour scores minus; each ``plus2`` card adds 2. Since the plus colours
are simply the three highest table values, the only search is over the joker colours: every multiset of colours
for the jokers (at most 84 for three jokers and seven colours), each costing one small sort.

The rulebook's example (one joker, one +2, green 6, yellow 4, pink 3, blue 2) scores 41:

>>> cards = {"green": 6, "yellow": 4, "pink": 3, "blue": 2, "joker": 1, "plus2": 1}
>>> s = score(cards, "standard", COLORS)
>>> s.total, s.jokers, s.plus, s.minus
(41, (('joker', 'yellow'),), ('green', 'yellow', 'pink'), ('blue',))
>>> s.total == sum(points for _, points in s.points) + s.plus2
True

On the violet side more is not better: three cards score 8, six only 5.

>>> score({"blue": 6, "pink": 3, "gray": 3, "green": 3}, "variant", COLORS).plus
('gray', 'green', 'pink')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, combinations_with_replacement, product
from typing import Any

from .cards import COLORS, GOLD, JOKER, KINDS, PLUS2, PLUS2_POINTS, table_value

PLUS_COLORS = 3


@dataclass(frozen=True, slots=True)
class Score:
    """One player's optimal score and how it is made up; ``points`` and ``plus2`` add up to ``total``."""

    total: int
    counts: tuple[tuple[str, int], ...]  # colour -> cards after jokers, colours with cards only
    jokers: tuple[tuple[str, str], ...]  # (joker card, the colour it became)
    plus: tuple[str, ...]
    minus: tuple[str, ...]
    points: tuple[tuple[str, int], ...]  # colour -> signed points
    plus2: int  # points from +2 cards

    def as_json(self, seat: int) -> dict[str, Any]:
        """The JSON-ready breakdown the view's ``result.scores`` lists."""
        return {
            "seat": seat,
            "total": self.total,
            "counts": dict(self.counts),
            "jokers": [{"card": card, "color": color} for card, color in self.jokers],
            "plus": list(self.plus),
            "minus": list(self.minus),
            "points": dict(self.points),
            "plus2": self.plus2,
        }


def score(cards: Mapping[str, int], scoring: str, colors: tuple[str, ...] = COLORS) -> Score:
    """The best score ``cards`` (code -> count) can make with the jokers as any of ``colors``.

    Cards of a colour outside ``colors`` still count as that colour; only the jokers' choice is limited.
    """
    return score_counts(tuple(cards.get(kind, 0) for kind in KINDS), scoring, colors)


@lru_cache(maxsize=4096)
def score_counts(counts: tuple[int, ...], scoring: str, colors: tuple[str, ...] = COLORS) -> Score:
    """``score`` of a count vector (one count per ``cards.KINDS``), memoised: views score every seat each time."""
    cards = dict(zip(KINDS, counts))
    base = {color: cards.get(color, 0) for color in COLORS if cards.get(color) or color in colors}
    jokers = (JOKER,) * cards.get(JOKER, 0) + (GOLD,) * cards.get(GOLD, 0)
    # Larger piles first: among equal scores, a joker joins the pile a player would expect.
    choices = sorted(colors, key=lambda c: (-base[c], COLORS.index(c)))
    best: tuple[int, dict[str, int], tuple[str, ...]] | None = None
    for chosen in combinations_with_replacement(choices, len(jokers)):
        after = dict(base)
        for color in chosen:
            after[color] += 1
        total = _colour_points(after, scoring)
        if best is None or total > best[0]:
            best = (total, after, chosen)
    assert best is not None  # combinations_with_replacement yields at least the empty choice
    colour_total, after, chosen = best
    ranked = _ranked(after, scoring)
    plus, minus = ranked[:PLUS_COLORS], ranked[PLUS_COLORS:]
    points = tuple((c, table_value(scoring, after[c])) for c in plus) + tuple(
        (c, -table_value(scoring, after[c])) for c in minus
    )
    plus2 = PLUS2_POINTS * cards.get(PLUS2, 0)
    return Score(
        total=colour_total + plus2,
        counts=tuple((c, after[c]) for c in ranked),
        jokers=tuple(zip(jokers, chosen)),
        plus=tuple(plus),
        minus=tuple(minus),
        points=points,
        plus2=plus2,
    )


def literal_score(cards: Mapping[str, int], scoring: str, colors: tuple[str, ...] = COLORS) -> int:
    """The best total by the rules read literally: every colour for every joker, every choice of plus colours.

    Slow (up to 7**3 * 35 sums) and obviously right: the reference ``score`` is tested and benchmarked against.

    >>> literal_score({"green": 6, "yellow": 4, "pink": 3, "blue": 2, "joker": 1, "plus2": 1}, "standard")
    41
    """
    best = None
    jokers = cards.get(JOKER, 0) + cards.get(GOLD, 0)
    for assigned in product(colors, repeat=jokers):
        counts = {c: n for c, n in cards.items() if c in COLORS and n}
        for color in assigned:
            counts[color] = counts.get(color, 0) + 1
        for plus in combinations(counts, min(PLUS_COLORS, len(counts))):
            total = sum(table_value(scoring, n) * (1 if c in plus else -1) for c, n in counts.items())
            best = total if best is None else max(best, total)
    return (best or 0) + PLUS2_POINTS * cards.get(PLUS2, 0)


def _ranked(counts: dict[str, int], scoring: str) -> list[str]:
    """Colours with cards, best table value first (ties: more cards, then the colour order)."""
    held = [c for c, n in counts.items() if n]
    return sorted(held, key=lambda c: (-table_value(scoring, counts[c]), -counts[c], COLORS.index(c)))


def _colour_points(counts: dict[str, int], scoring: str) -> int:
    values = sorted((table_value(scoring, n) for n in counts.values() if n), reverse=True)
    return sum(values[:PLUS_COLORS]) - sum(values[PLUS_COLORS:])
