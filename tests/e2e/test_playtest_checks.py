"""`tools.playtest`'s own logic, without a server: frame checks, latency matching, options (the docstring examples
run in tests/test_doctests.py)."""

from __future__ import annotations

import json
import random

import pytest

from tools.playtest.checks import PlaytestFailure, parse_server_frame
from tools.playtest.latency import RoomLatency
from tools.playtest.player import Player
from tools.playtest.report import Report


def _room(view: dict, seat: int | None = 0) -> str:
    frame = {"type": "room", "version": 3, "now": 1.0, "code": "4821", "phase": "playing",
             "you": {"member": "m1", "host": True, "seat": seat, "spectator": seat is None}, "members": [],
             "settings": {}, "lobby": {}, "history": [], "events": [],
             "game": {"id": "color-match", "number": 1, "view": view}}
    return json.dumps(frame)


GOOD_VIEW = {"game": "color-match", "seat": 0, "hand": ["r1", "g2"], "draw_pile": 80,
             "players": [{"seat": 0, "cards": 2}, {"seat": 1, "cards": 7}]}


def test_a_good_room_frame_passes() -> None:
    assert parse_server_frame(_room(GOOD_VIEW), sent_rids=())["version"] == 3


@pytest.mark.parametrize(
    "view, seat",
    [
        ({**GOOD_VIEW, "players": [{"seat": 0, "cards": 2}, {"seat": 1, "cards": 7, "hand": ["b1"]}]}, 0),
        ({**GOOD_VIEW, "draw_pile": ["r5", "b7"]}, 0),
        ({**GOOD_VIEW, "seat": 1}, 0),
        (GOOD_VIEW, None),
        ({**GOOD_VIEW, "hand": ["r1"]}, 0),
    ],
    ids=["another seat's hand", "the pile's order", "someone else's view", "a spectator with a hand",
         "hand and count disagree"],
)
def test_frames_that_leak_or_contradict_fail(view: dict, seat: int | None) -> None:
    with pytest.raises(PlaytestFailure):
        parse_server_frame(_room(view, seat), sent_rids=())


def test_a_reply_to_a_request_never_sent_fails() -> None:
    with pytest.raises(PlaytestFailure, match="never sent"):
        parse_server_frame('{"type": "pong", "now": 1.0, "rid": "x9"}', sent_rids={"x1"})


def test_latency_waits_for_every_player_and_skips_abandoned_moves() -> None:
    latency = RoomLatency(players=3)
    latency.moved(version=5, sent=1.0)
    latency.arrived(0, version=5, at=1.1)
    latency.arrived(1, version=6, at=1.3)  # a later version also holds the move's effect
    assert latency.samples == []
    latency.arrived(2, version=5, at=1.2)
    assert latency.samples == [pytest.approx(0.3)]
    latency.moved(version=7, sent=2.0)
    latency.abandon(2)
    for player in range(3):
        latency.arrived(player, version=7, at=2.1)
    assert len(latency.samples) == 1


def test_a_moves_reply_that_a_newer_frame_overtook_still_ends_the_move() -> None:
    """Parallel changes are posted in parallel: the reply to a move (its ``rid``) may arrive after the frame of the
    next change. The older frame is not shown, but the move must no longer count as in flight, or the player would
    never act again (a stall with its seat connected and no deadline)."""
    player = Player(session=None, url="ws://unused", name="p0", index=0, choose=lambda view, rng: None,
                    rng=random.Random(0), report=Report(), latency=RoomLatency(players=1), stall_timeout=1.0)
    reply, newer = json.loads(_room(GOOD_VIEW)), json.loads(_room(GOOD_VIEW))
    reply["rid"], newer["version"] = "r1", 4
    player._moves["r1"] = 0.0  # the move in flight, sent on version 2
    player._receive(newer)
    player._receive(reply)
    assert player.room["version"] == 4 and player._moves == {}
