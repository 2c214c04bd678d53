"""Dropped connections, gone connections, stand-ins, timers and version races."""

from __future__ import annotations

import json


from functions import fanout, storage
from functions.room import autoplay
from tests.functions.helpers import color_rows_against_a_cpu, latest_room, room_with


def _stored(code, now):
    room = storage.get_room(code, now)
    return room.version, room.to_dict()


def test_resume_on_a_new_connection_gets_the_seat_and_the_full_view_at_once(gateway, posts, clock_):
    code, conns = room_with(gateway, ["たろう", "はなこ"], "color-rows")
    welcome = posts.last("c1", "welcome")
    gateway.send("c0", action="start", room=code)
    seat = latest_room(gateway, "c1")["you"]["seat"]
    gateway.disconnect("c1")
    assert [m["connected"] for m in latest_room(gateway, "c0")["members"]] == [True, False]
    gateway.connect("c1b")
    gateway.send_raw("c1b", '{"action": "hello", "player_id": "%s", "secret": "%s", "room": "%s", "rid": "r"}'
                     % (welcome["player_id"], welcome["secret"], code))
    welcome_again, view = posts.frames["c1b"][-2:]
    assert welcome_again == {"type": "welcome", "player_id": welcome["player_id"], "name": "はなこ", "avatar": None,
                             "room": code, "rid": "r"}
    assert view["type"] == "room" and view["you"]["seat"] == seat and view["game"]["view"]["seat"] == seat
    assert [m["connected"] for m in latest_room(gateway, "c0")["members"]] == [True, True]
    # The resumed connection acts for the seat; the old one no longer does.
    assert gateway.send("c1b", action="ping")["type"] == "pong"
    assert gateway.send("c1", action="add_cpu", room=code)["code"] == "not_in_room"


def test_resume_with_a_wrong_secret_is_refused_and_changes_nothing(gateway, posts, clock_):
    code, conns = room_with(gateway, ["たろう", "はなこ"])
    player_id = posts.last("c1", "welcome")["player_id"]
    before = _stored(code, clock_.t)
    gateway.connect("x")
    reply = gateway.send("x", action="hello", player_id=player_id, secret="A" * 43, room=code)
    assert reply["code"] == "bad_credentials"
    assert _stored(code, clock_.t) == before


def test_resume_of_an_expired_room_is_a_plain_welcome(gateway, posts, clock_):
    code, conns = room_with(gateway, ["たろう"])
    welcome = posts.last("c0", "welcome")
    clock_.advance(storage.ROOM_IDLE_SECONDS + 1)
    gateway.connect("n")
    reply = gateway.send("n", action="hello", player_id=welcome["player_id"], secret=welcome["secret"], room=code)
    assert reply["type"] == "welcome" and reply["room"] is None


def test_a_gone_connection_is_marked_disconnected(gateway, posts, clock_):
    code, conns = room_with(gateway, ["たろう", "はなこ", "じろう"])
    posts.gone.add("c2")
    gateway.send("c0", action="add_cpu", room=code)
    members = latest_room(gateway, "c0")["members"]
    assert [m["connected"] for m in members] == [True, True, False, True]
    assert any(e["code"] == "member_disconnected" for e in latest_room(gateway, "c0")["events"])
    # The next change posts to the two live connections only.
    posts.count = 0
    gateway.send("c0", action="remove_cpu", room=code)
    assert posts.count == 2


def test_the_real_post_reports_410_gone(gateway, posts):
    posts.gone.add("abc")
    assert fanout.post("abc", {"type": "pong"}) is False
    assert fanout.post("def", {"type": "pong"}) is True and posts.last("def") == {"type": "pong"}


def test_a_disconnected_players_turn_is_played_by_the_stand_in(gateway, posts, clock_):
    code, conns = room_with(gateway, ["たろう", "はなこ"], "color-match")
    seat = gateway.send("c0", action="start", room=code)["game"]["current"]
    away, present = conns[seat], conns[1 - seat]
    gateway.disconnect(away)  # the player whose turn it is
    deadline = latest_room(gateway, present)["game"]["deadline"]
    assert deadline == {"at": clock_.t + autoplay.STANDIN_GRACE, "kind": "standin", "seat": seat}
    version = latest_room(gateway, present)["version"]
    clock_.advance(autoplay.STANDIN_GRACE - 1)
    gateway.deliver_timers([{"room": code, "at": deadline["at"]}])  # early: nothing happens yet
    assert latest_room(gateway, present)["version"] == version
    clock_.advance(1)
    gateway.deliver_timers([{"room": code, "at": deadline["at"]}])
    after = latest_room(gateway, present)
    assert after["events"][0]["by"] == "standin" and after["events"][0]["seat"] == seat
    # The player takes the seat back at any time.
    welcome = posts.last(away, "welcome")
    gateway.connect("back")
    gateway.send("back", action="hello", player_id=welcome["player_id"], secret=welcome["secret"], room=code)
    assert latest_room(gateway, "back")["you"]["seat"] == seat


