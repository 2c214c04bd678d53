"""Timer messages: a delayed SQS message for the room's next deadline (``TIMER_QUEUE_URL``, a standard queue).

A message only says "look at room R, whose deadline was ``at``": the timer handler acts only if that is still the
room's deadline, so duplicates and outdated messages change nothing.
"""

from __future__ import annotations

import json
import math

from . import aws
from .settings import settings


MAX_DELAY = 900  # SQS's limit; a later deadline is re-sent when its message comes back early

def schedule(code: str, at: float, now: float) -> None:
    """Ask for the timer handler to look at room ``code`` at ``at``."""
    delay = min(MAX_DELAY, max(0, math.ceil(at - now)))
    aws.sqs().send_message(QueueUrl=settings().timer_queue_url, MessageBody=json.dumps({"room": code, "at": at}),
                          DelaySeconds=delay)


def parse(body: str) -> tuple[str, float]:
    """``(room code, deadline)`` of a timer message body; ValueError if it is not one."""
    data = json.loads(body)
    code, at = data["room"], data["at"]
    if not isinstance(code, str) or not isinstance(at, (int, float)):
        raise ValueError(f"not a timer message: {body[:100]!r}")
    return code, float(at)
