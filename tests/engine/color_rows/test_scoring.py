"""End-of-game scoring (docs/rules.md CR 7): both tables, jokers and plus colours chosen optimally."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from functions.engine.color_rows.cards import COLORS, TABLES
from functions.engine.color_rows.scoring import literal_score, score

from .support import DRAW, new_game, place, play, take, view


@pytest.mark.parametrize(
    ("count", "standard", "variant"),
    [(1, 1, 1), (2, 3, 4), (3, 6, 8), (4, 10, 7), (5, 15, 6), (6, 21, 5), (9, 21, 5)],
)
def test_one_colour_scores_its_table_value_on_both_sides(count: int, standard: int, variant: int) -> None:
    assert score({"green": count}, "standard").total == standard
    assert score({"green": count}, "variant").total == variant


def test_the_rulebook_example_scores_41() -> None:
    cards = {"green": 6, "yellow": 4, "pink": 3, "blue": 2, "joker": 1, "plus2": 1}
    result = score(cards, "standard").as_json(seat=0)
    assert result == {
        "seat": 0,
        "total": 41,
        "counts": {"green": 6, "yellow": 5, "pink": 3, "blue": 2},
        "jokers": [{"card": "joker", "color": "yellow"}],
        "plus": ["green", "yellow", "pink"],
        "minus": ["blue"],
        "points": {"green": 21, "yellow": 15, "pink": 6, "blue": -3},
        "plus2": 2,
    }


def test_the_korean_seeds_example_scores_21_not_6() -> None:
    # S-KO: red 5, yellow 4, blue 3 plus; brown 3, orange 2, green 1 minus ("5+4+3-3-2-1=6점"). Our colours have
    # no red: pink stands in for it.
    cards = {"pink": 5, "yellow": 4, "blue": 3, "brown": 3, "orange": 2, "green": 1}
    seed_arithmetic = 5 + 4 + 3 - 3 - 2 - 1  # adds card counts instead of looking them up in the table
    ours = score(cards, "standard")
    assert seed_arithmetic == 6
    assert ours.total == 15 + 10 + 6 - 6 - 3 - 1 == 21
    assert ours.plus == ("pink", "yellow", "blue") and ours.minus == ("brown", "orange", "green")


def test_on_the_variant_side_the_three_largest_colours_are_not_the_best_choice() -> None:
    cards = {"blue": 6, "pink": 3, "gray": 3, "green": 3}
    largest_three = 5 + 8 + 8 - 8  # blue's 6 cards are worth only 5
    result = score(cards, "variant")
    assert result.total == 8 + 8 + 8 - 5 == 19 > largest_three
    assert result.minus == ("blue",)


def test_a_joker_may_start_a_new_colour_when_that_is_worth_more() -> None:
    result = score({"blue": 6, "joker": 1}, "variant")  # a 7th blue adds nothing; a new colour adds 1
    assert result.total == 6 and result.jokers[0][1] != "blue"


def test_on_the_variant_side_a_joker_can_cost_points() -> None:
    without = score({"blue": 3, "pink": 3, "gray": 3}, "variant").total
    assert score({"blue": 3, "pink": 3, "gray": 3, "joker": 1}, "variant").total == without - 1 == 23


def test_jokers_go_to_different_colours_when_that_is_best() -> None:
    result = score({"green": 5, "yellow": 3, "pink": 2, "joker": 1, "gold": 1}, "standard")
    assert result.total == 21 + 10 + 3  # both on green: 21 + 6 + 3; both on yellow: 15 + 15 + 3
    assert {card for card, _ in result.jokers} == {"joker", "gold"}
    assert sorted(colour for _, colour in result.jokers) == ["green", "yellow"]


def test_the_golden_joker_scores_as_a_joker() -> None:
    assert score({"green": 5, "gold": 1}, "standard").jokers == (("gold", "green"),)
    assert score({"green": 5, "gold": 1}, "standard").total == 21


def test_jokers_only_become_colours_in_play() -> None:
    assert score({"blue": 3, "joker": 1}, "variant", COLORS).total == 8 + 1
    only_blue = score({"blue": 3, "joker": 1}, "variant", ("blue",))
    assert only_blue.total == 7 and only_blue.jokers == (("joker", "blue"),)


def test_plus2_cards_add_two_each_and_fewer_than_three_colours_all_score_plus() -> None:
    result = score({"plus2": 3, "blue": 2, "pink": 1}, "standard")
    assert result.total == 3 + 1 + 6 and result.plus2 == 6 and result.minus == ()
    assert score({"plus2": 1}, "variant").total == 2
    assert score({}, "standard").total == 0


collections = st.fixed_dictionaries(
    {colour: st.integers(0, 9) for colour in COLORS}
    | {"joker": st.integers(0, 2), "gold": st.integers(0, 1), "plus2": st.integers(0, 4)}
)


@settings(max_examples=60)
@given(
    cards=collections,
    scoring=st.sampled_from(sorted(TABLES)),
    removed=st.lists(st.sampled_from(COLORS), max_size=2, unique=True),
)
def test_the_score_is_the_brute_force_optimum_and_its_breakdown_adds_up(cards, scoring, removed) -> None:
    colors = tuple(c for c in COLORS if c not in removed)
    cards = {c: (0 if c in removed else n) for c, n in cards.items()}
    result = score(cards, scoring, colors)
    assert result.total == literal_score(cards, scoring, colors)
    assert result.total == sum(points for _, points in result.points) + result.plus2
    assert all(colour in colors for _, colour in result.jokers)
    assert len(result.jokers) == cards["joker"] + cards["gold"]
    assert sum(n for _, n in result.counts) == sum(cards[c] for c in COLORS) + len(result.jokers)
    assert len(result.plus) == min(3, len(result.counts))


def test_equal_top_scores_share_the_win() -> None:
    state = new_game(2, ["last", "pink", "orange"], [["blue", "green"], ["gray", "plus2"]])
    state = play(state, (0, DRAW), (0, place(0)), (1, DRAW), (1, place(1)), (0, take(0)), (1, take(1)))
    result = view(state)["result"]
    assert [s["total"] for s in result["scores"]] == [3, 4]
    assert result["winners"] == [1]

    state = new_game(2, ["last", "pink", "orange"], [["blue", "green"], ["gray", "brown"]])
    state = play(state, (0, DRAW), (0, place(0)), (1, DRAW), (1, place(1)), (0, take(0)), (1, take(1)))
    result = view(state)["result"]
    assert [s["total"] for s in result["scores"]] == [3, 3]
    assert result["winners"] == [0, 1]
