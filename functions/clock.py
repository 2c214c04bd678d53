"""The server's clock, in one place so tests can move time forward (timers, grace periods, TTLs)."""

from __future__ import annotations

import time


def now() -> float:
    """Epoch seconds, as the engines' ``now`` and every deadline use them."""
    return time.time()
