"""Log retention, the outputs an operator needs, and an environment-agnostic template."""

from __future__ import annotations

import json

from aws_cdk import Token



def test_every_log_group_expires(synthesis) -> None:
    log_groups = synthesis.of_type("AWS::Logs::LogGroup").values()
    assert log_groups
    assert {group["Properties"].get("RetentionInDays") for group in log_groups} == {30}


def test_outputs_are_the_site_the_websocket_the_topic_and_the_dashboard(synthesis) -> None:
    outputs = synthesis.template.to_json()["Outputs"]
    assert set(outputs) == {"SiteUrl", "WebSocketUrl", "AlarmTopicArn", "DashboardUrl"}
    (distribution_id,) = synthesis.of_type("AWS::CloudFront::Distribution")
    (api_id,) = synthesis.of_type("AWS::ApiGatewayV2::Api")
    assert outputs["SiteUrl"]["Value"] == {
        "Fn::Join": ["", ["https://", {"Fn::GetAtt": [distribution_id, "DomainName"]}]]
    }
    websocket = outputs["WebSocketUrl"]["Value"]["Fn::Join"][1]
    assert websocket[0] == "wss://" and websocket[1] == {"Ref": api_id} and websocket[-1] == "/live"
    (topic_id,) = synthesis.of_type("AWS::SNS::Topic")
    assert outputs["AlarmTopicArn"]["Value"] == {"Ref": topic_id}
    (dashboard_id,) = synthesis.of_type("AWS::CloudWatch::Dashboard")
    dashboard = outputs["DashboardUrl"]["Value"]["Fn::Join"][1]
    assert dashboard[-1] == {"Ref": dashboard_id} and "cloudwatch/home?region=" in dashboard[0]


def test_the_template_names_no_account_or_region(synthesis) -> None:
    assert Token.is_unresolved(synthesis.stack.account) and Token.is_unresolved(synthesis.stack.region)
    text = json.dumps(synthesis.template.to_json())
    for region in ("us-east-1", "eu-west-1", "ap-northeast-1"):
        assert region not in text
