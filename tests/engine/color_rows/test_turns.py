"""The turn and the round (docs/rules.md CR 4–CR 6), each rule on a stacked supply."""

from __future__ import annotations

import pytest

from functions.engine import IllegalMove

from .support import DRAW, GAME, draw_place, new_game, place, play, take, view

PINKS = ["pink"] * 20


def legal(state, seat):
    return GAME.legal_moves(state, seat)


def refused(state, seat, move) -> str:
    """The code ``move`` is refused with — after checking that the state is unchanged."""
    before = GAME.dump(state)
    with pytest.raises(IllegalMove) as err:
        GAME.apply(state, seat, move, now=0.0)
    assert GAME.dump(state) == before
    return err.value.code


def test_the_first_turn_of_a_round_must_draw() -> None:
    state = new_game(3, PINKS)
    assert legal(state, 0) == [DRAW]
    assert refused(state, 0, take(0)) == "must_draw"


def test_a_drawn_card_is_public_and_must_be_placed_by_the_same_seat() -> None:
    state = play(new_game(3, ["orange"] + PINKS), (0, DRAW))
    assert view(state, 2)["drawn"] == "orange" and GAME.current(state) == 0
    assert legal(state, 0) == [place(0), place(1), place(2)]
    assert refused(state, 0, DRAW) == "must_place"
    assert refused(state, 0, take(0)) == "must_place"
    state = play(state, (0, place(2)))
    assert view(state)["rows"][2]["cards"] == ["orange"] and GAME.current(state) == 1


def test_a_row_holds_only_its_capacity() -> None:
    state = new_game(3, PINKS)
    for seat in (0, 1, 2):
        state = draw_place(state, seat, 0)
    state = play(state, (0, DRAW))
    assert place(0) not in legal(state, 0)
    assert refused(state, 0, place(0)) == "row_full"


def test_full_rows_forbid_drawing() -> None:
    state = new_game(2, PINKS)
    for seat, row in [(0, 0), (1, 1), (0, 1), (1, 2), (0, 2), (1, 2)]:
        state = draw_place(state, seat, row)
    assert legal(state, 0) == [take(0), take(1), take(2)]
    assert refused(state, 0, DRAW) == "all_rows_full"


def test_taking_a_row_leaves_the_round() -> None:
    state = draw_place(new_game(3, ["orange"] + PINKS), 0, 0)
    state = play(state, (1, take(0)))
    seen = view(state, 1)
    assert seen["rows"][0] == {"cards": [], "capacity": 3, "taken_by": 1}
    assert seen["players"][1] == {"seat": 1, "cards": {"brown": 1, "orange": 1}, "out": True, "score": 2}
    assert seen["legal"] == [] and GAME.current(state) == 2
    state = draw_place(state, 2, 1)
    assert GAME.current(state) == 0  # seat 1 is skipped for the rest of the round
    state = draw_place(state, 0, 1)
    assert GAME.current(state) == 2
    assert refused(state, 2, take(0)) == "row_taken"


def test_the_last_player_left_keeps_drawing_until_it_takes_its_row() -> None:
    state = draw_place(new_game(3, PINKS), 0, 0)
    state = play(state, (1, take(0)))
    state = draw_place(state, 2, 1)
    state = play(state, (0, take(1)))
    # Seat 2 is alone with an empty row: it must draw, then may go on drawing while the row has room.
    assert legal(state, 2) == [DRAW]
    assert refused(state, 2, take(2)) == "must_draw"
    state = draw_place(state, 2, 2)
    assert GAME.current(state) == 2 and legal(state, 2) == [DRAW, take(2)]
    state = draw_place(draw_place(state, 2, 2), 2, 2)
    assert legal(state, 2) == [take(2)]
    state = play(state, (2, take(2)))
    assert state.cards_of(2) == {"gray": 1, "pink": 3}


def test_who_took_the_last_row_starts_the_next_round() -> None:
    state = new_game(3, PINKS)
    for seat in (0, 1, 2):
        state = draw_place(state, seat, seat)
    state = play(state, (0, take(2)), (1, take(0)))
    assert GAME.current(state) == 2
    state = play(state, (2, DRAW))
    state = play(state, (2, place(1)), (2, take(1)))
    seen = view(state, 2)
    assert seen["round"] == 2 and seen["current"] == 2
    assert [row["taken_by"] for row in seen["rows"]] == [None, None, None]
    assert not any(p["out"] for p in seen["players"])
    assert state.events[-1] == {"type": "round_start", "round": 2, "seat": 2}
    assert legal(state, 2) == [DRAW]  # the new round's first turn must draw again

    state = new_game(3, PINKS, first=1)
    for seat in (1, 2, 0):
        state = draw_place(state, seat, seat)
    state = play(state, (1, take(1)), (2, take(2)), (0, take(0)))
    assert GAME.current(state) == 0 and view(state)["round"] == 2


