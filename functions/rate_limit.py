"""Frame rate limits, so a flood — from one connection, from one player's many sockets, or from many sockets at
one address — cannot crowd out the other rooms (docs/protocol.md, ``rate_limited``); and ``WindowLimiter``, the
sliding window that limits stamps and lobby changes per member.

Every frame takes a token from three buckets: its connection's (``CONNECTION``), its player's (``PLAYER``, once
the connection said hello: ``bind``) and its client address's (``ADDRESS``, named by the keyed hash of
``throttle.hashed_subject``, never the address). A bucket holds ``burst`` frames at once and refills at
``per_second``. The connection's and the player's are far above what a phone sends (a move or a tap per second
at most, a ping every 20 s while waiting); the address's is what a class of 30 phones behind one school or
carrier NAT address never reaches, and ten flooding sockets do (the numbers' reasons: docs/reliability.md,
"Abuse"). A frame one of its buckets cannot pay for is refused, and takes nothing from the others (a flood does
not spend its address's budget beyond its own connection's). A connection's first refused frame is answered
``rate_limited``; the rest of its flood is dropped without an answer (each answer would cost a post); a
connection that keeps on past ``CLOSE_AFTER`` refused frames is closed. Its count starts afresh once it has
been refused nothing for as long as its bucket takes to fill (6 s).

The buckets live in the function's memory, which costs no DynamoDB request per frame. Locally (`make dev`) one
process serves every connection, so the limits are exact; in AWS each concurrent Lambda instance keeps its own
buckets, so a flood spread over N instances gets up to N times the rate until its connection is closed — the
stage's throttle (infra/) bounds the rest.

>>> times = [0.0, 0.0, 0.0, 0.1, 1.2, 1.3, 1.4, 9.0, 9.0, 9.0, 9.0]
>>> limiter = FrameLimiter(connection=Rate(2, 1.0), close_after=4, clock=iter(times).__next__)
>>> [limiter.admit("c1") for _ in times]
['accept', 'accept', 'refuse', 'drop', 'accept', 'drop', 'close', 'accept', 'accept', 'refuse', 'drop']
>>> shared = FrameLimiter(connection=Rate(2, 1.0), address=Rate(3, 1.0), clock=lambda: 0.0)
>>> [shared.admit(conn, "addr") for conn in ("c1", "c1", "c2", "c2", "c3")]
['accept', 'accept', 'accept', 'refuse', 'refuse']
>>> window = WindowLimiter(allowed=2, window=10.0)
>>> [window.admit("4821/p1", t) for t in (0.0, 1.0, 2.0, 9.5, 10.5)]
[None, None, 8, 1, None]
"""

from __future__ import annotations

import math
import threading
import time
from collections import OrderedDict, deque
from dataclasses import dataclass
from typing import Callable, Literal


@dataclass(frozen=True)
class Rate:
    """A token bucket's size: ``burst`` frames at once, refilled at ``per_second``."""

    burst: int
    per_second: float


#: The handler tests send a whole game from one connection in a few seconds: at most ~60 at this rate.
CONNECTION = Rate(120, 20.0)
#: One player is one phone however many sockets it opens (a second tab takes the seat over): one connection's worth.
PLAYER = Rate(120, 20.0)
#: 30 phones behind one address: at most ~150 frames at once (every phone's hello, join and a burst of stamps), ~1
#: a second each at the busiest (docs/reliability.md, "Abuse"); ten sockets flooding send 1,200 at once, 200 a second.
ADDRESS = Rate(300, 60.0)
CLOSE_AFTER = 200
TRACKED = 10_000  # buckets and bindings remembered per process (least recently seen forgotten first)

Verdict = Literal["accept", "refuse", "drop", "close"]


@dataclass
class _Bucket:
    tokens: float
    at: float
    refused: int = 0
    refused_at: float = -math.inf


