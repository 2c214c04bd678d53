"""The use case of a replay (docs/protocol.md, ``replay``): two reads (the room, the game's record), one reply."""

from __future__ import annotations

from .. import fanout, protocol as p, storage
from ..observability import logger
from ..refusal import Refusal
from ..room.replay import replay_frame
from .acting import stranger


def replay(frame: p.Replay, conn: str, now: float) -> None:
    """A page of a finished game's record for a member of its room (a spectator too, and one who joined later:
    the record is the room's). A stranger is answered as for any room frame (``not_in_room``, a failed join)."""
    logger.append_keys(room=frame.room)
    room = storage.get_room(frame.room, now)
    member = None if room is None else room.member_by_conn(conn)
    if room is None or member is None:
        raise stranger(conn, frame.room, now)
    record = storage.get_record(room.code, room.key, frame.number, now)
    if record is None:
        raise Refusal("no_replay", f"room {room.code} keeps no record of game {frame.number}")
    fanout.reply(conn, replay_frame(record, room.code, member.id, frame.seat, frame.step), frame.rid)
