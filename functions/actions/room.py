"""The use cases of being in a room: ``ping``, ``hello`` (a new guest, or a resume), ``create``, ``join``,
``leave``, ``remove_member``, and a closed connection (``disconnect``).

A connection is in at most one room: its record names the room (``storage.claim_room``), claimed on a condition
so that of two frames racing to put one connection in two rooms, one is refused ``already_in_room``.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Collection
from typing import Any

from .. import fanout, protocol as p, rate_limit, room_codes, storage, throttle
from ..identity import hash_secret, new_identity
from ..observability import logger
from ..refusal import Refusal
from ..room import lobby
from ..room.model import Member, Room
from ..room.turns import Event
from ..room.view import room_view
from ..unit_of_work import create_room
from .account import signed_in_account
from .acting import act, change, change_finding, member_change, seated_room
from .settle import settle

CREATING = "new"  # a connection's ``room`` while it creates one (never a code: codes are digits)


def ping(frame: p.Ping, conn: str, now: float) -> None:
    """``pong``; first the room again if the sender's newest frame of it is older than the room."""
    if frame.room is not None and frame.version is not None:
        room = storage.get_room(frame.room, now)
        member = room.member_by_conn(conn) if room else None
        if room is not None and member is not None and room.version > frame.version:
            fanout.post(conn, room_view(room, member, now, []))
    fanout.reply(conn, {"type": "pong", "now": now}, frame.rid)


def hello(frame: p.Hello, conn: str, now: float) -> None:
    """A new guest gets an identity; a returning one gets their seat back if ``room`` still has them. A device that
    names the ``account`` it signed in to is signed in again if the account still counts it among its devices
    (its name is then the account's); otherwise it returns as a guest, and its welcome names no account."""
    _release_other_seat(conn, frame.player_id, frame.room, now)
    said_avatar = frame.avatar.stored() if frame.avatar is not None else None
    if frame.player_id is None:
        player_id, secret = new_identity()
        _identify(conn, now, player_id, secret_hash=hash_secret(secret), name=frame.name, avatar=said_avatar,
                  room=None, account=None)
        fanout.reply(conn, {"type": "welcome", "player_id": player_id, "secret": secret, "name": frame.name,
                            "avatar": said_avatar, "room": None}, frame.rid)
        return
    assert frame.secret is not None
    secret_hash = hash_secret(frame.secret)
    account = signed_in_account(frame.account, frame.player_id, secret_hash, now)
    name = account.name if account is not None else frame.name
    # A signed-in player's face is their account's, like their name (the device's while the account has none).
    avatar = account.avatar if account is not None and account.avatar is not None else said_avatar
    welcome = {"type": "welcome", "player_id": frame.player_id, "name": name, "avatar": avatar, "room": None,
               **({"account": account.id} if account is not None else {})}
    account_key = account.id if account is not None else None

    def rebind(room: Room) -> list[Event]:
        member = room.member_by_player(frame.player_id or "")
        if member is None:
            return []
        if not _owns_seat(member, secret_hash, account_key, account.devices if account is not None else ()):
            raise Refusal("bad_credentials", "this player id and secret do not match")
        if account_key is not None:
            member.account = account_key
        return lobby.reconnect(room, member, conn, name, avatar)

    if frame.room is not None:
        try:
            resumed = change(frame.room, rebind, now)
        except Refusal as refusal:
            if refusal.code != "room_not_found":
                raise
        else:
            member = resumed.room.member_by_conn(conn) if resumed.refusal is None else None
            if member is not None:
                _identify(conn, now, frame.player_id, secret_hash=secret_hash, name=member.name,
                          avatar=member.avatar, room=resumed.room.code, account=account_key)
                fanout.reply(conn, {**welcome, "name": member.name, "avatar": member.avatar,
                                    "room": resumed.room.code}, frame.rid)
            settle(resumed, now, rid=frame.rid, requester=conn)
            if member is not None:
                return
    _identify(conn, now, frame.player_id, secret_hash=secret_hash, name=name, avatar=avatar, room=None,
              account=account_key)
    fanout.reply(conn, welcome, frame.rid)


def _identify(conn: str, now: float, player_id: str, **fields: Any) -> None:
    """Connection ``conn`` speaks for ``player_id`` from now on: its record says so, and its frames count for the
    player's frame limit too (``rate_limit``: however many sockets a player opens)."""
    storage.update_connection(conn, now, player_id=player_id, **fields)
    rate_limit.LIMITER.bind(conn, player_id)


