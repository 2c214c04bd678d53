"""Helpers shared by the Color Rows tests: set up a stacked game and play moves by name."""

from __future__ import annotations

import random
from typing import Any

from functions.engine import GAMES
from functions.engine.color_rows.state import State

DRAW = {"type": "draw"}
COLOR_ORDER = ["blue", "brown", "gray", "green", "orange"]
TWO_PLAYER_START = [["blue", "brown"], ["gray", "green"]]
GAME = GAMES["color-rows"]  # the tests go through the registry, as every caller does


def place(row: int) -> dict[str, Any]:
    return {"type": "place", "row": row}


def take(row: int) -> dict[str, Any]:
    return {"type": "take", "row": row}


def new_game(
    n_players: int,
    deck: list[str] | None = None,
    start: list[list[str]] | None = None,
    *,
    first: int = 0,
    scoring: str = "standard",
    seed: int = 0,
) -> State:
    """A game whose supply is ``deck`` (top first) and starting cards ``start``.

    The default start is one distinct colour each (blue, brown, …); with two players blue+brown and gray+green.
    """
    if start is None:
        start = TWO_PLAYER_START if n_players == 2 else [[colour] for colour in COLOR_ORDER[:n_players]]
    rng = random.Random(seed)
    return GAME.setup(n_players, {"scoring": scoring}, rng=rng, first=first, deck=deck, start=start)


def play(state: State, *steps: tuple[int, dict[str, Any]]) -> State:
    """``state`` after each ``(seat, move)`` in turn."""
    for seat, move in steps:
        state = GAME.apply(state, seat, move, now=0.0)
    return state


def draw_place(state: State, seat: int, row: int) -> State:
    """``seat`` draws and places the card on ``row``."""
    return play(state, (seat, DRAW), (seat, place(row)))


def view(state: State, seat: int | None = None) -> dict[str, Any]:
    return GAME.view(state, seat)
