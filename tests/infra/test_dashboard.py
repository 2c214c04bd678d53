"""The operator's dashboard: connections, frames, moves, faults and refusals by code, latency, timers and the
dead-letter queue, Lambda concurrency, DynamoDB, and every alarm's state, named after the stack."""

from __future__ import annotations

import json
from typing import Any

import pytest


def _body(synthesis) -> dict[str, Any]:
    """The dashboard's JSON with every reference replaced by ``<its logical id or pseudo parameter>``."""
    (dashboard,) = synthesis.of_type("AWS::CloudWatch::Dashboard").values()
    parts = dashboard["Properties"]["DashboardBody"]["Fn::Join"][1]
    text = "".join(p if isinstance(p, str) else f"<{p.get('Ref') or p['Fn::GetAtt'][0]}>" for p in parts)
    return json.loads(text)


def _widgets(synthesis) -> dict[str, dict[str, Any]]:
    return {w["properties"]["title"]: w["properties"] for w in _body(synthesis)["widgets"]}


def _metric_names(widget: dict[str, Any]) -> set[tuple[str, str]]:
    return {(m[0], m[1]) for m in widget.get("metrics", []) if isinstance(m[0], str)}


def test_the_dashboard_is_named_after_the_stack(synthesis) -> None:
    (dashboard,) = synthesis.of_type("AWS::CloudWatch::Dashboard").values()
    assert dashboard["Properties"]["DashboardName"] == "Deckroom-dev"


@pytest.mark.parametrize(
    ("title", "metric"),
    [
        ("Connections per minute", ("AWS/ApiGateway", "ConnectCount")),
        ("Frames per minute", ("AWS/ApiGateway", "MessageCount")),
        ("Frames per minute", ("AWS/ApiGateway", "ClientError")),
        ("Play per minute", ("Deckroom/dev", "Moves")),
        ("Play per minute", ("Deckroom/dev", "GamesFinished")),
        ("Faults and refusals per minute", ("Deckroom/dev", "Faults")),
        ("Faults and refusals per minute", ("AWS/Lambda", "Errors")),
        ("Latency (ms)", ("AWS/ApiGateway", "IntegrationLatency")),
        ("Latency (ms)", ("AWS/Lambda", "Duration")),
        ("Timers", ("AWS/SQS", "ApproximateNumberOfMessagesVisible")),
        ("Lambda concurrency (account)", ("AWS/Lambda", "ConcurrentExecutions")),
        ("DynamoDB units per minute", ("AWS/DynamoDB", "ConsumedWriteCapacityUnits")),
        ("DynamoDB units per minute", ("AWS/DynamoDB", "WriteThrottleEvents")),
    ],
)
def test_the_dashboard_shows_what_an_operator_watches(synthesis, title: str, metric: tuple[str, str]) -> None:
    assert metric in _metric_names(_widgets(synthesis)[title])


def test_refusals_are_shown_one_line_per_code(synthesis) -> None:
    widget = _widgets(synthesis)["Faults and refusals per minute"]
    (search,) = [m[0]["expression"] for m in widget["metrics"] if isinstance(m[0], dict)]
    assert search.startswith("SEARCH('{Deckroom/dev,code,service} MetricName=\"Refusals\"")


def test_the_dead_letter_queue_depth_is_on_the_dashboard(synthesis) -> None:
    queues = synthesis.of_type("AWS::SQS::Queue")
    (dead_id,) = [k for k, q in queues.items() if "RedrivePolicy" not in q["Properties"]]
    widget = _widgets(synthesis)["Timers"]
    assert any(f"<{dead_id}>" in m for m in widget["metrics"])


def test_latency_shows_the_median_and_the_tail(synthesis) -> None:
    widget = _widgets(synthesis)["Latency (ms)"]
    stats = {m[-1]["stat"] for m in widget["metrics"] if m[1] == "IntegrationLatency"}
    assert stats == {"p50", "p99"}


def test_every_alarm_state_is_on_the_dashboard(synthesis) -> None:
    (widget,) = [w for w in _body(synthesis)["widgets"] if w["type"] == "alarm"]
    assert len(widget["properties"]["alarms"]) == len(synthesis.of_type("AWS::CloudWatch::Alarm"))


def test_the_throttle_and_the_plan_are_drawn_as_lines(synthesis) -> None:
    frames = _widgets(synthesis)["Frames per minute"]["annotations"]["horizontal"]
    assert frames == [{"value": 50 * 60, "label": "stage throttle per minute", "yAxis": "left"}]
    concurrency = _widgets(synthesis)["Lambda concurrency (account)"]["annotations"]["horizontal"]
    assert concurrency[0]["label"] == "planned for 100 tables"