def create(frame: p.Create, conn: str, now: float) -> None:
    """A new room with a free code, hosted by the sender; creations are limited per address and per player."""
    record = _identified(conn, now)
    _require_name(record)

    def new(code: str) -> tuple[Room, list[Event]]:
        room = lobby.new_room(code, _member(record, now), mode=frame.mode, cpu_level=frame.cpu_level,
                              key=secrets.token_urlsafe(16))
        return room, [{"code": "member_joined", "member": room.host, "name": record.name, "spectator": False}]

    ticket = throttle.take(throttle.CREATES, record.player_id, now)
    try:
        _claim(conn, CREATING, record.room, now)
        created = create_room(new, room_codes.free_codes(), now)
    except Refusal as refusal:
        throttle.give_back(ticket)
        if refusal.code != "already_in_room":
            _claim(conn, None, CREATING, now)
        raise
    storage.update_connection(conn, now, room=created.room.code)
    settle(created, now, rid=frame.rid, requester=conn)


def join(frame: p.Join, conn: str, now: float) -> None:
    """Join room ``code`` (or take one's seat back in it), or knock on it (``knocking``) where newcomers knock.

    A typed code is counted against the sender's address and player before the room is looked up, and given back
    when the join succeeds: only failed joins use the limit up. A join with the room's link ``key`` is counted only
    if the key is wrong (answered like a room that does not exist), so others' guesses never lock it out.
    """
    record = _identified(conn, now)
    ticket = _typed_join(record.player_id, now) if frame.key is None else None
    try:
        _claim(conn, frame.code, record.room, now)
    except Refusal:
        _give_back(ticket)
        raise

    def enter(room: Room) -> tuple[list[Event], bool]:
        if frame.key is not None and not hmac.compare_digest(frame.key, room.key):
            raise _no_room(frame.code)
        member = room.member_by_player(record.player_id or "")
        if member is None:
            events = lobby.join(room, _member(record, now), now)
            _require_name(record)  # after the room's own refusals (removed, closed, full)
            return events, room.member_by_conn(conn) is None
        if not _owns_seat(member, record.secret_hash, record.account):
            raise Refusal("bad_credentials", "this player id and secret do not match")
        if record.account is not None:
            member.account = record.account
        return lobby.reconnect(room, member, conn), False

    try:
        joined, knocked = change_finding(frame.code, enter, now)
    except Refusal as missing:  # room_not_found: a failed join
        _claim(conn, None, frame.code, now)
        raise _failed_key_join(frame, record.player_id, now) or missing from None
    refusal = joined.refusal
    if (refusal is None and not knocked) or (refusal is not None and refusal.code == "conflict"):
        _give_back(ticket)  # joined, or the server's failure
    if refusal is not None or knocked:
        _claim(conn, None, frame.code, now)
    if refusal is not None and refusal.code == "room_not_found":
        joined.refusal = _failed_key_join(frame, record.player_id, now) or refusal
    settle(joined, now, rid=None if knocked else frame.rid, requester=conn)
    if knocked:
        fanout.reply(conn, {"type": "knocking", "room": frame.code}, frame.rid)


def _typed_join(player_id: str | None, now: float) -> throttle.Ticket:
    """A join by a typed code, counted; over the limit, the refusal tells to use the room's link (``use_link``)."""
    try:
        return throttle.take(throttle.JOINS, player_id, now)
    except Refusal as refusal:
        refusal.extra["reason"] = "use_link"
        raise


def _give_back(ticket: throttle.Ticket | None) -> None:
    if ticket is not None:
        throttle.give_back(ticket)


def _no_room(code: str) -> Refusal:
    return Refusal("room_not_found", f"there is no room {code} (or the link's key is not its key)")


def _failed_key_join(frame: p.Join, player_id: str | None, now: float) -> Refusal | None:
    """A join with a key that found no room (or the wrong key) counts as a failed join; its refusal if over the
    limit."""
    if frame.key is None:
        return None
    try:
        throttle.take(throttle.JOINS, player_id, now)
    except Refusal as refusal:
        return refusal
    return None


