"""Control of a running game: a seated person leaves it, or the host ends it for everyone.

Leaving the game is not leaving the room: the person stays (watching, and dealt into the next game) while the
stand-in plays their seat to the end. Their seat is out of their hands for good (``GameRecord.left``): a win of it
is the stand-in's (``turns._finish``), so leaving a game never keeps a win and, in an account, counts as a game
played and not won. Ending the game puts it away unfinished: back to the lobby with no result, no win and no line
of history for anyone.
"""

from __future__ import annotations

from ..refusal import Refusal
from .lobby import require_host
from .model import GameRecord, Member, Room
from .turns import Event


def leave_game(room: Room, member: Member) -> list[Event]:
    """``member`` leaves the running game: the stand-in plays their seat from now on, to the end."""
    record = _running(room, "there is no running game to leave")
    seat = room.seat_of(member.id)
    if seat is None:
        raise Refusal("spectator", "you are not playing this game (you watch it, or left it already)")
    record.left.append(seat)
    if seat not in record.standins:
        record.standins.append(seat)
    return [{"code": "left_game", "member": member.id, "seat": seat}]


def end_game(room: Room, member: Member) -> list[Event]:
    """The host ends the running game for everyone: back to the lobby, the game unfinished (no result, no wins,
    no history; its number is not dealt again)."""
    require_host(room, member)
    record = _running(room, "there is no running game to end (after a game: to_lobby)")
    room.game = None
    return [{"code": "game_ended", "member": member.id, "game": record.id, "number": record.number}]


def _running(room: Room, message: str) -> GameRecord:
    if room.game is None or room.game.result is not None:
        raise Refusal("no_game", message)
    return room.game
