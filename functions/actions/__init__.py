"""The use cases: one per client action (docs/protocol.md, "Client frames"), a closed connection and a timer
message — the entry points ``functions/gateway.py`` calls (``dispatch``, ``disconnect``, ``timer``).

Each use case validates what needs a read (identity, throttles), hands a pure room operation to the unit of work
(``acting``, ``unit_of_work.change_room``), then tells everyone concerned what changed (``settle``). By concern:
``room`` (being in a room: hello, create, join, leave, removal, a closed connection), ``lobby`` (setting the room
up), ``play`` (games, moves, timers), ``account`` (sign-in and the profile), ``stamps``, ``replay`` (finished
games' records).
"""

from __future__ import annotations

from collections.abc import Callable

from .. import protocol as p
from . import account, lobby, play, replay, room, stamps
from .play import timer
from .room import disconnect

__all__ = ["ACTIONS", "dispatch", "disconnect", "timer"]

#: The use case of each client frame.
ACTIONS: dict[type[p.Frame], Callable[..., None]] = {
    p.Ping: room.ping,
    p.Hello: room.hello,
    p.Create: room.create,
    p.Join: room.join,
    p.Leave: room.leave,
    p.RemoveMember: room.remove_member,
    p.SetSettings: lobby.set_settings,
    p.SetOpen: lobby.set_open,
    p.SetKnock: lobby.set_knock,
    p.AnswerKnock: room.answer_knock,
    p.StillHere: play.still_here,
    p.SelectGame: lobby.select_game,
    p.Vote: lobby.vote,
    p.SetOptions: lobby.set_options,
    p.AddCpu: lobby.add_cpu,
    p.RemoveCpu: lobby.remove_cpu,
    p.Start: play.start,
    p.Move: play.move,
    p.Rematch: play.rematch,
    p.ToLobby: play.to_lobby,
    p.Back: play.back,
    p.LeaveGame: play.leave_game,
    p.EndGame: play.end_game,
    p.SignIn: account.sign_in,
    p.Profile: account.profile,
    p.SignOut: account.sign_out,
    p.DeleteAccount: account.delete_account,
    p.Stamp: stamps.stamp,
    p.Replay: replay.replay,
}


def dispatch(frame: p.Frame, conn: str, now: float) -> None:
    """Carry out ``frame`` for connection ``conn``; raises ``Refusal`` when it is refused."""
    ACTIONS[type(frame)](frame, conn, now)
