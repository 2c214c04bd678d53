"""The four real Lambda handlers invoked in this process, as API Gateway and the SQS event source invoke them: the
one in-process harness of the server's tests and the bench.

``InProcessGateway`` sets the functions' environment, starts moto in-process (``mock_aws``) with the stack's table
and queue (``local_aws.create_resources``), makes the functions' AWS clients afresh, and puts a settable clock and
reproducible game seeds in place. Events are shaped by ``devserver.events``, as the local gateway shapes them.
Sign-in is on, with an issuer of its own (``issuer``: a ``devserver.oidc.LocalIssuer`` whose discovery document
and key set the functions' verifier fetches from memory, each fetch kept in ``issuer_fetches``).
Timer messages are kept as sent to SQS (``timer_messages``, their delays in ``timer_delays``) for the caller to
deliver when it likes. Posts are answered at botocore's boundary — the real ``fanout`` runs — and kept in
``posts``; a connection in ``posts.gone`` answers 410 Gone.

    with InProcessGateway() as gateway:
        gateway.connect("c0")
        gateway.send("c0", action="hello", name="ゆうき")     # the reply: the last frame posted to c0
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
from collections.abc import Iterator
from typing import Any
from unittest import mock
from urllib.parse import unquote

import boto3
from moto import mock_aws

from functions.accounts.jwks import Fetched, KeysUnavailable, SigningKeys

from .events import Api, Client, connect_event, disconnect_event, message_event, sqs_record
from .lambda_runtime import LambdaContext
from .local_aws import DUMMY_CREDENTIALS, create_resources
from .oidc import LocalIssuer

START = 1_767_225_600.0  # 2026-01-01T00:00:00Z
ADDRESS = "198.51.100.7"  # every connection's client address, unless a test gives one
REGION = "us-east-1"
API = Api(api_id="inproc0001", stage="prod", region=REGION, account_id="123456789012")
ENVIRONMENT = {
    **DUMMY_CREDENTIALS, "AWS_DEFAULT_REGION": REGION,
    "CONNECTIONS_ENDPOINT": f"https://{API.api_id}.execute-api.{REGION}.amazonaws.com/{API.stage}",
    "POWERTOOLS_SERVICE_NAME": "deckroom", "POWERTOOLS_METRICS_NAMESPACE": "Deckroom",
    "POWERTOOLS_TRACE_DISABLED": "true",
}
ISSUER = "https://issuer.test/oidc"


class Clock:
    """The server's clock (``functions.clock.now``), moved by hand: ``t`` is the time."""

    def __init__(self, start: float = START) -> None:
        self.t = start

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


class Posts:
    """Every frame posted, per connection; connections in ``gone`` answer 410 Gone. Calling it records a frame as
    ``fanout.post`` would (a test may put it in ``fanout.post``'s place)."""

    def __init__(self) -> None:
        self.frames: dict[str, list[dict[str, Any]]] = {}
        self.gone: set[str] = set()
        self.closed: list[str] = []
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


class _Answer:
    """The HTTP response botocore builds a reply from, for a call a ``before-call`` handler answers."""

    def __init__(self, status: int) -> None:
        self.status_code = status
        self.headers: dict[str, str] = {}


