"""The view's fields, the stable error codes, and the engine's standard-library-only imports."""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path

import pytest

from functions.engine import EngineError
from tests.engine.color_match.support import FILLER, G, act, play, position, refused

F = FILLER
PACKAGE = Path(__file__).parents[3] / "functions" / "engine" / "color_match"


def test_a_players_view_has_the_seed_tables_fields() -> None:
    s = play(position([["rD", "r1", "y9"], ["bD", "b1"], F[:3]], "r7", pile=["g1"] * 9, preset="house"), 0, "rD")
    v = G.view(s, 1)
    json.dumps(v)
    assert v["hand"] == ["bD", "b1"] and "hand" not in G.view(s, None)
    assert v["players"] == [
        {"seat": 0, "cards": 2, "declared": False, "uncalled": False},
        {"seat": 1, "cards": 2, "declared": False, "uncalled": False},
        {"seat": 2, "cards": 3, "declared": False, "uncalled": False},
    ]
    assert {k: v[k] for k in ("top", "color", "direction", "current", "next", "phase", "pending", "challenge")} == {
        "top": "rD", "color": "r", "direction": 1, "current": 1, "next": 2, "phase": "penalty",
        "pending": {"draw": 2, "by": 0}, "challenge": None,
    }  # fmt: skip
    assert (v["draw_pile"], v["discard"], v["can_draw"], v["cards_played"], v["deadline"]) == (9, 2, True, 1, None)
    assert v["legal"] == [{"type": "play", "cards": ["bD"]}, {"type": "accept"}, {"type": "declare"}]
    assert G.view(s, 0)["legal"] == [] and G.view(s, None)["legal"] == []
    assert v["options"] == G.options("house") and v["game"] == "color-match" and v["seat"] == 1
    assert v["result"] is None


def test_the_drawn_card_is_shown_only_to_its_holder() -> None:
    s = act(position([["r1", "b9"], F[:2]], "r7", pile=["r4"]), 0, "draw")
    assert (G.view(s, 0)["drawn"], G.view(s, 1)["drawn"], G.view(s, None)["drawn"]) == ("r4", None, None)
    assert all("r4" not in json.dumps(e) for e in G.view(s, 1)["events"])


@pytest.mark.parametrize(
    ("seat", "move", "code"),
    [
        (2, {"type": "draw"}, "bad_seat"),
        (True, {"type": "draw"}, "bad_seat"),
        (None, {"type": "draw"}, "bad_seat"),
        (0, "draw", "malformed_move"),
        (0, {"kind": "draw"}, "malformed_move"),
        (0, {"type": "draw", "cards": []}, "malformed_move"),
        (0, {"type": "play", "cards": "r1"}, "malformed_move"),
        (0, {"type": "play", "cards": [["r1"]]}, "malformed_move"),
        (0, {"type": "jump_in"}, "unknown_move"),
        (1, {"type": "draw"}, "not_your_turn"),
        (1, {"type": "play", "cards": ["b5"]}, "not_your_turn"),
        (0, {"type": "play", "cards": ["r10"]}, "unknown_card"),
        (0, {"type": "play", "cards": ["r2"]}, "card_not_in_hand"),
        (0, {"type": "accept"}, "no_penalty"),
        (0, {"type": "challenge"}, "cannot_challenge"),
        (0, {"type": "choose_color", "color": "r"}, "not_choosing_color"),
        (0, {"type": "callout", "target": 1}, "no_callout_target"),
    ],
)
def test_bad_moves_get_a_stable_code_and_change_nothing(seat, move, code) -> None:
    refused(position([["r1", "b9", "y3"], ["b5", "y1"]], "r7"), seat, move, code)


def test_a_bad_dump_is_refused_with_a_code() -> None:
    for data in (None, {}, {"v": 1}, {**G.dump(position([["r1"], ["b5"]], "r7")), "hands": None}):
        with pytest.raises(EngineError) as err:
            G.load(data)
        assert err.value.code == "bad_dump"


def test_the_engine_imports_only_the_standard_library() -> None:
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module]
            else:
                continue
            for name in names:
                assert name.split(".")[0] in sys.stdlib_module_names | {"__future__"}, (path.name, name)
