"""The table (key, billing, TTL, recovery) and the timer queue (DLQ, partial batch failures)."""

from __future__ import annotations

from aws_cdk.assertions import Template

from infra.capacity import Plan
from infra.handlers import TIMER
from infra.timers import MAX_RECEIVES
from tests.infra.support import function_ids


def test_the_table_is_keyed_by_pk_alone_on_demand_with_ttl_and_recovery(template: Template) -> None:
    template.resource_count_is("AWS::DynamoDB::Table", 1)
    template.has_resource_properties(
        "AWS::DynamoDB::Table",
        {
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
            "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
            "BillingMode": "PAY_PER_REQUEST",
            "TimeToLiveSpecification": {"AttributeName": "ttl", "Enabled": True},
            "PointInTimeRecoverySpecification": {"PointInTimeRecoveryEnabled": True},
        },
    )


def _queues(synthesis) -> tuple[str, dict, str, dict]:
    queues = synthesis.of_type("AWS::SQS::Queue")
    timer_id = next(k for k, q in queues.items() if "RedrivePolicy" in q["Properties"])
    (dead_id,) = set(queues) - {timer_id}
    return timer_id, queues[timer_id]["Properties"], dead_id, queues[dead_id]["Properties"]


def test_timer_messages_that_keep_failing_go_to_the_dead_letter_queue(synthesis) -> None:
    _, timer, dead_id, dead = _queues(synthesis)
    assert timer["RedrivePolicy"] == {
        "deadLetterTargetArn": {"Fn::GetAtt": [dead_id, "Arn"]},
        "maxReceiveCount": MAX_RECEIVES,
    }
    assert dead["MessageRetentionPeriod"] == 14 * 24 * 3600
    # A standard queue: per-message DelaySeconds are what timers are made of (FIFO queues cannot).
    assert "FifoQueue" not in timer


def test_a_message_is_not_handed_out_again_while_the_timer_function_may_still_run(synthesis) -> None:
    _, timer, _, _ = _queues(synthesis)
    assert timer["VisibilityTimeout"] >= 6 * TIMER.timeout.to_seconds()


def test_both_queues_are_encrypted_and_refuse_plain_http(synthesis) -> None:
    _, timer, _, dead = _queues(synthesis)
    assert timer["SqsManagedSseEnabled"] and dead["SqsManagedSseEnabled"]
    policies = synthesis.of_type("AWS::SQS::QueuePolicy").values()
    denies = [
        s for p in policies for s in p["Properties"]["PolicyDocument"]["Statement"]
        if s["Effect"] == "Deny" and s["Condition"] == {"Bool": {"aws:SecureTransport": "false"}}
    ]
    assert len(denies) == 2


def test_the_timer_function_consumes_the_queue_reporting_failures_per_message(synthesis) -> None:
    timer_id, _, _, _ = _queues(synthesis)
    (mapping,) = synthesis.of_type("AWS::Lambda::EventSourceMapping").values()
    properties = mapping["Properties"]
    assert properties["EventSourceArn"] == {"Fn::GetAtt": [timer_id, "Arn"]}
    assert properties["FunctionName"] == {"Ref": function_ids(synthesis.resources)["Timer"]}
    assert properties["FunctionResponseTypes"] == ["ReportBatchItemFailures"]


def test_the_table_is_pre_warmed_only_when_the_plan_needs_more_than_a_new_table_serves(synthesis, synthesize) -> None:
    (table,) = synthesis.of_type("AWS::DynamoDB::Table").values()
    assert "WarmThroughput" not in table["Properties"]
    (large,) = synthesize(tables="10000").of_type("AWS::DynamoDB::Table").values()
    reads, writes = Plan.for_tables(10_000).warm_throughput
    assert large["Properties"]["WarmThroughput"] == {"ReadUnitsPerSecond": reads, "WriteUnitsPerSecond": writes}
    assert large["Properties"]["BillingMode"] == "PAY_PER_REQUEST"


def _table(synthesis) -> dict:
    (table,) = synthesis.of_type("AWS::DynamoDB::Table").values()
    return table


def test_the_prod_table_is_protected_from_deletion_and_kept_when_the_stack_goes(synthesize) -> None:
    table = _table(synthesize(stage="prod"))
    assert table["Properties"]["DeletionProtectionEnabled"] is True
    assert table["DeletionPolicy"] == "Retain" and table["UpdateReplacePolicy"] == "Retain"
    assert table["Properties"]["PointInTimeRecoverySpecification"] == {"PointInTimeRecoveryEnabled": True}


def test_the_dev_table_stays_disposable(synthesis) -> None:
    table = _table(synthesis)
    assert not table["Properties"].get("DeletionProtectionEnabled", False)
    assert table["DeletionPolicy"] == "Delete"


def test_the_timer_event_source_runs_at_most_the_planned_timers_share_of_concurrency(synthesis, synthesize) -> None:
    for tables, found in (("100", synthesis), ("5000", synthesize(tables="5000"))):
        (mapping,) = found.of_type("AWS::Lambda::EventSourceMapping").values()
        plan = Plan.for_tables(int(tables))
        assert mapping["Properties"]["ScalingConfig"] == {"MaximumConcurrency": plan.timer_concurrency}
        # The frames keep the rest of what the plan needs.
        assert plan.timer_concurrency < plan.lambda_concurrency or plan.timer_concurrency == 2
