"""The ``hard`` 大富豪 CPU: the ``normal`` player's judgement, checked against imagined rounds to their end.

It decides from the seat's view alone, as the other levels do:

1. **Go out if it surely can** (``finishing_move``). When every play but the last of some line wins its trick
   whatever the unseen cards are (no unseen set or sequence can beat it, or it cuts with an 8 or a ♠3 return),
   the seat plays that line: it is out before anyone else moves, the best place left. The check is exact, over
   every order of the plays (a 革命 inside the line changes what wins), for hands of up to ``ENDGAME_CARDS``.
2. **Deal the hidden cards** (``Knowledge``). The unseen cards are the deck less its own hand and every card
   played this round; they go to the other hands (their sizes are public), and what is left over is the
   fallen 大富豪's buried hand. The exchange tells more: the cards the seat gave are in the receiver's hand
   (until played), and a 大富豪 or 富豪 knows its tribute was the giver's strongest, so that seat holds nothing
   stronger apart from the cards given back to it.
3. **Play each candidate and the rest of the round** on a scratch table (``engine/daifugo/fast.py``), every seat
   — ours included — played by a quick reading of the ``normal`` player's rules (``quick_move``: lead the
   weakest group whole, follow with the lowest group that fits whole, keep 2s and jokers until an opponent is
   close to going out or the rest of the hand is one group, cut with 8s). A playout is worth the round's
   points to the seat (N + 1 − its place), so a second place is worth more than a fourth.
4. **Compare on common deals** (``search.search``): the candidates are the legal moves, best first by the
   ``normal`` player's values (at most ``CANDIDATES``); its choice is the default, and another replaces it only
   when it scored more on the same deals by ``CONFIDENCE`` standard errors. The exchange is searched the same
   way: which cards a 大富豪 or 富豪 gives back, played out from the 大貧民's lead.

The budget counts simulated moves (``Budget``), never time: a decision is a function of the view and the rng.

>>> import random
>>> from functions.engine.daifugo.rules import options
>>> view = {"seat": 0, "hand": ["s3", "s2"], "options": options("basic"), "phase": "play", "result": None,
...         "players": [{"seat": 0, "cards": 2, "title": None, "passed": False, "out": None},
...                     {"seat": 1, "cards": 9, "title": None, "passed": False, "out": None}],
...         "field": None, "trick": [], "played": ["X1", "h2", "d2", "c2"], "revolution": False,
...         "reversed": False, "eleven_back": False, "lock": None, "exchange": None,
...         "legal": [{"type": "play", "cards": ["s3"]}, {"type": "play", "cards": ["s2"]}]}
>>> HardDaifugoCpu().choose(view, random.Random(0))  # the last 2 cannot be beaten: then the 3 goes out
{'type': 'play', 'cards': ['s2']}
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from ...daifugo.cards import CARD, EIGHT, FIRST_JOKER, JACK, JOKER_RANK, RANK_OF, SPADE_THREE, SUITS, TOP_RANK
from ...daifugo.cards import standard_deck
from ...daifugo.fast import Sim, is_forbidden
from ...daifugo.plays import MIN_SEQUENCE, POSITIONS, Play, is_forbidden_finish, is_revolution, legal_plays, read_play
from ..base import open_moves
from ..search import Budget, search
from .normal import STYLES, WIN, DaifugoCpu, Move, Table

# About 120 ms of CPU a searched decision at the median in 4-player `basic` (docs/performance.md, "The hard
# CPU"); a playout is a round's remaining moves (about 40 at the start of a round), a deal costs about 15.
BUDGET = Budget(work=36_000, deal_cost=15, playout_cost=2)
CONFIDENCE = 1.0
CANDIDATES = 6  # the normal player's best few: its later choices are rarely better (and cost deals)
PLAYOUT_CAP = 600  # far beyond a round's moves: a guard only
ENDGAME_CARDS = 10  # the exact finishing check's largest hand
THREAT_CARDS = 2  # an opponent this close to going out is worth a 2 or a joker (the normal player's THREAT_CARDS)
SPEND_HAND = 5  # with at most this many cards left, controls are spent rather than saved (normal's SAVE_HAND)
UPPER = {"daifugo": "daihinmin", "fugo": "hinmin"}  # who gives back to whom
LOWER = {lower: upper for upper, lower in UPPER.items()}
OWES = {"daifugo": 2, "fugo": 1}

PlayParts = tuple[tuple[int, ...], int, int]  # cards, low, suit (-1: a set), as Sim.play takes them


class HardDaifugoCpu(DaifugoCpu):
    """The 大富豪 CPU at ``hard``: the ``normal`` player, its moves checked by search."""

    def __init__(self, budget: Budget = BUDGET, confidence: float = CONFIDENCE) -> None:
        self.level = "hard"
        self.style = STYLES["normal"]
        self.budget = budget
        self.confidence = confidence

    def __repr__(self) -> str:
        return "HardDaifugoCpu()"

    def choose(self, view: Mapping[str, Any], rng: random.Random) -> Move | None:
        legal = open_moves(view)
        if len(legal) < 2:
            return legal[0] if legal else None
        if view.get("phase") == "play":
            finishing = finishing_move(view, legal)
            if finishing is not None:
                return finishing
        table = Table(view, self.style)
        values = [table.value(move) for move in legal]
        order = sorted(range(len(legal)), key=lambda i: -values[i])
        if values[order[0]] >= WIN:
            return legal[order[0]]
        candidates = [legal[i] for i in order[:CANDIDATES]]
        know = Knowledge(view)
        if not know.dealable:
            return candidates[0]
        seat: int = view["seat"]
        parts = [None if m["type"] != "play" else play_parts(seat, m) for m in candidates]

        def run(table: Sim, move: Move) -> tuple[float, int]:
            sim = table.copy()
            if move["type"] == "give":
                sim.give(seat, [CARD[c] for c in move["cards"]])
            elif move["type"] == "pass":
                sim.pass_(seat)
            else:
                sim.play(seat, *parts[candidates.index(move)])  # type: ignore[misc]
            while not sim.over and sim.steps < PLAYOUT_CAP:
                quick_step(sim)
            return float(sim.points(seat)), sim.steps

        return candidates[search(candidates, lambda: know.deal(rng), run, self.budget, self.confidence)]


def play_parts(seat: int, move: Move) -> PlayParts:
    seq = move.get("seq")
    play = read_play(seat, [CARD[c] for c in move["cards"]], None if seq is None else RANK_OF[seq], sequences=True)
    return play.cards, play.low, play.suit


# --- what the view tells about the hidden cards ----------------------------------------------------------------


class Knowledge:
    """The hidden cards as the view constrains them, read once per decision; ``deal`` samples a table."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.view = view
        self.seat: int = view["seat"]
        options: Mapping[str, Any] = view["options"]
        self.options = options
        players = view["players"]
        self.n = len(players)
        self.counts: list[int] = [p["cards"] for p in players]
        titles: list[str | None] = [p.get("title") for p in players]
        self.titles = titles
        hand = [CARD[c] for c in view["hand"]]
        self.hand = hand
        pool = set(standard_deck(int(options.get("jokers", 1))))
        pool.difference_update(hand)
        pool.difference_update(CARD[c] for c in view.get("played") or [])
        # Cards known to be in a seat's hand: those this seat gave it in the exchange, still unplayed.
        self.known: dict[int, list[int]] = {}
        # A seat whose other cards are all weaker (tribute order) than a bound: the giver of this seat's tribute.
        self.capped: tuple[int, tuple[int, int]] | None = None
        exchange = view.get("exchange") or {}
        mine = titles[self.seat]
        if exchange and mine is not None:
            partner_title = UPPER.get(mine) or LOWER.get(mine)
            partner = titles.index(partner_title) if partner_title in titles else None
            if partner is not None and self.counts[partner]:
                given = [CARD[c] for c in exchange.get("given") or [] if CARD[c] in pool]
                if given:
                    self.known[partner] = given
                    pool.difference_update(given)
                received = [CARD[c] for c in exchange.get("received") or []]
                if mine in UPPER and received:
                    self.capped = (partner, max(_tribute_key(c) for c in received))
        self.pool = sorted(pool)
        hidden = sum(self.counts[s] - len(self.known.get(s, ())) for s in range(self.n) if s != self.seat)
        self.dealable = hidden <= len(self.pool) and all(
            len(cards) <= self.counts[s] for s, cards in self.known.items()
        )

    def deal(self, rng: random.Random) -> Sim:
        """One table consistent with the view, the hidden cards dealt at random."""
        pool = list(self.pool)
        rng.shuffle(pool)
        hands: list[list[int]] = [[] for _ in range(self.n)]
        hands[self.seat] = list(self.hand)
        for s, cards in self.known.items():
            hands[s] = list(cards)
        if self.capped is not None:
            s, bound = self.capped
            need = self.counts[s] - len(hands[s])
            weaker = [c for c in pool if _tribute_key(c) > bound][:need]
            hands[s] += weaker
            taken = set(weaker)
            pool = [c for c in pool if c not in taken]
        at = 0
        for s in range(self.n):
            if s == self.seat:
                continue
            need = self.counts[s] - len(hands[s])
            hands[s] += pool[at : at + need]
            at += need
        for hand in hands:
            hand.sort()
        return self._sim(hands)

    def _sim(self, hands: list[list[int]]) -> Sim:
        view, n, titles = self.view, self.n, self.titles
        players = view["players"]
        field = None
        trick = view.get("trick") or []
        if trick:
            last = trick[-1]
            seq = last.get("seq")
            play = read_play(last["seat"], [CARD[c] for c in last["cards"]], None if seq is None else RANK_OF[seq],
                             sequences=True)
            field = (play.cards, play.low, play.suit, play.seat)
        exchange = view.get("exchange") or {}
        pending: list[int] = list(exchange.get("pending") or []) if view.get("phase") == "exchange" else []
        owes, gives_to = [0] * n, [-1] * n
        for s in pending:
            title = titles[s] or ""
            owes[s] = OWES.get(title, 0)
            gives_to[s] = titles.index(UPPER[title]) if UPPER.get(title) in titles else -1
        lock = 0
        for letter in view.get("lock") or []:
            lock |= 1 << SUITS.index(letter)
        turn = pending[0] if pending else view.get("current", self.seat)
        return Sim(
            self.options,
            hands,
            turn=self.seat if turn is None else turn,
            passed=[bool(p.get("passed")) for p in players],
            revolution=bool(view.get("revolution")),
            eleven_back=bool(view.get("eleven_back")),
            lock=lock,
            field=field,
            out=[p.get("out") for p in players],
            places=[p.get("place") for p in players],
            daifugo=titles.index("daifugo") if "daifugo" in titles else None,
            pending=pending,
            owes=owes,
            gives_to=gives_to,
            opener=titles.index("daihinmin") if "daihinmin" in titles else -1,
        )


