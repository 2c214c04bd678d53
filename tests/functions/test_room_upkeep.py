"""Keeping a friends' room theirs and moving, through the handlers: the host removes a person or closes the room,
absent people are not dealt in, the host's role passes on, the turn timer, the stand-in's wins, one room per
connection."""

from __future__ import annotations

import random

import pytest

from functions import storage
from functions.engine import GAMES
from functions.room import autoplay
from tests.functions.helpers import latest_room, play_to_end, room_with
from tests.functions.race_game import RaceGame, register


@pytest.fixture
def race(monkeypatch):
    register(monkeypatch, RaceGame())


def events(frame: dict, code: str | None = None) -> list[dict]:
    return [e for e in frame["events"] if code is None or e["code"] == code]


def moved(frame: dict) -> list[tuple[int, str]]:
    return [(e["seat"], e["by"]) for e in events(frame, "moved")]


def resume(gateway, conn: str, welcome: dict, code: str, new_conn: str) -> dict:
    """``conn``'s player comes back on a new connection, as a reloaded page does; the ``welcome``."""
    gateway.connect(new_conn)
    gateway.send(new_conn, action="hello", player_id=welcome["player_id"], secret=welcome["secret"], room=code)
    return gateway.posts.last(new_conn, "welcome")


def identities(gateway, conns: list[str]) -> dict[str, dict]:
    return {c: next(f for f in gateway.posts.frames[c] if f["type"] == "welcome") for c in conns}


# --- removing a person, closing the room -------------------------------------------------------------------------

def test_the_host_removes_a_person_who_is_told_why_and_never_comes_back(gateway, posts):
    code, (host, guest, other) = room_with(gateway, ["たろう", "はなこ", "じろう"])
    welcome = identities(gateway, [guest])[guest]
    assert gateway.send(guest, action="remove_member", room=code, member="m1")["code"] == "not_host"
    assert gateway.send(host, action="remove_member", room=code, member="m1")["code"] == "no_member"  # oneself
    assert gateway.send(host, action="remove_member", room=code, member="m9")["code"] == "no_member"
    assert gateway.send(host, action="remove_member", room=code, member="c1")["code"] == "bad_frame"  # CPUs: remove_cpu
    assert gateway.send(host, action="remove_member", room=code, member="m2", reason="rude")["code"] == "bad_frame"

    after = gateway.send(host, action="remove_member", room=code, member="m2", reason="away")
    assert [m["member"] for m in after["members"]] == ["m1", "m3"]
    assert events(after)[0] == {"code": "member_removed", "member": "m2"}  # the reason is the removed person's
    assert after["settings"]["knock"] is True  # after a removal, newcomers knock
    assert latest_room(gateway, other)["members"] == after["members"]
    assert posts.last(guest) == {"type": "removed", "room": code, "reason": "away"}

    # The removed person cannot come back: not by joining, not with their identity, not from another tab.
    assert gateway.send(guest, action="join", code=code)["code"] == "removed"
    assert gateway.send(guest, action="add_cpu", room=code)["code"] == "not_in_room"
    again = resume(gateway, guest, welcome, code, "tab2")
    assert again["type"] == "welcome" and again["room"] is None
    assert gateway.send("tab2", action="join", code=code)["code"] == "removed"
    assert [m.id for m in storage.get_room(code, gateway.clock()).members] == ["m1", "m3"]


def test_a_person_can_be_removed_between_games(gateway, race):
    code, (host, guest) = room_with(gateway, ["たろう", "はなこ"], "race")
    gateway.send(host, action="set_options", room=code, game="race", preset="short")
    gateway.send(host, action="start", room=code)
    final = play_to_end(gateway, code, [host, guest], random.Random(1))
    assert final["phase"] == "finished"
    after = gateway.send(host, action="remove_member", room=code, member="m2")
    assert after["phase"] == "finished" and [m["member"] for m in after["members"]] == ["m1"]
    assert [s["member"] for s in after["game"]["seats"]] == ["m1", "m2"]  # the finished game stays as it was
    assert gateway.posts.last(guest) == {"type": "removed", "room": code, "reason": None}


