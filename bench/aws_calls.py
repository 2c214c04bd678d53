"""Every AWS SDK call this process makes, seen at botocore's one door (``BaseClient._make_api_call``).

A ``CallRecorder`` wraps that method while it is active: each call becomes a ``Call`` (service, operation, the
capacity units DynamoDB bills for it, seconds spent inside the SDK) handed to ``on_call``. Posts to connections
(``apigatewaymanagementapi``) are answered here and never reach the network or moto: a post is the boundary
where a frame leaves the server, so the recorder keeps the bytes instead (``on_post``).

DynamoDB's billing rules (https://aws.amazon.com/dynamodb/pricing/on-demand/): a write request unit writes up to
1 KB of item, a strongly consistent read request unit reads up to 4 KB; item size is the sum of attribute names
and values (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/CapacityUnitCalculations.html).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any, Callable

from botocore.client import BaseClient

POSTS = "apigatewaymanagementapi"
WRITES = frozenset({"PutItem", "UpdateItem", "DeleteItem"})


@dataclass(frozen=True)
class Call:
    """One SDK call: ``units`` are DynamoDB's billed request units (0 for other services; an eventually
    consistent read is half a unit)."""

    service: str
    operation: str
    seconds: float
    units: float = 0.0
    size: int = 0  # bytes of the item written (PutItem) or read (GetItem), or of the frame posted
    message: str | None = None  # the body of an SQS message sent

    @property
    def name(self) -> str:
        """``"dynamodb.GetItem"``, ``"sqs.SendMessage"``…"""
        return f"{self.service}.{self.operation}"


def attribute_size(value: dict[str, Any]) -> int:
    """Bytes DynamoDB counts for one attribute value (``{"S": …}``, ``{"N": …}``, ``{"B": …}``, …).

    >>> attribute_size({"S": "room#4821"}), attribute_size({"N": "1767247200"}), attribute_size({"B": b"xyz"})
    (9, 5, 3)
    """
    (kind, raw), = value.items()
    if kind == "S":
        return len(raw.encode())
    if kind == "N":  # one byte per two significant digits, plus one
        digits = raw.lstrip("-").replace(".", "").strip("0") or "0"
        return math.ceil(len(digits) / 2) + 1
    if kind == "B":
        return len(raw)
    if kind == "BOOL" or kind == "NULL":
        return 1
    raise ValueError(f"attribute type {kind} is not used by the server")


def item_size(item: dict[str, dict[str, Any]]) -> int:
    """Bytes of a DynamoDB item: attribute names plus values (the unit of its billing).

    >>> item_size({"pk": {"S": "room#4821"}, "version": {"N": "12"}, "body": {"B": b"x" * 700}})
    724
    """
    return sum(len(name.encode()) + attribute_size(value) for name, value in item.items())


def write_units(size: int) -> int:
    return max(1, math.ceil(size / 1024))


def read_units(size: int) -> int:
    """Strongly consistent read units (the server reads rooms with ``ConsistentRead``)."""
    return max(1, math.ceil(size / 4096))


class CallRecorder:
    """While active, reports every SDK call to ``on_call`` and keeps posts away from the network (``on_post``)."""

    def __init__(self, on_call: Callable[[Call], None], on_post: Callable[[str, bytes], None]) -> None:
        self._on_call, self._on_post = on_call, on_post
        self._original: Callable[..., Any] | None = None

    def __enter__(self) -> CallRecorder:
        original = self._original = BaseClient._make_api_call
        recorder = self

        def make_api_call(client: BaseClient, operation: str, params: dict[str, Any]) -> Any:
            return recorder._call(client, operation, params, original)

        BaseClient._make_api_call = make_api_call  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc_info: object) -> None:
        BaseClient._make_api_call = self._original  # type: ignore[method-assign]

    def _call(self, client: BaseClient, operation: str, params: dict[str, Any],
              original: Callable[..., Any]) -> Any:
        service = client.meta.service_model.service_name
        if service == POSTS:  # posts (and closes) stop here: the connections live in the caller
            if operation == "PostToConnection":
                self._on_post(params["ConnectionId"], params["Data"])
            self._on_call(Call(service, operation, 0.0, size=len(params.get("Data", b""))))
            return {}
        started = time.perf_counter()
        response = original(client, operation, params)
        seconds = time.perf_counter() - started
        units, size = 0.0, 0
        if service == "dynamodb":
            if operation == "GetItem":
                size = item_size(response.get("Item") or {})
                units = read_units(size) * (1.0 if params.get("ConsistentRead") else 0.5)
            elif operation in WRITES:
                size = item_size(params.get("Item") or {}) if operation == "PutItem" else 0
                units = write_units(size)  # connection records (UpdateItem, DeleteItem) are far below 1 KB
        message = params.get("MessageBody") if operation == "SendMessage" else None
        self._on_call(Call(service, operation, seconds, units, size, message))
        return response
