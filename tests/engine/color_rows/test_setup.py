"""Setup (docs/rules.md CR 3): colours removed, starting cards, rows, the last-round card and the supply."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from functions.engine import OptionsError
from functions.engine.color_rows.cards import COLORS

from .support import GAME

SUPPLY_SIZES = {2: 55, 3: 65, 4: 73, 5: 72}
REMOVED = {2: 2, 3: 1, 4: 0, 5: 0}
SEEDS = range(12)


def random_setup(n: int, seed: int):
    return GAME.setup(n, GAME.options(), rng=random.Random(seed))


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", SEEDS)
def test_colours_removed_and_supply_size(n: int, seed: int) -> None:
    state = random_setup(n, seed)
    assert len(state.colors) == 7 - REMOVED[n]
    assert len(state.supply) == SUPPLY_SIZES[n]
    supply_colours = {card for card in state.supply if card in COLORS}
    assert supply_colours == set(state.colors)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", SEEDS)
def test_starting_cards_are_distinct_colours_in_play(n: int, seed: int) -> None:
    state = random_setup(n, seed)
    starts = [state.cards_of(seat) for seat in range(n)]
    each = 2 if n == 2 else 1
    assert all(sum(cards.values()) == each for cards in starts)
    colours = [colour for cards in starts for colour in cards]
    assert len(colours) == len(set(colours)) == each * n
    assert set(colours) <= set(state.colors)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_every_card_of_the_box_is_somewhere(n: int) -> None:
    state = random_setup(n, 3)
    held = Counter()
    for seat in range(n):
        held.update(state.cards_of(seat))
    everything = Counter(state.supply) + held
    expected = Counter({colour: 9 for colour in state.colors})
    expected.update({"plus2": 10, "joker": 2, "gold": 1, "last": 1})
    assert everything == expected


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_fifteen_cards_lie_under_the_last_round_card(n: int) -> None:
    supply = random_setup(n, 5).supply
    assert supply.count("last") == 1
    assert supply.index("last") == len(supply) - 16


def test_two_players_get_the_rows_of_one_two_and_three() -> None:
    state = random_setup(2, 0)
    assert GAME.view(state, 0)["rows"] == [
        {"cards": [], "capacity": 1, "taken_by": None},
        {"cards": [], "capacity": 2, "taken_by": None},
        {"cards": [], "capacity": 3, "taken_by": None},
    ]


@pytest.mark.parametrize("n", [3, 4, 5])
def test_three_to_five_players_get_a_row_of_three_each(n: int) -> None:
    assert random_setup(n, 0).capacities == (3,) * n


def test_the_same_rng_gives_the_same_game_and_first_plays_first() -> None:
    a = GAME.setup(4, {}, rng=random.Random(42), first=3)
    b = GAME.setup(4, {}, rng=random.Random(42), first=3)
    assert a == b
    assert GAME.current(a) == 3 and GAME.view(a, None)["round"] == 1


def test_given_deck_and_start_are_used_as_given() -> None:
    deck = ["pink", "pink", "gold", "last", "plus2"]
    state = GAME.setup(3, {}, rng=random.Random(0), deck=deck, start=[["blue"], ["blue", "joker"], []])
    assert state.supply == tuple(deck)
    assert [state.cards_of(s) for s in range(3)] == [{"blue": 1}, {"blue": 1, "joker": 1}, {}]
    assert {"pink", "blue"} <= set(state.colors)  # colours a test uses are never removed


def test_given_start_without_deck_is_taken_out_of_the_box() -> None:
    state = GAME.setup(2, {}, rng=random.Random(9), start=[["pink", "pink"], ["gold", "plus2"]])
    assert Counter(state.supply)["pink"] == 7 and "gold" not in state.supply
    assert len(state.supply) == 55


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"n_players": 1}, "bad_player_count"),
        ({"n_players": 6}, "bad_player_count"),
        ({"first": 4}, "bad_first"),
        ({"first": True}, "bad_first"),
        ({"deck": ["red"]}, "bad_deck"),
        ({"deck": "pink"}, "bad_deck"),
        ({"start": [["pink"]] * 2}, "bad_start"),
        ({"start": [["last"], [], [], []]}, "bad_start"),
        ({"options": {"scoring": "brown"}}, "bad_option_value"),
        ({"options": {"speed": 1}}, "unknown_option"),
    ],
)
def test_bad_setup_arguments_raise_options_error(kwargs: dict, code: str) -> None:
    args = {"n_players": 4, "options": {}, **kwargs}
    with pytest.raises(OptionsError) as err:
        GAME.setup(args.pop("n_players"), args.pop("options"), rng=random.Random(0), **args)
    assert err.value.code == code


def test_options_and_presets() -> None:
    assert GAME.options() == {"scoring": "standard"}
    assert GAME.options("variant") == {"scoring": "variant"}
    assert GAME.validate_options({"scoring": "variant"}) == {"scoring": "variant"}
    with pytest.raises(OptionsError) as err:
        GAME.options("house")
    assert err.value.code == "unknown_preset"
