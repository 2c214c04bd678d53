"""The view's fields, what each viewer sees, and dump / load."""

from __future__ import annotations

import json
import random

import pytest

from functions.engine import EngineError
from tests.engine.daifugo.support import G, deal, give, pass_, play, position

KEYS = {
    "game", "seat", "options", "round", "rounds", "phase", "hand", "players", "current", "field", "trick",
    "played", "record", "revolution", "eleven_back", "reversed", "lock", "exchange", "last", "events", "last_round",
    "legal", "result",
}  # fmt: skip


def test_a_seat_sees_its_hand_in_canonical_order_and_a_spectator_none() -> None:
    s = deal("X1 c2 s3 hT d3 sT", "h4 h5", "c5 c6")
    v = G.view(s, 0)
    assert set(v) == KEYS and v["hand"] == ["s3", "d3", "sT", "hT", "c2", "X1"]
    assert (v["game"], v["seat"], v["round"], v["rounds"], v["phase"], v["current"]) == ("daifugo", 0, 1, 4, "play", 0)
    assert v["players"][1] == {
        "seat": 1, "cards": 2, "title": None, "passed": False, "out": None, "place": None, "score": 0,
    }  # fmt: skip
    spectator = G.view(s, None)
    assert set(spectator) == KEYS - {"hand"} and spectator["legal"] == [] and spectator["seat"] is None
    json.dumps(v)


def test_the_field_of_a_set_and_of_a_sequence() -> None:
    s = play(position("s5 h5 X1 c4", "c9 cT cJ", "d9 dT dJ"), 0, "X1 h5 s5")
    assert G.view(s, 1)["field"] == {
        "by": 0, "cards": ["s5", "h5", "X1"], "kind": "set", "size": 3, "rank": "5", "low": None, "high": None,
        "suit": None,
    }  # fmt: skip
    s = play(position("h5 h7 X1 c4", "c9 cT cJ", "d9 dT dJ", sequences=True), 0, "h7 X1 h5", seq="5")
    assert G.view(s, 1)["field"] == {
        "by": 0, "cards": ["h5", "X1", "h7"], "kind": "seq", "size": 3, "rank": None, "low": "5", "high": "7",
        "suit": "h",
    }  # fmt: skip
    assert G.view(s, 1)["trick"] == [{"seat": 0, "cards": ["h5", "X1", "h7"], "seq": "5"}]
    assert G.view(s, 1)["last"] == {"seat": 0, "type": "play", "cards": ["h5", "h7", "X1"], "seq": "5", "events": []}


def test_changing_a_view_never_changes_the_state() -> None:
    s = deal("s3 s4 s5 s6", "h3 h4 h5 h6", "c2 s2 d4 d5", previous=[0, 1, 2])
    s = give(s, 0, "s3 s4")
    before = G.dump(s)
    v = G.view(s, 0)
    v["last"]["cards"].append("X1")
    v["last"]["events"].append({"type": "clear"})
    v["exchange"]["given"].append("X1")
    v["options"]["jokers"] = 2
    v["hand"].clear()
    assert G.dump(s) == before and G.view(s, 0)["hand"]


def test_a_seat_that_does_not_exist_has_no_view() -> None:
    s = deal("s3 d3", "h4 h5", "c5 c6")
    for seat in (3, -1, "0", 1.0):
        with pytest.raises(EngineError) as caught:
            G.view(s, seat)  # type: ignore[arg-type]
        assert caught.value.code == "no_such_seat"
    assert G.legal_moves(s, 3) == [] and G.legal_moves(s, "0") == []  # type: ignore[arg-type]


def test_dump_is_small_exact_and_load_refuses_anything_else() -> None:
    for n, preset in ((3, "house"), (5, "basic"), (8, "house")):
        s = G.setup(n, G.options(preset), rng=random.Random(n), first=1)
        data = G.dump(s)
        assert G.load(json.loads(json.dumps(data))) == s
        assert len(json.dumps(data, separators=(",", ":"))) < 800
    for bad in ({}, {"v": 2}, {**data, "hands": ["s3z"]}, {**data, "phase": "lobby"}, {**data, "options": {"x": 1}}):
        with pytest.raises(EngineError) as caught:
            G.load(bad)
        assert caught.value.code == "bad_state"


