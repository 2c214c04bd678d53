"""Fixtures for the server tests: moto in-process, posts captured at the fan-out boundary, a settable clock,
and ``Gateway``, which invokes the real handlers with events shaped exactly as API Gateway and SQS send them."""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path
from typing import Any

import boto3
import pytest
from moto import mock_aws

from functions import actions, clock, fanout, rate_limit, storage, timers
from functions.handlers import connect, disconnect, message, timer

EVENTS = Path(__file__).parent / "events"
T0 = 1_767_225_600.0

os.environ.update({
    "AWS_DEFAULT_REGION": "eu-west-1", "AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing",
    "TABLE_NAME": "deckroom", "CONNECTIONS_ENDPOINT": "https://fj3bx7k2qa.execute-api.eu-west-1.amazonaws.com/prod",
    "POWERTOOLS_METRICS_NAMESPACE": "Deckroom", "POWERTOOLS_TRACE_DISABLED": "true",
})


def load_event(name: str) -> dict[str, Any]:
    return json.loads((EVENTS / f"{name}.json").read_text())


class LambdaContext:
    function_name = "deckroom-test"
    function_version = "$LATEST"
    invoked_function_arn = "arn:aws:lambda:eu-west-1:123456789012:function:deckroom-test"
    memory_limit_in_mb = 256
    aws_request_id = "test-request"
    log_group_name = "/aws/lambda/deckroom-test"
    log_stream_name = "test"

    @staticmethod
    def get_remaining_time_in_millis() -> int:
        return 30_000


class Clock:
    def __init__(self) -> None:
        self.t = T0

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


class Posts:
    """Every frame posted, per connection; connections in ``gone`` answer 410."""

    def __init__(self) -> None:
        self.frames: dict[str, list[dict[str, Any]]] = {}
        self.gone: set[str] = set()
        self.count = 0

    def __call__(self, connection_id: str, frame: dict[str, Any]) -> bool:
        self.count += 1
        if connection_id in self.gone:
            return False
        self.frames.setdefault(connection_id, []).append(json.loads(json.dumps(frame)))
        return True

    def last(self, conn: str, type_: str | None = None) -> dict[str, Any]:
        frames = [f for f in self.frames.get(conn, []) if type_ is None or f["type"] == type_]
        assert frames, f"no {type_ or ''} frame for {conn}"
        return frames[-1]

    def clear(self) -> None:
        self.frames.clear()
        self.count = 0


class Gateway:
    """Invokes the four handlers as API Gateway and the SQS event source would."""

    def __init__(self, posts: Posts, clock_: Clock, timer_messages: list[dict[str, Any]]) -> None:
        self.posts, self.clock, self.timer_messages = posts, clock_, timer_messages
        self._message_id = 0

    def _event(self, name: str, conn: str) -> dict[str, Any]:
        event = copy.deepcopy(load_event(name))
        event["requestContext"]["connectionId"] = conn
        return event

    def connect(self, conn: str) -> dict[str, Any]:
        return connect.handler(self._event("connect", conn), LambdaContext())

    def disconnect(self, conn: str) -> dict[str, Any]:
        return disconnect.handler(self._event("disconnect", conn), LambdaContext())

    def send_raw(self, conn: str, body: str) -> dict[str, Any]:
        event = self._event("message", conn)
        self._message_id += 1
        event["requestContext"]["messageId"] = f"msg{self._message_id}"
        event["body"] = body
        return message.handler(event, LambdaContext())

    def send(self, conn: str, **frame: Any) -> dict[str, Any]:
        """Send a frame and return the reply: the last frame posted to ``conn`` by this request."""
        before = len(self.posts.frames.get(conn, []))
        self.send_raw(conn, json.dumps(frame))
        replies = self.posts.frames.get(conn, [])[before:]
        assert replies, f"no reply to {frame}"
        return replies[-1]

    def deliver_timers(self, messages: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """Deliver timer messages (default: all sent so far) as one SQS batch; returns the handler's answer."""
        if messages is None:
            messages, self.timer_messages[:] = list(self.timer_messages), []
        event = load_event("timer")
        template = event["Records"][0]
        event["Records"] = [{**template, "messageId": f"timer{i}", "body": json.dumps(m)}
                            for i, m in enumerate(messages)]
        return timer.handler(event, LambdaContext())

    def run_timers(self, limit: int = 1000) -> int:
        """Move the clock to each next timer and deliver it, until none is left; returns how many were delivered."""
        delivered = 0
        while self.timer_messages and delivered < limit:
            message_ = min(self.timer_messages, key=lambda m: m["at"])
            self.timer_messages.remove(message_)
            self.clock.t = max(self.clock.t, message_["at"])
            self.deliver_timers([message_])
            delivered += 1
        return delivered


@pytest.fixture
def clock_(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(clock, "now", fake)
    return fake


@pytest.fixture
def posts(monkeypatch: pytest.MonkeyPatch) -> Posts:
    recorder = Posts()
    monkeypatch.setattr(fanout, "post", recorder)
    return recorder


@pytest.fixture
def aws(monkeypatch: pytest.MonkeyPatch):
    """moto's DynamoDB table and SQS queue as the stack defines them; the modules' clients made afresh."""
    with mock_aws():
        dynamodb = boto3.client("dynamodb")
        dynamodb.create_table(TableName="deckroom", KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
                              AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
                              BillingMode="PAY_PER_REQUEST")
        queue_url = boto3.client("sqs").create_queue(QueueName="deckroom-timers")["QueueUrl"]
        monkeypatch.setenv("TIMER_QUEUE_URL", queue_url)
        for module in (storage, timers, fanout):
            monkeypatch.setattr(module, "_client", None)
        yield dynamodb


@pytest.fixture(autouse=True)
def fresh_rate_limits(monkeypatch: pytest.MonkeyPatch) -> rate_limit.FrameLimiter:
    """Each test starts with empty per-connection buckets (the limiter is the process's, and tests reuse ids)."""
    limiter = rate_limit.FrameLimiter()
    monkeypatch.setattr(rate_limit, "LIMITER", limiter)
    return limiter


@pytest.fixture
def gateway(aws, posts: Posts, clock_: Clock, monkeypatch: pytest.MonkeyPatch) -> Gateway:
    sent: list[dict[str, Any]] = []
    original = timers.schedule

    def schedule(code: str, at: float, now: float) -> None:
        sent.append({"room": code, "at": at})
        original(code, at, now)

    monkeypatch.setattr(timers, "schedule", schedule)
    seeds = iter(range(1000, 10**6))
    monkeypatch.setattr(actions, "_new_seed", lambda: next(seeds))  # reproducible deals
    return Gateway(posts, clock_, sent)
