"""Setting up a game (docs/rules.md CR 3): colours removed, starting cards, rows, the supply with the last-round card.

``rng`` is used only here, in this order: the colours removed, the starting cards, the shuffle. A test may give
the supply (``deck``, index 0 on top, ``last`` wherever it stands) and the starting cards (``start``); what it
gives is used as given, and the rest is built at random around it. Colours a test uses are never removed.

>>> import random
>>> s = setup(3, {"scoring": "standard"}, rng=random.Random(1), first=2)
>>> len(s.colors), len(s.supply), s.supply[-16], s.capacities, s.current, s.round
(6, 65, 'last', (3, 3, 3), 2, 1)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..errors import OptionsError
from .cards import (
    CARDS_UNDER_LAST,
    CODES,
    COLOR_CARDS_EACH,
    COLORS,
    LAST,
    REMOVED_COLORS,
    SPECIAL_CARDS,
    START_CARDS,
    row_capacities,
)
from .state import State, counts_of

MIN_PLAYERS, MAX_PLAYERS = 2, 5


def setup(
    n_players: int,
    scoring: str,
    *,
    rng: random.Random,
    first: int = 0,
    deck: Sequence[str] | None = None,
    start: Sequence[Sequence[str]] | None = None,
) -> State:
    """A new game for ``n_players`` with ``first`` to play; ``scoring`` is the validated option."""
    _check_seats(n_players, first)
    given_deck = None if deck is None else _checked_cards("deck", deck)
    given_start = None if start is None else _checked_start(start, n_players)
    used = set(given_deck or ()) | {card for cards in given_start or () for card in cards}
    removable = [c for c in COLORS if c not in used]
    removed = set(rng.sample(removable, min(REMOVED_COLORS[n_players], len(removable))))
    colors = tuple(c for c in COLORS if c not in removed)
    starts = _random_start(n_players, colors, rng) if given_start is None else given_start
    supply = _shuffled_supply(colors, starts, rng) if given_deck is None else given_deck
    capacities = row_capacities(n_players)
    return State(
        scoring=scoring,
        colors=colors,
        supply=supply,
        capacities=capacities,
        rows=((),) * len(capacities),
        taken_by=(None,) * len(capacities),
        collections=tuple(counts_of(cards) for cards in starts),
        current=first,
        drawn=None,
        round=1,
        last_round=False,
    )


def _check_seats(n_players: int, first: int) -> None:
    if type(n_players) is not int or not MIN_PLAYERS <= n_players <= MAX_PLAYERS:
        raise OptionsError(
            "bad_player_count", f"color-rows is for {MIN_PLAYERS}-{MAX_PLAYERS} players; got {n_players!r}"
        )
    if type(first) is not int or not 0 <= first < n_players:
        raise OptionsError("bad_first", f"first must be a seat 0-{n_players - 1}; got {first!r}")


def _checked_cards(name: str, cards: Sequence[str], *, allow_last: bool = True) -> tuple[str, ...]:
    if isinstance(cards, str) or not all(isinstance(c, str) and c in CODES for c in cards):
        raise OptionsError(f"bad_{name}", f"{name} must be a list of card codes ({', '.join(sorted(CODES))})")
    if not allow_last and LAST in cards:
        raise OptionsError(f"bad_{name}", f"the last-round card cannot be in a player's {name} cards")
    return tuple(cards)


def _checked_start(start: Sequence[Sequence[str]], n_players: int) -> tuple[tuple[str, ...], ...]:
    if isinstance(start, str) or len(start) != n_players:
        raise OptionsError("bad_start", f"start must list the starting cards of each of the {n_players} seats")
    return tuple(_checked_cards("start", cards, allow_last=False) for cards in start)


def _random_start(n_players: int, colors: tuple[str, ...], rng: random.Random) -> tuple[tuple[str, ...], ...]:
    """One card each (two with two players), every card of a different colour."""
    each = START_CARDS[n_players]
    dealt = rng.sample(colors, each * n_players)
    return tuple(tuple(dealt[seat * each : (seat + 1) * each]) for seat in range(n_players))


def _shuffled_supply(
    colors: tuple[str, ...], starts: tuple[tuple[str, ...], ...], rng: random.Random
) -> tuple[str, ...]:
    """The cards not dealt, shuffled, with the last-round card on the bottom 15."""
    cards = [color for color in colors for _ in range(COLOR_CARDS_EACH)] + list(SPECIAL_CARDS)
    for card in (card for hand in starts for card in hand):
        if card in cards:  # a test's starting cards need not come from the box
            cards.remove(card)
    rng.shuffle(cards)
    under = min(CARDS_UNDER_LAST, len(cards))
    return tuple(cards[: len(cards) - under]) + (LAST,) + tuple(cards[len(cards) - under :])
