"""The use cases: one function per client action (docs/protocol.md, "Client frames"), a closed connection and a
timer message.

Each validates what needs a read (identity, rate limits), hands a pure room operation to the unit of work
(``unit_of_work.change_room``), then tells everyone concerned what changed (``settle``: metrics, every member's
view, connections found gone, the sender's fresh room after ``stale`` or ``conflict``). ``dispatch`` maps a
parsed frame to its action; ``functions/gateway.py`` calls these from the Lambda events.
"""

from __future__ import annotations

import functools
import hmac
import math
import random
from collections.abc import Callable, Iterator
from typing import Any

from . import fanout, protocol as p, storage, timers
from .identity import hash_secret, matches, new_identity
from .observability import count, logger
from .refusal import Refusal
from .room import autoplay, lobby, play
from .room.model import Member, Room
from .room.turns import Event
from .room.view import room_view
from .settings import settings
from .unit_of_work import MAX_ATTEMPTS, Change, Operation, change_room, create_room

#: Refusals whose sender's screen is behind the room: it gets the room as it is (before the error frame).
RESYNC = frozenset({"stale", "conflict"})
CODE_ATTEMPTS = 30  # random codes tried before ``no_free_room`` (10 000 codes: only a nearly full space fails)
#: Writes a timer message tries before it is put back: more than a frame's (nobody waits on a spinner for it), its
#: pauses capped (unit_of_work.MAX_RETRY_PAUSE): at most about 1.3 s in all.
TIMER_ATTEMPTS = 10
FREE_JOIN_FAILURES = 3  # failed joins allowed before each next one is delayed
MAX_JOIN_DELAY = 60.0


@functools.cache
def _random() -> random.Random:
    """Where game seeds and room codes come from: the system's randomness, or, with the test-only setting
    ``DECKROOM_SEED``, a seeded generator (codes still never collide: each is claimed by a conditional put)."""
    seed = settings().seed
    return random.SystemRandom() if seed is None else random.Random(seed)


def join_delay(failures: int) -> float:
    """Seconds a connection waits after ``failures`` failed joins: 0, 0, 0, 2, 4, 8, … up to a minute.

    >>> [join_delay(n) for n in (1, 3, 4, 5, 10)]
    [0.0, 0.0, 2.0, 4.0, 60.0]
    """
    return 0.0 if failures <= FREE_JOIN_FAILURES else min(MAX_JOIN_DELAY, 2.0 ** (failures - FREE_JOIN_FAILURES))


def _new_seed() -> int:
    return _random().getrandbits(63)


def ping(frame: p.Ping, conn: str, now: float) -> None:
    """``pong``; first the room again if the sender's newest frame of it is older than the room."""
    if frame.room is not None and frame.version is not None:
        room = storage.get_room(frame.room, now)
        member = room.member_by_conn(conn) if room else None
        if room is not None and member is not None and room.version > frame.version:
            fanout.post(conn, room_view(room, member, now, []))
    fanout.post(conn, _with_rid({"type": "pong", "now": now}, frame.rid))


def hello(frame: p.Hello, conn: str, now: float) -> None:
    """A new guest gets an identity; a returning one gets their seat back if ``room`` still has them."""
    _release_seat_of_another_identity(conn, frame.player_id, now)
    if frame.player_id is None:
        player_id, secret = new_identity()
        storage.update_connection(conn, now, player_id=player_id, secret_hash=hash_secret(secret),
                                  name=frame.name, room=None)
        fanout.post(conn, _with_rid({"type": "welcome", "player_id": player_id, "secret": secret,
                                     "name": frame.name, "room": None}, frame.rid))
        return
    assert frame.secret is not None
    secret_hash = hash_secret(frame.secret)
    welcome = {"type": "welcome", "player_id": frame.player_id, "name": frame.name, "room": None}

    def rebind(room: Room) -> list[Event]:
        member = room.member_by_player(frame.player_id or "")
        if member is None:
            return []
        if not matches(frame.secret or "", member.secret_hash):
            raise Refusal("bad_credentials", "this player id and secret do not match")
        return lobby.reconnect(room, member, conn, frame.name)

    if frame.room is not None:
        try:
            change = _change(frame.room, rebind, now)
        except Refusal as refusal:
            if refusal.code != "room_not_found":
                raise
        else:
            member = change.room.member_by_conn(conn) if change.refusal is None else None
            if member is not None:
                storage.update_connection(conn, now, player_id=frame.player_id, secret_hash=secret_hash,
                                          name=member.name, room=change.room.code)
                fanout.post(conn, _with_rid({**welcome, "name": member.name, "room": change.room.code}, frame.rid))
            settle(change, now, rid=frame.rid, requester=conn)
            if member is not None:
                return
    storage.update_connection(conn, now, player_id=frame.player_id, secret_hash=secret_hash,
                              name=frame.name, room=None)
    fanout.post(conn, _with_rid(welcome, frame.rid))


