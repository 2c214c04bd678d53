"""The sample events parse with Powertools' API Gateway WebSocket models; the client frame models hold the line."""

from __future__ import annotations

import json

import pytest
from aws_lambda_powertools.utilities.parser.models import (
    APIGatewayWebSocketConnectEventModel,
    APIGatewayWebSocketDisconnectEventModel,
    APIGatewayWebSocketMessageEventModel,
    SqsModel,
)

from functions import protocol
from functions.refusal import Refusal
from tests.functions.conftest import load_event


@pytest.mark.parametrize("name, model", [
    ("connect", APIGatewayWebSocketConnectEventModel),
    ("disconnect", APIGatewayWebSocketDisconnectEventModel),
    ("message", APIGatewayWebSocketMessageEventModel),
    ("timer", SqsModel),
])
def test_sample_events_parse_with_powertools_models(name, model):
    parsed = model.model_validate(load_event(name))
    assert parsed is not None


def test_every_action_of_the_protocol_has_a_model_and_is_documented():
    documented = open("docs/protocol.md", encoding="utf-8").read()
    for action in protocol.FRAMES:
        assert f"| `{action}` |" in documented, action


@pytest.mark.parametrize("frame", [
    {"action": "hello", "name": "x" * 17},
    {"action": "hello", "name": "ok", "room": "1234"},
    {"action": "join", "code": 1234},
    {"action": "move", "room": "1234", "version": -1, "move": {}},
    {"action": "move", "room": "1234", "version": True, "move": {}},
    {"action": "remove_cpu", "room": "1234", "seat": 10},
    {"action": "ping", "rid": ""},
])
def test_malformed_frames_are_bad_frames(frame):
    with pytest.raises(Refusal) as err:
        protocol.parse_frame(json.dumps(frame))
    assert err.value.code == "bad_frame"


def test_request_id_is_read_even_from_a_refused_frame():
    assert protocol.request_id('{"action": "nope", "rid": "r9"}') == "r9"
    assert protocol.request_id("not json") is None
