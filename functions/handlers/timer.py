"""The SQS timer queue: each message asks to apply a room's deadline; failures are reported per message.

The event source mapping has ``ReportBatchItemFailures`` (infra/timers.py), so a message that fails is named in
``batchItemFailures`` and comes back after the visibility timeout while the others are deleted. This loop is
Powertools' ``BatchProcessor`` contract without its import, which pulls in asyncio and every event data class
(about 200 ms of a cold start, docs/performance.md "Server path").
"""

from typing import Any

from functions.gateway import on_timer
from functions.observability import fault, logger, metrics, tracer


@metrics.log_metrics
@tracer.capture_lambda_handler
@logger.inject_lambda_context
def handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    failures = []
    for record in event["Records"]:
        try:
            on_timer(record["body"])
        except Exception:
            logger.exception("timer message failed", extra={"message_id": record["messageId"]})
            fault()
            failures.append({"itemIdentifier": record["messageId"]})
    return {"batchItemFailures": failures}
