"""Alarms that reach a person: the topic lets CloudWatch (this stack's alarms only) publish next to its SSL-only
rule, and every alarm watches what an operator must hear about — faults counted apart from refusals, Lambda
errors and throttles, API Gateway failures and throttling, DynamoDB throttles and errors, the dead-letter queue,
and the quotas the capacity plan leans on."""

from __future__ import annotations

import json

import pytest

from infra import app_metrics
from infra.capacity import LAMBDA_CONCURRENCY, NEW_CONNECTIONS, Plan
from infra.handlers import SPECS
from tests.infra.support import function_ids


def _alarms(synthesis) -> dict[str, dict]:
    """Alarm name → properties."""
    return {a["Properties"]["AlarmName"]: a["Properties"] for a in synthesis.of_type("AWS::CloudWatch::Alarm").values()}


def _topic_statements(synthesis) -> list[dict]:
    (topic_id,) = synthesis.of_type("AWS::SNS::Topic")
    (policy,) = synthesis.of_type("AWS::SNS::TopicPolicy").values()
    assert policy["Properties"]["Topics"] == [{"Ref": topic_id}]
    return policy["Properties"]["PolicyDocument"]["Statement"]


def _joined(value: dict) -> str:
    """A ``Fn::Join`` of strings and pseudo parameters, as text: ``arn:${AWS::Partition}:…``."""
    return "".join(part if isinstance(part, str) else "${" + part["Ref"] + "}" for part in value["Fn::Join"][1])


def test_cloudwatch_may_publish_to_the_topic_for_this_stacks_alarms_only(synthesis) -> None:
    (topic_id,) = synthesis.of_type("AWS::SNS::Topic")
    statements = _topic_statements(synthesis)
    (allow,) = [s for s in statements if s.get("Principal") == {"Service": "cloudwatch.amazonaws.com"}]
    assert allow["Effect"] == "Allow"
    assert allow["Action"] == "sns:Publish"
    assert allow["Resource"] == {"Ref": topic_id}
    assert _joined(allow["Condition"]["ArnLike"]["aws:SourceArn"]) == (
        "arn:${AWS::Partition}:cloudwatch:${AWS::Region}:${AWS::AccountId}:alarm:Deckroom-dev-*"
    )
    assert allow["Condition"]["StringEquals"] == {"aws:SourceAccount": {"Ref": "AWS::AccountId"}}


def test_every_alarm_name_is_covered_by_the_topics_source_arn(synthesis) -> None:
    assert _alarms(synthesis)
    assert all(name.startswith("Deckroom-dev-") for name in _alarms(synthesis))


def test_the_topic_still_refuses_plain_http_and_allows_nothing_else(synthesis) -> None:
    statements = _topic_statements(synthesis)
    (deny,) = [s for s in statements if s["Effect"] == "Deny"]
    assert deny["Principal"] == "*" and deny["Condition"] == {"Bool": {"aws:SecureTransport": "false"}}
    assert [s["Principal"] for s in statements if s["Effect"] == "Allow"] == [
        {"Service": "cloudwatch.amazonaws.com"}  # budgets.amazonaws.com only with a budget (test_budget.py)
    ]


def test_every_alarm_notifies_the_topic_when_it_fires_and_when_it_clears(synthesis) -> None:
    (topic_id,) = synthesis.of_type("AWS::SNS::Topic")
    for name, alarm in _alarms(synthesis).items():
        assert alarm["AlarmActions"] == [{"Ref": topic_id}], name
        assert alarm["OKActions"] == [{"Ref": topic_id}], name
        assert alarm["ComparisonOperator"] == "GreaterThanOrEqualToThreshold", name
        assert alarm["TreatMissingData"] == "notBreaching", name
        assert alarm["AlarmDescription"].startswith("Deckroom-dev: "), name


def test_faults_alarm_on_the_first_one_in_the_stages_namespace(synthesis) -> None:
    faults = _alarms(synthesis)["Deckroom-dev-Faults"]
    assert (faults["Namespace"], faults["MetricName"]) == ("Deckroom/dev", "Faults")
    assert faults["Dimensions"] == [{"Name": "service", "Value": "deckroom"}]
    assert (faults["Statistic"], faults["Period"], faults["Threshold"]) == ("Sum", 300, 1)


