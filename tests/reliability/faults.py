"""Faults injected at botocore's boundary: the product code runs unchanged, its AWS calls fail as AWS fails them.

A ``before-call.<service>.<Operation>`` handler may answer a call itself (botocore's own Stubber works this way),
so an injected error is raised by botocore exactly as a real one (a ``ClientError`` with AWS's code and status),
and the call never reaches moto: a refused write writes nothing.

>>> from functions import aws                                         # doctest: +SKIP
>>> with inject(aws.dynamodb(), "PutItem", Fault("ProvisionedThroughputExceededException")) as fault:
...     ...                                                           # the next PutItem is throttled
>>> fault.hits
1
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable, Iterator
from urllib.parse import unquote

from botocore.exceptions import EndpointConnectionError

#: HTTP status AWS answers each error code with.
STATUS = {
    "ConditionalCheckFailedException": 400,
    "ProvisionedThroughputExceededException": 400,
    "ThrottlingException": 400,
    "InternalServerError": 500,
    "GoneException": 410,
    "LimitExceededException": 429,
    "AWS.SimpleQueueService.RequestThrottled": 403,
}


class Crash(Exception):
    """The function dies here (a timeout, an out-of-memory kill): nothing after this point runs."""


@dataclass
class Fault:
    """``code``: an AWS error code to answer with, ``"crash"`` (raise ``Crash``) or ``"network"`` (the endpoint
    cannot be reached). ``times``: how many matching calls fail before calls go through again (None: all).
    ``when``: only calls whose parameters it accepts count."""

    code: str
    times: int | None = 1
    when: Callable[[dict[str, Any]], bool] = lambda params: True


class _Response:
    def __init__(self, status: int) -> None:
        self.status_code = status
        self.headers: dict[str, str] = {}


class Injection:
    def __init__(self, fault: Fault) -> None:
        self.fault = fault
        self.hits = 0

    def __call__(self, params: dict[str, Any], **_: Any) -> tuple[_Response, dict[str, Any]] | None:
        fault = self.fault
        if (fault.times is not None and self.hits >= fault.times) or not fault.when(params):
            return None
        self.hits += 1
        if fault.code == "crash":
            raise Crash(f"injected crash #{self.hits}")
        if fault.code == "network":
            raise EndpointConnectionError(endpoint_url="https://injected.invalid")
        status = STATUS.get(fault.code, 400)
        return _Response(status), {"Error": {"Code": fault.code, "Message": "injected"},
                                   "ResponseMetadata": {"HTTPStatusCode": status}}


@contextmanager
def inject(client: Any, operation: str, fault: Fault) -> Iterator[Injection]:
    """Make ``client``'s calls of ``operation`` fail as ``fault`` says, for the ``with`` block."""
    event = f"before-call.{client.meta.service_model.service_id.hyphenize()}.{operation}"
    injection = Injection(fault)
    client.meta.events.register_first(event, injection, unique_id=f"fault-{id(injection)}")
    try:
        yield injection
    finally:
        client.meta.events.unregister(event, unique_id=f"fault-{id(injection)}")


def connection_of(params: dict[str, Any]) -> str:
    """The connection id a ``PostToConnection`` request is for."""
    return unquote(params["url_path"].rsplit("/", 1)[1])


def post_to(conn: str) -> Callable[[dict[str, Any]], bool]:
    """A ``Fault.when`` for posts to ``conn`` only."""
    return lambda params: connection_of(params) == conn
