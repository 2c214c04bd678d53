"""Stamps: the eight quick messages a member sends to the room (docs/protocol.md, ``stamp``), and their limit.

A stamp is never stored: the room is read once (its members only, ``storage.get_members``) to check the sender
is one and to find whom to post it to, and nothing is written. So the per-member limit cannot be a counter in the
table either; it is a sliding window kept in the function's memory, like the per-connection frame limit
(``rate_limit.py``): exact under ``make dev`` (one process), per Lambda instance in AWS, where a member's stamps
spread over N warm instances could pass up to N times the limit — still bounded by the connection's frame limit
and the stage's throttle, and a stamp costs one read and a post per member, never a write.

>>> limiter = StampLimiter(allowed=2, window=10.0)
>>> [limiter.admit("4821/m1", t) for t in (0.0, 1.0, 2.0, 9.5, 10.5)]
[None, None, 8, 1, None]
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict, deque
from typing import Literal, get_args

StampId = Literal["like", "nice", "sorry", "hurry", "wait", "almost", "thanks", "gg"]
#: いいね, ナイス, ごめん, はやく, まって, おしい, ありがとう, GG: each client shows them in its reader's language.
STAMPS: tuple[str, ...] = get_args(StampId)

ALLOWED = 5  # stamps per member in any ``WINDOW`` seconds: a burst of cheers passes, a flood does not
WINDOW = 10.0
TRACKED = 10_000  # members remembered per process (least recently seen forgotten first)


class StampLimiter:
    """At most ``allowed`` stamps per key (a room's member) in any ``window`` seconds; thread-safe (the local
    gateway runs handlers in threads)."""

    def __init__(self, *, allowed: int = ALLOWED, window: float = WINDOW, tracked: int = TRACKED) -> None:
        self.allowed, self.window, self.tracked = allowed, window, tracked
        self._sent: OrderedDict[str, deque[float]] = OrderedDict()
        self._lock = threading.Lock()

    def admit(self, key: str, now: float) -> int | None:
        """None if a stamp from ``key`` at ``now`` is within the limit (and counts it), else the whole seconds to
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


LIMITER = StampLimiter()
