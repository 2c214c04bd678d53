"""The metrics the stack's alarms and dashboard read (the contract: ``infra/app_metrics.py``), taken from the
EMF the real handlers write to their logs: names, namespace, dimensions and values.

``Faults`` (dimensions exactly ``service``) once per unexpected error a function caught and answered;
``Refusals`` (dimensions exactly ``service`` and ``code``) once per ``error`` frame sent; ``Moves`` and the game
counts with ``service`` only. No other dimension reaches any metric.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
import pytest

from functions import actions, aws, protocol
from functions.engine import GAMES
from tests.functions.helpers import color_rows_against_a_cpu, latest_room, room_with
from tests.reliability.faults import Fault, inject


@dataclass(frozen=True)
class Point:
    """One metric value as CloudWatch reads it from an EMF log line."""

    namespace: str
    name: str
    dimensions: dict[str, str]
    value: float


def emitted(capsys: pytest.CaptureFixture[str]) -> list[Point]:
    """Every metric value written since the last call (EMF: JSON lines with an ``_aws`` key)."""
    points = []
    for line in capsys.readouterr().out.splitlines():
        try:
            blob = json.loads(line)
        except ValueError:
            continue
        if not isinstance(blob, dict) or "_aws" not in blob:
            continue
        for directive in blob["_aws"]["CloudWatchMetrics"]:
            (dimension_set,) = directive["Dimensions"]
            dimensions = {name: blob[name] for name in dimension_set}
            for metric in directive["Metrics"]:
                assert metric["Unit"] == "Count", metric
                values = blob[metric["Name"]]
                for value in values if isinstance(values, list) else [values]:
                    points.append(Point(directive["Namespace"], metric["Name"], dimensions, value))
    return points


def totals(points: list[Point]) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """(name, dimensions) → the sum CloudWatch would alarm on."""
    sums: dict[tuple[str, tuple[tuple[str, str], ...]], float] = {}
    for p in points:
        key = (p.name, tuple(sorted(p.dimensions.items())))
        sums[key] = sums.get(key, 0) + p.value
    return sums


SERVICE = (("service", "deckroom"),)


def refusals(code: str) -> tuple[str, tuple[tuple[str, str], ...]]:
    return "Refusals", (("code", code), ("service", "deckroom"))


def test_every_metric_is_in_the_namespace_and_service_the_stack_sets(gateway, capsys):
    code, conns = room_with(gateway, ["たろう", "はなこ"], "color-match")
    gateway.send(conns[1], action="start", room=code)  # not_host: a Refusals
    gateway.send(conns[0], action="start", room=code)  # GamesStarted
    points = emitted(capsys)
    assert {p.name for p in points} >= {"Refusals", "GamesStarted"}
    assert {p.namespace for p in points} == {os.environ["POWERTOOLS_METRICS_NAMESPACE"]}
    assert {p.dimensions["service"] for p in points} == {os.environ["POWERTOOLS_SERVICE_NAME"]}


def test_a_refusal_is_one_refusals_by_its_code_and_no_fault(gateway, capsys):
    code, conns = room_with(gateway, ["たろう", "はなこ"])
    capsys.readouterr()
    assert gateway.send(conns[1], action="add_cpu", room=code)["code"] == "not_host"
    assert totals(emitted(capsys)) == {refusals("not_host"): 1}


def test_a_stale_move_is_counted_as_stale_and_the_move_before_it_as_a_move(gateway, capsys):
    code, conns = room_with(gateway, ["たろう", "はなこ"], "color-match")
    gateway.send(conns[0], action="start", room=code)
    frame = latest_room(gateway, conns[0])  # Color Match: the host plays first
    move = next(m for m in frame["game"]["view"]["legal"] if m["type"] == "draw")
    capsys.readouterr()
    assert gateway.send(conns[0], action="move", room=code, version=frame["version"], move=move)["type"] == "room"
    assert totals(emitted(capsys)) == {("Moves", SERVICE): 1}
    assert gateway.send(conns[0], action="move", room=code, version=frame["version"], move=move)["code"] == "stale"
    assert totals(emitted(capsys)) == {refusals("stale"): 1}


def test_rate_limited_is_a_refusal_with_its_code(gateway, capsys, fresh_rate_limits, monkeypatch):
    code, conns = room_with(gateway, ["たろう"])
    monkeypatch.setattr(fresh_rate_limits, "admit", lambda conn, address=None: "refuse")
    capsys.readouterr()
    assert gateway.send(conns[0], action="ping")["code"] == "rate_limited"
    assert totals(emitted(capsys)) == {refusals("rate_limited"): 1}


def test_a_fault_in_a_frame_is_one_fault_with_the_service_alone(gateway, capsys):
    code, conns = room_with(gateway, ["たろう", "はなこ"])
    capsys.readouterr()
    with inject(aws.dynamodb(), "GetItem", Fault("InternalServerError", times=None)):
        reply = gateway.send(conns[0], action="add_cpu", room=code)
    assert reply["code"] == "internal"
    assert totals(emitted(capsys)) == {("Faults", SERVICE): 1, refusals("internal"): 1}


def test_a_bug_is_a_fault_too(gateway, capsys, monkeypatch):
    code, conns = room_with(gateway, ["たろう"])
    monkeypatch.setitem(actions.ACTIONS, protocol.Ping, lambda *_: 1 / 0)
    capsys.readouterr()
    assert gateway.send(conns[0], action="ping")["code"] == "internal"
    assert totals(emitted(capsys)) == {("Faults", SERVICE): 1, refusals("internal"): 1}


@pytest.mark.parametrize("bug", [KeyError("a bug in the engine"), ValueError("not an IllegalMove")])
def test_an_engine_bug_in_a_move_is_a_fault_not_an_illegal_move(gateway, capsys, monkeypatch, bug):
    """Only the engine's ``IllegalMove`` refuses a move as ``illegal_move``; any other error from ``apply`` (a
    ``ValueError`` too) is a bug: ``internal`` and a fault, and the room is left as it was."""
    code, conns = room_with(gateway, ["たろう", "はなこ"], "color-match")
    gateway.send(conns[0], action="start", room=code)
    room = latest_room(gateway, conns[0])
    mover = conns[room["game"]["current"]]
    move = latest_room(gateway, mover)["game"]["view"]["legal"][0]

    def broken(*_: object, **__: object) -> None:
        raise bug

    monkeypatch.setattr(GAMES["color-match"], "apply", broken)
    capsys.readouterr()
    reply = gateway.send(mover, action="move", room=code, version=room["version"], move=move)
    assert reply["code"] == "internal"
    assert totals(emitted(capsys)) == {("Faults", SERVICE): 1, refusals("internal"): 1}
    monkeypatch.undo()
    assert latest_room(gateway, mover)["version"] == room["version"]
    played = gateway.send(mover, action="move", room=code, version=room["version"], move=move)
    assert played["type"] == "room" and played["version"] > room["version"]


def test_a_failed_timer_message_is_one_fault_each_and_the_cpu_move_a_move(gateway, capsys):
    code, human = color_rows_against_a_cpu(gateway)
    due = gateway.timer_messages[-1]
    gateway.clock.t = due["at"]
    capsys.readouterr()
    answer = gateway.deliver_timers([{"room": code, "at": "soon"}, due, {"room": 7}])
    assert [f["itemIdentifier"] for f in answer["batchItemFailures"]] == ["timer0", "timer2"]
    counted = totals(emitted(capsys))
    assert counted[("Faults", SERVICE)] == 2 and counted[("Moves", SERVICE)] >= 1
    assert not [key for key in counted if key[0] == "Refusals"]


def test_no_metric_but_refusals_carries_a_code_and_errors_is_gone(gateway, capsys):
    """A game against a CPU with a refusal, a fault and timers along the way."""
    code, human = color_rows_against_a_cpu(gateway)
    gateway.send(human, action="start", room=code)  # not in the lobby: refused
    gateway.deliver_timers([{"room": code}])  # a fault
    gateway.run_timers()
    points = emitted(capsys)
    assert {p.name for p in points} <= {"Faults", "Refusals", "Moves", "GamesStarted", "GamesFinished", "Conflicts"}
    assert {"Faults", "Refusals", "Moves"} <= {p.name for p in points}
    for p in points:
        assert set(p.dimensions) == ({"service", "code"} if p.name == "Refusals" else {"service"}), p
