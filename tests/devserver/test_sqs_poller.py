"""The SQS event source: due messages reach the timer handler in Lambda's event shape; partial failures."""

from __future__ import annotations

import asyncio
import json

import boto3
from aws_lambda_powertools.utilities.parser.models import SqsModel

from tests.devserver.support import gateway, recorded


async def test_due_messages_reach_the_timer_handler_and_failures_come_back() -> None:
    async with gateway(local_aws=True, queue_visibility_timeout=1) as server:
        sqs = boto3.client("sqs", endpoint_url=server.aws.endpoint_url, region_name="us-east-1")
        queue_url, queue_arn = server.aws.queue_url, server.aws.queue_arn
        send = lambda body, **more: sqs.send_message(QueueUrl=queue_url, MessageBody=json.dumps(body), **more)
        await asyncio.to_thread(send, {"name": "ok"})
        await asyncio.to_thread(send, {"name": "flaky", "fail_once": True}, DelaySeconds=1)

        deliveries: list[dict] = []
        while not any(r["attributes"]["ApproximateReceiveCount"] == "2" for r in deliveries):
            event = await recorded("timer")
            SqsModel.model_validate(event)
            deliveries += event["Records"]
        remaining = await asyncio.to_thread(
            sqs.get_queue_attributes, QueueUrl=queue_url, AttributeNames=["ApproximateNumberOfMessages"]
        )

    names = [json.loads(record["body"])["name"] for record in deliveries]
    assert names.count("ok") == 1, "a message the handler did not report failed is deleted"
    assert names.count("flaky") == 2, "a reported failure comes back after the visibility timeout"
    assert remaining["Attributes"]["ApproximateNumberOfMessages"] == "0"
    record = deliveries[0]
    assert record["eventSource"] == "aws:sqs" and record["eventSourceARN"] == queue_arn
    assert record["awsRegion"] == "us-east-1"
