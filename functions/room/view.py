"""``RoomViews`` (and ``room_view`` for one viewer): the one place that decides what a member sees of a room
(docs/protocol.md, "The room view").

Hidden information stays behind the engine's ``view(state, seat)``: a member only ever gets the view of their own
seat (or the spectator view), and member records lose their player ids, secret hashes and connection ids here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import catalog
from .faces import face
from .lobby import KNOCK_TTL, fits, options_of
from .model import Member, Room
from .play import dealt
from .replay import deal_part

if TYPE_CHECKING:
    from ..engine.game import Game


def room_view(room: Room, viewer: Member | None, now: float, events: list[dict[str, Any]]) -> dict[str, Any]:
    """The ``room`` frame for ``viewer`` (None: an outsider, who gets the spectator view). For every member of a
    room at once, use ``RoomViews``."""
    return RoomViews(room, now, events).of(viewer)


class RoomViews:
    """The ``room`` frames of one room state for any number of viewers: what every member sees alike (members,
    lobby, seats, history, events) is built once, and only ``you`` and the engine's seat view per viewer. A fan-out
    to ten members spent 60 % of its view time rebuilding the same parts (docs/performance.md, "Server path").

    Frames share those parts: treat them as read-only (add keys at the top level only, like ``rid``).
    """

    def __init__(self, room: Room, now: float, events: list[dict[str, Any]]) -> None:
        self.room = room
        seats = len(dealt(room, now))
        games = catalog.games()
        self._head = {"type": "room", "version": room.version, "now": now, "code": room.code, "key": room.key,
                      "phase": room.phase}
        self._knocks = [{"knock": k.id, "name": k.name, "at": k.at} for k in room.knocks if now - k.at < KNOCK_TTL]
        self._common = {
            "members": [_member(room, m) for m in room.members],
            "settings": {"mode": room.mode, "cpu_level": room.cpu_level, "turn_timer": room.turn_timer,
                         "open": room.open, "knock": room.knock},
            "lobby": {
                "selected": room.selected,
                "votes": {g: [m for m, v in room.votes.items() if v == g] for g in games},
                "options": {g: options_of(room, game) for g, game in games.items()},
                "games": [_game_entry(game, seats, forms=room.phase == "lobby") for game in games.values()],
                # What the host's CPU level choice offers: in lobby frames only, like the games' option forms.
                **({"cpu_levels": list(catalog.cpu_levels())} if room.phase == "lobby" else {}),
            },
        }
        self._game = _game(room)
        self._tail = {"history": room.history, "events": events}

    def of(self, viewer: Member | None) -> dict[str, Any]:
        """The frame ``viewer`` gets (None: the spectator view)."""
        room = self.room
        seat = room.seat_of(viewer.id) if viewer else None
        you = {
            "member": viewer.id if viewer else None,
            "host": viewer is not None and viewer.id == room.host,
            "seat": seat,
            "spectator": room.phase != "lobby" and seat is None,
        }
        game = None
        if self._game is not None:
            assert room.game is not None
            seat_view = room.game.rules.view(room.game.state, seat)
            game = {**self._game, "view": seat_view, "result": room.game.result}
        knocks = self._knocks if you["host"] else []
        return {**self._head, "you": you, "knocks": knocks, **self._common, "game": game, **self._tail}


def _member(room: Room, member: Member) -> dict[str, Any]:
    return {"member": member.id, "name": member.name, "avatar": face(member.id, member.avatar, cpu=member.cpu),
            "cpu": member.cpu, "host": member.id == room.host,
            "connected": member.connected, "away": member.away, "wins": member.wins,
            "seat": room.seat_of(member.id)}


def _game_entry(game: Game, seats: int, *, forms: bool) -> dict[str, Any]:
    """A game of the lobby's list: its seat limits, whether the room's seats fit them, and with ``forms`` (lobby
    frames only: nothing else shows the form) what the options form needs — every option with its default and
    allowed values (in the game's own order), each preset's full options: about 680 bytes, which in every frame
    of a game cost a quarter of a fan-out's time (docs/performance.md, "Server path")."""
    entry: dict[str, Any] = {"id": game.id, "min": game.min_players, "max": game.max_players,
                             "fits": fits(game, seats)}
    if forms:
        entry["options"] = {name: {"default": default, "choices": list(allowed)}
                            for name, (default, allowed) in game.option_specs.items()}
        entry["presets"] = {name: game.options(name) for name in game.presets}
    return entry


def _game(room: Room) -> dict[str, Any] | None:
    """The game's part of the frame that is the same for every viewer (the seat view is added per viewer)."""
    record = room.game
    if record is None:
        return None
    game = record.rules
    due = room.due
    return {
        "id": record.id,
        "number": record.number,
        "seats": [{"seat": i, "member": m, "name": record.names[i], "standin": i in record.standins,
                   "left": i in record.left or room.member(m) is None}  # left the game, or the room
                  for i, m in enumerate(record.seats)],
        "current": game.current(record.state),
        "step": record.steps,  # the view is the state after this many of the game record's steps
        "deadline": None if due is None else {"at": due.at, "kind": due.kind, "seat": due.seat},
        "deal": deal_part(record),  # the commitment; the seed and salt too once the game has ended
    }
