"""Strangers, round two (issue 31), through the handlers: a removal that sticks (knocking, removed devices), the
join link's key that no guesser behind the same address can lock out, names unique in a room, a nameless returning
hello, removing a person during a game and "still there?" when no turn timer runs."""

from __future__ import annotations

import pytest

from functions import storage, throttle
from functions.room import autoplay
from tests.functions.helpers import latest_room, room_with
from tests.functions.race_game import RaceGame, register


def hello(gateway, conn: str, name: str, **identity: str) -> dict:
    gateway.connect(conn)
    return gateway.send(conn, action="hello", name=name, **identity)


# --- 1. a removal that sticks ------------------------------------------------------------------------------------

def test_after_a_removal_newcomers_knock_and_the_host_answers(gateway, posts):
    code, (host, guest, other) = room_with(gateway, ["たろう", "はなこ", "じろう"])
    removed_welcome = posts.last(guest, "welcome")
    gateway.send(host, action="remove_member", room=code, member="m2")

    # The removed person as a fresh guest (a new player id) knocks instead of joining.
    hello(gateway, "fresh", "はなこ")
    assert gateway.send("fresh", action="join", code=code, rid="j1") == {"type": "knocking", "room": code, "rid": "j1"}
    host_view = latest_room(gateway, host)
    assert [(k["knock"], k["name"]) for k in host_view["knocks"]] == [(host_view["knocks"][0]["knock"], "はなこ")]
    assert latest_room(gateway, other)["knocks"] == []  # only the host sees who knocks
    knock = host_view["knocks"][0]["knock"]
    assert [m["member"] for m in host_view["members"]] == ["m1", "m3"]

    # Only the host answers; strangers get what strangers get; an unknown knock is refused and changes nothing.
    assert gateway.send(other, action="answer_knock", room=code, knock=knock, admit=True)["code"] == "not_host"
    assert gateway.send("fresh", action="answer_knock", room=code, knock=knock, admit=True)["code"] == "not_in_room"
    assert gateway.send(host, action="answer_knock", room=code, knock="k99", admit=True)["code"] == "no_knock"
    assert gateway.send(host, action="answer_knock", room=code, knock="m2", admit=True)["code"] == "bad_frame"

    refused = gateway.send(host, action="answer_knock", room=code, knock=knock, admit=False)
    assert refused["knocks"] == []
    assert posts.last("fresh") == {"type": "knock_refused", "room": code, "retry_after": 600}
    again = gateway.send("fresh", action="join", code=code)  # refused by the room itself for 10 minutes
    assert again["code"] == "knock_refused" and 0 < again["retry_after"] <= 600
    assert latest_room(gateway, host)["knocks"] == []

    # The removed device with a made-up player id is refused outright.
    hello(gateway, "forged", "はなこ", player_id="p_" + "z" * 16, secret=removed_welcome["secret"])
    assert gateway.send("forged", action="join", code=code)["code"] == "removed"

    # Another newcomer is let in: their knocking connection is now the member's.
    hello(gateway, "friend", "けんじ")
    assert gateway.send("friend", action="join", code=code)["type"] == "knocking"
    knock = latest_room(gateway, host)["knocks"][0]["knock"]
    admitted = gateway.send(host, action="answer_knock", room=code, knock=knock, admit=True)
    assert [m["name"] for m in admitted["members"]] == ["たろう", "じろう", "けんじ"]
    assert latest_room(gateway, "friend")["you"]["member"] == admitted["members"][-1]["member"]
    assert storage.get_connection("friend").room == code
    assert gateway.send("friend", action="vote", room=code, game=None)["code"] == "wrong_mode"  # a member now

    # A member resuming with its own secret never knocks.
    me = posts.last(other, "welcome")
    gateway.connect("tab2")
    resumed = gateway.send("tab2", action="hello", player_id=me["player_id"], secret=me["secret"], room=code)
    assert resumed["type"] == "room" and resumed["you"]["member"] == "m3"


def test_the_host_turns_knocking_on_and_knocks_are_bounded(gateway, monkeypatch):
    code, (host, guest) = room_with(gateway, ["たろう", "はなこ"])
    assert gateway.send(guest, action="set_knock", room=code, knock=True)["code"] == "not_host"
    assert gateway.send(host, action="set_knock", room=code, knock="yes")["code"] == "bad_frame"
    assert gateway.send(host, action="set_knock", room=code, knock=True)["settings"]["knock"] is True
    for i in range(6):
        hello(gateway, f"n{i}", f"ひと{i}")
    for i in range(5):
        assert gateway.send(f"n{i}", action="join", code=code)["type"] == "knocking"
    assert gateway.send("n0", action="join", code=code)["type"] == "knocking"  # knocking again renews it
    assert gateway.send("n5", action="join", code=code)["code"] == "knocks_full"
    assert len(latest_room(gateway, host)["knocks"]) == 5
    gateway.clock.t += 301  # knocks expire
    assert gateway.send("n5", action="join", code=code)["type"] == "knocking"
    assert [k["name"] for k in latest_room(gateway, host)["knocks"]] == ["ひと5"]
    assert len(storage.get_room(code, gateway.clock()).knocks) == 1
    assert gateway.send(host, action="set_knock", room=code, knock=False)["settings"]["knock"] is False
    assert gateway.send("n1", action="join", code=code)["type"] == "room"


# --- 2. a shared address that cannot be locked out ---------------------------------------------------------------

