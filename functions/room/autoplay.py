"""What the server does by itself: CPU seats act about a second after each change, a disconnected player's seat
is played by a CPU stand-in once the grace has passed, the stand-in moves for a connected player whose turn timer
ran out (and plays for them after three in a row, until they act again), the engine's rule deadlines fall due,
and the host's role passes on when the host has been disconnected for a while.

``next_due`` says what comes next in the game and when (it is stored on the room and a timer message is sent for
it); ``host_pass_at`` when the host's role passes, in any phase (computed once per change, never stored);
``wakes`` both, ``first_wake`` the first of them (the room's timer message is due then: ``timers.needed``).
``catch_up`` applies everything already due at a given time. Every request calls ``catch_up`` first, so timer
messages are never the only path to a correct room: a late, lost or duplicated message changes nothing.

A CPU seat plays at the room's CPU level; a stand-in always at the engine's default level (a person's absence
makes their seat neither stronger nor weaker). In a game that forces only moves (``Game.forces_only_moves``), a
seat's only legal move is no decision, so it is not scheduled here: ``turns`` makes it in the same change as the
step before it, for a CPU or a stand-in as for a person (a CPU's forced draw does not wait its second).
"""

from __future__ import annotations

import random
from typing import Any, Literal

from . import catalog
from .lobby import pass_host, successor
from .model import Due, Member, Room
from .turns import Event, apply_deadline, apply_move

CPU_DELAY = 1.0  # seconds a CPU "thinks" (CPU seats move after about one second, as on the table players know)
STANDIN_GRACE = 30.0  # seconds a disconnected player has before a CPU plays their turns
HOST_GRACE = 30.0  # seconds a disconnected host keeps the role while someone else is connected
TIMEOUTS_BEFORE_AWAY = 3  # turns in a row timed out before the stand-in plays every turn of the seat
IDLE_TURN = 210.0  # with no turn timer: seconds a connected person in turn has before the stand-in moves ...
IDLE_ASK = 30.0  # ... asked "still there?" for the last of them (docs/protocol.md, deadline kind "idle")
MAX_STEPS_PER_CATCH_UP = 400  # a whole game of CPU moves is far below this; it bounds a bug, not a game


def absent(member: Member, now: float) -> bool:
    """Whether the stand-in would play for ``member`` at ``now``: they are away (three turns timed out), or
    disconnected for the stand-in's grace. An absent person is not dealt into a new game (``play``)."""
    if member.cpu:
        return False
    if member.away:
        return True
    return member.conn is None and (member.dropped_at is None or now - member.dropped_at >= STANDIN_GRACE)


def host_pass_at(room: Room) -> float | None:
    """When the host's role passes on: ``HOST_GRACE`` after the host disconnected, if someone else is connected.
    A change computes it once (``host_pass_after`` keeps it through what did not change who is connected); to
    whom it passes is asked only when it does (``successor``)."""
    host = room.member(room.host)
    if host is None or host.conn is not None or not any(m.conn is not None and m is not host for m in room.humans):
        return None
    return (host.dropped_at or 0.0) + HOST_GRACE


#: The events after which who hosts, or who is connected, may have changed: only they move ``host_pass_at``.
PRESENCE_EVENTS = frozenset(("member_joined", "member_connected", "member_disconnected", "member_left",
                             "member_removed", "host_changed"))


def host_pass_after(room: Room, host_at: float | None, events: list[Event]) -> float | None:
    """``host_pass_at`` after ``events``, given ``host_at`` before them: computed again only when one of them
    changed who hosts or who is connected (bot moves, turn timers, settings never do)."""
    if any(event["code"] in PRESENCE_EVENTS for event in events):
        return host_pass_at(room)
    return host_at


def wakes(room: Room, host_at: float | None) -> list[float]:
    """Every time the server has something to do in this room by itself: the game's next deadline, the host's
    role passing on (at ``host_at``: ``host_pass_at``)."""
    return [at for at in (room.due.at if room.due else None, host_at) if at is not None]


