"""The SQS timer queue: each message asks to apply a room's deadline; failures are reported per message."""

from typing import Any

from aws_lambda_powertools.utilities.batch import BatchProcessor, EventType, process_partial_response
from aws_lambda_powertools.utilities.data_classes.sqs_event import SQSRecord

from functions.gateway import on_timer
from functions.observability import logger, metrics, tracer

processor = BatchProcessor(event_type=EventType.SQS)


def _record(record: SQSRecord) -> None:
    on_timer(record.body)


@metrics.log_metrics
@tracer.capture_lambda_handler
@logger.inject_lambda_context
def handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    return process_partial_response(event=event, record_handler=_record, processor=processor, context=context)
