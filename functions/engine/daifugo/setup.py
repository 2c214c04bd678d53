"""Setting up a game: checking the arguments, the first round's deal, and the seed of later rounds' shuffles.

``rng`` is used only here, in this order: the round-1 shuffle (when no deck is given), then a 48-bit seed;
round *k* > 1 is shuffled with ``random.Random(f"daifugo/{seed}/{k}")``, so a loaded state deals exactly as
the original. The first round played is dealt from ``first`` (``deck[i]`` to seat ``(first + i) % n``); later
rounds from the seat after the 大貧民. A test's ``start`` (all keys optional): ``hands`` (dealt as given;
later rounds reshuffle their union, plus ``deck`` if given too), ``previous`` (seats in place order of an
imagined earlier round: titles, exchange, 大貧民 lead and 都落ち apply), ``round`` (number of the first round
played) and ``scores`` (points so far).

>>> import random
>>> from .rules import options
>>> s = setup(5, options(), rng=random.Random(1), first=2)
>>> [len(h) for h in s.hands], s.phase, s.round  # dealt from seat 2: seats 2-4 get the extra cards
([10, 10, 11, 11, 11], 'play', 1)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..errors import OptionsError
from .cards import CARD, standard_deck
from .deal import deal, start_round
from .state import State, titles_from_places

MIN_PLAYERS, MAX_PLAYERS = 3, 8
START_KEYS = {"hands", "previous", "round", "scores"}


def setup(
    n: int,
    options: dict[str, Any],
    *,
    rng: random.Random,
    first: int = 0,
    deck: Sequence[str] | None = None,
    start: dict[str, Any] | None = None,
) -> State:
    """A new game for ``n`` players with validated ``options``."""
    if type(n) is not int or not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise OptionsError("bad_player_count", f"daifugo is for {MIN_PLAYERS}-{MAX_PLAYERS} players; got {n!r}")
    if type(first) is not int or not 0 <= first < n:
        raise OptionsError("bad_first", f"first must be a seat 0-{n - 1}; got {first!r}")
    start = {} if start is None else start
    if not isinstance(start, dict) or not set(start) <= START_KEYS:
        raise OptionsError("bad_start", f"start is an object with the keys {sorted(START_KEYS)}")
    given = None if deck is None else _cards("deck", deck)
    hands = None if start.get("hands") is None else _hands(start["hands"], n)
    previous = None if start.get("previous") is None else _previous(start["previous"], n)
    round_ = start.get("round", 1)
    if type(round_) is not int or not 1 <= round_ <= options["rounds"]:
        raise OptionsError("bad_start", f"start.round must be 1-{options['rounds']} (rounds); got {round_!r}")
    scores = start.get("scores", [0] * n)
    if not isinstance(scores, list) or len(scores) != n or not all(type(x) is int for x in scores):
        raise OptionsError("bad_start", f"start.scores must list {n} integers")

    standard = standard_deck(options["jokers"])
    dealt: Sequence[Sequence[int]]
    if hands is not None:
        dealt, in_play = hands, [c for hand in hands for c in hand] + (given or [])
    elif given is not None:
        if len(given) < n:
            raise OptionsError("bad_deck", f"the deck must hold at least one card per seat ({n})")
        dealt, in_play = deal(given, n, first), given
    else:
        cards = list(standard)
        rng.shuffle(cards)
        dealt, in_play = deal(cards, n, first), cards
    seed = rng.getrandbits(48)
    in_play = sorted(in_play)
    return start_round(
        options=options,
        seed=seed,
        deck=None if tuple(in_play) == standard else tuple(in_play),
        round_=round_,
        hands=[tuple(sorted(hand)) for hand in dealt],
        titles=None if previous is None else titles_from_places(previous),
        base=tuple(scores),
        history=(),
        last=None,
        first=first,
    )


def _cards(name: str, cards: Any) -> list[int]:
    if isinstance(cards, str) or not all(isinstance(c, str) and c in CARD for c in cards):
        raise OptionsError(f"bad_{name}", f"{name} must be a list of card codes (s3 … c2, X1, X2)")
    return [CARD[c] for c in cards]


def _hands(hands: Any, n: int) -> list[list[int]]:
    if isinstance(hands, str) or len(hands) != n:
        raise OptionsError("bad_start", f"start.hands must list the cards of each of the {n} seats")
    result = [_cards("start", hand) for hand in hands]
    if not all(result):
        raise OptionsError("bad_start", "every seat must hold at least one card")
    return result


def _previous(previous: Any, n: int) -> tuple[int, ...]:
    """Per seat, its place in the imagined earlier round."""
    if not isinstance(previous, list) or sorted(previous) != list(range(n)):
        raise OptionsError("bad_start", f"start.previous must list the {n} seats in place order")
    places = [0] * n
    for place, seat in enumerate(previous, start=1):
        places[seat] = place
    return tuple(places)
