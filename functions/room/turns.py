"""One step of a running game — a move or a rule deadline — applied through the engine, with its bookkeeping.

Every change of the game state goes through ``apply_move`` or ``apply_deadline``: they record when and at which
room version the game changed (for stale moves and CPU timing), count cards played, and settle the result
(wins, history) when the game ends. In a game that opts in (``Game.forces_only_moves``), each change is
followed, in the same room change, by the seat in turn's only legal move when it has exactly one (``by:
"forced"``), and so on while the next seat has one: no frame, post or timer is spent on a move nobody chooses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from ..refusal import Refusal
from . import replay
from .model import GameRecord, Room

if TYPE_CHECKING:
    from ..engine.game import Game, Outcome

Event = dict[str, Any]
Actor = Literal["player", "cpu", "standin", "timeout", "forced"]  # "timeout": the stand-in, as a turn timer ran out


def apply_move(room: Room, seat: int, move: dict[str, Any], now: float, by: Actor) -> list[Event]:
    """``seat`` makes ``move`` at ``now``; ``illegal_move`` (with the engine's code) if the engine refuses it."""
    record = _running(room)
    game = record.rules
    return _step(room, game, record.state, seat, move, now, by)


def apply_forced(room: Room, now: float) -> list[Event]:
    """Make the seat in turn's only legal move, and the next one's, while there is exactly one (a game that opts
    in only); ``apply_move`` and ``apply_deadline`` already do this after each step, this is for a new deal.

    In a Color Rows round's first turn the only move is to draw: a game dealt to a seat opens with its card
    turned up (``moved`` by ``"forced"``), and the seat's first decision is where to place it.
    """
    record = room.game
    if record is None or record.result is not None:
        return []
    game = record.rules
    return _forced(room, game, record.state, now) if game.forces_only_moves else []


def apply_deadline(room: Room, now: float) -> list[Event]:
    """Apply the engine's due rule deadlines (e.g. the timed last-card call) at ``now``."""
    record = _running(room)
    game = record.rules
    state = game.advance(record.state, now=now)
    record.moves.append([None, None, now, "deadline"])
    return [{"code": "deadline", "seat": None}] + _changed(room, state, now)


def _running(room: Room) -> GameRecord:
    if room.game is None or room.game.result is not None:
        raise Refusal("no_game", "no game is running")
    return room.game


def _step(room: Room, game: Game, state: Any, seat: int, move: dict[str, Any], now: float, by: Actor) -> list[Event]:
    from ..engine.errors import IllegalMove  # the engines load on first use (catalog)

    try:
        state = game.apply(state, seat, move, now=now)
    except IllegalMove as err:  # the engine left the state as it was; anything else is a bug: a fault, not a refusal
        raise Refusal("illegal_move", str(err), reason=err.code) from None
    record = room.game
    assert record is not None
    if by == "player":
        member = room.member(record.seats[seat])
        if member is not None:
            member.timeouts = 0
        if seat in record.standins:
            record.standins.remove(seat)
    elif by in ("standin", "timeout") and seat not in record.standins:
        record.standins.append(seat)
    record.moves.append([seat, move, now, by])
    public = game.public_move(move)
    record.cards_played += game.cards_put_down(move)
    events: list[Event] = [{"code": "moved", "member": record.seats[seat], "seat": seat, "by": by, "move": public}]
    return events + _changed(room, state, now)


def _forced(room: Room, game: Game, state: Any, now: float) -> list[Event]:
    """The seat in turn's only legal move on ``state`` (and what it forces next), or nothing."""
    seat = game.current(state)
    if seat is None:
        return []
    legal = game.legal_moves(state, seat)
    if len(legal) != 1:
        return []
    return _step(room, game, state, seat, legal[0], now, "forced")


def _changed(room: Room, state: Any, now: float) -> list[Event]:
    record = room.game
    assert record is not None
    game = record.rules
    record.state = state
    record.changed_version, record.changed_at = room.version, now
    record.steps += 1
    public = game.view(state, None)  # the spectator's view: what every member may know of this step
    events: list[Event] = [{"code": "engine", "events": public["events"]}] if public.get("events") else []
    outcome = game.outcome(state)
    if outcome is not None:
        return events + _finish(room, outcome, public["result"])
    if game.forces_only_moves:
        events += _forced(room, game, state, now)
    return events


def _finish(room: Room, outcome: Outcome, result: dict[str, Any]) -> list[Event]:
    """Settle a finished game: its result (the game's own, for the client), the winners' win counts, a line of
    history.

    A winning seat whose last move the stand-in made, or whose person has left, won as the stand-in: it is
    listed under ``standin_winners`` and counts for nobody's ``wins``. Every winner's name is kept as it is now
    (``names``), so the history still names a member who leaves the room later (a CPU the host removes).
    """
    record = room.game
    assert record is not None
    record.result = result
    winners: list[str] = []
    standin_winners: list[str] = []
    names: dict[str, str] = {}
    for seat in outcome.winners:
        member = room.member(record.seats[seat])
        names[record.seats[seat]] = member.name if member is not None else record.names[seat]
        if member is None or seat in record.standins:
            standin_winners.append(record.seats[seat])
        else:
            member.wins += 1
            winners.append(member.id)
    room.history.append({"number": record.number, "game": record.id, "winners": winners,
                         "standin_winners": standin_winners, "names": names, "cards_played": record.cards_played})
    replay.trim_history(room)
    return [{"code": "game_over", "winners": winners, "standin_winners": standin_winners, "result": result}]
