"""What a seat (or a spectator) sees: everything on the table, nothing of the supply but its size.

Collected cards are public in Color Rows, and the card just drawn is turned face up, so every viewer sees the
same table; only ``seat`` and ``legal`` differ. The supply's order never leaves the server.
"""

from __future__ import annotations

from typing import Any

from ..errors import EngineError
from .cards import TABLES
from .turn import legal_moves
from .scoring import Score, score_counts
from .state import State

GAME_ID = "color-rows"


def view(state: State, seat: int | None) -> dict[str, Any]:
    """The JSON-ready view of ``state`` for ``seat`` (``None``: a spectator)."""
    if seat is not None and (type(seat) is not int or not 0 <= seat < state.n_players):
        raise EngineError("no_such_seat", f"seat must be None or 0-{state.n_players - 1}; got {seat!r}")
    return {
        "game": GAME_ID,
        "seat": seat,
        "options": {"scoring": state.scoring},
        "colors": list(state.colors),
        "table": list(TABLES[state.scoring][1:]),
        "rows": [
            {"cards": list(cards), "capacity": capacity, "taken_by": taker}
            for cards, capacity, taker in zip(state.rows, state.capacities, state.taken_by)
        ],
        "players": [
            {
                "seat": s,
                "cards": state.cards_of(s),
                "out": state.is_out(s),
                "score": score_counts(state.collections[s], state.scoring, state.colors).total,
            }
            for s in range(state.n_players)
        ],
        "supply": len(state.supply),
        "last_round": state.last_round,
        "drawn": state.drawn,
        "current": state.current,
        "round": state.round,
        "legal": [] if seat is None else legal_moves(state, seat),
        "result": result(state),
        "events": events_json(state.events),
    }


def result(state: State) -> dict[str, Any] | None:
    """``None`` while the game runs; then every seat's optimal score with its breakdown, and the winners."""
    if not state.over:
        return None
    return {
        "scores": [s.as_json(seat) for seat, s in enumerate(_scores(state))],
        "winners": list(winners(state)),
    }


def winners(state: State) -> tuple[int, ...]:
    """The seats with the top score: equal top scores share the win."""
    scores = _scores(state)
    best = max(s.total for s in scores)
    return tuple(seat for seat, s in enumerate(scores) if s.total == best)


def _scores(state: State) -> list[Score]:
    return [score_counts(counts, state.scoring, state.colors) for counts in state.collections]


def events_json(events: tuple[dict[str, Any], ...]) -> list[dict[str, Any]]:
    """The events as fresh JSON-ready dicts (card tuples become lists), so a caller cannot alter the state."""
    return [{k: list(v) if isinstance(v, tuple) else v for k, v in event.items()} for event in events]
