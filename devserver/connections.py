"""The open WebSocket connections, by API Gateway connection id.

A connection is in the registry from the moment ``$connect`` accepted it until it closes — or until the gateway
decides to close it (management ``DELETE``, a quota), so the management API answers 410 from that moment on.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field

from aiohttp import web

from .events import Client

#: API Gateway's wording of close codes in ``$disconnect`` events.
CLOSE_REASONS = {
    1000: "Connection Closed Normally",
    1001: "Going away",
    1005: "Client-side close frame status not set",
    1006: "Connection was closed abnormally",
    1009: "Message too big",
}

GOING_AWAY = 1001
NO_STATUS = 1005


@dataclass
class Connection:
    """One client WebSocket and the bookkeeping the quotas and the management API need."""

    client: Client
    socket: web.WebSocketResponse
    last_active: float = field(default_factory=time.time)
    #: How many of the client's frames are being handled now (their integration has not returned).
    in_flight: int = 0
    #: Set when the gateway (not the client) closes the connection: ``(code, reason)``.
    closed_by_gateway: tuple[int, str] | None = None

    @property
    def connection_id(self) -> str:
        return self.client.connection_id

    def touch(self) -> None:
        """The client sent a frame: the idle timeout starts again."""
        self.last_active = time.time()

    def close_status(self) -> tuple[int, str]:
        """Code and reason for the ``$disconnect`` event, once the socket is closed."""
        if self.closed_by_gateway is not None:
            return self.closed_by_gateway
        # aiohttp reports a close frame without a status as 0 (RFC 6455 calls it 1005).
        code = int(self.socket.close_code or NO_STATUS)
        return code, CLOSE_REASONS.get(code, "")

    async def send_text(self, text: str) -> bool:
        """Send one text frame; False if the socket is already gone."""
        if self.socket.closed:
            return False
        try:
            await self.socket.send_str(text)
        except (ConnectionError, RuntimeError):
            return False
        return True


class ConnectionRegistry:
    """Open connections by id. All methods run on the gateway's event loop (no locking needed)."""

    def __init__(self) -> None:
        self._open: dict[str, Connection] = {}

    def __len__(self) -> int:
        return len(self._open)

    def add(self, connection: Connection) -> None:
        self._open[connection.connection_id] = connection

    def get(self, connection_id: str) -> Connection | None:
        return self._open.get(connection_id)

    def discard(self, connection: Connection) -> None:
        if self._open.get(connection.connection_id) is connection:
            del self._open[connection.connection_id]

    def close(self, connection: Connection, code: int, reason: str) -> asyncio.Task:
        """Close from the gateway's side: gone for the management API at once, the socket closes in the
        background (the close handshake waits for the client's reply).
        """
        if connection.closed_by_gateway is None:
            connection.closed_by_gateway = (code, reason)
        self.discard(connection)
        return asyncio.ensure_future(connection.socket.close(code=code, message=reason.encode()))

    async def close_all(self, code: int = GOING_AWAY) -> None:
        """Close every connection (server shutdown)."""
        closing = [self.close(c, code, CLOSE_REASONS[code]) for c in list(self._open.values())]
        if closing:
            await asyncio.gather(*closing, return_exceptions=True)