def test_the_metric_contract_the_functions_emit_to(synthesis) -> None:
    """What ``functions/`` must emit for the Faults alarm and the dashboard to see it (infra/app_metrics.py)."""
    environment = next(iter(synthesis.of_type("AWS::Lambda::Function").values()))["Properties"]["Environment"]
    assert environment["Variables"]["POWERTOOLS_METRICS_NAMESPACE"] == app_metrics.namespace("dev") == "Deckroom/dev"
    assert environment["Variables"]["POWERTOOLS_SERVICE_NAME"] == app_metrics.SERVICE_NAME == "deckroom"
    assert (app_metrics.FAULTS, app_metrics.REFUSALS, app_metrics.REFUSAL_CODE_DIMENSION) == (
        "Faults", "Refusals", "code")


def test_every_function_has_an_error_alarm_and_a_throttle_alarm(synthesis) -> None:
    functions = function_ids(synthesis.resources)
    watched = {
        (alarm["MetricName"], alarm["Dimensions"][0]["Value"]["Ref"])
        for alarm in _alarms(synthesis).values()
        if alarm.get("Namespace") == "AWS/Lambda" and alarm.get("Dimensions")
        and alarm["MetricName"] in ("Errors", "Throttles")
    }
    assert watched == {(metric, functions[s.name]) for s in SPECS for metric in ("Errors", "Throttles")}
    assert all(_alarms(synthesis)[f"Deckroom-dev-{s.name}{m}"]["Threshold"] == 1
               for s in SPECS for m in ("Errors", "Throttles"))


@pytest.mark.parametrize("metric", ["ExecutionError", "IntegrationError", "ClientError"])
def test_api_gateway_failures_and_throttled_frames_alarm_on_the_first(synthesis, metric: str) -> None:
    (api_id,) = synthesis.of_type("AWS::ApiGatewayV2::Api")
    (alarm,) = [a for a in _alarms(synthesis).values() if a.get("MetricName") == metric]
    assert alarm["Namespace"] == "AWS/ApiGateway"
    assert alarm["Dimensions"] == [{"Name": "ApiId", "Value": {"Ref": api_id}}, {"Name": "Stage", "Value": "live"}]
    assert (alarm["Statistic"], alarm["Threshold"]) == ("Sum", 1)


def test_new_connections_alarm_near_the_quota_the_plan_needs(synthesis) -> None:
    alarm = _alarms(synthesis)["Deckroom-dev-NewConnectionsNearQuota"]
    assert (alarm["MetricName"], alarm["Statistic"], alarm["Period"]) == ("ConnectCount", "Sum", 60)
    assert alarm["Threshold"] == 0.8 * NEW_CONNECTIONS.default * 60


def test_lambda_concurrency_alarm_near_the_quota_the_plan_needs(synthesize) -> None:
    for tables in (100, 10_000):
        alarm = _alarms(synthesize(tables=str(tables)))["Deckroom-dev-LambdaConcurrencyNearQuota"]
        assert (alarm["Namespace"], alarm["MetricName"], alarm["Statistic"]) == (
            "AWS/Lambda", "ConcurrentExecutions", "Maximum")
        assert alarm["Threshold"] == round(0.8 * Plan.for_tables(tables).quota_for(LAMBDA_CONCURRENCY))
    assert Plan.for_tables(10_000).quota_for(LAMBDA_CONCURRENCY) > LAMBDA_CONCURRENCY.default


@pytest.mark.parametrize("metric", ["ReadThrottleEvents", "WriteThrottleEvents"])
def test_dynamodb_throttles_alarm_on_the_first(synthesis, metric: str) -> None:
    (table_id,) = synthesis.of_type("AWS::DynamoDB::Table")
    (alarm,) = [a for a in _alarms(synthesis).values() if a.get("MetricName") == metric]
    assert alarm["Namespace"] == "AWS/DynamoDB"
    assert alarm["Dimensions"] == [{"Name": "TableName", "Value": {"Ref": table_id}}]
    assert alarm["Threshold"] == 1


