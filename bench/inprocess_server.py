"""The four Lambda handlers invoked in this process (``devserver.in_process``, the tests' harness too), each
invocation recorded for the bench.

DynamoDB and SQS are moto's, in-process; every SDK call is recorded (``bench.aws_calls``), posts are kept
instead of sent, timer messages are delivered by the caller (``deliver_next_timer`` moves the settable clock to the
message's deadline). Each invocation becomes an ``Invocation``: what it asked of AWS, what it posted, its wall
time and the part of it spent inside DynamoDB and SQS calls. ``wall - sdk`` is the server's own work: parsing,
validation, the engine, every member's view, JSON and compression, Powertools.

    with InProcessServer() as server:
        server.connect("c0")
        server.send("c0", action="hello", name="ゆうき")
        server.latest("c0")                     # the last frame posted to c0
"""

from __future__ import annotations

import contextlib
import gc
import json
import os
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Iterator

from bench.aws_calls import Call, CallRecorder
from devserver.in_process import InProcessGateway

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


class InProcessServer(InProcessGateway):
    """``InProcessGateway`` with every invocation recorded; see the module docstring."""

    def __init__(self, seeds: Iterator[int] | None = None) -> None:
        super().__init__(seeds=seeds)
        self.invocations: list[Invocation] = []
        self._frames: dict[str, list[bytes]] = {}
        self._current: Invocation | None = None
        self._lock = threading.Lock()
        self._sink = open(os.devnull, "w")  # Powertools' log lines and metrics (EMF) go here, as to CloudWatch

    def __enter__(self) -> InProcessServer:
        super().__enter__()
        from functions import aws
        from functions.observability import logger

        for client in (aws.dynamodb, aws.sqs, aws.connections):
            client()  # made now, so no invocation pays for a client it did not need (warm Lambda)
        self._stack.callback(self._sink.close)  # last, after the logger lets go of it
        self._stack.enter_context(_logs_to(logger, self._sink))
        self._stack.enter_context(CallRecorder(self._on_call, self._on_post))
        return self

    # --- what clients and the event source do, each returning its invocation --------------------------------

    @property
    def now(self) -> float:
        return self.clock.t

    @now.setter
    def now(self, value: float) -> None:
        self.clock.t = value

    def connect(self, conn: str) -> Invocation:
        super().connect(conn)
        return self.invocations[-1]

    def disconnect(self, conn: str) -> Invocation:
        super().disconnect(conn)
        return self.invocations[-1]

    def send(self, conn: str, **frame: Any) -> Invocation:  # type: ignore[override]
        """Send a client frame from ``conn``; its replies are then in ``latest(conn)``."""
        self.send_raw(conn, json.dumps(frame, ensure_ascii=False))
        return self.invocations[-1]

    def deliver_next_timer(self) -> Invocation | None:
        """Move the clock to the earliest pending timer message and deliver it (None if there is none)."""
        if not self.timer_messages:
            return None
        message = min(self.timer_messages, key=lambda m: m["at"])
        self.timer_messages.remove(message)
        self.now = max(self.now, message["at"])
        self.deliver_timers([message])
        return self.invocations[-1]

    def frames(self, conn: str, frame_type: str | None = None) -> list[dict[str, Any]]:
        """Every frame (of ``frame_type``) posted to ``conn``, oldest first."""
        frames = [json.loads(raw) for raw in self._frames.get(conn, [])]
        return [frame for frame in frames if frame_type is None or frame["type"] == frame_type]

    def latest(self, conn: str, frame_type: str | None = None) -> dict[str, Any] | None:  # type: ignore[override]
        """The last frame (of ``frame_type``) posted to ``conn``."""
        for raw in reversed(self._frames.get(conn, [])):
            frame = json.loads(raw)
            if frame_type is None or frame["type"] == frame_type:
                return frame
        return None

    # --- recording -----------------------------------------------------------------------------------------------

    def invoke(self, handler: str, event: dict[str, Any]) -> Any:
        action = json.loads(event["body"]).get("action") if handler == "message" else None
        invocation = self._current = Invocation(handler, action)
        # Everything alive now (moto's tables, the recordings) is the bench's, not the invocation's: frozen, the
        # garbage collector does not walk it during the invocation, as a Lambda's small heap would not be walked.
        gc.freeze()
        with contextlib.redirect_stdout(self._sink):
            started = time.perf_counter()
            answer = super().invoke(handler, event)
            invocation.wall = time.perf_counter() - started
        started = time.perf_counter()
        fixed_work()
        invocation.reference = time.perf_counter() - started
        self._current = None
        self.invocations.append(invocation)
        return answer

    def _on_call(self, call: Call) -> None:
        with self._lock:  # posts are recorded from the fan-out's threads
            if self._current is not None:  # else the bench's own look at the table
                self._current.calls.append(call)

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
