"""`$disconnect`: the member is marked disconnected; a stand-in plays after the grace."""

from typing import Any

from functions.gateway import on_disconnect
from functions.observability import logger, metrics, tracer


@metrics.log_metrics
@tracer.capture_lambda_handler
@logger.inject_lambda_context
def handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    return on_disconnect(event)
