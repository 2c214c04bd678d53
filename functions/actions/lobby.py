"""The use cases of setting a room up: its settings, whether it is open, the game (the host's choice or the
members' votes), the game's options, the CPU seats.

Each is one room operation of the acting member (``functions/room/lobby.py``).
"""

from __future__ import annotations

from .. import protocol as p
from ..room import lobby
from .acting import simple

set_settings = simple(p.SetSettings,
                      lambda f, room, me, now: lobby.set_settings(room, me, f.mode, f.cpu_level, f.turn_timer))
set_open = simple(p.SetOpen, lambda f, room, me, now: lobby.set_open(room, me, f.open))
set_knock = simple(p.SetKnock, lambda f, room, me, now: lobby.set_knock(room, me, f.knock))
select_game = simple(p.SelectGame, lambda f, room, me, now: lobby.select_game(room, me, f.game))
vote = simple(p.Vote, lambda f, room, me, now: lobby.vote(room, me, f.game))
set_options = simple(p.SetOptions, lambda f, room, me, now: lobby.set_options(room, me, f.game, f.preset, f.options))
add_cpu = simple(p.AddCpu, lambda f, room, me, now: lobby.add_cpu(room, me))
remove_cpu = simple(p.RemoveCpu, lambda f, room, me, now: lobby.remove_cpu(room, me, f.seat))
