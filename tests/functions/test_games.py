"""Complete games through the handlers: humans only, one human with CPUs, rematch, back to the lobby, a vote."""

from __future__ import annotations

import random

import pytest

from functions.engine import GAMES
from tests.functions.helpers import latest_room, play_to_end, room_with


@pytest.mark.parametrize("game", list(GAMES))
def test_three_humans_play_a_game_to_its_end(gateway, game):
    code, conns = room_with(gateway, ["たろう", "はなこ", "じろう"], game)
    gateway.send(conns[0], action="start", room=code)
    final = play_to_end(gateway, code, conns, random.Random(1))
    assert final["phase"] == "finished"
    assert final["game"]["result"] is not None
    winners = final["history"][-1]["winners"]
    assert final["history"] == [{"number": 1, "game": game, "winners": winners, "standin_winners": [],
                                 "names": {m["member"]: m["name"] for m in final["members"] if m["member"] in winners},
                                 "cards_played": final["history"][0]["cards_played"]}]
    assert final["history"][0]["cards_played"] > 0
    assert {m["member"] for m in final["members"] if m["wins"] == 1} == set(winners)
    # Every member got the same final state, each with their own seat.
    seats = {latest_room(gateway, c)["you"]["seat"] for c in conns}
    assert seats == {0, 1, 2}


@pytest.mark.parametrize("game", list(GAMES))
def test_one_human_and_three_cpus(gateway, game):
    """The CPU seats move on timer messages that the test delivers (each after its one-second delay)."""
    code, (human,) = room_with(gateway, ["ゆうき"], game)
    for _ in range(3):
        gateway.send(human, action="add_cpu", room=code)
    started = gateway.send(human, action="start", room=code)
    assert [m["cpu"] for m in started["members"]] == [False, True, True, True]
    final = play_to_end(gateway, code, [human], random.Random(2))
    assert final["phase"] == "finished"
    seen = [e for f in gateway.posts.frames[human] if f["type"] == "room" for e in f["events"]]
    assert {e["seat"] for e in seen if e["code"] == "moved" and e["by"] == "cpu"} == {1, 2, 3}
    assert sum(m["wins"] for m in final["members"]) >= 1


def test_rematch_moves_the_first_seat_on_and_lobby_keeps_wins(gateway):
    code, conns = room_with(gateway, ["たろう", "はなこ", "じろう"], "color-match")
    first = gateway.send(conns[0], action="start", room=code)
    assert first["events"][-1]["first"] == 0  # game 1: the host's seat plays first
    play_to_end(gateway, code, conns, random.Random(3))
    assert gateway.send(conns[1], action="rematch", room=code)["code"] == "not_host"
    second = gateway.send(conns[0], action="rematch", room=code)
    assert second["phase"] == "playing" and second["game"]["number"] == 2
    assert second["events"][-1] == {"code": "game_started", "game": "color-match", "number": 2, "first": 1}
    final = play_to_end(gateway, code, conns, random.Random(4))
    lobby = gateway.send(conns[0], action="to_lobby", room=code)
    assert lobby["phase"] == "lobby" and lobby["game"] is None
    assert [h["number"] for h in lobby["history"]] == [1, 2]
    assert sum(m["wins"] for m in lobby["members"]) == sum(len(h["winners"]) for h in final["history"])
    third = gateway.send(conns[0], action="start", room=code)
    assert third["events"][-1]["first"] == 2


def test_vote_decides_the_game_and_the_host_breaks_ties(gateway):
    code, conns = room_with(gateway, ["たろう", "はなこ", "じろう"])
    gateway.send(conns[0], action="set_settings", room=code, mode="vote")
    gateway.send(conns[1], action="vote", room=code, game="color-rows")
    gateway.send(conns[2], action="vote", room=code, game="color-match")
    tie = gateway.send(conns[0], action="start", room=code)
    assert tie["code"] == "vote_tie" and tie["choices"] == ["color-match", "color-rows"]
    voted = gateway.send(conns[0], action="vote", room=code, game="color-rows")
    assert voted["lobby"]["votes"] == {"color-match": ["m3"], "color-rows": ["m2", "m1"]} or \
        sorted(voted["lobby"]["votes"]["color-rows"]) == ["m1", "m2"]
    started = gateway.send(conns[0], action="start", room=code)
    assert started["game"]["id"] == "color-rows"
    final = play_to_end(gateway, code, conns, random.Random(5))
    assert final["phase"] == "finished"
