"""The four Lambda handlers invoked in this process, as API Gateway and the SQS event source would invoke them.

DynamoDB and SQS are moto's, in-process (``mock_aws``); every SDK call is recorded (``bench.aws_calls``), posts
are kept instead of sent, timer messages are delivered by the caller (``deliver_next_timer`` moves a settable
clock to the message's deadline). Each invocation becomes an ``Invocation``: what it asked of AWS, what it
posted, its wall time and the part of it spent inside DynamoDB and SQS calls. ``wall - sdk`` is the server's own
work: parsing, validation, the engine, every member's view, JSON and compression, Powertools.

    with InProcessServer() as server:
        server.connect("c0")
        server.send("c0", action="hello", name="ゆうき")
        server.latest("c0")                     # the last frame posted to c0
"""

from __future__ import annotations

import contextlib
import gc
import itertools
import json
import os
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Iterator
from unittest import mock

import boto3
from moto import mock_aws

from bench.aws_calls import Call, CallRecorder
from devserver.events import Api, Client, connect_event, disconnect_event, message_event, sqs_record
from devserver.lambda_runtime import LambdaContext

START = 1_767_225_600.0  # 2026-01-01T00:00:00Z
REGION = "us-east-1"
API = Api(api_id="bench00001", stage="prod", region=REGION, account_id="123456789012")
ENVIRONMENT = {
    "AWS_DEFAULT_REGION": REGION, "AWS_ACCESS_KEY_ID": "bench", "AWS_SECRET_ACCESS_KEY": "bench",
    "TABLE_NAME": "deckroom",
    "CONNECTIONS_ENDPOINT": f"https://{API.api_id}.execute-api.{REGION}.amazonaws.com/{API.stage}",
    "POWERTOOLS_SERVICE_NAME": "deckroom", "POWERTOOLS_METRICS_NAMESPACE": "Deckroom",
    "POWERTOOLS_TRACE_DISABLED": "true",
}
MEASURED_SERVICES = ("dynamodb", "sqs")  # the I/O subtracted from wall time; posts never leave the process


@dataclass
class Invocation:
    """One handler invocation and what it cost."""

    handler: str  # connect, disconnect, message, timer
    action: str | None  # the client frame's action (message), else None
    calls: list[Call] = field(default_factory=list)
    wall: float = 0.0
    reference: float = 0.0  # seconds of ``fixed_work`` run right after: the machine's noise at that moment

    def count(self, name: str) -> int:
        """Calls of ``name``, e.g. ``"dynamodb.GetItem"``."""
        return sum(call.name == name for call in self.calls)

    @property
    def posts(self) -> int:
        return self.count("apigatewaymanagementapi.PostToConnection")

    @property
    def wrote_room(self) -> bool:
        return any(call.name == "dynamodb.PutItem" for call in self.calls)

    @property
    def sdk(self) -> float:
        """Seconds inside DynamoDB and SQS calls (moto, in this process)."""
        return sum(call.seconds for call in self.calls if call.service in MEASURED_SERVICES)

    @property
    def own(self) -> float:
        """Seconds of the server's own work: the invocation without its DynamoDB and SQS calls."""
        return self.wall - self.sdk


def fixed_work() -> int:
    """The same pure-Python work every time (about a millisecond): timed after each invocation, its spread is
    the machine's, so a tail of the handler's times can be read against it."""
    return sum(i * i for i in range(20_000))


