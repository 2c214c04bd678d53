"""Settings of the stack that the local gateway (``devserver/``) applies too, in one module without CDK: the
devserver imports it, and importing ``aws_cdk`` would start a jsii kernel in every local server.

``RECURSIVE_LOOP``: each function's recursive loop detection setting (``AWS::Lambda::Function``
``RecursiveLoop``), by handler module. Lambda counts how many times a chain of events (SQS → function → the same
SQS queue → …) has invoked a function and, with ``Terminate`` (its default), refuses the invocation after 16;
the message then goes to the queue's dead-letter queue. A CPU turn is a timer message whose handling sends the
next CPU turn's message, so every function that sends timer messages is ``Allow``: a 大富豪 round the CPUs play
out after the only person went out is a longer chain than that (docs/decisions.md, "Recursive loops"). A chain
still ends: a timer is only sent again while a game runs and its deadline is the room's current one.

>>> RECURSIVE_LOOP["timer"], RECURSIVE_LOOP["connect"]
('Allow', 'Terminate')
"""

from __future__ import annotations

from typing import Literal

RecursiveLoop = Literal["Allow", "Terminate"]

RECURSIVE_LOOP: dict[str, RecursiveLoop] = {
    "connect": "Terminate",  # sends nothing anywhere: Lambda's default stays
    "disconnect": "Allow",  # a stand-in's first turn
    "message": "Allow",  # a frame's next CPU turn or deadline
    "timer": "Allow",  # the next CPU turn, from the timer queue to the timer queue
}

MAX_RECEIVES = 5
"""Deliveries of one timer message before the queue parks it in the dead-letter queue (its redrive policy)."""

LOOP_LIMIT = 16
"""Invocations of one function by one chain of events that Lambda allows before it refuses one (``Terminate``)."""
