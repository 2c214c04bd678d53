"""Properties of random games (hypothesis): 2–10 players, both presets and random option sets, random moves by
every seat (on and off turn), random clocks for the timed call."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from functions.engine import IllegalMove
from functions.engine.color_match.cards import CODES, COLORS, full_deck
from functions.engine.color_match.state import State
from tests.engine.color_match.support import G

MAX_STEPS = 4000
# Whole games are slow examples: a fraction of the profile's count (default 100, "thorough" 1000).
OPTION_SETS = st.one_of(
    st.sampled_from([G.options("basic"), G.options("house")]),
    st.fixed_dictionaries({
        "multi_play": st.booleans(),
        "stacking": st.booleans(),
        "challenge": st.booleans(),
        "no_action_finish": st.booleans(),
        "call": st.sampled_from(["callout", "next_action", 3, 5, 10]),
    }),
)  # fmt: skip
GAMES = st.tuples(st.integers(2, 10), OPTION_SETS, st.integers(0, 2**32 - 1))
MALFORMED: list[Any] = [
    None, "draw", [], {}, {"type": 7}, {"type": "jump_in"}, {"type": "draw", "cards": ["r1"]},
    {"type": "play"}, {"type": "play", "cards": []}, {"type": "play", "cards": "r1"}, {"type": "play", "cards": [7]},
    {"type": "play", "cards": ["x1"]}, {"type": "play", "cards": ["W"], "color": "purple"},
    {"type": "callout"}, {"type": "callout", "target": "0"}, {"type": "callout", "target": True},
    {"type": "choose_color", "color": None}, {"type": "declare", "now": True},
]  # fmt: skip


def start(n: int, options: dict, seed: int) -> tuple[State, random.Random]:
    rng = random.Random(seed)
    return G.setup(n, options, rng=rng, first=rng.randrange(n)), rng


def random_move(state: State, rng: random.Random) -> tuple[int, dict]:
    """A move of some seat: mostly the mover's plays (so games end), sometimes any seat's legal move."""
    seats = list(range(state.n))
    rng.shuffle(seats)
    if rng.random() < 0.2:
        for seat in seats:
            moves = G.legal_moves(state, seat)
            if moves:
                return seat, rng.choice(moves)
    seat = G.current(state)
    moves = G.legal_moves(state, seat)
    plays = [m for m in moves if m["type"] == "play"]
    return seat, rng.choice(plays if plays and rng.random() < 0.9 else moves)


def step(state: State, rng: random.Random, now: float) -> tuple[State, float]:
    """Advance the clock a little and make a random move legal at that time, applied to the state before or
    after ``advance`` (``apply`` applies due deadlines itself)."""
    now += rng.choice([0.0, 0.5, 2.0, 6.0])
    advanced = G.advance(state, now=now)
    seat, move = random_move(advanced, rng)
    return G.apply(advanced if rng.random() < 0.5 else state, seat, move, now=now), now


def card_total(state: State) -> int:
    v = G.view(state, None)
    return sum(p["cards"] for p in v["players"]) + v["draw_pile"] + v["discard"]


def candidate_moves(state: State, rng: random.Random) -> list[dict]:
    """Well-formed moves of every kind with random cards, colours and targets, and malformed ones."""
    hand = list(state.hands[G.current(state) or 0])
    cards = hand + rng.sample(sorted(CODES), 5)
    moves: list[Any] = [{"type": t} for t in ("draw", "pass", "accept", "challenge", "declare")]
    moves += [{"type": "callout", "target": t} for t in range(-1, state.n + 1)]
    moves += [{"type": "choose_color", "color": c} for c in COLORS]
    for _ in range(12):
        played = rng.sample(cards, rng.choice([1, 1, 1, 2, 3]) if len(cards) >= 3 else 1)
        move = {"type": "play", "cards": played}
        if rng.random() < 0.6:
            move["color"] = rng.choice(COLORS)
        moves.append(move)
    return moves + MALFORMED


def normal(state: State, seat: int, move: Any) -> str:
    """A move as ``legal_moves`` would list it (multi-card plays as sets, no colour for a wild that wins), as
    JSON text so that ``True`` and ``1`` differ."""
    cards = move.get("cards") if isinstance(move, dict) and move.get("type") == "play" else None
    if not (isinstance(cards, list) and cards and all(c in CODES for c in cards)) or seat not in range(state.n):
        return json.dumps(move, sort_keys=True)
    wild_wins = cards[-1] in ("W", "W4") and len(cards) == len(state.hands[seat]) and not state.rules.no_action_finish
    ignored = wild_wins and move.get("color") in COLORS  # a valid colour named anyway is ignored
    listed = {k: v for k, v in move.items() if not (k == "color" and ignored)}
    if len(cards) > 1:
        listed["cards"] = sorted(cards)  # one order of a set is listed; any order whose first card is legal goes
        if not any(m["type"] == "play" and m["cards"] == cards[:1] for m in G.legal_moves(state, seat)):
            listed["first_card_illegal"] = True
    return json.dumps(listed, sort_keys=True)


def listed(state: State, seat: int) -> set[str]:
    return {normal(state, seat, m) for m in G.legal_moves(state, seat)}


@settings(max_examples=max(1, settings.default.max_examples * 2 // 5))
@given(GAMES)
def test_random_games_end_conserve_cards_and_round_trip(game: tuple) -> None:
    state, rng = start(*game)
    now = 0.0
    for _ in range(MAX_STEPS):
        if G.current(state) is None:
            break
        before = G.dump(state)
        following, now = step(state, rng, now)
        assert G.dump(state) == before  # apply never mutates its input
        assert card_total(following) == 108
        restored = G.load(json.loads(json.dumps(G.dump(following))))
        assert G.dump(restored) == G.dump(following)
        state = following
    else:
        raise AssertionError(f"no end after {MAX_STEPS} steps")
    result = G.view(state, 0)["result"]
    assert sorted(seat for seat, _ in result["ranking"]) == list(range(state.n))
    if result["winner"] is not None:
        assert result["ranking"][0] == [result["winner"], 0]


@settings(max_examples=max(1, settings.default.max_examples // 5))
@given(GAMES)
def test_a_move_is_accepted_exactly_when_it_is_listed(game: tuple) -> None:
    state, rng = start(*game)
    now = 0.0
    for _ in range(40):
        if G.current(state) is None:
            break
        # the mover, another seat, and a seat that does not exist
        for seat in (G.current(state), rng.randrange(state.n), rng.choice([-1, state.n, None, "0"])):
            legal = listed(state, seat) if seat in range(state.n) else set()
            for move in G.legal_moves(state, seat):
                G.apply(state, seat, move, now=now)  # every listed move applies
            for move in candidate_moves(state, rng):
                before = G.dump(state)
                try:
                    G.apply(state, seat, move, now=now)
                except IllegalMove as err:
                    assert err.code and str(err)
                    assert G.dump(state) == before  # refused: nothing changed
                    assert normal(state, seat, move) not in legal
                else:
                    assert normal(state, seat, move) in legal, (seat, move)
        state, now = step(state, rng, now)


@settings(max_examples=max(1, settings.default.max_examples // 5))
@given(GAMES)
def test_a_view_depends_on_nothing_the_viewer_may_not_see(game: tuple) -> None:
    state, rng = start(*game)
    now = 0.0
    for _ in range(80):
        if G.current(state) is None:
            break
        for seat in [None, *range(state.n)]:
            view = G.view(state, seat)
            json.dumps(view)
            assert G.view(reshuffle_hidden(state, seat, rng), seat) == view
            assert set(view) >= {"hand"} if seat is not None else "hand" not in view
            assert all(set(p) <= {"seat", "cards", "declared", "uncalled", "deadline"} for p in view["players"])
        state, now = step(state, rng, now)


def reshuffle_hidden(state: State, seat: int | None, rng: random.Random) -> State:
    """The same table with every card the viewer cannot see (others' hands, the draw pile) dealt anew."""
    data = G.dump(state)
    hidden = [i for i in range(state.n) if i != seat]
    pool = [c for i in hidden for c in state.hands[i]] + list(state.pile)
    rng.shuffle(pool)
    hands = [list(h) for h in state.hands]
    for i in hidden:
        hands[i], pool = pool[: len(hands[i])], pool[len(hands[i]) :]
    data["hands"] = [" ".join(h) for h in hands]
    data["pile"] = " ".join(pool)
    if data["drawn"] is not None and state.turn in hidden:
        data["drawn"] = hands[state.turn][-1]  # keep the state consistent: the drawn card is in that hand
    data["wd4"] = state.wd4 and [state.wd4[0], rng.random() < 0.5]  # guilt is hidden too
    return G.load(data)


@settings(max_examples=max(1, settings.default.max_examples // 5))
@given(GAMES)
def test_a_restored_game_plays_on_exactly_as_the_original(game: tuple) -> None:
    state, rng = start(*game)
    restored = G.load(json.loads(json.dumps(G.dump(state))))
    seed = rng.random()
    a, b = random.Random(seed), random.Random(seed)
    now_a = now_b = 0.0
    for _ in range(MAX_STEPS):
        if G.current(state) is None:
            break
        state, now_a = step(state, a, now_a)
        restored, now_b = step(restored, b, now_b)
        assert G.dump(state) == G.dump(restored)
        assert G.next_deadline(state) == G.next_deadline(restored)


def test_the_deck_total_is_the_108_cards() -> None:
    assert len(full_deck()) == 108
