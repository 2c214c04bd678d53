"""The Color Rows CPU's reading of a view, and its value of each move and row, shared by every level.

Everything in Color Rows is public once turned up, so the view holds the whole table: the rows, every
collection, the scoring table, the colours in play and how many cards are left. What is hidden is only the
order of the supply; its make-up follows from the box minus every card in sight.

How the ``normal`` player thinks (the reasoning of each heuristic):

- **A row is worth its marginal value.** Taking row *r* is worth ``score(mine + r) - score(mine)`` with the
  exact end-of-game scoring of the table in use (``collection_score``): a card of a colour that is already
  a plus colour adds a lot, a fourth colour costs points, a joker goes wherever it helps most, a ``plus2`` is
  2 points, and on the variant side a fourth or fifth card of a colour *loses* points. A row holding the
  golden joker also brings the top supply card, valued at its expectation over the supply's make-up.
- **Weighed against the strongest opponent.** One wins by beating the best other score, so what a row would
  give the strongest opponent still in the round counts against it: taking a row also denies it, and a drawn
  card goes where it helps us or spoils them. Other opponents matter only through what they will take.
- **Wait only when waiting pays.** Drawing instead of taking is worth what we expect to be able to take on
  our next turn: for each card the supply may show (weighted by how many are left), put it where it is best
  for us, let each opponent still in the round take the row it likes if that row is worth taking
  (``OPPONENT_TAKES_AT``), and see what is left. The last player in a round has no one to fear and keeps
  drawing while a card is expected to improve its best row (never forced to spoil it, unless it is the only
  row with room).
- **The last round is final.** The values are already end-of-game scores. Once the last-round card has
  appeared no later round can change the standings, so denying the strongest opponent weighs as much as our
  own gain (``LAST_ROUND_LEADER_WEIGHT``).

A row is valued by what it adds to a collection's end-of-game score (docs/rules.md CR 7), so that score
(``collection_score``) is asked for thousands of hypothetical collections per decision. It is computed from the
view alone — the view's ``table`` (either summary-card side) and ``colors`` (how many colours a joker may
become) — rather than from the engine's internals. Only the multiset of colour counts matters, not which colours they are, so the cache is keyed by
the sorted counts and hits often.

Jokers (``joker`` and ``gold``) each join any colour in play, chosen for the best total; the three highest
table values score plus, the rest minus; ``plus2`` adds 2 each.

The rulebook's example (one joker, one +2, 6 / 4 / 3 / 2 cards) is worth 41 on the standard side:

>>> STANDARD = (1, 3, 6, 10, 15, 21)
>>> collection_score({"green": 6, "yellow": 4, "pink": 3, "blue": 2, "joker": 1, "plus2": 1}, STANDARD, 7)
41

On the variant side three cards (8) beat six (5), and a joker may be better on a small pile:

>>> collection_score({"blue": 6, "pink": 3, "gray": 3, "green": 3}, (1, 4, 8, 7, 6, 5), 7)
19
>>> collection_score({"blue": 3, "pink": 2, "joker": 1}, (1, 4, 8, 7, 6, 5), 7)
16
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Any

Move = dict[str, Any]
Cards = Mapping[str, int]

# The box (docs/rules.md CR 1): 9 cards of each colour in play, 10 "+2", 2 jokers and 1 golden joker.
COLOUR_CARDS = 9
SPECIAL_CARDS = {"plus2": 10, "joker": 2, "gold": 1}

# Weight of the strongest opponent's gain against our own: 1 would be pure zero-sum against that one
# player; less, because the other opponents also compete and our own points count against all of them.
LEADER_WEIGHT = 0.5
# In the last round no later round can change the standings: what the strongest opponent gains now is
# exactly what we must beat.
LAST_ROUND_LEADER_WEIGHT = 1.0
# An opponent is expected to take a row worth at least this much to it (a full row of one's colour is 3–6,
# a single fitting card 1–3): the point at which most players stop waiting.
OPPONENT_TAKES_AT = 3.0
EASY_TAKES_AT = 3.0  # the easy player's worth of drawing: it takes a row worth more to it

JOKER_CODES = ("joker", "gold")
PLUS2 = "plus2"
PLUS2_POINTS = 2
PLUS_COLORS = 3
NOT_COLORS = frozenset(JOKER_CODES + (PLUS2, "last"))


def collection_score(cards: Mapping[str, int], table: tuple[int, ...], n_colors: int) -> int:
    """The best end-of-game score of ``cards`` (code -> count) with ``table`` (points for 1…6+ cards)."""
    counts = tuple(sorted([n for code, n in cards.items() if n > 0 and code not in NOT_COLORS], reverse=True))
    jokers = cards.get("joker", 0) + cards.get("gold", 0)
    free = max(0, n_colors - len(counts))
    return colour_points(counts, jokers, table, min(free, jokers)) + PLUS2_POINTS * cards.get(PLUS2, 0)


@lru_cache(maxsize=1 << 16)
def colour_points(counts: tuple[int, ...], jokers: int, table: tuple[int, ...], new_piles: int) -> int:
    """Colour points with each joker on one of the piles ``counts`` or on up to ``new_piles`` new ones."""
    piles = len(counts) + new_piles
    best = None
    for chosen in combinations_with_replacement(range(piles), jokers):
        after = list(counts) + [0] * new_piles
        for pile in chosen:
            after[pile] += 1
        values = sorted((table[min(n, len(table)) - 1] for n in after if n), reverse=True)
        total = sum(values[:PLUS_COLORS]) - sum(values[PLUS_COLORS:])
        if best is None or total > best:
            best = total
    return best if best is not None else 0


class Table:
    """One decision's reading of the view: the rows, who is still in the round, and row values for each seat.

    A row is a tuple of card codes; a collection a code -> count mapping. Gains are cached per decision
    because the look-ahead asks for the same (seat, row) many times.
    """

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.seat: int = view["seat"]
        self.table = tuple(view["table"])
        self.colors: list[str] = list(view["colors"])
        self.drawn: str | None = view.get("drawn")
        self.rows: dict[int, tuple[str, ...]] = {
            i: tuple(row["cards"]) for i, row in enumerate(view["rows"]) if row.get("taken_by") is None
        }
        self.capacity: dict[int, int] = {i: row["capacity"] for i, row in enumerate(view["rows"])}
        self.cards: dict[int, Cards] = {p["seat"]: p["cards"] for p in view["players"]}
        self.base: dict[int, int] = {seat: self.score(cards) for seat, cards in self.cards.items()}
        seats = sorted(self.cards)
        after_me = seats[seats.index(self.seat) + 1 :] + seats[: seats.index(self.seat)]
        out = {p["seat"] for p in view["players"] if p.get("out")}
        self.opponents_in_round = [s for s in after_me if s not in out]
        # The strongest opponent: the best score now, whether still in this round or not.
        self.leader = max(after_me, key=lambda s: self.base[s], default=None)
        self.supply_odds = self._supply_odds(view)
        self.leader_weight = LAST_ROUND_LEADER_WEIGHT if view.get("last_round") else LEADER_WEIGHT
        self._gains: dict[tuple[int, tuple[str, ...]], float] = {}
        self._outlooks: dict[tuple[tuple[int, tuple[str, ...]], ...], float] = {}

    # --- values of moves -------------------------------------------------------------------------------------

    def move_value(self, move: Move) -> float:
        """The ``normal`` player's value of a legal move (higher is better)."""
        if move["type"] == "take":
            return self.take_value(move["row"])
        if move["type"] == "place":
            assert self.drawn is not None
            return self.after_my_turn(self._with_card(self.rows, move["row"], self.drawn))
        return self.draw_value()

    def easy_value(self, move: Move) -> float:
        """The ``easy`` player's value: its own gain only, with a fixed worth on drawing."""
        if move["type"] == "take":
            return self.gain(self.seat, self.rows[move["row"]])
        if move["type"] == "place":
            assert self.drawn is not None
            row = self.rows[move["row"]]
            return self.gain(self.seat, row + (self.drawn,)) - self.gain(self.seat, row)
        return EASY_TAKES_AT

    def take_value(self, row: int) -> float:
        """Our gain from ``row``, less what the strongest opponent can still take once it is gone."""
        left = {i: cards for i, cards in self.rows.items() if i != row}
        return self.gain(self.seat, self.rows[row]) - self.leader_weight * self._leader_best(left)

    def draw_value(self) -> float:
        """The expected value of drawing: each possible card, put where it is best for us."""
        open_rows = [i for i, cards in self.rows.items() if len(cards) < self.capacity[i]]
        expected = 0.0
        for card, odds in self.supply_odds.items():
            expected += odds * max(self.after_my_turn(self._with_card(self.rows, i, card)) for i in open_rows)
        return expected

    def after_my_turn(self, rows: dict[int, tuple[str, ...]]) -> float:
        """What we expect on our next turn once every opponent in the round has had its turn.

        Each opponent takes the row best for it when that row is worth ``OPPONENT_TAKES_AT`` to it or when no
        row has room left; otherwise it draws, which we cannot foresee and count as no change.
        """
        key = tuple(rows.items())
        if key not in self._outlooks:
            self._outlooks[key] = self._outlook(dict(rows))
        return self._outlooks[key]

    def _outlook(self, rows: dict[int, tuple[str, ...]]) -> float:
        leader_took = None
        for seat in self.opponents_in_round:
            full = all(len(cards) >= self.capacity[i] for i, cards in rows.items())
            choice = self._best_row(seat, rows)
            if choice is None:
                continue
            row, value = choice
            if value >= OPPONENT_TAKES_AT or full:
                del rows[row]
                if seat == self.leader:
                    leader_took = value
        mine = self._best_row(self.seat, rows)
        if mine is None:
            return 0.0
        my_row, my_value = mine
        if leader_took is None:
            leader_took = self._leader_best({i: c for i, c in rows.items() if i != my_row})
        return my_value - self.leader_weight * leader_took

    # --- gains -------------------------------------------------------------------------------------------------

    def score(self, cards: Cards) -> int:
        """The end-of-game score of a collection with this game's table and colours."""
        return collection_score(cards, self.table, len(self.colors))

    def gain(self, seat: int, row: tuple[str, ...]) -> float:
        """What taking ``row`` adds to ``seat``'s score; a golden joker's bonus card at its expected value."""
        key = (seat, row)
        value = self._gains.get(key)
        if value is None:
            after = _plus(self.cards[seat], row)
            with_row = self.score(after)
            value = float(with_row - self.base[seat])
            if "gold" in row:
                for card, odds in self.supply_odds.items():
                    value += odds * (self.score(_plus(after, (card,))) - with_row)
            self._gains[key] = value
        return value

    def _best_row(self, seat: int, rows: Mapping[int, tuple[str, ...]]) -> tuple[int, float] | None:
        """The non-empty row worth most to ``seat`` (the first of equals), with its gain."""
        choice = None
        for i, cards in rows.items():
            if cards:
                value = self.gain(seat, cards)
                if choice is None or value > choice[1]:
                    choice = (i, value)
        return choice

    def _leader_best(self, rows: Mapping[int, tuple[str, ...]]) -> float:
        """What the strongest opponent can gain from ``rows`` this round (0 if it is out or nothing is left)."""
        if self.leader not in self.opponents_in_round:
            return 0.0
        choice = self._best_row(self.leader, rows)
        return 0.0 if choice is None else max(0.0, choice[1])

    @staticmethod
    def _with_card(rows: Mapping[int, tuple[str, ...]], row: int, card: str) -> dict[int, tuple[str, ...]]:
        return {i: cards + (card,) if i == row else cards for i, cards in rows.items()}

    def _supply_odds(self, view: Mapping[str, Any]) -> dict[str, float]:
        """The chance that the next card turned up is each code: the box less every card in sight."""
        seen: Counter[str] = Counter()
        for cards in self.cards.values():
            seen.update(cards)
        for row in view["rows"]:
            seen.update(row["cards"])
        if self.drawn:
            seen[self.drawn] += 1
        left = {color: COLOUR_CARDS - seen[color] for color in self.colors}
        left.update({code: n - seen[code] for code, n in SPECIAL_CARDS.items()})
        left = {code: n for code, n in left.items() if n > 0}
        total = sum(left.values())
        return {code: n / total for code, n in left.items()} if total else {}


def _plus(cards: Cards, more: Sequence[str]) -> dict[str, int]:
    """A collection with ``more`` cards added (a new dict: the view's is never changed)."""
    after = dict(cards)
    for card in more:
        after[card] = after.get(card, 0) + 1
    return after
