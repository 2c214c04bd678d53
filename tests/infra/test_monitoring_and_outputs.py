"""Alarms, log retention, the outputs an operator needs, and an environment-agnostic template."""

from __future__ import annotations

import json

from aws_cdk import Token

from infra.handlers import SPECS
from tests.infra.support import function_ids


def _alarms(synthesis) -> list[dict]:
    return [a["Properties"] for a in synthesis.of_type("AWS::CloudWatch::Alarm").values()]


def test_every_function_has_an_error_alarm_and_a_throttle_alarm(synthesis) -> None:
    functions = function_ids(synthesis.resources)
    watched = {
        (alarm["MetricName"], alarm["Dimensions"][0]["Value"]["Ref"])
        for alarm in _alarms(synthesis)
        if alarm.get("Namespace") == "AWS/Lambda"
    }
    assert watched == {(metric, functions[s.name]) for s in SPECS for metric in ("Errors", "Throttles")}


def test_a_message_in_the_dead_letter_queue_raises_an_alarm(synthesis) -> None:
    queues = synthesis.of_type("AWS::SQS::Queue")
    (dead_id,) = [k for k, q in queues.items() if "RedrivePolicy" not in q["Properties"]]
    (alarm,) = [a for a in _alarms(synthesis) if a.get("Namespace") == "AWS/SQS"]
    assert alarm["MetricName"] == "ApproximateNumberOfMessagesVisible"
    assert alarm["Dimensions"] == [{"Name": "QueueName", "Value": {"Fn::GetAtt": [dead_id, "QueueName"]}}]


def test_alarms_fire_on_the_first_occurrence_and_notify_the_topic(synthesis) -> None:
    (topic_id,) = synthesis.of_type("AWS::SNS::Topic")
    for alarm in _alarms(synthesis):
        assert alarm["Threshold"] == 1
        assert alarm["ComparisonOperator"] == "GreaterThanOrEqualToThreshold"
        assert alarm["TreatMissingData"] == "notBreaching"
        assert alarm["AlarmActions"] == [{"Ref": topic_id}]
        assert alarm["OKActions"] == [{"Ref": topic_id}]


def test_every_log_group_expires(synthesis) -> None:
    log_groups = synthesis.of_type("AWS::Logs::LogGroup").values()
    assert log_groups
    assert {group["Properties"].get("RetentionInDays") for group in log_groups} == {30}


def test_outputs_are_the_site_url_and_the_websocket_url(synthesis) -> None:
    outputs = synthesis.template.to_json()["Outputs"]
    (distribution_id,) = synthesis.of_type("AWS::CloudFront::Distribution")
    (api_id,) = synthesis.of_type("AWS::ApiGatewayV2::Api")
    assert outputs["SiteUrl"]["Value"] == {
        "Fn::Join": ["", ["https://", {"Fn::GetAtt": [distribution_id, "DomainName"]}]]
    }
    websocket = outputs["WebSocketUrl"]["Value"]["Fn::Join"][1]
    assert websocket[0] == "wss://" and websocket[1] == {"Ref": api_id} and websocket[-1] == "/live"


def test_the_template_names_no_account_or_region(synthesis) -> None:
    assert Token.is_unresolved(synthesis.stack.account) and Token.is_unresolved(synthesis.stack.region)
    text = json.dumps(synthesis.template.to_json())
    for region in ("us-east-1", "eu-west-1", "ap-northeast-1"):
        assert region not in text
