"""Lambda's recursive loop detection, emulated: a chain of events carries a count of the invocations it caused.

In AWS each invocation's X-Ray trace header (``_X_AMZN_TRACE_ID``) carries a ``Lineage`` field that counts how
many times the chain of events behind it has invoked the function; botocore sends that header with every call
(``X-Amzn-Trace-Id``), SQS keeps it on the message as the ``AWSTraceHeader`` system attribute, and the SQS event
source reads it back. A function whose recursion setting is ``Terminate`` is not invoked by the 17th event of one
chain: the message goes to the queue's dead-letter queue. A client's WebSocket frame starts a new chain.

Here handlers run side by side on threads of one process, so the environment variable Lambda uses cannot hold
each invocation's header: ``TRACE_HEADER`` (a context variable, set on the handler's thread for the invocation)
does, and a botocore hook that every new botocore session gets (``install``) puts it on each message the handler
sends, as SQS would from the header (moto stores only the ``MessageSystemAttributes`` parameter).

>>> header = invocation_header(None, "timer")
>>> hops(header, "timer"), hops(invocation_header(header, "timer"), "timer"), hops(header, "message")
(1, 2, 0)
>>> invocation_header("Root=1-00000000-abc;Lineage=cd94ec90:16", "timer").endswith("Lineage=cd94ec90:17")
True
"""

from __future__ import annotations

import hashlib
import os
import time
from contextvars import ContextVar
from typing import Any

import botocore.handlers

#: The trace header of the invocation running on this thread (None: not in an invocation).
TRACE_HEADER: ContextVar[str | None] = ContextVar("trace_header", default=None)

_SENDS = ("before-parameter-build.sqs.SendMessage", "before-parameter-build.sqs.SendMessageBatch")


def new_root() -> str:
    """A fresh trace header (X-Ray's ``Root=1-<epoch hex>-<24 hex>``): what a request from outside starts."""
    return f"Root=1-{int(time.time()):08x}-{os.urandom(12).hex()};Sampled=0"


def _function_id(function: str) -> str:
    # Lambda names the function in the lineage by a short hash; the spelling is this emulation's own.
    return hashlib.sha256(function.encode()).hexdigest()[:8]


def _fields(header: str) -> list[tuple[str, str]]:
    return [(key, value) for key, _, value in (part.partition("=") for part in header.split(";") if part)]


def _lineage(header: str | None) -> dict[str, int]:
    """Function id → invocations, from a header's ``Lineage=<id>:<count>|<id>:<count>`` (absent: none)."""
    counts: dict[str, int] = {}
    for key, value in _fields(header or ""):
        if key == "Lineage":
            for entry in value.split("|"):
                function_id, _, count = entry.partition(":")
                if count.isdigit():
                    counts[function_id] = int(count)
    return counts


def hops(header: str | None, function: str) -> int:
    """How many times the chain behind ``header`` has invoked ``function``."""
    return _lineage(header).get(_function_id(function), 0)


def invocation_header(incoming: str | None, function: str) -> str:
    """The trace header of an invocation of ``function`` by an event that carried ``incoming`` (None: a new
    chain): the same root, one more invocation of ``function`` in its lineage."""
    fields = [(k, v) for k, v in _fields(incoming or new_root()) if k != "Lineage"]
    counts = _lineage(incoming)
    counts[_function_id(function)] = counts.get(_function_id(function), 0) + 1
    fields.append(("Lineage", "|".join(f"{key}:{count}" for key, count in counts.items())))
    return ";".join(f"{key}={value}" for key, value in fields)


def _carry_trace_header(params: dict[str, Any], **_: Any) -> None:
    """SQS's side of botocore's ``X-Amzn-Trace-Id``: the sender's trace header becomes ``AWSTraceHeader``."""
    header = TRACE_HEADER.get()
    if header is None:
        return
    for message in params.get("Entries", [params]):
        attributes = message.setdefault("MessageSystemAttributes", {})
        attributes.setdefault("AWSTraceHeader", {"DataType": "String", "StringValue": header})


def install() -> None:
    """Give every botocore session made from now on the hook (the handlers make theirs on first use)."""
    for event in _SENDS:
        entry = (event, _carry_trace_header)
        if entry not in botocore.handlers.BUILTIN_HANDLERS:
            botocore.handlers.BUILTIN_HANDLERS.append(entry)
