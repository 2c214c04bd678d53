"""The ``hard`` Color Rows CPU: the ``normal`` player's judgement, checked against imagined games to the end.

It decides from the seat's view alone, as the other levels do. Everything on the table is public in Color
Rows; what is hidden is the order of the supply, whose make-up is the box less every card in sight. On each
decision with a choice it lists every legal move, best first by the ``normal`` player's values, and plays
imagined games from the table it sees:

1. **Deal the supply** (``Knowledge``): the unseen cards in a random order, the last-round card put back above
   the bottom 15 (where the rules place it) unless it has already appeared.
2. **Play each candidate and the rest of the game** on a scratch table (``engine/color_rows/fast.py``), every seat —
   ours included — played by a quick reading of the ``normal`` player's values (``quick_step``: the row of
   best marginal score less what the strongest opponent gets, drawing while the outlook of waiting is better
   by ``DRAW_EDGE``). The result is the seat's share of the win, plus ``POINTS`` per point of margin over the
   best other score (so a move that wins by more, or loses by less, counts a little more), all with the exact
   end-of-game scoring of the table in use — the variant side's losses on a fourth, fifth or sixth card
   included.
3. **Compare on common deals** (``search.search``): the ``normal`` player's first choice is the default;
   another candidate replaces it only when it did better on the same deals by ``CONFIDENCE`` standard errors.

>>> import random
>>> view = {"seat": 0, "colors": ["blue", "green", "pink", "yellow", "gray"], "table": [1, 3, 6, 10, 15, 21],
...         "rows": [{"cards": ["pink"], "capacity": 3, "taken_by": None},
...                  {"cards": ["blue", "blue", "joker"], "capacity": 3, "taken_by": None},
...                  {"cards": [], "capacity": 3, "taken_by": None}],
...         "players": [{"seat": 0, "cards": {"blue": 2}, "out": False},
...                     {"seat": 1, "cards": {"pink": 2}, "out": False},
...                     {"seat": 2, "cards": {"green": 1}, "out": False}],
...         "supply": 30, "last_round": False, "drawn": None, "current": 0, "result": None,
...         "legal": [{"type": "draw"}, {"type": "take", "row": 0}, {"type": "take", "row": 1}]}
>>> HardColorRowsCpu(Budget(work=2_000, deal_cost=3, playout_cost=2)).choose(view, random.Random(1))
{'type': 'take', 'row': 1}
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from ...color_rows.fast import CODE_OF, GOLD, JOKER, KIND_COUNT, PLUS2, Sim, supply_order
from ..base import Player, open_moves
from ..search import Budget, search
from .values import (
    COLOUR_CARDS,
    LAST_ROUND_LEADER_WEIGHT,
    LEADER_WEIGHT,
    OPPONENT_TAKES_AT,
    SPECIAL_CARDS,
    Move,
    Table,
    colour_points,
)

# About 110 ms a decision at the median on the standard side, 140 ms on the variant side (docs/performance.md,
# "The hard CPU"); a deal costs about 3 moves.
BUDGET = Budget(work=14_000, deal_cost=3, playout_cost=2)
DRAW_EDGE = 2.0  # points the quick player wants from waiting before it draws instead of taking its best row
CONFIDENCE = 2.0
POINTS = 0.01  # per point of margin: a tie-breaker between moves that win (or lose) as often


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
            value = self.cache[key] = colour_points(counts, jokers, self.table, new)
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
    """One move of the seat in turn, by a quick reading of the ``normal`` player's values (``Table``)."""
    seat = sim.current
    assert seat is not None
    rows = sim.rows
    n = sim.n
    opponents = [s for s in ((seat + k) % n for k in range(1, n)) if not sim.out[s]]
    base = gains.base
    leader = max((s for s in ((seat + k) % n for k in range(1, n))), key=base.__getitem__)
    weight = LAST_ROUND_LEADER_WEIGHT if sim.last_round else LEADER_WEIGHT
    if sim.drawn is not None:
        options = sim.placeable()
        if len(options) == 1:
            sim.place(seat, options[0])
            return
        card = sim.drawn
        best, top = options[0], -1e9
        for r in options:
            row = rows[r]
            row.append(card)
            value = _outlook(sim, gains, seat, opponents, leader, weight)
            row.pop()
            if value > top:
                best, top = r, value
        sim.place(seat, best)
        return
    open_rows = [i for i, taken in enumerate(sim.row_taken) if not taken]
    best, top = -1, -1e9
    for r in open_rows:
        if rows[r]:
            value = gains.gain(seat, rows[r])
            if leader in opponents:
                value -= weight * max((gains.gain(leader, rows[i]) for i in open_rows if i != r and rows[i]), default=0)
            if value > top:
                best, top = r, value
    if not sim.can_draw():
        if best < 0:
            best = open_rows[0]
    elif best < 0 or top < _outlook(sim, gains, seat, opponents, leader, weight) + DRAW_EDGE:
        sim.draw(seat)
        return
    sim.take(seat, best)
    gains.refresh(seat)


def _outlook(sim: Sim, gains: Gains, seat: int, opponents: list[int], leader: int, weight: float) -> float:
    """The normal player's ``Table.after_my_turn``: each opponent in the round takes the row best for it when it
    is worth ``OPPONENT_TAKES_AT`` (or no row has room); then our best row, less what the leader got or can get."""
    rows, caps = sim.rows, sim.capacities
    left = [i for i, taken in enumerate(sim.row_taken) if not taken]
    leader_took = None
    for o in opponents:
        choice, value = _best_row(gains, o, rows, left)
        if choice < 0:
            continue
        if value >= OPPONENT_TAKES_AT or all(len(rows[i]) >= caps[i] for i in left):
            left.remove(choice)
            if o == leader:
                leader_took = value
    mine, my_value = _best_row(gains, seat, rows, left)
    if mine < 0:
        return 0.0
    if leader_took is None:
        if leader not in opponents:
            return my_value
        leader_took = max(0, max((gains.gain(leader, rows[i]) for i in left if i != mine and rows[i]), default=0))
    return my_value - weight * leader_took


def _best_row(gains: Gains, seat: int, rows: list[list[int]], left: list[int]) -> tuple[int, float]:
    """The non-empty row of ``left`` worth most to ``seat`` (the first of equals) and its gain; -1 when none."""
    choice, value = -1, 0.0
    for i in left:
        if rows[i]:
            v = gains.gain(seat, rows[i])
            if choice < 0 or v > value:
                choice, value = i, v
    return choice, value


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


class HardColorRowsCpu(Player):
    """The Color Rows CPU at ``hard``: the ``normal`` player's ranking of the legal moves, checked by search."""

    game_id = "color-rows"

    def __init__(self, budget: Budget = BUDGET, confidence: float = CONFIDENCE) -> None:
        self.level = "hard"
        self.budget = budget
        self.confidence = confidence

    def __repr__(self) -> str:
        return "HardColorRowsCpu()"

    def choose(self, view: Mapping[str, Any], rng: random.Random) -> Move | None:
        legal = open_moves(view)
        if not legal:
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
