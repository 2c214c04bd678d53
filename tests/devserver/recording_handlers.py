"""Tiny Lambda handlers for the gateway's own tests: they record every event and do what the frame asks.

They stand in for `functions/handlers/` so the emulation is tested on its own. Everything they receive goes
into `EVENTS`, which the test (running the gateway in the same process) reads, waiting with a timeout.

Message frames (JSON) and what the `message` handler does with them:

- anything else (``{"action": "echo"}``, not JSON, ...): posts ``{"route": <route key>, "body": <frame>}``
  back to the sender through the management API;
- ``{"action": "post", "to": id}``: posts to another connection; reports the management API's answer;
- ``{"action": "whoami"}``: reports ``GET /@connections/{own id}``;
- ``{"action": "hang_up"}``: ``DELETE /@connections/{own id}``;
- ``{"action": "boom"}``: raises;
- ``{"action": "meet"}``: waits until a second ``meet`` invocation runs at the same time (proves concurrency).

The `timer` handler reports a record as failed the first time it sees a body ``{"fail_once": true}``.
"""

from __future__ import annotations

import json
import os
import queue
import threading
from typing import Any

import boto3
from botocore.exceptions import ClientError

EVENTS: "queue.Queue[tuple[str, dict]]" = queue.Queue()
_MEETING = threading.Barrier(2)


def next_event(kind: str, timeout: float = 10.0) -> dict:
    """The next recorded event of ``kind`` (events of other kinds before it are dropped)."""
    while True:
        recorded_kind, event = EVENTS.get(timeout=timeout)
        if recorded_kind == kind:
            return event


def clear() -> None:
    while not EVENTS.empty():
        EVENTS.get_nowait()
    _MEETING.reset()


def _management() -> Any:
    return boto3.client("apigatewaymanagementapi", endpoint_url=os.environ["CONNECTIONS_ENDPOINT"])


def _post(connection_id: str, payload: dict) -> None:
    _management().post_to_connection(ConnectionId=connection_id, Data=json.dumps(payload).encode())


def connect(event: dict, context: Any) -> dict:
    EVENTS.put(("connect", event))
    refuse = (event.get("queryStringParameters") or {}).get("refuse")
    if refuse == "raise":
        raise RuntimeError("refusing by raising")
    return {"statusCode": int(refuse) if refuse else 200}


def disconnect(event: dict, context: Any) -> dict:
    EVENTS.put(("disconnect", event))
    return {"statusCode": 200}


def ping(event: dict, context: Any) -> dict:
    """A route of its own (route key ``ping``)."""
    EVENTS.put(("ping", event))
    _post(event["requestContext"]["connectionId"], {"route": "ping"})
    return {"statusCode": 200}


def message(event: dict, context: Any) -> dict:
    EVENTS.put(("message", event))
    own_id = event["requestContext"]["connectionId"]
    try:
        frame = json.loads(event["body"])
    except ValueError:
        frame = {"action": None}
    action = frame.get("action") if isinstance(frame, dict) else None
    if action == "boom":
        raise RuntimeError("boom")
    if action == "meet":
        _MEETING.wait(timeout=5)  # raises BrokenBarrierError if invocations run one at a time
        _post(own_id, {"met": True})
    elif action == "post":
        _post(own_id, {"status": _status_of(lambda: _post(frame["to"], {"hello": True}))})
    elif action == "whoami":
        answer = _management().get_connection(ConnectionId=own_id)
        _post(own_id, {"connectedAt": answer["ConnectedAt"].isoformat(), "identity": answer["Identity"],
                       "lastActiveAt": answer["LastActiveAt"].isoformat()})
    elif action == "hang_up":
        _management().delete_connection(ConnectionId=own_id)
    else:
        _post(own_id, {"route": event["requestContext"]["routeKey"], "body": event["body"]})
    return {"statusCode": 200}


def _status_of(call: Any) -> str:
    try:
        call()
    except ClientError as error:
        return error.response["Error"]["Code"]
    return "ok"


def timer(event: dict, context: Any) -> dict:
    EVENTS.put(("timer", event))
    failures = [
        {"itemIdentifier": record["messageId"]}
        for record in event["Records"]
        if json.loads(record["body"]).get("fail_once") and record["attributes"]["ApproximateReceiveCount"] == "1"
    ]
    return {"batchItemFailures": failures}
