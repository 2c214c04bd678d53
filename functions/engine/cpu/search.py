"""The search both ``hard`` players share: determinised playouts of a few candidate moves, on common deals.

Each *deal* is one table consistent with the seat's view (the hidden cards dealt at random, as the view allows).
Every candidate still in the race is played on the same deal, then the game is played out to its end by a quick
player, and the candidate is credited with the result (1 for a win, less for a share, plus whatever the game
adds). Comparing candidates on the same deals cancels most of the luck of the deal (common random numbers).

The budget is *work*, not time: a simulated move counts 1, a deal and a playout's set-up count what they cost in
moves (``Budget``), so a decision is a deterministic function of the view and the rng, and its time is close to
a constant: the constants are calibrated so that a decision takes about 150 ms (docs/performance.md).

The work is spread by sequential halving (Karnin, Koren and Somekh 2013): the budget is split into rounds; in
each, the candidates still in the race are played on new deals, then the worse half leaves. The candidates come
ordered by the ``normal`` player's values, and its first choice keeps a head start (``margin``) at every cut and
at the end: the search overrules it only when the playouts say clearly that another move wins more often.

>>> import random
>>> rng = random.Random(1)
>>> def run(deal, move):  # move "b" wins a little more often than "a" on the same deals
...     return (1.0 if deal < {"a": 0.4, "b": 0.6}[move] else 0.0), 10
>>> search(["a", "b"], lambda: rng.random(), run, Budget(work=20_000, deal_cost=5, playout_cost=1), margin=0.02)
1
>>> search(["a", "b"], lambda: rng.random(), run, Budget(work=20_000, deal_cost=5, playout_cost=1), margin=0.3)
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
