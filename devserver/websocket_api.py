"""The WebSocket side of the emulated API Gateway: ``$connect``, routed messages, quotas, ``$disconnect``.

One coroutine per connection reads frames; each frame becomes its own handler invocation (running alongside
the others, as in AWS, where two frames of one connection may be handled in either order).
"""

from __future__ import annotations

import asyncio
import base64
import json
import logging
import time
from typing import Any

from aiohttp import WSMsgType, web

from .connections import CLOSE_REASONS, GOING_AWAY, Connection, ConnectionRegistry
from .events import Api, Client, connect_event, disconnect_event, message_event, new_id
from .lambda_runtime import LambdaRuntime
from .routing import select_route
from .settings import GatewaySettings

log = logging.getLogger("devserver.gateway")


class WebSocketApi:
    """Accepts WebSocket connections at one path and runs the configured route handlers for them."""

    def __init__(self, settings: GatewaySettings, runtime: LambdaRuntime, registry: ConnectionRegistry) -> None:
        self.settings = settings
        self.runtime = runtime
        self.registry = registry
        self.api = Api(settings.api_id, settings.stage, settings.region, settings.account_id)
        # Message invocations and connection sessions in flight, for `drain`.
        self._tasks: set[asyncio.Task] = set()

    async def handle(self, request: web.Request) -> web.StreamResponse:
        """The ``GET /ws`` upgrade: ask ``$connect``, then serve the socket until it closes."""
        # aiohttp refuses a message of exactly max_msg_size bytes, API Gateway only a larger one: hence the +1.
        # No permessage-deflate: API Gateway does not negotiate it, so frame sizes are what the client sent.
        socket = web.WebSocketResponse(
            max_msg_size=self.settings.max_frame_bytes + 1, compress=False, autoping=True
        )
        if not socket.can_prepare(request).ok:
            return web.json_response({"message": "Upgrade Required"}, status=426)

        client = Client(
            connection_id=new_id(),
            connected_at=time.time(),
            source_ip=request.remote or "127.0.0.1",
            user_agent=request.headers.get("User-Agent"),
            domain_name=request.host,
        )
        refusal = await self._connect(request, client)
        if refusal is not None:
            return refusal

        await socket.prepare(request)
        connection = Connection(client=client, socket=socket)
        self.registry.add(connection)
        watchdog = asyncio.ensure_future(self._enforce_time_limits(connection))
        session = asyncio.current_task()
        self._tasks.add(session)
        try:
            await self._read_frames(connection)
        finally:
            watchdog.cancel()
            self.registry.discard(connection)
            try:
                await self._disconnect(connection)
            finally:
                self._tasks.discard(session)
        return socket

    # --- the three lifecycle steps ------------------------------------------------------------------------

    async def _connect(self, request: web.Request, client: Client) -> web.Response | None:
        """Run ``$connect``; a response refusing the upgrade, or None to accept it."""
        route = self.settings.routes.get("$connect")
        if route is None:
            return None
        headers = list(request.headers.items()) + [
            ("X-Forwarded-For", client.source_ip),
            ("X-Forwarded-Port", str(request.url.port or 80)),
            ("X-Forwarded-Proto", request.scheme),
            ("X-Amzn-Trace-Id", f"Root=1-{int(time.time()):08x}-{new_id()}"),
        ]
        event = connect_event(self.api, client, headers, request.query.items())
        try:
            result = await self._invoke(route, event)
        except Exception:
            log.exception("$connect handler failed (connection %s)", client.connection_id)
            return web.json_response({"message": "Internal server error"}, status=502)
        status = _status_code(result)
        if 200 <= status < 300:
            return None
        log.info("$connect refused connection %s with %s", client.connection_id, status)
        return web.Response(status=status, body=_response_body(result))

    async def _read_frames(self, connection: Connection) -> None:
        async for frame in connection.socket:
            if frame.type is WSMsgType.TEXT:
                connection.touch()
                self._spawn(self._route_message(connection, frame.data, is_base64=False))
            elif frame.type is WSMsgType.BINARY:
                connection.touch()
                body = base64.b64encode(frame.data).decode()
                self._spawn(self._route_message(connection, body, is_base64=True))
            elif frame.type is WSMsgType.ERROR:
                # aiohttp has already closed the socket, e.g. with 1009 for an oversized frame.
                log.info("connection %s closed: %s", connection.connection_id, frame.data)
                code = getattr(frame.data, "code", 1006)
                connection.closed_by_gateway = (int(code), CLOSE_REASONS.get(code, str(frame.data)))

    async def _route_message(self, connection: Connection, body: str, *, is_base64: bool) -> None:
        route_key = select_route(body, self.settings.routes) if not is_base64 else "$default"
        if route_key is None or route_key not in self.settings.routes:
            await self._send_gateway_error(connection, "Forbidden", new_id())
            return
        event = message_event(self.api, connection.client, route_key, body)
        event["isBase64Encoded"] = is_base64
        request_id = event["requestContext"]["requestId"]
        connection.in_flight += 1
        try:
            await asyncio.wait_for(
                self._invoke(self.settings.routes[route_key], event),
                timeout=self.settings.integration_timeout,
            )
        except asyncio.TimeoutError:
            log.error("%s handler timed out (request %s)", route_key, request_id)
            await self._send_gateway_error(connection, "Endpoint request timed out", request_id)
        except Exception:
            log.exception("%s handler failed (request %s)", route_key, request_id)
            await self._send_gateway_error(connection, "Internal server error", request_id)
        finally:
            connection.in_flight -= 1

    async def _disconnect(self, connection: Connection) -> None:
        route = self.settings.routes.get("$disconnect")
        if route is None:
            return
        code, reason = connection.close_status()
        event = disconnect_event(self.api, connection.client, code, reason)
        try:
            await self._invoke(route, event)
        except Exception:
            log.exception("$disconnect handler failed (connection %s)", connection.connection_id)

    # --- helpers ---------------------------------------------------------------------------------------------

    async def _invoke(self, route: str, event: dict) -> Any:
        return await self.runtime.invoke(route, event, timeout=self.settings.integration_timeout)

    async def _send_gateway_error(self, connection: Connection, message: str, request_id: str) -> None:
        """API Gateway's own error frame (the client sees it instead of any handler output)."""
        frame = {"message": message, "connectionId": connection.connection_id, "requestId": request_id}
        await connection.send_text(json.dumps(frame))

    async def _enforce_time_limits(self, connection: Connection) -> None:
        """Close the connection when it has been idle too long or open too long (API Gateway: 1001). A connection
        whose frame is still being handled is not idle: in API Gateway the idle limit (10 minutes) is far beyond an
        integration's 29 s, so a short limit here (a test's) must not close a socket while its request runs."""
        settings = self.settings
        while True:
            idle_from = time.time() if connection.in_flight else connection.last_active
            deadline = min(
                idle_from + settings.idle_timeout,
                connection.client.connected_at + settings.max_lifetime,
            )
            remaining = deadline - time.time()
            if remaining <= 0:
                break
            await asyncio.sleep(remaining)
        log.info("connection %s reached its idle or lifetime limit", connection.connection_id)
        self.registry.close(connection, GOING_AWAY, "Going away")

    def _spawn(self, coroutine: Any) -> None:
        # Keep a reference so the task is not garbage-collected mid-flight.
        task = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def drain(self) -> None:
        """Wait until no invocation is in flight and every closed connection has had its ``$disconnect``.

        The server calls this before it stops serving HTTP, so handlers still running can use the
        management API (and get 410 for the connections that closed).
        """
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)


def _status_code(result: Any) -> int:
    """The status of a Lambda proxy response; a handler returning nothing counts as 200."""
    if isinstance(result, dict) and "statusCode" in result:
        try:
            return int(result["statusCode"])
        except (TypeError, ValueError):
            return 502
    return 200


def _response_body(result: Any) -> bytes:
    body = result.get("body") if isinstance(result, dict) else None
    return body.encode() if isinstance(body, str) else b""