def _tribute_key(card: int) -> tuple[int, int]:
    """The tribute's order (``cards.tribute_order``): smaller is given first."""
    return (-(JOKER_RANK if card >= FIRST_JOKER else card >> 2), card)


# --- the playouts' quick player --------------------------------------------------------------------------------


def quick_step(sim: Sim) -> None:
    """One move of the seat to act (or of the first pending giver), as the quick player makes it."""
    if sim.pending:
        seat = sim.pending[0]
        hand = sim.hands[seat]
        sim.give(seat, sorted(hand, key=lambda c: (c >= FIRST_JOKER, c >> 2 == TOP_RANK, c))[: sim.owes[seat]])
        return
    seat = sim.turn
    move = quick_move(sim, seat)
    if move is None:
        sim.pass_(seat)
    else:
        sim.play(seat, *move)


def quick_move(sim: Sim, seat: int) -> PlayParts | None:
    """The quick player's move (``None``: pass): the ``normal`` player's main rules, read cheaply."""
    hand = sim.hands[seat]
    reversed_ = sim.reversed
    size = sim.field_size
    if size:
        if sim.field_suit >= 0:
            return _follow_sequence(sim, hand, size, reversed_)
        if size == 1 and sim.field_cards[0] >= FIRST_JOKER:
            return ((SPADE_THREE,), 0, -1) if sim.spade3 and SPADE_THREE in hand else None
        field_rank = sim.field_low
        if field_rank == JOKER_RANK:
            return None
        if hand[-1] < FIRST_JOKER and (hand[0] >> 2 >= field_rank if reversed_ else hand[-1] >> 2 <= field_rank):
            return None  # nothing in the hand is stronger: most followers, most of the time
    by_rank: dict[int, list[int]] = {}
    jokers: list[int] = []
    for card in hand:
        if card >= FIRST_JOKER:
            jokers.append(card)
        else:
            group = by_rank.get(card >> 2)
            if group is None:
                by_rank[card >> 2] = [card]
            else:
                group.append(card)
    ranks = list(by_rank)  # the hand is sorted: weakest first in the normal order
    if reversed_:
        ranks.reverse()
    top = 0 if reversed_ else TOP_RANK
    eight = EIGHT if sim.eight_cut else -1
    weak = [r for r in ranks if r != top and r != eight]
    if not size:
        return _lead(sim, hand, by_rank, jokers, ranks, weak, reversed_)
    usable = sim.lock or 0b1111
    floor = TOP_RANK - field_rank if reversed_ else field_rank
    spend = len(hand) <= SPEND_HAND or len(weak) <= 1 or _threatened(sim, seat)
    chosen: PlayParts | None = None
    for r in ranks:
        if (TOP_RANK - r if reversed_ else r) <= floor:
            continue
        group = by_rank[r]
        naturals = group if usable == 0b1111 else [c for c in group if usable >> (c & 3) & 1]
        if not naturals:
            continue
        if len(naturals) >= size:
            cards = tuple(naturals[:size])
            costly = r == top or (len(group) > size and r != eight)
        elif len(naturals) + len(jokers) >= size:
            cards = tuple(naturals) + tuple(jokers[: size - len(naturals)])
            costly = True
        else:
            continue
        if len(cards) == len(hand):
            if not (sim.forbidden and is_forbidden(cards, r, r, reversed_, sim.eight_cut, sim.spade3)):
                return cards, r, -1
            continue
        if not costly:
            return cards, r, -1
        if chosen is None and spend and (r == top or len(naturals) >= size or _threatened(sim, seat)):
            chosen = (cards, r, -1)
    if chosen is None and spend and len(jokers) >= size:
        cards = tuple(jokers[:size])
        if len(cards) < len(hand) or not sim.forbidden:
            chosen = (cards, JOKER_RANK, -1)
    return chosen


