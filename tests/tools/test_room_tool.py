"""`python -m tools.room`: a room read through the handlers' storage code and printed decoded, against moto."""

from __future__ import annotations

import json
from collections.abc import Iterator

import boto3
import pytest

from devserver.in_process import InProcessGateway
from functions.settings import settings
from tests.functions.helpers import room_with
from tools import room


@pytest.fixture
def gateway() -> Iterator[InProcessGateway]:
    with InProcessGateway() as in_process:
        yield in_process


def test_it_prints_the_stored_room_decoded(gateway: InProcessGateway, capsys: pytest.CaptureFixture[str]) -> None:
    code, (host, _) = room_with(gateway, ["ゆうき", "みさき"], "color-match")
    gateway.send(host, action="start", room=code)
    table = settings().table_name
    capsys.readouterr()  # the handlers' own log lines
    assert room.main([code, "--table", table]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["code"] == code
    # Expiry is judged by the clock (the in-process server's is its own).
    assert room.read_room(code, table, now=gateway.clock.t)["expired"] is False
    assert [m["name"] for m in shown["room"]["members"]] == ["ゆうき", "みさき"]
    assert shown["room"]["game"]["id"] == "color-match"
    assert shown["version"] == gateway.posts.last(host, "room")["version"]


def test_a_missing_room_and_a_malformed_code_are_told_apart(gateway: InProcessGateway,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert room.main(["1234", "--table", settings().table_name]) == 1
    assert "no room 1234" in capsys.readouterr().err
    with pytest.raises(SystemExit) as bad:
        room.main(["12a4", "--table", settings().table_name])
    assert bad.value.code == 2 and "not a room code" in capsys.readouterr().err


def test_the_stage_names_the_table_through_its_cloudformation_stack(gateway: InProcessGateway) -> None:
    cloudformation = boto3.client("cloudformation")
    template = {"Resources": {"Table": {"Type": "AWS::DynamoDB::Table", "Properties": {
        "TableName": "Deckroom-prod-Table-1", "BillingMode": "PAY_PER_REQUEST",
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}]}}}}
    cloudformation.create_stack(StackName="Deckroom-prod", TemplateBody=json.dumps(template))
    assert room.table_of_stage("prod", cloudformation) == "Deckroom-prod-Table-1"