def test_a_closed_room_keeps_newcomers_out_and_lets_its_members_back(gateway):
    code, (host, guest) = room_with(gateway, ["たろう", "はなこ"])
    welcome = identities(gateway, [guest])[guest]
    for conn, name in (("new", "あらた"), ("late", "おそい")):
        gateway.connect(conn)
        gateway.send(conn, action="hello", name=name)
    assert gateway.send(guest, action="set_open", room=code, open=False)["code"] == "not_host"
    closed = gateway.send(host, action="set_open", room=code, open=False)
    assert closed["settings"]["open"] is False
    assert events(closed, "settings_changed")[0]["open"] is False
    assert gateway.send("new", action="join", code=code)["code"] == "room_closed"
    # A member comes back (a reload, a new tab) into a closed room.
    gateway.disconnect(guest)
    assert resume(gateway, guest, welcome, code, "guest2")["room"] == code
    assert gateway.send("guest2", action="join", code=code)["code"] == "already_in_room"
    # Open again: the newcomer gets in. The host can close and open during a game too.
    assert gateway.send(host, action="set_open", room=code, open=True)["settings"]["open"] is True
    assert gateway.send("new", action="join", code=code)["type"] == "room"
    gateway.send(host, action="select_game", room=code, game="color-rows")
    gateway.send(host, action="start", room=code)
    assert gateway.send(host, action="set_open", room=code, open=False)["phase"] == "playing"
    assert gateway.send("late", action="join", code=code)["code"] == "room_closed"


# --- absent people are not dealt in ---------------------------------------------------------------------------------

def test_a_person_disconnected_beyond_the_grace_is_not_dealt_and_sits_in_at_the_following_deal(gateway, clock_, race):
    code, (host, guest, dropped) = room_with(gateway, ["たろう", "はなこ", "じろう"], "race")
    welcome = identities(gateway, [dropped])[dropped]
    gateway.send(host, action="set_options", room=code, game="race", preset="short")
    gateway.disconnect(dropped)
    clock_.advance(autoplay.STANDIN_GRACE - 1)  # a phone that dropped a moment ago is still dealt in
    assert [m["seat"] for m in gateway.send(host, action="start", room=code)["members"]] == [0, 1, 2]
    final = play_to_end(gateway, code, [host, guest], random.Random(2))
    assert final["phase"] == "finished"

    # Still away at the rematch (the whole game without them): they watch the next game.
    rematch = gateway.send(host, action="rematch", room=code)
    assert [s["member"] for s in rematch["game"]["seats"]] == ["m1", "m2"]
    assert [m["seat"] for m in rematch["members"]] == [0, 1, None]
    back = resume(gateway, dropped, welcome, code, "dropped2")
    assert back["room"] == code
    watching = latest_room(gateway, "dropped2")
    assert watching["you"] == {"member": "m3", "host": False, "seat": None, "spectator": True}
    play_to_end(gateway, code, [host, guest], random.Random(3))
    # Back, they sit in again at the following deal.
    again = gateway.send(host, action="rematch", room=code)
    assert [s["member"] for s in again["game"]["seats"]] == ["m1", "m2", "m3"]


def test_the_lobby_counts_only_who_would_be_dealt(gateway, clock_):
    code, (host, guest) = room_with(gateway, ["たろう", "はなこ"])
    gateway.disconnect(guest)
    clock_.advance(autoplay.STANDIN_GRACE)
    frame = gateway.send(host, action="add_cpu", room=code)
    fits = {g["id"]: g["fits"] for g in frame["lobby"]["games"]}
    # The host and the CPU: two seats (the away guest is not counted).
    assert fits == {game_id: game.min_players <= 2 <= game.max_players for game_id, game in GAMES.items()}
    assert fits["color-match"] and not fits["daifugo"]
    gateway.send(host, action="remove_cpu", room=code)
    gateway.send(host, action="select_game", room=code, game="color-match")
    assert gateway.send(host, action="start", room=code)["code"] == "bad_player_count"  # one seat: the host alone


# --- the stand-in's wins ----------------------------------------------------------------------------------------------

def test_a_seat_the_stand_in_won_counts_for_nobody_and_says_so(gateway, clock_, race):
    code, (host, dropped) = room_with(gateway, ["たろう", "はなこ"], "race")
    gateway.send(host, action="set_options", room=code, game="race", preset="short")  # two steps win
    gateway.send(host, action="start", room=code)  # Race: the last seat, m2, starts
    gateway.disconnect(dropped)
    gateway.run_timers(limit=1)  # 30 s later the stand-in steps for m2
    first = latest_room(gateway, host)
    assert moved(first) == [(1, "standin")]
    assert first["game"]["seats"][1]["standin"] is True and first["game"]["seats"][0]["standin"] is False
    gateway.send(host, action="move", room=code, version=first["version"], move={"type": "step"})
    gateway.run_timers(limit=1)  # the stand-in's second step wins the game for seat 1
    final = latest_room(gateway, host)
    assert final["phase"] == "finished" and final["game"]["result"]["winner"] == 1
    over = events(final, "game_over")[0]
    assert (over["winners"], over["standin_winners"]) == ([], ["m2"])
    assert final["history"][-1]["winners"] == [] and final["history"][-1]["standin_winners"] == ["m2"]
    assert [m["wins"] for m in final["members"]] == [0, 0]


