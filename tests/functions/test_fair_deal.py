"""Deals anyone can verify and game records (docs/protocol.md, "Deals anyone can verify" and ``replay``).

Through the handlers: every frame of a running game carries the commitment and nothing of the seed or salt; the
finished game's frame reveals them, they hash to the commitment of the first frame, and the stored record replays
through the engine to the same result; ``replay`` frames page through it as one seat saw it, for members only.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from functions import storage
from functions.room import replay
from functions.room.replay import PAGE, commitment
from tests.functions.conftest import Gateway
from tests.functions.helpers import play_to_end, room_with
from tests.reliability.harness import ask, stored_room
from tools.verify import NotVerified, verify


def stored_record(code: str, number: int) -> dict[str, Any]:
    record = storage.get_record(code, stored_room(code).key, number, 0.0)
    assert record is not None
    return record


def _game_frames(gateway: Gateway, conn: str, number: int) -> list[dict[str, Any]]:
    return [f for f in gateway.posts.frames[conn]
            if f["type"] == "room" and f["game"] is not None and f["game"]["number"] == number]


@pytest.mark.parametrize("game", ["color-match", "color-rows", "daifugo"])
def test_the_deal_is_committed_from_the_first_frame_and_revealed_at_the_end(gateway: Gateway, game: str) -> None:
    code, conns = room_with(gateway, ["あおい", "ゆうき", "みなと"], game)
    gateway.send(conns[0], action="start", room=code)
    end = play_to_end(gateway, code, conns, random.Random(3))
    for conn in conns:
        frames = _game_frames(gateway, conn, 1)
        first = frames[0]["game"]["deal"]["commitment"]
        assert len(first) == 64 and frames[0]["events"][0]["code"] == "game_started"
        running = [f for f in frames if f["phase"] == "playing"]
        assert running and all(f["game"]["deal"] == {"commitment": first} for f in running)
        finished = frames[-1]["game"]["deal"]
        assert finished["commitment"] == first == commitment(int(finished["seed"]), finished["salt"])
        # Nothing of the seed or salt in any frame before the end, in any form.
        secrets = (finished["seed"], finished["salt"], str(int(finished["seed"]) & 0xFFFFFFFF))
        assert not [s for f in running for s in secrets if s in json.dumps(f)]
    record = stored_record(code, 1)
    assert record["steps"] and record["result"] == end["game"]["result"]
    assert end["game"]["step"] == len(record["steps"])
    assert verify(record, commitment_seen=first) == len(record["steps"])


def test_a_tampered_record_does_not_verify(gateway: Gateway) -> None:
    code, conns = room_with(gateway, ["あおい", "ゆうき"], "color-match")
    gateway.send(conns[0], action="start", room=code)
    play_to_end(gateway, code, conns, random.Random(5))
    record = stored_record(code, 1)
    verify(record)

    def tampered(**changes: Any) -> dict[str, Any]:
        return {**json.loads(json.dumps(record)), **changes}

    other_seed = str(int(record["seed"]) ^ 1)
    cases = {
        "another seed": tampered(seed=other_seed),
        # A server that swaps the seed after the fact must commit afresh: the first frame's commitment gives it away.
        "another seed, committed afresh": tampered(seed=other_seed, commitment=commitment(int(other_seed),
                                                                                         record["salt"])),
        "a step changed": tampered(steps=[[s, {"type": "draw"}, at, by] if i == 0 else [s, m, at, by]
                                          for i, (s, m, at, by) in enumerate(record["steps"])]),
        "a step left out": tampered(steps=record["steps"][:-1]),
        "another result": tampered(result={**record["result"], "winner": 1 - record["result"]["winner"]}),
    }
    for case, bad in cases.items():
        with pytest.raises(NotVerified):
            verify(bad, commitment_seen=record["commitment"])
            pytest.fail(case)


def test_a_member_pages_through_a_replay_and_a_stranger_gets_nothing(gateway: Gateway) -> None:
    code, conns = room_with(gateway, ["あおい", "ゆうき"], "color-match")
    gateway.send(conns[0], action="start", room=code)
    play_to_end(gateway, code, conns, random.Random(8))
    gateway.send(conns[0], action="rematch", room=code)  # the next game runs while the last one is replayed
    total = len(stored_record(code, 1)["steps"])
    pages, step = [], 0
    while step is not None:
        page = ask(gateway, conns[1], action="replay", room=code, number=1, step=step)
        assert page["type"] == "replay" and page["seat"] == 1 and (page["record"] is not None) == (step == 0)
        pages.append(page)
        step = page["next"]
    shown = [f for page in pages for f in page["frames"]]
    assert [f["step"] for f in shown] == list(range(total + 1)) and len(pages[0]["frames"]) == PAGE
    assert all(f["view"]["seat"] == 1 for f in shown) and "final_views" in pages[-1]
    # Each step is told as the live frames told it: the engine's events of every step, in order.
    live = [e for f in _game_frames(gateway, conns[1], 1) for e in f["events"] if e["code"] == "engine"]
    assert live and [e for f in shown[1:] for e in f["events"]] == [e for event in live for e in event["events"]]
    assert [v["seat"] for v in pages[-1]["final_views"]] == [0, 1]
    assert ask(gateway, conns[1], action="replay", room=code, number=1, seat=0)["frames"][0]["view"]["seat"] == 0
    assert ask(gateway, conns[1], action="replay", room=code, number=2)["code"] == "no_replay"  # still running
    assert ask(gateway, conns[1], action="replay", room=code, number=1, seat=5)["code"] == "no_seat"
    gateway.connect("stranger")
    gateway.send("stranger", action="hello", name="よそ者")
    assert ask(gateway, "stranger", action="replay", room=code, number=1)["code"] == "not_in_room"


def test_the_history_keeps_the_last_games_and_records_outlive_them(gateway: Gateway,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(replay, "MAX_HISTORY", 2)
    code, conns = room_with(gateway, ["あおい", "ゆうき"], "color-rows")
    gateway.send(conns[0], action="start", room=code)
    rng = random.Random(2)
    for _ in range(3):
        play_to_end(gateway, code, conns, rng)
        gateway.send(conns[0], action="rematch", room=code)
    assert [h["number"] for h in stored_room(code).history] == [2, 3]
    assert [stored_record(code, n)["number"] for n in (1, 2, 3)] == [1, 2, 3]


def test_a_record_of_an_earlier_room_with_the_same_code_is_not_this_rooms(gateway: Gateway) -> None:
    code, conns = room_with(gateway, ["あおい", "ゆうき"], "color-rows")
    gateway.send(conns[0], action="start", room=code)
    play_to_end(gateway, code, conns, random.Random(3))
    assert storage.get_record(code, "another room's key", 1, 0.0) is None
