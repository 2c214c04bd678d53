"""Fixtures of the reliability tests.

The in-process tests reuse the server tests' harness (moto in-process, posts captured at the fan-out boundary, a
settable clock, API-Gateway-shaped events: ``tests/functions/conftest.py``); the end-to-end ones start the local
gateway (``devserver.testing.running_gateway``) as `make dev` runs it.
"""

from __future__ import annotations

import pytest

from functions import fanout
from tests.functions.conftest import (  # noqa: F401  (the server tests' fixtures)
    Clock, Gateway, Posts, aws, clock_, fresh_rate_limits, gateway, posts,
)
from tests.reliability.faults import Wire

_real_post = fanout.post


@pytest.fixture
def wire(gateway: Gateway, posts: Posts, monkeypatch: pytest.MonkeyPatch) -> Wire:
    """The real ``fanout.post`` and ``fanout.close`` over botocore, answered (and recorded: frames in ``posts``)
    at the client's boundary, where ``faults.inject`` can make them fail as the management API does."""
    monkeypatch.setattr(fanout, "post", _real_post)
    wire = Wire(posts)
    wire.install(fanout.client())
    return wire
