"""Engine rule deadlines (e.g. the timed last-card call) through the timer queue and through catch-up."""

from __future__ import annotations

import pytest

from tests.functions.helpers import latest_room, room_with
from tests.functions.race_game import TimedRaceGame, register


@pytest.fixture
def timed(monkeypatch):
    register(monkeypatch, TimedRaceGame())


def test_a_rule_deadline_is_applied_by_its_timer(gateway, clock_, timed):
    code, conns = room_with(gateway, ["たろう", "はなこ"], "race")
    room = gateway.send("c0", action="start", room=code)
    moved = gateway.send("c0", action="move", room=code, version=room["version"], move={"type": "step"})
    assert moved["game"]["deadline"] == {"at": clock_.t + 3, "kind": "engine", "seat": None}
    # (the first message is the idle deadline of the start: "still there?" comes before no rule deadline)
    assert gateway.timer_messages[-1] == {"room": code, "at": clock_.t + 3, "version": moved["version"]}
    assert gateway.run_timers(limit=1) == 1
    after = latest_room(gateway, "c1")
    assert [e["code"] for e in after["events"]] == ["deadline", "engine"]
    assert after["events"][1]["events"] == [{"type": "timed_out", "seat": 1}]
    assert after["game"]["view"]["players"][1]["pos"] == 1 and after["game"]["current"] == 0


def test_a_move_made_before_a_lost_deadline_is_stale_and_the_deadline_is_stored(gateway, posts, clock_, timed):
    """A lost timer message changes nothing: the next action applies and stores what was due before it, so a move
    made on the screen from before the deadline is refused as stale (its player never saw the deadline pass) and
    every phone is sent the deadline at once; the same move made on the new screen counts."""
    code, conns = room_with(gateway, ["たろう", "はなこ"], "race")
    room = gateway.send("c0", action="start", room=code)
    gateway.send("c0", action="move", room=code, version=room["version"], move={"type": "step"})
    gateway.timer_messages.clear()  # lost
    clock_.advance(10)
    version = latest_room(gateway, "c0")["version"]
    sent_before = len(posts.frames["c0"])
    gateway.send("c0", action="move", room=code, version=version, move={"type": "step"})
    caught_up, refusal = posts.frames["c0"][sent_before:]  # the room as it now is, once, then the refusal
    assert [e["code"] for e in caught_up["events"]] == ["deadline", "engine"]
    assert refusal["type"] == "error" and refusal["code"] == "stale"
    assert latest_room(gateway, "c1")["version"] == caught_up["version"] == version + 1
    assert [p["pos"] for p in caught_up["game"]["view"]["players"]] == [1, 1]
    after = gateway.send("c0", action="move", room=code, version=caught_up["version"], move={"type": "step"})
    assert [e["code"] for e in after["events"]][0] == "moved"
    assert [p["pos"] for p in after["game"]["view"]["players"]] == [2, 1]