def test_dynamodb_system_errors_of_every_operation_the_functions_use(synthesis) -> None:
    alarm = _alarms(synthesis)["Deckroom-dev-TableSystemErrors"]
    metrics = [m["MetricStat"]["Metric"] for m in alarm["Metrics"] if "MetricStat" in m]
    assert {m["MetricName"] for m in metrics} == {"SystemErrors"}
    operations = {d["Value"] for m in metrics for d in m["Dimensions"] if d["Name"] == "Operation"}
    used = {action for s in SPECS for action in s.table_actions}
    assert used <= operations
    assert alarm["Threshold"] > 1  # the SDK retries each one


def test_a_message_in_the_dead_letter_queue_raises_an_alarm(synthesis) -> None:
    queues = synthesis.of_type("AWS::SQS::Queue")
    (dead_id,) = [k for k, q in queues.items() if "RedrivePolicy" not in q["Properties"]]
    alarm = _alarms(synthesis)["Deckroom-dev-TimerDeadLetters"]
    assert alarm["MetricName"] == "ApproximateNumberOfMessagesVisible"
    assert alarm["Dimensions"] == [{"Name": "QueueName", "Value": {"Fn::GetAtt": [dead_id, "QueueName"]}}]
    assert alarm["Threshold"] == 1


def test_an_alarm_email_subscribes_to_the_topic(synthesize) -> None:
    (subscription,) = synthesize(alarmEmail="ops@example.com").of_type("AWS::SNS::Subscription").values()
    assert subscription["Properties"]["Protocol"] == "email"
    assert subscription["Properties"]["Endpoint"] == "ops@example.com"


def test_due_timers_piling_up_in_the_timer_queue_raise_an_alarm(synthesis) -> None:
    queues = synthesis.of_type("AWS::SQS::Queue")
    (timer_id,) = [k for k, q in queues.items() if "RedrivePolicy" in q["Properties"]]
    alarm = _alarms(synthesis)["Deckroom-dev-TimerBacklog"]
    assert alarm["MetricName"] == "ApproximateNumberOfMessagesVisible" and alarm["Statistic"] == "Maximum"
    assert alarm["Dimensions"] == [{"Name": "QueueName", "Value": {"Fn::GetAtt": [timer_id, "QueueName"]}}]
    assert alarm["Threshold"] == 100  # one per planned table


def test_slow_frames_raise_an_alarm_on_the_message_functions_p99(synthesis) -> None:
    alarm = _alarms(synthesis)["Deckroom-dev-MessageP99Duration"]
    message_id = function_ids(synthesis.resources)["Message"]
    assert alarm["MetricName"] == "Duration" and alarm["ExtendedStatistic"] == "p99"
    assert alarm["Dimensions"] == [{"Name": "FunctionName", "Value": {"Ref": message_id}}]
    assert alarm["Threshold"] == 3000


def test_the_runbooks_logs_insights_queries_are_saved_over_every_functions_logs(synthesis) -> None:
    queries = {q["Properties"]["Name"]: q["Properties"]
               for q in synthesis.of_type("AWS::Logs::QueryDefinition").values()}
    assert set(queries) == {f"Deckroom-dev/{name}" for name in
                            ("refusals-by-code", "faults", "slowest-invocations", "room-story", "timer-trouble")}
    log_groups = {json.dumps(r["Properties"]["LoggingConfig"]["LogGroup"])
                  for r in synthesis.of_type("AWS::Lambda::Function").values()
                  if r["Properties"]["Handler"].startswith("functions.")}
    for query in queries.values():
        assert {json.dumps(g) for g in query["LogGroupNames"]} == log_groups
    assert 'filter message = "refused"' in queries["Deckroom-dev/refusals-by-code"]["QueryString"]
    assert "stats count(*) as refusals by code" in queries["Deckroom-dev/refusals-by-code"]["QueryString"]
    assert 'filter level = "ERROR"' in queries["Deckroom-dev/faults"]["QueryString"]
    assert 'filter @type = "REPORT"' in queries["Deckroom-dev/slowest-invocations"]["QueryString"]
    assert 'filter room = "0000"' in queries["Deckroom-dev/room-story"]["QueryString"]
