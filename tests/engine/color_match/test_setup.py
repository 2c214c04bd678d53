"""The deal, the first card (docs/rules.md CM 3) and the options (CM 2: presets, validation)."""

from __future__ import annotations

import random

import pytest

from functions.engine import OptionsError
from tests.engine.color_match.support import FILLER, G, act, counts, deal, events, hand, play, total_cards

HANDS3 = [list(FILLER[:7]), ["b1", "b2", "b3", "b4", "b5", "b6", "b7"], ["g1", "g2", "g3", "g4", "g5", "g6", "g7"]]


def test_the_deck_is_dealt_in_order_and_the_pile_drawn_from_its_start() -> None:
    s = deal(HANDS3, "r5", ["g9", "b0"])
    assert [hand(s, i) for i in range(3)] == HANDS3
    v = G.view(s, 0)
    assert (v["top"], v["color"], v["current"], v["draw_pile"], v["discard"]) == ("r5", "r", 0, 2, 1)
    s = act(s, 0, "draw")
    assert hand(s, 0)[-1] == "g9"


def test_a_random_deal_is_the_108_cards_and_the_same_seed_gives_the_same_game() -> None:
    a = G.setup(10, G.options("house"), rng=random.Random(42), first=3)
    b = G.setup(10, G.options("house"), rng=random.Random(42), first=3)
    assert G.dump(a) == G.dump(b)
    assert all(c >= 7 for c in counts(a))
    assert total_cards(a) == 108


def test_a_number_first_lets_the_first_player_play() -> None:
    s = deal(HANDS3, "r5", ["g9"], first=2)
    assert (G.current(s), G.view(s, 0)["direction"]) == (2, 1)


def test_a_skip_first_skips_the_first_player() -> None:
    s = deal(HANDS3, "rS", ["g9"], first=1)
    assert G.current(s) == 2
    assert events(s, "skipped") == [{"type": "skipped", "seat": 1}]


def test_a_reverse_first_lets_the_dealer_play_first_the_other_way() -> None:
    s = deal(HANDS3, "rR", ["g9"], first=1)
    v = G.view(s, 0)
    assert (v["current"], v["direction"], v["next"]) == (0, -1, 2)


def test_a_draw_two_first_makes_the_first_player_draw_two_and_lose_the_turn() -> None:
    s = deal(HANDS3, "rD", ["g9", "b0", "y0"], first=0)
    assert hand(s, 0)[-2:] == ["g9", "b0"]
    assert G.current(s) == 1
    assert G.view(s, 0)["pending"] is None  # never stackable (CM 3), even in house
    s = deal(HANDS3, "rD", ["g9", "bD", "y0"], first=0, stacking=True)
    assert (G.current(s), counts(s)[0]) == (1, 9)


def test_a_wild_first_lets_the_first_player_name_the_colour_then_play() -> None:
    s = deal(HANDS3, "W", ["g9"], first=1)
    v = G.view(s, 1)
    assert (v["phase"], v["color"], v["current"]) == ("color", None, 1)
    assert v["legal"] == [{"type": "choose_color", "color": c} for c in "rygb"]
    with pytest.raises(Exception) as err:
        act(s, 1, "draw")
    assert err.value.code == "choose_color_first"
    s = act(s, 1, "choose_color", color="b")
    assert (G.view(s, 1)["color"], G.current(s)) == ("b", 1)
    s = play(s, 1, "b3")
    assert G.current(s) == 2


def test_a_wild_draw_four_first_goes_back_and_another_card_is_turned_up() -> None:
    s = deal(HANDS3, "W4", ["W4", "g9", "b0", "r3"], first=0)
    v = G.view(s, 0)
    assert v["top"] != "W4"
    assert [e["card"] for e in events(s, "first_card")][-1] == v["top"]
    assert events(s, "first_card")[0] == {"type": "first_card", "card": "W4", "returned": True}
    assert v["draw_pile"] + v["discard"] == 5
    assert total_cards(s) == 26


@pytest.mark.parametrize(
    ("args", "code"),
    [
        ({"n_players": 1}, "bad_player_count"),
        ({"n_players": 11}, "bad_player_count"),
        ({"n_players": 2, "first": 2}, "bad_first"),
        ({"n_players": 2, "deck": ["r1"] * 14}, "bad_deck"),
        ({"n_players": 2, "deck": ["r1"] * 14 + ["x9"]}, "bad_deck"),
        ({"n_players": 2, "deck": ["r1"] * 14 + ["W4", "W4"]}, "bad_deck"),
        ({"n_players": 2, "options": {"stacking": 1}}, "bad_option_value"),
        ({"n_players": 2, "options": {"jump_in": True}}, "unknown_option"),
    ],
)
def test_bad_setup_arguments_raise_options_errors(args: dict, code: str) -> None:
    options = args.pop("options", {})
    with pytest.raises(OptionsError) as err:
        G.setup(options=options, rng=random.Random(0), **args)
    assert err.value.code == code


def test_the_presets_are_spec_a_and_spec_b() -> None:
    assert G.options() == G.options("basic") == {
        "multi_play": False, "stacking": False, "challenge": False, "no_action_finish": False, "call": "callout",
    }  # fmt: skip
    assert G.options("house") == {
        "multi_play": True, "stacking": True, "challenge": True, "no_action_finish": False, "call": "next_action",
    }  # fmt: skip
    assert G.validate_options({"call": 10}) == {**G.options(), "call": 10}
    with pytest.raises(OptionsError) as err:
        G.options("party")
    assert err.value.code == "unknown_preset"
    with pytest.raises(OptionsError) as err:
        G.validate_options({"call": True})
    assert err.value.code == "bad_option_value"


def test_the_game_object_has_the_contract_members() -> None:
    assert (G.id, G.min_players, G.max_players) == ("color-match", 2, 10)
