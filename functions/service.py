"""The unit of work around every change of a room: read, apply, conditional write (retried on a lost race),
then timer, fan-out and metrics.

``change_room`` is the only way a room changes. An operation is a pure function ``(room) -> events``; it runs on a
freshly read room each attempt, so a write that loses the version race is re-applied to the newer room (or
refused by it), and never applied twice.
"""

from __future__ import annotations

import random
import time
from typing import Callable

from aws_lambda_powertools.metrics import MetricUnit

from . import fanout, storage, timers
from .observability import logger, metrics
from .refusal import Refusal
from .room import autoplay, lobby
from .room.model import Member, Room
from .room.turns import Event

MAX_ATTEMPTS = 6
#: Before each retry after a lost race, a pause drawn from [0, RETRY_PAUSE × 2^attempt) seconds ("full jitter"):
#: writers that collided once collide again if they all retry at once (docs/decisions.md).
RETRY_PAUSE = 0.005
Operation = Callable[[Room], list[Event]]


def actor(room: Room, connection_id: str) -> Member:
    """The member this connection speaks for; ``not_in_room`` if none (a seat is never taken from the frame)."""
    member = room.member_by_conn(connection_id)
    if member is None:
        raise Refusal("not_in_room", f"this connection is not in room {room.code}")
    return member


def change_room(code: str, operation: Operation, now: float, *, catch_up_first: bool = True,
                rid: str | None = None, requester: str | None = None,
                announce: Callable[[Room], None] | None = None) -> Room:
    """Apply ``operation`` to room ``code``, schedule its next deadline and store it; then ``announce`` (e.g. a
    ``welcome``) and post every member their view. An operation that returns no events changed nothing: nothing is written.

    With ``catch_up_first`` the bot moves and rule deadlines already due are applied before the operation, which
    therefore sees the room as it is at ``now`` (a move made on a screen they made outdated is ``stale``); they
    are stored even when the operation is refused.

    Raises ``Refusal``: the operation's own, ``room_not_found``, or ``conflict`` after ``MAX_ATTEMPTS`` lost races.
    """
    logger.append_keys(room=code)
    for attempt in range(MAX_ATTEMPTS):
        if attempt:
            time.sleep(random.uniform(0, RETRY_PAUSE * 2**attempt))
        room = storage.get_room(code, now)
        if room is None:
            raise Refusal("room_not_found", f"there is no room {code}")
        expected, due_before = room.version, room.due
        room.version += 1
        caught_up = autoplay.catch_up(room, now) if catch_up_first else []
        try:
            events = caught_up + operation(room)
        except Refusal as refusal:
            if caught_up:
                # What was already due (a CPU's move, a stand-in's, a rule deadline) happened before this request
                # whatever becomes of it: store it on its own (the operation may have half-changed this copy), so
                # the refused player's screen catches up now rather than at the next timer.
                change_room(code, lambda _: [], now)
                refusal.room_posted = True
            raise
        if not events:
            room.version = expected
            return room
        room.due = autoplay.next_due(room)
        if room.due is not None and room.due != due_before:
            # Before the write: a room is never stored with a deadline whose message is not on its way (a function
            # dying after its write would leave CPU seats waiting for ever). A message for a write that then fails
            # finds another deadline and changes nothing.
            timers.schedule(code, room.due.at, now)
        try:
            storage.put_room(room, expected, now, closing=not room.humans)
        except storage.VersionConflict:
            metrics.add_metric(name="Conflicts", unit=MetricUnit.Count, value=1)
            continue
        _count(events)
        # The room code again: appended keys are per process, which locally is shared by concurrent requests.
        logger.debug("stored", extra={"code": room.code, "stored_version": room.version, "events": [
            [e["code"], e.get("seat"), e.get("move", {}).get("type")] for e in events]})
        if announce is not None:
            announce(room)
        publish(room, events, now, rid=rid, requester=requester)
        return room
    raise Refusal("conflict", "the room kept changing; send it again")


def publish(room: Room, events: list[Event], now: float, *, rid: str | None = None,
            requester: str | None = None) -> None:
    """Post every connected member their view; members whose frame could not be delivered (410 Gone, or a post
    still failing after botocore's retries) are marked disconnected (a change of its own, whose fan-out skips
    them: the recursion ends when every post is delivered) and their connection is closed, so a phone that
    missed a frame reconnects and resumes its seat with the whole room instead of waiting on an old one."""
    gone = fanout.send_views(room, events, now, rid=rid, requester=requester)
    if gone:
        logger.info("connections gone", extra={"connections": gone})
        for conn in gone:
            fanout.close(conn)
        change_room(room.code, lambda r: [e for conn in gone for e in lobby.disconnect(r, conn, now)], now,
                    catch_up_first=False)


def _count(events: list[Event]) -> None:
    for code, metric in (("moved", "Moves"), ("game_started", "GamesStarted"), ("game_over", "GamesFinished")):
        count = sum(e["code"] == code for e in events)
        if count:
            metrics.add_metric(name=metric, unit=MetricUnit.Count, value=count)
