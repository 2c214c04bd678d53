"""Stamps: the eight quick messages a member sends to the room (docs/protocol.md, ``stamp``), and their limit.

A stamp is never stored: the room is read once (its members only, ``storage.get_members``) to check the sender
is one and to find whom to post it to, and nothing is written. So the limit cannot be a counter in the table
either; it is a sliding window kept in the function's memory (``rate_limit.WindowLimiter``), per room and
*player* — not per member id, which a player who leaves and joins again gets afresh — and a stamp costs one read
and a post per member, never a write.
"""

from __future__ import annotations

from typing import Literal, get_args

from .rate_limit import WindowLimiter

StampId = Literal["like", "nice", "sorry", "hurry", "wait", "almost", "thanks", "gg"]
#: いいね, ナイス, ごめん, はやく, まって, おしい, ありがとう, GG: each client shows them in its reader's language.
STAMPS: tuple[str, ...] = get_args(StampId)

ALLOWED = 5  # stamps per player in a room in any ``WINDOW`` seconds: a burst of cheers passes, a flood does not
WINDOW = 10.0


def limiter() -> WindowLimiter:
    """A fresh stamp limit (each process has one, ``LIMITER``)."""
    return WindowLimiter(allowed=ALLOWED, window=WINDOW)


LIMITER = limiter()
