"""The unit of work: the only way a room is written. It reads, decides and writes — nothing else.

``change_room``: read → catch up (what the server had to do by itself by now) → the operation → schedule the next
deadline → conditional write, retried on a lost race; ``create_room``: a new room under a free code. Both return
a ``Change``: the room as it now is and the events stored. Telling anyone about it — the fan-out, the announces,
the metrics — is the use case's, after it (``functions/actions/``).

An operation is a function ``(room) -> events`` that checks before it changes: one that raises ``Refusal`` has
changed nothing. It runs on a freshly read room at each attempt, so a write that loses the version race is
re-applied to the newer room (or refused by it), and never applied twice; an operation that returns no events
changed nothing, and nothing is written.
"""

from __future__ import annotations

import copy
import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from . import storage, timers
from .settings import settings
from .accounts.account import Account
from .refusal import Refusal
from .room import autoplay, replay
from .room.model import Room
from .room.turns import Event

MAX_ATTEMPTS = 6
#: Before each retry after a lost race, a pause drawn from [0, RETRY_PAUSE × 2^attempt) seconds, at most
#: ``MAX_RETRY_PAUSE`` ("full jitter"): writers that collided once collide again if they all retry at once
#: (docs/decisions.md).
RETRY_PAUSE = 0.005
MAX_RETRY_PAUSE = 0.25

Operation = Callable[[Room], list[Event]]


@dataclass
class Change:
    """What a unit of work did to a room.

    ``room``: the room as stored by this change, or as read when nothing was stored. ``events``: what was stored
    (none: nothing). ``refusal``: the operation's refusal — what was already due before it is stored all the
    same. ``conflicts``: writes that lost the version race on the way.
    """

    room: Room
    events: list[Event]
    refusal: Refusal | None = None
    conflicts: int = 0


def change_room(code: str, operation: Operation, now: float, *, catch_up: bool = True,
                attempts: int = MAX_ATTEMPTS, decided: autoplay.Decisions | None = None) -> Change:
    """Apply ``operation`` to room ``code`` and store the result on the condition that nobody wrote it since.

    With ``catch_up`` the bot moves and rule deadlines already due are applied first, so the operation sees the
    room as it is at ``now`` (a move made on a screen they made outdated is ``stale``); they are stored even when
    the operation is refused. Raises ``Refusal("room_not_found")``; after ``attempts`` lost races the change is
    refused with ``conflict`` (and its room is the last one read). ``decided``: the bot decisions of this change
    (``autoplay.Decisions``), for an operation that catches up itself (a timer message's) to share with the
    schedule; by default the change's own.
    """
    if decided is None:
        decided = {}  # bot decisions of one attempt are not thought out again in the schedule nor the next attempt
    sent_for_later: set[float] = set()  # messages an attempt sent that arrive after this invocation: by their ``at``
    for attempt in range(attempts):
        if attempt:
            pause_before(attempt)
        room = storage.get_room(code, now)
        if room is None:
            raise Refusal("room_not_found", f"there is no room {code}")
        last_read = copy.deepcopy(room) if attempt == attempts - 1 else None  # shown to a refused sender
        expected, timer_before = room.version, room.timer_at
        room.version += 1
        host_at = autoplay.host_pass_at(room)  # once per attempt: carried through what does not move it
        events = autoplay.catch_up(room, now, host_at=host_at, cpu_delay=cpu_delay(), decided=decided) \
            if catch_up else []
        host_at = autoplay.host_pass_after(room, host_at, events)
        refusal = None
        try:
            done = operation(room)
        except Refusal as refused:
            refusal, done = refused, []
        host_at = autoplay.host_pass_after(room, host_at, done)
        events += done
        if not events and room.timer_at == timer_before:
            room.version = expected
            return Change(room, [], refusal, conflicts=attempt)
        room.due = autoplay.next_due(room, cpu_delay=cpu_delay(), decided=decided)
        wake = autoplay.first_wake(room, host_at)
        if timers.needed(wake, room.timer_at, now):
            assert wake is not None
            # Before the write: a room is never stored counting on a message that is not on its way (a function
            # dying after its write would leave CPU seats waiting for ever). The message names the version this
            # write stores: if it comes before the write lands, it is put back; a message for a write that then
            # fails finds the room counting on another (or never finds its version) and changes nothing. An
            # attempt after a lost race whose wake an earlier attempt's message arrives at after this invocation
            # (``timers.after_invocation``) sends none: by then this write has landed and counts on it, or never
            # will. A sooner one could find a rival's room first and be spent on it: each attempt sends its own.
            if wake not in sent_for_later:
                timers.schedule(code, wake, now, version=room.version)
                if timers.after_invocation(wake, now):
                    sent_for_later.add(wake)
            room.timer_at = wake
        if room.game is not None and any(event["code"] == "game_over" for event in events):
            # Before the write, like the timer: a room never lists a finished game whose record is not stored.
            storage.put_record(code, room.key, replay.record(room.game), now)
        try:
            storage.put_room(room, expected, now, closing=not room.humans)
        except storage.VersionConflict:
            continue
        return Change(room, events, refusal, conflicts=attempt)
    assert last_read is not None
    return Change(last_read, [], Refusal("conflict", "the room kept changing; send it again"), conflicts=attempts)


def pause_before(attempt: int) -> None:
    """The pause before attempt number ``attempt`` (1, 2, …) of a write that lost its race, or of another look at
    a room: drawn from [0, RETRY_PAUSE × 2^attempt) seconds, at most ``MAX_RETRY_PAUSE``."""
    time.sleep(random.uniform(0, min(MAX_RETRY_PAUSE, RETRY_PAUSE * 2**attempt)))


def cpu_delay() -> float:
    """How long CPU seats think in this deployment (the product's second unless a test sets its pace)."""
    return settings().cpu_delay or autoplay.CPU_DELAY


def create_room(new: Callable[[str], tuple[Room, list[Event]]], codes: Iterable[str], now: float) -> Change:
    """Store the room ``new(code)`` makes under the first of ``codes`` that is free (each claimed by a
    conditional put); ``no_free_room`` when none is."""
    for code in codes:
        room, events = new(code)
        room.version = 1
        try:
            storage.put_room(room, 0, now)
        except storage.VersionConflict:
            continue
        return Change(room, events)
    raise Refusal("no_free_room", "no free room code right now; try again later")


AccountOperation = Callable[[Account], bool]


def change_account(account_id: str, operation: AccountOperation, now: float) -> Account | None:
    """Apply ``operation`` to the account and store it on the condition that nobody wrote it since; re-read and
    re-apply on a lost race (as ``change_room`` does, with the same pauses).

    ``operation`` changes the account it is given and says whether it did (False: nothing is written); it may
    raise ``Refusal``. Returns the account as it now is, or None if there is none (never existed, deleted, expired):
    an account is never written back into existence. After ``MAX_ATTEMPTS`` lost races: ``conflict``.
    """
    for attempt in range(MAX_ATTEMPTS):
        if attempt:
            pause_before(attempt)
        account = storage.get_account(account_id, now)
        if account is None or not operation(account):
            return account
        expected = account.version
        account.version += 1
        try:
            storage.put_account(account, expected, now)
        except storage.VersionConflict:
            continue
        return account
    raise Refusal("conflict", "the account kept changing; send it again")


def create_account(account: Account, now: float) -> bool:
    """Store a new account; False if one with its id exists already (another device created it first)."""
    account.version = 1
    try:
        storage.put_account(account, 0, now)
    except storage.VersionConflict:
        return False
    return True
