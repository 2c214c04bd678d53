"""The Color Rows CPU's heuristics, each on a hand-made view (the fields of docs/engine.md, "Color Rows")."""

from __future__ import annotations

import random
from typing import Any

import pytest

from functions.engine.cpu import CPUS

STANDARD = [1, 3, 6, 10, 15, 21]
VARIANT = [1, 4, 8, 7, 6, 5]
COLORS = ["blue", "brown", "gray", "green", "orange", "pink", "yellow"]
NORMAL = CPUS["color-rows"]
EASY = NORMAL.at("easy")


def make_view(
    rows: list[list[str]],
    players: list[dict[str, int]],
    *,
    capacity: int = 3,
    out: tuple[int, ...] = (),
    drawn: str | None = None,
    table: list[int] = STANDARD,
    supply: int = 40,
) -> dict[str, Any]:
    """Seat 0's view of a table: its legal moves follow from the rows as the rules give them."""
    if drawn:
        legal = [{"type": "place", "row": i} for i, cards in enumerate(rows) if len(cards) < capacity]
    else:
        room = any(len(cards) < capacity for cards in rows)
        legal = ([{"type": "draw"}] if room else []) + [
            {"type": "take", "row": i} for i, cards in enumerate(rows) if cards
        ]
    return {
        "game": "color-rows",
        "seat": 0,
        "options": {"scoring": "standard" if table == STANDARD else "variant"},
        "colors": COLORS,
        "table": table,
        "rows": [{"cards": cards, "capacity": capacity, "taken_by": None} for cards in rows],
        "players": [{"seat": s, "cards": cards, "out": s in out} for s, cards in enumerate(players)],
        "supply": supply,
        "last_round": False,
        "drawn": drawn,
        "current": 0,
        "round": 1,
        "legal": legal,
        "result": None,
        "events": [],
    }


def choose(view: dict[str, Any], cpu: Any = NORMAL, seed: int = 0) -> dict[str, Any] | None:
    return cpu.choose(view, random.Random(seed))


def test_takes_the_row_that_grows_its_plus_colours() -> None:
    view = make_view([["pink"], ["blue", "blue", "joker"]], [{"blue": 2}, {"pink": 2}])
    assert choose(view) == {"type": "take", "row": 1}


def test_avoids_a_row_that_adds_minus_colours() -> None:
    mine = {"blue": 3, "green": 3, "yellow": 3}
    view = make_view([["gray", "orange", "pink"], ["plus2"], ["blue"]], [mine, {}, {}], capacity=1)
    view["rows"][0]["capacity"] = 3  # three new colours: every one scores minus
    assert choose(view) == {"type": "take", "row": 2}
    view["rows"][2]["cards"] = ["brown"]
    view["legal"] = [m for m in view["legal"] if m["type"] == "take"]
    assert choose(view) == {"type": "take", "row": 1}  # +2 beats a fourth colour


@pytest.mark.parametrize(("table", "expected_row"), [(STANDARD, 0), (VARIANT, 1)])
def test_knows_both_scoring_tables(table: list[int], expected_row: int) -> None:
    # A fourth blue adds 4 on the standard side (6 -> 10) but loses 1 on the variant side (8 -> 7).
    view = make_view([["blue"], ["green"]], [{"blue": 3}, {}], capacity=1, table=table)
    assert choose(view) == {"type": "take", "row": expected_row}


def test_denies_the_strongest_opponent_a_row_worth_as_much_to_us() -> None:
    # Both rows add 3 to us (a third blue; a joker as a third blue), but the joker is a sixth pink to the leader.
    view = make_view([["blue"], ["joker"]], [{"blue": 2}, {"pink": 5}], capacity=1)
    assert choose(view) == {"type": "take", "row": 1}
    # Once the leader is out of the round, it cannot take the joker: the choice is ours alone (first of equals).
    assert choose(make_view([["blue"], ["joker"]], [{"blue": 2}, {"pink": 5}], capacity=1, out=(1,))) == {
        "type": "take",
        "row": 0,
    }


def test_in_the_last_round_denying_the_strongest_opponent_weighs_as_much_as_its_own_gain() -> None:
    # Row 0: a fourth blue for us (+4), a new colour for the leader (+1). Row 1: a new colour for us (+1), a
    # fifth pink for the leader (+5). Earlier we take our +4; in the last round, denying the leader's +5 wins.
    view = make_view([["blue"], ["pink"]], [{"blue": 3}, {"pink": 4}], capacity=1)
    assert choose(view) == {"type": "take", "row": 0}
    assert choose({**view, "last_round": True}) == {"type": "take", "row": 1}


