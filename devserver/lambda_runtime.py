"""Runs Lambda handlers the way Lambda does: one invocation per event, many at once, each with a context.

Handlers run in a thread pool so the gateway's event loop never blocks on them, and so several invocations
overlap as Lambda's concurrent executions would (the handlers must not rely on ordering either way). Each
invocation has a trace header, which the messages its handler sends carry (``devserver/recursion.py``).
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Callable

from . import recursion

log = logging.getLogger("devserver.lambda")

Handler = Callable[[dict, Any], Any]


def load_handler(spec: str) -> Handler:
    """Import a handler named as ``"package.module:function"``.

    >>> load_handler("os.path:join")("rooms", "4821")
    'rooms/4821'
    """
    module_name, sep, attribute = spec.partition(":")
    if not sep or not module_name or not attribute:
        raise ValueError(f"handler {spec!r} is not of the form 'package.module:function'")
    handler = getattr(importlib.import_module(module_name), attribute)
    if not callable(handler):
        raise ValueError(f"handler {spec!r} is not callable")
    return handler


@dataclass
class LambdaContext:
    """The attributes of Lambda's context object that handlers and Powertools read."""

    function_name: str
    timeout: float
    region: str = "us-east-1"
    account_id: str = "000000000000"
    memory_limit_in_mb: int = 512
    function_version: str = "$LATEST"
    aws_request_id: str = field(default_factory=lambda: str(uuid.uuid4()))
    _deadline: float = field(default=0.0, repr=False)

    def __post_init__(self) -> None:
        self._deadline = time.monotonic() + self.timeout

    @property
    def invoked_function_arn(self) -> str:
        return f"arn:aws:lambda:{self.region}:{self.account_id}:function:{self.function_name}"

    @property
    def log_group_name(self) -> str:
        return f"/aws/lambda/{self.function_name}"

    @property
    def log_stream_name(self) -> str:
        return f"devserver/[{self.function_version}]local"

    def get_remaining_time_in_millis(self) -> int:
        return max(0, int((self._deadline - time.monotonic()) * 1000))


class LambdaRuntime:
    """Invokes named handlers concurrently; imports each once, before the first invocation needs it."""

    def __init__(self, *, concurrency: int, region: str, account_id: str) -> None:
        self._pool = ThreadPoolExecutor(max_workers=concurrency, thread_name_prefix="lambda")
        self._handlers: dict[str, Handler] = {}
        self._region = region
        self._account_id = account_id
        recursion.install()

    def preload(self, specs: list[str]) -> None:
        """Import the handlers now (at start-up, so an import error stops the server at once)."""
        for spec in specs:
            self._handler(spec)

    def _handler(self, spec: str) -> Handler:
        if spec not in self._handlers:
            self._handlers[spec] = load_handler(spec)
        return self._handlers[spec]

    async def invoke(self, spec: str, event: dict, *, timeout: float, trace_header: str | None = None) -> Any:
        """Run the handler on ``event`` in the pool and return what it returned; its exception propagates.

        ``trace_header``: the invocation's X-Ray trace header (None: a new chain, as for a client's frame).
        """
        handler = self._handler(spec)
        context = LambdaContext(
            function_name=function_name(spec),
            timeout=timeout,
            region=self._region,
            account_id=self._account_id,
        )
        header = trace_header or recursion.invocation_header(None, context.function_name)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, _traced, handler, event, context, header)

    def close(self) -> None:
        # Handlers still running finish on their own threads; nothing waits for them (as after a Lambda
        # timeout, their results are simply dropped).
        self._pool.shutdown(wait=False, cancel_futures=True)


def _traced(handler: Handler, event: dict, context: LambdaContext, header: str) -> Any:
    """Run ``handler`` with ``header`` as this thread's trace header for the invocation."""
    token = recursion.TRACE_HEADER.set(header)
    try:
        return handler(event, context)
    finally:
        recursion.TRACE_HEADER.reset(token)


def function_name(spec: str) -> str:
    """A Lambda-like function name for a handler spec: ``functions.handlers.message:handler`` → ``message``."""
    return spec.partition(":")[0].rsplit(".", 1)[-1]
