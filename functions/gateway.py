"""The transport: what each Lambda entry point does with its event, below the Powertools decorators of
``functions/handlers``, before and after the use case (``functions/actions/``).

Events are read with pydantic models of API Gateway's WebSocket events (``websocket_events``), so a malformed
event fails loudly; a client frame is rate-limited and parsed here, and one that is refused gets an ``error``
frame back.
"""

from __future__ import annotations

from typing import Any

from . import actions, clock, fanout, observability, rate_limit, throttle, timers
from .observability import logger
from .protocol import parse_frame, request_id
from .refusal import Refusal
from .websocket_events import ConnectEvent, DisconnectEvent, MessageEvent

OK = {"statusCode": 200}


def on_connect(event: dict[str, Any]) -> dict[str, Any]:
    """Accept every connection; nothing is stored until the client says ``hello``."""
    request = ConnectEvent.model_validate(event)
    logger.set_correlation_id(request.request_context.connection_id)
    return OK


def on_disconnect(event: dict[str, Any]) -> dict[str, Any]:
    """The connection closed: its member is disconnected (the stand-in grace starts)."""
    request = DisconnectEvent.model_validate(event)
    conn = request.request_context.connection_id
    logger.set_correlation_id(conn)
    actions.disconnect(conn, clock.now())
    return OK


def on_message(event: dict[str, Any]) -> dict[str, Any]:
    """Parse the client frame, carry it out, answer a refusal with an ``error`` frame."""
    request = MessageEvent.model_validate(event)
    conn = request.request_context.connection_id
    logger.set_correlation_id(conn)
    body = request.body if isinstance(request.body, str) else None
    throttle.client_address.set(request.request_context.identity.source_ip)
    verdict = rate_limit.LIMITER.admit(conn, throttle.hashed_address())
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
        _answer(conn, refusal, body)
    except Exception:
        # Answered, not raised: the player is told at once and the function returns 200, so AWS/Lambda Errors
        # never sees it; ``Faults`` is the signal (docs/decisions.md).
        logger.exception("request failed")
        observability.fault()
        _answer(conn, Refusal("internal", "a server fault; nothing was changed"), body)
    return OK


def _answer(conn: str, refusal: Refusal, body: str | None) -> None:
    """The ``error`` frame of ``refusal``, counted by its code (every error frame sent goes through here)."""
    observability.refusal(refusal.code)
    fanout.post(conn, refusal.frame(request_id(body)))


def _throttle(conn: str, verdict: str, body: str | None) -> None:
    """A frame over the rate limits (its connection's, player's or address's): the connection's first is answered, a
    long flood closes the connection."""
    if verdict == "refuse":
        _answer(conn, Refusal("rate_limited", "too many frames; slow down", retry_after=1), body)
    elif verdict == "close":
        logger.warning("closing a flooding connection")
        fanout.close(conn)


def on_timer(body: str) -> None:
    """A timer message: apply what is due in its room (``actions.play.timer``)."""
    actions.timer(timers.parse(body), clock.now())
