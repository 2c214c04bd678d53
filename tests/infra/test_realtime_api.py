"""The WebSocket API: routes, integrations, invoke permissions, the stage's throttling and access logs."""

from __future__ import annotations

import json

from aws_cdk.assertions import Match, Template

from infra.capacity import Plan
from infra.realtime_api import STAGE_NAME
from tests.infra.support import function_ids

ROUTE_HANDLERS = {"$connect": "Connect", "$disconnect": "Disconnect", "$default": "Message"}


def test_the_api_is_a_websocket_api_routing_on_the_frames_action(template: Template) -> None:
    template.resource_count_is("AWS::ApiGatewayV2::Api", 1)
    template.has_resource_properties(
        "AWS::ApiGatewayV2::Api",
        {"ProtocolType": "WEBSOCKET", "RouteSelectionExpression": "$request.body.action"},
    )


def test_each_route_invokes_its_handler_through_a_lambda_proxy_integration(synthesis) -> None:
    resources = synthesis.resources
    functions = function_ids(resources)
    routes = synthesis.of_type("AWS::ApiGatewayV2::Route")
    assert sorted(route["Properties"]["RouteKey"] for route in routes.values()) == sorted(ROUTE_HANDLERS)
    for route in routes.values():
        integration_id = route["Properties"]["Target"]["Fn::Join"][1][1]["Ref"]
        integration = resources[integration_id]["Properties"]
        assert integration["IntegrationType"] == "AWS_PROXY"
        uri = json.dumps(integration["IntegrationUri"])
        expected = functions[ROUTE_HANDLERS[route["Properties"]["RouteKey"]]]
        assert f'"{expected}"' in uri, f"{route['Properties']['RouteKey']} is not wired to {expected}"


def test_api_gateway_may_invoke_each_route_function_and_only_from_this_api(synthesis) -> None:
    functions = function_ids(synthesis.resources)
    api_id = next(iter(synthesis.of_type("AWS::ApiGatewayV2::Api")))
    permissions = [
        p["Properties"]
        for p in synthesis.of_type("AWS::Lambda::Permission").values()
        if p["Properties"]["Principal"] == "apigateway.amazonaws.com"
    ]
    invoked = {p["FunctionName"]["Fn::GetAtt"][0] for p in permissions}
    assert invoked == {functions[name] for name in ROUTE_HANDLERS.values()}
    for permission in permissions:
        assert permission["Action"] == "lambda:InvokeFunction"
        assert {"Ref": api_id} in permission["SourceArn"]["Fn::Join"][1]


def test_the_stage_deploys_itself_and_is_throttled_for_the_default_hundred_tables(template: Template) -> None:
    template.has_resource_properties(
        "AWS::ApiGatewayV2::Stage",
        {
            "StageName": STAGE_NAME,
            "AutoDeploy": True,
            "DefaultRouteSettings": {"ThrottlingRateLimit": 50, "ThrottlingBurstLimit": 100},
        },
    )


def test_the_stage_throttle_follows_the_planned_tables(synthesize) -> None:
    (stage,) = synthesize(tables="5000").of_type("AWS::ApiGatewayV2::Stage").values()
    plan = Plan.for_tables(5000)
    assert stage["Properties"]["DefaultRouteSettings"] == {
        "ThrottlingRateLimit": plan.stage_rate_limit, "ThrottlingBurstLimit": plan.stage_burst_limit,
    }
    assert plan.stage_rate_limit > 900  # twice the frames of 5,000 four-person tables


def test_the_stage_writes_json_access_logs_without_player_addresses(synthesis) -> None:
    (stage,) = synthesis.of_type("AWS::ApiGatewayV2::Stage").values()
    settings = stage["Properties"]["AccessLogSettings"]
    log_group_id = settings["DestinationArn"]["Fn::GetAtt"][0]
    assert synthesis.resources[log_group_id]["Type"] == "AWS::Logs::LogGroup"
    fields = json.loads(settings["Format"])
    assert {"requestId", "connectionId", "routeKey", "status", "error"} <= fields.keys()
    assert "sourceIp" not in settings["Format"]


def test_api_gateway_has_the_account_logging_role_websocket_logs_need(synthesis) -> None:
    (account,) = synthesis.of_type("AWS::ApiGateway::Account").values()
    role = synthesis.resources[account["Properties"]["CloudWatchRoleArn"]["Fn::GetAtt"][0]]
    assert role["Properties"]["AssumeRolePolicyDocument"]["Statement"][0]["Principal"] == {
        "Service": "apigateway.amazonaws.com"
    }
    # The setting is account-wide: deleting the stack must not pull the role from under other APIs.
    assert role["DeletionPolicy"] == "Retain"
    synthesis.template.has_resource(
        "AWS::ApiGatewayV2::Stage", {"DependsOn": Match.array_with([Match.string_like_regexp("LoggingAccount")])}
    )


def test_connect_has_a_throttle_of_its_own_apart_from_the_game_frames(synthesis, synthesize) -> None:
    for tables, found in ((100, synthesis), (5000, synthesize(tables="5000"))):
        (stage_id, stage), = found.of_type("AWS::ApiGatewayV2::Stage").items()
        plan = Plan.for_tables(tables)
        assert stage["Properties"]["RouteSettings"] == {"$connect": {
            "ThrottlingRateLimit": plan.connect_rate_limit, "ThrottlingBurstLimit": plan.connect_burst_limit}}
        (connect_id,) = [k for k, r in found.of_type("AWS::ApiGatewayV2::Route").items()
                         if r["Properties"]["RouteKey"] == "$connect"]
        assert connect_id in stage.get("DependsOn", []), "the route must exist before the stage names it"