def _threatened(sim: Sim, seat: int) -> bool:
    """Whether an opponent is close to going out (a 2 or a joker is worth spending to stop it)."""
    return any(0 < len(h) <= THREAT_CARDS for s, h in enumerate(sim.hands) if s != seat)


def _lead(
    sim: Sim, hand: list[int], by_rank: dict[int, list[int]], jokers: list[int], ranks: list[int], weak: list[int],
    reversed_: bool,
) -> PlayParts:
    if len(ranks) <= 1 and len(hand) <= 4:  # one set: out
        r = ranks[0] if ranks else JOKER_RANK
        cards = tuple(hand)
        if not (sim.forbidden and is_forbidden(cards, r, r, reversed_, sim.eight_cut, sim.spade3)):
            return cards, r, -1
    if len(weak) <= 1 and len(ranks) + bool(jokers) > 1:  # controls first, the last weak group after them
        controls = [r for r in ranks if r not in weak]
        if controls:
            r = EIGHT if EIGHT in controls else controls[0]
            return tuple(by_rank[r]), r, -1
        if jokers and weak:
            return (jokers[0],), JOKER_RANK, -1
    if weak:
        r = weak[0]
        cards = tuple(by_rank[r])
        if len(cards) == 4 and sim.revolution_sets and not _revolution_helps(hand, r, reversed_):
            cards = cards[:3]
        return cards, r, -1
    if ranks:
        r = ranks[0]
        return tuple(by_rank[r]), r, -1
    return (jokers[0],), JOKER_RANK, -1


