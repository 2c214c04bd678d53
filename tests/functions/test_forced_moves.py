"""Forced moves: in Color Rows the server makes the seat in turn's only legal move itself, in the same change as
the step before it (``moved`` with ``by: "forced"``), through the handlers with API-Gateway-shaped events.

The scripted games deal from a known supply (``stacked``), so the test knows which turns have one legal move.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import functions.engine
from functions.engine import GAMES
from functions.room.autoplay import STANDIN_GRACE
from tests.functions.helpers import latest_room, play_to_end, room_with

Move = dict[str, Any]
DRAW: Move = {"type": "draw"}


def place(row: int) -> Move:
    return {"type": "place", "row": row}


def take(row: int) -> Move:
    return {"type": "take", "row": row}


class StackedColorRows:
    """The real Color Rows engine, dealing every game from the same supply and starting cards."""

    def __init__(self, deck: list[str], start: list[list[str]]) -> None:
        self._engine, self._deck, self._start = GAMES["color-rows"], deck, start

    def __getattr__(self, name: str) -> Any:
        return getattr(self._engine, name)

    def setup(self, n_players: int, options: dict[str, Any], **kwargs: Any) -> Any:
        return self._engine.setup(n_players, options, **{**kwargs, "deck": self._deck, "start": self._start})


@pytest.fixture
def stacked(monkeypatch: pytest.MonkeyPatch) -> None:
    """Three seats, three rows of three; plain colours only (no golden joker, no last-round card), so only the
    rows decide which moves are legal."""
    engine = StackedColorRows(["blue", "pink", "green"] * 10, [["orange"], ["yellow"], ["gray"]])
    monkeypatch.setitem(functions.engine.GAMES, "color-rows", engine)


def moved(frame: dict[str, Any]) -> list[tuple[int, str, Move]]:
    """The frame's ``moved`` events as (seat, by, move)."""
    return [(e["seat"], e["by"], e["move"]) for e in frame["events"] if e["code"] == "moved"]


def forced(frame: dict[str, Any]) -> list[tuple[int, Move]]:
    return [(seat, move) for seat, by, move in moved(frame) if by == "forced"]


def in_turn(gateway, conns: list[str]) -> tuple[str, dict[str, Any]]:
    """The connection whose seat is in turn, and its newest frame."""
    frames = {conn: latest_room(gateway, conn) for conn in conns}
    current = next(iter(frames.values()))["game"]["current"]
    return next((conn, frame) for conn, frame in frames.items() if frame["you"]["seat"] == current)


def make(gateway, code: str, conns: list[str], move: Move) -> dict[str, Any]:
    """The seat in turn makes ``move`` on the version of its newest frame; the reply must be the new room."""
    conn, frame = in_turn(gateway, conns)
    assert move in frame["game"]["view"]["legal"], (move, frame["game"]["view"]["legal"])
    reply = gateway.send(conn, action="move", room=code, version=frame["version"], move=move)
    assert reply["type"] == "room", reply
    assert reply["version"] == frame["version"] + 1  # accepted on the version it was sent, after forced moves
    return reply


def test_a_game_opens_with_its_first_card_drawn_without_a_frame(gateway):
    code, conns = room_with(gateway, ["たろう", "はなこ"], "color-rows")
    started = gateway.send(conns[0], action="start", room=code)
    first = started["game"]["current"]
    assert [e["code"] for e in started["events"]] == ["game_started", "moved", "engine"]  # the start's own change
    assert moved(started) == [(first, "forced", DRAW)]
    conn, frame = in_turn(gateway, conns)
    # nothing else happened, or waits but the person's "still there?" deadline
    assert frame["version"] == started["version"] and frame["game"]["deadline"]["kind"] == "idle"
    view = frame["game"]["view"]
    assert view["drawn"] is not None
    assert view["legal"] and all(m["type"] == "place" for m in view["legal"])
    make(gateway, code, conns, view["legal"][0])  # placed on the version the start was sent with


def start_and_fill_two_rows(gateway, code: str, conns: list[str]) -> tuple[int, int]:
    """Seats A, B, C in turn (A first by lot): the three fill rows 0 and 1, and A takes row 0. Returns A and C."""
    started = gateway.send(conns[0], action="start", room=code)
    a = started["game"]["current"]
    assert forced(started) == [(a, DRAW)]
    make(gateway, code, conns, place(0))
    for row in (0, 0, 1, 1, 1):  # B, C, A, B, C draw and place: rows 0 and 1 full
        assert forced(make(gateway, code, conns, DRAW)) == []
        assert forced(make(gateway, code, conns, place(row))) == []
    assert forced(make(gateway, code, conns, take(0))) == []  # B and C still have two rows each
    return a, (a + 2) % 3


