"""Fixtures of the server tests: the real handlers invoked in this process over moto, with API-Gateway-shaped
events, posts kept at botocore's boundary and a settable clock (``devserver.in_process``, which the bench uses
too), and the sample events AWS documents."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from devserver.in_process import Clock, InProcessGateway, Posts
from functions import rate_limit, stamps
from functions.actions import lobby as lobby_actions

EVENTS = Path(__file__).parent / "events"

Gateway = InProcessGateway


def load_event(name: str) -> dict[str, Any]:
    """A sample event as API Gateway or SQS sends it (``tests/functions/events``)."""
    return json.loads((EVENTS / f"{name}.json").read_text())


@pytest.fixture
def gateway() -> Iterator[InProcessGateway]:
    with InProcessGateway() as in_process:
        yield in_process


@pytest.fixture
def posts(gateway: InProcessGateway) -> Posts:
    return gateway.posts


@pytest.fixture
def clock_(gateway: InProcessGateway) -> Clock:
    return gateway.clock


@pytest.fixture(autouse=True)
def fresh_rate_limits(monkeypatch: pytest.MonkeyPatch) -> rate_limit.FrameLimiter:
    """Each test starts with empty per-connection buckets (the limiter is the process's, and tests reuse ids)."""
    limiter = rate_limit.FrameLimiter()
    monkeypatch.setattr(rate_limit, "LIMITER", limiter)
    monkeypatch.setattr(stamps, "LIMITER", stamps.limiter())  # likewise each room's stamps
    monkeypatch.setattr(lobby_actions, "CHANGES", rate_limit.WindowLimiter(  # and lobby changes
        allowed=lobby_actions.CHANGES_ALLOWED, window=lobby_actions.CHANGES_WINDOW))
    return limiter
