"""A per-connection frame rate limit, so one flooding connection cannot crowd out the other rooms
(docs/protocol.md, ``rate_limited``).

Each connection has a token bucket: ``BURST`` frames at once, refilled at ``RATE`` frames per second — far above
what a phone sends (a move or a tap per second at most, a ping every few minutes), far below a flood. The first
frame over the limit is answered ``rate_limited``; the rest of the flood is dropped without an answer (each
answer would cost a post); a connection that keeps on past ``CLOSE_AFTER`` refused frames is closed.

The buckets live in the function's memory, which costs no DynamoDB request per frame. Locally (`make dev`) one
process serves every connection, so the limit is exact; in AWS each concurrent Lambda instance keeps its own
buckets, so a flood spread over N instances gets up to N times the rate until its connection is closed — the
stage's throttle (infra/) bounds the rest.

>>> times = [0.0, 0.0, 0.0, 0.1, 1.2, 1.3, 1.4, 9.0, 9.0, 9.0, 9.0]
>>> limiter = FrameLimiter(burst=2, rate=1.0, close_after=4, clock=iter(times).__next__)
>>> [limiter.admit("c1") for _ in times]
['accept', 'accept', 'refuse', 'drop', 'accept', 'drop', 'close', 'accept', 'accept', 'refuse', 'drop']
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Callable, Literal

BURST = 120  # the handler tests send a whole game from one connection in a few seconds: at most ~60 at this rate
RATE = 20.0
CLOSE_AFTER = 200
TRACKED = 10_000  # connections remembered per process (least recently seen forgotten first)

Verdict = Literal["accept", "refuse", "drop", "close"]


@dataclass
class _Bucket:
    tokens: float
    at: float
    refused: int = 0


class FrameLimiter:
    """Token buckets by connection id; thread-safe (the local gateway runs handlers in threads)."""

    def __init__(self, *, burst: int = BURST, rate: float = RATE, close_after: int = CLOSE_AFTER,
                 tracked: int = TRACKED, clock: Callable[[], float] = time.monotonic) -> None:
        self.burst, self.rate, self.close_after, self.tracked, self.clock = burst, rate, close_after, tracked, clock
        self._buckets: OrderedDict[str, _Bucket] = OrderedDict()
        self._lock = threading.Lock()

    def admit(self, connection_id: str) -> Verdict:
        """``accept`` the frame, or ``refuse`` it (the flood's first refusal: answer ``rate_limited``), ``drop`` it
        (no answer), or ``close`` the connection (the flood's ``close_after``-th refusal)."""
        now = self.clock()
        with self._lock:
            bucket = self._buckets.pop(connection_id, None) or _Bucket(float(self.burst), now)
            self._buckets[connection_id] = bucket  # most recently seen last
            if len(self._buckets) > self.tracked:
                self._buckets.popitem(last=False)
            bucket.tokens = min(float(self.burst), bucket.tokens + (now - bucket.at) * self.rate)
            bucket.at = now
            if bucket.tokens == self.burst:  # calm again: a new flood starts a new count
                bucket.refused = 0
            if bucket.tokens >= 1.0:
                bucket.tokens -= 1.0
                return "accept"
            bucket.refused += 1
            if bucket.refused == 1:
                return "refuse"
            return "close" if bucket.refused == self.close_after else "drop"


LIMITER = FrameLimiter()
