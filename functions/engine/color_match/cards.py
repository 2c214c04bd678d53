"""Color Match's cards: codes, the 108-card deck and what matches what.

A card is its code, a short string: colour ``r`` ``y`` ``g`` ``b`` then ``0``–``9``, ``S`` (skip), ``R`` (reverse)
or ``D`` (draw two); wilds are ``W`` and ``W4``. Everything the rules ask of a card is a table lookup here, so the
hot paths never parse a code.

>>> len(full_deck()), full_deck().count("r7"), full_deck().count("r0"), full_deck().count("W4")
(108, 2, 1, 4)
>>> COLOR["gS"], RANK["gS"], COLOR["W4"], RANK["W4"]
('g', 'S', None, 'W4')
>>> sorted(PLAYABLE["r"]["7"] & {"r2", "b7", "b2", "W", "W4"})
['W', 'W4', 'b7', 'r2']
>>> PLAYS_ON["r"]["b7"] is PLAYABLE["r"]["7"], sorted(STACKS_ON["g"]["W4"] & {"gD", "rD", "W4"})
(True, ['W4', 'gD'])
"""

from __future__ import annotations

import random
from itertools import repeat, starmap

COLORS = ("r", "y", "g", "b")
NUMBERS = tuple("0123456789")
ACTIONS = ("S", "R", "D")
WILDS = ("W", "W4")

COLORED = tuple(c + r for c in COLORS for r in NUMBERS + ACTIONS)
CODES = frozenset(COLORED + WILDS)

COLOR: dict[str, str | None] = {**{code: code[0] for code in COLORED}, "W": None, "W4": None}
RANK: dict[str, str] = {**{code: code[1:] for code in COLORED}, "W": "W", "W4": "W4"}

# A number card is the only kind whose effect is "none"; the rest count as action cards (docs/rules.md CM 1, CM 9: the list of
# cards one cannot finish on includes both wilds).
IS_ACTION: dict[str, bool] = {code: RANK[code] not in NUMBERS for code in CODES}

# Cards that may be played together under `multi_play` (docs/rules.md CM 6): same number, or all skips, or all reverses.
MULTI_RANKS = frozenset(NUMBERS + ("S", "R"))

# PLAYABLE[colour][top rank]: every card that may be played on that top card in that colour (docs/rules.md CM 4).
PLAYABLE: dict[str, dict[str, frozenset[str]]] = {
    color: {
        rank: frozenset(c for c in CODES if COLOR[c] in (None, color) or RANK[c] == rank)
        for rank in NUMBERS + ACTIONS + WILDS
    }
    for color in COLORS
}

# STACKABLE[colour][top rank]: what may answer a pending +2 / +4 (docs/rules.md CM 7): a Wild Draw Four always, a Draw Two
# when it matches normally (any Draw Two on a Draw Two; on a Wild Draw Four only one of the declared colour).
STACKABLE: dict[str, dict[str, frozenset[str]]] = {
    color: {rank: frozenset(c for c in cards if RANK[c] in ("D", "W4")) for rank, cards in by_rank.items()}
    for color, by_rank in PLAYABLE.items()
}


# The same two tables keyed by the top card itself (PLAYS_ON[colour][top card]), so the hot paths look the rank
# up only once, when the tables are built.
PLAYS_ON: dict[str, dict[str, frozenset[str]]] = {
    color: {code: by_rank[RANK[code]] for code in CODES} for color, by_rank in PLAYABLE.items()
}
STACKS_ON: dict[str, dict[str, frozenset[str]]] = {
    color: {code: by_rank[RANK[code]] for code in CODES} for color, by_rank in STACKABLE.items()
}


def full_deck() -> list[str]:
    """The 108 cards of docs/rules.md CM 1 in a fixed order: per colour one 0, two of 1–9, S, R, D; four W and W4."""
    return list(DECK)


def _deck() -> tuple[str, ...]:
    deck = []
    for color in COLORS:
        deck.append(color + "0")
        for rank in NUMBERS[1:] + ACTIONS:
            deck += [color + rank] * 2
    return tuple(deck + ["W"] * 4 + ["W4"] * 4)


DECK = _deck()


def shuffled(cards: list[str] | tuple[str, ...], rng: random.Random) -> list[str]:
    """``cards`` in a uniformly random order drawn from ``rng``.

    Sorting on one random float per card is a uniform shuffle (ties have probability ~2**-53) and costs a
    fraction of ``rng.shuffle``, which draws its indices in Python: here the floats are drawn, and the cards
    sorted by them, without a line of Python per card (a deal is part of every game's cost; see the bench).

    >>> sorted(shuffled(["r1", "r2", "W"], random.Random(3)))
    ['W', 'r1', 'r2']
    """
    keys = [*starmap(rng.random, repeat((), len(cards)))]
    return [*map(cards.__getitem__, sorted(range(len(cards)), key=keys.__getitem__))]
