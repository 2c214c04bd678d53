"""The API Gateway management API: ``POST``, ``GET`` and ``DELETE /@connections/{connectionId}``.

Handlers reach it through boto3's ``apigatewaymanagementapi`` client with ``endpoint_url`` set to the gateway's
base URL; boto3 signs the requests, and the emulation ignores the signature. Errors carry the
``x-amzn-ErrorType`` header boto3 reads, so handlers see ``GoneException`` exactly as in AWS.

In AWS only holders of IAM credentials reach this API. Here the signature is not checked, so it answers only
requests from this machine itself (``from_this_machine``): with ``HOST=0.0.0.0 make dev`` a phone on the same
network reaches the site and the WebSocket, never another socket's posts (403 ``ForbiddenException``).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Awaitable, Callable
from datetime import datetime, timezone

from aiohttp import web

from .connections import Connection, ConnectionRegistry
from .settings import GatewaySettings

PATH = "/@connections/{connection_id}"


def management_routes(registry: ConnectionRegistry, settings: GatewaySettings) -> list[web.RouteDef]:
    """The three routes, bound to the registry of open connections."""

    def open_connection(request: web.Request) -> Connection | None:
        return registry.get(request.match_info["connection_id"])

    async def post_to_connection(request: web.Request) -> web.Response:
        data = await request.read()
        if len(data) > settings.max_post_bytes:
            return _error(413, "PayloadTooLargeException", "Request entity too large")
        connection = open_connection(request)
        if connection is None:
            return _gone()
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            return _error(400, "BadRequestException", "Data must be UTF-8 text")
        if not await connection.send_text(text):
            return _gone()
        return web.Response(status=200)

    async def get_connection(request: web.Request) -> web.Response:
        connection = open_connection(request)
        if connection is None:
            return _gone()
        client = connection.client
        identity = {"sourceIp": client.source_ip}
        if client.user_agent is not None:
            identity["userAgent"] = client.user_agent
        return web.json_response(
            {
                "connectedAt": _iso(client.connected_at),
                "identity": identity,
                "lastActiveAt": _iso(connection.last_active),
            }
        )

    async def delete_connection(request: web.Request) -> web.Response:
        connection = open_connection(request)
        if connection is None:
            return _gone()
        registry.close(connection, 1000, "Connection Closed Normally")
        return web.Response(status=204)

    return [
        web.post(PATH, _this_machine_only(post_to_connection)),
        web.get(PATH, _this_machine_only(get_connection)),
        web.delete(PATH, _this_machine_only(delete_connection)),
    ]


Handler = Callable[[web.Request], Awaitable[web.Response]]


def _this_machine_only(handler: Handler) -> Handler:
    async def guarded(request: web.Request) -> web.Response:
        if not from_this_machine(request):
            return _error(403, "ForbiddenException", "Forbidden")
        return await handler(request)

    return guarded


def from_this_machine(request: web.Request) -> bool:
    """Whether ``request`` comes from this machine: a loopback address, or the very address it was sent to (this
    machine reaching itself through its network address, as handlers do when the server is bound to one)."""
    peer = request.remote or ""
    sockname = request.transport.get_extra_info("sockname") if request.transport is not None else None
    try:
        if ipaddress.ip_address(peer.split("%")[0]).is_loopback:
            return True
    except ValueError:
        return False
    return bool(sockname) and peer == sockname[0]


def _error(status: int, error_type: str, message: str | None) -> web.Response:
    return web.json_response({"message": message}, status=status, headers={"x-amzn-ErrorType": error_type})


def _gone() -> web.Response:
    """410: the connection is closed, closing, or never existed (API Gateway does not tell them apart)."""
    return _error(410, "GoneException", None)


def _iso(seconds: float) -> str:
    """The management API's timestamp format (ISO 8601, milliseconds, UTC)."""
    moment = datetime.fromtimestamp(seconds, tz=timezone.utc)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"
