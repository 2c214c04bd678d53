"""Properties of random games (hypothesis): 2-5 players, both scorings, moves chosen at random."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from functions.engine import IllegalMove
from functions.engine.color_rows.state import State

from .support import GAME

MALFORMED = [
    None, "draw", [], {}, {"type": "pass"}, {"type": "draw", "row": 0}, {"type": "place"},
    {"type": "take", "row": "0"}, {"type": "take", "row": None}, {"type": "place", "row": True},
]  # fmt: skip


def candidate_moves(state: State) -> list:
    """Every well-formed move on this table, plus rows that do not exist, plus malformed moves."""
    rows = range(-1, len(state.rows) + 1)
    return [{"type": "draw"}] + [{"type": t, "row": r} for t in ("place", "take") for r in rows] + MALFORMED


def table_cards(state: State, discarded: Counter) -> Counter:
    """Every card of the game wherever it is now; the last-round card is set aside once it appeared."""
    cards = Counter(state.supply) + discarded
    for row in state.rows:
        cards.update(row)
    for seat in range(state.n_players):
        cards.update(state.cards_of(seat))
    if state.drawn:
        cards[state.drawn] += 1
    if state.last_round:
        cards["last"] += 1
    return cards


def assert_refused_unchanged(state: State, seat, move) -> None:
    before = GAME.dump(state)
    try:
        GAME.apply(state, seat, move, now=0.0)
    except IllegalMove as err:
        assert err.code and str(err)
    else:
        raise AssertionError(f"{move!r} by seat {seat!r} was accepted but is not legal")
    assert GAME.dump(state) == before


def assert_views_hide_the_supply_order(state: State, rng: random.Random) -> None:
    reshuffled = replace(state, supply=tuple(rng.sample(state.supply, len(state.supply))))
    for seat in [None, *range(state.n_players)]:
        seen = GAME.view(state, seat)
        assert GAME.view(reshuffled, seat) == seen
        json.dumps(seen)  # JSON-ready


def assert_result_adds_up(state: State) -> None:
    result = GAME.view(state, None)["result"]
    scores = result["scores"]
    assert [s["seat"] for s in scores] == list(range(state.n_players))
    for s in scores:
        assert s["total"] == sum(s["points"].values()) + s["plus2"]
        assert set(s["points"]) == set(s["plus"]) | set(s["minus"]) == set(s["counts"])
        held = state.cards_of(s["seat"])
        assert s["plus2"] == 2 * held.get("plus2", 0)
        assert len(s["jokers"]) == held.get("joker", 0) + held.get("gold", 0)
    best = max(s["total"] for s in scores)
    assert result["winners"] == [s["seat"] for s in scores if s["total"] == best]


@given(
    n=st.integers(2, 5),
    scoring=st.sampled_from(["standard", "variant"]),
    seed=st.integers(0, 2**32 - 1),
    play_seed=st.integers(0, 2**32 - 1),
)
def test_random_games_keep_every_rule_and_end_with_a_result_that_adds_up(n, scoring, seed, play_seed) -> None:
    rng = random.Random(play_seed)  # picks the first seat, the moves, and the probes
    state = GAME.setup(n, {"scoring": scoring}, rng=random.Random(seed), first=rng.randrange(n))
    box, discarded = table_cards(state, Counter()), Counter()
    while GAME.current(state) is not None:
        seat = GAME.current(state)
        assert all(bool(GAME.legal_moves(state, s)) == (s == seat) for s in range(n))
        legal = GAME.legal_moves(state, seat)
        for move in rng.sample(candidate_moves(state), 3):
            if move not in legal:
                assert_refused_unchanged(state, seat, move)
        assert_refused_unchanged(state, rng.choice([s for s in range(n) if s != seat]), rng.choice(legal))
        assert_views_hide_the_supply_order(state, rng)

        before = GAME.dump(state)
        after = GAME.apply(state, seat, rng.choice(legal), now=0.0)
        assert GAME.dump(state) == before  # apply never changes its input
        assert GAME.advance(after, now=1e12) == after and GAME.next_deadline(after) is None
        for event in after.events:
            if event["type"] == "row_discarded":
                discarded.update(event["cards"])
        assert table_cards(after, discarded) == box
        state = GAME.load(GAME.dump(after))
        assert state == after  # and the game goes on from the loaded copy

    assert all(GAME.legal_moves(state, s) == [] for s in range(n))
    assert_refused_unchanged(state, 0, {"type": "draw"})
    assert_result_adds_up(state)
