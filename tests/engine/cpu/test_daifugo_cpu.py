"""The 大富豪 CPU: each heuristic on a table built through the engine, legality and determinism over whole games."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from functions.engine.cpu import base
from functions.engine.cpu.daifugo.hard import HardDaifugoCpu
from functions.engine.cpu.daifugo.normal import STYLES, DaifugoCpu
from functions.engine.daifugo import GAME as G
from tests.engine.daifugo.support import deal, play, position

NORMAL = DaifugoCpu()
EASY = NORMAL.at("easy")
QUICK_LEVELS = tuple(level for level in base.LEVELS if level != "hard")
OTHERS = ("c9 cT cQ hK dK h9 d9 cA", "s9 sT hQ sK hA dT hT dQ")  # two opponents with plenty of cards


def choose(s: Any, seat: int = 0, cpu: DaifugoCpu = NORMAL, seed: int = 0) -> dict[str, Any] | None:
    return cpu.choose(G.view(s, seat), random.Random(seed))


def cards_of(move: dict[str, Any] | None) -> str:
    assert move is not None
    return "pass" if move["type"] == "pass" else " ".join(move["cards"])


def test_leads_its_weakest_group_whole() -> None:
    assert cards_of(choose(position("s3 h3 s9 dJ s2", *OTHERS))) == "s3 h3"


def test_follows_with_the_lowest_card_that_fits_without_breaking_a_pair() -> None:
    s = play(position("s4 cJ", "s6 h6 s7 dJ hJ", "c9 cT cQ"), 0, "s4")
    assert cards_of(choose(s, 1)) == "s7"


def test_follows_with_anything_lower_before_its_2s_and_jokers() -> None:
    s = play(position("s9 " + OTHERS[0], "s4 h5 sT d6 s7 c2 X1", OTHERS[1]), 0, "s9")
    assert cards_of(choose(s, 1)) == "sT"


def test_passes_to_keep_its_joker_while_the_trick_does_not_matter() -> None:
    s = play(position("sQ " + OTHERS[0], "s4 h5 d6 s7 c8 h3 X1", OTHERS[1]), 0, "sQ")
    assert cards_of(choose(s, 1)) == "pass"
    s = play(position("sQ " + OTHERS[0], "s4 h5 X1", OTHERS[1]), 0, "sQ")
    assert cards_of(choose(s, 1)) == "X1"  # near the end it takes the lead to play out


def test_spends_a_control_to_stop_a_player_about_to_go_out() -> None:
    s = play(position("sQ c4", "s4 h5 d6 s7 c2 X1", OTHERS[1]), 0, "sQ")
    assert cards_of(choose(s, 1)) in ("c2", "X1")


def test_plays_its_controls_when_the_rest_can_follow() -> None:
    s = play(position("sQ " + OTHERS[0], "s4 c2", OTHERS[1]), 0, "sQ")
    assert cards_of(choose(s, 1)) == "c2"  # then it leads the 4 and is out


def test_cuts_with_an_eight_to_lead_its_weak_cards() -> None:
    s = play(position("s7 " + OTHERS[0], "h8 s3 d4 c2 X1", OTHERS[1]), 0, "s7")
    assert cards_of(choose(s, 1)) == "h8"
    s = play(position("s5 " + OTHERS[0], "h8 s3 d4 h6 cK", OTHERS[1]), 0, "s5")
    assert cards_of(choose(s, 1)) == "h6"  # a weak card fits: the 8 waits for a trick only it can take


def test_makes_a_revolution_with_a_hand_of_low_cards() -> None:
    s = position("s4 h4 d4 c4 s5 h6 c6 s7 d9", *OTHERS)
    assert cards_of(choose(s)) == "s4 h4 d4 c4"


def test_keeps_a_revolution_back_that_would_ruin_its_2s_and_aces() -> None:
    s = position("s9 h9 d9 c9 s2 h2 sA hA s3", *OTHERS)
    assert cards_of(choose(s)) != "s9 h9 d9 c9"


def test_plays_a_forbidden_card_before_its_last_one() -> None:
    s = position("s5 X1", *OTHERS, forbidden_finish=True)
    assert cards_of(choose(s)) == "X1"


def test_does_not_finish_on_a_forbidden_play_when_it_may_pass() -> None:
    s = play(position("s5 " + OTHERS[0], "X1", OTHERS[1]), 0, "s5")
    s_on = play(position("s5 " + OTHERS[0], "X1", OTHERS[1], forbidden_finish=True), 0, "s5")
    assert (cards_of(choose(s, 1)), cards_of(choose(s_on, 1))) == ("X1", "pass")


def test_gives_away_its_weakest_loose_cards_in_the_exchange() -> None:
    s = deal("s3 h3 s4 d6 s9 sK dA s2", "h5 h6 h7 h8", "c2 d2 cK c5", previous=[0, 1, 2])
    move = choose(s, 0)
    assert move["type"] == "give" and cards_of(move) == "s4 d6"  # the 3s are a pair; 2s and the joker stay


def test_never_acts_without_legal_moves_or_once_the_game_is_over() -> None:
    s = position("s3 h3", *OTHERS)
    assert choose(s, 1) is None
    view = G.view(s, 0)
    assert NORMAL.choose({**view, "result": {"winners": [0]}}, random.Random(0)) is None


def test_levels() -> None:
    assert (NORMAL.level, EASY.level, repr(EASY)) == ("normal", "easy", "DaifugoCpu('easy')")
    assert EASY.style == STYLES["easy"] and NORMAL.style == STYLES["normal"]
    with pytest.raises(ValueError, match="unknown CPU level"):
        NORMAL.at("expert")


def test_hard_is_the_search_player_and_a_level_without_a_style_plays_as_normal() -> None:
    assert isinstance(NORMAL.at("hard"), HardDaifugoCpu)
    assert DaifugoCpu("hard").style == STYLES["normal"]


def test_easy_usually_sees_a_big_difference_and_sometimes_misses_a_small_one() -> None:
    big = play(position("s4 " + OTHERS[0], "s5 sK dA s2 X1 h9 d3", OTHERS[1]), 0, "s4")
    picks = [cards_of(choose(big, 1, cpu=EASY, seed=seed)) for seed in range(100)]
    assert sum(picks.count(weak) for weak in ("s5", "h9", "sK", "dA")) >= 90 and "X1" not in picks
    small = position("s3 h3 s9 dJ s2", *OTHERS)  # the pair of 3s, or the 9 first: a small difference
    picks = [cards_of(choose(small, cpu=EASY, seed=seed)) for seed in range(100)]
    assert 20 <= picks.count("s3 h3") < 100


# --- over whole games -----------------------------------------------------------------------------------------------


def checked(cpu: DaifugoCpu, view: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """The CPU's choice, checked: legal, deterministic for (view, rng), and the view left as it was."""
    before = copy.deepcopy(view)
    state = rng.getstate()
    move = cpu.choose(view, rng)
    assert view == before
    after = rng.getstate()
    rng.setstate(state)
    assert cpu.choose(copy.deepcopy(view), rng) == move and rng.getstate() == after
    assert (move is None) == (not view["legal"]), view
    assert move is None or move in view["legal"]
    return move


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    n=st.integers(3, 8),
    preset=st.sampled_from(["basic", "house"]),
    rounds=st.integers(1, 2),
)
def test_cpus_of_every_level_play_legal_games_to_the_end(seed: int, n: int, preset: str, rounds: int) -> None:
    rng = random.Random(seed)
    cpus = [NORMAL.at(rng.choice(QUICK_LEVELS)) for _ in range(n)]  # hard: test_hard_daifugo_cpu.py
    s = G.setup(n, {**G.options(preset), "rounds": rounds}, rng=rng, first=rng.randrange(n))
    for _ in range(5000):
        if G.current(s) is None:
            break
        pending = G.view(s, None)["exchange"]["pending"] if G.view(s, None)["phase"] == "exchange" else []
        actors = pending or [G.current(s)]
        other = rng.choice([seat for seat in range(n) if seat not in actors])
        assert checked(cpus[other], G.view(s, other), rng) is None  # nothing to do off turn
        seat = rng.choice(actors)
        s = G.apply(s, seat, checked(cpus[seat], G.view(s, seat), rng), now=0.0)
    else:
        raise AssertionError("the game did not end")
    assert G.outcome(s) is not None
