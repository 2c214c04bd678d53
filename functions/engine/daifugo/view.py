"""What one seat (or a spectator) sees, the legal moves, the result and the outcome.

A viewer sees its own hand and nothing of another's but the count; of the exchange only its own part (what it
gave and received, and who still owes cards). A fallen 大富豪's hand is never shown (0 cards).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from ..errors import EngineError
from ..game import Outcome
from .cards import JOKER_RANK, RANKS, SUITS, codes
from .plays import Play, legal_plays, suit_letters
from .state import PassedOn, State, titles_from_places

GAME_ID = "daifugo"


def current(state: State) -> int | None:
    """The first pending giver in the exchange (大富豪 before 富豪), the seat to act in play, ``None`` once over."""
    if state.phase == "exchange":
        return state.exchange.pending[0]  # type: ignore[union-attr]
    return state.turn


def legal_moves(state: State, seat: Any) -> list[dict[str, Any]]:
    """``pass`` when legal, then every distinct legal play (see ``plays.legal_plays``); in the exchange every
    set of cards the seat may give, sorted by cards; otherwise ``[]``."""
    if type(seat) is not int or not 0 <= seat < state.n:
        return []
    hand = state.hands[seat]
    if state.phase == "exchange":
        exchange = state.exchange
        if seat not in exchange.pending:  # type: ignore[union-attr]
            return []
        owed = exchange.owes[seat]  # type: ignore[union-attr]
        return [{"type": "give", "cards": codes(cards)} for cards in combinations(sorted(set(hand)), owed)]
    if state.phase != "play" or seat != state.turn:
        return []
    options, field = state.options, state.field
    moves: list[dict[str, Any]] = [] if field is None else [{"type": "pass"}]
    moves += legal_plays(
        hand,
        field,
        reversed_=state.reversed,
        lock=state.lock,
        sequences=options["sequences"],
        spade3=options["spade3"],
    )
    return moves


def view(state: State, seat: int | None) -> dict[str, Any]:
    """The table as ``seat`` sees it (``None``: a spectator)."""
    n = state.n
    if seat is not None and (type(seat) is not int or not 0 <= seat < n):
        raise EngineError("no_such_seat", f"no seat {seat!r} at this {n}-player table")
    scores = state.scores()
    seen: dict[str, Any] = {
        "game": GAME_ID,
        "seat": seat,
        "options": dict(state.options),
        "round": state.round,
        "rounds": state.options["rounds"],
        "phase": state.phase,
    }
    if seat is not None:
        seen["hand"] = codes(state.hands[seat])
    seen["players"] = [
        {
            "seat": s,
            "cards": len(state.hands[s]),
            "title": None if state.titles is None else state.titles[s],
            "passed": state.passed[s],
            "out": state.out[s],
            "place": state.places[s],
            "score": scores[s],
        }
        for s in range(n)
    ]
    seen["current"] = current(state)
    seen["field"] = _field(state.field)
    seen["trick"] = [_trick_entry(play) for play in state.trick]
    seen["played"] = codes(state.played)
    seen["record"] = {"passes": [[_passed_on(p) for p in passes] for passes in state.passes]}
    seen["revolution"] = state.revolution
    seen["eleven_back"] = state.eleven_back
    seen["reversed"] = state.reversed
    seen["lock"] = suit_letters(state.lock) if state.lock else None
    seen["exchange"] = _exchange(state, seat)
    seen["last"] = _last(state, seat)
    seen["events"] = _events(state)
    seen["last_round"] = _last_round(state)
    seen["legal"] = [] if seat is None else legal_moves(state, seat)
    seen["result"] = result(state)
    return seen


def _field(play: Play | None) -> dict[str, Any] | None:
    if play is None:
        return None
    is_set = play.kind == "set"
    return {
        "by": play.seat,
        "cards": codes(play.cards),
        "kind": play.kind,
        "size": play.size,
        "rank": ("X" if play.low == JOKER_RANK else RANKS[play.low]) if is_set else None,
        "low": None if is_set else RANKS[play.low],
        "high": None if is_set else RANKS[play.high],
        "suit": None if is_set else SUITS[play.suit],
    }


def _trick_entry(play: Play) -> dict[str, Any]:
    entry: dict[str, Any] = {"seat": play.seat, "cards": codes(play.cards)}
    if play.kind == "seq":
        entry["seq"] = RANKS[play.low]
    return entry


def _passed_on(passed: PassedOn) -> dict[str, Any]:
    """A pass of the public record: the field passed on (as in ``trick``), the order and 縛り then."""
    return {**_trick_entry(passed.field), "reversed": passed.reversed,
            "lock": suit_letters(passed.lock) if passed.lock else None}


def _exchange(state: State, seat: int | None) -> dict[str, Any] | None:
    exchange = state.exchange
    if exchange is None:
        return None
    if seat is None:
        return {"pending": list(exchange.pending), "give": 0, "given": [], "received": []}
    return {
        "pending": list(exchange.pending),
        "give": exchange.owes[seat],
        "given": codes(exchange.given[seat]),
        "received": codes(exchange.received[seat]),
    }


def _last(state: State, seat: int | None) -> dict[str, Any] | None:
    last = state.last
    if last is None:
        return None
    shown = _copied(last)
    if last["type"] == "give" and seat not in (last["seat"], last["to"]):
        del shown["cards"]
    shown["events"] = [_copied(event) for event in last["events"]]
    return shown


def _events(state: State) -> list[dict[str, Any]]:
    """What the last move did, the same for every viewer: the move itself (a give without its cards), then the
    events it caused."""
    last = state.last
    if last is None:
        return []
    action: dict[str, Any] = {"type": last["type"], "seat": last["seat"]}
    if last["type"] == "play":
        action["cards"] = list(last["cards"])
        if "seq" in last:
            action["seq"] = last["seq"]
    elif last["type"] == "give":
        action["to"] = last["to"]
    return [action] + [_copied(event) for event in last["events"]]


def _copied(record: dict[str, Any]) -> dict[str, Any]:
    """A copy the caller may change (the state's lists are never handed out)."""
    return {key: list(value) if isinstance(value, list) else value for key, value in record.items()}


def _last_round(state: State) -> dict[str, Any] | None:
    if not state.history:
        return None
    places = state.history[-1]
    return {
        "places": sorted(range(state.n), key=lambda s: places[s]),
        "titles": list(titles_from_places(places)),
        "points": [state.n + 1 - place for place in places],
    }


def result(state: State) -> dict[str, Any] | None:
    """``None`` while the game runs; then the ranking by total (ties in seat order), the winners (every seat
    with the top total) and each seat's places and points per round."""
    if state.phase != "over":
        return None
    totals = state.scores()
    top = max(totals)
    return {
        "ranking": [[s, totals[s]] for s in sorted(range(state.n), key=lambda s: (-totals[s], s))],
        "winners": [s for s in range(state.n) if totals[s] == top],
        "scores": [
            {
                "seat": s,
                "total": totals[s],
                "places": [places[s] for places in state.history],
                "points": [state.n + 1 - places[s] for places in state.history],
            }
            for s in range(state.n)
        ],
    }


def outcome(state: State) -> Outcome | None:
    """Who won (several: a shared win), once the game is over."""
    if state.phase != "over":
        return None
    totals = state.scores()
    return Outcome(winners=tuple(s for s in range(state.n) if totals[s] == max(totals)))
