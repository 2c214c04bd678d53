"""Building 大富豪 positions for the scenario tests, and small helpers to act on them.

Hands are written as strings of codes, ``"s5 h5 X1"``. ``deal`` goes through ``setup(start=...)`` as a caller
would; ``position`` edits a dump (through the contract's ``load``) for a table in the middle of a round.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from functions.engine import IllegalMove
from functions.engine.daifugo import GAME as G
from functions.engine.daifugo.state import State

PASS = {"type": "pass"}


def cards(text: str) -> list[str]:
    return text.split()


def deal(
    *hands: str,
    preset: str | None = None,
    first: int = 0,
    previous: list[int] | None = None,
    deck: str | None = None,
    **options: Any,
) -> State:
    """A game whose first round is dealt exactly these hands (``start.hands``)."""
    start: dict[str, Any] = {"hands": [cards(h) for h in hands]}
    if previous is not None:
        start["previous"] = previous
    return G.setup(
        len(hands),
        {**G.options(preset), **options},
        rng=random.Random(0),
        first=first,
        deck=None if deck is None else cards(deck),
        start=start,
    )


def position(
    *hands: str,
    turn: int = 0,
    titles: list[str] | None = None,
    preset: str | None = None,
    in_revolution: bool = False,
    **options: Any,
) -> State:
    """A round in play with these hands, ``turn`` to lead on an empty field, and ``titles`` (no exchange)."""
    data = G.dump(deal(*hands, preset=preset, **options))
    data.update(turn=turn, titles=titles, phase="play", exchange=None, revolution=in_revolution)
    return G.load(data)


def play(s: State, seat: int, text: str, seq: str | None = None) -> State:
    move: dict[str, Any] = {"type": "play", "cards": cards(text)}
    if seq is not None:
        move["seq"] = seq
    return G.apply(s, seat, move, now=0.0)


def pass_(s: State, *seats: int) -> State:
    for seat in seats:
        s = G.apply(s, seat, PASS, now=0.0)
    return s


def give(s: State, seat: int, text: str) -> State:
    return G.apply(s, seat, {"type": "give", "cards": cards(text)}, now=0.0)


def refused(s: State, seat: Any, move: Any, code: str) -> None:
    """``move`` is refused with ``code``, and ``s`` is unchanged."""
    before = G.dump(s)
    with pytest.raises(IllegalMove) as caught:
        G.apply(s, seat, move, now=0.0)
    assert caught.value.code == code, caught.value
    assert G.dump(s) == before


def plays(s: State, seat: int) -> list[str]:
    """The legal moves of ``seat`` written short: ``"pass"``, ``"s5 h5"``, ``"s5 s6 X1 @4"`` (a sequence from 4)."""
    return [
        "pass" if m["type"] == "pass" else " ".join(m["cards"]) + (f" @{m['seq']}" if "seq" in m else "")
        for m in G.legal_moves(s, seat)
    ]


def events(s: State) -> list[dict[str, Any]]:
    return G.view(s, None)["last"]["events"]


def kinds(s: State) -> list[str]:
    return [e["type"] for e in events(s)]


def hand(s: State, seat: int) -> str:
    return " ".join(G.view(s, seat)["hand"])


def players(s: State, key: str) -> list[Any]:
    return [p[key] for p in G.view(s, None)["players"]]
