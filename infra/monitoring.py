"""Alarms that reach a person through one SNS topic, and the dashboard an operator watches.

The topic's policy is written whole by SNS when it has one: ``enforce_ssl`` writes a Deny for plain HTTP, and a
policy with only a Deny lets nobody publish. So CloudWatch is allowed explicitly, for this stack's alarms only
(``aws:SourceArn`` is the alarm's ARN); a budget adds its own statement (``infra/budget.py``).
The README ("Deploy to AWS") shows how to check delivery with ``aws cloudwatch set-alarm-state``; what each alarm
means and what to do is in docs/operations.md, as are the saved Logs Insights queries (``QUERIES``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from aws_cdk import Duration, Stack
from aws_cdk import aws_apigatewayv2 as apigwv2
from aws_cdk import aws_cloudwatch as cloudwatch
from aws_cdk import aws_cloudwatch_actions as actions
from aws_cdk import aws_dynamodb as dynamodb
from aws_cdk import aws_iam as iam
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_logs as logs
from aws_cdk import aws_sns as sns
from aws_cdk import aws_sns_subscriptions as subscriptions
from aws_cdk import aws_sqs as sqs
from constructs import Construct

from infra import app_metrics
from infra.capacity import LAMBDA_CONCURRENCY, NEW_CONNECTIONS, Plan
from infra.nag import acknowledge

PERIOD = Duration.minutes(5)
MINUTE = Duration.minutes(1)
NEAR_QUOTA = 0.8
"""Capacity alarms fire at this share of the quota the plan needs (docs/capacity.md)."""
TABLE_OPERATIONS = (dynamodb.Operation.GET_ITEM, dynamodb.Operation.PUT_ITEM, dynamodb.Operation.UPDATE_ITEM,
                    dynamodb.Operation.DELETE_ITEM)
MESSAGE_P99_MS = 3_000
"""The Message function's p99 duration (five minutes) above which frames feel slow: a frame takes tens of
milliseconds (docs/performance.md); seconds mean DynamoDB or the posts are slow, or the CPU search is."""
SYSTEM_ERRORS = 5
"""DynamoDB's own 500s in five minutes before the alarm: the SDK retries each one, so a single one costs a player
nothing; several mean DynamoDB is in trouble in this Region."""


ROOM_PLACEHOLDER = "0000"
"""The room code in the saved "room-story" query: replace it with the room's before running it."""

QUERIES: dict[str, logs.QueryString] = {
    # Powertools' JSON lines (functions/observability.py, functions/gateway.py): "refused" with the refusal's code.
    "refusals-by-code": logs.QueryString(
        filter_statements=['message = "refused"'],
        stats_statements=["count(*) as refusals by code"],
        sort="refusals desc",
    ),
    # logger.exception in the transport and the timer handler (level ERROR), and Lambda's own timeout lines.
    "faults": logs.QueryString(
        fields=["@timestamp", "function_name", "message", "room", "action", "correlation_id", "exception_name",
                "exception", "@message"],
        filter_statements=['level = "ERROR" or @message like /Task timed out/'],
        sort="@timestamp desc",
        limit=100,
    ),
    # Lambda's REPORT line of each invocation: a Message invocation is one frame (mostly moves), a Timer one a
    # CPU turn or a deadline. Find what it did with its request id in "room-story" (function_request_id).
    "slowest-invocations": logs.QueryString(
        fields=["@timestamp", "@log", "@requestId", "@duration", "@initDuration", "@maxMemoryUsed"],
        filter_statements=['@type = "REPORT"'],
        sort="@duration desc",
        limit=50,
    ),
    # Every line of one room (the use case appends its code: functions/actions/acting.py), in order.
    "room-story": logs.QueryString(
        fields=["@timestamp", "function_name", "function_request_id", "action", "message", "code", "found",
                "version", "correlation_id"],
        filter_statements=[f'room = "{ROOM_PLACEHOLDER}"'],
        sort="@timestamp asc",
        limit=1000,
    ),
    # Timer messages that could not do their work: put back, dropped, failed (docs/operations.md, "A stuck room").
    "timer-trouble": logs.QueryString(
        filter_statements=['message like /^timer /'],
        stats_statements=["count(*) as times, latest(@timestamp) as last by room, message"],
        sort="last desc",
    ),
}