def test_a_person_who_plays_again_after_the_stand_in_wins_for_themselves(gateway, clock_, race):
    code, (host, guest) = room_with(gateway, ["たろう", "はなこ"], "race")
    welcome = identities(gateway, [guest])[guest]
    gateway.send(host, action="set_options", room=code, game="race", preset="short")
    gateway.send(host, action="start", room=code)
    gateway.disconnect(guest)
    gateway.run_timers(limit=1)  # the stand-in steps for m2
    frame = latest_room(gateway, host)
    gateway.send(host, action="move", room=code, version=frame["version"], move={"type": "step"})
    resume(gateway, guest, welcome, code, "guest2")  # back before the stand-in's next move
    frame = latest_room(gateway, "guest2")
    final = gateway.send("guest2", action="move", room=code, version=frame["version"], move={"type": "step"})
    assert events(final, "game_over")[0]["winners"] == ["m2"] and final["game"]["seats"][1]["standin"] is False
    assert [m["wins"] for m in final["members"]] == [0, 1]


# --- the host's role passes on --------------------------------------------------------------------------------------

def test_a_host_disconnected_in_the_lobby_hands_over_after_the_grace_through_the_timer(gateway, clock_):
    code, (host, guest, other) = room_with(gateway, ["たろう", "はなこ", "じろう"])
    welcome = identities(gateway, [host])[host]
    gateway.disconnect(host)
    assert [{k: m[k] for k in ("room", "at")} for m in gateway.timer_messages] == [
        {"room": code, "at": clock_.t + autoplay.HOST_GRACE}]
    clock_.advance(autoplay.HOST_GRACE - 1)
    assert latest_room(gateway, guest)["members"][0]["host"] is True
    assert gateway.run_timers() == 1
    passed = latest_room(gateway, guest)
    assert clock_.t == pytest.approx(passed["now"]) and passed["you"]["host"] is True
    assert events(passed) == [{"code": "host_changed", "member": "m2"}]  # the longest-present connected person
    # The former host comes back as a member: the role does not pass back by itself.
    assert resume(gateway, host, welcome, code, "host2")["room"] == code
    frame = latest_room(gateway, "host2")
    assert frame["you"]["host"] is False and frame["members"][1]["host"] is True
    assert gateway.send(guest, action="add_cpu", room=code)["type"] == "room"


def test_the_host_role_passes_at_the_next_request_when_no_timer_comes(gateway, clock_):
    """Every request catches up: a lost timer message changes nothing."""
    code, (host, guest) = room_with(gateway, ["たろう", "はなこ"])
    gateway.disconnect(host)
    gateway.timer_messages.clear()
    clock_.advance(autoplay.HOST_GRACE + 5)
    frame = gateway.send(guest, action="set_settings", room=code, mode="vote")  # the role passes first
    assert frame["you"]["host"] is True and frame["settings"]["mode"] == "vote"
    assert [e["code"] for e in events(frame)] == ["host_changed", "settings_changed"]


def test_a_host_who_drops_during_a_game_hands_over_and_nobody_is_left_waiting(gateway, clock_, race):
    code, (host, guest) = room_with(gateway, ["たろう", "はなこ"], "race")
    gateway.send(host, action="add_cpu", room=code)
    gateway.send(host, action="start", room=code)
    gateway.disconnect(host)
    gateway.time_passes(clock_.t + autoplay.HOST_GRACE)  # the host's role passes 30 s after the drop
    frame = latest_room(gateway, guest)
    assert frame["you"]["host"] is True and frame["phase"] == "playing"
    final = play_to_end(gateway, code, [guest], random.Random(4))
    assert final["phase"] == "finished"
    seats = gateway.send(guest, action="rematch", room=code)["game"]["seats"]
    assert [s["member"] for s in seats] == ["m2", "c3"]  # the former host, still away, watches


def test_a_host_alone_keeps_the_role_and_no_timer_is_sent(gateway, clock_):
    code, (host,) = room_with(gateway, ["たろう"])
    gateway.disconnect(host)
    assert gateway.timer_messages == []
    assert autoplay.host_pass_at(storage.get_room(code, clock_())) is None