class InProcessServer:
    """Invokes the real handlers on API Gateway- and SQS-shaped events over moto; see the module docstring."""

    def __init__(self, seeds: Iterator[int] | None = None) -> None:
        self.now = START
        self.invocations: list[Invocation] = []
        self.timers: list[tuple[float, str]] = []  # (deadline, message body) not yet delivered
        self._frames: dict[str, list[bytes]] = {}
        self._current: Invocation | None = None
        self._clients: dict[str, Client] = {}
        self._seeds = seeds if seeds is not None else itertools.count(1000)
        self._lock = threading.Lock()
        self._stack = contextlib.ExitStack()
        self._sink = open(os.devnull, "w")  # Powertools' log lines and metrics (EMF) go here, as to CloudWatch

    # --- set-up ---------------------------------------------------------------------------------------------

    def __enter__(self) -> InProcessServer:
        stack = self._stack
        stack.enter_context(mock.patch.dict(os.environ, ENVIRONMENT))
        stack.enter_context(mock_aws())
        dynamodb = boto3.client("dynamodb")
        dynamodb.create_table(TableName="deckroom", KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
                              AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
                              BillingMode="PAY_PER_REQUEST")
        queue_url = boto3.client("sqs").create_queue(QueueName="deckroom-timers")["QueueUrl"]
        stack.enter_context(mock.patch.dict(os.environ, {"TIMER_QUEUE_URL": queue_url}))
        from functions import actions, clock, fanout, storage, timers
        from functions.handlers import connect, disconnect, message, timer
        from functions.observability import logger

        self._handlers = {"connect": connect.handler, "disconnect": disconnect.handler,
                          "message": message.handler, "timer": timer.handler}
        for module in (storage, timers, fanout):
            stack.enter_context(mock.patch.object(module, "_client", None))
            module.client()  # created now, so no invocation pays for a client it did not need (warm Lambda)
        stack.enter_context(mock.patch.object(clock, "now", lambda: self.now))
        stack.enter_context(mock.patch.object(actions, "_new_seed", lambda: next(self._seeds)))
        stack.enter_context(_logs_to(logger, self._sink))
        stack.enter_context(CallRecorder(self._on_call, self._on_post))
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._stack.close()
        self._sink.close()

    # --- what clients and the event source do -----------------------------------------------------------------

    def connect(self, conn: str) -> Invocation:
        self._clients[conn] = Client(conn, self.now, "198.51.100.7", "bench", f"{API.api_id}.execute-api")
        return self._invoke("connect", None, connect_event(API, self._clients[conn], [], []))

    def disconnect(self, conn: str) -> Invocation:
        return self._invoke("disconnect", None, disconnect_event(API, self._clients[conn], 1001, "Going away"))

    def send(self, conn: str, **frame: Any) -> Invocation:
        """Send a client frame from ``conn``; its replies are then in ``latest(conn)``."""
        event = message_event(API, self._clients[conn], "$default", json.dumps(frame, ensure_ascii=False))
        return self._invoke("message", frame.get("action"), event)

    def deliver_next_timer(self) -> Invocation | None:
        """Move the clock to the earliest pending timer message and deliver it (None if there is none)."""
        if not self.timers:
            return None
        self.timers.sort()
        at, body = self.timers.pop(0)
        self.now = max(self.now, at)
        message = {"MessageId": f"t{len(self.invocations)}", "ReceiptHandle": "r", "Body": body,
                   "Attributes": {"ApproximateReceiveCount": "1", "SentTimestamp": str(int(self.now * 1000)),
                                  "SenderId": "bench", "ApproximateFirstReceiveTimestamp": str(int(self.now * 1000))}}
        record = sqs_record(message, queue_arn=f"arn:aws:sqs:{REGION}:{API.account_id}:deckroom-timers",
                            region=REGION)
        return self._invoke("timer", None, {"Records": [record]})

    def frames(self, conn: str, frame_type: str | None = None) -> list[dict[str, Any]]:
        """Every frame (of ``frame_type``) posted to ``conn``, oldest first."""
        frames = [json.loads(raw) for raw in self._frames.get(conn, [])]
        return [frame for frame in frames if frame_type is None or frame["type"] == frame_type]

    def latest(self, conn: str, frame_type: str | None = None) -> dict[str, Any] | None:
        """The last frame (of ``frame_type``) posted to ``conn``."""
        for raw in reversed(self._frames.get(conn, [])):
            frame = json.loads(raw)
            if frame_type is None or frame["type"] == frame_type:
                return frame
        return None

    # --- recording -----------------------------------------------------------------------------------------------

    def _invoke(self, handler: str, action: str | None, event: dict[str, Any]) -> Invocation:
        invocation = self._current = Invocation(handler, action)
        context = LambdaContext(function_name=handler, timeout=30.0, region=REGION, account_id=API.account_id)
        # Everything alive now (moto's tables, the recordings) is the bench's, not the invocation's: frozen, the
        # garbage collector does not walk it during the invocation, as a Lambda's small heap would not be walked.
        gc.freeze()
        with contextlib.redirect_stdout(self._sink):
            started = time.perf_counter()
            self._handlers[handler](event, context)
            invocation.wall = time.perf_counter() - started
        started = time.perf_counter()
        fixed_work()
        invocation.reference = time.perf_counter() - started
        self._current = None
        self.invocations.append(invocation)
        return invocation

    def _on_call(self, call: Call) -> None:
        with self._lock:  # posts are recorded from the fan-out's threads
            if self._current is None:  # the bench's own look at the table
                return
            self._current.calls.append(call)
        if call.message is not None:
            self.timers.append((float(json.loads(call.message)["at"]), call.message))

    def _on_post(self, conn: str, data: bytes) -> None:
        with self._lock:
            self._frames.setdefault(conn, []).append(data)


@contextlib.contextmanager
def _logs_to(logger: Any, stream: Any) -> Iterator[None]:
    """Point the Powertools logger's handler at ``stream`` for a while."""
    handler = logger.registered_handler
    previous = handler.setStream(stream)
    try:
        yield
    finally:
        handler.setStream(previous)