@dataclass(frozen=True)
class Watched:
    """What the stack's alarms and dashboard look at."""

    functions: Mapping[str, lambda_.Function]
    dead_letters: sqs.IQueue
    timer_queue: sqs.IQueue
    stage: apigwv2.WebSocketStage
    table: dynamodb.ITable


class Monitoring(Construct):
    """The alarm topic, one alarm per signal, and a dashboard, all named after the stack (``Deckroom-prod-…``).

    Faults, failing integrations and throttles fire on the first occurrence in five minutes and clear by
    themselves: a game site has no background error rate, so one is a bug or an overload someone saw. Capacity
    alarms fire at 80 % of the quota the capacity model says the stack's size needs. ``alarm_email`` subscribes
    an address (it must confirm the subscription from the mail AWS sends).
    """

    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        stage: str,
        plan: Plan,
        watched: Watched,
        alarm_email: str | None = None,
    ) -> None:
        super().__init__(scope, construct_id)
        self._prefix = Stack.of(self).stack_name
        self._stage = stage
        self.topic = sns.Topic(self, "Alarms", display_name=f"{self._prefix} alarms", enforce_ssl=True)
        acknowledge(
            self.topic,
            "AwsSolutions-SNS2",
            "Alarm notices carry only alarm names and states. CloudWatch cannot publish to a topic under the "
            "AWS-managed SNS key, and a customer key would cost more than the stack at rest.",
        )
        self._allow_cloudwatch()
        if alarm_email:
            self.topic.add_subscription(subscriptions.EmailSubscription(alarm_email))
        self.alarms: list[cloudwatch.Alarm] = []
        self._function_alarms(watched.functions)
        self._alarm("Faults", app_metrics.metric(stage, app_metrics.FAULTS, PERIOD), 1,
                    "a function caught an unexpected error (a frame answered 'internal', or a timer failed)")
        self._alarm(
            "TimerDeadLetters",
            watched.dead_letters.metric_approximate_number_of_messages_visible(period=PERIOD, statistic="Maximum"),
            1, "a timer message failed repeatedly and was parked in the dead-letter queue",
        )
        self._alarm(
            "TimerBacklog",
            watched.timer_queue.metric_approximate_number_of_messages_visible(period=MINUTE, statistic="Maximum"),
            max(10, plan.tables),
            f"due timer messages are waiting to be handled (about one per planned table, {plan.tables:,}): the "
            f"Timer function is behind (its event source runs at most {plan.timer_concurrency:,} at once), "
            "throttled or failing, and CPU seats wait",
        )
        self._alarm(
            "MessageP99Duration",
            watched.functions["Message"].metric_duration(period=PERIOD, statistic="p99"),
            MESSAGE_P99_MS,
            f"one frame in a hundred took the Message function more than {MESSAGE_P99_MS / 1000:g} s: players wait",
        )
        self._api_alarms(watched.stage, plan)
        self._table_alarms(watched.table)
        self._alarm(
            "LambdaConcurrencyNearQuota",
            cloudwatch.Metric(namespace="AWS/Lambda", metric_name="ConcurrentExecutions", statistic="Maximum",
                              period=MINUTE),
            round(NEAR_QUOTA * plan.quota_for(LAMBDA_CONCURRENCY)),
            f"the account's concurrent Lambda executions neared the {plan.quota_for(LAMBDA_CONCURRENCY):,} the "
            f"plan for {plan.tables:,} tables needs (docs/capacity.md)",
        )
        self.dashboard = self._dashboard(watched, plan)
        log_groups = [function.log_group for function in watched.functions.values()]
        self.queries = [
            logs.QueryDefinition(self, f"Query{name.title().replace('-', '')}",
                                 query_definition_name=f"{self._prefix}/{name}", query_string=query,
                                 log_groups=log_groups)
            for name, query in QUERIES.items()
        ]

    def _allow_cloudwatch(self) -> None:
        stack = Stack.of(self)
        self.topic.add_to_resource_policy(
            iam.PolicyStatement(
                sid="CloudWatchAlarmsOfThisStack",
                principals=[iam.ServicePrincipal("cloudwatch.amazonaws.com")],
                actions=["sns:Publish"],
                resources=[self.topic.topic_arn],
                conditions={
                    "ArnLike": {
                        "aws:SourceArn": f"arn:{stack.partition}:cloudwatch:{stack.region}:{stack.account}:alarm:"
                                         f"{self._prefix}-*"
                    },
                    "StringEquals": {"aws:SourceAccount": stack.account},
                },
            )
        )

    def _function_alarms(self, functions: Mapping[str, lambda_.Function]) -> None:
        for name, function in functions.items():
            self._alarm(f"{name}Errors", function.metric_errors(period=PERIOD), 1,
                        f"the {name} function failed (an error escaped the handler, or it timed out)")
            self._alarm(f"{name}Throttles", function.metric_throttles(period=PERIOD), 1,
                        f"the {name} function was throttled (concurrency quota reached)")

    def _api_alarms(self, stage: apigwv2.WebSocketStage, plan: Plan) -> None:
        self._alarm("ApiExecutionErrors", stage.metric("ExecutionError", statistic="Sum", period=PERIOD), 1,
                    "API Gateway failed to call a function (players got a 5xx)")
        self._alarm("ApiIntegrationErrors", stage.metric("IntegrationError", statistic="Sum", period=PERIOD), 1,
                    "a function answered API Gateway with an error or timed out")
        self._alarm(
            "ApiThrottledFrames", stage.metric("ClientError", statistic="Sum", period=PERIOD), 1,
            f"API Gateway refused frames before any function ran, mostly the stage throttle "
            f"({plan.stage_rate_limit:,}/s for {plan.tables:,} tables): more play than planned, or a flood",
        )
        quota = plan.quota_for(NEW_CONNECTIONS)
        self._alarm(
            "NewConnectionsNearQuota",
            stage.metric("ConnectCount", statistic="Sum", period=MINUTE),
            round(NEAR_QUOTA * quota * MINUTE.to_seconds()),
            f"new WebSocket connections neared the account's {quota:,}/s the plan needs (docs/capacity.md)",
        )

    def _table_alarms(self, table: dynamodb.ITable) -> None:
        for kind in ("Read", "Write"):
            self._alarm(f"Table{kind}Throttles", table.metric(f"{kind}ThrottleEvents", statistic="Sum", period=PERIOD),
                        1, f"DynamoDB throttled {kind.lower()}s of the table")
        self._alarm(
            "TableSystemErrors",
            table.metric_system_errors_for_operations(operations=list(TABLE_OPERATIONS), period=PERIOD),
            SYSTEM_ERRORS, "DynamoDB answered with its own errors (HTTP 500) several times",
        )

    def _alarm(self, construct_id: str, metric: cloudwatch.IMetric, threshold: float, what: str) -> None:
        alarm = cloudwatch.Alarm(
            self,
            construct_id,
            alarm_name=f"{self._prefix}-{construct_id}",
            metric=metric,
            threshold=threshold,
            evaluation_periods=1,
            comparison_operator=cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
            treat_missing_data=cloudwatch.TreatMissingData.NOT_BREACHING,
            alarm_description=f"{self._prefix}: {what}.",
        )
        alarm.add_alarm_action(actions.SnsAction(self.topic))
        alarm.add_ok_action(actions.SnsAction(self.topic))
        self.alarms.append(alarm)

    def _dashboard(self, watched: Watched, plan: Plan) -> cloudwatch.Dashboard:
        stage, table, stage_name = watched.stage, watched.table, self._stage
        message, timer = watched.functions["Message"], watched.functions["Timer"]

        def graph(title: str, left: list[cloudwatch.IMetric], **options: object) -> cloudwatch.GraphWidget:
            return cloudwatch.GraphWidget(title=title, left=left, width=8, height=6, **options)

        def app(name: str, label: str) -> cloudwatch.Metric:
            return app_metrics.metric(stage_name, name, MINUTE, label)

        def api(name: str, label: str, statistic: str = "Sum") -> cloudwatch.Metric:
            return stage.metric(name, statistic=statistic, period=MINUTE, label=label)

        per_minute_limit = cloudwatch.HorizontalAnnotation(
            value=plan.stage_rate_limit * MINUTE.to_seconds(), label="stage throttle per minute"
        )
        return cloudwatch.Dashboard(
            self,
            "Dashboard",
            dashboard_name=self._prefix,
            default_interval=Duration.hours(3),
            widgets=[
                [
                    graph("Connections per minute", [
                        api("ConnectCount", "new connections"),
                        watched.functions["Disconnect"].metric_invocations(period=MINUTE, label="disconnections"),
                    ]),
                    graph("Frames per minute", [
                        message.metric_invocations(period=MINUTE, label="frames in"),
                        api("MessageCount", "messages in and out"),
                        api("ClientError", "refused by API Gateway (throttle)"),
                    ], left_annotations=[per_minute_limit]),
                    graph("Play per minute", [
                        app(app_metrics.MOVES, "moves"),
                        app(app_metrics.GAMES_STARTED, "games started"),
                        app(app_metrics.GAMES_FINISHED, "games finished"),
                    ]),
                ],
                [
                    graph("Faults and refusals per minute", [
                        app(app_metrics.FAULTS, "faults"),
                        *(f.metric_errors(period=MINUTE, label=f"{name} errors")
                          for name, f in watched.functions.items()),
                        app(app_metrics.CONFLICTS, "lost races (retried)"),
                    ], right=[app_metrics.refusals_by_code(stage_name, MINUTE)]),
                    graph("Latency (ms)", [
                        api("IntegrationLatency", "frame to answer p50", "p50"),
                        api("IntegrationLatency", "frame to answer p99", "p99"),
                        message.metric_duration(period=MINUTE, statistic="p99", label="Message p99"),
                        timer.metric_duration(period=MINUTE, statistic="p99", label="Timer p99"),
                    ]),
                    graph("Timers", [
                        watched.dead_letters.metric_approximate_number_of_messages_visible(
                            period=MINUTE, statistic="Maximum", label="dead letters"),
                        watched.timer_queue.metric_approximate_number_of_messages_visible(
                            period=MINUTE, statistic="Maximum", label="due timers waiting"),
                        timer.metric_invocations(period=MINUTE, label="timer invocations"),
                    ]),
                ],
                [
                    graph("Lambda concurrency (account)", [
                        cloudwatch.Metric(namespace="AWS/Lambda", metric_name="ConcurrentExecutions",
                                          statistic="Maximum", period=MINUTE, label="concurrent executions"),
                    ], left_annotations=[cloudwatch.HorizontalAnnotation(
                        value=plan.lambda_concurrency, label=f"planned for {plan.tables:,} tables")]),
                    graph("DynamoDB units per minute", [
                        table.metric_consumed_read_capacity_units(period=MINUTE, label="read units"),
                        table.metric_consumed_write_capacity_units(period=MINUTE, label="write units"),
                    ], right=[
                        table.metric("ReadThrottleEvents", statistic="Sum", period=MINUTE, label="read throttles"),
                        table.metric("WriteThrottleEvents", statistic="Sum", period=MINUTE, label="write throttles"),
                    ]),
                    cloudwatch.AlarmStatusWidget(title="Alarms", alarms=self.alarms, width=8, height=6),
                ],
            ],
        )
