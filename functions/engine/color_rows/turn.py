"""The turn (docs/rules.md CR 4–CR 6): which moves are legal, and the state each one leads to.

A turn is either ``draw`` then ``place`` (two moves by the same seat: the card drawn is public and must be placed
before anything else), or ``take``, which takes a row and leaves the round. Play passes to increasing seats,
skipping seats that are out this round; a seat alone in the round therefore keeps the turn until it takes a row.

>>> import random
>>> from .setup import setup
>>> s = setup(3, "standard", rng=random.Random(0), deck=["pink", "gold", "plus2"], start=[["blue"]] * 3)
>>> legal_moves(s, 0)
[{'type': 'draw'}]
>>> s = apply(s, 0, {"type": "draw"})
>>> s.drawn, legal_moves(s, 0)
('pink', [{'type': 'place', 'row': 0}, {'type': 'place', 'row': 1}, {'type': 'place', 'row': 2}])
>>> s = apply(s, 0, {"type": "place", "row": 1})
>>> s.rows, s.current, s.events
(((), ('pink',), ()), 1, ({'type': 'placed', 'seat': 0, 'card': 'pink', 'row': 1},))
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, TypeVar

from ..errors import IllegalMove
from ..game import Move
from .cards import GOLD, LAST
from .state import Event, State, add_cards

T = TypeVar("T")
MOVE_FIELDS = {"draw": {"type"}, "place": {"type", "row"}, "take": {"type", "row"}}


def legal_moves(state: State, seat: int) -> list[Move]:
    """Every move ``seat`` may make now; empty unless it is ``seat``'s turn."""
    if state.over or not _is_turn_of(state, seat):
        return []
    if state.drawn is not None:
        return [{"type": "place", "row": r} for r in state.open_rows() if _has_room(state, r)]
    draw = [{"type": "draw"}] if _can_draw(state) else []
    return draw + [{"type": "take", "row": r} for r in state.open_rows() if _can_take(state, r)]


def apply(state: State, seat: int, move: Move) -> State:
    """The state after ``seat`` makes ``move``; raises ``IllegalMove`` (and changes nothing) if it may not."""
    if state.over:
        raise IllegalMove("game_over", "the game is over")
    if not _is_turn_of(state, seat):
        raise IllegalMove("not_your_turn", f"seat {seat!r} cannot act now: it is seat {state.current}'s turn")
    kind = _checked_shape(move)
    if kind == "draw":
        return _draw(state, seat)
    if kind == "place":
        return _place(state, seat, move["row"])
    return _take(state, seat, move["row"])


def _is_turn_of(state: State, seat: object) -> bool:
    return type(seat) is int and seat == state.current  # True == 1, but True is not seat 1


def _checked_shape(move: Any) -> str:
    """The move's type, once its fields are exactly those of a known move."""
    if not isinstance(move, dict) or move.get("type") not in MOVE_FIELDS:
        raise IllegalMove("malformed_move", f"a move is {{'type': 'draw' | 'place' | 'take', …}}; got {move!r}")
    kind: str = move["type"]
    if set(move) != MOVE_FIELDS[kind] or ("row" in move and type(move["row"]) is not int):
        fields = ", ".join(sorted(MOVE_FIELDS[kind] - {"type"})) or "no other fields"
        raise IllegalMove("malformed_move", f"a {kind!r} move takes {fields} (row: an integer); got {move!r}")
    return kind


def _draw(state: State, seat: int) -> State:
    if state.drawn is not None:
        raise IllegalMove("must_place", f"place the {state.drawn} card you drew first")
    if not state.supply:
        raise IllegalMove("supply_empty", "the supply is empty: take a row")
    if not any(_has_room(state, r) for r in state.open_rows()):
        raise IllegalMove("all_rows_full", "every row is full: take a row")
    card, supply, saw_last = _reveal(state.supply)
    events = _last_round_events(seat, saw_last)
    if card is not None:
        events.append({"type": "drew", "seat": seat, "card": card})
    return replace(
        state, supply=supply, drawn=card, last_round=state.last_round or saw_last, events=tuple(events)
    )


def _place(state: State, seat: int, row: int) -> State:
    if state.drawn is None:
        raise IllegalMove("nothing_drawn", "draw a card before placing one")
    _check_open_row(state, row)
    if not _has_room(state, row):
        raise IllegalMove("row_full", f"row {row} is full ({state.capacities[row]} cards)")
    rows = _with_item(state.rows, row, state.rows[row] + (state.drawn,))
    placed_event = {"type": "placed", "seat": seat, "card": state.drawn, "row": row}
    placed = replace(state, rows=rows, drawn=None, events=(placed_event,))
    return replace(placed, current=_next_in_round(placed, seat))


