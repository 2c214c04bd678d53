"""The search both ``hard`` players share: determinised playouts of a few candidate moves, on common deals.

Each *deal* is one table consistent with the seat's view (the hidden cards dealt at random, as far as the view
allows). A candidate is played on a copy of the deal and the game is played out to its end by a quick player;
the candidate is credited with the result (a win, a share of one, and whatever else the game counts). Every
candidate still in the race meets the same deals, so the luck of a deal falls on all of them alike and the
comparison sees only what the move changed (common random numbers).

The candidates come best first by the ``normal`` player's values, and candidate 0 — its choice — is the
default, played on every deal. The others are *challengers*: each is measured by its gain over candidate 0,
deal by deal. The work is spread by sequential halving (Karnin, Koren and Somekh 2013): the budget is split into
rounds; after each, the worse half of the challengers leaves, and the last round goes to the last challenger
alone, so the evidence it is judged on is mostly fresh. It replaces the default only when its mean gain is
``confidence`` standard errors above zero: a move the playouts cannot tell apart from the ``normal`` choice
leaves that choice standing, because noise would otherwise pick the move.

The budget is *work*, not time: a simulated move counts 1, a deal and a playout's set-up count what they cost in
moves (``Budget``), so a decision is a deterministic function of the view and the rng, and takes close to a
constant time (calibrated to about 150 ms on one core, docs/performance.md).

>>> import random
>>> rng = random.Random(1)
>>> def run(deal, move):  # on the same deals, "b" wins more often than "a", "c" as often as "a"
...     return (1.0 if deal < {"a": 0.4, "b": 0.5, "c": 0.4}[move] else 0.0), 10
>>> search(["a", "b", "c"], rng.random, run, Budget(work=20_000, deal_cost=5, playout_cost=1), confidence=2.0)
1
>>> search(["a", "c"], rng.random, run, Budget(work=20_000, deal_cost=5, playout_cost=1), confidence=2.0)
0
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

D = TypeVar("D")
M = TypeVar("M")


@dataclass(frozen=True)
class Budget:
    """How much a decision may simulate, in moves; a deal and a playout's set-up priced in moves."""

    work: int
    deal_cost: int
    playout_cost: int


def search(
    candidates: Sequence[M],
    deal: Callable[[], D],
    run: Callable[[D, M], tuple[float, int]],
    budget: Budget,
    confidence: float,
) -> int:
    """The index of the candidate to play: 0 (the default) unless another one beats it with ``confidence``.

    ``deal()`` makes a fresh table; ``run(table, move)`` plays ``move`` and the rest of the game on a copy of
    ``table`` and returns the result for the searching seat and the number of moves simulated. Candidate 0 is
    played on every deal; the others (the challengers) race by sequential halving on their mean gain over it,
    deal by deal. The best challenger left is chosen only when its mean gain is more than ``confidence``
    standard errors above zero.
    """
    k = len(candidates)
    if k < 2:
        return 0
    alive = list(range(1, k))
    gain = [0.0] * k
    square = [0.0] * k
    deals = 0
    spent = 0
    rounds = max(1, math.ceil(math.log2(k - 1)) + 1) if k > 2 else 1
    for r in range(rounds):
        allowance = (budget.work - spent) / (rounds - r)
        used = 0
        while used < allowance or deals == 0:
            table = deal()
            base, moves = run(table, candidates[0])
            used += budget.deal_cost + moves + budget.playout_cost
            for i in alive:
                result, moves = run(table, candidates[i])
                d = result - base
                gain[i] += d
                square[i] += d * d
                used += moves + budget.playout_cost
            deals += 1
        spent += used
        if r < rounds - 1 and len(alive) > 1:
            alive.sort(key=lambda i: -gain[i])
            alive = sorted(alive[: math.ceil(len(alive) / 2)])
    best = max(alive, key=lambda i: (gain[i], -i))
    mean = gain[best] / deals
    spread = max(0.0, square[best] / deals - mean * mean)
    return best if mean > 0 and mean * mean * deals > confidence * confidence * spread else 0