def _revolution_helps(hand: list[int], rank: int, reversed_: bool) -> bool:
    """Whether the rest of the hand is stronger in the other order (more low cards than high ones)."""
    middle = TOP_RANK / 2
    lean = sum((c >> 2) - middle for c in hand if c < FIRST_JOKER and c >> 2 != rank)
    return lean > 0 if reversed_ else lean < 0


def _follow_sequence(sim: Sim, hand: list[int], size: int, reversed_: bool) -> PlayParts | None:
    """The weakest natural sequence of ``size`` cards wholly beyond the field's, in a usable suit."""
    low, high = sim.field_low, sim.field_low + sim.field_size - 1
    usable = sim.lock or 0b1111
    starts = range(low - size, -1, -1) if reversed_ else range(high + 1, POSITIONS - size + 1)
    for start in starts:
        for suit in range(4):
            if not usable >> suit & 1:
                continue
            cards = tuple((start + i) * 4 + suit for i in range(size))
            if all(c in hand for c in cards):
                if len(cards) == len(hand) and sim.forbidden and is_forbidden(
                    cards, start, start + size - 1, reversed_, sim.eight_cut, sim.spade3
                ):
                    continue
                return cards, start, suit
    return None


# --- the exact finishing check ---------------------------------------------------------------------------------