# --- the turn timer ---------------------------------------------------------------------------------------------------

def test_the_turn_timer_is_a_lobby_setting_of_the_host(gateway):
    code, (host, guest) = room_with(gateway, ["たろう", "はなこ"])
    assert latest_room(gateway, guest)["settings"] == {"mode": "host", "cpu_level": "normal", "turn_timer": 0,
                                                       "open": True, "knock": False}
    assert gateway.send(guest, action="set_settings", room=code, turn_timer=30)["code"] == "not_host"
    for wrong in (10, -1, "30", 30.0, True):
        assert gateway.send(host, action="set_settings", room=code, turn_timer=wrong)["code"] == "bad_frame"
    assert gateway.send(host, action="set_settings", room=code, turn_timer=15)["settings"]["turn_timer"] == 15
    assert gateway.send(host, action="set_settings", room=code, turn_timer=0)["settings"]["turn_timer"] == 0


def test_the_turn_timer_runs_out_through_the_timer_queue_and_three_in_a_row_seat_the_stand_in(gateway, clock_, race):
    code, (host, guest) = room_with(gateway, ["たろう", "はなこ"], "race")
    gateway.send(host, action="set_options", room=code, game="race", preset="long")  # five steps
    gateway.send(host, action="set_settings", room=code, turn_timer=15)
    started = gateway.send(host, action="start", room=code)  # m2 (the guest) first
    assert started["game"]["deadline"] == {"at": clock_.t + 15, "kind": "turn", "seat": 1}
    assert [{k: m[k] for k in ("room", "at")} for m in gateway.timer_messages] == [{"room": code, "at": clock_.t + 15}]
    for timeouts in (1, 2, 3):
        gateway.time_passes(clock_.t + 15)  # the guest's time runs out
        frame = latest_room(gateway, host)
        assert moved(frame) == [(1, "timeout")]
        assert frame["game"]["seats"][1]["standin"] is True
        assert [e["code"] for e in frame["events"]][-1] == ("member_away" if timeouts == 3 else "engine")
        # The host answers at once; the host's own timer restarts with every change.
        assert frame["game"]["deadline"] == {"at": clock_.t + 15, "kind": "turn", "seat": 0}
        gateway.send(host, action="move", room=code, version=frame["version"], move={"type": "step"})
    away = latest_room(gateway, guest)
    assert away["members"][1]["away"] is True
    assert away["game"]["deadline"] == {"at": clock_.t + autoplay.CPU_DELAY, "kind": "standin", "seat": 1}
    gateway.time_passes(clock_.t + autoplay.CPU_DELAY)  # the stand-in now plays at once
    assert moved(latest_room(gateway, host)) == [(1, "standin")]
    # The guest is back: the seat is theirs again, with the timer.
    frame = latest_room(gateway, host)
    gateway.send(host, action="move", room=code, version=frame["version"], move={"type": "step"})
    assert gateway.send(host, action="back", room=code)["code"] == "not_away"
    back = gateway.send(guest, action="back", room=code)
    assert events(back, "member_back") == [{"code": "member_back", "member": "m2"}]
    assert back["members"][1]["away"] is False and back["game"]["deadline"]["kind"] == "turn"
    gateway.send(guest, action="move", room=code, version=back["version"], move={"type": "step"})
    assert gateway.send(guest, action="back", room=code)["code"] == "not_away"


def test_a_move_of_their_own_brings_an_away_player_back_and_resets_the_count(gateway, clock_, race):
    code, (host, guest) = room_with(gateway, ["たろう", "はなこ"], "race")
    gateway.send(host, action="set_options", room=code, game="race", preset="long")
    gateway.send(host, action="set_settings", room=code, turn_timer=60)
    gateway.send(host, action="start", room=code)
    gateway.time_passes(clock_.t + 60)  # one timeout for the guest
    frame = latest_room(gateway, host)
    gateway.send(host, action="move", room=code, version=frame["version"], move={"type": "step"})
    frame = latest_room(gateway, guest)
    gateway.send(guest, action="move", room=code, version=frame["version"], move={"type": "step"})
    stored = storage.get_room(code, clock_())
    assert stored.member("m2").timeouts == 0 and stored.game.standins == []


