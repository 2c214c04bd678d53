"""The counted figures of the server path, pinned over complete games (docs/performance.md, "Server path"):
every step of a game is one read, one conditional write and one post per connected member; the room item stays
small; the stored format and the cold-start replacements (event models, partial batches) keep their contracts.

Times are never asserted here: they are the bench's (``python -m bench server``).
"""

from __future__ import annotations

import hashlib
import json
import random
import threading
import zlib
from pathlib import Path

import pytest
from pydantic import ValidationError

from bench.aws_calls import item_size
from functions import fanout, storage
from functions.engine import GAMES
from functions.room import autoplay, catalog
from functions.room.view import RoomViews, room_view
from functions.websocket_events import ConnectEvent, DisconnectEvent, MessageEvent
from tests.functions.conftest import load_event
from tests.functions.helpers import color_rows_against_a_cpu, latest_room, pick, play_to_end, room_with

DICTIONARY_SHA256 = "737db5e1cee0a212f969b5c25ee386af1a05f28d6face7ebe597de0753090cf6"


class DynamoDBCalls:
    """The DynamoDB operations of each request, in order (a finished game's record as ``PutRecord``); every room
    write must be conditional."""

    def __init__(self) -> None:
        self.names: list[str] = []
        storage.client().meta.events.register("provide-client-params.dynamodb", self._record)

    def _record(self, model, params, **_) -> None:
        if model.name == "PutItem" and params["Item"]["pk"]["S"].startswith("game#"):
            self.names.append("PutRecord")  # written once per game, before the room write that stores its end
            return
        if model.name == "PutItem":
            assert "ConditionExpression" in params, "every room write is conditional"
        self.names.append(model.name)

    def take(self) -> list[str]:
        names, self.names = self.names, []
        return names


def stored_room_item(code: str) -> dict:
    return storage.client().get_item(TableName="deckroom", Key={"pk": {"S": f"room#{code}"}})["Item"]


def play_counting(gateway, code: str, conns: list[str], seed: int) -> tuple[list[tuple[list[str], int]], int]:
    """Play to the end (random legal moves for ``conns``, timers for the CPU seats), recording each step's
    DynamoDB operations and posts; returns the steps and how many timer messages found nothing due."""
    calls, rng, steps, idle = DynamoDBCalls(), random.Random(seed), [], 0
    for _ in range(2000):
        frames = {conn: latest_room(gateway, conn) for conn in conns}
        newest = max(frames.values(), key=lambda f: f["version"])
        if newest["phase"] != "playing":
            return steps, idle
        mover = next((c for c, f in frames.items() if f["version"] == newest["version"]
                      and f["game"]["view"].get("legal") and f["you"]["seat"] == f["game"]["current"]), None)
        calls.take()
        gateway.posts.count = 0
        if mover is None:
            gateway.run_timers(limit=1)
        else:
            frame = frames[mover]
            gateway.send(mover, action="move", room=code, version=frame["version"],
                         move=pick(frame["game"]["view"]["legal"], rng))
        names = calls.take()
        if names == ["GetItem"]:  # a timer overtaken by a later change reads and goes
            idle += 1
        else:
            steps.append((names, gateway.posts.count))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game", list(GAMES))
def test_every_step_of_a_game_is_one_read_one_conditional_write_and_a_post_per_connected_member(gateway, game):
    code, conns = room_with(gateway, ["たろう", "はなこ", "じろう"], game)
    gateway.send(conns[0], action="add_cpu", room=code)
    gateway.send(conns[0], action="start", room=code)
    steps, _ = play_counting(gateway, code, conns, seed=7)
    assert len(steps) > 10
    assert all(names == ["GetItem", "PutItem"] for names, _ in steps[:-1]), steps
    assert steps[-1][0] == ["GetItem", "PutRecord", "PutItem"]  # the last step also stores the game's record
    assert all(posts == len(conns) for _, posts in steps)  # the CPU seat has no connection


def test_a_room_of_ten_stays_within_4_kb_to_the_end_and_four_players_deal_within_one_write_unit(gateway):
    code, conns = room_with(gateway, [f"プレイヤー{i}" for i in range(10)], "color-match")
    gateway.send(conns[0], action="start", room=code)
    at_deal = item_size(stored_room_item(code))
    play_counting(gateway, code, conns, seed=3)
    at_end = item_size(stored_room_item(code))
    print(f"\nroom of ten: {at_deal} bytes at the deal, {at_end} at the end")
    assert at_deal <= at_end <= 4096, (at_deal, at_end)

    code, conns = room_with(gateway, [f"p{i}" for i in range(4)], "color-match")
    gateway.send(conns[0], action="start", room=code)
    at_deal = item_size(stored_room_item(code))
    play_counting(gateway, code, conns, seed=4)
    at_end = item_size(stored_room_item(code))
    print(f"room of four: {at_deal} bytes at the deal, {at_end} at the end")
    # The game's record (its steps) grows with the game: a long one takes a second write unit near its end.
    assert at_deal <= 1024 and at_end <= 2048, (at_deal, at_end)


def test_the_body_dictionary_never_changes():
    """Stored bodies name their dictionary by their first byte; editing it would make every live room unreadable."""
    assert storage.BODY_FORMAT == 1
    assert hashlib.sha256(Path("functions/room_body.zdict").read_bytes()).hexdigest() == DICTIONARY_SHA256


def test_bodies_round_trip_and_bodies_of_the_first_format_still_read(gateway):
    code, _ = room_with(gateway, ["たろう", "はなこ"], "color-rows")
    room = storage.get_room(code, gateway.clock())
    body = storage.encode(room)
    assert body[0] == storage.BODY_FORMAT
    assert storage.decode(body, room.version) == room
    plain_zlib = zlib.compress(json.dumps(room.to_dict(), separators=(",", ":")).encode(), 9)
    assert storage.decode(plain_zlib, room.version) == room