def test_a_duplicate_timer_message_is_ignored(gateway, posts, clock_):
    code, human = color_rows_against_a_cpu(gateway)
    message = gateway.timer_messages[-1]
    clock_.t = message["at"]
    gateway.deliver_timers([message])
    version = latest_room(gateway, human)["version"]
    posts.count = 0
    answer = gateway.deliver_timers([message, message])
    assert answer == {"batchItemFailures": []}
    assert latest_room(gateway, human)["version"] == version and posts.count == 0


def test_a_write_that_loses_the_race_is_reapplied_once(gateway, posts, clock_, monkeypatch):
    """Two players press at once: the loser's write is retried on the newer room, and applied exactly once."""
    code, conns = room_with(gateway, ["たろう", "はなこ"])
    real_put = storage.put_room
    raced = []

    def put_after_a_rival(room, expected, now, **kw):
        if not raced:  # a rival's change lands between our read and our write
            raced.append(True)
            rival = storage.get_room(code, now)
            rival.version += 1
            rival.cpu_level = "easy"
            real_put(rival, expected, now)
        return real_put(room, expected, now, **kw)

    monkeypatch.setattr(storage, "put_room", put_after_a_rival)
    reply = gateway.send("c0", action="add_cpu", room=code)
    assert reply["type"] == "room"
    stored = storage.get_room(code, clock_.t)
    assert [m.cpu for m in stored.members] == [False, False, True]  # one CPU, not two
    assert stored.cpu_level == "easy" and stored.version == reply["version"]


def test_what_an_operation_found_is_its_last_runs(gateway, clock_, monkeypatch):
    """An operation that returns what it found is run again after a lost race: the use case gets what the run the
    change ended with found, and None when that run refused."""
    from functions.actions.acting import change_finding
    from functions.refusal import Refusal

    code, _ = room_with(gateway, ["たろう", "はなこ"])
    real_put, runs = storage.put_room, []

    def lose_once(room, expected, now, **kw):
        if len(runs) == 1:
            raise storage.VersionConflict(code)
        return real_put(room, expected, now, **kw)

    def rename(room):
        runs.append(room.version)
        room.members[0].name = f"run {len(runs)}"
        return [{"code": "member_connected", "member": room.members[0].id}], len(runs)

    monkeypatch.setattr(storage, "put_room", lose_once)
    change, found = change_finding(code, rename, clock_.t)
    assert found == 2 and change.room.members[0].name == "run 2" and change.conflicts == 1

    def refuse(room):
        raise Refusal("not_host", "no")

    change, found = change_finding(code, refuse, clock_.t)
    assert found is None and change.refusal is not None and change.refusal.code == "not_host"


def test_a_room_that_keeps_changing_is_refused_with_conflict(gateway, posts, clock_, monkeypatch):
    code, conns = room_with(gateway, ["たろう", "はなこ"])
    before = _stored(code, clock_.t)

    def always_lose(*_, **__):
        raise storage.VersionConflict(code)

    monkeypatch.setattr(storage, "put_room", always_lose)
    reply = posts.frames["c0"]
    gateway.send_raw("c0", '{"action": "add_cpu", "room": "%s"}' % code)
    resync, error = reply[-2:]  # the room as it is, then the error
    assert error["code"] == "conflict" and resync["type"] == "room"
    assert _stored(code, clock_.t) == before


def test_a_double_tap_is_stale_and_applied_once(gateway, posts, clock_):
    code, conns = room_with(gateway, ["たろう", "はなこ"], "color-rows")
    room = gateway.send("c0", action="start", room=code)
    mover = "c0" if room["game"]["current"] == room["you"]["seat"] else "c1"
    frame = latest_room(gateway, mover)
    version, tap = frame["version"], frame["game"]["view"]["legal"][0]  # the card drawn at the start: place it
    first = gateway.send(mover, action="move", room=code, version=version, move=tap)
    before = _stored(code, clock_.t)
    gateway.send_raw(mover, json.dumps({"action": "move", "room": code, "version": version, "move": tap}))
    resync, error = posts.frames[mover][-2:]  # the room as it is, then the error
    assert error["code"] == "stale" and resync["version"] == first["version"]
    assert _stored(code, clock_.t) == before