class FrameLimiter:
    """Token buckets by connection, player and address; thread-safe (the local gateway runs handlers in
    threads)."""

    def __init__(self, *, connection: Rate = CONNECTION, player: Rate = PLAYER, address: Rate = ADDRESS,
                 close_after: int = CLOSE_AFTER, tracked: int = TRACKED,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rates = {"c": connection, "p": player, "a": address}
        self.calm = connection.burst / connection.per_second  # the bucket's time to fill: calm again
        self.close_after, self.tracked, self.clock = close_after, tracked, clock
        self._buckets: OrderedDict[str, _Bucket] = OrderedDict()
        self._players: OrderedDict[str, str] = OrderedDict()
        self._lock = threading.Lock()

    def bind(self, connection_id: str, player_id: str) -> None:
        """From now on ``connection_id``'s frames count for ``player_id`` too (it said hello as them)."""
        with self._lock:
            self._players.pop(connection_id, None)
            self._players[connection_id] = player_id
            if len(self._players) > self.tracked:
                self._players.popitem(last=False)

    def admit(self, connection_id: str, address: str | None = None) -> Verdict:
        """``accept`` the frame from ``connection_id`` at ``address`` (its hashed name), or ``refuse`` it (the
        connection's first refusal of a flood: answer ``rate_limited``), ``drop`` it (no answer), or ``close`` the
        connection (its ``close_after``-th refusal)."""
        now = self.clock()
        with self._lock:
            own = self._bucket("c", connection_id, now)
            buckets = [own]
            player = self._players.get(connection_id)
            if player is not None:
                buckets.append(self._bucket("p", player, now))
            if address is not None:
                buckets.append(self._bucket("a", address, now))
            if all(bucket.tokens >= 1.0 for bucket in buckets):
                for bucket in buckets:
                    bucket.tokens -= 1.0
                return "accept"
            if now - own.refused_at >= self.calm:  # calm again: a new flood starts a new count
                own.refused = 0
            own.refused, own.refused_at = own.refused + 1, now
            if own.refused == 1:
                return "refuse"
            return "close" if own.refused == self.close_after else "drop"

    def _bucket(self, kind: str, name: str, now: float) -> _Bucket:
        """The bucket of ``name`` (a connection, player or address), refilled up to ``now``."""
        rate, key = self.rates[kind], f"{kind}:{name}"
        bucket = self._buckets.pop(key, None) or _Bucket(float(rate.burst), now)
        self._buckets[key] = bucket  # most recently seen last
        if len(self._buckets) > self.tracked:
            self._buckets.popitem(last=False)
        bucket.tokens = min(float(rate.burst), bucket.tokens + (now - bucket.at) * rate.per_second)
        bucket.at = now
        return bucket


class WindowLimiter:
    """At most ``allowed`` events per key in any ``window`` seconds; thread-safe. For what is limited per member of
    a room and never stored (a stamp writes nothing; a lobby change is limited before it is tried), so it is kept
    in the function's memory like the frame buckets: exact under ``make dev``, per Lambda instance in AWS (a
    member's events spread over N warm instances could pass up to N times the limit — still bounded by the frame
    limits)."""

    def __init__(self, *, allowed: int, window: float, tracked: int = TRACKED) -> None:
        self.allowed, self.window, self.tracked = allowed, window, tracked
        self._sent: OrderedDict[str, deque[float]] = OrderedDict()
        self._lock = threading.Lock()

    def admit(self, key: str, now: float) -> int | None:
        """None if an event of ``key`` at ``now`` is within the limit (and counts it), else the whole seconds to
        wait until one would be."""
        with self._lock:
            sent = self._sent.pop(key, None) or deque()
            self._sent[key] = sent  # most recently seen last
            if len(self._sent) > self.tracked:
                self._sent.popitem(last=False)
            while sent and sent[0] <= now - self.window:
                sent.popleft()
            if len(sent) >= self.allowed:
                return max(1, math.ceil(sent[0] + self.window - now))
            sent.append(now)
            return None


LIMITER = FrameLimiter()
