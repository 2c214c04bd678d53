"""The cards of Color Rows (docs/rules.md CR 1): codes, the scoring tables and the one-letter alphabet of the dump.

Codes are the contract's: seven colours, ``joker``, ``gold`` (the golden joker), ``plus2`` and ``last`` (the
last-round card).

>>> len(COLORS), COLOR_CARDS_EACH, TABLES["standard"][6], TABLES["variant"][3]
(7, 9, 21, 8)
>>> [table_value("standard", n) for n in (0, 1, 5, 6, 9)]
[0, 1, 15, 21, 21]
"""

from __future__ import annotations

from collections.abc import Iterable

COLORS: tuple[str, ...] = ("blue", "brown", "gray", "green", "orange", "pink", "yellow")
JOKER, GOLD, PLUS2, LAST = "joker", "gold", "plus2", "last"
# What a player can hold (``last`` is set aside, never collected), in the fixed order of the count vectors.
KINDS: tuple[str, ...] = COLORS + (JOKER, GOLD, PLUS2)
CODES: frozenset[str] = frozenset(KINDS + (LAST,))
KIND_INDEX: dict[str, int] = {kind: i for i, kind in enumerate(KINDS)}

COLOR_CARDS_EACH = 9
SPECIAL_CARDS: tuple[str, ...] = (PLUS2,) * 10 + (JOKER, JOKER, GOLD)
CARDS_UNDER_LAST = 15
PLUS2_POINTS = 2

# Points for 1, 2, … 6 cards of a colour (index 0 = no cards); 6 or more score as 6.
TABLES: dict[str, tuple[int, ...]] = {
    "standard": (0, 1, 3, 6, 10, 15, 21),  # the brown side of the summary card
    "variant": (0, 1, 4, 8, 7, 6, 5),  # the violet side: more is not always better
}

# 3-5 players use one row of capacity 3 per player; 2 players the three green rows of 1, 2 and 3.
TWO_PLAYER_CAPACITIES = (1, 2, 3)
ROW_CAPACITY = 3
REMOVED_COLORS = {2: 2, 3: 1, 4: 0, 5: 0}
START_CARDS = {2: 2, 3: 1, 4: 1, 5: 1}

# One character per code keeps the stored state small (the supply is up to 73 cards).
LETTERS: dict[str, str] = {
    "blue": "b", "brown": "n", "gray": "a", "green": "g", "orange": "o", "pink": "p", "yellow": "y",
    JOKER: "*", GOLD: "$", PLUS2: "+", LAST: "!",
}  # fmt: skip
CODE_OF_LETTER: dict[str, str] = {letter: code for code, letter in LETTERS.items()}


def table_value(scoring: str, count: int) -> int:
    """The table's points for ``count`` cards of one colour (before the plus/minus sign)."""
    table = TABLES[scoring]
    return table[min(count, len(table) - 1)]


def row_capacities(n_players: int) -> tuple[int, ...]:
    """The capacities of the rows on the table for ``n_players``.

    >>> row_capacities(2), row_capacities(4)
    ((1, 2, 3), (3, 3, 3, 3))
    """
    return TWO_PLAYER_CAPACITIES if n_players == 2 else (ROW_CAPACITY,) * n_players


def encode(cards: Iterable[str]) -> str:
    """Cards as a string of one letter each.

    >>> encode(["blue", "joker", "last"])
    'b*!'
    """
    return "".join(LETTERS[card] for card in cards)


def decode(letters: str) -> tuple[str, ...]:
    """The inverse of ``encode``.

    >>> decode("b*!")
    ('blue', 'joker', 'last')
    """
    return tuple(CODE_OF_LETTER[letter] for letter in letters)

