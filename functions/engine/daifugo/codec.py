"""``dump`` / ``load``: the state as small JSON-ready data, for the room item in DynamoDB.

Cards are stored as strings of two-character codes (``"s3hTX1"``); the standard deck is not stored at all.
Nothing derived (the field, titles' seats, scores, the result) is stored. ``load(dump(s)) == s``; anything
else raises ``EngineError("bad_state")``.

>>> import random
>>> from .rules import options
>>> from .setup import setup
>>> s = setup(4, options(), rng=random.Random(3))
>>> data = dump(s)
>>> load(data) == s, len(data["hands"][0]), data["deck"]
(True, 28, None)
"""

from __future__ import annotations

from typing import Any

from ..errors import EngineError
from .cards import RANK_OF, RANKS, packed, unpacked
from .plays import Play, read_play
from .rules import validate_options
from .state import Exchange, PassedOn, State

FORMAT = 1


def dump(state: State) -> dict[str, Any]:
    """The state as JSON-ready data."""
    exchange = state.exchange
    return {
        "v": FORMAT,
        "options": state.options,
        "seed": state.seed,
        "deck": None if state.deck is None else packed(state.deck),
        "round": state.round,
        "phase": state.phase,
        "hands": [packed(hand) for hand in state.hands],
        "turn": state.turn,
        "trick": [_play_data(p) for p in state.trick],
        "passed": [s for s, passed in enumerate(state.passed) if passed],
        "passes": [[[_play_data(p.field), p.reversed, p.lock] for p in passes] for passes in state.passes],
        "revolution": state.revolution,
        "eleven_back": state.eleven_back,
        "lock": state.lock,
        "played": packed(state.played),
        "buried": packed(state.buried),
        "out": list(state.out),
        "places": list(state.places),
        "titles": None if state.titles is None else list(state.titles),
        "exchange": None
        if exchange is None
        else {
            "pending": list(exchange.pending),
            "owes": list(exchange.owes),
            "given": [packed(cards) for cards in exchange.given],
            "received": [packed(cards) for cards in exchange.received],
        },
        "base": list(state.base),
        "history": [list(places) for places in state.history],
        "last": state.last,
    }


def load(data: dict[str, Any]) -> State:
    """The state ``dump`` made ``data`` from."""
    try:
        if data["v"] != FORMAT:
            raise ValueError(f"format {data['v']!r}, expected {FORMAT}")
        hands = tuple(unpacked(hand) for hand in data["hands"])
        n = len(hands)
        exchange = data["exchange"]
        options = validate_options(data["options"])
        return State(
            options=options,
            seed=int(data["seed"]),
            deck=None if data["deck"] is None else unpacked(data["deck"]),
            round=int(data["round"]),
            phase=_one_of(data["phase"], ("exchange", "play", "over")),
            hands=hands,
            turn=data["turn"],
            trick=tuple(_play(entry) for entry in data["trick"]),
            passed=tuple(s in data["passed"] for s in range(n)),
            # A dump written before the record existed loads with no passes recorded.
            passes=tuple(
                tuple(PassedOn(_play(field), bool(reversed_), int(lock)) for field, reversed_, lock in passes)
                for passes in data.get("passes", [[]] * n)
            ),
            revolution=bool(data["revolution"]),
            eleven_back=bool(data["eleven_back"]),
            lock=int(data["lock"]),
            played=unpacked(data["played"]),
            buried=unpacked(data["buried"]),
            out=tuple(data["out"]),
            places=tuple(data["places"]),
            titles=None if data["titles"] is None else tuple(data["titles"]),
            exchange=None
            if exchange is None
            else Exchange(
                tuple(exchange["pending"]),
                tuple(exchange["owes"]),
                tuple(unpacked(cards) for cards in exchange["given"]),
                tuple(unpacked(cards) for cards in exchange["received"]),
            ),
            base=tuple(data["base"]),
            history=tuple(tuple(places) for places in data["history"]),
            last=data["last"],
        )
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as err:
        raise EngineError("bad_state", f"not a dumped daifugo state: {err!r}") from err


def _play_data(play: Play) -> list[Any]:
    return [play.seat, packed(play.cards), None if play.suit < 0 else RANKS[play.low]]


def _play(entry: list[Any]) -> Play:
    seat, cards, seq = entry
    return read_play(seat, list(unpacked(cards)), None if seq is None else RANK_OF[seq], sequences=True)


def _one_of(value: Any, allowed: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value not in allowed:
        raise ValueError(f"{value!r} is not one of {allowed}")
    return value