def test_spoils_the_strongest_opponents_row_rather_than_its_own() -> None:
    mine = {"blue": 3, "green": 3, "yellow": 3}
    leader = {"pink": 3, "orange": 3, "brown": 3}
    view = make_view([["blue", "blue"], ["pink", "pink"]], [mine, leader], drawn="gray")
    assert choose(view) == {"type": "place", "row": 1}


def test_puts_a_card_of_its_colour_on_its_own_row() -> None:
    others = [{"pink": 2, "green": 2, "gray": 2}, {"orange": 2, "brown": 2, "yellow": 2}]  # blue is minus to them
    view = make_view([["blue", "blue"], ["pink"]], [{"blue": 2}, *others], drawn="blue")
    view["rows"].append({"cards": [], "capacity": 3, "taken_by": None})
    view["legal"].append({"type": "place", "row": 2})
    assert choose(view) == {"type": "place", "row": 0}


def test_values_the_golden_jokers_bonus_card() -> None:
    # Few colours: the bonus card almost surely helps, so the golden joker beats the plain one.
    few = make_view([["joker"], ["gold"]], [{"blue": 1}, {}], capacity=1)
    assert choose(few) == {"type": "take", "row": 1}
    # Three full colours and two minus ones: the bonus card most likely costs points, the plain joker nothing.
    many = make_view(
        [["joker"], ["gold"]],
        [{"blue": 6, "green": 6, "yellow": 6, "pink": 1, "gray": 1}, {}],
        capacity=1,
        out=(1,),
    )
    assert choose(many) == {"type": "take", "row": 0}


def test_alone_in_the_round_it_keeps_drawing_while_drawing_cannot_hurt() -> None:
    # An empty row can take any bad card, so drawing can only improve the blue row.
    view = make_view([["blue"], []], [{"blue": 3}, {}, {}], out=(1, 2))
    assert choose(view) == {"type": "draw"}


def test_alone_in_the_round_it_takes_when_the_next_card_would_likely_spoil_its_row() -> None:
    mine = {"blue": 6, "green": 6, "yellow": 6}  # full plus colours: only a +2 or a minus colour can come
    view = make_view([["blue", "plus2"]], [mine, {}, {}], out=(1, 2))
    assert choose(view) == {"type": "take", "row": 0}


def test_takes_a_good_row_before_an_opponent_who_wants_it_can() -> None:
    # A full-value row for us that the next player also wants: waiting would lose it.
    view = make_view([["blue", "blue", "blue"], []], [{"blue": 3}, {"blue": 3}])
    assert choose(view) == {"type": "take", "row": 0}


def test_easy_usually_sees_a_big_difference_and_sometimes_misses_a_small_one() -> None:
    big = make_view([["blue", "blue"], ["gray", "orange"]], [{"blue": 3, "green": 3, "yellow": 3}, {}], capacity=2)
    big["legal"] = [m for m in big["legal"] if m["type"] == "take"]
    picks = [choose(big, EASY, seed)["row"] for seed in range(100)]
    assert picks.count(0) >= 95
    close = make_view([["blue"], ["plus2"]], [{"blue": 2, "green": 1}, {}], capacity=1)  # +3 against +2
    picks = [choose(close, EASY, seed)["row"] for seed in range(100)]
    assert 50 <= picks.count(0) < 100


def test_is_deterministic_for_a_view_and_an_rng_state() -> None:
    view = make_view([["blue"], ["pink", "joker"], []], [{"blue": 2}, {"pink": 2}, {"green": 1}])
    for cpu in (NORMAL, EASY):
        assert len({str(choose(view, cpu, seed=7)) for _ in range(5)}) == 1


def test_does_not_act_without_legal_moves_or_once_the_game_is_over() -> None:
    view = make_view([["blue"]], [{"blue": 2}, {}])
    assert choose({**view, "legal": []}) is None
    assert choose({**view, "result": {"scores": [], "winners": [1]}}) is None


def test_levels_are_named() -> None:
    assert (NORMAL.level, EASY.level, NORMAL.at("hard").level) == ("normal", "easy", "hard")
    with pytest.raises(ValueError, match="unknown CPU level"):
        NORMAL.at("expert")
