"""The process's AWS clients: one of each service, made on first use by one botocore session.

boto3 adds nothing the handlers use (they call the low-level clients only) and imports ~50 ms more at every cold
start (s3transfer among others; docs/performance.md "Server path"). botocore reads the same configuration: the
Region, credentials and ``AWS_ENDPOINT_URL_<SERVICE>`` (moto locally) from the environment.

Every client gives up on a connection after ``CONNECT_TIMEOUT`` and on an answer after ``READ_TIMEOUT`` seconds,
and retries in botocore's ``standard`` mode (throttling and transient errors, with jittered backoff, at most
``MAX_ATTEMPTS`` tries): botocore's defaults (60 s each, ``legacy`` retries) would let one stuck call hold a frame
past API Gateway's 29 s. Every call the handlers make (a room read or write, a post, a timer) answers in
milliseconds, so a few seconds is a call that will not answer.
"""

from __future__ import annotations

import threading
from typing import Any

import botocore.session
from botocore.config import Config

from .settings import settings

CONNECT_TIMEOUT = 2.0
READ_TIMEOUT = 5.0
MAX_ATTEMPTS = 3
CONFIG = Config(connect_timeout=CONNECT_TIMEOUT, read_timeout=READ_TIMEOUT,
                retries={"mode": "standard", "total_max_attempts": MAX_ATTEMPTS})

_session: botocore.session.Session | None = None
_clients: dict[str, Any] = {}
_lock = threading.Lock()  # a session is not thread-safe, and the fan-out's threads may make the first client


def dynamodb() -> Any:
    """The DynamoDB client (rooms and connection records: ``functions/storage.py``)."""
    return _client("dynamodb")


def sqs() -> Any:
    """The SQS client (timer messages: ``functions/timers.py``)."""
    return _client("sqs")


def connections() -> Any:
    """The API Gateway management API client of the WebSocket stage (posts: ``functions/fanout.py``)."""
    return _client("apigatewaymanagementapi", endpoint_url=settings().connections_endpoint)


def reset() -> None:
    """Forget the clients and the settings: the next call makes them afresh (tests: a new moto, another
    environment)."""
    global _session
    with _lock:
        _session = None
        _clients.clear()
    settings.cache_clear()


def _client(service: str, **kwargs: Any) -> Any:
    global _session
    with _lock:
        if service not in _clients:
            if _session is None:
                _session = botocore.session.get_session()
            _clients[service] = _session.create_client(service, config=CONFIG, **kwargs)
        return _clients[service]
