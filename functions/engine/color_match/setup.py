"""Dealing a game and turning up the first card (docs/rules.md CM 3), the same with every option."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..errors import OptionsError
from .cards import CODES, COLOR, DECK, RANK, shuffled
from .options import shared_rules
from .state import COLOR as CHOOSING, State
from .table import pass_turn, seat_after, skip, take_cards

HAND_SIZE = 7
MIN_PLAYERS, MAX_PLAYERS = 2, 10


def _check_deck(deck: Any, n_players: int) -> list[str]:
    if not isinstance(deck, (list, tuple)) or not all(isinstance(c, str) and c in CODES for c in deck):
        raise OptionsError("bad_deck", "deck must be a list of card codes such as 'r7', 'yS', 'W4'")
    if len(deck) < HAND_SIZE * n_players + 1:
        raise OptionsError("bad_deck", f"{n_players} players need at least {HAND_SIZE * n_players + 1} cards")
    if all(c == "W4" for c in deck[HAND_SIZE * n_players :]):
        raise OptionsError("bad_deck", "the undealt cards must hold a card other than W4 to turn up first")
    return list(deck)


def setup(
    n_players: int,
    options: dict[str, Any],
    *,
    rng: random.Random,
    first: int = 0,
    deck: Sequence[str] | None = None,
) -> State:
    """Deal 7 cards each and turn up the first card; seat ``first`` plays first."""
    rules = shared_rules(options)
    if type(n_players) is not int or not MIN_PLAYERS <= n_players <= MAX_PLAYERS:
        raise OptionsError("bad_player_count", f"color-match needs 2 to 10 players, got {n_players!r}")
    if type(first) is not int or not 0 <= first < n_players:
        raise OptionsError("bad_first", f"first must be a seat from 0 to {n_players - 1}, got {first!r}")
    if deck is None:
        cards = shuffled(DECK, rng)
    else:
        cards = _check_deck(deck, n_players)
    dealt = HAND_SIZE * n_players
    hands = [tuple(cards[i : i + HAND_SIZE]) for i in range(0, dealt, HAND_SIZE)]
    pile = cards[dealt:]
    w = State.new(rules, hands, pile=(), discard=(), seed=rng.getrandbits(48))
    # CM 3: a Wild Draw Four turned up goes back into the pile, which is shuffled, and the next card is turned up.
    while pile[0] == "W4":
        w.events.append({"type": "first_card", "card": "W4", "returned": True})
        pile = shuffled(pile, rng)
    top = pile.pop(0)
    w.pile, w.discard, w.color = tuple(pile), (top,), COLOR[top]
    w.events.append({"type": "first_card", "card": top})
    _first_card_effect(w, first, RANK[top])
    return w


def _first_card_effect(w: State, first: int, rank: str) -> None:
    """CM 3: the first card acts on the first player (the "dealer" is the seat before it); never stackable."""
    w.turn = first
    if rank == "S":
        skip(w, first)
        pass_turn(w, first)
    elif rank == "R":
        w.direction = -1
        w.turn = seat_after(w, first)  # the dealer plays first, and play goes the other way
        w.events.append({"type": "reverse", "direction": -1})
    elif rank == "D":
        take_cards(w, first, 2, "penalty")
        skip(w, first)
        pass_turn(w, first)
    elif rank == "W":
        w.phase = CHOOSING
