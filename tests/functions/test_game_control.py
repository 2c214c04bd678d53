"""Control of a running game through the handlers: a seated person leaves it (the stand-in plays their seat to the
end, which is nobody's win, and the leaver is dealt into the next game), the host ends it for everyone (back to the
lobby with no result), the host deals another game in one tap after one; every refusal changes nothing."""

from __future__ import annotations

import pytest

from functions import storage
from tests.functions.helpers import latest_room, room_with
from tests.functions.race_game import RaceGame, register
from tests.functions.test_accounts import hello, sign_in


@pytest.fixture
def race(monkeypatch):
    register(monkeypatch, RaceGame())


def events(frame: dict, code: str) -> list[dict]:
    return [e for e in frame["events"] if e["code"] == code]


def stored(code: str) -> tuple[int, dict]:
    """The room as stored: its version and body (what a refusal must leave as it was)."""
    room = storage.get_room(code, 0.0)
    assert room is not None
    return room.version, room.to_dict()


def race_of_two(gateway, names=("たろう", "はなこ")) -> tuple[str, list[str]]:
    """A short Race (two steps win) of two people, started: the last seat, m2 (はなこ), is in turn."""
    code, conns = room_with(gateway, list(names), "race")
    gateway.send(conns[0], action="set_options", room=code, game="race", preset="short")
    gateway.send(conns[0], action="start", room=code)
    return code, conns


def test_a_person_who_leaves_the_game_watches_the_stand_in_win_it_for_nobody_and_plays_the_next(gateway, race):
    code, (host, guest) = race_of_two(gateway)
    left = gateway.send(guest, action="leave_game", room=code, rid="l1")
    assert left["type"] == "room" and left["rid"] == "l1"
    assert events(left, "left_game") == [{"code": "left_game", "member": "m2", "seat": 1}]
    assert left["you"] == {"member": "m2", "host": False, "seat": None, "spectator": True}
    assert left["game"]["view"]["seat"] is None  # the spectator's view from now on
    seen = latest_room(gateway, host)
    assert seen["game"]["seats"][1] | {"name": None} == {"seat": 1, "member": "m2", "name": None, "standin": True,
                                                        "left": True}
    assert [m["seat"] for m in seen["members"]] == [0, None]
    assert seen["game"]["deadline"]["kind"] == "standin"

    # The seat is out of their hands for good: no move, no second leave.
    before = stored(code)
    assert gateway.send(guest, action="move", room=code, version=left["version"],
                        move={"type": "step"})["code"] == "spectator"
    assert gateway.send(guest, action="leave_game", room=code)["code"] == "spectator"
    assert stored(code) == before

    # The stand-in plays on and wins the game for seat 1: nobody's win.
    gateway.run_timers(limit=1)
    frame = latest_room(gateway, host)
    assert [(e["seat"], e["by"]) for e in events(frame, "moved")] == [(1, "standin")]
    gateway.send(host, action="move", room=code, version=frame["version"], move={"type": "step"})
    gateway.run_timers(limit=1)
    final = latest_room(gateway, guest)
    assert final["phase"] == "finished" and final["game"]["result"]["winner"] == 1
    assert events(final, "game_over")[0] | {"result": None} == {
        "code": "game_over", "winners": [], "standin_winners": ["m2"], "result": None}
    assert final["history"][-1]["winners"] == [] and [m["wins"] for m in final["members"]] == [0, 0]

    # The leaver is still in the room, and is dealt into the next game.
    again = gateway.send(host, action="rematch", room=code)
    assert again["game"]["seats"][1] == {"seat": 1, "member": "m2", "name": "はなこ", "standin": False, "left": False}
    assert latest_room(gateway, guest)["you"]["seat"] == 1


def test_leaving_a_game_counts_in_the_account_as_played_not_won(gateway, race):
    code, (host,) = room_with(gateway, ["たろう"], "race")
    welcome = hello(gateway, "aiko", "あいこ")
    sign_in(gateway, "aiko", welcome["secret"])
    gateway.send("aiko", action="join", code=code)
    gateway.send(host, action="set_options", room=code, game="race", preset="short")
    gateway.send(host, action="start", room=code)
    gateway.send("aiko", action="leave_game", room=code)
    gateway.run_timers(limit=1)  # the stand-in steps for her seat
    frame = latest_room(gateway, host)
    gateway.send(host, action="move", room=code, version=frame["version"], move={"type": "step"})
    gateway.run_timers(limit=1)  # and wins it
    assert events(latest_room(gateway, host), "game_over")[0]["standin_winners"] == ["m2"]
    assert gateway.send("aiko", action="profile")["stats"] == {"race": {"played": 1, "won": 0}}


