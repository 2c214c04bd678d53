"""$connect, route selection, $disconnect and API Gateway's error frames, with the events handlers receive."""

from __future__ import annotations

import json

import aiohttp
import pytest
from aws_lambda_powertools.utilities.parser.models import (
    APIGatewayWebSocketConnectEventModel,
    APIGatewayWebSocketDisconnectEventModel,
    APIGatewayWebSocketMessageEventModel,
)

from tests.devserver.support import client, gateway, recorded


async def test_connect_event_carries_headers_query_and_context_and_validates() -> None:
    async with gateway() as server, client(server, "?room=4821&tag=a&tag=b") as socket:
        event = await recorded("connect")
        await socket.send_str('{"action": "echo"}')
        await socket.receive_json()

    parsed = APIGatewayWebSocketConnectEventModel.model_validate(event)
    assert parsed.request_context.route_key == "$connect"
    assert event["queryStringParameters"] == {"room": "4821", "tag": "b"}
    assert event["multiValueQueryStringParameters"]["tag"] == ["a", "b"]
    assert event["headers"]["Host"] == f"127.0.0.1:{server.port}"
    assert "Sec-WebSocket-Key" in event["headers"]
    assert event["multiValueHeaders"]["X-Forwarded-Proto"] == ["http"]
    context = event["requestContext"]
    assert context["stage"] == "local" and context["messageDirection"] == "IN"
    assert isinstance(context["connectedAt"], int) and isinstance(context["requestTimeEpoch"], int)


async def test_connect_without_query_string_omits_the_query_fields() -> None:
    async with gateway() as server, client(server):
        event = await recorded("connect")
    assert "queryStringParameters" not in event


@pytest.mark.parametrize("status", [401, 403])
async def test_a_non_2xx_connect_answer_refuses_the_upgrade_with_that_status(status: int) -> None:
    async with gateway() as server:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            async with client(server, f"?refuse={status}"):
                pass
        assert refused.value.status == status
        assert len(server.registry) == 0


async def test_a_failing_connect_handler_refuses_the_upgrade_with_502() -> None:
    async with gateway() as server:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            async with client(server, "?refuse=raise"):
                pass
        assert refused.value.status == 502


async def test_route_selection_uses_the_action_and_falls_back_to_default() -> None:
    async with gateway() as server, client(server) as socket:
        connection_id = (await recorded("connect"))["requestContext"]["connectionId"]
        await socket.send_str('{"action": "ping"}')
        assert await socket.receive_json() == {"route": "ping"}
        for body in ['{"action": "move"}', "not json", '["action"]', '{"action": 7}']:
            await socket.send_str(body)
            assert await socket.receive_json() == {"route": "$default", "body": body}

    ping_event = await recorded("ping")
    message = await recorded("message")
    for event in (ping_event, message):
        APIGatewayWebSocketMessageEventModel.model_validate(event)
        assert event["requestContext"]["connectionId"] == connection_id
        assert event["requestContext"]["eventType"] == "MESSAGE"
        assert event["isBase64Encoded"] is False
    assert ping_event["requestContext"]["routeKey"] == "ping"
    assert message["requestContext"]["messageId"] != ping_event["requestContext"]["messageId"]


async def test_without_a_default_route_an_unmatched_frame_gets_forbidden() -> None:
    from tests.devserver.support import ROUTES

    routes = {key: spec for key, spec in ROUTES.items() if key != "$default"}
    async with gateway(routes=routes) as server, client(server) as socket:
        await socket.send_str('{"action": "move"}')
        error = await socket.receive_json()
    assert error["message"] == "Forbidden"


async def test_a_failing_handler_gets_api_gateways_error_frame_and_the_connection_stays() -> None:
    async with gateway() as server, client(server) as socket:
        connection_id = (await recorded("connect"))["requestContext"]["connectionId"]
        await socket.send_str('{"action": "boom"}')
        error = await socket.receive_json()
        failed = await recorded("message")
        assert error == {
            "message": "Internal server error",
            "connectionId": connection_id,
            "requestId": failed["requestContext"]["requestId"],
        }
        await socket.send_str('{"action": "echo"}')
        assert (await socket.receive_json())["route"] == "$default"


async def test_frames_of_one_connection_are_handled_concurrently() -> None:
    # Each `meet` invocation waits for another one to be running at the same time.
    async with gateway() as server, client(server) as socket:
        await socket.send_str('{"action": "meet"}')
        await socket.send_str('{"action": "meet"}')
        assert [await socket.receive_json(), await socket.receive_json()] == [{"met": True}, {"met": True}]


async def test_client_close_runs_disconnect_with_the_close_code() -> None:
    async with gateway() as server:
        async with client(server) as socket:
            connection_id = (await recorded("connect"))["requestContext"]["connectionId"]
            await socket.close(code=4000, message=b"bye")
        event = await recorded("disconnect")
    parsed = APIGatewayWebSocketDisconnectEventModel.model_validate(event)
    assert parsed.request_context.connection_id == connection_id
    assert parsed.request_context.disconnect_status_code == 4000


async def test_a_normal_close_is_reported_as_1000() -> None:
    async with gateway() as server:
        async with client(server) as socket:
            await socket.close()
        event = await recorded("disconnect")
    assert event["requestContext"]["disconnectStatusCode"] == 1000
    assert event["requestContext"]["disconnectReason"] == "Connection Closed Normally"


async def test_a_plain_get_of_the_websocket_path_is_refused() -> None:
    async with gateway() as server, aiohttp.ClientSession() as session:
        async with session.get(f"http://127.0.0.1:{server.port}/ws") as response:
            assert response.status == 426
            assert json.loads(await response.text())["message"] == "Upgrade Required"
