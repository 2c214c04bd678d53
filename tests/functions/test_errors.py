"""Every refusal: a structured ``error`` frame (stable code, the request's ``rid``) and an unchanged room."""

from __future__ import annotations

import json

import pytest

from functions import room_codes, storage
from functions.room import lobby
from tests.functions.helpers import latest_room, room_with


@pytest.fixture
def lobby_room(gateway):
    """Host c0, member c1, outsider c9 (hello'd, in no room); the room is in the lobby."""
    code, conns = room_with(gateway, ["たろう", "はなこ"])
    gateway.connect("c9")
    gateway.send("c9", action="hello", name="よそ")
    return code


def _snapshot(code, now):
    room = storage.get_room(code, now)
    return room.version, room.to_dict()


def _refused(gateway, clock_, code, conn, frame, expected):
    before = _snapshot(code, clock_.t)
    body = frame if isinstance(frame, str) else json.dumps({**frame, "rid": "e1"})
    gateway.send_raw(conn, body)
    error = gateway.posts.frames[conn][-1] if gateway.posts.frames[conn][-1]["type"] == "error" else \
        gateway.posts.frames[conn][-2]
    assert error["type"] == "error" and error["code"] == expected, error
    assert isinstance(error["message"], str) and error["message"]
    if not isinstance(frame, str):
        assert error["rid"] == "e1"
    assert _snapshot(code, clock_.t) == before
    return error


LOBBY_ERRORS = [
    ("c0", "{not json", "bad_frame"),
    ("c0", "[1, 2]", "bad_frame"),
    ("c0", '{"rid": "x"}', "bad_frame"),
    ("c0", json.dumps({"action": "ping", "pad": "x" * 9000}), "frame_too_large"),
    ("c0", {"action": "teleport"}, "unknown_action"),
    ("c0", {"action": "add_cpu", "room": "12a4"}, "bad_frame"),
    ("c0", {"action": "add_cpu", "room": "{code}", "extra": 1}, "bad_frame"),
    ("c0", {"action": "select_game", "room": "{code}", "game": "chess"}, "bad_frame"),
    ("c0", {"action": "set_settings", "room": "{code}", "mode": "random"}, "bad_frame"),
    ("c0", {"action": "hello", "name": " "}, "bad_frame"),
    ("c0", {"action": "hello", "name": "a\u0000b"}, "bad_frame"),
    ("c0", {"action": "hello", "player_id": "p_0123456789abcdef"}, "bad_frame"),
    ("c0", {"action": "create"}, "already_in_room"),
    ("c0", {"action": "join", "code": "{code}"}, "already_in_room"),
    ("c9", {"action": "add_cpu", "room": "{code}"}, "not_in_room"),
    ("c1", {"action": "add_cpu", "room": "{code}"}, "not_host"),
    ("c1", {"action": "select_game", "room": "{code}", "game": "color-rows"}, "not_host"),
    ("c1", {"action": "set_settings", "room": "{code}", "mode": "vote"}, "not_host"),
    ("c1", {"action": "start", "room": "{code}"}, "not_host"),
    ("c0", {"action": "vote", "room": "{code}", "game": "color-rows"}, "wrong_mode"),
    ("c0", {"action": "start", "room": "{code}"}, "no_game_selected"),
    ("c0", {"action": "remove_cpu", "room": "{code}"}, "no_cpu"),
    ("c0", {"action": "remove_cpu", "room": "{code}", "seat": 1}, "no_cpu"),
    ("c0", {"action": "set_options", "room": "{code}", "game": "color-rows", "options": {"scoring": "x"}},
     "bad_options"),
    ("c0", {"action": "set_options", "room": "{code}", "game": "color-match", "options": {"turbo": True}},
     "bad_options"),
    ("c0", {"action": "set_options", "room": "{code}", "game": "color-match", "preset": "nope"}, "bad_options"),
    ("c0", {"action": "move", "room": "{code}", "version": 1, "move": {"type": "draw"}}, "no_game"),
    ("c0", {"action": "move", "room": "{code}", "version": "1", "move": {"type": "draw"}}, "bad_frame"),
    ("c0", {"action": "rematch", "room": "{code}"}, "not_finished"),
    ("c0", {"action": "to_lobby", "room": "{code}"}, "not_finished"),
]


@pytest.mark.parametrize("conn, frame, code", LOBBY_ERRORS, ids=[c for _, _, c in LOBBY_ERRORS])
def test_lobby_errors_change_nothing(gateway, clock_, lobby_room, conn, frame, code):
    if isinstance(frame, dict):
        frame = {k: v.replace("{code}", lobby_room) if isinstance(v, str) else v for k, v in frame.items()}
    _refused(gateway, clock_, lobby_room, conn, frame, code)


