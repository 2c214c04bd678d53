"""The use cases of setting a room up: its settings, whether it is open, the game (the host's choice or the
members' votes), the game's options, the CPU seats.

Each is one room operation of the acting member (``functions/room/lobby.py``). The choices every member sees
change with — settings, the game, votes, options — are limited per player in a room (``CHANGES``): each change
posts every member a room frame, so a member switching their vote many times a second would flood the others.
"""

from __future__ import annotations

from collections.abc import Callable

from .. import protocol as p
from ..rate_limit import WindowLimiter
from ..refusal import Refusal
from ..room import lobby
from ..room.model import Member, Room
from ..room.turns import Event
from .acting import Frame, simple

#: Lobby choices per player in a room in any ``CHANGES_WINDOW`` seconds: a host setting a game up taps a handful of
#: options, a voter changes their mind a few times; one switching 18 times a second is held to one a second.
CHANGES_ALLOWED = 10
CHANGES_WINDOW = 10.0
CHANGES = WindowLimiter(allowed=CHANGES_ALLOWED, window=CHANGES_WINDOW)


def limited(frame_type: type[Frame], operation: Callable[[Frame, Room, Member, float], list[Event]]
            ) -> Callable[[Frame, str, float], None]:
    """``simple``, each frame counted once (not at every attempt of its change) against the player's
    ``CHANGES``; over it, ``too_many_attempts`` with ``retry_after``, and nothing changes."""

    def use_case(frame: Frame, conn: str, now: float) -> None:
        counted: list[bool] = []

        def checked(f: Frame, room: Room, me: Member, at: float) -> list[Event]:
            if not counted:  # a lost write race runs the operation again: count the frame once
                counted.append(True)
                wait = CHANGES.admit(f"{room.code}/{me.player_id}", at)
                if wait is not None:
                    raise Refusal("too_many_attempts", f"at most {CHANGES_ALLOWED} lobby changes in "
                                  f"{CHANGES_WINDOW:g} seconds", retry_after=wait)
            return operation(f, room, me, at)

        simple(frame_type, checked)(frame, conn, now)
    return use_case


set_settings = limited(p.SetSettings,
                       lambda f, room, me, now: lobby.set_settings(room, me, f.mode, f.cpu_level, f.turn_timer))
set_open = simple(p.SetOpen, lambda f, room, me, now: lobby.set_open(room, me, f.open))
set_knock = simple(p.SetKnock, lambda f, room, me, now: lobby.set_knock(room, me, f.knock))
select_game = limited(p.SelectGame, lambda f, room, me, now: lobby.select_game(room, me, f.game))
vote = limited(p.Vote, lambda f, room, me, now: lobby.vote(room, me, f.game))
set_options = limited(p.SetOptions,
                      lambda f, room, me, now: lobby.set_options(room, me, f.game, f.preset, f.options))
add_cpu = simple(p.AddCpu, lambda f, room, me, now: lobby.add_cpu(room, me))
remove_cpu = simple(p.RemoveCpu, lambda f, room, me, now: lobby.remove_cpu(room, me, f.seat))