def test_with_two_players_the_third_row_leaves_the_game() -> None:
    state = new_game(2, ["orange", "pink", "yellow"] + PINKS)
    for seat, row in [(0, 0), (1, 1), (0, 2)]:
        state = draw_place(state, seat, row)
    state = play(state, (1, take(1)))
    assert GAME.current(state) == 0 and legal(state, 0) == [DRAW, take(0), take(2)]
    state = play(state, (0, take(2)))
    assert [event["type"] for event in state.events] == ["took", "row_discarded", "round_start"]
    assert state.events[1] == {"type": "row_discarded", "row": 0, "cards": ("orange",)}
    held = [state.cards_of(0), state.cards_of(1)]
    assert held == [{"blue": 1, "brown": 1, "yellow": 1}, {"gray": 1, "green": 1, "pink": 1}]
    assert all(row["cards"] == [] for row in view(state)["rows"])  # the orange card is out of the game
    assert GAME.current(state) == 0 and view(state)["round"] == 2


def test_the_last_round_card_is_set_aside_and_the_same_player_draws_again() -> None:
    state = draw_place(new_game(3, ["pink", "last", "green", "orange"]), 0, 0)
    state = play(state, (1, DRAW))
    seen = view(state)
    assert seen["last_round"] and seen["drawn"] == "green" and seen["current"] == 1 and seen["supply"] == 1
    assert list(state.events) == [{"type": "last_round", "seat": 1}, {"type": "drew", "seat": 1, "card": "green"}]
    # The round is played to its end ...
    state = play(state, (1, place(1)), (2, take(0)), (0, take(1)))
    assert GAME.current(state) == 1 and legal(state, 1) == [DRAW]
    state = draw_place(state, 1, 2)
    assert GAME.current(state) == 1 and view(state)["result"] is None
    # ... and then the game ends.
    state = play(state, (1, take(2)))
    seen = view(state, 1)
    assert GAME.current(state) is None and seen["current"] is None and seen["legal"] == []
    assert state.events[-1] == {"type": "game_over"}
    assert [score["total"] for score in seen["result"]["scores"]] == [2, 2, 2]  # two single colours each
    assert seen["result"]["winners"] == [0, 1, 2]  # equal top scores share the win
    assert refused(state, 0, DRAW) == "game_over"


def test_the_golden_joker_brings_the_top_supply_card() -> None:
    state = draw_place(new_game(3, ["gold", "plus2", "pink"]), 0, 0)
    state = play(state, (1, take(0)))
    assert state.cards_of(1) == {"brown": 1, "gold": 1, "plus2": 1}
    assert state.supply == ("pink",)
    assert state.events[-1] == {"type": "gold_bonus", "seat": 1, "card": "plus2"}


def test_a_golden_bonus_meeting_the_last_round_card_sets_it_aside() -> None:
    state = draw_place(new_game(3, ["gold", "last", "yellow", "pink"]), 0, 0)
    state = play(state, (1, take(0)))
    assert state.cards_of(1) == {"brown": 1, "gold": 1, "yellow": 1}
    assert state.last_round and state.supply == ("pink",)
    assert [e["type"] for e in state.events] == ["took", "last_round", "gold_bonus"]


def test_no_golden_bonus_from_an_empty_supply() -> None:
    state = draw_place(new_game(3, ["gold"]), 0, 0)
    state = play(state, (1, take(0)))
    assert state.cards_of(1) == {"brown": 1, "gold": 1}
    assert state.events[-1] == {"type": "gold_bonus", "seat": 1, "card": None}


def test_an_exhausted_test_supply_lets_seats_take_empty_rows() -> None:
    state = draw_place(new_game(3, ["last", "pink"]), 0, 0)
    assert state.last_round and legal(state, 1) == [take(0), take(1), take(2)]
    state = play(state, (1, take(1)), (2, take(2)), (0, take(0)))
    assert GAME.current(state) is None and state.cards_of(0) == {"blue": 1, "pink": 1}


@pytest.mark.parametrize(
    ("seat", "move", "code"),
    [
        (1, DRAW, "not_your_turn"),
        (None, DRAW, "not_your_turn"),
        (True, DRAW, "not_your_turn"),
        (0, "draw", "malformed_move"),
        (0, {}, "malformed_move"),
        (0, {"type": "pass"}, "malformed_move"),
        (0, {"type": "draw", "row": 0}, "malformed_move"),
        (0, {"type": "take"}, "malformed_move"),
        (0, {"type": "take", "row": "1"}, "malformed_move"),
        (0, {"type": "take", "row": 1.0}, "malformed_move"),
        (0, {"type": "take", "row": False}, "malformed_move"),
        (0, {"type": "take", "row": 1, "cards": []}, "malformed_move"),
        (0, take(3), "no_such_row"),
        (0, take(-1), "no_such_row"),
        (0, take(1), "row_empty"),
        (0, place(0), "nothing_drawn"),
    ],
)
def test_illegal_and_malformed_moves_raise_and_change_nothing(seat, move, code: str) -> None:
    state = draw_place(draw_place(new_game(3, PINKS), 0, 0), 1, 0)
    state = draw_place(state, 2, 2)
    assert refused(state, seat, move) == code


def test_only_an_integer_seat_is_a_seat() -> None:
    state = new_game(3, PINKS, first=1)
    assert legal(state, 1) == [DRAW] and legal(state, True) == []
    assert refused(state, True, DRAW) == "not_your_turn"