def create(frame: p.Create, conn: str, now: float) -> None:
    """A new room with a free code, hosted by the sender."""
    record = _identified(conn, now)

    def new(code: str) -> tuple[Room, list[Event]]:
        room = lobby.new_room(code, _member(record, now), mode=frame.mode, cpu_level=frame.cpu_level)
        return room, [{"code": "member_joined", "member": room.host, "name": record.name, "spectator": False}]

    change = create_room(new, _free_codes(), now)
    storage.update_connection(conn, now, room=change.room.code)
    settle(change, now, rid=frame.rid, requester=conn)


def join(frame: p.Join, conn: str, now: float) -> None:
    """Join room ``code`` (or take one's seat back in it); failed joins from one connection are slowed down."""
    record = _identified(conn, now)
    if record.blocked_until > now:
        raise Refusal("too_many_attempts", "too many failed joins; wait a little",
                      retry_after=math.ceil(record.blocked_until - now))

    def enter(room: Room) -> list[Event]:
        member = room.member_by_player(record.player_id or "")
        if member is None:
            return lobby.join(room, _member(record, now))
        if record.secret_hash is None or member.secret_hash is None or \
                not hmac.compare_digest(record.secret_hash, member.secret_hash):
            raise Refusal("bad_credentials", "this player id and secret do not match")
        return lobby.reconnect(room, member, conn)

    try:
        change = _change(frame.code, enter, now)
    except Refusal as refusal:
        if refusal.code == "room_not_found":
            failures = record.failures + 1
            storage.update_connection(conn, now, failures=failures, blocked_until=now + join_delay(failures))
        raise
    if change.refusal is None:
        storage.update_connection(conn, now, room=change.room.code)
    settle(change, now, rid=frame.rid, requester=conn)


def leave(frame: p.Leave, conn: str, now: float) -> None:
    settle(_change(frame.room, lambda room: lobby.leave(room, actor(room, conn)), now), now)
    storage.update_connection(conn, now, room=None)
    fanout.post(conn, _with_rid({"type": "left", "room": frame.room}, frame.rid))


def move(frame: p.Move, conn: str, now: float) -> None:
    _act(frame, conn, now, lambda room, me: play.move(room, me, frame.move, frame.version, now))


def _simple(operation: Callable[[Any, Room, Member, float], list[Event]]) -> Callable[..., None]:
    """An action that is one room operation of the acting member."""
    def action(frame: Any, conn: str, now: float) -> None:
        _act(frame, conn, now, lambda room, me: operation(frame, room, me, now))
    return action


