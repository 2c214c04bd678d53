"""The scratch tables the hard CPU imagines games on (``color_match/fast.py``, ``color_rows/fast.py``,
``daifugo/fast.py``) follow the
engine's rules: over random seeded games, every move made on the engine and on a scratch copy of the same
position leaves both in the same position."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from functions.engine import GAMES
from functions.engine.color_match import fast as cm_fast
from functions.engine.color_match.state import State as MatchState
from functions.engine.color_rows import fast as cr_fast
from functions.engine.color_rows.state import State as RowsState
from functions.engine.cpu.daifugo.hard import Knowledge as DaifugoKnowledge
from functions.engine.cpu.daifugo.hard import play_parts
from functions.engine.daifugo import cards as df_cards
from functions.engine.daifugo import fast as df_fast
from functions.engine.daifugo.state import State as DaifugoState

from .test_cpu_properties import COLOR_MATCH_OPTIONS


def match_sim(s: MatchState) -> cm_fast.Sim:
    return cm_fast.Sim(
        s.rules,
        [list(h) for h in s.hands],
        pile=list(reversed(s.pile)),
        below=list(s.discard[:-1]),
        top=s.discard[-1],
        color=s.color,  # type: ignore[arg-type]
        direction=s.direction,
        turn=s.turn,
        phase=s.phase,
        drawn=s.drawn,
        pending=s.pending[0] if s.pending else 0,
        pending_by=s.pending[1] if s.pending else -1,
        guilty=s.wd4[1] if s.wd4 else None,
    )


def match_position(s: MatchState) -> tuple[Any, ...]:
    over = s.phase == "over"
    return (s.hands, s.discard[-1], s.color, s.direction, None if over else s.turn, s.phase, s.drawn,
            s.pending[0] if s.pending else 0, s.winner if over else None)  # fmt: skip


def sim_match_position(sim: cm_fast.Sim) -> tuple[Any, ...]:
    over = sim.phase == cm_fast.OVER
    return (tuple(map(tuple, sim.hands)), sim.top, sim.color, sim.direction, None if over else sim.turn, sim.phase,
            sim.drawn, sim.pending, sim.winner)  # fmt: skip


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6), options=COLOR_MATCH_OPTIONS)
def test_color_match_scratch_table_plays_by_the_rules(seed: int, players: int, options: dict[str, Any]) -> None:
    game = GAMES["color-match"]
    rng = random.Random(seed)
    s = game.setup(players, game.validate_options(options), rng=rng, first=rng.randrange(players))
    if s.phase == "color":
        s = game.apply(s, s.turn, {"type": "choose_color", "color": "g"}, now=0.0)
    sim = match_sim(s)
    for _ in range(400):
        if s.phase == "over" or s.reshuffles:  # the scratch table reshuffles in its own order
            break
        # Every call is made in time (the scratch table assumes it), so no missed-call penalty ever falls.
        callers = [seat for seat in range(players) if {"type": "declare"} in game.legal_moves(s, seat)]
        for seat in callers:
            s = game.apply(s, seat, {"type": "declare"}, now=0.0)
        moves = [m for m in game.legal_moves(s, s.turn) if m["type"] not in ("declare", "callout")]
        singles = {m["cards"][0] for m in moves if m["type"] == "play" and len(m["cards"]) == 1}
        assert set(sim.playable(s.turn)) == singles
        move = rng.choice(moves)
        seat = s.turn
        s = game.apply(s, seat, move, now=0.0)
        if s.reshuffles:
            break
        sim.make(seat, move)
        assert sim_match_position(sim) == match_position(s), move


def rows_sim(s: RowsState) -> cr_fast.Sim:
    sim = cr_fast.Sim(
        n_players=s.n_players,
        table=(1, 3, 6, 10, 15, 21),
        n_colors=len(s.colors),
        collections=[list(c) for c in s.collections],
        supply=[cr_fast.CODE_OF[c] for c in reversed(s.supply)],
        current=s.current,  # type: ignore[arg-type]
        rows=[[cr_fast.CODE_OF[c] for c in row] for row in s.rows],
        row_taken=[t is not None for t in s.taken_by],
        drawn=None if s.drawn is None else cr_fast.CODE_OF[s.drawn],
        last_round=s.last_round,
    )
    sim.out = [s.is_out(seat) for seat in range(s.n_players)]
    return sim


def rows_position(s: RowsState) -> tuple[Any, ...]:
    return (
        [list(c) for c in s.collections],
        [[cr_fast.CODE_OF[c] for c in row] for row in s.rows] if not s.over else None,
        [t is not None for t in s.taken_by] if not s.over else None,
        s.current,
        None if s.drawn is None else cr_fast.CODE_OF[s.drawn],
        s.last_round,
        [cr_fast.CODE_OF[c] for c in reversed(s.supply)],
    )


def sim_rows_position(sim: cr_fast.Sim) -> tuple[Any, ...]:
    over = sim.current is None
    return (sim.collections, None if over else sim.rows, None if over else sim.row_taken, sim.current, sim.drawn,
            sim.last_round, sim.supply)  # fmt: skip


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 5))
def test_color_rows_scratch_table_plays_by_the_rules(seed: int, players: int) -> None:
    game = GAMES["color-rows"]
    rng = random.Random(seed)
    s = game.setup(players, game.options(), rng=rng, first=rng.randrange(players))
    sim = rows_sim(s)
    while not s.over:
        seat = s.current
        legal = game.legal_moves(s, seat)
        if sim.drawn is not None:
            assert [{"type": "place", "row": r} for r in sim.placeable()] == legal
        else:
            assert sim.can_draw() == ({"type": "draw"} in legal)
            assert [m for m in legal if m["type"] == "take"] == [{"type": "take", "row": r} for r in sim.takeable()]
        move = rng.choice(legal)
        s = game.apply(s, seat, move, now=0.0)
        if move["type"] == "draw":
            assert sim.can_draw()
            sim.draw(seat)
        elif move["type"] == "place":
            assert move["row"] in sim.placeable()
            sim.place(seat, move["row"])
        else:
            assert move["row"] in sim.takeable()
            sim.take(seat, move["row"])
        assert sim_rows_position(sim) == rows_position(s), move


# --- 大富豪 ---------------------------------------------------------------------------------------------------------

DAIFUGO_OPTIONS = st.fixed_dictionaries(
    {"jokers": st.integers(0, 2), "rounds": st.just(1)},
    optional={
        name: st.booleans()
        for name in ("sequences", "revolution", "sequence_revolution", "eight_cut", "lock", "eleven_back", "spade3",
                     "miyako_ochi", "forbidden_finish")
    },
)


def daifugo_position(s: DaifugoState) -> tuple[Any, ...]:
    field = s.field
    return (tuple(map(tuple, s.hands)), s.turn, None if field is None else (field.cards, field.low, field.suit),
            s.passed, s.revolution, s.eleven_back, s.lock)  # fmt: skip


def sim_daifugo_position(sim: df_fast.Sim) -> tuple[Any, ...]:
    field = (sim.field_cards, sim.field_low, sim.field_suit) if sim.field_size else None
    return (tuple(tuple(sorted(h)) for h in sim.hands), sim.turn, field, tuple(sim.passed), sim.revolution,
            sim.eleven_back, sim.lock)  # fmt: skip


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 8), options=DAIFUGO_OPTIONS, titled=st.booleans())
def test_daifugo_scratch_table_plays_a_round_by_the_rules(
    seed: int, players: int, options: dict[str, Any], titled: bool
) -> None:
    """A round of random legal moves (gives included) on the engine and on a scratch table read from a seat's view
    and the true hands: the same position after every move, the same places at the end."""
    game = GAMES["daifugo"]
    rng = random.Random(seed)
    order = list(range(players))
    rng.shuffle(order)
    start = {"previous": order} if titled else None
    s = game.setup(players, game.validate_options(options), rng=rng, start=start)
    viewer = rng.randrange(players)
    sim = DaifugoKnowledge(game.view(s, viewer))._sim([list(h) for h in s.hands])
    for _ in range(1000):
        seat = game.current(s)
        move = rng.choice(game.legal_moves(s, seat))
        s = game.apply(s, seat, move, now=0.0)
        if move["type"] == "give":
            sim.give(seat, [df_cards.CARD[c] for c in move["cards"]])
        elif move["type"] == "pass":
            sim.pass_(seat)
        else:
            sim.play(seat, *play_parts(seat, move))
        if s.history:
            assert sim.over and tuple(sim.places) == s.history[-1]
            return
        assert not sim.over
        if s.phase == "play":
            assert sim_daifugo_position(sim) == daifugo_position(s)
    raise AssertionError("the round did not end")


def test_with_draw_streams_each_seat_draws_the_same_cards_whoever_else_draws() -> None:
    """The common random numbers of the search: a seat's draws come from its own stream, so two imagined games
    that differ in how many cards the others drew still give it the same cards; the pile's cards are all
    drawn, and a reshuffle refills the streams."""
    rules = GAMES["color-match"].options("basic")
    pile = [f"{colour}{number}" for colour in "rgb" for number in range(1, 9)]
    table = cm_fast.Sim(
        cm_fast.Rules(rules), [["y1"], ["y2"], ["y3"]], pile=pile, below=["y4", "y5"], top="y6", color="y",
        streams=True,
    )
    many, few = table.copy(), table.copy()
    for _ in range(3):
        many.draw(1)
    many.draw(2)
    few.draw(2)
    assert many.hands[2] == few.hands[2] and many.hands[1] != table.hands[1]
    for _ in range(len(pile) - 1):  # seat 2 drew one
        few.draw(0)
    assert sorted(c for hand in few.hands for c in hand[1:]) == sorted(pile) and not any(few.streams or ())
    few.draw(2)
    assert few.hands[2][-1] in ("y4", "y5") and few.reshuffles == 1
