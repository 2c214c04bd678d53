"""`$default`: every client frame; its `action` picks the operation (docs/protocol.md)."""

from typing import Any

from functions.gateway import on_message
from functions.observability import logger, metrics, tracer


@metrics.log_metrics
@tracer.capture_lambda_handler
@logger.inject_lambda_context
def handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    return on_message(event)
