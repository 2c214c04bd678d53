"""The real handlers, timed from inside the local gateway's process (``--route`` / ``--timer-handler`` point here).

Each invocation appends one JSON line to the file named by ``BENCH_TIMINGS``: its handler and action, its wall
time, the time spent inside moto's DynamoDB and SQS (botocore calls over HTTP, made on the invocation's thread)
and inside the fan-out (``fanout.send_views``: every member's view, and the posts to the gateway in parallel).
What remains is the server's own work. Nothing here changes what the handlers do.
"""

from __future__ import annotations

import json
import os
import threading
import time
from typing import Any, Callable

from botocore.client import BaseClient

from functions import fanout
from functions.handlers import connect as _connect
from functions.handlers import disconnect as _disconnect
from functions.handlers import message as _message
from functions.handlers import timer as _timer

TIMED_SERVICES = ("dynamodb", "sqs")
_local = threading.local()  # the running invocation's totals, per handler thread
_write_lock = threading.Lock()
_make_api_call = BaseClient._make_api_call
_send_views = fanout.send_views


def _timed_api_call(client: BaseClient, operation: str, params: dict[str, Any]) -> Any:
    totals = getattr(_local, "totals", None)
    service = client.meta.service_model.service_name
    if totals is None or service not in TIMED_SERVICES:
        return _make_api_call(client, operation, params)
    started = time.perf_counter()
    try:
        return _make_api_call(client, operation, params)
    finally:
        totals[service] = totals.get(service, 0.0) + time.perf_counter() - started


def _timed_send_views(*args: Any, **kwargs: Any) -> Any:
    totals = getattr(_local, "totals", None)
    started = time.perf_counter()
    try:
        return _send_views(*args, **kwargs)
    finally:
        if totals is not None:
            totals["fanout"] = totals.get("fanout", 0.0) + time.perf_counter() - started


BaseClient._make_api_call = _timed_api_call  # type: ignore[method-assign]
fanout.send_views = _timed_send_views


def _timed(name: str, handler: Callable[[dict, Any], Any]) -> Callable[[dict, Any], Any]:
    def invoke(event: dict, context: Any) -> Any:
        _local.totals = {}
        started = time.perf_counter()
        try:
            return handler(event, context)
        finally:
            record = {"handler": name, "action": _action(event), "wall": time.perf_counter() - started,
                      **_local.totals}
            _local.totals = None
            with _write_lock, open(os.environ["BENCH_TIMINGS"], "a", encoding="utf-8") as out:
                out.write(json.dumps(record) + "\n")
    return invoke


def _action(event: dict) -> str | None:
    try:
        return json.loads(event.get("body") or "").get("action")
    except (ValueError, AttributeError):
        return None


connect = _timed("connect", _connect.handler)
disconnect = _timed("disconnect", _disconnect.handler)
message = _timed("message", _message.handler)
timer = _timed("timer", _timer.handler)
