"""Lambda's SQS event source, emulated: poll the queue, hand batches to a handler, delete what succeeded.

Like Lambda, several pollers long-poll at once (Lambda starts with five), each passing its batch to the function
as ``{"Records": [...]}``. With ``ReportBatchItemFailures`` (which the stack enables) the handler returns
``{"batchItemFailures": [{"itemIdentifier": messageId}, ...]}``: those messages stay in the queue and come back
after the visibility timeout; the rest are deleted. A handler that raises fails the whole batch.

Moto re-checks delayed messages about once a second while a long poll waits (SQS itself delivers them as soon
as they are due); several staggered pollers keep the lag between a timer becoming due and its delivery well
under that second. Long polls last one second here: longer ones would gain nothing from moto and would hold up
the server's exit.

Lambda's recursive loop detection is applied as AWS applies it (``devserver/recursion.py``): a message whose
chain has invoked the function ``LOOP_LIMIT`` (16) times already is not handed to a function whose setting is
``Terminate``; it is moved to the dead-letter queue and logged. Records of one batch whose chains are of different
lengths are handed over in separate invocations, so one room's chain never lengthens another's.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import boto3

from infra.shared_settings import LOOP_LIMIT, RecursiveLoop

from . import recursion
from .events import sqs_record
from .lambda_runtime import LambdaRuntime, function_name

log = logging.getLogger("devserver.sqs")


def failed_message_ids(result: Any, batch_ids: list[str]) -> set[str]:
    """Which messages of a batch to keep, from the handler's response (Lambda's rules).

    >>> sorted(failed_message_ids({"batchItemFailures": [{"itemIdentifier": "b"}]}, ["a", "b"]))
    ['b']
    >>> failed_message_ids(None, ["a"])
    set()

    A malformed response (an identifier missing or not of this batch) fails the whole batch:

    >>> sorted(failed_message_ids({"batchItemFailures": [{"itemIdentifier": "zzz"}]}, ["a", "b"]))
    ['a', 'b']
    """
    if not isinstance(result, dict) or not result.get("batchItemFailures"):
        return set()
    failures = result["batchItemFailures"]
    ids = {item.get("itemIdentifier") for item in failures if isinstance(item, dict)}
    if len(ids) != len(failures) or not ids <= set(batch_ids):
        return set(batch_ids)
    return ids


class SqsPoller:
    """Feeds one queue to one handler until stopped."""

    def __init__(
        self,
        runtime: LambdaRuntime,
        handler: str,
        *,
        queue_url: str,
        queue_arn: str,
        endpoint_url: str,
        region: str,
        pollers: int = 5,
        batch_size: int = 10,
        wait_seconds: int = 1,
        function_timeout: float = 30.0,
        recursive_loop: RecursiveLoop = "Terminate",
        dead_letter_url: str | None = None,
    ) -> None:
        self._runtime = runtime
        self._handler = handler
        self._queue_url = queue_url
        self._queue_arn = queue_arn
        self._region = region
        self._pollers = pollers
        self._batch_size = batch_size
        self._wait_seconds = wait_seconds
        self._function_timeout = function_timeout
        self._function = function_name(handler)
        self._recursive_loop = recursive_loop
        self._dead_letter_url = dead_letter_url
        self._sqs = boto3.client("sqs", endpoint_url=endpoint_url, region_name=region)
        # Blocking long polls get their own threads, so they never hold up handler invocations.
        self._io = ThreadPoolExecutor(max_workers=pollers + 1, thread_name_prefix="sqs-poller")
        self._tasks: list[asyncio.Task] = []

    def start(self) -> None:
        self._tasks = [asyncio.ensure_future(self._poll_forever(index)) for index in range(self._pollers)]

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        # A long poll in flight returns on its own within `wait_seconds`; nothing waits for it.
        self._io.shutdown(wait=False, cancel_futures=True)

    async def _poll_forever(self, index: int) -> None:
        # Stagger the pollers so their once-a-second rechecks in moto spread over the second.
        await asyncio.sleep(index / self._pollers)
        while True:
            try:
                messages = await self._blocking(self._receive)
                if messages:
                    await self.deliver(messages)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("SQS poller %d failed; polling again", index)
                await asyncio.sleep(1)

    async def deliver(self, messages: list[dict]) -> None:
        """Hand one batch to the function, a call per chain length, refusing the chains past Lambda's limit."""
        chains: dict[int, list[dict]] = {}
        for message in messages:
            header = message.get("Attributes", {}).get("AWSTraceHeader")
            chains.setdefault(recursion.hops(header, self._function), []).append(message)
        for hops, chain in sorted(chains.items()):
            if hops >= LOOP_LIMIT and self._recursive_loop == "Terminate":
                await self._refuse(chain, hops + 1)
            else:
                await self._invoke(chain)

    async def _refuse(self, messages: list[dict], invocation: int) -> None:
        """Lambda's loop guard: no invocation; each message goes to the dead-letter queue (dropped without one)."""
        for message in messages:
            log.warning("recursive loop detected: %s would be invoked for the %dth time by one chain of events "
                        "and its recursive loop setting is Terminate; message %s moved to the dead-letter queue",
                        self._function, invocation, message["MessageId"])
            if self._dead_letter_url is not None:
                await self._blocking(lambda m=message: self._sqs.send_message(
                    QueueUrl=self._dead_letter_url, MessageBody=m["Body"],
                    **({"MessageAttributes": m["MessageAttributes"]} if m.get("MessageAttributes") else {})))
            await self._blocking(lambda m=message: self._sqs.delete_message(
                QueueUrl=self._queue_url, ReceiptHandle=m["ReceiptHandle"]))

    async def _invoke(self, messages: list[dict]) -> None:
        """Invoke the handler with one batch and delete the messages it did not report as failed."""
        records = [sqs_record(m, queue_arn=self._queue_arn, region=self._region) for m in messages]
        ids = [record["messageId"] for record in records]
        # One header for the invocation, as Lambda gives each its own: the chain of the batch's first message.
        header = recursion.invocation_header(messages[0].get("Attributes", {}).get("AWSTraceHeader"), self._function)
        try:
            result = await self._runtime.invoke(
                self._handler, {"Records": records}, timeout=self._function_timeout, trace_header=header
            )
            failed = failed_message_ids(result, ids)
        except Exception:
            log.exception("timer handler failed; the batch of %d returns after the visibility timeout", len(ids))
            failed = set(ids)
        done = [
            {"Id": str(position), "ReceiptHandle": record["receiptHandle"]}
            for position, record in enumerate(records)
            if record["messageId"] not in failed
        ]
        if done:
            await self._blocking(lambda: self._sqs.delete_message_batch(QueueUrl=self._queue_url, Entries=done))

    def _receive(self) -> list[dict]:
        response = self._sqs.receive_message(
            QueueUrl=self._queue_url,
            MaxNumberOfMessages=self._batch_size,
            WaitTimeSeconds=self._wait_seconds,
            AttributeNames=["All"],
            MessageAttributeNames=["All"],
        )
        return response.get("Messages", [])

    async def _blocking(self, function: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self._io, function)