def test_a_join_by_link_is_not_locked_out_by_the_address_s_failed_joins(gateway, monkeypatch):
    monkeypatch.setattr(throttle, "JOINS", (throttle.Limit("join", "address", 3, 600.0), throttle.JOIN_BY_PLAYER))
    code, (host,) = room_with(gateway, ["たろう"])
    key = latest_room(gateway, host)["key"]
    assert len(key) == 22
    hello(gateway, "guesser", "あやしい")
    for guess in ("0000", "0001", "0002"):
        if guess != code:
            gateway.send("guesser", action="join", code=guess)
    hello(gateway, "pupil", "はなこ")
    typed = gateway.send("pupil", action="join", code=code)
    assert (typed["code"], typed["reason"]) == ("too_many_attempts", "use_link")
    wrong = gateway.send("pupil", action="join", code=code, key="A" * 22)
    assert wrong["code"] in ("room_not_found", "too_many_attempts")  # a wrong key is a failed join
    assert gateway.send("pupil", action="join", code=code, key=key[:-1])["code"] == "bad_frame"
    joined = gateway.send("pupil", action="join", code=code, key=key)
    assert joined["type"] == "room" and joined["you"]["member"] == "m2"


def test_a_wrong_key_is_answered_like_a_missing_room_and_counted(gateway):
    code, _ = room_with(gateway, ["たろう"])
    hello(gateway, "x", "あやしい")
    assert gateway.send("x", action="join", code=code, key="B" * 22)["code"] == "room_not_found"
    free = "1234" if code != "1234" else "4321"
    assert gateway.send("x", action="join", code=free, key="B" * 22)["code"] == "room_not_found"
    player = storage.get_connection("x").player_id
    number, _ = throttle.window_of(throttle.JOIN_BY_PLAYER, gateway.clock())
    counter = storage.client().get_item(TableName=storage._table(),
                                        Key={"pk": {"S": f"limit#join-player#{player}#{number}"}})
    assert counter["Item"]["n"]["N"] == "2"


# --- 8, 9. names ---------------------------------------------------------------------------------------------------

def test_names_are_unique_in_a_room(gateway, posts):
    code, (host, guest, third) = room_with(gateway, ["ゆうき", "ゆうき", "さくら"])
    gateway.send(host, action="add_cpu", room=code)
    me = posts.last(third, "welcome")
    gateway.connect("tab")
    gateway.send("tab", action="hello", player_id=me["player_id"], secret=me["secret"], name="ゆうき", room=code)
    assert posts.last("tab", "welcome")["name"] == "ゆうき (3)"
    names = [m["name"] for m in latest_room(gateway, host)["members"]]
    assert names == ["ゆうき", "ゆうき (2)", "ゆうき (3)", "CPU 1"]
    hello(gateway, "late", "CPU 1")
    assert gateway.send("late", action="join", code=code)["members"][-1]["name"] == "CPU 1 (2)"


def test_a_returning_guest_without_a_name_keeps_its_name_or_is_asked_for_one(gateway, posts):
    code, (host, guest) = room_with(gateway, ["たろう", "はなこ"])
    me = posts.last(guest, "welcome")
    gateway.connect("tab")
    resumed = gateway.send("tab", action="hello", player_id=me["player_id"], secret=me["secret"], room=code)
    assert posts.last("tab", "welcome")["name"] == "はなこ" and resumed["members"][1]["name"] == "はなこ"
    gateway.connect("bare")
    welcome = gateway.send("bare", action="hello", player_id="p_" + "b" * 16, secret="B" * 43)
    assert welcome["type"] == "welcome" and welcome["name"] is None
    before = storage.get_room(code, gateway.clock())
    assert gateway.send("bare", action="join", code=code)["code"] == "name_required"
    assert gateway.send("bare", action="create")["code"] == "name_required"
    assert storage.get_room(code, gateway.clock()).members == before.members
    gateway.send("bare", action="hello", player_id="p_" + "b" * 16, secret="B" * 43, name="ゆうき")
    assert gateway.send("bare", action="join", code=code)["members"][-1]["name"] == "ゆうき"


# --- 10. removing a person during a game; "still there?" -----------------------------------------------------------

@pytest.fixture
def race(monkeypatch):
    register(monkeypatch, RaceGame())


def test_the_host_removes_a_person_during_a_game_and_the_stand_in_plays(gateway, race):
    code, (host, guest) = room_with(gateway, ["たろう", "はなこ"], "race")
    gateway.send(host, action="start", room=code)
    after = gateway.send(host, action="remove_member", room=code, member="m2", reason="conduct")
    assert after["phase"] == "playing" and [m["member"] for m in after["members"]] == ["m1"]
    assert [s["member"] for s in after["game"]["seats"]] == ["m1", "m2"]
    if after["game"]["current"] == 1:
        assert after["game"]["deadline"]["kind"] == "standin"


def test_a_person_in_turn_is_asked_still_there_and_then_the_stand_in_moves(gateway, race):
    code, (host, guest) = room_with(gateway, ["たろう", "はなこ"], "race")
    started = gateway.send(host, action="start", room=code)
    seat = started["game"]["current"]
    conn = (host, guest)[seat]
    deadline = started["game"]["deadline"]
    assert deadline == {"at": gateway.clock.t + autoplay.IDLE_TURN, "kind": "idle", "seat": seat}
    gateway.clock.t += autoplay.IDLE_TURN - 10  # "still there?" on the screen: the answer gives the time again
    here = gateway.send(conn, action="still_here", room=code)
    assert here["game"]["deadline"]["at"] == gateway.clock.t + autoplay.IDLE_TURN
    assert [e["code"] for e in here["events"]] == ["member_here"]
    gateway.time_passes(gateway.clock.t + autoplay.IDLE_TURN + 1)  # no answer: the stand-in moves
    moved = [e for e in latest_room(gateway, host)["events"] if e["code"] == "moved"]
    assert moved and moved[0]["seat"] == seat and moved[0]["by"] == "timeout"
