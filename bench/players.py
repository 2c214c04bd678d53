"""The reference opponents of the CPU benchmark: simple players that only ever make legal moves.

They are yardsticks, not products: each plays from the view alone, like the CPU it is measured against.

- ``random_legal``: any of its legal moves, uniformly (it acts only when it must).
- ``first_legal``: Color Match's "play the first card that fits": the first legal play, else the first move.

Both make their own last-card call whenever it is offered (Color Match): without it a player can never go
out under the ``next_action`` call rule, and the comparison would measure only that.
- ``greedy_rows``: Color Rows' "take the row of best immediate gain": it takes the row that adds most to its
  score as soon as one adds anything, and otherwise draws and puts the card where it makes the best row for
  itself.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from functions.engine.cpu.color_rows_scoring import collection_score

Move = dict[str, Any]


def random_legal(view: dict[str, Any], rng: random.Random) -> Move | None:
    """Any legal move, uniformly (the last-card call first)."""
    legal = view["legal"]
    if {"type": "declare"} in legal:
        return {"type": "declare"}
    return rng.choice(legal) if legal else None


def first_legal(view: dict[str, Any], rng: random.Random) -> Move | None:
    """The first legal play (a card), else the first legal move (the last-card call first)."""
    legal = view["legal"]
    if {"type": "declare"} in legal:
        return {"type": "declare"}
    plays = [m for m in legal if m["type"] == "play"]
    return (plays or legal or [None])[0]


def greedy_rows(view: dict[str, Any], rng: random.Random) -> Move | None:
    """Take the row of best immediate gain when it gains anything; else draw, and place for the best row."""
    legal = view["legal"]
    if not legal:
        return None
    mine = next(p["cards"] for p in view["players"] if p["seat"] == view["seat"])
    table, n_colors = tuple(view["table"]), len(view["colors"])
    base = collection_score(mine, table, n_colors)

    def gain(cards: list[str]) -> int:
        return collection_score(Counter(mine) + Counter(cards), table, n_colors) - base

    rows = [row["cards"] for row in view["rows"]]
    if view["drawn"]:
        return max(legal, key=lambda m: gain(rows[m["row"]] + [view["drawn"]]))
    takes = [m for m in legal if m["type"] == "take"]
    best_take = max(takes, key=lambda m: gain(rows[m["row"]]), default=None)
    can_draw = any(m["type"] == "draw" for m in legal)
    if best_take is not None and (gain(rows[best_take["row"]]) > 0 or not can_draw):
        return best_take
    return {"type": "draw"} if can_draw else legal[0]
