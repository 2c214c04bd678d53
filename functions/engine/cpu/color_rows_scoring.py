"""How much a Color Rows collection is worth, fast enough to ask thousands of times per decision.

The CPU values a row by what it adds to a collection's end-of-game score (docs/rules.md CR 7), so it needs that
score for many hypothetical collections. It computes it from the view alone — the view's ``table`` (either
summary-card side) and ``colors`` (how many colours a joker may become) — rather than from the engine's
internals. Only the multiset of colour counts matters, not which colours they are, so the cache is keyed by
the sorted counts and hits often.

Jokers (``joker`` and ``gold``) each join any colour in play, chosen for the best total; the three highest
table values score plus, the rest minus; ``plus2`` adds 2 each.

The rulebook's example (one joker, one +2, 6 / 4 / 3 / 2 cards) is worth 41 on the standard side:

>>> STANDARD = (1, 3, 6, 10, 15, 21)
>>> collection_score({"green": 6, "yellow": 4, "pink": 3, "blue": 2, "joker": 1, "plus2": 1}, STANDARD, 7)
41

On the variant side three cards (8) beat six (5), and a joker may be better on a small pile:

>>> collection_score({"blue": 6, "pink": 3, "gray": 3, "green": 3}, (1, 4, 8, 7, 6, 5), 7)
19
>>> collection_score({"blue": 3, "pink": 2, "joker": 1}, (1, 4, 8, 7, 6, 5), 7)
16
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from itertools import combinations_with_replacement

JOKER_CODES = ("joker", "gold")
PLUS2 = "plus2"
PLUS2_POINTS = 2
PLUS_COLORS = 3
NOT_COLORS = frozenset(JOKER_CODES + (PLUS2, "last"))


def collection_score(cards: Mapping[str, int], table: tuple[int, ...], n_colors: int) -> int:
    """The best end-of-game score of ``cards`` (code -> count) with ``table`` (points for 1…6+ cards)."""
    counts = tuple(sorted([n for code, n in cards.items() if n > 0 and code not in NOT_COLORS], reverse=True))
    jokers = cards.get("joker", 0) + cards.get("gold", 0)
    free = max(0, n_colors - len(counts))
    return _colour_points(counts, jokers, table, min(free, jokers)) + PLUS2_POINTS * cards.get(PLUS2, 0)


@lru_cache(maxsize=1 << 16)
def _colour_points(counts: tuple[int, ...], jokers: int, table: tuple[int, ...], new_piles: int) -> int:
    """Colour points with each joker on one of the piles ``counts`` or on up to ``new_piles`` new ones."""
    piles = len(counts) + new_piles
    best = None
    for chosen in combinations_with_replacement(range(piles), jokers):
        after = list(counts) + [0] * new_piles
        for pile in chosen:
            after[pile] += 1
        values = sorted((table[min(n, len(table)) - 1] for n in after if n), reverse=True)
        total = sum(values[:PLUS_COLORS]) - sum(values[PLUS_COLORS:])
        if best is None or total > best:
            best = total
    return best if best is not None else 0