def finishing_move(view: Mapping[str, Any], legal: Sequence[Move]) -> Move | None:
    """The first legal move of a line that surely empties the hand before any other seat can play (or ``None``)."""
    hand = tuple(sorted(CARD[c] for c in view["hand"]))
    if len(hand) > ENDGAME_CARDS:
        return None
    options: Mapping[str, Any] = view["options"]
    seen = set(hand) | {CARD[c] for c in view.get("played") or []}
    unseen = [0] * (TOP_RANK + 1)
    suited = [[False] * POSITIONS for _ in range(4)]
    for card in standard_deck(int(options.get("jokers", 1))):
        if card not in seen and card < FIRST_JOKER:
            unseen[card >> 2] += 1
            suited[card & 3][card >> 2] = True
    jokers = sum(1 for c in range(FIRST_JOKER, FIRST_JOKER + int(options.get("jokers", 1))) if c not in seen)
    check = Finisher(options, tuple(unseen), tuple(tuple(s) for s in suited), jokers, SPADE_THREE not in seen)
    revolution, trick_reversed = bool(view.get("revolution")), bool(view.get("reversed"))
    eleven_back = bool(view.get("eleven_back"))
    for move in legal:
        if move["type"] != "play":
            continue
        cards, low, suit = play_parts(0, move)
        play = Play(0, cards, low, suit)
        rest = tuple(c for c in hand if c not in cards)
        if check.wins_and_finishes(play, rest, revolution, eleven_back, trick_reversed, view.get("field")):
            return move
    return None


class Finisher:
    """Whether a hand can be played out in consecutive leads, every play but the last unbeatable."""

    def __init__(
        self, options: Mapping[str, Any], unseen: tuple[int, ...], suited: tuple[tuple[bool, ...], ...],
        jokers: int, spade3_unseen: bool,
    ) -> None:
        self.options = options
        self.unseen = unseen
        self.suited = suited
        self.jokers = jokers
        self.spade3_unseen = spade3_unseen and bool(options.get("spade3"))
        self.can_finish = lru_cache(maxsize=None)(self._can_finish)

    def wins_and_finishes(
        self, play: Play, rest: tuple[int, ...], revolution: bool, eleven_back: bool, reversed_before: bool,
        field: Any,
    ) -> bool:
        options = self.options
        if not rest:
            return not (options.get("forbidden_finish") and is_forbidden_finish(play, reversed_before, options))
        revolution = revolution != is_revolution(play, options)
        eleven_back = eleven_back != (bool(options.get("eleven_back")) and play.holds_rank(JACK))
        spade3 = bool(options.get("spade3")) and field is not None and field["cards"] in (["X1"], ["X2"])
        cuts = (options.get("eight_cut") and play.holds_rank(EIGHT)) or (spade3 and play.cards == (SPADE_THREE,))
        if not cuts and not self.unbeatable(play, revolution != eleven_back):
            return False
        return self.can_finish(rest, revolution)

    def _can_finish(self, hand: tuple[int, ...], revolution: bool) -> bool:
        options = self.options
        moves = legal_plays(hand, None, reversed_=revolution, lock=0, sequences=bool(options.get("sequences")),
                            spade3=False)
        for move in moves:
            cards, low, suit = play_parts(0, move)
            rest = tuple(c for c in hand if c not in cards)
            if self.wins_and_finishes(Play(0, cards, low, suit), rest, revolution, False, revolution, None):
                return True
        return False

    def unbeatable(self, play: Play, reversed_: bool) -> bool:
        """Whether no set or sequence of the unseen cards can beat ``play`` in this order (a lock ignored)."""
        size, jokers = play.size, self.jokers
        if play.kind == "seq":
            return not self._sequence_above(play, reversed_)
        if play.low == JOKER_RANK:
            return not (size == 1 and self.spade3_unseen)
        if jokers >= size:
            return False
        mine = play.low if not reversed_ else TOP_RANK - play.low
        for r in range(TOP_RANK + 1):
            if (r if not reversed_ else TOP_RANK - r) > mine and self.unseen[r] and self.unseen[r] + jokers >= size:
                return False
        return True

    def _sequence_above(self, play: Play, reversed_: bool) -> bool:
        size = play.size
        starts = range(0, play.low - size + 1) if reversed_ else range(play.high + 1, POSITIONS - size + 1)
        for suit in range(4):
            held = self.suited[suit]
            for start in starts:
                naturals = sum(held[start : start + size])
                if naturals and size - naturals <= self.jokers and size >= MIN_SEQUENCE:
                    return True
        return False
