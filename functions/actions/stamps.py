"""The use case of a stamp (docs/protocol.md, ``stamp``): one read, no write, a post to each connected member."""

from __future__ import annotations

from .. import fanout, protocol as p, stamps, storage
from ..observability import logger
from ..refusal import Refusal
from .acting import stranger


def stamp(frame: p.Stamp, conn: str, now: float) -> None:
    """A member's stamp, posted to every connected member of the room (the sender's copy with its ``rid``).

    One read — the room's members — and no write: a stamp is not part of the room, so it neither bumps its version
    nor races a move. A stranger is answered as for any room frame (``not_in_room``, a failed join); a member over
    the limit (``functions/stamps.py``, ``LIMITER``) gets ``too_many_stamps``. A post that fails is only logged:
    the member's next room change finds the connection gone.
    """
    logger.append_keys(room=frame.room)
    members = storage.get_members(frame.room, now) or []
    sender = next((member for member in members if member.conn == conn), None)
    if sender is None:
        raise stranger(conn, frame.room, now)
    # By player, not member id: one who leaves and joins again is a new member, with no new count.
    wait = stamps.LIMITER.admit(f"{frame.room}/{sender.player_id}", now)
    if wait is not None:
        raise Refusal("too_many_stamps", f"at most {stamps.ALLOWED} stamps in {stamps.WINDOW:g} seconds",
                      retry_after=wait)
    gone = fanout.broadcast([member.conn for member in members if member.conn is not None],
                            {"type": "stamp", "room": frame.room, "member": sender.id, "stamp": frame.stamp},
                            rid=frame.rid, requester=conn)
    if gone:
        logger.info("stamp not delivered", extra={"connections": gone})
