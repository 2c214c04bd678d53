"""Settings of the stack that the local gateway (``devserver/``) applies too, in one module without CDK: the
devserver imports it, and importing ``aws_cdk`` would start a jsii kernel in every local server.

``RECURSIVE_LOOP``: each function's recursive loop detection setting (``AWS::Lambda::Function``
``RecursiveLoop``), by handler module. Lambda counts how many times a chain of events (SQS → function → the same
SQS queue → …) has invoked a function and, with ``Terminate`` (its default), refuses the invocation after 16;
the message then goes to the queue's dead-letter queue. A CPU turn is a timer message whose handling sends the
next CPU turn's message, so every function that sends timer messages is ``Allow``: a 大富豪 round the CPUs play
out after the only person went out is a longer chain than that (docs/decisions.md, "Recursive loops"). A chain
still ends: a timer is only sent again while a game runs and its deadline is the room's current one.

``MEMORY_MB``: each function's memory, by handler module (the stack sets it; the bench's cost model bills it).

>>> RECURSIVE_LOOP["timer"], RECURSIVE_LOOP["connect"]
('Allow', 'Terminate')
>>> MEMORY_MB["timer"] / FULL_VCPU_MB, MEMORY_MB["message"]
(1.0, 512)
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

FULL_VCPU_MB = 1769
"""Lambda gives CPU in proportion to memory, one full vCPU at 1,769 MB (AWS Lambda guide, "Configure Lambda function
memory")."""

MEMORY_MB: dict[str, int] = {
    "connect": 512,
    "disconnect": 512,
    # A person's frames decide no CPU's move (docs/server.md, "Timers"): 512 MB, 0.29 of a core, keeps a move frame
    # at a few milliseconds of its own work.
    "message": 512,
    # The timer messages are where CPU seats think: a `hard` CPU's decision is up to ~140 ms (p99) of one core
    # here (docs/performance.md), so a full vCPU keeps it under the 250 ms a decision may take; at 512 MB it would
    # be ~0.5 s. Billed per GB-second, CPU-bound work costs about the same on either size.
    "timer": FULL_VCPU_MB,
}