def _take(state: State, seat: int, row: int) -> State:
    if state.drawn is not None:
        raise IllegalMove("must_place", f"place the {state.drawn} card you drew first")
    _check_open_row(state, row)
    if not _can_take(state, row):
        if not any(_can_take(state, r) for r in state.open_rows()):
            raise IllegalMove("must_draw", "every row is empty: draw a card")
        raise IllegalMove("row_empty", f"row {row} is empty: an empty row cannot be taken")
    cards = state.rows[row]
    events: list[Event] = [{"type": "took", "seat": seat, "row": row, "cards": cards}]
    supply, last_round = state.supply, state.last_round
    if GOLD in cards:
        bonus, supply, saw_last = _reveal(supply)
        events += _last_round_events(seat, saw_last)
        events.append({"type": "gold_bonus", "seat": seat, "card": bonus})
        cards += (bonus,) if bonus is not None else ()
        last_round = last_round or saw_last
    taken = replace(
        state,
        supply=supply,
        rows=_with_item(state.rows, row, ()),
        taken_by=_with_item(state.taken_by, row, seat),
        collections=_with_item(state.collections, seat, add_cards(state.collections[seat], cards)),
        last_round=last_round,
    )
    if all(taken.is_out(s) for s in range(taken.n_players)):
        return _end_round(taken, seat, events)
    return replace(taken, current=_next_in_round(taken, seat), events=tuple(events))


def _end_round(state: State, last_taker: int, events: list[Event]) -> State:
    """Every seat has taken a row: rows left over leave the game; then the next round, or the end."""
    for r in state.open_rows():
        if state.rows[r]:
            events.append({"type": "row_discarded", "row": r, "cards": state.rows[r]})
    if state.last_round:
        events.append({"type": "game_over"})
        return replace(state, rows=((),) * len(state.rows), current=None, events=tuple(events))
    events.append({"type": "round_start", "round": state.round + 1, "seat": last_taker})
    return replace(
        state,
        rows=((),) * len(state.rows),
        taken_by=(None,) * len(state.rows),
        current=last_taker,  # who took the last row starts the next round
        round=state.round + 1,
        events=tuple(events),
    )


def _reveal(supply: tuple[str, ...]) -> tuple[str | None, tuple[str, ...], bool]:
    """Turn up the top card, setting a last-round card aside for the one under it.

    Returns the card (None if the supply ran out), the supply left, and whether the last-round card appeared.
    """
    saw_last = bool(supply) and supply[0] == LAST
    if saw_last:
        supply = supply[1:]
    if not supply:
        return None, supply, saw_last
    return supply[0], supply[1:], saw_last


def _last_round_events(seat: int, saw_last: bool) -> list[Event]:
    return [{"type": "last_round", "seat": seat}] if saw_last else []


def _next_in_round(state: State, seat: int) -> int:
    """The next seat after ``seat`` still in the round — ``seat`` itself when it is the only one."""
    n = state.n_players
    return next(s for s in ((seat + step) % n for step in range(1, n + 1)) if not state.is_out(s))


def _check_open_row(state: State, row: int) -> None:
    if not 0 <= row < len(state.rows):
        raise IllegalMove("no_such_row", f"there is no row {row}: rows are 0-{len(state.rows) - 1}")
    if state.taken_by[row] is not None:
        raise IllegalMove("row_taken", f"row {row} was taken by seat {state.taken_by[row]} this round")


def _has_room(state: State, row: int) -> bool:
    return len(state.rows[row]) < state.capacities[row]


def _can_draw(state: State) -> bool:
    return bool(state.supply) and any(_has_room(state, r) for r in state.open_rows())


def _can_take(state: State, row: int) -> bool:
    # An empty row may be taken only when the supply is exhausted (never in a game set up by the rules, where 15
    # cards lie under the last-round card): otherwise a seat facing empty rows and no cards could not move.
    return bool(state.rows[row]) or not state.supply


def _with_item(items: tuple[T, ...], index: int, item: T) -> tuple[T, ...]:
    """``items`` with ``items[index]`` replaced (tuples are immutable: a new one)."""
    return items[:index] + (item,) + items[index + 1 :]
