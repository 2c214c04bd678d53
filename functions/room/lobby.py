"""Room and lobby operations: members coming and going, settings, game choice, options, CPU seats.

Each operation changes the ``Room`` it is given and returns the events of the change (docs/protocol.md, "Event
codes"), or raises ``Refusal`` — callers then drop the room object, so a refused operation changes nothing
stored. No I/O here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..refusal import Refusal
from . import catalog
from .faces import Avatar
from .model import MAX_MEMBERS, MAX_SEATS, Knock, Member, Mode, Room

if TYPE_CHECKING:
    from ..engine.game import Game

Event = dict[str, Any]
CREATOR = "m1"  # the member id of the room's creator (``new_room`` numbers them first)
MAX_REMOVED = 100  # removed players a room remembers (the oldest is forgotten first: the room item stays small)
MAX_KNOCKS = 5  # pending knocks a room holds (more are refused ``knocks_full`` until the host answers or they expire)
KNOCK_TTL = 300.0  # seconds a knock waits for the host's answer
REFUSED_FOR = 600.0  # seconds a refused player's knocks are refused by themselves
MAX_REFUSED = 50  # refused players a room remembers at once


def new_room(code: str, creator: Member, *, mode: Mode = "host", cpu_level: str = "normal", key: str = "") -> Room:
    """A room whose first member, ``creator``, is the host; ``key`` is its join link's key."""
    room = Room(code=code, host="", mode=mode, cpu_level=cpu_level, key=key)
    creator.id = room.new_member_id(cpu=False)
    room.members.append(creator)
    room.host = creator.id
    return room


def join(room: Room, newcomer: Member, now: float) -> list[Event]:
    """Add ``newcomer`` (a human with a fresh connection); during a game they watch until the next one. In a room
    where newcomers knock, they knock instead (``knock``)."""
    if newcomer.player_id in room.removed or _device_removed(room, newcomer):
        raise Refusal("removed", "the host removed you from this room")
    if not room.open:
        raise Refusal("room_closed", "the host has closed this room to newcomers")
    _room_for(room)
    if room.knock:
        return knock(room, newcomer, now)
    return _admit(room, newcomer)


def _device_removed(room: Room, person: Member) -> bool:
    """Whether ``person``'s device (its secret) or account is one the host removed."""
    return any(device is not None and device in room.removed_devices for device in (person.secret_hash, person.account))


def _room_for(room: Room) -> None:
    if len(room.humans) >= MAX_MEMBERS:
        raise Refusal("room_full", f"a room has at most {MAX_MEMBERS} members")


def _admit(room: Room, newcomer: Member) -> list[Event]:
    newcomer.id = room.new_member_id(cpu=False)
    newcomer.name = unique_name(room, newcomer.name, newcomer)
    room.members.append(newcomer)
    return [{"code": "member_joined", "member": newcomer.id, "name": newcomer.name,
             "spectator": room.phase != "lobby"}]


def unique_name(room: Room, name: str, member: Member) -> str:
    """``name``, or ``name (2)``, ``name (3)``… — the first no other member of the room has (names are unique in a
    room; the base is shortened so the whole stays within 16 characters)."""
    taken = {m.name for m in room.members if m is not member}
    candidate, n = name, 1
    while candidate in taken:
        n += 1
        suffix = f" ({n})"
        candidate = name[:16 - len(suffix)] + suffix
    return candidate


def knock(room: Room, newcomer: Member, now: float) -> list[Event]:
    """``newcomer`` asks the host to let them in: a pending knock (one per player: knocking again renews it). A
    player the host refused lately is refused by the room itself (``knock_refused``)."""
    forget_old_knocks(room, now)
    assert newcomer.player_id is not None and newcomer.conn is not None
    until = room.refused.get(newcomer.player_id)
    if until is not None:
        raise Refusal("knock_refused", "the host did not let you in", retry_after=max(1, round(until - now)))
    room.knocks = [k for k in room.knocks if k.player_id != newcomer.player_id]
    if len(room.knocks) >= MAX_KNOCKS:
        raise Refusal("knocks_full", "too many people are waiting for the host; try again later")
    room.serial += 1
    entry = Knock(id=f"k{room.serial}", name=newcomer.name, player_id=newcomer.player_id,
                  secret_hash=newcomer.secret_hash, conn=newcomer.conn, at=now, account=newcomer.account,
                  avatar=newcomer.avatar)
    room.knocks.append(entry)
    return [{"code": "knocked", "knock": entry.id, "name": entry.name}]


def forget_old_knocks(room: Room, now: float) -> None:
    """Drop knocks that waited ``KNOCK_TTL`` and refusals that ran out: the room item stays small."""
    room.knocks = [k for k in room.knocks if now - k.at < KNOCK_TTL]
    room.refused = {p: until for p, until in room.refused.items() if until > now}


