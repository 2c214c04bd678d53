"""The use cases of playing: starting a game, a move, a rematch (or the next game), back to the lobby, a person back
from the stand-in, leaving a running game or ending it for everyone, and a timer message (what the server does by
itself when a deadline comes).
"""

from __future__ import annotations

import os
import random

from .. import protocol as p, timers
from ..observability import logger
from ..refusal import Refusal
from ..room import autoplay, control, lobby, play
from ..room.model import Room
from ..room.turns import Event
from ..settings import settings
from ..unit_of_work import Change, cpu_delay, pause_before
from .acting import change_finding, simple
from .settle import settle

#: Writes a timer message tries before it is put back: more than a frame's (nobody waits on a spinner for it), its
#: pauses capped (unit_of_work.MAX_RETRY_PAUSE): at most about 1.3 s in all.
TIMER_ATTEMPTS = 10
#: Looks a timer message takes, with the same pauses, at a room its write has not reached yet before it is put
#: back for a whole second: a message sent without a delay (a deadline nearer than ``timers.SOON``) often comes
#: while the function that sent it is still writing, a few milliseconds from landing.
UNWRITTEN_LOOKS = 6


def game_seed(room: Room) -> int:
    """The seed of the game about to be dealt in ``room``: the system's randomness, or, with the test-only setting
    ``DECKROOM_SEED``, one made from (that seed, the room's code, the game's number), so a room deals the same
    games whatever other rooms the server dealt before."""
    seed = settings().seed
    if seed is None:
        return random.SystemRandom().getrandbits(63)
    return random.Random(f"{seed}:{room.code}:{room.games_started + 1}").getrandbits(63)


def deal_salt(room: Room) -> str:
    """The salt the commitment to the next game's seed is made with (``room.replay.commitment``): 32 bytes of the
    OS's randomness in hex, or with ``DECKROOM_SEED`` made from it as ``game_seed`` is."""
    seed = settings().seed
    if seed is None:
        return os.urandom(32).hex()
    return random.Random(f"{seed}:{room.code}:{room.games_started + 1}:salt").randbytes(32).hex()


start = simple(p.Start, lambda f, room, me, now: play.start(room, me, f.game, game_seed(room), now,
                                                            salt=deal_salt(room)))
move = simple(p.Move, lambda f, room, me, now: play.move(room, me, f.move, f.version, now))
rematch = simple(p.Rematch, lambda f, room, me, now: play.rematch(room, me, game_seed(room), now, f.game,
                                                                  salt=deal_salt(room)))
to_lobby = simple(p.ToLobby, lambda f, room, me, now: play.to_lobby(room, me))
back = simple(p.Back, lambda f, room, me, now: lobby.back(room, me))
still_here = simple(p.StillHere, lambda f, room, me, now: lobby.still_here(me, now))
leave_game = simple(p.LeaveGame, lambda f, room, me, now: control.leave_game(room, me))
end_game = simple(p.EndGame, lambda f, room, me, now: control.end_game(room, me))


def timer(message: timers.TimerMessage, now: float) -> None:
    """A timer message: apply what is due in its room, if it is the message the room counts on (its
    ``timer_at``) or its ``at`` is one of the room's wakes; the change sends the next message (``timers.needed``).

    Any other message — a duplicate, or one made obsolete by a later change — changes nothing. One that arrives
    early (SQS delays are at most 15 minutes) applies nothing yet and is followed by another; one that finds the
    room older than the write that scheduled it (the message goes out just before that write, which may land
    late) looks again ``UNWRITTEN_LOOKS`` times within the invocation, then is put back for a short while, as is
    one that lost the write race ``TIMER_ATTEMPTS`` times: no CPU seat waits for SQS's visibility timeout
    (minutes) to be looked at again.
    """
    decided: autoplay.Decisions = {}  # a lost write race does not make the CPUs think again

    def due_work(room: Room) -> tuple[list[Event], str]:
        host_at = autoplay.host_pass_at(room)
        if message.at != room.timer_at and message.at not in autoplay.wakes(room, host_at):
            # ``room.version`` is already the version this change would store: the room as read is one older.
            unwritten = message.version is not None and room.version - 1 < message.version
            return [], "unwritten" if unwritten else "nothing"
        room.timer_at = None  # it came: the change sends the next one, for whatever is then the room's first wake
        # Up to its own time only: a late message plays one step, and the message its change sends (at once, being
        # due) the next, so each step the room missed reaches the phones as a frame of its own. A deadline less
        # than ``SOON`` away went out without a delay: it is due now.
        until = message.at if message.at <= now + timers.SOON else now
        return autoplay.catch_up(room, until, host_at=host_at, cpu_delay=cpu_delay(), decided=decided), "looked"

    try:
        for look in range(UNWRITTEN_LOOKS):
            if look:
                pause_before(look)
            change, found = change_finding(message.room, due_work, now, catch_up=False, attempts=TIMER_ATTEMPTS,
                                           decided=decided)
            if found != "unwritten":
                break
    except Refusal as refusal:
        if refusal.code != "room_not_found":
            raise
        return
    if change.refusal is not None:  # ``conflict``: the room kept changing through every attempt
        found, change = "contended", Change(change.room, [], conflicts=change.conflicts)
    settle(change, now)
    if found in ("unwritten", "contended"):
        logger.info("timer put back", extra={"found": found, "at": message.at, "version": message.version,
                                             "put_backs": message.put_backs})
        if not timers.put_back(message):
            if found == "contended":  # SQS delivers it again after its visibility timeout, then parks it
                raise Refusal("conflict", "the room kept changing")
            logger.warning("timer dropped: the write that scheduled it never landed",
                           extra={"at": message.at, "version": message.version})