def test_forced_draws_places_and_takes_in_a_scripted_round(gateway, stacked):
    """Once B takes row 1, C is alone with the empty row 2: it can only draw, then only place there; once row 2
    is full C can only take it, which ends the round, and C opens the next one with its draw."""
    code, conns = room_with(gateway, ["たろう", "はなこ", "じろう"], "color-rows")
    _, c = start_and_fill_two_rows(gateway, code, conns)
    after_b_took = make(gateway, code, conns, take(1))
    assert forced(after_b_took) == [(c, DRAW), (c, place(2))]
    assert moved(make(gateway, code, conns, DRAW)) == [(c, "player", DRAW), (c, "forced", place(2))]
    last = make(gateway, code, conns, DRAW)
    assert moved(last) == [(c, "player", DRAW), (c, "forced", place(2)), (c, "forced", take(2)), (c, "forced", DRAW)]
    engine_events = [e["type"] for event in last["events"] if event["code"] == "engine" for e in event["events"]]
    assert "round_start" in engine_events
    view = last["game"]["view"]
    assert (last["game"]["current"], view["round"]) == (c, 2) and view["drawn"] is not None


def test_a_disconnected_seat_s_only_moves_do_not_wait_for_its_stand_in(gateway, stacked):
    """C's phone has gone: its forced draw and place happen with B's take all the same; only C's next choice waits
    for the stand-in's grace."""
    code, conns = room_with(gateway, ["たろう", "はなこ", "じろう"], "color-rows")
    _, c = start_and_fill_two_rows(gateway, code, conns)
    gone = next(conn for conn in conns if latest_room(gateway, conn)["you"]["seat"] == c)
    gateway.disconnect(gone)
    present = [conn for conn in conns if conn != gone]
    after_b_took = make(gateway, code, present, take(1))
    assert forced(after_b_took) == [(c, DRAW), (c, place(2))]
    deadline = after_b_took["game"]["deadline"]
    assert (deadline["kind"], deadline["seat"]) == ("standin", c)
    assert deadline["at"] == gateway.clock() + STANDIN_GRACE  # the clock has not moved since the drop


def test_color_match_has_no_forced_moves(gateway):
    code, conns = room_with(gateway, ["たろう", "はなこ"], "color-match")
    started = gateway.send(conns[0], action="start", room=code)
    assert moved(started) == []
    play_to_end(gateway, code, conns, random.Random(5))
    frames = [f for f in gateway.posts.frames[conns[0]] if f["type"] == "room"]
    assert {by for frame in frames for _, by, _ in moved(frame)} == {"player"}


def test_a_game_against_cpus_never_waits_on_an_only_move(gateway):
    """Every round opens with a forced draw (a CPU's too: no timer, no second); a person is never sent a turn
    with one choice; CPU seats still move on their timers, and the game ends."""
    code, (human,) = room_with(gateway, ["ゆうき"], "color-rows")
    for _ in range(2):
        gateway.send(human, action="add_cpu", room=code)
    gateway.send(human, action="start", room=code)
    final = play_to_end(gateway, code, [human], random.Random(6))
    assert final["phase"] == "finished" and final["game"]["result"] is not None
    frames = [f for f in gateway.posts.frames[human] if f["type"] == "room" and f["phase"] != "lobby"]
    events = [e for f in frames for e in f["events"]]
    openings = [i for i, e in enumerate(events) if e["code"] == "game_started" or _starts_a_round(e)]
    assert len(openings) > 1
    for i in openings:
        first_move = next(e for e in events[i:] if e["code"] == "moved")
        assert (first_move["by"], first_move["move"]) == ("forced", DRAW)
    kinds = {(e["by"], e["move"]["type"]) for e in events if e["code"] == "moved"}
    assert {("forced", "place"), ("cpu", "place"), ("player", "place")} <= kinds
    for frame in frames:
        if frame["game"]["current"] == frame["you"]["seat"] and frame["phase"] == "playing":
            assert len(frame["game"]["view"]["legal"]) >= 2, frame["game"]["view"]


def _starts_a_round(event: dict[str, Any]) -> bool:
    return event["code"] == "engine" and any(e["type"] == "round_start" for e in event["events"])
