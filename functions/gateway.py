"""What each Lambda entry point does with its event, below the Powertools decorators of ``functions/handlers``.

Events are read with pydantic models of API Gateway's WebSocket events (``websocket_events``), so a malformed
event fails loudly; a client frame that is refused gets an ``error`` frame back and changes nothing.
"""

from __future__ import annotations

from typing import Any

from aws_lambda_powertools.metrics import MetricUnit

from . import actions, clock, fanout, rate_limit, storage, timers
from .observability import logger, metrics
from .protocol import parse_frame, request_id
from .refusal import Refusal
from .room import autoplay, lobby
from .room.model import Room
from .service import change_room
from .websocket_events import ConnectEvent, DisconnectEvent, MessageEvent

OK = {"statusCode": 200}


def on_connect(event: dict[str, Any]) -> dict[str, Any]:
    """Accept every connection; nothing is stored until the client says ``hello``."""
    request = ConnectEvent.model_validate(event)
    logger.set_correlation_id(request.request_context.connection_id)
    return OK


def on_disconnect(event: dict[str, Any]) -> dict[str, Any]:
    """Mark the connection's member disconnected (the stand-in grace starts) and forget the connection."""
    request = DisconnectEvent.model_validate(event)
    conn = request.request_context.connection_id
    logger.set_correlation_id(conn)
    now = clock.now()
    record = storage.get_connection(conn)
    if record.room is not None:
        try:
            change_room(record.room, lambda room: lobby.disconnect(room, conn, now), now)
        except Refusal as refusal:  # the room is gone: nothing to tell anyone
            logger.info("disconnect without room", extra={"code": refusal.code})
    storage.delete_connection(conn)
    return OK


def on_message(event: dict[str, Any]) -> dict[str, Any]:
    """Parse the client frame, carry it out, answer a refusal with an ``error`` frame."""
    request = MessageEvent.model_validate(event)
    conn = request.request_context.connection_id
    logger.set_correlation_id(conn)
    body = request.body if isinstance(request.body, str) else None
    verdict = rate_limit.LIMITER.admit(conn)
    if verdict != "accept":
        _throttle(conn, verdict, body)
        return OK
    now = clock.now()
    frame = None
    try:
        frame = parse_frame(body)
        logger.append_keys(action=type(frame).__name__)
        actions.dispatch(frame, conn, now)
    except Refusal as refusal:
        logger.info("refused", extra={"code": refusal.code, "reason": refusal.message,
                                      "version": getattr(frame, "version", None)})
        metrics.add_metric(name="Errors", unit=MetricUnit.Count, value=1)
        fanout.post(conn, refusal.frame(request_id(body)))
        if refusal.code in ("stale", "conflict") and frame is not None and not refusal.room_posted:
            actions.resync(getattr(frame, "room"), conn, now)
    except Exception:
        logger.exception("request failed")
        metrics.add_metric(name="Errors", unit=MetricUnit.Count, value=1)
        fanout.post(conn, Refusal("internal", "a server fault; nothing was changed").frame(request_id(body)))
    return OK


def _throttle(conn: str, verdict: str, body: str | None) -> None:
    """A frame over the connection's rate limit: the first is answered, a long flood closes the connection."""
    metrics.add_metric(name="RateLimited", unit=MetricUnit.Count, value=1)
    if verdict == "refuse":
        fanout.post(conn, Refusal("rate_limited", "too many frames; slow down", retry_after=1).frame(request_id(body)))
    elif verdict == "close":
        logger.warning("closing a flooding connection")
        fanout.close(conn)


def on_timer(body: str) -> None:
    """A timer message: apply what is due in the room, if the message's deadline is still the room's deadline.

    A duplicate or outdated message finds another deadline (or none) and changes nothing; one that arrives early
    (SQS delays are whole seconds, at most 15 minutes) is sent again for the rest of the wait.
    """
    code, at = timers.parse(body)
    now = clock.now()
    early = False

    def due_work(room: Room) -> list[dict[str, Any]]:
        nonlocal early
        if room.due is None or room.due.at != at:
            return []
        if at > now:
            early = True
            return []
        return autoplay.catch_up(room, now)

    try:
        change_room(code, due_work, now, catch_up_first=False)
    except Refusal as refusal:
        if refusal.code != "room_not_found":
            raise
        return
    if early:
        timers.schedule(code, at, now)