def test_the_game_over_view_keeps_the_last_round_and_the_result() -> None:
    s = play(deal("s4", "s5 s6", "s7 s8", rounds=1), 0, "s4")
    v = G.view(s, 1)
    assert v["phase"] == "play"
    s = G.apply(s, 1, {"type": "pass"}, now=0)
    s = play(play(s, 2, "s7"), 2, "s8")
    v = G.view(s, 1)
    assert (v["phase"], v["current"], v["legal"], v["last_round"]["places"]) == ("over", None, [], [0, 2, 1])
    assert v["result"]["winners"] == [0]


def test_events_are_the_last_move_and_what_it_did_the_same_for_every_viewer() -> None:
    s = deal("s3 s4 s5 s6", "h3 h4 h5 h6", "c2 s2 d4 d5", previous=[0, 1, 2])
    assert G.view(s, 0)["events"] == []
    s = give(s, 0, "s3 s4")
    assert all(G.view(s, seat)["events"] == [{"type": "give", "seat": 0, "to": 2}] for seat in (0, 1, 2, None))
    s = play(s, 2, "s3")
    assert G.view(s, 1)["events"] == [{"type": "play", "seat": 2, "cards": ["s3"]}]
    s = play(position("s8 s4", "c9 cT cJ", "d9 dT dJ"), 0, "s8")
    assert G.view(s, None)["events"] == [
        {"type": "play", "seat": 0, "cards": ["s8"]}, {"type": "eight_cut"}, {"type": "clear", "seat": 0},
    ]  # fmt: skip


def test_the_record_lists_each_seats_passes_of_the_round_the_same_for_every_viewer() -> None:
    """The public record: every pass of the round with the field passed on and the order and 縛り then; dumped
    and loaded with the state, and empty again when a round is dealt."""
    s = position("s5 h5 s4 c3", "s9 h9 c4 d4", "sJ dJ X1 c6", lock=True)
    s = pass_(play(s, 0, "s5 h5"), 1)
    s = pass_(play(s, 2, "sJ dJ"), 0)
    assert G.view(s, 2)["record"] == {"passes": [
        [{"seat": 2, "cards": ["sJ", "dJ"], "reversed": False, "lock": None}],
        [{"seat": 0, "cards": ["s5", "h5"], "reversed": False, "lock": None}],
        [],
    ]}  # fmt: skip
    assert all(G.view(s, viewer)["record"] == G.view(s, 2)["record"] for viewer in (0, 1, None))
    assert G.load(json.loads(json.dumps(G.dump(s)))) == s
    old = {key: value for key, value in G.dump(s).items() if key != "passes"}  # a dump from before the record
    assert G.view(G.load(old), None)["record"] == {"passes": [[], [], []]}

    locked = pass_(play(play(position("s5 h5 s4", "s9 h9 c4", "sJ dJ X1 c6", lock=True), 0, "s5 h5"), 1, "s9 h9"), 2)
    assert G.view(locked, 0)["record"]["passes"][2] == [{"seat": 1, "cards": ["s9", "h9"], "reversed": False,
                                                         "lock": ["s", "h"]}]  # fmt: skip


def test_a_new_round_starts_with_no_passes_recorded() -> None:
    s = G.setup(3, G.options("basic"), rng=random.Random(4), first=0)
    rounds = {1: False}
    while G.current(s) is not None and s.round < 3:
        seat = G.current(s)
        moves = G.legal_moves(s, seat)
        s = G.apply(s, seat, moves[-1] if moves[-1]["type"] == "play" else moves[0], now=0.0)
        if s.round not in rounds:
            assert G.view(s, None)["record"] == {"passes": [[], [], []]}, f"round {s.round} starts with passes"
            rounds[s.round] = True
        rounds[s.round] = rounds[s.round] or any(G.view(s, None)["record"]["passes"])
    assert rounds[1] and 2 in rounds, rounds
