"""Starting a round: the deal, the titles' automatic tribute, and who acts first.

Cards are dealt one at a time from the deal-start seat. A round without titles (the first, or a test's start
without ``previous``) is led by the holder of ♦3, else by ``first``. A round with titles opens with the
exchange: the 大貧民 has already given the 大富豪 their 2 strongest cards and the 貧民 the 富豪 their strongest
(normal order, ties ♠ ♥ ♦ ♣, ``X1`` first); the 大富豪 and 富豪 then owe as many cards back, and the 大貧民 leads.

>>> from .cards import standard_deck
>>> deal(standard_deck(1), 4, 1)[1][:3], [len(h) for h in deal(standard_deck(1), 4, 1)]
((0, 4, 8), [13, 14, 13, 13])
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .cards import DIAMOND_THREE, standard_deck, tribute_order
from .state import Exchange, State, titles_from_places

# The giver (lower title) and receiver of each tribute, and how many cards it is.
TRIBUTES = (("daihinmin", "daifugo", 2), ("hinmin", "fugo", 1))


def deal(cards: Sequence[int], n: int, start: int) -> list[tuple[int, ...]]:
    """``cards[i]`` to seat ``(start + i) % n``; each hand sorted."""
    hands: list[list[int]] = [[] for _ in range(n)]
    for i, card in enumerate(cards):
        hands[(start + i) % n].append(card)
    return [tuple(sorted(hand)) for hand in hands]


def start_round(
    *,
    options: dict[str, Any],
    seed: int,
    deck: tuple[int, ...] | None,
    round_: int,
    hands: Sequence[tuple[int, ...]],
    titles: tuple[str, ...] | None,
    base: tuple[int, ...],
    history: tuple[tuple[int, ...], ...],
    last: dict[str, Any] | None,
    first: int,
) -> State:
    """A round's opening state: hands dealt, the tribute taken (with titles), the first seat to act."""
    n = len(hands)
    state = State(
        options=options,
        seed=seed,
        deck=deck,
        round=round_,
        phase="play",
        hands=tuple(hands),
        turn=None,
        trick=(),
        passed=(False,) * n,
        passes=((),) * n,
        revolution=False,
        eleven_back=False,
        lock=0,
        played=(),
        buried=(),
        out=(None,) * n,
        places=(None,) * n,
        titles=titles,
        exchange=None,
        base=base,
        history=history,
        last=last,
    )
    if titles is None:
        holders = [(first + i) % n for i in range(n) if DIAMOND_THREE in hands[(first + i) % n]]
        return state.change(turn=holders[0] if holders else first)
    return _take_tributes(state)


def _take_tributes(state: State) -> State:
    hands = [list(h) for h in state.hands]
    owes = [0] * state.n
    given: list[tuple[int, ...]] = [()] * state.n
    received: list[tuple[int, ...]] = [()] * state.n
    pending = []
    for giver_title, receiver_title, count in TRIBUTES:
        giver, receiver = state.title_seat(giver_title), state.title_seat(receiver_title)
        if giver is None or receiver is None:
            continue  # 3 players: no 富豪 / 貧民
        tribute = tribute_order(hands[giver])[:count]
        for card in tribute:
            hands[giver].remove(card)
        hands[receiver].extend(tribute)
        given[giver] = received[receiver] = tuple(sorted(tribute))
        owes[receiver] = len(tribute)
        pending.append(receiver)
    exchange = Exchange(tuple(pending), tuple(owes), tuple(given), tuple(received))
    return state.change(
        phase="exchange", hands=tuple(tuple(sorted(h)) for h in hands), exchange=exchange
    )


def next_round(state: State, places: tuple[int, ...]) -> State:
    """The next round, dealt at once: the cards in play reshuffled, dealt from the seat after the 大貧民."""
    round_ = state.round + 1
    cards = list(state.deck if state.deck is not None else standard_deck(state.options["jokers"]))
    random.Random(f"daifugo/{state.seed}/{round_}").shuffle(cards)
    titles = titles_from_places(places)
    loser = titles.index("daihinmin")
    return start_round(
        options=state.options,
        seed=state.seed,
        deck=state.deck,
        round_=round_,
        hands=deal(cards, state.n, (loser + 1) % state.n),
        titles=titles,
        base=state.base,
        history=state.history,
        last=state.last,
        first=loser,
    )
