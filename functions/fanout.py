"""Posting frames to connections through the API Gateway management API (``aws.connections()``).

``post`` is the one boundary to the network (tests replace it); ``reply`` posts a frame to its sender with the
request's id; ``send_views`` posts every connected member their own room view, in parallel, and reports which
connections are gone (410 Gone). Deciding what to send after a change is ``actions.settle``'s.
"""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from botocore.exceptions import BotoCoreError, ClientError

from . import aws
from .observability import logger
from .room.model import Room
from .room.view import RoomViews

_pool = ThreadPoolExecutor(max_workers=10)  # one post per member, at most 10 connected humans


def post(connection_id: str, frame: dict[str, Any]) -> bool:
    """Send ``frame`` to ``connection_id``; True if it was delivered, False if not: the connection is gone (410)
    or the post still failed after botocore's retries (throttled, unreachable). A failed post never fails the
    request: the change it reports is stored, and ``actions.settle`` deals with the connection.
    """
    data = json.dumps(frame, separators=(",", ":"), ensure_ascii=False).encode()
    try:
        aws.connections().post_to_connection(ConnectionId=connection_id, Data=data)
    except ClientError as err:
        if err.response["Error"]["Code"] not in ("GoneException", "410") and \
                err.response.get("ResponseMetadata", {}).get("HTTPStatusCode") != 410:
            logger.warning("post failed", extra={"connection": connection_id, "error": str(err)})
        return False
    except BotoCoreError as err:  # the endpoint could not be reached or did not answer
        logger.warning("post failed", extra={"connection": connection_id, "error": str(err)})
        return False
    return True


def reply(connection_id: str, frame: dict[str, Any], rid: str | None) -> bool:
    """``post`` the answer ``frame`` to the request ``rid`` (None: a request without an id)."""
    return post(connection_id, frame if rid is None else {**frame, "rid": rid})


def close(connection_id: str) -> None:
    """Close ``connection_id`` (best effort): a phone whose frame was lost reconnects and gets the whole room."""
    try:
        aws.connections().delete_connection(ConnectionId=connection_id)
    except (ClientError, BotoCoreError) as err:  # already gone, or unreachable: nothing more to do
        logger.info("close failed", extra={"connection": connection_id, "error": str(err)})


def send_views(room: Room, events: list[dict[str, Any]], now: float,
               rid: str | None = None, requester: str | None = None) -> list[str]:
    """Post each connected member their view; ``rid`` goes to the ``requester`` connection only.

    Returns the connection ids whose frame was not delivered.
    """
    views = RoomViews(room, now, events)
    targets = [m for m in room.members if m.conn is not None]

    def send(member: Any) -> tuple[str, bool]:
        frame = views.of(member)
        if rid is not None and member.conn == requester:
            frame["rid"] = rid
        return member.conn, post(member.conn, frame)

    results = list(_pool.map(send, targets)) if len(targets) > 1 else [send(m) for m in targets]
    return [conn for conn, delivered in results if not delivered]


def broadcast(connections: list[str], frame: dict[str, Any], rid: str | None = None,
              requester: str | None = None) -> list[str]:
    """Post the same ``frame`` to each of ``connections``: the others in parallel, then the ``requester`` (its copy
    with ``rid``), so a sender that sees its own frame knows everyone else's post has been made.

    Returns the connection ids whose frame was not delivered.
    """
    others = [conn for conn in connections if conn != requester]
    results = list(_pool.map(lambda conn: (conn, post(conn, frame)), others)) if len(others) > 1 else \
        [(conn, post(conn, frame)) for conn in others]
    if requester in connections:
        results.append((requester, post(requester, frame if rid is None else {**frame, "rid": rid})))
    return [conn for conn, delivered in results if not delivered]
