"""A third game, registered by the test alone, played through the handlers from the lobby to a rematch: the
server knows a game only through the ``Game`` protocol and the registries, so adding one changes no server file.
"""

from __future__ import annotations

import pytest

from tests.functions.helpers import latest_room, room_with
from tests.functions.race_game import RaceGame, register


@pytest.fixture
def race(monkeypatch):
    register(monkeypatch, RaceGame())


def moved(frame: dict) -> list[tuple[int, str, str]]:
    return [(e["seat"], e["by"], e["move"]["type"]) for e in frame["events"] if e["code"] == "moved"]


def play(gateway, code: str, conns: list[str], move: dict) -> dict:
    """The person in turn makes ``move`` on their newest frame (CPU turns are played by their timers first)."""
    while True:
        frames = {conn: latest_room(gateway, conn) for conn in conns}
        newest = max(frames.values(), key=lambda f: f["version"])
        mover = next((c for c, f in frames.items() if f["you"]["seat"] == newest["game"]["current"]), None)
        if mover is not None:
            break
        assert gateway.run_timers(limit=1) == 1, "a CPU seat is in turn and no timer is pending"
    frame = frames[mover]
    reply = gateway.send(mover, action="move", room=code, version=frame["version"], move=move)
    assert reply["type"] == "room", reply
    return reply


def test_a_game_registered_by_a_test_is_played_through_the_handlers_from_lobby_to_rematch(gateway, race):
    code, (host, guest) = room_with(gateway, ["たろう", "はなこ"])
    lobby = latest_room(gateway, guest)["lobby"]
    entry = next(g for g in lobby["games"] if g["id"] == "race")
    assert entry == {"id": "race", "min": 2, "max": 6, "fits": True,
                     "options": {"target": {"default": 3, "choices": [2, 3, 5]}},
                     "presets": {"short": {"target": 2}, "long": {"target": 5}}}
    assert lobby["options"]["race"] == {"target": 3} and lobby["votes"]["race"] == []

    assert gateway.send(host, action="select_game", room=code, game="race")["lobby"]["selected"] == "race"
    short = gateway.send(host, action="set_options", room=code, game="race", preset="short")
    assert short["lobby"]["options"]["race"] == {"target": 2}
    assert gateway.send(host, action="set_options", room=code, game="race", options={"target": 4})["code"] == \
        "bad_options"
    gateway.send(host, action="add_cpu", room=code)

    started = gateway.send(host, action="start", room=code)
    assert started["game"]["id"] == "race" and started["events"][-1]["first"] == 2  # Race: the last seat first
    assert started["game"]["view"]["options"] == {"target": 2}
    assert started["game"]["current"] == 2 and started["game"]["deadline"]["kind"] == "cpu"

    # The CPU steps (its timer); the host draws, and the step that is then the only move is made for them.
    drew = play(gateway, code, [host, guest], {"type": "draw"})
    assert moved(drew) == [(0, "player", "draw"), (0, "forced", "step")]
    assert [p["pos"] for p in drew["game"]["view"]["players"]] == [1, 0, 1]
    assert len(drew["game"]["view"]["hand"]) == 2 and "hand" not in drew["game"]["view"]["players"][0]
    assert "hand" not in latest_room(gateway, guest)["game"]["view"]["players"][0]

    play(gateway, code, [host, guest], {"type": "step"})  # the guest
    assert gateway.run_timers() >= 1  # the CPU's second step wins (older "still there?" messages change nothing)
    final = latest_room(gateway, guest)
    assert final["phase"] == "finished"
    assert final["game"]["result"]["winner"] == 2
    cpu = final["members"][2]["member"]
    assert final["history"] == [{"number": 1, "game": "race", "winners": [cpu], "standin_winners": [],
                                "names": {cpu: "CPU 1"}, "cards_played": 0}]
    assert [m["wins"] for m in final["members"]] == [0, 0, 1]
    assert {e["code"] for e in final["events"]} >= {"moved", "game_over"}

    again = gateway.send(host, action="rematch", room=code)
    assert again["game"]["number"] == 2 and again["events"][-1]["first"] == 1  # one seat back
    for _ in range(3):  # the guest, the CPU then the host, the guest again: two steps, the win
        won = play(gateway, code, [host, guest], {"type": "step"})
    assert won["phase"] == "finished" and [m["wins"] for m in won["members"]] == [0, 1, 1]
    back = gateway.send(host, action="to_lobby", room=code)
    assert back["phase"] == "lobby" and [h["game"] for h in back["history"]] == ["race", "race"]


def test_a_game_that_is_not_registered_is_a_bad_frame(gateway):
    code, (host,) = room_with(gateway, ["たろう"])
    assert gateway.send(host, action="select_game", room=code, game="race")["code"] == "bad_frame"
    assert all(g["id"] != "race" for g in latest_room(gateway, host)["lobby"]["games"])


def test_the_history_names_a_winning_cpu_the_host_removed_later(gateway, race):
    """A history entry keeps its winners' names: the CPU that won is gone from the room, its name is not."""
    code, (host,) = room_with(gateway, ["たろう"], "race")
    gateway.send(host, action="set_options", room=code, game="race", preset="short")
    gateway.send(host, action="add_cpu", room=code)
    gateway.send(host, action="start", room=code)  # the CPU, the last seat, steps first: it wins the race
    play(gateway, code, [host], {"type": "step"})
    assert gateway.run_timers() >= 1
    cpu = latest_room(gateway, host)["members"][1]
    assert latest_room(gateway, host)["history"][-1]["winners"] == [cpu["member"]]
    gateway.send(host, action="to_lobby", room=code)
    lobby = gateway.send(host, action="remove_cpu", room=code)
    assert [m["member"] for m in lobby["members"]] == [lobby["you"]["member"]]
    assert lobby["history"][-1]["names"] == {cpu["member"]: cpu["name"]}
