"""`ping`: the heartbeat, and with `room` + `version` the way a phone that missed a frame catches up while it
waits (a function that died in the middle of its fan-out, a post lost on the way)."""

from __future__ import annotations

from tests.functions.helpers import latest_room, room_with


def _replies(gateway, posts, conn: str, **frame) -> list[dict]:
    before = len(posts.frames.get(conn, []))
    gateway.send(conn, action="ping", **frame)
    return posts.frames[conn][before:]


def test_a_plain_ping_is_answered_with_pong(gateway, posts, clock_):
    gateway.connect("c0")
    assert [f["type"] for f in _replies(gateway, posts, "c0", rid="r1")] == ["pong"]
    assert posts.last("c0") == {"type": "pong", "now": clock_.t, "rid": "r1"}


def test_a_ping_from_a_screen_that_is_up_to_date_gets_only_pong(gateway, posts, clock_):
    code, conns = room_with(gateway, ["たろう", "はなこ"])
    version = latest_room(gateway, "c1")["version"]
    assert [f["type"] for f in _replies(gateway, posts, "c1", room=code, version=version)] == ["pong"]


def test_a_ping_from_a_screen_that_missed_a_frame_gets_the_room_again(gateway, posts, clock_):
    code, conns = room_with(gateway, ["たろう", "はなこ"], "color-match")
    missed_from = latest_room(gateway, "c1")["version"]
    received = len(posts.frames["c1"])
    gateway.send("c0", action="start", room=code)
    del posts.frames["c1"][received:]  # c1 never got the start (the function died before its post, say)
    room, pong = _replies(gateway, posts, "c1", room=code, version=missed_from)
    assert pong["type"] == "pong"
    assert room["type"] == "room" and room["phase"] == "playing" and room["version"] > missed_from
    assert room["game"]["view"]["seat"] == room["you"]["seat"]


def test_a_ping_names_a_room_its_connection_is_not_in_gets_only_pong(gateway, posts, clock_):
    code, conns = room_with(gateway, ["たろう"])
    gateway.connect("outsider")
    gateway.send("outsider", action="hello", name="よそもの")
    assert [f["type"] for f in _replies(gateway, posts, "outsider", room=code, version=0)] == ["pong"]
    assert [f["type"] for f in _replies(gateway, posts, "outsider", room="9999", version=0)] == ["pong"]


def test_room_without_version_is_a_bad_frame(gateway, posts, clock_):
    code, conns = room_with(gateway, ["たろう"])
    reply = gateway.send("c0", action="ping", room=code)
    assert reply["type"] == "error" and reply["code"] == "bad_frame"