ACTIONS: dict[type[p.Frame], Callable[..., None]] = {
    p.Ping: ping,
    p.Hello: hello,
    p.Create: create,
    p.Join: join,
    p.Leave: leave,
    p.Move: move,
    p.SetSettings: _simple(lambda f, room, me, now: lobby.set_settings(room, me, f.mode, f.cpu_level)),
    p.SelectGame: _simple(lambda f, room, me, now: lobby.select_game(room, me, f.game)),
    p.Vote: _simple(lambda f, room, me, now: lobby.vote(room, me, f.game)),
    p.SetOptions: _simple(lambda f, room, me, now: lobby.set_options(room, me, f.game, f.preset, f.options)),
    p.AddCpu: _simple(lambda f, room, me, now: lobby.add_cpu(room, me)),
    p.RemoveCpu: _simple(lambda f, room, me, now: lobby.remove_cpu(room, me, f.seat)),
    p.Start: _simple(lambda f, room, me, now: play.start(room, me, f.game, _new_seed(), now)),
    p.Rematch: _simple(lambda f, room, me, now: play.rematch(room, me, _new_seed(), now)),
    p.ToLobby: _simple(lambda f, room, me, now: play.to_lobby(room, me)),
}


def dispatch(frame: p.Frame, conn: str, now: float) -> None:
    """Carry out ``frame`` for connection ``conn``; raises ``Refusal`` when it is refused."""
    ACTIONS[type(frame)](frame, conn, now)


def disconnect(conn: str, now: float) -> None:
    """The connection closed: its member is disconnected (the stand-in grace starts), its record forgotten."""
    record = storage.get_connection(conn)
    if record.room is not None:
        try:
            settle(_change(record.room, lambda room: lobby.disconnect(room, conn, now), now), now)
        except Refusal as refusal:  # the room is gone: nothing to tell anyone
            logger.info("disconnect without room", extra={"code": refusal.code})
    storage.delete_connection(conn)


def timer(message: timers.TimerMessage, now: float) -> None:
    """A timer message: apply what is due in its room, if its ``at`` is still the room's deadline.

    A duplicate or outdated message finds another deadline (or none) and changes nothing; one that arrives early
    (SQS delays are whole seconds, at most 15 minutes) is sent again for the rest of the wait. One that finds the
    room older than the write that scheduled it (the message goes out just before that write, which may land
    late) is put back for a short while, as is one that lost the write race ``TIMER_ATTEMPTS`` times: no CPU seat
    waits for SQS's visibility timeout (minutes) to be looked at again.
    """
    found = "nothing"

    def due_work(room: Room) -> list[Event]:
        nonlocal found
        if room.due is None or room.due.at != message.at:
            # ``room.version`` is already the version this change would store: the room as read is one older.
            unwritten = message.version is not None and room.version - 1 < message.version
            found = "unwritten" if unwritten else "nothing"
            return []
        if message.at > now:
            found = "early"
            return []
        found = "due"
        return autoplay.catch_up(room, now)

    try:
        change = _change(message.room, due_work, now, catch_up=False, attempts=TIMER_ATTEMPTS)
    except Refusal as refusal:
        if refusal.code != "room_not_found":
            raise
        return
    if change.refusal is not None:  # ``conflict``: the room kept changing through every attempt
        found, change = "contended", Change(change.room, [], conflicts=change.conflicts)
    settle(change, now)
    if found == "early":
        timers.schedule(message.room, message.at, now)
    elif found in ("unwritten", "contended"):
        logger.info("timer put back", extra={"found": found, "at": message.at, "version": message.version,
                                             "put_backs": message.put_backs})
        if not timers.put_back(message):
            if found == "contended":  # SQS delivers it again after its visibility timeout, then parks it
                raise Refusal("conflict", "the room kept changing")
            logger.warning("timer dropped: the write that scheduled it never landed",
                           extra={"at": message.at, "version": message.version})