@pytest.mark.parametrize("name, model", [("connect", ConnectEvent), ("disconnect", DisconnectEvent),
                                         ("message", MessageEvent)])
def test_the_sample_events_parse_with_our_event_models(name, model):
    event = load_event(name)
    assert model.model_validate(event).request_context.connection_id == event["requestContext"]["connectionId"]


@pytest.mark.parametrize("model, other", [(ConnectEvent, "message"), (MessageEvent, "disconnect"),
                                          (DisconnectEvent, "connect")])
def test_an_event_of_another_route_or_without_a_connection_fails_loudly(model, other):
    with pytest.raises(ValidationError):
        model.model_validate(load_event(other))
    event = load_event("message")
    del event["requestContext"]["connectionId"]
    with pytest.raises(ValidationError):
        MessageEvent.model_validate(event)


def test_a_timer_message_that_fails_is_reported_alone_and_the_others_are_applied(gateway, clock_):
    code, human = color_rows_against_a_cpu(gateway)
    due = gateway.timer_messages[-1]
    clock_.t = due["at"]
    version = latest_room(gateway, human)["version"]
    answer = gateway.deliver_timers([{"room": 4821, "at": "soon"}, due])
    assert answer == {"batchItemFailures": [{"itemIdentifier": "timer0"}]}
    assert latest_room(gateway, human)["version"] > version


def test_a_bot_decides_each_move_once(gateway, monkeypatch):
    """A CPU's move is decided when it is scheduled and played from ``room.due``: at most one decision per step
    (before, the step's own invocation and the scheduling each decided again: about 2.2 per step)."""
    decisions = []
    decide = catalog.cpu_choice
    monkeypatch.setattr(catalog, "cpu_choice", lambda *args: decisions.append(args[0]) or decide(*args))
    code, (human,) = room_with(gateway, ["ゆうき"], "color-rows")
    for _ in range(3):
        gateway.send(human, action="add_cpu", room=code)
    gateway.send(human, action="start", room=code)
    steps, _ = play_counting(gateway, code, [human], seed=5)
    assert len(steps) > 30
    assert len(decisions) <= len(steps)


def test_the_posts_of_a_change_go_out_in_parallel(gateway, posts, monkeypatch):
    """Each post waits until all four are in flight at once: posted one after another, the first would wait alone
    and the barrier would break (its timeout only bounds a failure)."""
    code, conns = room_with(gateway, ["たろう", "はなこ", "じろう", "ゆうき"], "color-match")
    barrier = threading.Barrier(len(conns), timeout=10)

    def post(conn: str, frame: dict) -> bool:
        if frame["type"] == "room":
            barrier.wait()
        return posts(conn, frame)

    monkeypatch.setattr(fanout, "post", post)
    gateway.send(conns[0], action="start", room=code)
    assert [latest_room(gateway, conn)["phase"] for conn in conns] == ["playing"] * 4


def test_one_fan_out_gives_each_member_the_frame_room_view_gives_them(gateway):
    code, conns = room_with(gateway, ["たろう", "はなこ", "じろう"], "color-rows")
    gateway.send(conns[0], action="add_cpu", room=code)
    gateway.send(conns[0], action="start", room=code)
    room = storage.get_room(code, gateway.clock())
    views = RoomViews(room, 1.0, [{"code": "moved"}])
    for viewer in room.members + [None]:
        assert views.of(viewer) == room_view(room, viewer, 1.0, [{"code": "moved"}])


def test_the_options_forms_are_sent_in_lobby_frames_only(gateway):
    """A game's option specs and presets (about 680 bytes) go to the lobby, which builds its form from them; a
    frame of a game in play or finished carries the list without them."""
    code, conns = room_with(gateway, ["たろう", "はなこ"], "color-match")
    entries = latest_room(gateway, conns[1])["lobby"]["games"]
    assert all({"options", "presets"} <= set(entry) for entry in entries)
    gateway.send(conns[0], action="start", room=code)
    play_to_end(gateway, code, conns, random.Random(2))
    finished = latest_room(gateway, conns[1])
    for frame in gateway.posts.frames[conns[1]]:
        if frame["type"] == "room" and frame["phase"] != "lobby":
            assert [set(entry) for entry in frame["lobby"]["games"]] == [{"id", "min", "max", "fits"}] * len(entries)
    assert finished["phase"] == "finished"
    back = gateway.send(conns[0], action="to_lobby", room=code)
    assert back["phase"] == "lobby" and back["lobby"]["games"] == entries


def test_a_move_frame_looks_its_game_up_once_and_the_host_hand_over_once(gateway, monkeypatch):
    """One way down the path: the engine's game object is resolved once, when the room is read (the record carries
    it), and when the host's role passes on is computed once per change (docs/architecture.md)."""
    code, conns = room_with(gateway, ["たろう", "はなこ"], "color-match")
    gateway.send(conns[0], action="start", room=code)
    mover = next(c for c in conns if latest_room(gateway, c)["you"]["seat"] == latest_room(gateway, c)["game"]["current"])
    frame = latest_room(gateway, mover)
    calls: list[str] = []
    for module, name in ((catalog, "game"), (autoplay, "host_pass_at")):
        counted = getattr(module, name)
        monkeypatch.setattr(module, name, lambda *args, _f=counted, _n=name: calls.append(_n) or _f(*args))
    version = frame["version"]
    gateway.send(mover, action="move", room=code, version=version, move=frame["game"]["view"]["legal"][0])
    assert latest_room(gateway, mover)["version"] == version + 1
    assert sorted(calls) == ["game", "host_pass_at"]
