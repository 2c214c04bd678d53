"""Stamps (docs/protocol.md, ``stamp``): a member's stamp reaches every connected member of the room, costs one read
and no write, is limited per member, and a stranger's or a malformed one changes nothing."""

from __future__ import annotations

import json

import pytest

from functions import fanout, stamps, storage
from tests.functions.helpers import latest_room, room_with
from tests.functions.test_server_path import DynamoDBCalls


def table_items() -> dict[str, dict]:
    """Every item of the table, by key: what a refused stamp must leave as it was."""
    items = storage.client().scan(TableName="deckroom")["Items"]
    return {item["pk"]["S"]: item for item in items}


def sent(posts, conn: str, before: int) -> list[dict]:
    return posts.frames.get(conn, [])[before:]


def test_a_stamp_reaches_every_connected_member_once_with_the_rid_to_its_sender_only(gateway, posts):
    code, conns = room_with(gateway, ["たろう", "はなこ", "じろう"])
    gateway.send(conns[0], action="add_cpu", room=code)
    sender = latest_room(gateway, conns[1])["you"]["member"]
    counts = {conn: len(posts.frames[conn]) for conn in conns}
    reply = gateway.send(conns[1], action="stamp", room=code, stamp="nice", rid="s1")
    assert reply == {"type": "stamp", "room": code, "member": sender, "stamp": "nice", "rid": "s1"}
    for conn in (conns[0], conns[2]):
        assert sent(posts, conn, counts[conn]) == [{"type": "stamp", "room": code, "member": sender, "stamp": "nice"}]


def test_the_sender_s_copy_is_posted_last(gateway, posts, monkeypatch):
    """A sender that sees its own stamp knows everyone else has been posted theirs."""
    code, conns = room_with(gateway, ["たろう", "はなこ", "じろう"])
    order: list[str] = []
    real = fanout.post
    monkeypatch.setattr(fanout, "post", lambda conn, frame: order.append(conn) or real(conn, frame))
    gateway.send(conns[1], action="stamp", room=code, stamp="thanks")
    assert sorted(order[:2]) == [conns[0], conns[2]] and order[2:] == [conns[1]]


def test_a_stamp_is_one_read_and_no_write_and_one_post_per_connected_member(gateway, posts):
    code, conns = room_with(gateway, ["たろう", "はなこ", "じろう"], "color-match")
    gateway.send(conns[0], action="add_cpu", room=code)
    gateway.send(conns[0], action="start", room=code)  # a game in play: its state is not even loaded
    gateway.disconnect(conns[2])
    before, calls = table_items(), DynamoDBCalls()
    posts.count = 0
    gateway.send(conns[0], action="stamp", room=code, stamp="gg")
    assert calls.take() == ["GetItem"]
    assert posts.count == 2  # the two connected people: not the CPU, not the one who left the socket
    assert table_items() == before


def test_spectators_send_and_receive_stamps_in_any_phase(gateway, posts):
    code, conns = room_with(gateway, ["たろう", "はなこ"], "color-rows")
    gateway.send(conns[0], action="start", room=code)
    gateway.connect("late")
    gateway.send("late", action="hello", name="おそい")
    assert gateway.send("late", action="join", code=code)["you"]["spectator"] is True
    assert gateway.send("late", action="stamp", room=code, stamp="hurry")["stamp"] == "hurry"
    assert posts.last(conns[0], "stamp")["member"] == latest_room(gateway, "late")["you"]["member"]


def test_a_stranger_s_stamp_is_not_in_room_and_costs_a_failed_join_like_any_room_frame(gateway, posts):
    code, conns = room_with(gateway, ["たろう"])
    gateway.connect("x")
    gateway.send("x", action="hello", name="よそもの")
    before = len(posts.frames[conns[0]])
    for room in (code, "9999" if code != "9999" else "9998"):  # a live code and a free one: the same answer
        refused = gateway.send("x", action="stamp", room=room, stamp="like", rid="r")
        assert {k: v for k, v in refused.items() if k != "message"} == {"type": "error", "code": "not_in_room", "rid": "r"}
    assert sent(posts, conns[0], before) == []
    counters = [key for key in table_items() if key.startswith("limit#join-player#")]
    assert counters, "the stranger's frames were counted as failed joins"


