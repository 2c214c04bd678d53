"""Plays: reading a move's cards as a set or a sequence, comparing plays, and listing every legal play.

A *set* is 1–4 cards of one rank, jokers standing in for missing cards; all-joker sets (a lone joker, two
jokers) have the joker rank, above 2 in both orders. A *sequence* is 3+ cards of one suit on consecutive
positions of 3-4-…-K-A-2 (2 and 3 not connected), jokers filling missing positions, at least one natural.

>>> from .cards import RANK_OF, ids, codes
>>> p = read_play(0, ids(["s6", "X1", "s5"]), RANK_OF["4"], sequences=True)
>>> p.kind, codes(p.cards), RANKS[p.high]
('seq', ['X1', 's5', 's6'], '6')
>>> beats(read_play(1, ids(["s7", "s8", "s9"]), RANK_OF["7"], sequences=True), p, reversed_=False)
True
>>> [m["cards"] for m in legal_plays(tuple(sorted(ids(["s5", "h5", "X1"]))), None, reversed_=False, lock=0,
...                                  sequences=False, spade3=False)]
[['s5'], ['h5'], ['X1'], ['s5', 'h5'], ['s5', 'h5', 'X1']]
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
from typing import Any, NamedTuple

from ..errors import IllegalMove
from .cards import EIGHT, FIRST_JOKER, JOKER_RANK, RANKS, SPADE_THREE, SUITS, TOP_RANK, code, codes, strength

MAX_SET = 4  # a rank has four cards (jokers included)
MIN_SEQUENCE = 3
REVOLUTION_SEQUENCE = 5  # with sequence_revolution
POSITIONS = TOP_RANK + 1  # 3 … 2


class Play(NamedTuple):
    """One play on the field. ``low`` is a set's rank (13: all jokers) or a sequence's lowest position."""

    seat: int
    cards: tuple[int, ...]  # a set: canonical; a sequence: by position, each joker where it stands
    low: int
    suit: int = -1  # a sequence's suit; -1 for a set

    @property
    def kind(self) -> str:
        return "set" if self.suit < 0 else "seq"

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def high(self) -> int:
        return self.low if self.suit < 0 else self.low + len(self.cards) - 1

    @property
    def has_joker(self) -> bool:
        return any(c >= FIRST_JOKER for c in self.cards)

    @property
    def natural_suits(self) -> int:
        """The suits of its natural cards, as a bit mask (bit 0 = ♠)."""
        mask = 0
        for c in self.cards:
            if c < FIRST_JOKER:
                mask |= 1 << (c & 3)
        return mask

    def holds_rank(self, rank_: int) -> bool:
        """Whether a card of this natural rank is in the play, natural or a joker standing for it."""
        return self.low <= rank_ <= self.high and self.low != JOKER_RANK

    @property
    def is_lone_joker(self) -> bool:
        return len(self.cards) == 1 and self.cards[0] >= FIRST_JOKER

    def move(self) -> dict[str, Any]:
        """The move that makes this play, cards in canonical order (the form ``legal_moves`` lists)."""
        move: dict[str, Any] = {"type": "play", "cards": codes(sorted(self.cards))}
        if self.suit >= 0:
            move["seq"] = RANKS[self.low]
        return move


def read_play(seat: int, cards: list[int], seq: int | None, *, sequences: bool) -> Play:
    """The play ``cards`` (distinct ids) make, read as a set, or as a sequence from position ``seq``.

    Raises ``IllegalMove("bad_combination")`` when they are not one.
    """
    if seq is None:
        return _read_set(seat, cards)
    if not sequences:
        raise IllegalMove("bad_combination", "sequences (階段) are not played at this table")
    return _read_sequence(seat, cards, seq)


def _read_set(seat: int, cards: list[int]) -> Play:
    if len(cards) > MAX_SET:
        raise IllegalMove("bad_combination", f"a set has at most {MAX_SET} cards, jokers included")
    ranks = {c >> 2 for c in cards if c < FIRST_JOKER}
    if len(ranks) > 1:
        raise IllegalMove("bad_combination", f"{' '.join(codes(cards))} is not a set: the ranks differ")
    return Play(seat, tuple(sorted(cards)), ranks.pop() if ranks else JOKER_RANK)


def _read_sequence(seat: int, cards: list[int], low: int) -> Play:
    size = len(cards)
    naturals = [c for c in cards if c < FIRST_JOKER]
    jokers = sorted(c for c in cards if c >= FIRST_JOKER)
    where = f"{' '.join(codes(cards))} from {RANKS[low]}"
    if size < MIN_SEQUENCE:
        raise IllegalMove("bad_combination", f"a sequence has at least {MIN_SEQUENCE} cards: {where}")
    if not naturals:
        raise IllegalMove("bad_combination", f"a sequence holds at least one natural card: {where}")
    if len({c & 3 for c in naturals}) > 1:
        raise IllegalMove("bad_combination", f"a sequence is of one suit: {where}")
    if low + size > POSITIONS:
        raise IllegalMove("bad_combination", f"a sequence ends at 2 (2 and 3 are not connected): {where}")
    slots: list[int | None] = [None] * size
    for c in naturals:
        position = (c >> 2) - low
        if not 0 <= position < size:
            raise IllegalMove("bad_combination", f"{code(c)} is not a position of {where}")
        slots[position] = c
    fill = iter(jokers)  # as many jokers as gaps: the naturals are distinct cards of one suit
    return Play(seat, tuple(c if c is not None else next(fill) for c in slots), low, naturals[0] & 3)


def beats(new: Play, old: Play, *, reversed_: bool) -> bool:
    """Whether ``new`` is strictly stronger than ``old`` (same kind and size) in the order in force.

    Sets compare by rank; a sequence must lie wholly above the other (reversed: wholly below).
    """
    if new.suit < 0:
        return strength(new.low, reversed_) > strength(old.low, reversed_)
    return new.high < old.low if reversed_ else new.low > old.high


def is_spade3_return(play: Play, field: Play | None) -> bool:
    """A lone ♠3 on a lone joker (スペ3返し, when the option is on)."""
    return field is not None and play.cards == (SPADE_THREE,) and field.is_lone_joker


def is_revolution(play: Play, options: Mapping[str, Any]) -> bool:
    """革命: a 4-card set, or with ``sequence_revolution`` a sequence of 5 or more cards."""
    if play.suit < 0:
        return bool(options["revolution"]) and len(play.cards) == MAX_SET
    return bool(options["sequence_revolution"]) and len(play.cards) >= REVOLUTION_SEQUENCE


def is_forbidden_finish(play: Play, reversed_before: bool, options: Mapping[str, Any]) -> bool:
    """反則上がり as a last play: a joker in any role, a card of the strongest natural rank in the order before the
    play (2; 3 when reversed), an 8 (with ``eight_cut``) or the ♠3 (with ``spade3``)."""
    strongest = 0 if reversed_before else TOP_RANK
    return (
        play.has_joker
        or any(c < FIRST_JOKER and c >> 2 == strongest for c in play.cards)
        or (bool(options["eight_cut"]) and play.holds_rank(EIGHT))
        or (bool(options["spade3"]) and SPADE_THREE in play.cards)
    )


def locks(new: Play, old: Play | None) -> int:
    """The suit mask ``new`` locks the field to when it lands on ``old`` (縛り), else 0."""
    if old is None or new.has_joker or old.has_joker:
        return 0
    suits = new.natural_suits
    return suits if suits == old.natural_suits else 0


def suit_letters(mask: int) -> list[str]:
    return [s for i, s in enumerate(SUITS) if mask >> i & 1]


def legal_plays(
    hand: tuple[int, ...], field: Play | None, *, reversed_: bool, lock: int, sequences: bool, spade3: bool
) -> list[dict[str, Any]]:
    """Every distinct legal play of ``hand`` (canonical, sorted) as moves, sorted by kind (sets first), size,
    strength in the order in force, then cards.

    A set uses every usable natural of its rank (under a lock, of a locked suit) before any joker, one entry
    per choice of naturals when more are held than needed; a sequence has a joker only where its natural is
    missing; the jokers used are the lowest-numbered held.
    """
    jokers = sorted({c for c in hand if c >= FIRST_JOKER})
    usable_suits = lock or 0b1111
    found: list[tuple[tuple[Any, ...], dict[str, Any]]] = []
    if field is None or field.suit < 0:
        sizes = range(1, MAX_SET + 1) if field is None else (field.size,)
        for r, size, cards in _sets(hand, jokers, usable_suits, sizes):
            key_strength = strength(r, reversed_)
            if field is None or key_strength > strength(field.low, reversed_):
                found.append(((0, size, key_strength, cards), {"type": "play", "cards": codes(cards)}))
        if spade3 and field is not None and field.is_lone_joker and SPADE_THREE in hand:
            found.append(((0, 1, -1, (SPADE_THREE,)), {"type": "play", "cards": [code(SPADE_THREE)]}))
    if sequences and (field is None or field.suit >= 0):
        for s, low, size, cards in _sequences(hand, jokers, usable_suits, None if field is None else field.size):
            high = low + size - 1
            if field is not None and not (high < field.low if reversed_ else low > field.high):
                continue
            key_strength = TOP_RANK - high if reversed_ else low
            found.append(((1, size, key_strength, cards), {"type": "play", "cards": codes(cards), "seq": RANKS[low]}))
    found.sort(key=lambda entry: entry[0])
    return [move for _, move in found]


def _sets(hand: tuple[int, ...], jokers: list[int], usable_suits: int, sizes: Any) -> Any:
    """(rank, size, cards) of every set the rules list for these sizes."""
    by_rank: dict[int, list[int]] = {}
    for c in hand:
        if c < FIRST_JOKER and usable_suits >> (c & 3) & 1:
            naturals = by_rank.setdefault(c >> 2, [])
            if not naturals or naturals[-1] != c:  # a test deck may repeat a code
                naturals.append(c)
    for r, naturals in by_rank.items():
        for size in sizes:
            if len(naturals) >= size:
                for cards in combinations(naturals, size):
                    yield r, size, cards
            elif len(naturals) + len(jokers) >= size:
                yield r, size, tuple(naturals) + tuple(jokers[: size - len(naturals)])
    for size in sizes:
        if 0 < size <= len(jokers):
            yield JOKER_RANK, size, tuple(jokers[:size])


def _sequences(hand: tuple[int, ...], jokers: list[int], usable_suits: int, only_size: int | None) -> Any:
    """(suit, low, size, cards) of every sequence of these cards (of ``only_size`` cards if given)."""
    n_jokers = len(jokers)
    for s in range(4):
        if not usable_suits >> s & 1:
            continue
        held = [False] * POSITIONS
        for c in hand:
            if c < FIRST_JOKER and c & 3 == s:
                held[c >> 2] = True
        if not any(held):
            continue
        for low in range(POSITIONS - MIN_SEQUENCE + 1):
            naturals = 0
            for high in range(low, POSITIONS):
                naturals += held[high]
                size = high - low + 1
                if size - naturals > n_jokers:
                    break
                if size < MIN_SEQUENCE or naturals == 0 or (only_size is not None and size != only_size):
                    continue
                cards = tuple(r * 4 + s for r in range(low, high + 1) if held[r]) + tuple(jokers[: size - naturals])
                yield s, low, size, cards