def first_wake(room: Room, host_at: float | None) -> float | None:
    """The first of ``wakes``: when the room's timer message is due."""
    return min(wakes(room, host_at), default=None)


#: What each bot decided so far, by (game number, step, seat) — a move, or None when an off-turn bot lets the
#: moment pass: a memo that outlives one attempt of a change (a decision depends on nothing but the step).
Decisions = dict[tuple[int, int, int], dict[str, Any] | None]


def next_due(room: Room, *, cpu_delay: float = CPU_DELAY, decided: Decisions | None = None) -> Due | None:
    """The next thing due in the running game (the earliest), or None; CPU seats move ``cpu_delay`` after each
    change. Who acts is asked of the engine (a seat's legal moves); what a bot in turn plays is decided only when
    it is due (``catch_up``), so a person's change pays for no CPU's thinking. ``decided``: as for ``catch_up``
    (an off-turn bot's decision whether it acts is taken from it, or kept in it)."""
    return _next(room, cpu_delay, {} if decided is None else decided)


def catch_up(room: Room, now: float, *, host_at: float | None, cpu_delay: float = CPU_DELAY,
             decided: Decisions | None = None) -> list[Event]:
    """Apply, in order, every bot move and rule deadline due at ``now`` (each at its own due time), CPU seats
    moving ``cpu_delay`` after each change, then the host's role passing on if due (``host_at``: the room's
    ``host_pass_at``, which no bot move changes).

    ``decided`` (if given) keeps each bot move decided here: a change that lost the write race and runs again on
    the newer room takes the move from it while the game is still at that step, instead of thinking again (a
    ``hard`` CPU's search takes a tenth of a second or more, and a decision depends on nothing but the step).
    Leaves ``room.due`` at what comes next.
    """
    events: list[Event] = []
    memo: Decisions = {} if decided is None else decided
    for _ in range(MAX_STEPS_PER_CATCH_UP):
        due = _next(room, cpu_delay, memo)
        if due is None or due.at > now:
            room.due = due
            break
        if due.kind == "engine":
            events += apply_deadline(room, due.at)
        elif due.kind == "turn" or due.kind == "idle":  # the turn timer ran out, or nobody answered "still there?"
            events += _time_out(room, due)
        else:
            move = _decided(room, due, memo)
            assert due.seat is not None and move is not None  # ``_next`` lists an off-turn bot only when it acts
            events += apply_move(room, due.seat, move, due.at, by=due.kind)
    if host_at is not None and host_at <= now:
        heir = successor(room)  # now, after the moves: one may have made a person away
        assert heir is not None  # someone else is connected (``host_pass_at``), and no move disconnects anyone
        events += pass_host(room, heir)
    return events


def _time_out(room: Room, due: Due) -> list[Event]:
    """The deadline of the person at ``due.seat`` ran out (``_person_deadline``): the stand-in moves for them; after
    ``TIMEOUTS_BEFORE_AWAY`` in a row it plays every turn of theirs until they act again."""
    record = room.game
    assert record is not None and due.seat is not None
    member = room.member(record.seats[due.seat])
    assert member is not None
    move = _decision(room, due.seat, catalog.standin_level()) or record.rules.legal_moves(record.state, due.seat)[0]
    events = apply_move(room, due.seat, move, due.at, by="timeout")
    member.timeouts += 1
    if member.timeouts >= TIMEOUTS_BEFORE_AWAY and not member.away:
        member.away = True
        events.append({"code": "member_away", "member": member.id})
    return events


def _next(room: Room, cpu_delay: float, decided: Decisions) -> Due | None:
    record = room.game
    if record is None or record.result is not None:
        return None
    game, state = record.rules, record.state
    candidates: list[Due] = []
    deadline = game.next_deadline(state)
    if deadline is not None:
        candidates.append(Due(at=deadline, kind="engine"))
    current = game.current(state)
    for seat in range(len(record.seats)):
        bot = _bot(room, seat, cpu_delay)
        if bot is not None and game.legal_moves(state, seat):
            candidates.append(Due(at=bot[1], kind=bot[0], seat=seat, step=record.steps))
    person = _person_deadline(room, current, cpu_delay)
    if person is not None:
        candidates.append(person)
    # Earliest first; at the same time the rule deadline, then the seat whose turn it is, then seat order.
    candidates.sort(key=lambda c: (c.at, c.kind != "engine", c.seat != current, c.seat or 0))
    # In turn a bot always moves; off turn (a call-out it may miss) only its decision says whether it acts, asked
    # only when nothing comes before it.
    return next((due for due in candidates if due.kind not in ("cpu", "standin") or due.seat == current
                 or _decided(room, due, decided) is not None), None)


