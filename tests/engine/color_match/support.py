"""Building Color Match positions for scenario tests, and small helpers to act on them."""

from __future__ import annotations

import random
from typing import Any

import pytest

from functions.engine import GAMES, IllegalMove
from functions.engine.color_match.state import State

G = GAMES["color-match"]

# Cards that match nothing in the scenarios below (the scenarios never make yellow or 1 current by accident).
FILLER = ("y1", "y2", "y3", "y4", "y5", "y6", "y7", "y8", "y9")


def position(
    hands: list[list[str] | tuple[str, ...]],
    top: str,
    *,
    pile: list[str] | tuple[str, ...] = (),
    below: list[str] | tuple[str, ...] = (),
    color: str | None = None,
    turn: int = 0,
    direction: int = 1,
    preset: str | None = None,
    **options: Any,
) -> State:
    """A game in progress with exactly these hands (any sizes), top card, draw pile (index 0 drawn first) and
    discard pile (``below`` under ``top``), made through the contract's ``load``."""
    data = G.dump(G.setup(len(hands), {**G.options(preset), **options}, rng=random.Random(0)))
    data.update(
        hands=[" ".join(h) for h in hands],
        pile=" ".join(pile),
        discard=" ".join([*below, top]),
        color=color or top[0],
        turn=turn,
        direction=direction,
        phase="play",
        drawn=None,
        pending=None,
        wd4=None,
        declared=[],
        uncalled=[],
        events=[],
    )
    return G.load(data)


def deal(hands: list[list[str]], top: str, pile: list[str], *, first: int = 0, **options: Any) -> State:
    """A new game through ``setup(deck=...)``: 7-card hands, ``top`` turned up first, then ``pile``."""
    assert all(len(h) == 7 for h in hands)
    deck = [c for h in hands for c in h] + [top] + list(pile)
    return G.setup(len(hands), G.validate_options(options), rng=random.Random(0), first=first, deck=deck)


def play(s: State, seat: int, *cards: str, color: str | None = None, now: float = 0.0) -> State:
    move: dict[str, Any] = {"type": "play", "cards": list(cards)}
    if color:
        move["color"] = color
    return G.apply(s, seat, move, now=now)


def act(s: State, seat: int, kind: str, now: float = 0.0, **fields: Any) -> State:
    return G.apply(s, seat, {"type": kind, **fields}, now=now)


def hand(s: State, seat: int) -> list[str]:
    return G.view(s, seat)["hand"]


def counts(s: State) -> list[int]:
    return [p["cards"] for p in G.view(s, None)["players"]]


def events(s: State, kind: str | None = None) -> list[dict[str, Any]]:
    return [e for e in G.view(s, None)["events"] if kind is None or e["type"] == kind]


def kinds(s: State, seat: int) -> set[str]:
    return {m["type"] for m in G.legal_moves(s, seat)}


def total_cards(s: State) -> int:
    v = G.view(s, None)
    return sum(p["cards"] for p in v["players"]) + v["draw_pile"] + v["discard"]


def refused(s: State, seat: Any, move: Any, code: str) -> None:
    """``move`` by ``seat`` is refused with ``code`` and a message, and ``s`` is left exactly as it was."""
    before = G.dump(s)
    with pytest.raises(IllegalMove) as err:
        G.apply(s, seat, move, now=0.0)
    assert (err.value.code, isinstance(err.value, ValueError), bool(str(err.value))) == (code, True, True)
    assert G.dump(s) == before
