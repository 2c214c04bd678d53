"""A scratch table for the CPU's look-ahead: the rules of one 大富豪 round on plain mutable lists, for playing
hundreds of imagined rounds per decision.

A ``Sim`` is not a ``State``: it is changed in place, plays one round only (it stops when the round's places
are known), keeps no events, history or scores, and checks nothing (its caller makes only moves it knows are
legal). It plays every option of the rules: 革命 (and 階段革命), 8切り, 縛り, 11バック, スペ3返し, 都落ち and
反則上がり. The public engine (``turn.apply``) stays the only judge of a real move.

A play is ``(cards, low, suit)``: a set has ``suit`` -1 and ``low`` its rank (13: all jokers); a sequence its
suit and lowest position, its cards by position (as ``plays.Play``).

>>> sim = Sim({"eight_cut": True}, [[0, 4, 44], [8, 20, 48]], turn=0)
>>> sim.play(0, (0,), 0, -1); sim.turn, sim.field_low
(1, 0)
>>> sim.play(1, (20,), 5, -1); sim.turn, sim.field_size  # an 8 cuts: seat 1 leads again
(1, 0)
>>> sim.play(1, (8,), 2, -1); sim.pass_(0); sim.turn, sim.over
(1, False)
>>> sim.play(1, (48,), 12, -1); sim.over, sim.places, sim.points(0)
(True, [2, 1], 1)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .cards import EIGHT, FIRST_JOKER, JACK, JOKER_RANK, SPADE_THREE, TOP_RANK

MAX_SET = 4
REVOLUTION_SEQUENCE = 5


class Sim:
    """One imagined round, changed in place by its moves.

    Fields as in ``State``: ``hands`` (lists of card ids), ``turn``, ``passed``, ``revolution``, ``eleven_back``,
    ``lock`` (a suit mask), ``out`` and ``places`` per seat; the field is kept as its parts (``field_size`` 0:
    no field) and ``field_by``, the seat that played it. ``pending`` lists the seats that still owe cards in the
    exchange (in order), with ``owes`` and ``gives_to`` per seat; once it is empty, ``opener`` (the 大貧民) leads.
    """

    __slots__ = (
        "n", "hands", "turn", "passed", "revolution", "eleven_back", "lock", "out", "places", "daifugo",
        "field_cards", "field_low", "field_suit", "field_size", "field_by", "pending", "owes", "gives_to",
        "opener", "over", "steps", "eight_cut", "eleven", "locking", "spade3", "miyako", "forbidden",
        "revolution_sets", "revolution_sequences",
    )  # fmt: skip

    def __init__(
        self,
        options: Mapping[str, Any],
        hands: list[list[int]],
        *,
        turn: int,
        passed: list[bool] | None = None,
        revolution: bool = False,
        eleven_back: bool = False,
        lock: int = 0,
        field: tuple[tuple[int, ...], int, int, int] | None = None,
        out: list[str | None] | None = None,
        places: list[int | None] | None = None,
        daifugo: int | None = None,
        pending: list[int] | None = None,
        owes: list[int] | None = None,
        gives_to: list[int] | None = None,
        opener: int = -1,
    ) -> None:
        n = len(hands)
        self.n = n
        self.hands = hands
        self.turn = turn
        self.passed = passed if passed is not None else [False] * n
        self.revolution = revolution
        self.eleven_back = eleven_back
        self.lock = lock
        self.out: list[str | None] = out if out is not None else [None] * n
        self.places: list[int | None] = places if places is not None else [None] * n
        self.daifugo = daifugo
        self.pending = pending or []
        self.owes = owes or [0] * n
        self.gives_to = gives_to or [-1] * n
        self.opener = opener
        self.eight_cut = bool(options.get("eight_cut"))
        self.eleven = bool(options.get("eleven_back"))
        self.locking = bool(options.get("lock"))
        self.spade3 = bool(options.get("spade3"))
        self.miyako = bool(options.get("miyako_ochi"))
        self.forbidden = bool(options.get("forbidden_finish"))
        self.revolution_sets = bool(options.get("revolution"))
        self.revolution_sequences = bool(options.get("sequence_revolution"))
        self.field_cards: tuple[int, ...] = ()
        self.field_low = self.field_suit = self.field_size = 0
        self.field_by = -1
        if field is not None:
            self.field_cards, self.field_low, self.field_suit, self.field_by = field
            self.field_size = len(self.field_cards)
        self.over = False
        self.steps = 0

    def copy(self) -> Sim:
        other = Sim.__new__(Sim)
        for name in Sim.__slots__:
            setattr(other, name, getattr(self, name))
        other.hands = [list(hand) for hand in self.hands]
        other.passed = list(self.passed)
        other.out = list(self.out)
        other.places = list(self.places)
        other.pending = list(self.pending)
        other.owes = list(self.owes)
        return other

    @property
    def reversed(self) -> bool:
        return self.revolution != self.eleven_back

    def points(self, seat: int) -> int:
        """The round's points of ``seat`` (N + 1 − place) once the round is over; before, 0."""
        place = self.places[seat]
        return 0 if place is None else self.n + 1 - place

    # --- the exchange -------------------------------------------------------------------------------------------

    def give(self, seat: int, cards: Sequence[int]) -> None:
        """``seat`` (the first pending giver) gives ``cards`` back; the 大貧民 leads once nobody owes any."""
        self.steps += 1
        to = self.gives_to[seat]
        for card in cards:
            self.hands[seat].remove(card)
        self.hands[to].extend(cards)
        self.hands[to].sort()
        self.owes[seat] = 0
        self.pending.remove(seat)
        self.turn = self.pending[0] if self.pending else self.opener

    # --- play and pass -------------------------------------------------------------------------------------------

    def pass_(self, seat: int) -> None:
        self.steps += 1
        self.passed[seat] = True
        self._turn_after(self.field_by, seat)

    def play(self, seat: int, cards: Sequence[int], low: int, suit: int) -> None:
        """``seat`` plays ``cards`` (a set when ``suit`` is -1, else a sequence from position ``low``)."""
        self.steps += 1
        size = len(cards)
        reversed_before = self.reversed
        spade3 = self.spade3 and self.field_size == 1 and self.field_cards[0] >= FIRST_JOKER
        spade3 = spade3 and size == 1 and cards[0] == SPADE_THREE
        if suit < 0:
            revolution = self.revolution_sets and size == MAX_SET
        else:
            revolution = self.revolution_sequences and size >= REVOLUTION_SEQUENCE
        if revolution:
            self.revolution = not self.revolution
        high = low if suit < 0 else low + size - 1
        jokers = low == JOKER_RANK
        if self.eleven and not jokers and low <= JACK <= high:
            self.eleven_back = not self.eleven_back
        if self.locking and not self.lock and self.field_size:
            self.lock = _locks(cards, self.field_cards)
        hand = self.hands[seat]
        for card in cards:
            hand.remove(card)
        self.field_cards, self.field_low, self.field_suit, self.field_size, self.field_by = (
            tuple(cards), low, suit, size, seat
        )
        foul = False
        if not hand:
            foul = self.forbidden and is_forbidden(cards, low, high, reversed_before, self.eight_cut, self.spade3)
            if foul:
                self.places[seat] = max(p for p in range(1, self.n + 1) if p not in self.places)
                self.out[seat] = "foul"
            else:
                first = "finished" not in self.out
                self.places[seat] = 1 + self.out.count("finished")
                self.out[seat] = "finished"
                fallen = self.daifugo
                if self.miyako and first and fallen is not None and fallen != seat and self.hands[fallen]:
                    self.hands[fallen] = []
                    self.out[fallen] = "fallen"
        if self.hands.count([]) >= self.n - 1:  # at most one seat still holds cards
            self._end()
        elif (self.eight_cut and not jokers and low <= EIGHT <= high) or spade3:
            self._clear(seat if hand else self._next_holder(seat))
        elif foul:
            self._clear(self._next_holder(seat))
        else:
            self._turn_after(seat, seat)

    def _next_holder(self, seat: int) -> int:
        n = self.n
        return next((seat + i) % n for i in range(1, n + 1) if self.hands[(seat + i) % n])

    def _turn_after(self, by: int, seat: int) -> None:
        n, hands = self.n, self.hands
        for i in range(1, n + 1):
            t = (seat + i) % n
            if t == by and hands[by]:
                self._clear(by)
                return
            if hands[t] and not self.passed[t]:
                self.turn = t
                return
        self._clear(self._next_holder(by))

    def _clear(self, leader: int) -> None:
        self.field_size = 0
        self.field_cards = ()
        self.field_by = -1
        self.passed = [False] * self.n
        self.lock = 0
        self.eleven_back = False
        self.turn = leader

    def _end(self) -> None:
        top = 1 + self.out.count("finished")
        for seat in range(self.n):
            if self.hands[seat]:
                self.places[seat] = top
                top += 1
        for seat in range(self.n):
            if self.out[seat] == "fallen":
                self.places[seat] = top
                top += 1
        self.over = True


def is_forbidden(cards: Sequence[int], low: int, high: int, reversed_before: bool, eight_cut: bool, spade3: bool) -> bool:
    """反則上がり, as ``plays.is_forbidden_finish`` on a play's parts."""
    strongest = 0 if reversed_before else TOP_RANK
    for card in cards:
        if card >= FIRST_JOKER or card >> 2 == strongest:
            return True
    if eight_cut and low != JOKER_RANK and low <= EIGHT <= high:
        return True
    return spade3 and SPADE_THREE in cards


def _locks(new: Sequence[int], old: Sequence[int]) -> int:
    """The suit mask ``new`` locks the field to on ``old`` (縛り): both without jokers, the same suits."""
    mask = 0
    for card in new:
        if card >= FIRST_JOKER:
            return 0
        mask |= 1 << (card & 3)
    old_mask = 0
    for card in old:
        if card >= FIRST_JOKER:
            return 0
        old_mask |= 1 << (card & 3)
    return mask if mask == old_mask else 0
