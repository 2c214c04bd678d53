"""Engine rule deadlines (e.g. the timed last-card call) through the timer queue and through catch-up."""

from __future__ import annotations

import pytest

from functions.engine import GAMES
from tests.functions.fake_game import TimedRaceGame
from tests.functions.helpers import latest_room, room_with


@pytest.fixture
def timed(monkeypatch):
    monkeypatch.setitem(GAMES, "color-match", TimedRaceGame())


def test_a_rule_deadline_is_applied_by_its_timer(gateway, clock_, timed):
    code, conns = room_with(gateway, ["たろう", "はなこ"], "color-match")
    room = gateway.send("c0", action="start", room=code)
    moved = gateway.send("c0", action="move", room=code, version=room["version"], move={"type": "step"})
    assert moved["game"]["deadline"] == {"at": clock_.t + 3, "kind": "engine", "seat": None}
    assert gateway.timer_messages == [{"room": code, "at": clock_.t + 3}]
    assert gateway.run_timers() == 1
    after = latest_room(gateway, "c1")
    assert [e["code"] for e in after["events"]] == ["deadline", "engine"]
    assert after["events"][1]["events"] == [{"type": "timed_out", "seat": 1}]
    assert after["game"]["view"]["players"][1]["pos"] == 1 and after["game"]["current"] == 0


def test_an_action_first_applies_a_deadline_already_due(gateway, clock_, timed):
    """A lost timer message changes nothing: the next action applies what is due before itself."""
    code, conns = room_with(gateway, ["たろう", "はなこ"], "color-match")
    room = gateway.send("c0", action="start", room=code)
    gateway.send("c0", action="move", room=code, version=room["version"], move={"type": "step"})
    gateway.timer_messages.clear()  # lost
    clock_.advance(10)
    version = latest_room(gateway, "c0")["version"]
    after = gateway.send("c0", action="move", room=code, version=version, move={"type": "step"})
    assert [e["code"] for e in after["events"]][:2] == ["deadline", "engine"]
    assert [p["pos"] for p in after["game"]["view"]["players"]] == [2, 1]
