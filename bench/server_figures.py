"""The figures of the server path, computed from recorded games (``bench.server_games.GameRun``).

Pure functions of the recordings, so the bench prints them and tests can pin the counted ones.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass

from bench import cost
from bench.aws_calls import write_units
from bench.inprocess_server import Invocation
from bench.server_games import GameRun

READ = "dynamodb.GetItem"
WRITE = "dynamodb.PutItem"
TIMER = "sqs.SendMessage"
POST_UNIT = 32 * 1024  # API Gateway bills WebSocket messages in 32 KB units


def percentile(samples: list[float], fraction: float) -> float:
    """Nearest-rank percentile.

    >>> percentile([4.0, 1.0, 3.0, 2.0], 0.5), percentile([1.0, 2.0, 3.0, 4.0], 0.99)
    (2.0, 4.0)
    """
    ordered = sorted(samples)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


@dataclass(frozen=True)
class Requests:
    """Requests per move over complete games: how many moves made each (reads, writes) pair, and so on."""

    moves: int
    reads_writes: Counter  # (GetItem, PutItem) per move -> moves
    posts_match_members: bool  # every move posted exactly one frame per connected member
    timer_messages: int  # SQS messages sent by those moves
    idle_timers: int  # timer invocations that found nothing due (one read, no write)


def requests(runs: list[GameRun]) -> Requests:
    moves = [move for run in runs for move in run.moves]
    return Requests(
        moves=len(moves),
        reads_writes=Counter((m.count(READ), m.count(WRITE)) for m in moves),
        posts_match_members=all(m.posts == run.humans for run in runs for m in run.moves),
        timer_messages=sum(m.count(TIMER) for m in moves),
        idle_timers=sum(len(run.idle_timers) for run in runs),
    )


def own_times_ms(runs: list[GameRun], handler: str = "message") -> list[float]:
    """Milliseconds of the server's own work (no DynamoDB or SQS) per move made through ``handler``."""
    return [m.own * 1000 for run in runs for m in run.moves if m.handler == handler]


def reference_times_ms(runs: list[GameRun], handler: str = "message") -> list[float]:
    """Milliseconds of the same fixed work, timed right after each of those moves (the machine's noise)."""
    return [m.reference * 1000 for run in runs for m in run.moves if m.handler == handler]


def sdk_times_ms(runs: list[GameRun]) -> list[float]:
    """Milliseconds inside moto's in-process DynamoDB and SQS per move (the reference beside ``own``)."""
    return [m.sdk * 1000 for run in runs for m in run.moves]


def usage(run: GameRun) -> cost.Usage:
    """What the game ``run`` asks of AWS, from its counted invocations and the assumptions in ``bench.cost``."""
    invocations = run.setup + run.play + run.teardown
    human_moves = sum(m.handler == "message" for m in run.moves)
    minutes = (human_moves * cost.HUMAN_SECONDS_PER_MOVE + (len(run.moves) - human_moves) * 1.0) / 60 \
        + cost.LOBBY_MINUTES
    pings = run.humans * math.floor(cost.LONGEST_SILENCE_MINUTES / cost.PING_MINUTES)
    billed = [cost.gb_seconds(cost.billed_ms(i.own, _aws_ms(i), i.handler), i.handler) for i in invocations]
    ping = cost.gb_seconds(cost.billed_ms(0.001, 0.0), "message")  # parse, one post
    posted = [c.size for i in invocations for c in i.calls if c.name == "apigatewaymanagementapi.PostToConnection"]
    frames_in = sum(i.handler == "message" for i in invocations) + pings
    return cost.Usage(
        lambda_requests=len(invocations) + pings,
        lambda_gb_seconds=sum(billed) + pings * ping,
        dynamodb_writes=sum(c.units for i in invocations for c in i.calls
                            if c.service == "dynamodb" and c.name != READ),
        dynamodb_reads=sum(c.units for i in invocations for c in i.calls if c.name == READ),
        websocket_messages=frames_in + sum(math.ceil(size / POST_UNIT) for size in posted) + pings,
        connection_minutes=run.humans * math.ceil(minutes),
        sqs_requests=sum(i.count(TIMER) for i in invocations) * cost.SQS_REQUESTS_PER_MESSAGE,
    )


def write_units_per_move(run: GameRun) -> float:
    writes = [write_units(c.size) for m in run.moves for c in m.calls if c.name == WRITE]
    return sum(writes) / len(writes)


def _aws_ms(invocation: Invocation) -> float:
    waits = sum(cost.AWS_LATENCY_MS.get(call.name, 0.0) for call in invocation.calls)
    return waits + (cost.AWS_LATENCY_MS["fan-out"] if invocation.posts else 0.0)
