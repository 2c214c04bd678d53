"""Handlers that break on purpose, to show that `tools.playtest` notices (tests/e2e only)."""

from __future__ import annotations

from typing import Any


def failing_message(event: dict, context: Any) -> dict:
    """Every client frame fails: API Gateway answers each with its "Internal server error" frame."""
    raise RuntimeError("this handler always fails")


def idle_timer(event: dict, context: Any) -> dict:
    """Reports every timer message as failed: CPU seats never move (they come back after the visibility
    timeout, and fail again)."""
    return {"batchItemFailures": [{"itemIdentifier": record["messageId"]} for record in event["Records"]]}
