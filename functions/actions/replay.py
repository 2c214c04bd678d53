"""The use case of a replay (docs/protocol.md, ``replay``): the room and the game's record read, one reply.

A member of the room (a spectator too, and one who joined later: the record is the room's) may watch any game of
its history. So may a signed-in player whose profile lists the game (``Account.played_in``), whether or not they are
still in the room, or the room still exists: the account's entry names the room's key, which the record must carry.
"""

from __future__ import annotations

from typing import Any

from .. import fanout, protocol as p, storage
from ..observability import logger
from ..refusal import Refusal
from ..room.replay import replay_frame
from .acting import stranger


def replay(frame: p.Replay, conn: str, now: float) -> None:
    """A page of a finished game's record for a member of its room, or a player whose profile lists the game. Anyone
    else is answered as a stranger to the room (``not_in_room``, a failed join)."""
    logger.append_keys(room=frame.room)
    room = storage.get_room(frame.room, now)
    member = None if room is None else room.member_by_conn(conn)
    if room is not None and member is not None:
        record = storage.get_record(room.code, room.key, frame.number, now)
        viewer = member.id
    else:
        played = _played(conn, frame.room, frame.number, now)
        if played is None:
            raise stranger(conn, frame.room, now)
        record = storage.get_record(frame.room, played["room_key"], frame.number, now)
        viewer = record["seats"][played["seat"]] if record is not None else ""
    if record is None:
        raise Refusal("no_replay", f"room {frame.room} keeps no record of game {frame.number}")
    fanout.reply(conn, replay_frame(record, frame.room, viewer, frame.seat, frame.step), frame.rid)


def _played(conn: str, code: str, number: int, now: float) -> dict[str, Any] | None:
    """The recent-games entry of game ``number`` of room ``code`` in the profile of the account this connection is
    signed in to (and that still lists this device), or None."""
    connection = storage.get_connection(conn)
    if connection.account is None:
        return None
    account = storage.get_account(connection.account, now)
    if account is None or connection.secret_hash not in account.devices:
        return None
    return account.played_in(code, number)
