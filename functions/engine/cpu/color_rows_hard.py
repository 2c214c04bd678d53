"""The ``hard`` Color Rows CPU (draft)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from ..color_rows.fast import CODE_OF, GOLD, JOKER, KIND_COUNT, PLUS2, Sim, supply_order
from ..color_rows.cards import COLORS
from .color_rows import COLOUR_CARDS, SPECIAL_CARDS, ColorRowsCpu, Table
from .color_rows_scoring import _colour_points
from .search import Budget, search

Move = dict[str, Any]

BUDGET = Budget(work=30_000, deal_cost=3, playout_cost=2)
TAKES_AT = 3.0
DENY = 0.5
CONFIDENCE = 2.0
POINTS = 0.01


class Scorer:
    """End-of-game scores of collections (count lists) for one table, cached by their sorted colour counts."""

    def __init__(self, table: tuple[int, ...], n_colors: int) -> None:
        self.table = table
        self.n_colors = n_colors
        self.cache: dict[tuple[tuple[int, ...], int], int] = {}

    def score(self, c: list[int]) -> int:
        counts = tuple(sorted([x for x in c[:JOKER] if x], reverse=True))
        jokers = c[JOKER] + c[GOLD]
        key = (counts, jokers)
        value = self.cache.get(key)
        if value is None:
            new = min(max(0, self.n_colors - len(counts)), jokers)
            value = self.cache[key] = _colour_points(counts, jokers, self.table, new)
        return value + 2 * c[PLUS2]


class Gains:
    """What a row adds to each seat's score, cached per seat until that seat's collection changes."""

    def __init__(self, sim: Sim, scorer: Scorer) -> None:
        self.sim = sim
        self.scorer = scorer
        self.base = [scorer.score(c) for c in sim.collections]
        self.cache: list[dict[tuple[int, ...], int]] = [{} for _ in range(sim.n)]

    def refresh(self, seat: int) -> None:
        self.base[seat] = self.scorer.score(self.sim.collections[seat])
        self.cache[seat] = {}

    def gain(self, seat: int, row: list[int]) -> int:
        key = tuple(sorted(row))
        cache = self.cache[seat]
        value = cache.get(key)
        if value is None:
            c = list(self.sim.collections[seat])
            for card in row:
                c[card] += 1
            value = cache[key] = self.scorer.score(c) - self.base[seat]
        return value


def quick_step(sim: Sim, gains: Gains) -> None:
    seat = sim.current
    assert seat is not None
    rows = sim.rows
    if sim.drawn is not None:
        options = sim.placeable()
        if len(options) == 1:
            sim.place(seat, options[0])
            return
        card = sim.drawn
        others = [s for s in range(sim.n) if s != seat and not sim.out[s]]
        best, top = options[0], -1e9
        for r in options:
            row = rows[r]
            after = row + [card]
            value = gains.gain(seat, after) - gains.gain(seat, row)
            if others:
                value -= DENY * max(gains.gain(o, after) - gains.gain(o, row) for o in others)
            if value > top:
                best, top = r, value
        sim.place(seat, best)
        return
    takes = sim.takeable()
    best, top = -1, -1e9
    for r in takes:
        value = gains.gain(seat, rows[r]) if rows[r] else -0.5
        if value > top:
            best, top = r, value
    if best >= 0 and (top >= TAKES_AT or not sim.can_draw()):
        sim.take(seat, best)
        gains.refresh(seat)
    else:
        sim.draw(seat)


def playout(sim: Sim, gains: Gains) -> None:
    while sim.current is not None:
        quick_step(sim, gains)


class Knowledge:
    """The unseen cards (the box less every card in sight), read once per decision."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.seat: int = view["seat"]
        colors = list(view["colors"])
        self.n_colors = len(colors)
        self.table = tuple(view["table"])
        seen: Counter[str] = Counter()
        for p in view["players"]:
            seen.update(p["cards"])
        for row in view["rows"]:
            seen.update(row["cards"])
        if view.get("drawn"):
            seen[view["drawn"]] += 1
        box = {c: COLOUR_CARDS for c in colors} | dict(SPECIAL_CARDS)
        self.pool = sorted(CODE_OF[c] for c, k in box.items() for _ in range(max(0, k - seen[c])))
        self.last_round = bool(view.get("last_round"))
        self.supply = int(view["supply"]) - (0 if self.last_round else 1)
        self.collections = []
        for p in sorted(view["players"], key=lambda p: p["seat"]):
            c = [0] * KIND_COUNT
            for code, k in p["cards"].items():
                c[CODE_OF[code]] += k
            self.collections.append(c)
        self.rows = [[CODE_OF[c] for c in row["cards"]] for row in view["rows"]]
        self.row_taken = [row.get("taken_by") is not None for row in view["rows"]]
        self.out = [bool(p.get("out")) for p in sorted(view["players"], key=lambda p: p["seat"])]
        self.drawn = CODE_OF[view["drawn"]] if view.get("drawn") else None
        self.current: int = view["current"]
        self.scorer = Scorer(self.table, self.n_colors)

    def deal(self, rng: random.Random) -> Sim:
        cards = list(self.pool)
        rng.shuffle(cards)
        sim = Sim(
            n_players=len(self.collections),
            table=self.table,
            n_colors=self.n_colors,
            collections=self.collections,
            supply=supply_order(cards[: max(0, self.supply)], self.last_round),
            current=self.current,
            rows=[list(r) for r in self.rows],
            row_taken=list(self.row_taken),
            drawn=self.drawn,
            last_round=self.last_round,
        )
        sim.out = list(self.out)
        return sim


def root_move(sim: Sim, seat: int, move: Move, gains: Gains) -> None:
    kind = move["type"]
    if kind == "draw":
        sim.draw(seat)
        if sim.drawn is not None:
            quick_step(sim, gains)
    elif kind == "place":
        sim.place(seat, move["row"])
    else:
        sim.take(seat, move["row"])
        gains.refresh(seat)


def outcome(sim: Sim, seat: int, scorer: Scorer) -> float:
    scores = [scorer.score(c) for c in sim.collections]
    mine = scores[seat]
    best_other = max(s for i, s in enumerate(scores) if i != seat)
    top = max(scores)
    share = 1.0 / scores.count(top) if mine == top else 0.0
    return share + POINTS * (mine - best_other)


class HardColorRowsCpu(ColorRowsCpu):
    def __init__(self, budget: Budget = BUDGET, confidence: float = CONFIDENCE) -> None:
        self.level = "hard"
        self.budget = budget
        self.confidence = confidence

    def __repr__(self) -> str:
        return "HardColorRowsCpu()"

    def choose(self, view: Mapping[str, Any], rng: random.Random) -> Move | None:
        legal = view.get("legal") or []
        if not legal or view.get("result"):
            return None
        if len(legal) == 1:
            return legal[0]
        table = Table(view)
        values = [table.move_value(m) for m in legal]
        order = sorted(range(len(legal)), key=lambda i: -values[i])
        candidates = [legal[i] for i in order]
        know = Knowledge(view)
        seat = view["seat"]

        def run(table: Sim, move: Move) -> tuple[float, int]:
            sim = table.copy()
            gains = Gains(sim, know.scorer)
            root_move(sim, seat, move, gains)
            playout(sim, gains)
            return outcome(sim, seat, know.scorer), sim.steps

        return candidates[search(candidates, lambda: know.deal(rng), run, self.budget, self.confidence)]
