"""API Gateway's quotas: 32 KB frames, the idle timeout and the connection lifetime (here in seconds)."""

from __future__ import annotations

import aiohttp

from tests.devserver.support import client, gateway, recorded

FRAME_LIMIT = 32 * 1024


async def test_a_frame_at_the_limit_passes() -> None:
    body = '{"action": "echo", "pad": "' + "x" * (FRAME_LIMIT - 29) + '"}'
    assert len(body) == FRAME_LIMIT
    async with gateway() as server, client(server) as socket:
        await socket.send_str(body)
        assert (await socket.receive_json())["body"] == body


async def test_a_larger_frame_closes_the_connection_with_1009() -> None:
    async with gateway() as server, client(server) as socket:
        await socket.send_str("x" * (FRAME_LIMIT + 1))
        closing = await socket.receive()
        assert closing.type is aiohttp.WSMsgType.CLOSE and closing.data == 1009
        event = await recorded("disconnect")
    assert event["requestContext"]["disconnectStatusCode"] == 1009
    assert event["requestContext"]["disconnectReason"] == "Message too big"


async def test_an_idle_connection_is_closed_with_1001() -> None:
    async with gateway(idle_timeout=0.5) as server, client(server) as socket:
        closing = await socket.receive()
        assert closing.type is aiohttp.WSMsgType.CLOSE and closing.data == 1001
        event = await recorded("disconnect")
    assert event["requestContext"]["disconnectStatusCode"] == 1001
    assert event["requestContext"]["disconnectReason"] == "Going away"


async def test_a_client_frame_restarts_the_idle_clock() -> None:
    async with gateway() as server, client(server) as socket:
        await socket.send_json({"action": "whoami"})
        first = await socket.receive_json()
        await socket.send_json({"action": "whoami"})
        second = await socket.receive_json()
    assert second["lastActiveAt"] > first["lastActiveAt"]
    assert second["connectedAt"] == first["connectedAt"]


async def test_a_busy_connection_still_ends_at_the_lifetime_limit() -> None:
    async with gateway(max_lifetime=0.5) as server, client(server) as socket:
        while True:  # keep talking: only the lifetime limit can end this loop
            await socket.send_json({"action": "echo"})
            answer = await socket.receive()
            if answer.type is not aiohttp.WSMsgType.TEXT:
                break
        assert answer.type is aiohttp.WSMsgType.CLOSE and answer.data == 1001
        assert (await recorded("disconnect"))["requestContext"]["disconnectStatusCode"] == 1001


async def test_a_client_can_reconnect_after_a_timeout_and_gets_a_new_connection_id() -> None:
    async with gateway(idle_timeout=0.5) as server:
        async with client(server) as socket:
            first_id = (await recorded("connect"))["requestContext"]["connectionId"]
            assert (await socket.receive()).type is aiohttp.WSMsgType.CLOSE
        async with client(server) as socket:
            second_id = (await recorded("connect"))["requestContext"]["connectionId"]
            await socket.send_json({"action": "echo"})
            assert (await socket.receive_json())["route"] == "$default"
    assert first_id != second_id