def answer_knock(room: Room, member: Member, knock_id: str, admit: bool, now: float) -> tuple[list[Event], Knock]:
    """The host lets the knocker ``knock_id`` in (a member with the knock's connection) or refuses them (their
    knocks are then refused for ``REFUSED_FOR``); the knock it answered."""
    require_host(room, member)
    forget_old_knocks(room, now)
    entry = next((k for k in room.knocks if k.id == knock_id), None)
    if entry is None:
        raise Refusal("no_knock", f"nobody is knocking as {knock_id}")
    events: list[Event] = [{"code": "knock_answered", "knock": entry.id, "admitted": admit}]
    if admit:
        _room_for(room)
        events += _admit(room, Member(id="", name=entry.name, player_id=entry.player_id, secret_hash=entry.secret_hash,
                                      conn=entry.conn, joined_at=now, account=entry.account, avatar=entry.avatar))
    else:
        room.refused[entry.player_id] = now + REFUSED_FOR
        room.refused = dict(list(room.refused.items())[-MAX_REFUSED:])
    room.knocks.remove(entry)
    return events, entry


def set_knock(room: Room, member: Member, knocking: bool) -> list[Event]:
    """The host makes newcomers knock (or lets them in at once again: pending knocks stay to be answered)."""
    require_host(room, member)
    room.knock = knocking
    return [settings_event(room)]


def reconnect(room: Room, member: Member, conn: str, name: str | None = None,
              avatar: Avatar | None = None) -> list[Event]:
    """Bind ``member`` to a new connection (resume): their seat is theirs again, the stand-in stops. A ``name`` or
    ``avatar`` given replaces theirs."""
    member.conn, member.dropped_at = conn, None
    if name is not None:
        member.name = unique_name(room, name, member)
    if avatar is not None:
        member.avatar = avatar
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
        events += pass_host(room, successor(room) or room.humans[0])
    return events


def successor(room: Room) -> Member | None:
    """Who the host's role passes to: the longest-present connected person (one the stand-in is not playing for
    first), or None when nobody else is connected."""
    connected = [m for m in room.humans if m.conn is not None and m.id != room.host]
    return next((m for m in connected if not m.away), connected[0] if connected else None)


def pass_host(room: Room, heir: Member) -> list[Event]:
    room.host = heir.id
    return [{"code": "host_changed", "member": heir.id}]


def remove_member(room: Room, member: Member, target_id: str) -> list[Event]:
    """The host removes the person ``target_id`` (any phase: a seat in a running game is the stand-in's at once):
    neither their player nor their device joins again, and from now on newcomers knock."""
    require_host(room, member)
    target = room.member(target_id)
    if target is None or target.cpu or target is member:
        raise Refusal("no_member", f"there is no other person {target_id} in this room")
    if target.player_id is not None:
        room.removed = (room.removed + [target.player_id])[-MAX_REMOVED:]
    devices = [d for d in (target.secret_hash, target.account) if d is not None]
    room.removed_devices = (room.removed_devices + devices)[-2 * MAX_REMOVED:]
    room.members.remove(target)
    room.votes.pop(target.id, None)
    room.knock = True
    # the reason is the removed person's alone
    return [{"code": "member_removed", "member": target.id}, settings_event(room)]


def set_open(room: Room, member: Member, is_open: bool) -> list[Event]:
    """The host closes the room to newcomers (members still come back), or opens it again."""
    require_host(room, member)
    room.open = is_open
    return [settings_event(room)]


def back(room: Room, member: Member) -> list[Event]:
    """``member`` is back at the phone: the stand-in stops playing for them (``present``)."""
    if not member.away:
        raise Refusal("not_away", "the stand-in is not playing for you")
    return present(member)


def present(member: Member) -> list[Event]:
    """A person the stand-in played for has acted: their seat is theirs again."""
    if not member.away and not member.timeouts:
        return []
    was_away, member.away, member.timeouts = member.away, False, 0
    return [{"code": "member_back", "member": member.id}] if was_away else []


def settings_event(room: Room) -> Event:
    return {"code": "settings_changed", "mode": room.mode, "cpu_level": room.cpu_level,
            "turn_timer": room.turn_timer, "open": room.open, "knock": room.knock}


def still_here(member: Member, now: float) -> list[Event]:
    """``member`` answers "still there?": their turn's idle deadline starts again (``autoplay``)."""
    member.here_at = now
    return [{"code": "member_here", "member": member.id}]


def require_host(room: Room, member: Member) -> None:
    if room.host != member.id:
        raise Refusal("not_host", "only the host may do this")


def require_lobby(room: Room) -> None:
    if room.phase != "lobby":
        raise Refusal("in_game", "lobby and seat actions wait until the room is back in the lobby")


def set_settings(room: Room, member: Member, mode: Mode | None, cpu_level: str | None,
                 turn_timer: int | None = None) -> list[Event]:
    require_host(room, member)
    require_lobby(room)
    if mode is not None:
        room.mode = mode
    if cpu_level is not None:
        room.cpu_level = cpu_level
    if turn_timer is not None:
        room.turn_timer = turn_timer
    return [settings_event(room)]


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


def options_of(room: Room, game: Game) -> dict[str, Any]:
    """The room's options for ``game``: the engine's defaults unless the host changed them."""
    return room.options.get(game.id) or game.options()


def set_options(room: Room, member: Member, game_id: str, preset: str | None,
                changes: dict[str, Any] | None) -> list[Event]:
    """Reset to ``preset`` (if given), merge ``changes`` in, and keep the result if the engine accepts it."""
    require_host(room, member)
    require_lobby(room)
    game = catalog.game(game_id)
    try:
        base = game.options(preset) if preset is not None else options_of(room, game)
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


def fits(game: Game, seats: int) -> bool:
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
