"""How a use case acts on a room: through the unit of work, as the member its connection speaks for.

An operation is a function ``(room) -> events`` (``unit_of_work.Operation``). One whose use case needs to know
something the operation saw in the room — the member who left, the removed person's connection, what a timer
found — returns it with its events, ``(room) -> (events, found)`` (a ``Finding``), and ``change_finding`` hands it
back beside the change: operations never write what they found anywhere else.

A frame about a room from a connection that is not its member gets ``not_in_room`` whether the room exists or
not, and costs a failed join (``functions/throttle.py``), so no frame tells a stranger which codes are live.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from .. import protocol as p, storage, throttle
from ..observability import logger
from ..refusal import Refusal
from ..room import lobby
from ..room.autoplay import Decisions
from ..room.model import Member, Room
from ..room.turns import Event
from ..unit_of_work import MAX_ATTEMPTS, Change, Operation, change_room
from .settle import settle

Found = TypeVar("Found")
Frame = TypeVar("Frame", bound=p.RoomFrame)
#: An operation that returns what it found in the room with its events.
Finding = Callable[[Room], tuple[list[Event], Found]]
#: An operation of the acting member, returning what it found with its events.
MemberFinding = Callable[[Room, Member], tuple[list[Event], Found]]


def change(code: str, operation: Operation, now: float, *, catch_up: bool = True,
           attempts: int = MAX_ATTEMPTS, decided: Decisions | None = None) -> Change:
    """``unit_of_work.change_room``, its log lines naming the room from here on."""
    logger.append_keys(room=code)
    return change_room(code, operation, now, catch_up=catch_up, attempts=attempts, decided=decided)


def change_finding(code: str, operation: Finding[Found], now: float, *, catch_up: bool = True,
                   attempts: int = MAX_ATTEMPTS, decided: Decisions | None = None) -> tuple[Change, Found | None]:
    """``change`` with an operation that returns what it found: the change, and what the operation found in the
    room the change ended with (None: the operation refused, or never ran)."""
    finding = _Finding(operation)
    return change(code, finding, now, catch_up=catch_up, attempts=attempts, decided=decided), finding.found


class _Finding(Generic[Found]):
    """A ``Finding`` as a unit-of-work ``Operation``: it keeps what its latest run found (the unit of work runs an
    operation again on a fresher room after a lost race)."""

    def __init__(self, operation: Finding[Found]) -> None:
        self.operation = operation
        self.found: Found | None = None

    def __call__(self, room: Room) -> list[Event]:
        self.found = None
        events, self.found = self.operation(room)
        return events


def actor(room: Room, connection_id: str) -> Member:
    """The member this connection speaks for; ``not_in_room`` if none (a seat is never taken from the frame)."""
    member = room.member_by_conn(connection_id)
    if member is None:
        raise Refusal("not_in_room", f"this connection is not in room {room.code}")
    return member


def member_change(code: str, conn: str, now: float,
                  operation: MemberFinding[Found]) -> tuple[Change, Found | None]:
    """The change ``operation`` makes as the member ``conn`` speaks for, and what it found. A connection that is
    not a member gets ``not_in_room`` whether room ``code`` exists or not, at the cost of a failed join."""
    try:
        result, found = change_finding(code, lambda room: operation(room, actor(room, conn)), now)
    except Refusal as refusal:
        if refusal.code != "room_not_found":
            raise
        raise stranger(conn, code, now) from None
    if result.refusal is not None and result.refusal.code == "not_in_room":
        result.refusal = stranger(conn, code, now)
    return result, found


def act(frame: p.RoomFrame, conn: str, now: float, operation: MemberFinding[Found]) -> Found | None:
    """The acting member's ``operation`` on the frame's room, settled with the frame's ``rid``; what it found. A
    person the stand-in plays for who acts is back (``lobby.present``)."""

    def acting(room: Room, me: Member) -> tuple[list[Event], Found]:
        events, found = operation(room, me)
        return (events + lobby.present(me) if events else events), found

    result, found = member_change(frame.room, conn, now, acting)
    settle(result, now, rid=frame.rid, requester=conn)
    return found


def simple(frame_type: type[Frame],
           operation: Callable[[Frame, Room, Member, float], list[Event]]) -> Callable[[Frame, str, float], None]:
    """The use case of a ``frame_type`` frame that is one room operation of the acting member (``frame_type``
    gives ``operation``'s frame its type)."""

    def use_case(frame: Frame, conn: str, now: float) -> None:
        act(frame, conn, now, lambda room, me: (operation(frame, room, me, now), None))
    return use_case


def stranger(conn: str, code: str, now: float) -> Refusal:
    """The answer to a frame about room ``code`` from a connection that is not in it, counted as a failed join."""
    try:
        throttle.take(throttle.JOINS, storage.get_connection(conn).player_id, now)
    except Refusal as refusal:
        return refusal
    return Refusal("not_in_room", f"this connection is not in room {code}")


def seated_room(record: storage.Connection, now: float) -> Room | None:
    """The room this connection is a member of (its record names it, and the room still has it), or None."""
    room = storage.get_room(record.room, now) if record.room is not None else None
    return room if room is not None and room.member_by_conn(record.id) is not None else None
