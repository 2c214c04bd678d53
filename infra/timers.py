"""The SQS timer queue: delayed messages that wake a room when a deadline falls due (CPU turns, timed calls).

A standard queue, because timers need per-message ``DelaySeconds`` (FIFO queues only delay per queue). The timer
handler re-reads the room and acts only if the deadline is still the current one, so a duplicate or late message
is harmless; messages that keep failing move to the dead-letter queue, which an alarm watches.
"""

from __future__ import annotations

from aws_cdk import Duration
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_lambda_event_sources as event_sources
from aws_cdk import aws_sqs as sqs
from constructs import Construct

from infra.shared_settings import MAX_RECEIVES  # the local gateway's queue has the same redrive policy

__all__ = ["MAX_RECEIVES", "BATCH_SIZE", "Timers"]

BATCH_SIZE = 10


class Timers(Construct):
    """The timer queue and its dead-letter queue; :meth:`consume_with` attaches the timer handler."""

    def __init__(self, scope: Construct, construct_id: str, *, consumer_timeout: Duration) -> None:
        super().__init__(scope, construct_id)
        self.dead_letters = sqs.Queue(
            self,
            "DeadLetters",
            retention_period=Duration.days(14),
            encryption=sqs.QueueEncryption.SQS_MANAGED,
            enforce_ssl=True,
        )
        self.queue = sqs.Queue(
            self,
            "Queue",
            # AWS's advice for a Lambda event source: at least six times the function's timeout, so a message is
            # not handed out again while a slow batch (with its retries) is still working on it.
            visibility_timeout=Duration.seconds(consumer_timeout.to_seconds() * 6),
            dead_letter_queue=sqs.DeadLetterQueue(queue=self.dead_letters, max_receive_count=MAX_RECEIVES),
            encryption=sqs.QueueEncryption.SQS_MANAGED,
            enforce_ssl=True,
        )

    def consume_with(self, function: lambda_.IFunction, *, max_concurrency: int) -> None:
        """Feed the queue to ``function``; it reports failed messages one by one (partial batch failures).

        Without partial batch failures one bad room would make the whole batch retry, replaying the others. At
        most ``max_concurrency`` invocations run at once (``Plan.timer_concurrency``): a backlog of due timers
        waits in the queue instead of taking the account's concurrency from the Message function.
        """
        function.add_event_source(
            event_sources.SqsEventSource(
                self.queue,
                batch_size=BATCH_SIZE,
                report_batch_item_failures=True,
                max_concurrency=max_concurrency,
            )
        )
