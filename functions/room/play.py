"""Starting games, players' moves, and what comes after a game (rematch, back to the lobby).

During an operation ``room.version`` is already the version the change will be stored with (the unit of work bumps
it first), so a move is stale when the client saw a version older than the game's last change, or one the room
never had.
"""

from __future__ import annotations

from typing import Any

from ..refusal import Refusal
from . import catalog
from .autoplay import absent
from .lobby import chosen_game, fits, options_of, require_host, require_lobby
from .model import GameRecord, Member, Room
from .replay import commitment, deal
from .turns import Event, apply_forced, apply_move


def start(room: Room, member: Member, requested: str | None, seed: int, now: float, *, salt: str = "") -> list[Event]:
    """The host starts the chosen game with every member and CPU seated in base order, dealt from ``seed``
    (committed to with ``salt``: ``replay.commitment``)."""
    require_host(room, member)
    require_lobby(room)
    return _deal(room, chosen_game(room, requested), seed, now, member, salt)


def rematch(room: Room, member: Member, seed: int, now: float, game_id: str | None = None, *,
            salt: str = "") -> list[Event]:
    """The host's もう一回: the same game again (or ``game_id``, the next game in one tap), with whoever is in the
    room now."""
    require_host(room, member)
    record = _finished(room)
    return _deal(room, game_id or record.id, seed, now, member, salt)


def to_lobby(room: Room, member: Member) -> list[Event]:
    """The host's ロビーに戻る: the finished game is put away; wins and history stay."""
    require_host(room, member)
    _finished(room)
    room.game = None
    return [{"code": "back_to_lobby"}]


def move(room: Room, member: Member, move: dict[str, Any], seen_version: int, now: float) -> list[Event]:
    """``member`` makes ``move`` on the game as of ``seen_version``.

    The unit of work has already applied whatever bot moves and rule deadlines were due (``catch_up``), so a move
    made on a screen that one of them has just made outdated is ``stale`` — never judged against a turn its player
    did not see.
    """
    record = room.game
    if record is None or record.result is not None:
        raise Refusal("no_game", "no game is running")
    seat = room.seat_of(member.id)
    if seat is None:
        raise Refusal("spectator", "you watch this game; you play from the next one")
    if not record.changed_version <= seen_version < room.version:
        raise Refusal("stale", f"the game changed since version {seen_version}")
    return apply_move(room, seat, move, now, by="player")


def _finished(room: Room) -> GameRecord:
    if room.game is None or room.game.result is None:
        raise Refusal("not_finished", "this waits until a game has finished")
    return room.game


def dealt(room: Room, now: float, dealer: Member | None = None) -> list[Member]:
    """Who a game dealt at ``now`` seats, in base order: every CPU seat and every person who is not absent (a
    person away or disconnected beyond the grace watches this game and sits in again at the next deal) — and
    the ``dealer``, who is here: they asked."""
    return [m for m in room.members if m is dealer or not absent(m, now)]


def _deal(room: Room, game_id: str, seed: int, now: float, dealer: Member, salt: str) -> list[Event]:
    game = catalog.game(game_id)
    players = dealt(room, now, dealer)
    seats = [m.id for m in players]
    if not fits(game, len(seats)):
        raise Refusal("bad_player_count",
                      f"{game_id} is for {game.min_players} to {game.max_players} seats, not {len(seats)}")
    dealer_seat, previous_first = seats.index(dealer.id), room.first_seats.get(game_id)
    options = dict(options_of(room, game))  # as dealt, whatever the host sets later
    first, state = deal(game_id, len(seats), seed, dealer_seat, previous_first, options)
    room.first_seats[game_id] = first
    room.games_started += 1
    room.game = GameRecord(
        id=game_id, number=room.games_started, seats=seats, names=[m.name for m in players],
        state=state, seed=seed, first=first, changed_version=room.version, changed_at=now,
        salt=salt, commitment=commitment(seed, salt), options=options, dealer=dealer_seat,
        previous_first=previous_first, dealt_at=now, game=game,
    )
    started = {"code": "game_started", "game": game_id, "number": room.games_started, "first": first}
    return [started] + apply_forced(room, now)