def answer_knock(frame: p.AnswerKnock, conn: str, now: float) -> None:
    """The host lets a knocker in (their connection is then in the room) or refuses them (told ``knock_refused``)."""
    entry = act(frame, conn, now, lambda room, me: lobby.answer_knock(room, me, frame.knock, frame.admit, now))
    assert entry is not None
    if not frame.admit:
        fanout.post(entry.conn, {"type": "knock_refused", "room": frame.room,
                                 "retry_after": round(lobby.REFUSED_FOR)})
        return
    try:
        storage.claim_room(entry.conn, frame.room, None, now)
    except storage.RoomTaken:  # the knocker went into another room meanwhile: the seat waits disconnected
        settle(change(frame.room, lambda room: lobby.disconnect(room, entry.conn, now), now), now)


def leave(frame: p.Leave, conn: str, now: float) -> None:
    """The sender leaves the room; its creator leaving as the last person in gives the room back to their limit."""
    left, leaver = member_change(frame.room, conn, now, lambda room, me: (lobby.leave(room, me), me))
    settle(left, now)
    storage.update_connection(conn, now, room=None)
    assert leaver is not None  # the operation ran and was not refused: ``settle`` raised otherwise
    if not left.room.humans and leaver.id == lobby.CREATOR and leaver.player_id is not None:
        throttle.give_back_room(leaver.player_id, leaver.joined_at, now)
    fanout.reply(conn, {"type": "left", "room": frame.room}, frame.rid)


def remove_member(frame: p.RemoveMember, conn: str, now: float) -> None:
    """The host removes a person; the removed person's phone is told why (``removed``), not the others'."""

    def remove(room: Room, me: Member) -> tuple[list[Event], str | None]:
        target = room.member(frame.member)
        target_conn = target.conn if target is not None else None
        return lobby.remove_member(room, me, frame.member), target_conn

    target_conn = act(frame, conn, now, remove)
    if target_conn is not None:
        fanout.post(target_conn, {"type": "removed", "room": frame.room, "reason": frame.reason})


def disconnect(conn: str, now: float) -> None:
    """The connection closed: its member is disconnected (the stand-in grace starts), its record forgotten."""
    record = storage.get_connection(conn)
    if record.room is not None:
        try:
            settle(change(record.room, lambda room: lobby.disconnect(room, conn, now), now), now)
        except Refusal as refusal:  # the room is gone: nothing to tell anyone
            logger.info("disconnect without room", extra={"code": refusal.code})
    storage.delete_connection(conn)


def _claim(conn: str, room: str | None, seen: str | None, now: float) -> None:
    """Put the connection in ``room`` (None: in none) if its record still says ``seen``: of two frames racing to
    put one connection in two rooms, one is refused ``already_in_room``."""
    try:
        storage.claim_room(conn, room, seen, now)
    except storage.RoomTaken:
        if room is not None:
            raise Refusal("already_in_room", "this connection is joining or creating another room") from None


def _identified(conn: str, now: float) -> storage.Connection:
    """The sender's connection record, which must carry an identity and no room it is still in."""
    record = storage.get_connection(conn)
    if record.player_id is None:
        raise Refusal("no_identity", "send hello first")
    if seated_room(record, now) is not None:
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
        settle(change(record.room, lambda room: lobby.disconnect(room, conn, now), now), now)
    except Refusal:  # the room is gone: nothing to release
        pass


def _require_name(record: storage.Connection) -> None:
    """A returning guest who said hello without a name has none to show (the server keeps a guest's name only in
    its rooms): it is refused ``name_required`` rather than shown as "?"."""
    if not record.name:
        raise Refusal("name_required", "say hello with your name before joining or creating a room")


def _member(record: storage.Connection, now: float) -> Member:
    return Member(id="", name=record.name or "", player_id=record.player_id, secret_hash=record.secret_hash,
                  conn=record.id, joined_at=now, account=record.account, avatar=record.avatar)


def _owns_seat(member: Member, secret_hash: str | None, account: str | None, devices: Collection[str] = ()) -> bool:
    """Whether a device may take ``member``'s seat: a seat of an account's player, a device signed in to that
    account; a guest's seat, the guest's device (its secret), or a device of the account the guest has since
    become (``devices``: that account's devices, when known)."""
    if member.account is not None:
        return account == member.account
    if member.secret_hash is None:
        return False
    if secret_hash is not None and hmac.compare_digest(secret_hash, member.secret_hash):
        return True
    return account is not None and member.secret_hash in devices