def test_no_turn_timer_by_default_and_none_for_a_disconnected_person(gateway, clock_, race):
    code, (host, guest) = room_with(gateway, ["たろう", "はなこ"], "race")
    deadline = gateway.send(host, action="start", room=code)["game"]["deadline"]
    assert deadline["kind"] == "idle" and deadline["at"] == clock_.t + autoplay.IDLE_TURN  # friends wait a while
    gateway.disconnect(guest)
    assert latest_room(gateway, host)["game"]["deadline"]["kind"] == "standin"


def test_dropping_the_socket_just_before_the_turn_timer_runs_out_never_extends_the_turn(gateway, clock_, race):
    """A person who drops just before their timer runs out gets no stand-in grace on top of it: the stand-in moves
    at the timer's deadline, whether they stay away or resume in between (and drop again)."""
    code, (host, guest) = room_with(gateway, ["たろう", "はなこ"], "race")
    gateway.send(host, action="set_options", room=code, game="race", preset="long")
    gateway.send(host, action="set_settings", room=code, turn_timer=15)
    deadline = gateway.send(host, action="start", room=code)["game"]["deadline"]["at"]  # the guest's turn
    welcome = identities(gateway, [guest])[guest]
    gateway.time_passes(deadline - 1)
    gateway.disconnect(guest)
    assert latest_room(gateway, host)["game"]["deadline"] == {"at": deadline, "kind": "standin", "seat": 1}
    clock_.t = deadline - 0.5
    gateway.connect("again")
    gateway.send("again", action="hello", player_id=welcome["player_id"], secret=welcome["secret"], room=code)
    assert latest_room(gateway, "again")["game"]["deadline"] == {"at": deadline, "kind": "turn", "seat": 1}
    gateway.time_passes(deadline)
    assert moved(latest_room(gateway, host)) == [(1, "timeout")]
    # Next turn of theirs: dropped for good just before it runs out, the stand-in moves at the timer's deadline.
    frame = latest_room(gateway, host)
    deadline = gateway.send(host, action="move", room=code, version=frame["version"],
                            move={"type": "step"})["game"]["deadline"]["at"]
    gateway.time_passes(deadline - 1)
    gateway.disconnect("again")
    gateway.time_passes(deadline)
    assert moved(latest_room(gateway, host)) == [(1, "standin")]


# --- one room per connection -----------------------------------------------------------------------------------------

def test_a_connection_that_says_hello_for_another_room_or_none_leaves_its_seat(gateway):
    code, (host, guest) = room_with(gateway, ["たろう", "はなこ"])
    gateway.connect("x")
    gateway.send("x", action="hello", name="べつ")
    second = gateway.send("x", action="create")["code"]
    welcome = identities(gateway, [guest])[guest]
    # The guest's player is a member of the second room too (another tab joined it).
    gateway.connect("tab")
    gateway.send("tab", action="hello", player_id=welcome["player_id"], secret=welcome["secret"], name="はなこ")
    assert gateway.send("tab", action="join", code=second)["type"] == "room"
    # The first tab says hello for the second room: it takes that seat and lets the first go.
    gateway.send(guest, action="hello", player_id=welcome["player_id"], secret=welcome["secret"], room=second)
    assert gateway.posts.last(guest, "welcome")["room"] == second
    assert gateway.send(guest, action="add_cpu", room=code)["code"] == "not_in_room"
    assert storage.get_room(code, gateway.clock()).member("m2").conn is None
    # A hello with no room lets the seat go too.
    gateway.send(guest, action="hello", player_id=welcome["player_id"], secret=welcome["secret"])
    assert storage.get_room(second, gateway.clock()).member_by_conn(guest) is None
    assert gateway.send(guest, action="vote", room=second, game=None)["code"] == "not_in_room"


def test_two_joins_racing_from_one_connection_put_it_in_one_room(gateway, monkeypatch):
    """The connection's record is claimed on a condition, so a join that lost the race to another is refused."""
    first, _ = room_with(gateway, ["たろう"])
    gateway.connect("x")
    gateway.send("x", action="hello", name="ふたまた")
    gateway.send("x", action="create")  # the host of a room of its own now
    from functions.actions import room as room_actions
    record = storage.get_connection("x")
    stale = storage.Connection(id="x", player_id=record.player_id, secret_hash=record.secret_hash, name="ふたまた")
    monkeypatch.setattr(room_actions, "_identified", lambda conn, now: stale)  # as read before the create was stored
    assert gateway.send("x", action="join", code=first)["code"] == "already_in_room"
    assert storage.get_room(first, gateway.clock()).member_by_conn("x") is None