@pytest.mark.parametrize("stamp", ["boo", "LIKE", "", "いいね", 1, None, ["gg"]])
def test_a_stamp_that_is_not_one_of_the_eight_is_a_bad_frame_and_changes_nothing(gateway, posts, stamp):
    code, conns = room_with(gateway, ["たろう", "はなこ"])
    before, counts = table_items(), {conn: len(posts.frames[conn]) for conn in conns}
    refused = gateway.send(conns[0], action="stamp", room=code, stamp=stamp)
    assert refused["type"] == "error" and refused["code"] == "bad_frame"
    assert "'like', 'nice', 'sorry', 'hurry', 'wait', 'almost', 'thanks' or 'gg'" in refused["message"]
    assert sent(posts, conns[1], counts[conns[1]]) == []
    assert table_items() == before


def test_a_frame_with_free_text_is_refused(gateway):
    code, conns = room_with(gateway, ["たろう"])
    body = {"action": "stamp", "room": code, "stamp": "gg", "text": "こんにちは"}
    gateway.send_raw(conns[0], json.dumps(body, ensure_ascii=False))
    assert gateway.posts.last(conns[0])["code"] == "bad_frame"


def test_a_flood_of_stamps_is_refused_per_member_until_the_window_moves_on(gateway, posts, clock_):
    code, conns = room_with(gateway, ["たろう", "はなこ"])
    counts = {conn: len(posts.frames[conn]) for conn in conns}
    replies = [gateway.send(conns[0], action="stamp", room=code, stamp="nice") for _ in range(stamps.ALLOWED + 3)]
    assert [r["type"] for r in replies] == ["stamp"] * stamps.ALLOWED + ["error"] * 3
    refused = replies[-1]
    assert refused["code"] == "too_many_stamps" and refused["retry_after"] == stamps.WINDOW
    assert len(sent(posts, conns[1], counts[conns[1]])) == stamps.ALLOWED  # the others saw only what passed
    # The limit is each member's own: the other player still stamps.
    assert gateway.send(conns[1], action="stamp", room=code, stamp="thanks")["type"] == "stamp"
    clock_.advance(3)
    assert gateway.send(conns[0], action="stamp", room=code, stamp="gg")["retry_after"] == stamps.WINDOW - 3
    clock_.advance(stamps.WINDOW - 3)
    assert gateway.send(conns[0], action="stamp", room=code, stamp="gg")["type"] == "stamp"


def test_leaving_and_joining_again_does_not_start_a_new_count(gateway, posts, clock_):
    """The limit is the player's: one who leaves and joins again is a new member (a new id), not a new count."""
    code, conns = room_with(gateway, ["たろう", "はなこ"])
    before = latest_room(gateway, conns[1])["you"]["member"]
    for _ in range(stamps.ALLOWED):
        assert gateway.send(conns[1], action="stamp", room=code, stamp="like")["type"] == "stamp"
    assert gateway.send(conns[1], action="leave", room=code)["type"] == "left"
    assert gateway.send(conns[1], action="join", code=code)["you"]["member"] != before
    count = len(posts.frames[conns[0]])
    refused = gateway.send(conns[1], action="stamp", room=code, stamp="like")
    assert (refused["code"], refused["retry_after"]) == ("too_many_stamps", stamps.WINDOW)
    assert len(posts.frames[conns[0]]) == count
    clock_.advance(stamps.WINDOW)
    assert gateway.send(conns[1], action="stamp", room=code, stamp="like")["type"] == "stamp"


def test_a_refused_stamp_changes_nothing(gateway, posts):
    code, conns = room_with(gateway, ["たろう", "はなこ"])
    for _ in range(stamps.ALLOWED):
        gateway.send(conns[0], action="stamp", room=code, stamp="wait")
    before, count = table_items(), len(posts.frames[conns[1]])
    assert gateway.send(conns[0], action="stamp", room=code, stamp="wait")["code"] == "too_many_stamps"
    assert table_items() == before and len(posts.frames[conns[1]]) == count


def test_a_stamp_does_not_bring_an_away_player_back(gateway, posts, clock_):
    """A stamp is not an action on the room: the stand-in keeps playing for a person who only sends stamps."""
    code, conns = room_with(gateway, ["たろう", "はなこ"], "color-match")
    gateway.send(conns[0], action="set_settings", room=code, turn_timer=15)
    gateway.send(conns[0], action="start", room=code)
    for _ in range(40):
        members = latest_room(gateway, conns[0])["members"]
        if any(m["away"] for m in members):
            break
        gateway.run_timers(limit=1)
    away = next(conn for conn in conns if latest_room(gateway, conn)["members"][conns.index(conn)]["away"])
    version = latest_room(gateway, away)["version"]
    gateway.send(away, action="stamp", room=code, stamp="sorry")
    assert latest_room(gateway, away)["version"] == version
    assert latest_room(gateway, away)["members"][conns.index(away)]["away"] is True
