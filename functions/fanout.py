"""Posting frames to connections through the API Gateway management API (``CONNECTIONS_ENDPOINT``).

``post`` is the one boundary to the network (tests replace it); ``send_views`` posts every connected member
their own room view, in parallel, and reports which connections are gone (410 Gone).
"""

from __future__ import annotations

import json
import os
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from botocore.exceptions import ClientError

from . import aws
from .observability import logger
from .room.model import Room
from .room.view import load_state, room_view

_client: Any = None
_pool = ThreadPoolExecutor(max_workers=10)  # one post per member, at most 10 connected humans


def client() -> Any:
    global _client
    if _client is None:
        _client = aws.client("apigatewaymanagementapi", endpoint_url=os.environ["CONNECTIONS_ENDPOINT"])
    return _client


def post(connection_id: str, frame: dict[str, Any]) -> bool:
    """Send ``frame`` to ``connection_id``; False if the connection is gone (410), True otherwise.

    Any other failure is logged and counted as delivered: the client gets the next frame, and can always
    re-sync with ``hello``, so one lost frame must not fail the whole request.
    """
    data = json.dumps(frame, separators=(",", ":"), ensure_ascii=False).encode()
    try:
        client().post_to_connection(ConnectionId=connection_id, Data=data)
    except ClientError as err:
        if err.response["Error"]["Code"] in ("GoneException", "410") or \
                err.response.get("ResponseMetadata", {}).get("HTTPStatusCode") == 410:
            return False
        logger.warning("post failed", extra={"connection": connection_id, "error": str(err)})
    return True


def send_views(room: Room, events: list[dict[str, Any]], now: float,
               rid: str | None = None, requester: str | None = None) -> list[str]:
    """Post each connected member their view; ``rid`` goes to the ``requester`` connection only.

    Returns the connection ids that are gone.
    """
    state = load_state(room)
    targets = [m for m in room.members if m.conn is not None]

    def send(member: Any) -> tuple[str, bool]:
        frame = room_view(room, member, now, events, engine_state=state)
        if rid is not None and member.conn == requester:
            frame["rid"] = rid
        return member.conn, post(member.conn, frame)

    results = list(_pool.map(send, targets)) if len(targets) > 1 else [send(m) for m in targets]
    return [conn for conn, delivered in results if not delivered]
