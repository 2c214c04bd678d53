"""The Color Rows CPU: which row to take, and where to put a drawn card, from the seat's view alone.

Everything in Color Rows is public once turned up, so the view holds the whole table: the rows, every
collection, the scoring table, the colours in play and how many cards are left. What is hidden is only the
order of the supply; its make-up follows from the box minus every card in sight.

How the ``normal`` player thinks (the reasoning of each heuristic):

- **A row is worth its marginal value.** Taking row *r* is worth ``score(mine + r) - score(mine)`` with the
  exact end-of-game scoring of the table in use (``color_rows_scoring``): a card of a colour that is already
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

The ``easy`` player only looks at its own gain, takes a row once it is worth about ``EASY_TAKES_AT`` points,
and judges with a blur (``EASY_NOISE``): it ignores the opponents and sometimes misjudges a close call, as a
beginner does, but every move it makes is one of ``view["legal"]``.

>>> import random
>>> view = {"seat": 0, "colors": ["blue", "green", "pink", "yellow"], "table": [1, 3, 6, 10, 15, 21],
...         "rows": [{"cards": ["pink"], "capacity": 3, "taken_by": None},
...                  {"cards": ["blue", "blue", "joker"], "capacity": 3, "taken_by": None}],
...         "players": [{"seat": 0, "cards": {"blue": 2}, "out": False},
...                     {"seat": 1, "cards": {"pink": 2}, "out": False}],
...         "supply": 30, "last_round": False, "drawn": None, "current": 0, "result": None,
...         "legal": [{"type": "draw"}, {"type": "take", "row": 0}, {"type": "take", "row": 1}]}
>>> ColorRowsCpu().choose(view, random.Random(1))
{'type': 'take', 'row': 1}
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from .base import DEFAULT_LEVEL, best, check_level
from .color_rows_scoring import collection_score

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
EASY_TAKES_AT = 3.0
EASY_NOISE = 1.5


class ColorRowsCpu:
    """A Color Rows CPU player at one level; ``choose(view, rng)`` is the contract's."""

    game_id = "color-rows"

    def __init__(self, level: str = DEFAULT_LEVEL) -> None:
        if check_level(level) == "hard":
            raise ValueError("ColorRowsCpu plays 'easy' or 'normal'; ask .at('hard') for the hard player")
        self.level = level

    def at(self, level: str) -> ColorRowsCpu:
        """The same game's player at ``level`` (one of ``LEVELS``; ``"hard"`` searches, see color_rows_hard)."""
        if check_level(level) == "hard":
            from .color_rows_hard import HardColorRowsCpu  # it builds on this module

            return HardColorRowsCpu()
        return ColorRowsCpu(level)

    def __repr__(self) -> str:
        return f"ColorRowsCpu({self.level!r})"

    def choose(self, view: Mapping[str, Any], rng: random.Random) -> Move | None:
        """One of ``view["legal"]`` for the viewer's seat, or ``None`` when it has none (not its turn)."""
        legal: Sequence[Move] = view.get("legal") or []
        if not legal or view.get("result"):
            return None
        table = Table(view)
        if self.level == "easy":
            return best(legal, table.easy_value, rng, EASY_NOISE)
        return best(legal, table.move_value, rng)


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