def test_the_host_ends_a_game_for_everyone_and_nothing_is_recorded(gateway, race):
    code, (host, guest, other) = room_with(gateway, ["たろう", "はなこ", "じろう"], "race")
    gateway.send(host, action="add_cpu", room=code)
    gateway.send(host, action="start", room=code)
    playing = latest_room(gateway, guest)

    before = stored(code)
    refused = gateway.send(guest, action="end_game", room=code, rid="e1")
    assert (refused["type"], refused["code"], refused["rid"]) == ("error", "not_host", "e1")
    assert stored(code) == before and latest_room(gateway, other)["version"] == playing["version"]

    ended = gateway.send(host, action="end_game", room=code)
    for conn in (host, guest, other):
        frame = latest_room(gateway, conn)
        assert frame["version"] == ended["version"] and frame["phase"] == "lobby" and frame["game"] is None
        assert events(frame, "game_ended") == [{"code": "game_ended", "member": "m1", "game": "race", "number": 1}]
        assert frame["history"] == [] and [m["wins"] for m in frame["members"]] == [0, 0, 0, 0]
        assert [m["seat"] for m in frame["members"]] == [None] * 4

    # The CPU's pending turn wakes nothing, and the next game is number 2.
    gateway.run_timers()
    assert latest_room(gateway, host)["version"] == ended["version"]
    assert gateway.send(host, action="start", room=code)["game"]["number"] == 2


@pytest.mark.parametrize("action", ["end_game", "leave_game"])
def test_there_is_no_game_to_end_or_leave_in_the_lobby_or_after_the_game(gateway, race, action):
    code, (host, guest) = room_with(gateway, ["たろう", "はなこ"], "race")
    before = stored(code)
    refused = gateway.send(host, action=action, room=code)
    assert refused["code"] == "no_game" and "no running game" in refused["message"]
    assert stored(code) == before

    gateway.send(host, action="set_options", room=code, game="race", preset="short")
    gateway.send(host, action="start", room=code)
    gateway.send(host, action="end_game", room=code)
    gateway.send(host, action="start", room=code)
    gateway.send(guest, action="leave_game", room=code)
    frame = latest_room(gateway, host)
    while frame["phase"] == "playing":  # the host steps, the stand-in steps for the guest: one of them wins
        if frame["game"]["current"] == 0:
            gateway.send(host, action="move", room=code, version=frame["version"], move={"type": "step"})
        else:
            gateway.run_timers(limit=1)
        frame = latest_room(gateway, host)
    before = stored(code)
    assert gateway.send(host, action=action, room=code)["code"] == "no_game"
    assert stored(code) == before


def test_a_spectator_has_no_game_to_leave(gateway, race):
    code, (host, guest) = race_of_two(gateway)
    gateway.connect("late")
    gateway.send("late", action="hello", name="じろう")
    assert gateway.send("late", action="join", code=code)["you"]["spectator"] is True
    before = stored(code)
    assert gateway.send("late", action="leave_game", room=code)["code"] == "spectator"
    assert gateway.send("late", action="end_game", room=code)["code"] == "not_host"
    assert stored(code) == before


def test_after_a_game_the_host_deals_another_game_in_one_tap(gateway, race):
    code, (host,) = room_with(gateway, ["ゆうき"], "race")
    gateway.send(host, action="add_cpu", room=code)
    gateway.send(host, action="set_options", room=code, game="race", preset="short")
    gateway.send(host, action="start", room=code)
    gateway.send(host, action="leave_game", room=code)  # the CPU and the stand-in finish it
    gateway.run_timers()
    assert latest_room(gateway, host)["phase"] == "finished"

    before = stored(code)
    for frame, code_ in (({"game": "no-such-game"}, "bad_frame"), ({"game": 3}, "bad_frame"),
                         ({"game": "daifugo"}, "bad_player_count")):  # 大富豪 is for 3 to 8: two seats
        assert gateway.send(host, action="rematch", room=code, **frame)["code"] == code_
    assert stored(code) == before

    dealt = gateway.send(host, action="rematch", room=code, game="color-rows")
    assert (dealt["phase"], dealt["game"]["id"], dealt["game"]["number"]) == ("playing", "color-rows", 2)
    assert dealt["you"]["seat"] == 0 and events(dealt, "game_started")[0]["game"] == "color-rows"


@pytest.mark.parametrize("frame", [
    {"action": "end_game"},  # no room
    {"action": "end_game", "room": "12"},
    {"action": "leave_game", "room": "1234", "seat": 0},  # unknown field
    {"action": "end_game", "room": "1234", "everyone": True},
])
def test_malformed_control_frames_are_refused_before_any_room_is_read(gateway, frame):
    gateway.connect("c0")
    gateway.send("c0", action="hello", name="ゆうき")
    assert gateway.send("c0", **frame)["code"] == "bad_frame"


def test_a_stranger_gets_not_in_room(gateway, race):
    code, _ = race_of_two(gateway)
    gateway.connect("x")
    gateway.send("x", action="hello", name="よそもの")
    before = stored(code)
    for action in ("leave_game", "end_game"):
        assert gateway.send("x", action=action, room=code)["code"] == "not_in_room"
    assert stored(code) == before
