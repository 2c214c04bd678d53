"""Timer messages: a delayed SQS message for the room's first wake (``TIMER_QUEUE_URL``, a standard queue).

A message says "look at room R at ``at``". The room stores the ``at`` of the message it counts on
(``Room.timer_at``): the timer handler acts on that one (or one whose ``at`` is still one of the room's wakes), and
its change sends the next; duplicates and outdated messages change nothing (``actions.play.timer``). A change
sends a message only when the one the room counts on would come too late (``needed``). A message is sent *before*
the write that makes the room count on it (a room never counts on a message that is not on its way), so it
carries the ``version`` that write stores: a message that finds the room older than that came before its write
landed, and is put back for a short while rather than dropped (``put_back``).

>>> parse(json.dumps({"room": "4821", "at": 12.5, "version": 7}))
TimerMessage(room='4821', at=12.5, version=7, put_backs=0)
>>> parse('{"room": "4821", "at": 12.5}').version is None  # a room already stored (and messages of older code)
True
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass

from . import aws
from .settings import settings

MAX_DELAY = 900  # SQS's limit; a later deadline is re-sent when its message comes back early
#: Seconds: a deadline nearer than this is not worth a whole second of SQS delay (delays are whole seconds). Its
#: message goes at once and is taken as due on arrival: a test's CPU pace of tens of milliseconds stays that, and
#: a CPU that thought for most of its second moves a little early rather than a second late.
SOON = 0.25
#: Seconds before each next look at a room, for a message put back. A write lands within its function's timeout
#: (30 s at most, the timer function's: infra/handlers.py) or never, so the five looks, 31 s in all, see it land.
PUT_BACK_DELAYS = (1, 2, 4, 8, 16)
#: Seconds: the longest a function runs (its timeout: the timer function's 30 s, infra/handlers.py). A message
#: delivered later than this after it was sent finds every write of the invocation that sent it landed or failed.
LONGEST_INVOCATION = 30


@dataclass(frozen=True)
class TimerMessage:
    """Look at room ``room`` at ``at``. ``version``: what the write that scheduled it stores (None: already
    stored); ``put_backs``: how many times it was put back already."""

    room: str
    at: float
    version: int | None = None
    put_backs: int = 0

    def body(self) -> str:
        data: dict[str, object] = {"room": self.room, "at": self.at}
        if self.version is not None:
            data["version"] = self.version
        if self.put_backs:
            data["put_backs"] = self.put_backs
        return json.dumps(data)


def needed(wake: float | None, on_its_way: float | None, now: float) -> bool:
    """Whether a change that leaves its room's first wake at ``wake`` sends a message for it: not when the message
    the room counts on (due ``on_its_way``, ``Room.timer_at``) is still to come, at or before the wake. That
    message's handler sends the next one (``actions.play.timer``), so a deadline that moves later with every
    change — a person's "still there?" — costs one message per wait, not one per change. One whose time has
    passed may be lost or under way: a fresh one is cheap.

    >>> needed(300.0, 250.0, 10.0), needed(200.0, 250.0, 10.0), needed(300.0, 9.0, 10.0), needed(None, 250.0, 10.0)
    (False, True, True, False)
    """
    return wake is not None and not (on_its_way is not None and now < on_its_way <= wake)


def schedule(code: str, at: float, now: float, *, version: int | None = None) -> None:
    """Ask for the timer handler to look at room ``code`` at ``at``; ``version``: the version of the room the
    write about to be made stores (it may land after the message)."""
    _send(TimerMessage(code, at, version), delay_seconds(at, now))


def after_invocation(at: float, now: float) -> bool:
    """Whether a message due at ``at``, sent at ``now``, arrives after the invocation sending it has ended (so the
    attempts of a change that lost write races may all count on the first one's message: ``change_room``).

    >>> after_invocation(220.0, 10.0), after_invocation(11.0, 10.0)
    (True, False)
    """
    return delay_seconds(at, now) >= LONGEST_INVOCATION


def delay_seconds(at: float, now: float) -> int:
    """The SQS delay of a message due at ``at``: the whole seconds up to it, rounded up (so it never comes early),
    at most SQS's limit; none for a deadline less than ``SOON`` away, which the handler takes as due.

    >>> delay_seconds(11.0, 10.05), delay_seconds(10.03, 10.0), delay_seconds(10_000.0, 0.0)
    (1, 0, 900)
    """
    wait = at - now
    return 0 if wait < SOON else min(MAX_DELAY, math.ceil(wait))


def put_back(message: TimerMessage) -> bool:
    """Send ``message`` again after the next of ``PUT_BACK_DELAYS``; False, sending nothing, once they are spent."""
    if message.put_backs >= len(PUT_BACK_DELAYS):
        return False
    delay = PUT_BACK_DELAYS[message.put_backs]
    _send(TimerMessage(message.room, message.at, message.version, message.put_backs + 1), delay)
    return True


def _send(message: TimerMessage, delay: int) -> None:
    aws.sqs().send_message(QueueUrl=settings().timer_queue_url, MessageBody=message.body(), DelaySeconds=delay)


def parse(body: str) -> TimerMessage:
    """The timer message of an SQS body; ValueError if it is not one."""
    data = json.loads(body)
    code, at = data["room"], data["at"]
    version, put_backs = data.get("version"), data.get("put_backs", 0)
    if not isinstance(code, str) or not isinstance(at, (int, float)) or \
            not (version is None or isinstance(version, int)) or not isinstance(put_backs, int):
        raise ValueError(f"not a timer message: {body[:100]!r}")
    return TimerMessage(code, float(at), version, put_backs)
