"""What games cost on AWS at on-demand list prices (us-east-1), from counted requests, sizes and messages.

``Usage`` is what one game asks of each service (counted by ``bench.server_games``, plus the stated
assumptions); ``bill`` prices it line by line so the arithmetic can be printed and checked. Free tiers are left
out (a real bill would be lower). Every price names its source.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from infra.shared_settings import FULL_VCPU_MB, MEMORY_MB

#: Each function's memory (the stack's, by handler: 512 MB, the timer function a full vCPU). Lambda gives CPU in
#: proportion to memory, one full vCPU at 1,769 MB
#: (https://docs.aws.amazon.com/lambda/latest/dg/configuration-memory.html), so 512 MB is ~0.29 of a core.
LAMBDA_CPU_SHARE = {handler: min(1.0, mb / FULL_VCPU_MB) for handler, mb in MEMORY_MB.items()}
#: Assumed service latencies inside one invocation in AWS (same Region), milliseconds.
AWS_LATENCY_MS = {"dynamodb.GetItem": 4.0, "dynamodb.PutItem": 6.0, "dynamodb.UpdateItem": 6.0,
                  "dynamodb.DeleteItem": 6.0, "sqs.SendMessage": 8.0, "fan-out": 15.0}
HUMAN_SECONDS_PER_MOVE = 6.0  # a person at a phone; CPU seats move about one second after each change
LOBBY_MINUTES = 2.0  # gathering, choosing the game, the result screen
PING_MINUTES = 4.0  # frontend/src/net/connection.ts: a ping after four minutes without any frame sent
# A person's longest stretch without sending a frame: the lobby and result screens (in play everyone acts at least
# once a round: ≤ 10 seats × 6 s in Color Match, ≤ 35 steps × 6 s in a Color Rows round, both under 4 minutes).
LONGEST_SILENCE_MINUTES = LOBBY_MINUTES
SQS_REQUESTS_PER_MESSAGE = 3  # SendMessage, then the event source's ReceiveMessage and DeleteMessage


@dataclass(frozen=True)
class Price:
    label: str
    dollars: float
    per: float
    unit: str
    source: str

    def __str__(self) -> str:
        """``$0.0000133334 per GB-s (arm64)``, ``$0.625 per 1,000,000 write request units``."""
        amount = f"{self.dollars:.10f}".rstrip("0").rstrip(".")
        return f"${amount} per {'' if self.per == 1 else f'{self.per:,.0f} '}{self.unit}"


LAMBDA_PRICES = "https://aws.amazon.com/lambda/pricing/"
DYNAMODB_PRICES = "https://aws.amazon.com/dynamodb/pricing/on-demand/ (after the Nov 2024 cut)"
API_GATEWAY_PRICES = "https://aws.amazon.com/api-gateway/pricing/"
PRICES = {
    "lambda_requests": Price("Lambda requests", 0.20, 1e6, "requests", LAMBDA_PRICES),
    "lambda_gb_seconds": Price("Lambda duration", 0.0000133334, 1, "GB-s (arm64)", LAMBDA_PRICES),
    "dynamodb_writes": Price("DynamoDB writes", 0.625, 1e6, "write request units", DYNAMODB_PRICES),
    "dynamodb_reads": Price("DynamoDB reads", 0.125, 1e6, "read request units", DYNAMODB_PRICES),
    "websocket_messages": Price("API Gateway messages", 1.00, 1e6, "messages (32 KB units)", API_GATEWAY_PRICES),
    "connection_minutes": Price("API Gateway connection minutes", 0.25, 1e6, "connection minutes",
                                API_GATEWAY_PRICES),
    "sqs_requests": Price("SQS requests", 0.40, 1e6, "requests (64 KB chunks)", "https://aws.amazon.com/sqs/pricing/"),
}


@dataclass(frozen=True)
class Usage:
    """What one game uses, per billed quantity."""

    lambda_requests: float
    lambda_gb_seconds: float
    dynamodb_writes: float
    dynamodb_reads: float
    websocket_messages: float
    connection_minutes: float
    sqs_requests: float


@dataclass(frozen=True)
class Line:
    item: str
    quantity: float
    price: Price

    @property
    def dollars(self) -> float:
        return self.quantity * self.price.dollars / self.price.per


def bill(usage: Usage, games: int) -> list[Line]:
    """One line per billed quantity for ``games`` games like ``usage``.

    >>> lines = bill(Usage(10, 0.5, 20, 20, 100, 30, 3), games=1000)
    >>> round(sum(line.dollars for line in lines), 4)
    0.1324
    """
    return [Line(name, getattr(usage, name) * games, PRICES[name]) for name in PRICES]


def billed_ms(own_seconds: float, aws_ms: float, handler: str = "message") -> int:
    """Lambda's billed duration of an invocation of ``handler`` (whole milliseconds): its own CPU work, slowed to
    the share of a core its memory buys, plus the time it waits on AWS.

    >>> billed_ms(0.002, 20.0), billed_ms(0.002, 20.0, "timer")
    (27, 22)
    """
    return math.ceil(own_seconds * 1000 / LAMBDA_CPU_SHARE[handler] + aws_ms)


def gb_seconds(billed: int, handler: str) -> float:
    """GB-seconds of ``billed`` milliseconds of ``handler``.

    >>> gb_seconds(1000, "message")
    0.5
    """
    return billed / 1000 * MEMORY_MB[handler] / 1024
