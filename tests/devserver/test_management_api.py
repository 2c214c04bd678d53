"""POST, GET and DELETE /@connections/{id}, as handlers reach them through boto3."""

from __future__ import annotations

from datetime import datetime
from unittest import mock

import aiohttp
import pytest
from aiohttp import web
from aiohttp.test_utils import make_mocked_request

from devserver.connections import ConnectionRegistry
from devserver.management_api import management_routes
from devserver.settings import GatewaySettings

from tests.devserver.support import client, gateway, recorded


async def _connection_id() -> str:
    return (await recorded("connect"))["requestContext"]["connectionId"]


async def test_post_reaches_another_connection() -> None:
    async with gateway() as server, client(server) as alice, client(server) as bob:
        await _connection_id()
        bob_id = await _connection_id()
        await alice.send_json({"action": "post", "to": bob_id})
        assert await bob.receive_json() == {"hello": True}
        assert await alice.receive_json() == {"status": "ok"}


async def test_post_to_a_closed_or_unknown_connection_is_gone() -> None:
    async with gateway() as server, client(server) as alice:
        await _connection_id()
        async with client(server):
            bob_id = await _connection_id()
        await recorded("disconnect")
        await alice.send_json({"action": "post", "to": bob_id})
        assert await alice.receive_json() == {"status": "GoneException"}
        await alice.send_json({"action": "post", "to": "AAAAAAAAAAAAAAA="})
        assert await alice.receive_json() == {"status": "GoneException"}


async def test_get_describes_the_connection() -> None:
    async with gateway() as server:
        async with aiohttp.ClientSession(headers={"User-Agent": "playtest/1"}) as session:
            async with session.ws_connect(f"{server.websocket_url}") as socket:
                await socket.send_json({"action": "whoami"})
                answer = await socket.receive_json()
    assert answer["identity"] == {"SourceIp": "127.0.0.1", "UserAgent": "playtest/1"}  # as boto3 parses it
    connected = datetime.fromisoformat(answer["connectedAt"])
    assert datetime.fromisoformat(answer["lastActiveAt"]) >= connected


async def test_delete_closes_the_socket_and_runs_disconnect() -> None:
    async with gateway() as server, client(server) as socket:
        connection_id = await _connection_id()
        await socket.send_json({"action": "hang_up"})
        closing = await socket.receive()
        assert closing.type is aiohttp.WSMsgType.CLOSE and closing.data == 1000
        event = await recorded("disconnect")
        assert event["requestContext"]["connectionId"] == connection_id
        assert event["requestContext"]["disconnectStatusCode"] == 1000
        assert len(server.registry) == 0


async def test_the_raw_api_answers_410_with_the_error_type_boto3_reads() -> None:
    async with gateway() as server, aiohttp.ClientSession() as session:
        url = f"http://127.0.0.1:{server.port}/@connections/AAAAAAAAAAAAAAA%3D"
        for method in ("POST", "GET", "DELETE"):
            async with session.request(method, url, data=b"{}") as response:
                assert response.status == 410
                assert response.headers["x-amzn-ErrorType"] == "GoneException"


async def test_a_post_over_128_kib_is_refused_and_nothing_is_sent() -> None:
    async with gateway() as server, client(server) as socket, aiohttp.ClientSession() as session:
        connection_id = await _connection_id()
        url = f"http://127.0.0.1:{server.port}/@connections/{connection_id}"
        async with session.post(url, data=b"x" * (128 * 1024 + 1)) as response:
            assert response.status == 413
            assert response.headers["x-amzn-ErrorType"] == "PayloadTooLargeException"
        async with session.post(url, data=b"x" * (128 * 1024)) as response:
            assert response.status == 200
        assert len(await socket.receive_str()) == 128 * 1024


def _request_from(peer: str, to: str, method: str = "POST") -> "web.Request":
    transport = mock.Mock()
    transport.get_extra_info.side_effect = lambda name, default=None: {
        "peername": (peer, 50000), "sockname": (to, 8000)}.get(name, default)
    return make_mocked_request(method, "/@connections/AAAAAAAAAAAAAAA%3D", transport=transport,
                               match_info={"connection_id": "AAAAAAAAAAAAAAA="})


@pytest.mark.parametrize("peer, to, allowed", [
    ("127.0.0.1", "127.0.0.1", True), ("::1", "::1", True), ("127.0.0.2", "0.0.0.0", True),
    ("192.168.1.20", "192.168.1.20", True),  # this machine through its own network address
    ("192.168.1.31", "192.168.1.20", False),  # a phone on the same Wi-Fi
    ("203.0.113.9", "192.168.1.20", False), ("fe80::1", "fe80::2", False),
])
async def test_the_management_api_answers_only_this_machine(peer: str, to: str, allowed: bool) -> None:
    """With ``HOST=0.0.0.0 make dev`` the phones reach the site and the WebSocket, never another socket's posts."""
    defined = management_routes(ConnectionRegistry(), GatewaySettings(routes={}))
    routes = {(r.method, r.path): r.handler for r in defined}
    for method in ("POST", "GET", "DELETE"):
        response = await routes[(method, "/@connections/{connection_id}")](_request_from(peer, to, method))
        if allowed:
            assert response.status == 410  # past the guard: no such connection
        else:
            assert response.status == 403 and response.headers["x-amzn-ErrorType"] == "ForbiddenException"
