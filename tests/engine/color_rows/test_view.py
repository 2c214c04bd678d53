"""The view (what a phone gets), the events of the last action, and dump/load."""

from __future__ import annotations

import json
import random

import pytest

from functions.engine import EngineError
from functions.engine.color_rows.game import ColorRows

from .support import DRAW, GAME, draw_place, new_game, play, take, view

CONTRACT_FIELDS = {"game", "seat", "options", "rows", "players", "supply", "last_round", "drawn", "current",
                   "round", "legal", "result"}  # fmt: skip
EXTRA_FIELDS = {"colors", "table", "events"}


def test_the_registry_holds_the_game_with_every_contract_member() -> None:
    assert isinstance(GAME, ColorRows)
    assert (GAME.id, GAME.min_players, GAME.max_players) == ("color-rows", 2, 5)
    for member in ("options", "validate_options", "setup", "current", "legal_moves", "apply", "advance",
                   "next_deadline", "view", "dump", "load"):  # fmt: skip
        assert callable(getattr(GAME, member))


def test_a_view_at_the_start_of_a_game() -> None:
    state = new_game(4, ["pink", "last", "yellow"], first=2, scoring="variant")
    seen = view(state, 2)
    assert set(seen) == CONTRACT_FIELDS | EXTRA_FIELDS
    assert seen == {
        "game": "color-rows",
        "seat": 2,
        "options": {"scoring": "variant"},
        "colors": ["blue", "brown", "gray", "green", "orange", "pink", "yellow"],
        "table": [1, 4, 8, 7, 6, 5],
        "rows": [{"cards": [], "capacity": 3, "taken_by": None}] * 4,
        "players": [
            {"seat": 0, "cards": {"blue": 1}, "out": False, "score": 1},
            {"seat": 1, "cards": {"brown": 1}, "out": False, "score": 1},
            {"seat": 2, "cards": {"gray": 1}, "out": False, "score": 1},
            {"seat": 3, "cards": {"green": 1}, "out": False, "score": 1},
        ],
        "supply": 3,
        "last_round": False,
        "drawn": None,
        "current": 2,
        "round": 1,
        "legal": [{"type": "draw"}],
        "result": None,
        "events": [],
    }
    json.dumps(seen)


def test_every_viewer_sees_the_same_table_and_only_its_own_legal_moves() -> None:
    state = play(new_game(3, ["pink", "yellow"]), (0, DRAW))
    views = [view(state, seat) for seat in (None, 0, 1, 2)]
    assert [v["legal"] for v in views[2:]] == [[], []] and views[0]["legal"] == []
    assert len(views[1]["legal"]) == 3
    strip = [{k: v for k, v in seen.items() if k not in ("seat", "legal")} for seen in views]
    assert all(s == strip[0] for s in strip)


def test_a_view_for_a_seat_that_does_not_exist_is_refused() -> None:
    with pytest.raises(EngineError) as err:
        view(new_game(3, ["pink"]), 3)
    assert err.value.code == "no_such_seat"


def test_events_describe_the_last_action() -> None:
    state = play(new_game(3, ["gold", "last", "pink", "plus2"]), (0, DRAW))
    assert view(state)["events"] == [{"type": "drew", "seat": 0, "card": "gold"}]
    state = play(state, (0, {"type": "place", "row": 1}))
    assert view(state)["events"] == [{"type": "placed", "seat": 0, "card": "gold", "row": 1}]
    state = play(state, (1, take(1)))
    assert view(state)["events"] == [
        {"type": "took", "seat": 1, "row": 1, "cards": ["gold"]},
        {"type": "last_round", "seat": 1},
        {"type": "gold_bonus", "seat": 1, "card": "pink"},
    ]


def test_changing_a_view_does_not_change_the_game() -> None:
    state = play(draw_place(new_game(3, ["pink", "gold", "plus2"]), 0, 0), (1, take(0)))
    before = GAME.dump(state)
    seen = view(state)
    seen["events"][0]["cards"].append("blue")
    seen["players"][1]["cards"]["blue"] = 9
    seen["rows"][0]["cards"].append("blue")
    assert GAME.dump(state) == before and view(state) != seen


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_dump_is_compact_json_and_loads_back_to_the_same_state(n: int) -> None:
    state = GAME.setup(n, {}, rng=random.Random(n))
    data = GAME.dump(state)
    assert len(json.dumps(data, separators=(",", ":"))) < 350
    assert GAME.load(json.loads(json.dumps(data))) == state


def test_a_game_in_progress_loads_back_with_its_events_and_result() -> None:
    state = play(draw_place(new_game(3, ["gold", "last", "pink", "plus2"]), 0, 0), (1, take(0)))
    loaded = GAME.load(json.loads(json.dumps(GAME.dump(state))))
    assert loaded == state and view(loaded, 2) == view(state, 2)


@pytest.mark.parametrize("data", [{}, {"v": 2}, {**GAME.dump(new_game(3, [])), "supply": "xyz"}, {"v": 1}])
def test_loading_anything_else_raises_bad_state(data: dict) -> None:
    with pytest.raises(EngineError) as err:
        GAME.load(data)
    assert err.value.code == "bad_state"
