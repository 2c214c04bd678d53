"""The use cases: one function per client action (docs/protocol.md, "Client frames"), a closed connection and a
timer message.

Each validates what needs a read (identity, throttles), hands a pure room operation to the unit of work
(``unit_of_work.change_room``), then tells everyone concerned what changed (``settle``: metrics, every member's
view, connections found gone, the sender's fresh room after ``stale`` or ``conflict``). ``dispatch`` maps a
parsed frame to its action; ``functions/gateway.py`` calls these from the Lambda events.

A frame about a room from a connection that is not its member gets ``not_in_room`` whether the room exists or
not, and costs a failed join (``functions/throttle.py``), so no frame tells a stranger which codes are live.
"""

from __future__ import annotations

import functools
import hmac
import random
from collections.abc import Callable, Iterator
from typing import Any

from aws_lambda_powertools.metrics import MetricUnit

from . import fanout, protocol as p, storage, throttle, timers
from .identity import hash_secret, matches, new_identity
from .observability import logger, metrics
from .refusal import Refusal
from .room import autoplay, lobby, play
from .room.model import Member, Room
from .room.turns import Event
from .room.view import room_view
from .settings import settings
from .unit_of_work import Change, Operation, change_room, create_room

#: Refusals whose sender's screen is behind the room: it gets the room as it is (before the error frame).
RESYNC = frozenset({"stale", "conflict"})
#: Room codes have 4 digits, then 6, then 8: a length is left when ``TRIES_PER_LENGTH`` random codes of it in a
#: row are taken — the 4-digit codes are crowded (with half of them taken, one new room in 16 gets 6 digits).
CODE_LENGTHS = (4, 6, 8)
TRIES_PER_LENGTH = 4
CREATING = "new"  # a connection's ``room`` while it creates one (never a code: codes are digits)


@functools.cache
def _random() -> random.Random:
    """Where game seeds and room codes come from: the system's randomness, or, with the test-only setting
    ``DECKROOM_SEED``, a seeded generator (codes still never collide: each is claimed by a conditional put)."""
    seed = settings().seed
    return random.SystemRandom() if seed is None else random.Random(seed)


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
    _release_other_seat(conn, frame.player_id, frame.room, now)
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
    """A new room with a free code, hosted by the sender; creations are limited per address and per player."""
    record = _identified(conn, now)

    def new(code: str) -> tuple[Room, list[Event]]:
        room = lobby.new_room(code, _member(record, now), mode=frame.mode, cpu_level=frame.cpu_level)
        return room, [{"code": "member_joined", "member": room.host, "name": record.name, "spectator": False}]

    ticket = throttle.take(throttle.CREATES, record.player_id, now)
    try:
        _claim(conn, CREATING, record.room, now)
        change = create_room(new, _free_codes(), now)
    except Refusal as refusal:
        throttle.give_back(ticket)
        if refusal.code != "already_in_room":
            _claim(conn, None, CREATING, now)
        raise
    storage.update_connection(conn, now, room=change.room.code)
    settle(change, now, rid=frame.rid, requester=conn)


def join(frame: p.Join, conn: str, now: float) -> None:
    """Join room ``code`` (or take one's seat back in it). Every join is counted against the sender's address and
    player before the room is looked up, and given back when it succeeds: only failed joins use the limit up."""
    record = _identified(conn, now)
    ticket = throttle.take(throttle.JOINS, record.player_id, now)
    try:
        _claim(conn, frame.code, record.room, now)
    except Refusal:
        throttle.give_back(ticket)
        raise

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
    except Refusal:  # room_not_found: a failed join
        _claim(conn, None, frame.code, now)
        raise
    if change.refusal is None or change.refusal.code == "conflict":  # joined, or the server's failure
        throttle.give_back(ticket)
    if change.refusal is not None:
        _claim(conn, None, frame.code, now)
    settle(change, now, rid=frame.rid, requester=conn)


def leave(frame: p.Leave, conn: str, now: float) -> None:
    """The sender leaves the room; its creator leaving as the last person in gives the room back to their limit."""
    leaver: list[Member] = []

    def go(room: Room, me: Member) -> list[Event]:
        leaver[:] = [me]
        return lobby.leave(room, me)

    change = _member_change(frame.room, conn, now, go)
    settle(change, now)
    storage.update_connection(conn, now, room=None)
    (me,) = leaver
    if not change.room.humans and me.id == lobby.CREATOR and me.player_id is not None:
        throttle.give_back_room(me.player_id, me.joined_at, now)
    fanout.post(conn, _with_rid({"type": "left", "room": frame.room}, frame.rid))


