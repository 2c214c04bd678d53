"""The ``hard`` 大富豪 CPU: legal moves only, decisions from the view alone, the same decision for the same view
and rng, what the exchange tells its deals, and the exact finishing check.

The searches run at a test-sized budget here; the production budget is the one ``bench/bench_cpu_hard.py``
measures (``CPUS["daifugo"].at("hard")``).
"""

from __future__ import annotations

import copy
import dataclasses
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from functions.engine.cpu import CPUS
from functions.engine.cpu.daifugo.hard import BUDGET, HardDaifugoCpu, Knowledge, finishing_move
from functions.engine.cpu.search import Budget
from functions.engine.daifugo import GAME as G
from functions.engine.daifugo.cards import code, tribute_order
from tests.engine.daifugo.support import position

from .test_scratch_tables import DAIFUGO_OPTIONS

HARD = HardDaifugoCpu(Budget(work=200, deal_cost=15, playout_cost=2))  # a deal or two a decision
NORMAL = CPUS["daifugo"]


def test_the_registry_gives_the_hard_player_at_the_production_budget() -> None:
    hard = CPUS["daifugo"].at("hard")
    assert isinstance(hard, HardDaifugoCpu) and hard.level == "hard" and hard.budget == BUDGET
    assert hard.at("normal").level == "normal" and hard.at("easy").level == "easy"


# --- legal moves only, the same decision for the same view and rng --------------------------------------------------


def checked(view: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """The hard player's choice, checked: legal, the view untouched, the same choice and rng state again."""
    before = copy.deepcopy(view)
    state = rng.getstate()
    move = HARD.choose(view, rng)
    assert view == before
    after = rng.getstate()
    rng.setstate(state)
    assert HARD.choose(copy.deepcopy(view), rng) == move and rng.getstate() == after
    assert (move is None) == (not view["legal"])
    assert move is None or move in view["legal"], f"{move} is not one of {view['legal']}"
    return move


# About 50 hard decisions with a choice a game (two rounds, so the second has titles and an exchange): some 2,000.
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 6), options=DAIFUGO_OPTIONS)
def test_hard_daifugo_plays_legal_moves_only(seed: int, players: int, options: dict[str, Any]) -> None:
    rng = random.Random(seed)
    hard = set(rng.sample(range(players), players - 1))  # one normal seat
    s = G.setup(players, G.validate_options({**options, "rounds": 2}), rng=rng, first=rng.randrange(players))
    choices = 0
    for _ in range(3000):
        seat = G.current(s)
        if seat is None:
            break
        view = G.view(s, seat)
        if seat in hard:
            choices += len(view["legal"]) > 1
            move = checked(view, rng)
        else:
            move = NORMAL.choose(view, rng)
        assert move is not None
        s = G.apply(s, seat, move, now=0.0)
    else:
        raise AssertionError("the game did not end")
    assert choices > 0


# --- the view only ----------------------------------------------------------------------------------------------------


def other_hidden_cards(state: Any, seat: int, rng: random.Random) -> Any:
    """The same table as ``seat`` sees it, every other hand (and a fallen 大富豪's buried cards) dealt again."""
    hidden = [c for s, hand in enumerate(state.hands) if s != seat for c in hand] + list(state.buried)
    rng.shuffle(hidden)
    hands = []
    for s, hand in enumerate(state.hands):
        if s == seat:
            hands.append(hand)
        else:
            hands.append(tuple(sorted(hidden[: len(hand)])))
            del hidden[: len(hand)]
    return dataclasses.replace(state, hands=tuple(hands), buried=tuple(sorted(hidden)))


def choices(seed: int, preset: str, players: int) -> list[tuple[Any, int]]:
    """The positions of a seeded game of normal CPUs (two rounds) where the seat to act has a choice."""
    rng = random.Random(seed)
    s = G.setup(players, {**G.options(preset), "rounds": 2}, rng=rng, first=rng.randrange(players))
    found = []
    while G.current(s) is not None:
        seat = G.current(s)
        view = G.view(s, seat)
        if len(view["legal"]) > 1:
            found.append((s, seat))
        s = G.apply(s, seat, NORMAL.choose(view, rng), now=0.0)
    return found


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), preset=st.sampled_from(["basic", "house"]), players=st.integers(3, 6),
       pick=st.integers(0, 10_000))
def test_hard_daifugo_decides_from_the_view_alone(seed: int, preset: str, players: int, pick: int) -> None:
    """Dealing the hidden cards again changes nothing the seat sees, so nothing it decides."""
    found = choices(seed, preset, players)
    state, seat = found[pick % len(found)]
    other = other_hidden_cards(state, seat, random.Random(pick))
    view = G.view(state, seat)
    assert G.view(other, seat) == view  # the inputs of the decision are the same…
    assert HARD.choose(G.view(other, seat), random.Random(pick)) == HARD.choose(view, random.Random(pick))  # …so is it


# --- what the exchange tells ---------------------------------------------------------------------------------------


def test_the_deals_keep_what_the_exchange_told_each_side() -> None:
    """The 大富豪 knows the 大貧民 holds the cards it gave back and nothing stronger than its tribute besides; the
    大貧民 knows the 大富豪 holds its tribute."""
    s = G.setup(4, G.options("basic"), rng=random.Random(5), start={"previous": [0, 1, 2, 3]})
    tribute = s.exchange.received[0]  # type: ignore[union-attr]
    back = sorted(s.hands[0])[:2]
    s = G.apply(s, 0, {"type": "give", "cards": [code(c) for c in back]}, now=0.0)
    rng = random.Random(0)
    weakest_tribute = tribute_order(tribute)[-1]
    upper = Knowledge(G.view(s, 0))
    for _ in range(50):
        hands = upper.deal(rng).hands
        assert set(back) <= set(hands[3])
        stronger = [c for c in hands[3] if c not in back and tribute_order([c, weakest_tribute])[0] == c]
        assert not stronger
    lower = Knowledge(G.view(s, 3))
    for _ in range(50):
        assert set(tribute) <= set(lower.deal(rng).hands[0])


# --- the exact finishing check ----------------------------------------------------------------------------------------


def finishing(hands: tuple[str, ...], **options: Any) -> str | None:
    view = G.view(position(*hands, **options), 0)
    move = finishing_move(view, view["legal"])
    return None if move is None else " ".join(move["cards"])


def test_goes_out_through_its_unbeatable_plays() -> None:
    assert finishing(("c4 X1", "s9 h9", "sT hT")) == "X1"  # the lone joker wins its trick, then the 4 goes out
    assert finishing(("s4 h4 s8", "s9 h9", "sT hT")) == "s8"  # an 8 cuts, then the pair goes out
    view = G.view(position("c4 X1", "s9 h9", "sT hT"), 0)
    assert HARD.choose(view, random.Random(0)) == {"type": "play", "cards": ["X1"]}


def test_no_finishing_line_while_an_unseen_card_can_beat_it() -> None:
    assert finishing(("c4 s2", "s9 h9", "sT hT")) is None  # the joker is unseen: the 2 may lose its trick
    assert finishing(("s4 h4 d4 c4 X1", "s9 h9", "sT hT")) == "X1"  # then the four 4s
    assert finishing(("s4 h4 d4 c4 X1", "s9 h9", "sT hT"), spade3=True) is None  # the ♠3 is unseen: the joker may lose
    assert finishing(("X1 c2", "s9 h9", "sT hT"), forbidden_finish=True) is None  # only a forbidden last play
