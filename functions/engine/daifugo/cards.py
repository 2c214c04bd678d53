"""Cards of 大富豪: codes, the integer ids the engine works with, the deck and the order of strength.

A code is a suit (``s h d c`` = ♠ ♥ ♦ ♣) and a rank (``3 4 5 6 7 8 9 T J Q K A 2``), or a joker ``X1`` / ``X2``;
every code is exactly two characters. Inside the engine a card is an int: ``rank * 4 + suit`` for the 52
naturals (rank 0 = 3 … 12 = 2, suit 0 = ♠ … 3 = ♣) and 52 / 53 for the jokers, so sorting ids is the
canonical order (normal rank, then suit s h d c, jokers last).

>>> [code(c) for c in sorted(ids(["X1", "c3", "s2", "hT", "s3"]))]
['s3', 'c3', 'hT', 's2', 'X1']
>>> rank(CARD["hT"]), suit(CARD["hT"]), rank(CARD["X2"])
(7, 1, 13)
>>> [code(c) for c in tribute_order(ids(["d2", "s2", "X2", "cA", "X1"]))]
['X1', 'X2', 's2', 'd2', 'cA']
"""

from __future__ import annotations

from collections.abc import Iterable

SUITS = "shdc"
RANKS = "3456789TJQKA2"
JOKERS = ("X1", "X2")
CODES: tuple[str, ...] = tuple(s + r for r in RANKS for s in SUITS) + JOKERS
CARD: dict[str, int] = {c: i for i, c in enumerate(CODES)}
RANK_OF: dict[str, int] = {r: i for i, r in enumerate(RANKS)}

FIRST_JOKER = 52
JOKER_RANK = 13  # the rank of all-joker sets: above 2 in both orders
TOP_RANK = 12  # the 2
EIGHT, JACK = RANK_OF["8"], RANK_OF["J"]
SPADE_THREE = CARD["s3"]
DIAMOND_THREE = CARD["d3"]


def rank(card: int) -> int:
    """0 (a 3) … 12 (a 2), 13 for a joker."""
    return JOKER_RANK if card >= FIRST_JOKER else card >> 2


def suit(card: int) -> int:
    """0 … 3 (♠ ♥ ♦ ♣); jokers have none (``-1``)."""
    return -1 if card >= FIRST_JOKER else card & 3


def is_joker(card: int) -> bool:
    return card >= FIRST_JOKER


def code(card: int) -> str:
    return CODES[card]


def codes(cards: Iterable[int]) -> list[str]:
    return [CODES[c] for c in cards]


def ids(cards: Iterable[str]) -> list[int]:
    """The ids of valid codes (a ``KeyError`` for anything else)."""
    return [CARD[c] for c in cards]


def packed(cards: Iterable[int]) -> str:
    """Cards as one string of two-character codes (the dump's form).

    >>> packed([0, 53]), unpacked("s3X2")
    ('s3X2', (0, 53))
    """
    return "".join(CODES[c] for c in cards)


def unpacked(text: str) -> tuple[int, ...]:
    if len(text) % 2:
        raise ValueError(f"not a packed card string: {text!r}")
    return tuple(CARD[text[i : i + 2]] for i in range(0, len(text), 2))


def standard_deck(jokers: int) -> tuple[int, ...]:
    """52 cards and ``jokers`` jokers, in canonical order."""
    return tuple(range(FIRST_JOKER + jokers))


def strength(rank_: int, reversed_: bool) -> int:
    """The strength of a set's rank in the order in force: 0 weakest; the joker rank (13) always strongest."""
    if rank_ == JOKER_RANK or not reversed_:
        return rank_
    return TOP_RANK - rank_


def tribute_order(cards: Iterable[int]) -> list[int]:
    """Strongest first in the normal order, ties in suit order ♠ ♥ ♦ ♣, ``X1`` before ``X2``."""
    return sorted(cards, key=lambda c: (-rank(c), c))