def _person_deadline(room: Room, current: int | None, cpu_delay: float) -> Due | None:
    """The deadline of a connected person in turn: the turn timer's end (``"turn"``), or with no timer
    ``IDLE_TURN`` after the game's last change or their last "still there?" answer (``"idle"``, ``Member.here_at``).
    When it runs out the stand-in moves for them; its move is decided only then."""
    record = room.game
    assert record is not None
    if current is None or _bot(room, current, cpu_delay) is not None or \
            not record.rules.legal_moves(record.state, current):
        return None
    if room.turn_timer:
        return Due(at=record.changed_at + room.turn_timer, kind="turn", seat=current, step=record.steps)
    member = room.member(record.seats[current])
    assert member is not None
    since = max(record.changed_at, member.here_at or 0.0)
    return Due(at=since + IDLE_TURN, kind="idle", seat=current, step=record.steps)


def _level(room: Room, kind: str) -> str:
    """A CPU seat plays at the room's level, a stand-in at the engine's default."""
    return room.cpu_level if kind == "cpu" else catalog.standin_level()


def _decided(room: Room, due: Due, decided: Decisions) -> dict[str, Any] | None:
    """``_bot_move``, decided once per (game number, step, seat) and kept in ``decided``."""
    assert room.game is not None and due.step is not None and due.seat is not None
    key = (room.game.number, due.step, due.seat)
    if key not in decided:
        decided[key] = _bot_move(room, due)
    return decided[key]


def _bot_move(room: Room, due: Due) -> dict[str, Any] | None:
    """What the bot at ``due.seat`` plays now (None: it lets the moment pass, off turn only). In turn a CPU always
    moves; should it ever decline, it takes its first legal move rather than hold the table up."""
    record = room.game
    assert record is not None and due.seat is not None
    move = _decision(room, due.seat, _level(room, due.kind))
    if move is None and due.seat == record.rules.current(record.state):
        return record.rules.legal_moves(record.state, due.seat)[0]
    return move


def _decision(room: Room, seat: int, level: str) -> dict[str, Any] | None:
    """What a bot playing ``seat`` at ``level`` does now (None: nothing). Seeded by (game seed, step, seat), so
    the same step always gets the same move, whichever invocation decides it."""
    record = room.game
    assert record is not None
    view = record.rules.view(record.state, seat)
    if not view.get("legal"):
        return None
    rng = random.Random(f"{record.seed}:{record.steps}:{seat}")
    return catalog.cpu_choice(record.id, view, rng, level)


def _bot(room: Room, seat: int, cpu_delay: float) -> tuple[Literal["cpu", "standin"], float] | None:
    """Who plays ``seat`` if not a person at the phone: ``("cpu" | "standin", earliest time)``, or None."""
    record = room.game
    assert record is not None
    member = room.member(record.seats[seat])
    soon = record.changed_at + cpu_delay
    if member is None or seat in record.left:  # left the room, or the game, during the game
        return "standin", soon
    if member.cpu:
        return "cpu", soon
    if member.conn is None:
        dropped = member.dropped_at if member.dropped_at is not None else record.changed_at
        at = max(soon, dropped + STANDIN_GRACE)
        if room.turn_timer and seat == record.rules.current(record.state):
            # The grace never outlasts the turn timer: else dropping the socket just before the timer runs out
            # (and resuming) would stretch the turn by the grace.
            at = min(at, record.changed_at + room.turn_timer)
        return "standin", at
    if member.away:
        return "standin", soon
    return None
