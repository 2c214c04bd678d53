"""A scratch table for the CPU's look-ahead: the turn of ``rules`` on plain mutable lists of small integers, for
playing hundreds of imagined games per decision.

A ``Sim`` is not a ``State``: it is changed in place, keeps no events and checks nothing (its caller only makes
moves that ``can_draw`` / ``takeable`` / ``placeable`` allow). A card is an int: a colour is its index in
``cards.COLORS`` (0–6), then ``JOKER``, ``GOLD``, ``PLUS2`` and ``LAST``; a collection is a list of counts, one
per ``KINDS`` entry. The supply is drawn from its *end* (``supply.pop()``). The public engine (``rules.apply``)
stays the only judge of a real move.

>>> sim = Sim(n_players=3, table=(1, 3, 6, 10, 15, 21), n_colors=6, collections=[[0] * 10] * 3,
...           supply=[5, 1, 0], current=0)
>>> sim.draw(0); sim.place(0, 1); sim.rows, sim.current
([[], [0], []], 1)
>>> sim.take(1, 1); sim.collections[1][0], sim.out, sim.current
(1, [False, True, False], 2)
"""

from __future__ import annotations

from .cards import CARDS_UNDER_LAST, COLORS, KINDS, row_capacities

JOKER, GOLD, PLUS2, LAST = len(COLORS), len(COLORS) + 1, len(COLORS) + 2, len(COLORS) + 3
KIND_COUNT = len(KINDS)
CODE_OF: dict[str, int] = {**{kind: i for i, kind in enumerate(KINDS)}, "last": LAST}


class Sim:
    """One imagined table, changed in place by its moves.

    ``collections[seat]`` counts per kind; ``rows`` the cards on each row (taken rows are empty and in
    ``row_taken``); ``out[seat]`` once a seat has taken a row this round; ``drawn`` the card to place;
    ``current`` None once over; ``last_round`` once the last-round card has appeared.
    """

    __slots__ = (
        "n", "table", "n_colors", "collections", "rows", "capacities", "row_taken", "out", "supply", "drawn",
        "current", "last_round", "steps",
    )  # fmt: skip

    def __init__(
        self,
        *,
        n_players: int,
        table: tuple[int, ...],
        n_colors: int,
        collections: list[list[int]],
        supply: list[int],
        current: int,
        rows: list[list[int]] | None = None,
        row_taken: list[bool] | None = None,
        drawn: int | None = None,
        last_round: bool = False,
    ) -> None:
        self.n = n_players
        self.table = table
        self.n_colors = n_colors
        self.collections = [list(c) for c in collections]
        self.capacities = list(row_capacities(n_players))
        self.rows = rows if rows is not None else [[] for _ in self.capacities]
        self.row_taken = row_taken if row_taken is not None else [False] * len(self.capacities)
        self.out = [False] * n_players
        self.supply = supply
        self.drawn = drawn
        self.current: int | None = current
        self.last_round = last_round
        self.steps = 0

    def copy(self) -> Sim:
        s = object.__new__(Sim)
        s.n, s.table, s.n_colors, s.capacities = self.n, self.table, self.n_colors, self.capacities
        s.collections = [list(c) for c in self.collections]
        s.rows = [list(r) for r in self.rows]
        s.row_taken, s.out, s.supply = list(self.row_taken), list(self.out), list(self.supply)
        s.drawn, s.current, s.last_round, s.steps = self.drawn, self.current, self.last_round, self.steps
        return s

    # --- what may be done -------------------------------------------------------------------------------------

    def can_draw(self) -> bool:
        return bool(self.supply) and any(
            not taken and len(row) < cap for row, cap, taken in zip(self.rows, self.capacities, self.row_taken)
        )

    def placeable(self) -> list[int]:
        return [i for i, row in enumerate(self.rows) if not self.row_taken[i] and len(row) < self.capacities[i]]

    def takeable(self) -> list[int]:
        empty_ok = not self.supply
        return [i for i, row in enumerate(self.rows) if not self.row_taken[i] and (row or empty_ok)]

    # --- moves ------------------------------------------------------------------------------------------------

    def draw(self, seat: int) -> None:
        self.steps += 1
        self.drawn = self._reveal()

    def place(self, seat: int, row: int) -> None:
        self.steps += 1
        self.rows[row].append(self.drawn)  # type: ignore[arg-type]
        self.drawn = None
        self.current = self._next_in_round(seat)

    def take(self, seat: int, row: int) -> None:
        self.steps += 1
        cards = self.rows[row]
        collection = self.collections[seat]
        for card in cards:
            collection[card] += 1
        if GOLD in cards:
            bonus = self._reveal()
            if bonus is not None:
                collection[bonus] += 1
        self.rows[row] = []
        self.row_taken[row] = True
        self.out[seat] = True
        if all(self.out):
            if self.last_round:
                self.current = None
                return
            self.rows = [[] for _ in self.capacities]
            self.row_taken = [False] * len(self.capacities)
            self.out = [False] * self.n
            self.current = seat
        else:
            self.current = self._next_in_round(seat)

    def _reveal(self) -> int | None:
        supply = self.supply
        if supply and supply[-1] == LAST:
            supply.pop()
            self.last_round = True
        return supply.pop() if supply else None

    def _next_in_round(self, seat: int) -> int:
        n, out = self.n, self.out
        for step in range(1, n + 1):
            s = (seat + step) % n
            if not out[s]:
                return s
        return seat


def supply_order(cards: list[int], last_round: bool) -> list[int]:
    """``cards`` (top of the supply last) with the last-round card put back above the bottom 15, unless it has
    appeared."""
    if last_round:
        return cards
    under = min(CARDS_UNDER_LAST, len(cards))
    return cards[:under] + [LAST] + cards[under:]
