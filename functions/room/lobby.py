"""Room and lobby operations: members coming and going, settings, game choice, options, CPU seats.

Each operation changes the ``Room`` it is given and returns the events of the change (docs/protocol.md, "Event
codes"), or raises ``Refusal`` — callers then drop the room object, so a refused operation changes nothing
stored. No I/O here.
"""

from __future__ import annotations

from typing import Any

from ..refusal import Refusal
from . import catalog
from .model import MAX_MEMBERS, MAX_SEATS, Member, Mode, Room

Event = dict[str, Any]


def new_room(code: str, creator: Member, *, mode: Mode = "host", cpu_level: str = "normal") -> Room:
    """A room whose first member, ``creator``, is the host."""
    room = Room(code=code, host="", mode=mode, cpu_level=cpu_level)
    creator.id = room.new_member_id(cpu=False)
    room.members.append(creator)
    room.host = creator.id
    return room


def join(room: Room, newcomer: Member) -> list[Event]:
    """Add ``newcomer`` (a human with a fresh connection); during a game they watch until the next one."""
    if len(room.humans) >= MAX_MEMBERS:
        raise Refusal("room_full", f"a room has at most {MAX_MEMBERS} members")
    newcomer.id = room.new_member_id(cpu=False)
    room.members.append(newcomer)
    return [{"code": "member_joined", "member": newcomer.id, "name": newcomer.name,
             "spectator": room.phase != "lobby"}]


def reconnect(room: Room, member: Member, conn: str, name: str | None = None) -> list[Event]:
    """Bind ``member`` to a new connection (resume): their seat is theirs again, the stand-in stops."""
    member.conn, member.dropped_at = conn, None
    if name is not None:
        member.name = name
    return [{"code": "member_connected", "member": member.id}]


def disconnect(room: Room, conn: str, now: float) -> list[Event]:
    """The connection ``conn`` is gone; its member stays (and may come back), a stand-in plays after the grace."""
    member = room.member_by_conn(conn)
    if member is None:
        return []
    member.conn, member.dropped_at = None, now
    return [{"code": "member_disconnected", "member": member.id}]


def leave(room: Room, member: Member) -> list[Event]:
    """``member`` leaves for good; the host's role passes on. A seat in a running game is played by a stand-in."""
    room.members.remove(member)
    room.votes.pop(member.id, None)
    events: list[Event] = [{"code": "member_left", "member": member.id}]
    if room.host == member.id and room.humans:
        # The longest-present connected human, else the longest-present human.
        heir = next((m for m in room.humans if m.conn), room.humans[0])
        room.host = heir.id
        events.append({"code": "host_changed", "member": heir.id})
    return events


def require_host(room: Room, member: Member) -> None:
    if room.host != member.id:
        raise Refusal("not_host", "only the host may do this")


def require_lobby(room: Room) -> None:
    if room.phase != "lobby":
        raise Refusal("in_game", "lobby and seat actions wait until the room is back in the lobby")


def set_settings(room: Room, member: Member, mode: Mode | None, cpu_level: str | None) -> list[Event]:
    require_host(room, member)
    require_lobby(room)
    if mode is not None:
        room.mode = mode
    if cpu_level is not None:
        room.cpu_level = cpu_level
    return [{"code": "settings_changed", "mode": room.mode, "cpu_level": room.cpu_level}]


def select_game(room: Room, member: Member, game_id: str) -> list[Event]:
    require_host(room, member)
    require_lobby(room)
    if room.mode != "host":
        raise Refusal("wrong_mode", "in this room everyone votes")
    catalog.game(game_id)
    room.selected = game_id
    return [{"code": "game_selected", "member": member.id, "game": game_id}]


def vote(room: Room, member: Member, game_id: str | None) -> list[Event]:
    require_lobby(room)
    if room.mode != "vote":
        raise Refusal("wrong_mode", "in this room the host picks the game")
    if game_id is None:
        room.votes.pop(member.id, None)
    else:
        catalog.game(game_id)
        room.votes[member.id] = game_id
    return [{"code": "voted", "member": member.id, "game": game_id}]


def options_of(room: Room, game_id: str) -> dict[str, Any]:
    """The room's options for ``game_id``: the engine's defaults unless the host changed them."""
    return room.options.get(game_id) or catalog.game(game_id).options()


def set_options(room: Room, member: Member, game_id: str, preset: str | None,
                changes: dict[str, Any] | None) -> list[Event]:
    """Reset to ``preset`` (if given), merge ``changes`` in, and keep the result if the engine accepts it."""
    require_host(room, member)
    require_lobby(room)
    game = catalog.game(game_id)
    try:
        base = game.options(preset) if preset is not None else options_of(room, game_id)
        options = game.validate_options({**base, **(changes or {})})
    except (ValueError, KeyError, TypeError) as err:  # OptionsError is a ValueError; an unknown preset may be either
        raise Refusal("bad_options", str(err) or "options refused", reason=getattr(err, "code", "unknown_preset")) from None
    room.options[game_id] = options
    return [{"code": "options_changed", "game": game_id, "options": options}]


def add_cpu(room: Room, member: Member) -> list[Event]:
    require_host(room, member)
    require_lobby(room)
    if len(room.members) >= MAX_SEATS:
        raise Refusal("seats_full", f"a room has at most {MAX_SEATS} seats")
    cpu = Member(id=room.new_member_id(cpu=True), name="", cpu=True)
    cpu.name = f"CPU {sum(m.cpu for m in room.members) + 1}"
    room.members.append(cpu)
    return [{"code": "cpu_added", "member": cpu.id}]


def remove_cpu(room: Room, member: Member, index: int | None) -> list[Event]:
    """Remove the CPU at ``index`` in ``members`` (default: the last CPU)."""
    require_host(room, member)
    require_lobby(room)
    cpus = [m for m in room.members if m.cpu]
    if index is None:
        target = cpus[-1] if cpus else None
    else:
        target = room.members[index] if index < len(room.members) and room.members[index].cpu else None
    if target is None:
        raise Refusal("no_cpu", "there is no such CPU seat")
    room.members.remove(target)
    return [{"code": "cpu_removed", "member": target.id}]


def fits(game_id: str, seats: int) -> bool:
    game = catalog.game(game_id)
    return game.min_players <= seats <= game.max_players


def chosen_game(room: Room, requested: str | None) -> str:
    """The game ``start`` deals: the host's pick, or the vote's winner (ties: the host's vote, else ``requested``)."""
    if room.mode == "host":
        game_id = requested or room.selected
        if game_id is None:
            raise Refusal("no_game_selected", "the host has not picked a game")
        return game_id
    tally: dict[str, int] = {}
    for game_id in room.votes.values():
        tally[game_id] = tally.get(game_id, 0) + 1
    if not tally:
        raise Refusal("no_game_selected", "nobody has voted yet")
    top = max(tally.values())
    tied = sorted(g for g, n in tally.items() if n == top)
    if len(tied) == 1:
        return tied[0]
    host_vote = room.votes.get(room.host)
    if host_vote in tied:
        return host_vote
    if requested in tied:
        return requested
    raise Refusal("vote_tie", "the vote is tied: the host names one of the tied games", choices=tied)