def remove_member(frame: p.RemoveMember, conn: str, now: float) -> None:
    """The host removes a person; the removed person's phone is told why (``removed``), not the others'."""
    target_conn: list[str | None] = [None]

    def remove(room: Room, me: Member) -> list[Event]:
        target = room.member(frame.member)
        target_conn[0] = target.conn if target is not None else None
        return lobby.remove_member(room, me, frame.member)

    _act(frame, conn, now, remove)
    if target_conn[0] is not None:
        fanout.post(target_conn[0], {"type": "removed", "room": frame.room, "reason": frame.reason})


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
    p.SetSettings: _simple(lambda f, room, me, now: lobby.set_settings(room, me, f.mode, f.cpu_level, f.turn_timer)),
    p.SelectGame: _simple(lambda f, room, me, now: lobby.select_game(room, me, f.game)),
    p.Vote: _simple(lambda f, room, me, now: lobby.vote(room, me, f.game)),
    p.SetOptions: _simple(lambda f, room, me, now: lobby.set_options(room, me, f.game, f.preset, f.options)),
    p.AddCpu: _simple(lambda f, room, me, now: lobby.add_cpu(room, me)),
    p.RemoveCpu: _simple(lambda f, room, me, now: lobby.remove_cpu(room, me, f.seat)),
    p.Start: _simple(lambda f, room, me, now: play.start(room, me, f.game, _new_seed(), now)),
    p.Rematch: _simple(lambda f, room, me, now: play.rematch(room, me, _new_seed(), now)),
    p.ToLobby: _simple(lambda f, room, me, now: play.to_lobby(room, me)),
    p.RemoveMember: remove_member,
    p.SetOpen: _simple(lambda f, room, me, now: lobby.set_open(room, me, f.open)),
    p.Back: _simple(lambda f, room, me, now: lobby.back(room, me)),
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


def timer(code: str, at: float, now: float) -> None:
    """A timer message for room ``code``'s deadline ``at``: apply what is due, if ``at`` is still its deadline.

    A duplicate or outdated message finds another deadline (or none) and changes nothing; one that arrives early
    (SQS delays are whole seconds, at most 15 minutes) is sent again for the rest of the wait.
    """
    early = False

    def due_work(room: Room) -> list[Event]:
        nonlocal early
        if at not in autoplay.wakes(room):
            return []
        if at > now:
            early = True
            return []
        return autoplay.catch_up(room, now)

    try:
        change = _change(code, due_work, now, catch_up=False)
    except Refusal as refusal:
        if refusal.code != "room_not_found":
            raise
        return
    settle(change, now)
    if early:
        timers.schedule(code, at, now)


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
        metrics.add_metric(name="Conflicts", unit=MetricUnit.Count, value=change.conflicts)
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


def _change(code: str, operation: Operation, now: float, *, catch_up: bool = True) -> Change:
    logger.append_keys(room=code)
    return change_room(code, operation, now, catch_up=catch_up)


def _act(frame: Any, conn: str, now: float, operation: Callable[[Room, Member], list[Event]]) -> None:
    """The acting member's ``operation`` on the frame's room, settled with the frame's ``rid``. A person the
    stand-in plays for who acts is back (``lobby.present``)."""

    def act(room: Room, me: Member) -> list[Event]:
        events = operation(room, me)
        return events + lobby.present(me) if events else events

    settle(_member_change(frame.room, conn, now, act), now, rid=frame.rid, requester=conn)


def _member_change(code: str, conn: str, now: float, operation: Callable[[Room, Member], list[Event]]) -> Change:
    """The change ``operation`` makes as the member ``conn`` speaks for. A connection that is not a member gets
    ``not_in_room`` whether room ``code`` exists or not, at the cost of a failed join."""
    try:
        change = _change(code, lambda room: operation(room, actor(room, conn)), now)
    except Refusal as refusal:
        if refusal.code != "room_not_found":
            raise
        raise _stranger(conn, code, now) from None
    if change.refusal is not None and change.refusal.code == "not_in_room":
        change.refusal = _stranger(conn, code, now)
    return change


def _stranger(conn: str, code: str, now: float) -> Refusal:
    """The answer to a frame about room ``code`` from a connection that is not in it, counted as a failed join."""
    try:
        throttle.take(throttle.JOINS, storage.get_connection(conn).player_id, now)
    except Refusal as refusal:
        return refusal
    return Refusal("not_in_room", f"this connection is not in room {code}")


def _claim(conn: str, room: str | None, seen: str | None, now: float) -> None:
    """Put the connection in ``room`` (None: in none) if its record still says ``seen``: of two frames racing to
    put one connection in two rooms, one is refused ``already_in_room``."""
    try:
        storage.claim_room(conn, room, seen, now)
    except storage.RoomTaken:
        if room is not None:
            raise Refusal("already_in_room", "this connection is joining or creating another room") from None


def _count(events: list[Event]) -> None:
    for code, metric in (("moved", "Moves"), ("game_started", "GamesStarted"), ("game_over", "GamesFinished")):
        count = sum(e["code"] == code for e in events)
        if count:
            metrics.add_metric(name=metric, unit=MetricUnit.Count, value=count)


def _free_codes() -> Iterator[str]:
    """Random room codes to try: ``TRIES_PER_LENGTH`` of each of ``CODE_LENGTHS`` (the 4-digit ones among the
    first ``short_codes``: all 10 000 but in tests)."""
    for length in CODE_LENGTHS:
        space = settings().short_codes if length == 4 else 10**length
        for _ in range(TRIES_PER_LENGTH):
            yield f"{_random().randrange(space):0{length}d}"


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


def _release_other_seat(conn: str, player_id: str | None, room: str | None, now: float) -> None:
    """A connection is in at most one room. One that holds a seat and says hello as someone else (a new guest, or
    another player), or for another room or none, lets the seat go, as if that tab had closed: the member is
    disconnected (a stand-in plays after the grace) rather than left acting for one room while in another. The
    same player resuming the same room keeps it."""
    record = storage.get_connection(conn)
    if record.room is None or (player_id is not None and player_id == record.player_id and room == record.room):
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