def settle(change: Change, now: float, *, rid: str | None = None, requester: str | None = None) -> None:
    """Tell everyone concerned what ``change`` did, then raise its refusal if it has one.

    Every connected member is posted their view of what was stored; ``rid`` goes to the ``requester`` only, and
    only when the request was carried out (a refused request's reply is its error frame). Members whose frame
    could not be delivered (410 Gone, or a post still failing after botocore's retries) are marked disconnected —
    a change of its own, whose fan-out skips them, and so on until every post is delivered — and their
    connections closed, so a phone that missed a frame reconnects and resumes with the whole room. A sender
    refused with ``stale`` or ``conflict`` gets the room as it is, once, before the error frame.
    """
    if change.conflicts:
        count("Conflicts", change.conflicts)
    refusal, room, events = change.refusal, change.room, change.events
    sender = room.member_by_conn(requester) if requester is not None else None
    sender_posted = False
    reply_rid = rid if refusal is None else None
    while events:
        _count(events)
        logger.debug("stored", extra={"code": room.code, "stored_version": room.version, "events": [
            [e["code"], e.get("seat"), e.get("move", {}).get("type")] for e in events]})
        gone = fanout.send_views(room, events, now, rid=reply_rid, requester=requester)
        sender_posted = sender_posted or (sender is not None and sender.conn not in gone)
        if not gone:
            break
        logger.info("connections gone", extra={"connections": gone})
        for conn in gone:
            fanout.close(conn)
        disconnected = change_room(room.code, lambda r: [e for c in gone for e in lobby.disconnect(r, c, now)],
                                   now, catch_up=False)
        room, events, reply_rid, sender = disconnected.room, disconnected.events, None, None
    if refusal is None:
        return
    if refusal.code in RESYNC and requester is not None and not sender_posted:
        member = change.room.member_by_conn(requester)
        if member is not None:
            fanout.post(requester, room_view(change.room, member, now, []))
    raise refusal


def actor(room: Room, connection_id: str) -> Member:
    """The member this connection speaks for; ``not_in_room`` if none (a seat is never taken from the frame)."""
    member = room.member_by_conn(connection_id)
    if member is None:
        raise Refusal("not_in_room", f"this connection is not in room {room.code}")
    return member


def _change(code: str, operation: Operation, now: float, *, catch_up: bool = True,
            attempts: int = MAX_ATTEMPTS) -> Change:
    logger.append_keys(room=code)
    return change_room(code, operation, now, catch_up=catch_up, attempts=attempts)


def _act(frame: Any, conn: str, now: float, operation: Callable[[Room, Member], list[Event]]) -> None:
    """The acting member's ``operation`` on the frame's room, settled with the frame's ``rid``."""
    change = _change(frame.room, lambda room: operation(room, actor(room, conn)), now)
    settle(change, now, rid=frame.rid, requester=conn)


def _count(events: list[Event]) -> None:
    for code, metric in (("moved", "Moves"), ("game_started", "GamesStarted"), ("game_over", "GamesFinished")):
        n = sum(e["code"] == code for e in events)
        if n:
            count(metric, n)


def _free_codes() -> Iterator[str]:
    """Random room codes to try, ``CODE_ATTEMPTS`` of them."""
    return (f"{_random().randrange(10_000):04d}" for _ in range(CODE_ATTEMPTS))


def _identified(conn: str, now: float) -> storage.Connection:
    """The sender's connection record, which must carry an identity and no room it is still in."""
    record = storage.get_connection(conn)
    if record.player_id is None:
        raise Refusal("no_identity", "send hello first")
    if record.room is not None:
        room = storage.get_room(record.room, now)
        if room is not None and room.member_by_conn(conn) is not None:
            raise Refusal("already_in_room", f"this connection is in room {record.room}; leave it first")
    return record


def _release_seat_of_another_identity(conn: str, player_id: str | None, now: float) -> None:
    """A connection is in at most one room. One that holds a seat and says hello as someone else (a new guest, or
    another player) lets the seat go, as if that tab had closed: the member is disconnected (a stand-in plays after
    the grace) rather than left acting for one room while joining another. The same player again keeps it."""
    record = storage.get_connection(conn)
    if record.room is None or (player_id is not None and player_id == record.player_id):
        return
    try:
        settle(_change(record.room, lambda room: lobby.disconnect(room, conn, now), now), now)
    except Refusal:  # the room is gone: nothing to release
        pass


def _member(record: storage.Connection, now: float) -> Member:
    return Member(id="", name=record.name or "?", player_id=record.player_id, secret_hash=record.secret_hash,
                  conn=record.id, joined_at=now)


def _with_rid(frame: dict[str, Any], rid: str | None) -> dict[str, Any]:
    return frame if rid is None else {**frame, "rid": rid}