class InProcessGateway:
    """See the module docstring. ``seeds`` are the games' seeds, in order (default 1000, 1001, …)."""

    def __init__(self, *, seeds: Iterator[int] | None = None) -> None:
        self.clock = Clock()
        self.posts = Posts()
        self.timer_messages: list[dict[str, Any]] = []  # {"room", "at", …} sent and not yet delivered
        self.timer_delays: list[tuple[dict[str, Any], int]] = []  # every timer message sent, with its DelaySeconds
        self.queue_arn = ""
        self.issuer = LocalIssuer(ISSUER)
        self.issuer_fetches: list[str] = []
        self._seeds = seeds if seeds is not None else itertools.count(1000)
        self._clients: dict[str, Client] = {}
        self._message_id = 0
        self._stack = contextlib.ExitStack()

    # --- set-up ---------------------------------------------------------------------------------------------

    def __enter__(self) -> InProcessGateway:
        from functions import aws, clock
        from functions.actions import play
        from functions.accounts import tokens
        from functions.handlers import connect, disconnect, message, timer

        stack = self._stack
        stack.enter_context(mock.patch.dict(os.environ, {**ENVIRONMENT, **self.issuer.environment()}))
        stack.enter_context(mock_aws())
        resources = create_resources(boto3.client("dynamodb"), boto3.client("sqs"))
        self.queue_arn = resources.queue_arn
        stack.enter_context(mock.patch.dict(os.environ, {"TABLE_NAME": resources.table_name,
                                                         "TIMER_QUEUE_URL": resources.queue_url}))
        aws.reset()
        stack.callback(aws.reset)
        connections = aws.connections()
        connections.meta.events.register("before-call.apigatewaymanagementapi.PostToConnection", self._post)
        connections.meta.events.register("before-call.apigatewaymanagementapi.DeleteConnection", self._close)
        stack.enter_context(mock.patch.object(clock, "now", self.clock))
        stack.enter_context(mock.patch.object(play, "game_seed", lambda room: next(self._seeds)))
        aws.sqs().meta.events.register("provide-client-params.sqs.SendMessage", self._keep_timer)
        verifiers: dict[tokens.IssuerSettings, tokens.TokenVerifier] = {}

        def verifier_for(settings: tokens.IssuerSettings) -> tokens.TokenVerifier:
            # One per gateway (as one per Lambda instance), its keys fetched from this gateway's issuer.
            if settings not in verifiers:
                keys = SigningKeys(settings.issuer, settings.jwks_url, fetch=self._fetch_from_issuer, clock=self.clock)
                verifiers[settings] = tokens.TokenVerifier(settings, keys)
            return verifiers[settings]

        stack.enter_context(mock.patch.object(tokens, "verifier_for", verifier_for))
        self.handlers = {"connect": connect.handler, "disconnect": disconnect.handler,
                         "message": message.handler, "timer": timer.handler}
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._stack.close()

    # --- what clients and the event source do -----------------------------------------------------------------

    def connect(self, conn: str, *, address: str = ADDRESS) -> Any:
        """Open connection ``conn`` from the client address ``address`` (``sourceIp`` in its events)."""
        self._clients[conn] = Client(conn, self.clock.t, address, "in-process", f"{API.api_id}.execute-api")
        return self.invoke("connect", connect_event(API, self._clients[conn], [], []))

    def disconnect(self, conn: str) -> Any:
        return self.invoke("disconnect", disconnect_event(API, self._clients[conn], 1001, "Going away"))

    def send_raw(self, conn: str, body: str) -> Any:
        """Invoke the message handler with ``body`` as the frame ``conn`` sent."""
        return self.invoke("message", message_event(API, self._clients[conn], "$default", body))

    def send(self, conn: str, **frame: Any) -> dict[str, Any]:
        """Send a frame and return the reply: the last frame posted to ``conn`` by this request."""
        before = len(self.posts.frames.get(conn, []))
        self.send_raw(conn, json.dumps(frame, ensure_ascii=False))
        replies = self.posts.frames.get(conn, [])[before:]
        assert replies, f"no reply to {frame}"
        return replies[-1]

    def deliver_timers(self, messages: list[dict[str, Any]] | None = None) -> Any:
        """Deliver timer messages (default: all kept so far) as one SQS batch; returns the handler's answer."""
        if messages is None:
            messages, self.timer_messages[:] = list(self.timer_messages), []
        records = []
        for message_ in messages:
            self._message_id += 1
            sent = str(int(self.clock.t * 1000))
            records.append(sqs_record(
                {"MessageId": f"timer{len(records)}", "ReceiptHandle": f"r{self._message_id}",
                 "Body": json.dumps(message_), "Attributes": {
                     "ApproximateReceiveCount": "1", "SentTimestamp": sent, "SenderId": "in-process",
                     "ApproximateFirstReceiveTimestamp": sent}},
                queue_arn=self.queue_arn, region=REGION))
        return self.invoke("timer", {"Records": records})

    def time_passes(self, until: float) -> int:
        """Move the clock to ``until``, delivering on the way every timer message due by then at its time, in order
        (those the deliveries send as well, as SQS would); returns how many were delivered."""
        delivered = 0
        while due := [m for m in self.timer_messages if m["at"] <= until]:
            message_ = min(due, key=lambda m: m["at"])
            self.timer_messages.remove(message_)
            self.clock.t = max(self.clock.t, message_["at"])
            self.deliver_timers([message_])
            delivered += 1
        self.clock.t = max(self.clock.t, until)
        return delivered

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

    def invoke(self, handler: str, event: dict[str, Any]) -> Any:
        """Invoke ``handler`` (``connect``, ``disconnect``, ``message``, ``timer``) with ``event``."""
        context = LambdaContext(function_name=handler, timeout=30.0, region=REGION, account_id=API.account_id)
        return self.handlers[handler](event, context)

    def _keep_timer(self, params: dict[str, Any], **_: Any) -> None:
        message = json.loads(params["MessageBody"])
        self.timer_messages.append(message)
        self.timer_delays.append((message, params.get("DelaySeconds", 0)))

    def _fetch_from_issuer(self, url: str) -> Fetched:
        self.issuer_fetches.append(url)
        documents = {f"{ISSUER}/.well-known/openid-configuration": self.issuer.discovery(),
                     self.issuer.jwks_url: self.issuer.jwks()}
        if url not in documents:
            raise KeysUnavailable(f"{url}: not found")
        return Fetched(documents[url], max_age=300.0)

    # --- the management API's side of the posts ----------------------------------------------------------------

    def _post(self, params: dict[str, Any], **_: Any) -> tuple[_Answer, dict[str, Any]]:
        conn = _connection_of(params)
        if not self.posts(conn, json.loads(params["body"])):
            return _Answer(410), {"Error": {"Code": "GoneException", "Message": "gone"},
                                  "ResponseMetadata": {"HTTPStatusCode": 410}}
        return _Answer(200), {"ResponseMetadata": {"HTTPStatusCode": 200}}

    def _close(self, params: dict[str, Any], **_: Any) -> tuple[_Answer, dict[str, Any]]:
        self.posts.closed.append(_connection_of(params))
        return _Answer(204), {"ResponseMetadata": {"HTTPStatusCode": 204}}


def _connection_of(params: dict[str, Any]) -> str:
    """The connection id a management API request is for."""
    return unquote(params["url_path"].rsplit("/", 1)[1])