def test_no_identity_room_not_found_and_no_free_room(gateway, clock_, lobby_room, monkeypatch):
    gateway.connect("n")
    assert gateway.send("n", action="create")["code"] == "no_identity"
    assert gateway.send("n", action="join", code=lobby_room)["code"] == "no_identity"
    gateway.send("n", action="hello", name="ななし")
    free = "0000" if lobby_room != "0000" else "0001"
    assert gateway.send("n", action="join", code=free)["code"] == "room_not_found"
    # Only if every code tried of every length is taken: codes of 4, 6 and 8 digits all collide here.
    monkeypatch.setattr(room_codes, "free_codes", lambda: iter([lobby_room] * 12))
    assert gateway.send("n", action="create")["code"] == "no_free_room"
    monkeypatch.undo()
    assert gateway.send("n", action="create")["type"] == "room"  # the failed attempt used nothing up


ROOM_UPKEEP_ERRORS = [
    ("c1", {"action": "remove_member", "room": "{code}", "member": "m1"}, "not_host"),
    ("c0", {"action": "remove_member", "room": "{code}", "member": "m1"}, "no_member"),
    ("c0", {"action": "remove_member", "room": "{code}", "member": "m7"}, "no_member"),
    ("c0", {"action": "remove_member", "room": "{code}", "member": "c2"}, "bad_frame"),
    ("c0", {"action": "remove_member", "room": "{code}", "member": "m2", "reason": "spite"}, "bad_frame"),
    ("c1", {"action": "set_open", "room": "{code}", "open": False}, "not_host"),
    ("c0", {"action": "set_open", "room": "{code}", "open": "no"}, "bad_frame"),
    ("c0", {"action": "set_open", "room": "{code}"}, "bad_frame"),
    ("c1", {"action": "back", "room": "{code}"}, "not_away"),
    ("c9", {"action": "back", "room": "{code}"}, "not_in_room"),
    ("c0", {"action": "set_settings", "room": "{code}", "turn_timer": 45}, "bad_frame"),
    ("c0", {"action": "set_settings", "room": "{code}", "turn_timer": 30.0}, "bad_frame"),
    ("c1", {"action": "set_settings", "room": "{code}", "turn_timer": 30}, "not_host"),
    ("c0", {"action": "join", "code": "12345"}, "bad_frame"),
    ("c0", {"action": "join", "code": "123456789"}, "bad_frame"),
]


@pytest.mark.parametrize("conn, frame, code", ROOM_UPKEEP_ERRORS, ids=[c for _, _, c in ROOM_UPKEEP_ERRORS])
def test_room_upkeep_errors_change_nothing(gateway, clock_, lobby_room, conn, frame, code):
    frame = {k: v.replace("{code}", lobby_room) if isinstance(v, str) else v for k, v in frame.items()}
    _refused(gateway, clock_, lobby_room, conn, frame, code)


#: Frames that once got no structured answer: each gets one ``bad_frame`` now (never ``internal``, never a
#: gateway error, never silence).
HOSTILE_BODIES = [
    "[" * 3000 + "]" * 3000,
    '{"action": "ping", "x": ' + "[" * 17 + "]" * 17 + "}",
    '{"action": "ping", "rid": "\\ud800"}',
    '{"action": "hello", "name": "a\\udfffb"}',
    '{"action": "ping", "\\udbff": 1}',
    '{"action": "move", "room": "{code}", "version": 1, "move": {"type": ["draw"]}}',
    '{"action": "move", "room": "{code}", "version": 1, "move": {"type": {"a": 1}}}',
    '{"action": "move", "room": "{code}", "version": 1, "move": {"type": null}}',
    '{"action": "move", "room": "{code}", "version": 1, "move": {"cards": ["r7"]}}',
    '{"action": "move", "room": "{code}", "version": 1, "move": {}}',
    '{"action": "move", "room": "{code}", "version": 1, "move": {"type": "play", "cards": [["r7"]]}}',
    '{"action": "move", "room": "{code}", "version": 1, "move": {"type": "play", "cards": [{"c": 1}]}}',
    '{"action": "move", "room": "{code}", "version": 1, "move": {"type": "take", "row": 1.5}}',
    '{"action": "move", "room": "{code}", "version": 1, "move": {"type": "take", "row": 100000}}',
    '{"action": "move", "room": "{code}", "version": 1, "move": {"type": "x", "Row": 1}}',
    '{"action": "move", "room": "{code}", "version": 1, "move": {"type": "' + "x" * 33 + '"}}',
    '{"action": "set_options", "room": "{code}", "game": "color-rows", "options": {"scoring": ["variant"]}}',
    '{"action": "set_options", "room": "{code}", "game": "color-rows", "options": {"scoring": {"a": 1}}}',
]
INVISIBLE_NAMES = ["\u3164", "\u115f\u1160", "\uffa0", "\u2800\u2800\u2800", "\u0301", "\u20dd\u0301",
                   "\u200b", "\u2028", "\u3000\u3000", "\u00a0", "\u034f", "a" + "\u0301" * 5]


