"""Properties of random games (hypothesis): 3-8 players, every option drawn at random, moves chosen at random.

At every step: the cards are conserved; exactly the seats that may act have legal moves, within the bound;
every listed move applies, and any other move is refused without changing anything, unless it is another
reading of a listed play; apply never changes its input; dump / load round-trips; each view is JSON-ready and
shows nothing of another hand, of what another pair exchanged, or of a fallen hand. At each deal the tribute
is exactly the forced cards and the exchange gives back as many; every round ends with a full ranking.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from functions.engine import IllegalMove
from functions.engine.daifugo import GAME as G
from functions.engine.daifugo.cards import CARD, CODES, RANK_OF, standard_deck, tribute_order
from functions.engine.daifugo.plays import read_play
from functions.engine.daifugo.state import Exchange, State

MAX_LEGAL = 462  # 13 ranks x 15 sets + 2 all-joker sets + 4 x 66 sequences + pass
MAX_STEPS = 4000

OPTIONS = st.fixed_dictionaries(
    {
        "jokers": st.sampled_from([0, 1, 2]),
        "rounds": st.sampled_from([1, 2, 3]),
        "sequences": st.booleans(),
        "revolution": st.booleans(),
        "sequence_revolution": st.booleans(),
        "eight_cut": st.booleans(),
        "lock": st.booleans(),
        "eleven_back": st.booleans(),
        "spade3": st.booleans(),
        "miyako_ochi": st.booleans(),
        "forbidden_finish": st.booleans(),
    }
)


def all_cards(s: State) -> Counter:
    cards = Counter(s.played) + Counter(s.buried)
    for hand in s.hands:
        cards.update(hand)
    return cards


def box(s: State) -> Counter:
    return Counter(s.deck if s.deck is not None else standard_deck(s.options["jokers"]))


def actors(s: State) -> list[int]:
    if s.phase == "exchange":
        return list(s.exchange.pending)
    return [] if s.turn is None else [s.turn]


def reading(seat: int, move: dict[str, Any]) -> tuple[Any, ...]:
    """What a play is, whichever cards make it: kind, rank or lowest position, size, suit."""
    play = read_play(seat, [CARD[c] for c in move["cards"]], RANK_OF.get(move.get("seq", "")), sequences=True)
    return (play.kind, play.low, play.size, play.suit)


def assert_refused_unchanged(s: State, seat: Any, move: Any) -> None:
    before = G.dump(s)
    try:
        G.apply(s, seat, move, now=0.0)
    except IllegalMove as err:
        assert err.code and str(err)
    else:
        raise AssertionError(f"{move!r} by {seat!r} was accepted")
    assert G.dump(s) == before


def probe_moves(s: State, seat: int, legal: list[dict[str, Any]], rng: random.Random) -> None:
    """Random moves by ``seat``: accepted only as another reading of a listed play, else refused unchanged."""
    hand = [CODES[c] for c in sorted(set(s.hands[seat]))]
    readings = {reading(seat, m) if m["type"] == "play" else tuple(sorted(m["cards"])) for m in legal if "cards" in m}
    others = [c for c in CODES if c not in hand]
    for _ in range(6):
        size = rng.randint(1, 5)
        cards = rng.sample(hand, min(size, len(hand))) if hand else []
        if rng.random() < 0.2:
            cards.append(rng.choice(others))
        move: dict[str, Any] = {"type": rng.choice(["play", "play", "give"]), "cards": cards}
        if move["type"] == "play" and rng.random() < 0.3:
            move["seq"] = rng.choice("3456789TJQKA2")
        if move in legal:
            continue
        try:
            after = G.apply(s, seat, move, now=0.0)
        except IllegalMove:
            continue
        same = reading(seat, move) if move["type"] == "play" else tuple(sorted(move["cards"]))
        assert same in readings, f"{move} was accepted but is not another reading of a legal move"
        assert all_cards(after) == all_cards(s)
    if s.phase == "play" and s.field is None:
        assert_refused_unchanged(s, seat, {"type": "pass"})


def scrambled(s: State, viewer: int | None, rng: random.Random) -> State:
    """``s`` with everything ``viewer`` may not see redealt at random: other hands (same sizes), the fallen
    hand, other seats' exchange records, another pair's give."""
    others = [seat for seat in range(s.n) if seat != viewer]
    pool = [c for seat in others for c in s.hands[seat]] + list(s.buried)
    rng.shuffle(pool)
    hands = list(s.hands)
    for seat in others:
        hands[seat], pool = tuple(sorted(pool[: len(hands[seat])])), pool[len(hands[seat]) :]
    changes: dict[str, Any] = {"hands": tuple(hands), "buried": tuple(pool)}
    if s.exchange is not None:
        given, received = list(s.exchange.given), list(s.exchange.received)
        for seat in others:
            given[seat] = tuple(rng.sample(range(54), len(given[seat])))
            received[seat] = tuple(rng.sample(range(54), len(received[seat])))
        changes["exchange"] = Exchange(s.exchange.pending, s.exchange.owes, tuple(given), tuple(received))
    last = s.last
    if last is not None and last["type"] == "give" and viewer not in (last["seat"], last["to"]):
        changes["last"] = {**last, "cards": rng.sample(CODES, len(last["cards"]))}
    return s.change(**changes)


def assert_views_hide_what_they_must(s: State, rng: random.Random) -> None:
    for viewer in [None, *range(s.n)]:
        seen = G.view(s, viewer)
        json.dumps(seen)
        assert G.view(scrambled(s, viewer, rng), viewer) == seen
        if viewer is not None:
            assert seen["hand"] == [CODES[c] for c in s.hands[viewer]]
            assert seen["legal"] == G.legal_moves(s, viewer)
        for p in seen["players"]:
            assert p["cards"] == len(s.hands[p["seat"]])
            assert p["out"] != "fallen" or p["cards"] == 0


def assert_tribute_is_forced(before: State, s: State) -> None:
    """A new round with titles: the poorest gave exactly their strongest cards, and owe nothing back."""
    exchange = s.exchange
    dealt = [len(h) - len(exchange.received[seat]) + len(exchange.given[seat]) for seat, h in enumerate(s.hands)]
    total = sum(dealt)
    start = (s.titles.index("daihinmin") + 1) % s.n
    assert [dealt[(start + i) % s.n] for i in range(s.n)] == [total // s.n + (i < total % s.n) for i in range(s.n)]
    for giver_title, receiver_title, count in (("daihinmin", "daifugo", 2), ("hinmin", "fugo", 1)):
        if giver_title not in s.titles:
            assert s.n == 3 and not any(exchange.given[seat] for seat in range(s.n) if s.titles[seat] != "daihinmin")
            continue
        giver, receiver = s.titles.index(giver_title), s.titles.index(receiver_title)
        gave = exchange.given[giver]
        assert exchange.received[receiver] == gave and len(gave) == min(count, dealt[giver])
        assert exchange.owes[receiver] == len(gave) and receiver in exchange.pending
        assert tribute_order(list(gave) + list(s.hands[giver]))[: len(gave)] == tribute_order(gave)
    for seat in range(s.n):
        if s.titles[seat] == "heimin":
            assert not exchange.given[seat] and not exchange.received[seat] and exchange.owes[seat] == 0


def assert_exchange_done(s: State) -> None:
    """The exchange is over: every upper player returned as many cards as it received, to its partner."""
    exchange = s.exchange
    for upper, lower in (("daifugo", "daihinmin"), ("fugo", "hinmin")):
        if upper in s.titles:
            u, l = s.titles.index(upper), s.titles.index(lower)
            assert len(exchange.given[u]) == len(exchange.received[u]) and exchange.given[u] == exchange.received[l]


@settings(max_examples=100, deadline=None)
@given(
    n=st.integers(3, 8),
    options=OPTIONS,
    seed=st.integers(0, 2**32 - 1),
    play_seed=st.integers(0, 2**32 - 1),
)
def test_random_games_keep_every_rule(n: int, options: dict[str, Any], seed: int, play_seed: int) -> None:
    rng = random.Random(play_seed)
    s = G.setup(n, G.validate_options(options), rng=random.Random(seed), first=rng.randrange(n))
    cards_in_play = box(s)
    rounds_ended = 0
    for _ in range(MAX_STEPS):
        assert all_cards(s) == cards_in_play
        who = actors(s)
        if not who:
            break
        for seat in range(n):
            legal = G.legal_moves(s, seat)
            assert bool(legal) == (seat in who)
            assert len(legal) <= MAX_LEGAL and len({json.dumps(m) for m in legal}) == len(legal)
        seat = rng.choice(who)
        legal = G.legal_moves(s, seat)
        if s.phase == "play":
            assert (legal[0] == {"type": "pass"}) == (s.field is not None)
        for move in rng.sample(legal, min(len(legal), 8)):
            G.apply(s, seat, move, now=0.0)  # every listed move applies
        probe_moves(s, seat, legal, rng)
        assert_refused_unchanged(s, rng.choice([x for x in range(n) if x not in who]), rng.choice(legal))
        if rng.random() < 0.3:
            assert_views_hide_what_they_must(s, rng)

        before = G.dump(s)
        after = G.apply(s, seat, rng.choice(legal), now=0.0)
        assert G.dump(s) == before  # apply never changes its input
        events = after.last["events"]
        for event in events:
            if event["type"] == "round_end":
                rounds_ended += 1
                assert sorted(event["places"]) == list(range(n))
                assert sorted(after.history[-1]) == list(range(1, n + 1))
        if after.phase == "exchange" and s.phase != "exchange":
            assert_tribute_is_forced(s, after)
        if s.phase == "exchange" and after.phase == "play":
            assert_exchange_done(after)
        s = G.load(json.loads(json.dumps(G.dump(after))))
        assert s == after
    else:
        raise AssertionError(f"the game did not end in {MAX_STEPS} steps")

    assert s.phase == "over" and rounds_ended == options["rounds"]
    result = G.view(s, None)["result"]
    totals = [entry["total"] for entry in result["scores"]]
    assert sum(totals) == options["rounds"] * n * (n + 1) // 2
    assert list(G.outcome(s).winners) == result["winners"] == [x for x in range(n) if totals[x] == max(totals)]
    assert all(G.legal_moves(s, x) == [] for x in range(n))
    assert_refused_unchanged(s, 0, {"type": "pass"})
