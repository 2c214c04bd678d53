"""The API Gateway WebSocket API: three routes, one stage throttled for the planned tables, with access logs."""

from __future__ import annotations

import json

import jsii
from aws_cdk import RemovalPolicy, Stack
from aws_cdk import aws_apigateway as apigw
from aws_cdk import aws_apigatewayv2 as apigwv2
from aws_cdk import aws_apigatewayv2_integrations as integrations
from aws_cdk import aws_iam as iam
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_logs as logs
from constructs import Construct

from infra.capacity import Plan
from infra.domain import CustomDomain
from infra.nag import acknowledge

STAGE_NAME = "live"
ROUTE_SELECTION = "$request.body.action"

ACCESS_LOG_FORMAT = {
    "requestId": "$context.requestId",
    "time": "$context.requestTimeEpoch",
    "eventType": "$context.eventType",
    "routeKey": "$context.routeKey",
    "connectionId": "$context.connectionId",
    "status": "$context.status",
    "integrationStatus": "$context.integrationStatus",
    "integrationLatency": "$context.integrationLatency",
    "error": "$context.error.message",
}
"""What an operator needs to follow a connection and a failing route. No source IP: players stay anonymous."""


@jsii.implements(apigwv2.IAccessLogSettings)
class _AccessLogSettings:
    """Access logs as JSON lines in ``log_group`` (CDK types this setting as an interface, not a struct)."""

    def __init__(self, log_group: logs.ILogGroup) -> None:
        self._destination = apigwv2.LogGroupLogDestination(log_group)

    @property
    def destination(self) -> apigwv2.IAccessLogDestination:
        return self._destination

    @property
    def format(self) -> apigw.AccessLogFormat:
        return apigw.AccessLogFormat.custom(json.dumps(ACCESS_LOG_FORMAT))


class RealtimeApi(Construct):
    """WebSocket API routing on the frame's ``action``; :meth:`route_to` wires the three routes to handlers.

    The stage's throttle (every route) comes from the capacity model: twice the frames the planned tables send
    (docs/capacity.md); ``$connect`` has its own, twice every person reconnecting within 30 s. With a custom
    domain the stage is mapped at the root of ``ws.`` + the site's address.
    """

    def __init__(self, scope: Construct, construct_id: str, *, plan: Plan, domain: CustomDomain | None = None) -> None:
        super().__init__(scope, construct_id)
        self._domain = domain
        self.api = apigwv2.WebSocketApi(
            self,
            "Api",
            api_name=Stack.of(self).stack_name,  # two stages' APIs told apart in the console
            description="Deckroom game frames",
            route_selection_expression=ROUTE_SELECTION,
        )
        access_logs = logs.LogGroup(
            self, "AccessLogs", retention=logs.RetentionDays.ONE_MONTH, removal_policy=RemovalPolicy.DESTROY
        )
        self.stage = apigwv2.WebSocketStage(
            self,
            "Stage",
            web_socket_api=self.api,
            stage_name=STAGE_NAME,
            auto_deploy=True,
            throttle=apigwv2.ThrottleSettings(rate_limit=plan.stage_rate_limit, burst_limit=plan.stage_burst_limit),
            access_log_settings=_AccessLogSettings(access_logs),
            domain_mapping=apigwv2.DomainMappingOptions(domain_name=domain.api_domain) if domain else None,
        )
        self.stage.node.add_dependency(self._logging_role())
        # `$connect` gets a throttle of its own (CfnStage RouteSettings; the L2 stage has none): a flood of new
        # connections is refused at its own rate and cannot use up the stage's budget for the game's frames.
        cfn_stage = self.stage.node.default_child
        assert isinstance(cfn_stage, apigwv2.CfnStage)
        cfn_stage.route_settings = {
            "$connect": {
                "ThrottlingRateLimit": plan.connect_rate_limit,
                "ThrottlingBurstLimit": plan.connect_burst_limit,
            }
        }

    @property
    def url(self) -> str:
        """The ``wss://`` URL clients connect to (resolved at deploy time)."""
        return self._domain.websocket_url if self._domain else self.stage.url

    @property
    def origin(self) -> str:
        """The scheme and host of :attr:`url`: what the site's Content-Security-Policy lets it connect to."""
        if self._domain:
            return self._domain.websocket_url
        stack = Stack.of(self)
        # The stage URL is this origin + /live (how CDK builds WebSocketStage.url).
        return f"wss://{self.api.api_id}.execute-api.{stack.region}.{stack.url_suffix}"

    def route_to(
        self, *, connect: lambda_.IFunction, disconnect: lambda_.IFunction, default: lambda_.IFunction
    ) -> None:
        """Send ``$connect``, ``$disconnect`` and every other frame (``$default``) to the given functions."""
        for route_key, function in (("$connect", connect), ("$disconnect", disconnect), ("$default", default)):
            integration_id = route_key.removeprefix("$").capitalize() + "Integration"
            route = self.api.add_route(
                route_key, integration=integrations.WebSocketLambdaIntegration(integration_id, function)
            )
            acknowledge(
                route,
                "AwsSolutions-APIG4",
                "Guests play without accounts: a connection proves who it is in-protocol (player id + secret, "
                "docs/protocol.md), which an API Gateway authorizer could not check.",
            )
            if route_key == "$connect":
                # The stage's route settings name this route: it must exist before the stage is updated.
                self.stage.node.add_dependency(route)

    def _logging_role(self) -> apigw.CfnAccount:
        """API Gateway's account-wide CloudWatch Logs role, which WebSocket access logging requires.

        The setting is per account and region, so the role is retained on ``cdk destroy``: another API in the
        account may rely on it (as CDK's own RestApi does).
        """
        role = iam.Role(
            self,
            "LoggingRole",
            assumed_by=iam.ServicePrincipal("apigateway.amazonaws.com"),
            managed_policies=[
                iam.ManagedPolicy.from_aws_managed_policy_name("service-role/AmazonAPIGatewayPushToCloudWatchLogs")
            ],
        )
        role.apply_removal_policy(RemovalPolicy.RETAIN)
        acknowledge(
            role,
            "AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/"
            "AmazonAPIGatewayPushToCloudWatchLogs]",
            "AmazonAPIGatewayPushToCloudWatchLogs is the policy AWS documents for API Gateway's logging role; "
            "it only writes to CloudWatch Logs.",
        )
        account = apigw.CfnAccount(self, "LoggingAccount", cloud_watch_role_arn=role.role_arn)
        account.apply_removal_policy(RemovalPolicy.RETAIN)
        return account
