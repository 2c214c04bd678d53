"""What one seat may see (``view``) and the result of a finished game.

The view holds the viewer's own hand and card drawn, counts for everything else, and never the other hands or
the order of the draw pile. Fields beyond the contract are documented in docs/engine.md.
"""

from __future__ import annotations

from itertools import chain
from typing import Any

from .cards import COLORS
from .legality import legal_moves
from .state import HISTORY, NEVER, OVER, PENALTY, State
from .table import can_draw, seat_after
from .turn import next_deadline



def result(s: State) -> dict[str, Any] | None:
    """None while playing; then the winner (None: nobody could play or draw, docs/rules.md CM 11), the ranking by cards left
    and each ranked seat's place, equal counts sharing a place (CM 12).

    ``ranking`` lists ``[seat, cards_left]``; ``places`` lists the place of each ranking entry, in the same order.
    """
    if s.phase != OVER:
        return None
    ranking = sorted(([seat, len(h)] for seat, h in enumerate(s.hands)), key=lambda r: (r[0] != s.winner, r[1], r[0]))
    places: list[int] = []
    for i, (seat, left) in enumerate(ranking):
        tied = i and ranking[i - 1][1] == left and ranking[i - 1][0] != s.winner
        places.append(places[-1] if tied else i + 1)
    return {"winner": s.winner, "ranking": ranking, "places": places}


def view(s: State, seat: int | None) -> dict[str, Any]:
    """The JSON-ready view of ``seat`` (None: a spectator)."""
    over = s.phase == OVER
    uncalled = {u[0]: u[1] for u in s.uncalled}
    players: list[dict[str, Any]] = [
        {"seat": i, "cards": len(h), "declared": i in s.declared, "uncalled": i in uncalled}
        for i, h in enumerate(s.hands)
    ]
    if s.rules.grace is not None:
        for p in players:
            p["deadline"] = uncalled.get(p["seat"])
    seated = isinstance(seat, int) and 0 <= seat < len(s.hands)
    challenge = s.wd4 and s.phase == PENALTY  # a Wild Draw Four the player in turn may challenge
    v: dict[str, Any] = {
        "game": "color-match",
        "seat": seat if seated else None,
        "options": dict(s.rules.options),
        "players": players,
        "top": s.discard[-1],
        "color": s.color,
        "direction": s.direction,
        "current": None if over else s.turn,
        "next": None if over else seat_after(s, s.turn),
        "phase": s.phase,
        "draw_pile": len(s.pile),
        "discard": len(s.discard),
        "can_draw": can_draw(s),
        "pending": {"draw": s.pending[0], "by": s.pending[1]} if s.pending else None,
        "challenge": s.wd4[0] if s.wd4 and challenge else None,
        "color_before": s.pending[2] if s.pending and challenge else None,
        "drawn": s.drawn if seated and seat == s.turn else None,
        "deadline": next_deadline(s),
        "legal": legal_moves(s, seat) if seated else [],
        "cards_played": s.played,
        "events": _copies(s.events),
        "recent": _copies(e for e in chain(*s.earlier, s.events) if e["type"] in HISTORY),
        "record": record(s),
        "result": result(s),
    }
    if seated:
        assert seat is not None
        v["hand"] = list(s.hands[seat])
    return v


def record(s: State) -> dict[str, Any]:
    """The table's public record: what every player at the table saw over the whole game (the same for every
    viewer; docs/engine.md, "The public record")."""
    top = s.discard[-1]
    return {
        "seats": [
            {
                "drew_on": {c: k for c, k in zip(COLORS, drew_on) if k >= 0} if drew_on != NEVER else {},
                "named": named,
                "wilds": wilds,
                "wd4": wd4,
                "actions": actions,
                "kept": kept,
            }
            for drew_on, named, wilds, wd4, actions, kept in s.record
        ],
        "under": {"W": s.discard.count("W") - (top == "W"), "W4": s.discard.count("W4") - (top == "W4")},
    }


def _copies(events: Any) -> list[dict[str, Any]]:
    """Fresh copies of ``events`` (a play's card list too), so a caller may change a view freely."""
    return [{**e, "cards": list(e["cards"])} if e["type"] == "play" else dict(e) for e in events]
