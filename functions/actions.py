"""One function per client action (docs/protocol.md, "Client frames"): identity, rooms, lobby and play.

Each validates what needs a read (identity, rate limits), then hands a pure room operation to
``service.change_room``. ``dispatch`` maps a parsed frame to its action.
"""

from __future__ import annotations

import hmac
import math
import os
import random
from typing import Any, Callable

from . import fanout, protocol as p, storage
from .identity import hash_secret, matches, new_identity
from .refusal import Refusal
from .room import lobby, play
from .room.model import Member, Room
from .room.view import room_view
from .service import actor, change_room

CODE_ATTEMPTS = 30  # random codes tried before ``no_free_room`` (10 000 codes: only a nearly full space fails)
FREE_JOIN_FAILURES = 3  # failed joins allowed before each next one is delayed
MAX_JOIN_DELAY = 60.0

# Game seeds and room codes. DECKROOM_SEED (tests only, never set in AWS) makes them reproducible; codes still
# never collide, since each is claimed by a conditional put.
_random = random.Random(os.environ["DECKROOM_SEED"]) if "DECKROOM_SEED" in os.environ else random.SystemRandom()


def join_delay(failures: int) -> float:
    """Seconds a connection waits after ``failures`` failed joins: 0, 0, 0, 2, 4, 8, … up to a minute.

    >>> [join_delay(n) for n in (1, 3, 4, 5, 10)]
    [0.0, 0.0, 2.0, 4.0, 60.0]
    """
    return 0.0 if failures <= FREE_JOIN_FAILURES else min(MAX_JOIN_DELAY, 2.0 ** (failures - FREE_JOIN_FAILURES))


def _new_seed() -> int:
    return _random.getrandbits(63)


def ping(frame: p.Ping, conn: str, now: float) -> None:
    if frame.room is not None and frame.version is not None:
        resync(frame.room, conn, now, newer_than=frame.version)
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

    def rebind(room: Room) -> list[dict[str, Any]]:
        member = room.member_by_player(frame.player_id or "")
        if member is None:
            return []
        if not matches(frame.secret or "", member.secret_hash):
            raise Refusal("bad_credentials", "this player id and secret do not match")
        return lobby.reconnect(room, member, conn, frame.name)

    def announce(room: Room) -> None:
        member = room.member_by_player(frame.player_id or "")
        assert member is not None
        storage.update_connection(conn, now, player_id=frame.player_id, secret_hash=secret_hash,
                                  name=member.name, room=room.code)
        fanout.post(conn, _with_rid({**welcome, "name": member.name, "room": room.code}, frame.rid))

    if frame.room is not None:
        try:
            room = change_room(frame.room, rebind, now, rid=frame.rid, requester=conn, announce=announce)
            if room.member_by_conn(conn) is not None:
                return
        except Refusal as refusal:
            if refusal.code != "room_not_found":
                raise
    storage.update_connection(conn, now, player_id=frame.player_id, secret_hash=secret_hash,
                              name=frame.name, room=None)
    fanout.post(conn, _with_rid(welcome, frame.rid))


def create(frame: p.Create, conn: str, now: float) -> None:
    """A new room with a free code (a conditional put per attempt), hosted by the sender."""
    record = _identified(conn, now)
    for _ in range(CODE_ATTEMPTS):
        room = lobby.new_room(f"{_random.randrange(10_000):04d}", _member(record, now),
                              mode=frame.mode, cpu_level=frame.cpu_level)
        room.version = 1
        try:
            storage.put_room(room, 0, now)
        except storage.VersionConflict:
            continue
        storage.update_connection(conn, now, room=room.code)
        fanout.send_views(room, [{"code": "member_joined", "member": room.host, "name": record.name,
                                  "spectator": False}], now, rid=frame.rid, requester=conn)
        return
    raise Refusal("no_free_room", "no free room code right now; try again later")


def join(frame: p.Join, conn: str, now: float) -> None:
    """Join room ``code`` (or take one's seat back in it); failed joins from one connection are slowed down."""
    record = _identified(conn, now)
    if record.blocked_until > now:
        raise Refusal("too_many_attempts", "too many failed joins; wait a little",
                      retry_after=math.ceil(record.blocked_until - now))

    def enter(room: Room) -> list[dict[str, Any]]:
        member = room.member_by_player(record.player_id or "")
        if member is None:
            return lobby.join(room, _member(record, now))
        if record.secret_hash is None or member.secret_hash is None or \
                not hmac.compare_digest(record.secret_hash, member.secret_hash):
            raise Refusal("bad_credentials", "this player id and secret do not match")
        return lobby.reconnect(room, member, conn)

    try:
        change_room(frame.code, enter, now, rid=frame.rid, requester=conn,
                    announce=lambda room: storage.update_connection(conn, now, room=room.code))
    except Refusal as refusal:
        if refusal.code == "room_not_found":
            failures = record.failures + 1
            storage.update_connection(conn, now, failures=failures, blocked_until=now + join_delay(failures))
        raise


def leave(frame: p.Leave, conn: str, now: float) -> None:
    change_room(frame.room, lambda room: lobby.leave(room, actor(room, conn)), now)
    storage.update_connection(conn, now, room=None)
    fanout.post(conn, _with_rid({"type": "left", "room": frame.room}, frame.rid))


def move(frame: p.Move, conn: str, now: float) -> None:
    _change(frame, conn, now, lambda room, me: play.move(room, me, frame.move, frame.version, now))


def _simple(operation: Callable[[Any, Room, Member, float], list[dict[str, Any]]]) -> Callable[..., None]:
    """An action that is one room operation of the acting member."""
    def action(frame: Any, conn: str, now: float) -> None:
        _change(frame, conn, now, lambda room, me: operation(frame, room, me, now))
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


def resync(code: str, conn: str, now: float, newer_than: int = -1) -> None:
    """Send ``conn`` a fresh view of room ``code`` if it is a member and the room's version is above ``newer_than``
    (after a ``stale`` or ``conflict`` refusal; after a ``ping`` from a client whose last frame is older)."""
    room = storage.get_room(code, now)
    member = room.member_by_conn(conn) if room else None
    if room is not None and member is not None and room.version > newer_than:
        fanout.post(conn, room_view(room, member, now, []))


def _change(frame: Any, conn: str, now: float,
            operation: Callable[[Room, Member], list[dict[str, Any]]]) -> None:
    change_room(frame.room, lambda room: operation(room, actor(room, conn)), now, rid=frame.rid, requester=conn)


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
        change_room(record.room, lambda room: lobby.disconnect(room, conn, now), now)
    except Refusal:  # the room is gone: nothing to release
        pass


def _member(record: storage.Connection, now: float) -> Member:
    return Member(id="", name=record.name or "?", player_id=record.player_id, secret_hash=record.secret_hash,
                  conn=record.id, joined_at=now)


def _with_rid(frame: dict[str, Any], rid: str | None) -> dict[str, Any]:
    return frame if rid is None else {**frame, "rid": rid}