@pytest.mark.parametrize("body", HOSTILE_BODIES)
def test_hostile_frames_get_one_bad_frame_and_change_nothing(gateway, clock_, lobby_room, body):
    _refused(gateway, clock_, lobby_room, "c0", body.replace("{code}", lobby_room), "bad_frame")


@pytest.mark.parametrize("name", INVISIBLE_NAMES)
def test_a_name_with_nothing_visible_is_refused(gateway, clock_, lobby_room, name):
    _refused(gateway, clock_, lobby_room, "c9", '{"action": "hello", "name": "%s"}' % name, "bad_frame")


@pytest.mark.parametrize("name", ["ゆうき", "김민준", "Zoë", "ส้มตำ", "Nguyễn", "が", "★彡", "A B",
                                  "x" * 16])
def test_names_people_have_are_kept(gateway, name):
    gateway.connect("n")
    assert gateway.send("n", action="hello", name=name)["name"] == name


def test_room_full(gateway, clock_):
    code, conns = room_with(gateway, [f"p{i}" for i in range(10)])
    gateway.connect("late")
    gateway.send("late", action="hello", name="おそい")
    _refused(gateway, clock_, code, "late", {"action": "join", "code": code}, "room_full")


def test_seats_full(gateway, clock_):
    code, conns = room_with(gateway, [f"p{i}" for i in range(9)])
    gateway.send(conns[0], action="add_cpu", room=code)
    _refused(gateway, clock_, code, conns[0], {"action": "add_cpu", "room": code}, "seats_full")


def test_bad_player_count_and_vote_tie(gateway, clock_):
    code, conns = room_with(gateway, [f"p{i}" for i in range(6)], "color-rows")
    _refused(gateway, clock_, code, conns[0], {"action": "start", "room": code}, "bad_player_count")
    gateway.send(conns[0], action="set_settings", room=code, mode="vote")
    gateway.send(conns[1], action="vote", room=code, game="color-rows")
    gateway.send(conns[2], action="vote", room=code, game="color-match")
    error = _refused(gateway, clock_, code, conns[0], {"action": "start", "room": code}, "vote_tie")
    assert error["choices"] == ["color-match", "color-rows"]


def test_play_errors_change_nothing(gateway, clock_):
    code, conns = room_with(gateway, ["たろう", "はなこ"], "color-match")
    room = gateway.send("c0", action="start", room=code)
    version = room["version"]
    gateway.connect("late")
    gateway.send("late", action="hello", name="おそい")
    watching = gateway.send("late", action="join", code=code)
    assert watching["you"]["spectator"] is True and "hand" not in watching["game"]["view"]
    mover, other = ("c0", "c1") if room["game"]["current"] == 0 else ("c1", "c0")
    move = latest_room(gateway, mover)["game"]["view"]["legal"][0]
    in_game = [
        ("c0", {"action": "add_cpu", "room": code}, "in_game"),
        ("c0", {"action": "select_game", "room": code, "game": "color-rows"}, "in_game"),
        ("c0", {"action": "set_options", "room": code, "game": "color-rows", "options": {}}, "in_game"),
        ("c0", {"action": "start", "room": code}, "in_game"),
        ("c0", {"action": "set_settings", "room": code, "mode": "vote"}, "in_game"),
        ("late", {"action": "move", "room": code, "version": version + 1, "move": move}, "spectator"),
        (other, {"action": "move", "room": code, "version": version + 1, "move": move}, "illegal_move"),
        (mover, {"action": "move", "room": code, "version": version + 1, "move": {"type": "fly"}}, "illegal_move"),
        (mover, {"action": "move", "room": code, "version": version - 1, "move": move}, "stale"),
        (mover, {"action": "move", "room": code, "version": version + 5, "move": move}, "stale"),
    ]
    for conn, frame, expected in in_game:
        error = _refused(gateway, clock_, code, conn, frame, expected)
        if expected == "illegal_move":
            assert error["reason"]


def test_an_unexpected_fault_is_an_internal_error(gateway, clock_, lobby_room, monkeypatch):
    def broken(*_, **__):
        raise RuntimeError("boom")

    monkeypatch.setattr(lobby, "add_cpu", broken)
    _refused(gateway, clock_, lobby_room, "c0", {"action": "add_cpu", "room": lobby_room}, "internal")
