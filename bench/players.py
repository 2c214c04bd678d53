"""The reference opponents of the CPU benchmark: simple players that only ever make legal moves.

They are yardsticks, not products: each plays from the view alone, like the CPU it is measured against.

- ``random_legal``: any of its legal moves, uniformly (it acts only when it must).
- ``first_legal``: Color Match's "play the first card that fits": the first legal play, else the first move.

Both make their own last-card call whenever it is offered (Color Match): without it a player can never go
out under the ``next_action`` call rule, and the comparison would measure only that.
- ``rule_player``: Color Match's simple rule player: play the colour held most, numbers before actions, wilds
  last (naming the colour held most), draw otherwise; a penalty is passed on with a Draw Two (then a Wild Draw
  Four) when stacking allows, else accepted; it never challenges, and points out a missed call when it can.
- ``greedy_rows``: Color Rows' "take the row of best immediate gain": it takes the row that adds most to its
  score as soon as one adds anything, and otherwise draws and puts the card where it makes the best row for
  itself.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from functions.engine.cpu.color_rows.values import collection_score

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


def rule_player(view: dict[str, Any], rng: random.Random) -> Move | None:
    """Color Match's rule player (see above): the colour held most, numbers before actions, wilds last."""
    legal = view["legal"]
    if {"type": "declare"} in legal:
        return {"type": "declare"}
    callout = next((m for m in legal if m["type"] == "callout"), None)
    if callout is not None or not legal:
        return callout
    if legal[0]["type"] == "choose_color":
        return max(legal, key=lambda m: _held(view["hand"], m["color"]))
    hand = view["hand"]
    plays = [m for m in legal if m["type"] == "play"]
    if not plays:
        return next((m for m in legal if m["type"] in ("draw", "pass", "accept")), legal[0])

    def key(m: Move) -> tuple[int, ...]:
        first = m["cards"][0]
        if first in ("W", "W4"):  # wilds last (a Wild before a Wild Draw Four), naming the colour held most
            return (0, first == "W", _held(hand, m.get("color", "")), 0)
        number = first[1:].isdigit()
        return (1, _held(hand, first[0]), number, len(m["cards"]))

    return max(plays, key=key)


def _held(hand: list[str], colour: str) -> int:
    return sum(1 for card in hand if card[0] == colour and card not in ("W", "W4"))


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
