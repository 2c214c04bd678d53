"""The ``hard`` Color Match CPU: the ``normal`` player's judgement, checked against imagined games to the end.

It decides from the seat's view alone, as the other levels do. On its turn it lists every turn move, best first
by the ``normal`` player's values, and plays imagined games from the table it sees:

1. **Deal the hidden cards** (``Knowledge``). The unseen cards are the 108-card deck less its own hand, the top
   card, the cards the table's recent history (``view.recent``) shows played and still in the discard pile and
   the wilds the public record (``view.record``) counts there; they are dealt at random to the other hands
   (their sizes are public), the discard pile under the top card and the draw pile. A seat that drew on its
   turn had no card that fitted then, so the cards it has held since are dealt from those that did not fit
   (every later draw of the seat narrows them further; ``recent`` tells the last steps' draws, the record the
   last draw on each colour over the whole game). A seat that has
   not drawn since its last free play held its cards and the ones it played: it is dealt a hand from which the
   ``normal`` player would have made that play (``Shown``; tried again up to ``ATTEMPTS`` times, a hand that
   does not explain it kept with odds ``SLIP``, as people and other CPUs play otherwise). A Wild Draw Four
   waiting to be challenged was a bluff in the share of deals the ``normal`` player's estimate says.
2. **Play each candidate and the rest of the game** on a scratch table (``engine/color_match/fast.py``), every seat
   — ours included — played by a quick reading of the ``normal`` player's values (``quick_step``: the same
   move in 97% of its decisions in ``basic``, 94% in ``house``). It stacks, challenges and plays まとめ出し sets
   as ``normal`` does; every last-card call is assumed made in time. The candidate wins the deal or not
   (``score``).
3. **Compare on common deals** (``search.search``): every candidate meets the same deals, so the luck of a deal
   falls on all alike — each seat drawing from its own stream of the pile, so that a move changing who draws
   does not change what the others draw — and a small card margin (``MARGIN``) is added to each result. The
   ``normal`` player's first choice is the default; another candidate replaces it only
   when it won more of the same deals by ``CONFIDENCE`` standard errors.

Off its turn, and for the colour of a Wild turned up first, it is the ``normal`` player; it makes its own
last-card call whenever the rules allow one (it never costs anything, and the searched move may then leave
one card).

>>> import random
>>> view = {"seat": 0, "hand": ["r5", "W", "b2"], "top": "r7", "color": "r", "direction": 1, "current": 0,
...         "next": 1, "phase": "play", "draw_pile": 60, "discard": 30, "cards_played": 29,
...         "players": [{"seat": 0, "cards": 3, "declared": False}, {"seat": 1, "cards": 1, "declared": False}],
...         "pending": None, "challenge": None, "drawn": None, "options": {}, "recent": [], "result": None,
...         "legal": [{"type": "play", "cards": ["r5"]}] + [{"type": "play", "cards": ["W"], "color": c}
...                   for c in "rygb"] + [{"type": "draw"}]}
>>> HardColorMatchCpu(Budget(work=3_000, deal_cost=8, playout_cost=1)).choose(view, random.Random(0))["type"]
'play'
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ...color_match.cards import COLOR, DECK, MULTI_RANKS, PLAYS_ON, RANK, STACKS_ON
from ...color_match.fast import DRAWN, OVER, PENALTY, Sim
from ...color_match.options import Rules, shared_rules
from ..search import Budget, search
from .normal import ColorMatchCpu
from .values import (
    ACCEPT_TURN_LOST,
    CARD,
    COLOUR_KEEPS,
    COLOUR_ODDS,
    COLOURS,
    COVER,
    EXTRA_TURN,
    FOLLOW,
    HOLD_WILD,
    HONEST_SHARE,
    OPPONENT_CARD,
    SAVE_ACTION,
    STYLES,
    URGENCY,
    WIN,
    Move,
    Turn,
    colour_count,
)

WILDS = frozenset(("W", "W4"))
# The cards a seat that drew on a colour held none of (a wild always fits).
COLOUR_OR_WILD = {colour: frozenset(c for c in DECK if COLOR[c] in (colour, None)) for colour in COLOURS}
# The normal player's URGENCY by cards held (index), 0 beyond: a tuple is quicker to read in the playouts.
URGENT = tuple(URGENCY.get(cards, 0.0) for cards in range(max(URGENCY) + 1))
# About 120 ms a decision at the median in `house`, p99 ~235 ms (docs/performance.md, "The hard CPU").
BUDGET = Budget(work=32_000, deal_cost=20, playout_cost=1)
PLAYOUT_CAP = 400
# The weight of the card margin in a playout's result (``score``): small beside a win.
MARGIN = 0.05
CONFIDENCE = 1.0
# A seat's hand explains its last play (``Shown``): a random hand does about half the time, the true hand of
# a `normal` CPU 97% of the time, so a hand that does not is kept with odds SLIP.
ATTEMPTS = 12
SLIP = 0.05


class Knowledge:
    """What the view tells about the hidden cards, read once per decision; ``deal`` samples a table from it."""

    def __init__(self, view: Mapping[str, Any], guilt_odds: float | None) -> None:
        self.seat: int = view["seat"]
        self.rules = shared_rules(dict(view["options"]))
        self.hand: list[str] = list(view["hand"])
        self.counts = [p["cards"] for p in view["players"]]
        self.n = len(self.counts)
        self.top: str = view["top"]
        pool = Counter(DECK)
        pool.subtract(self.hand)
        pool[self.top] -= 1
        recent = view.get("recent") or []
        played = [c for e in recent if e["type"] == "play" for c in e["cards"]]
        below_count = max(0, view["discard"] - 1)
        known_below: list[str] = []
        if played and played[-1] == self.top and below_count:
            for card in played[:-1][-below_count:]:
                if pool[card] > 0:
                    pool[card] -= 1
                    known_below.append(card)
        # The record counts the wilds under the top card (every player saw them played): they are not dealt.
        record = view.get("record") or {}
        under = record.get("under", {})
        for wild in ("W", "W4"):
            missing = under.get(wild, 0) - known_below.count(wild)
            for _ in range(min(missing, pool[wild], below_count - len(known_below))):
                pool[wild] -= 1
                known_below.append(wild)
        self.known_below = known_below
        # With the record the unknown cards below hold no wild; the tier of cards they are dealt from, without.
        self.below_tiers = [(WILDS, below_count - len(known_below))] if "W" in under else []
        self.unknown_below = below_count - len(known_below)
        self.pool = sorted(pool.elements())
        self.seat_tiers = self._tiers(recent, record.get("seats", ()))
        self.shown = self._shown(view, recent)
        self.guilt = None
        if view.get("challenge") is not None and guilt_odds is not None:
            self.guilt = (view["challenge"], view["color_before"], guilt_odds)
        pending = view.get("pending")
        self.table = {
            "top": self.top,
            "color": view["color"],
            "direction": view["direction"],
            "turn": view["current"],
            "phase": view["phase"],
            "drawn": view.get("drawn"),
            "pending": pending["draw"] if pending else 0,
            "pending_by": pending["by"] if pending else -1,
        }

    def _tiers(
        self, recent: Sequence[Mapping[str, Any]], public: Sequence[Mapping[str, Any]]
    ) -> dict[int, list[tuple[frozenset[str], int]]]:
        """For each other seat, ``(cards it cannot hold, how many)`` for the cards it held when it drew on a table
        it could not play on, or took a penalty it could not pass on (the narrowest first). ``recent`` tells
        the top card of each recent draw; the ``public`` record of each seat, the last draw on each colour over the
        whole game (the seat then held no card of that colour and no wild)."""
        colour, top = None, None
        draws: dict[int, list[list[Any]]] = {}  # seat -> [[fits, acquired since], ...] oldest first
        for e in recent:
            kind, seat = e["type"], e.get("seat", -1)
            if kind == "play":
                top, colour = e["cards"][-1], e["color"]
            elif kind == "choose_color":
                colour = e["color"]
            elif kind == "drew":
                for record in draws.get(seat, ()):
                    record[1] += e["count"]
                if colour is None or top is None:
                    continue
                if e["reason"] == "draw":
                    draws.setdefault(seat, []).append([PLAYS_ON[colour][top], e["count"]])
                elif e["reason"] == "penalty" and self.rules.stacking:  # a penalty is passed on when it can be
                    draws.setdefault(seat, []).append([STACKS_ON[colour][top], e["count"]])
        for seat, seen in enumerate(public):
            for colour, since in seen["drew_on"].items():
                draws.setdefault(seat, []).append([COLOUR_OR_WILD[colour], since])
        tiers: dict[int, list[tuple[frozenset[str], int]]] = {}
        for seat, records in draws.items():
            if seat == self.seat:
                continue
            records.sort(key=lambda r: -r[1])  # the oldest draw first: the most cards drawn since
            held = self.counts[seat]
            placed = 0
            mine = []
            for i, (_, acquired) in enumerate(records):
                must = max(0, held - acquired) - placed
                if must > 0:  # held since draw i (not drawn since): none fitted then, nor at any later draw
                    mine.append((frozenset().union(*(r[0] for r in records[i:])), must))
                    placed += must
            if mine:
                tiers[seat] = sorted(mine, key=lambda t: -len(t[0]))
        return tiers

    def _shown(self, view: Mapping[str, Any], recent: Sequence[Mapping[str, Any]]) -> dict[int, Shown]:
        """Each other seat's last free choice of a play that its hand now still shows: the seat has not drawn
        since, so it held its cards and the ones it played (a play from a drawn card or onto a penalty chain
        says less, and is left out)."""
        counts = list(self.counts)
        direction: int = view["direction"]
        before: list[tuple[list[int], int]] = [([], 0)] * len(recent)  # counts and direction before each event
        for i in range(len(recent) - 1, -1, -1):
            e = recent[i]
            if e["type"] == "play":
                counts[e["seat"]] += len(e["cards"])
                if RANK[e["cards"][-1]] == "R" and len(e["cards"]) % 2:
                    direction = -direction
            elif e["type"] == "drew":
                counts[e["seat"]] -= e["count"]
            before[i] = (list(counts), direction)
        shown: dict[int, Shown] = {}
        top, colour, chain, last = None, None, False, None
        for i, e in enumerate(recent):
            kind, seat = e["type"], e.get("seat", -1)
            if kind == "play":
                from_drawn = last is not None and last["type"] == "drew" and last["seat"] == seat
                if top is not None and colour is not None and not chain and not from_drawn and seat != self.seat:
                    counts_then, direction_then = before[i]
                    shown[seat] = Shown(
                        self.rules, seat, e["cards"], e["color"], top, colour, direction_then, counts_then
                    )
                top, colour = e["cards"][-1], e["color"]
                chain = RANK[top] in ("D", "W4")
            elif kind == "choose_color":
                colour = e["color"]
            elif kind == "drew":
                shown.pop(seat, None)
                if e["reason"] != "draw":
                    chain = False
            elif kind == "challenge":
                chain = False
            if kind in ("play", "drew", "keep"):
                last = e
        return shown

    def deal(self, rng: random.Random) -> Sim:
        """A table as the view shows it, the hidden cards dealt at random within what the view has shown."""
        rest = list(self.pool)
        rng.shuffle(rest)
        below = list(self.known_below)
        if self.unknown_below:
            below += _take(rest, self.below_tiers, self.unknown_below, rng)
        hands: list[list[str]] = [[] for _ in range(self.n)]
        hands[self.seat] = list(self.hand)
        for seat in range(self.n):
            if seat == self.seat:
                continue
            shown = self.shown.get(seat)
            tiers = self.seat_tiers.get(seat, ())
            for attempt in range(ATTEMPTS):
                got = _take(rest, tiers, self.counts[seat], rng)
                if shown is None or attempt == ATTEMPTS - 1 or shown.explains(got) or rng.random() < SLIP:
                    break
                for card in got:  # back into the pile, each at a random place
                    rest.append(card)
                    j = rng.randrange(len(rest))
                    rest[j], rest[-1] = rest[-1], rest[j]
            hands[seat] = got
        guilty = None
        if self.guilt is not None:
            by, before, odds = self.guilt
            guilty = _make_guilt(hands[by], rest, before, rng.random() < odds)
        return Sim(
            self.rules, hands, pile=rest, below=below, guilty=guilty, seed=rng.getrandbits(32), streams=True,
            **self.table,
        )


class Shown:
    """A seat's play, as the ``normal`` player's quick reading would have chosen it from some hand."""

    def __init__(
        self, rules: Rules, seat: int, cards: list[str], named: str, top: str, colour: str, direction: int,
        counts: list[int],
    ) -> None:
        self.seat = seat
        self.cards = sorted(cards)
        self.played = list(cards)
        self.named = named if COLOR[cards[-1]] is None else None
        hands: list[list[str]] = [[""] * k for k in counts]
        self.probe = _Probe(rules, hands, pile=[], below=[], top=top, color=colour, direction=direction, turn=seat)

    def explains(self, hand: list[str]) -> bool:
        """Whether the quick ``normal`` player holding ``hand`` now would have made this play."""
        probe = self.probe
        held = hand + self.played
        probe.hands[self.seat] = held
        probe.chosen = None
        quick_step(probe)
        if probe.chosen is None or sorted(probe.chosen) != self.cards:
            return False
        if self.named is None or not hand:
            return True
        return colour_count(hand, self.named) == max(colour_count(hand, c) for c in COLOURS)


class _Probe(Sim):
    """A table that records the play it is asked to make instead of making it."""

    __slots__ = ("chosen",)
    chosen: list[str] | None

    def play(self, seat: int, cards: list[str], color: str | None) -> None:
        self.chosen = cards

    def draw(self, seat: int) -> bool:
        self.chosen = None
        return False


def _take(
    rest: list[str], tiers: Sequence[tuple[frozenset[str], int]], size: int, rng: random.Random
) -> list[str]:
    """``size`` cards off the end of ``rest`` (in random order), ``k`` of them outside ``avoid`` for each tier.

    The cards a tier passes over go back to random places: left at the end, they would all go to the next
    cards taken (this hand's free ones, the next hand) — the sampler once dealt ~30% too many Wild Draw Fours
    that way, since a seat that drew holds no wild."""
    got: list[str] = []
    for avoid, k in tiers:
        j = len(rest) - 1
        while k and j >= 0:
            if rest[j] not in avoid:
                got.append(rest.pop(j))
                k -= 1
            j -= 1
        for i in range(max(j + 1, 0), len(rest)):
            r = rng.randrange(len(rest))
            rest[i], rest[r] = rest[r], rest[i]
    while len(got) < size and rest:
        got.append(rest.pop())
    return got


def _make_guilt(hand: list[str], rest: list[str], colour: str, guilty: bool) -> bool:
    """Make ``hand`` hold ``colour`` (guilty) or not, swapping cards with ``rest``; whether it now holds it."""
    if guilty:
        if not any(COLOR[c] == colour for c in hand) and hand:
            j = next((j for j, c in enumerate(rest) if COLOR[c] == colour), None)
            if j is not None:
                hand[-1], rest[j] = rest[j], hand[-1]
    else:
        for i, card in enumerate(hand):
            if COLOR[card] == colour:
                j = next((j for j, c in enumerate(rest) if COLOR[c] != colour), None)
                if j is None:
                    break
                hand[i], rest[j] = rest[j], card
    return any(COLOR[c] == colour for c in hand)


def most_held(hand: Sequence[str]) -> str:
    counts = [0, 0, 0, 0]
    for c in hand:
        colour = COLOR[c]
        if colour is not None:
            counts[COLOURS.index(colour)] += 1
    return COLOURS[counts.index(max(counts))]


# The normal player's COLOUR_KEEPS once every other player has had a turn, by the number of players.
KEEPS = [COLOUR_KEEPS ** (n - 1) for n in range(11)]


def quick_step(sim: Sim) -> None:
    """One move of the seat in turn, by a quick reading of the ``normal`` player's values (``Turn.value``)."""
    seat = sim.turn
    phase = sim.phase
    hand = sim.hands[seat]
    if phase == PENALTY:
        stack = sim.playable(seat)
        if stack:
            card = next((c for c in stack if c != "W4"), stack[0])
            sim.play(seat, [card], None if card != "W4" else most_held(hand))
        elif sim.guilty is not None and _challenges(len(sim.hands[sim.pending_by]), sim.pending):
            sim.challenge(seat)
        else:
            sim.accept(seat)
        return
    n = sim.n
    nxt = (seat + sim.direction) % n
    nxt_cards = len(sim.hands[nxt])
    if phase == DRAWN:
        drawn = sim.drawn
        assert drawn is not None
        if COLOR[drawn] is None:
            if len(hand) > 3 and nxt_cards > 4:  # the trump card is kept for later
                sim.keep(seat)
                return
            rest = list(hand)
            rest.remove(drawn)
            sim.play(seat, [drawn], most_held(rest))
        else:
            sim.play(seat, [drawn], None)
        return
    fits = PLAYS_ON[sim.color][sim.top]
    playable = [c for c in hand if c in fits]
    if not playable:
        sim.draw(seat)
        return
    size = len(hand)
    if size == 1:
        sim.play(seat, hand[:], None if COLOR[hand[0]] else "r")
        return
    multi = sim.rules.multi_play
    first = playable[0]
    if playable.count(first) == len(playable):  # one card to play (the draw is never worth more)
        _play_set(sim, seat, hand, first, multi)
        return
    colours: dict[str | None, int] = {"r": 0, "y": 0, "g": 0, "b": 0, None: 0}
    for c in hand:
        colours[COLOR[c]] += 1
    ranks = [RANK[c] for c in hand]
    wilds = colours[None]
    held_all = (colours["r"] > 0) + (colours["y"] > 0) + (colours["g"] > 0) + (colours["b"] > 0)
    keeps = KEEPS[n]
    urgent = URGENT[nxt_cards] if nxt_cards < 5 else 0.0
    saving = SAVE_ACTION if not urgent and size > 3 else 0.0
    coloured = wilds < len(playable) and any(COLOR[c] is not None for c in playable)
    best, top, best_set = "", -1e9, False
    for c in sorted(set(playable)) if len(playable) > 1 else playable:
        colour = COLOR[c]
        rank = RANK[c]
        is_wild = colour is None
        if colour is None:
            colour = most_held(hand)
            left = colours[colour]
            wild_left = wilds > 1
            same = ranks.count(rank) - 1
            fits_left = left + same
            value = -HOLD_WILD[c] if coloured else 0.0
            if rank == "W4":
                value += urgent + 4.0
        else:
            left = colours[colour] - 1
            wild_left = wilds > 0
            same = ranks.count(rank) - 1
            fits_left = left + same - hand.count(c) + 1
            value = 0.0
            if rank == "S" or (rank == "R" and n == 2):
                value = EXTRA_TURN if n == 2 else urgent - saving
            elif rank == "R":
                behind = len(sim.hands[(seat - sim.direction) % n])
                value = urgent - (URGENT[behind] if behind < 5 else 0.0) - saving
            elif rank == "D":
                value = urgent + 2.0 - saving
            if multi and same and rank in MULTI_RANKS:
                set_value = _set_value(sim, seat, hand, colours, rank, same + 1, urgent, saving)
                if set_value > top:
                    best, top, best_set = c, set_value, True
        if wild_left:
            can_play = 1.0
        else:
            held = held_all - (left == 0 and not is_wild)  # the colours held once the card has gone
            can_play = keeps * (left > 0 or same > 0) + (1 - keeps) * held / 4
        value += CARD + COVER * can_play + FOLLOW * (fits_left if fits_left < 4 else 4)
        if value > top:
            best, top, best_set = c, value, False
    if best_set:
        _play_set(sim, seat, hand, best)
    else:
        sim.play(seat, [best], most_held([c for c in hand if c != best]) if COLOR[best] is None else None)


def _set_value(
    sim: Sim, seat: int, hand: list[str], colours: dict[str | None, int], rank: str, k: int, urgent: float,
    saving: float,
) -> float:
    """The value of playing all ``k`` cards of ``rank`` at once (まとめ出し), the colour held most left last."""
    rest = dict(colours)
    for c in hand:
        if RANK[c] == rank:
            rest[COLOR[c]] -= 1
    left = max(rest[COLOR[c]] for c in hand if RANK[c] == rank)
    n = sim.n
    value = CARD * k
    if rank == "S" or (rank == "R" and n == 2):
        skipped = (len(sim.hands[sim.next_seat(seat, i)]) for i in range(1, min(k, n - 1) + 1))
        value += EXTRA_TURN if n == 2 else sum(URGENT[m] if m < 5 else 0.0 for m in skipped) - saving
    elif rank == "R" and k % 2:
        behind = len(sim.hands[(seat - sim.direction) % n])
        value += urgent - (URGENT[behind] if behind < 5 else 0.0) - saving
    if rest[None]:
        can_play = 1.0
    else:
        keeps = KEEPS[n]
        held = (rest["r"] > 0) + (rest["y"] > 0) + (rest["g"] > 0) + (rest["b"] > 0)
        can_play = keeps * (left > 0) + (1 - keeps) * held / 4
    return value + COVER * can_play + FOLLOW * (left if left < 4 else 4)


def _challenges(cards: int, total: int) -> bool:
    """The normal player's challenge without evidence (``Turn.challenge_value``): the odds that a player with
    ``cards`` cards held the colour, against what a failed challenge costs."""
    held = 1 - (1 - COLOUR_ODDS) ** cards
    if total <= 4:
        held *= 1 - HONEST_SHARE
    success = 0.8 * CARD + 4 * OPPONENT_CARD
    failure = -CARD * (total + 2) - ACCEPT_TURN_LOST
    return held * success + (1 - held) * failure > -CARD * total - ACCEPT_TURN_LOST


def _play_set(sim: Sim, seat: int, hand: list[str], card: str, multi: bool = True) -> None:
    """Play ``card`` — with every alike card under まとめ出し, the colour held most in the rest last, a playable
    card first — naming the colour held most for a wild."""
    cards = [card]
    rank = RANK[card]
    if multi and rank in MULTI_RANKS:
        alike = [c for c in hand if RANK[c] == rank]
        if len(alike) > 1:
            rest = [c for c in hand if RANK[c] != rank]
            counts = {colour: 0 for colour in COLOURS} | {None: 0}
            for c in rest:
                counts[COLOR[c]] += 1
            alike.sort(key=lambda c: counts[COLOR[c]])
            fits = PLAYS_ON[sim.color][sim.top]
            if alike[0] not in fits:
                alike.remove(card)
                alike.insert(0, card)
            cards = alike
    colour = None
    if COLOR[cards[-1]] is None:
        rest = list(hand)
        for c in cards:
            rest.remove(c)
        colour = most_held(rest)
    sim.play(seat, cards, colour)


def playout(sim: Sim, cap: int = PLAYOUT_CAP) -> None:
    while sim.phase != OVER and sim.steps < cap:
        quick_step(sim)


def root_move(sim: Sim, seat: int, move: Move) -> None:
    if sim.make(seat, move):
        quick_step(sim)


def score(sim: Sim, seat: int) -> float:
    """A win (a game cut off at the cap: holding the fewest cards) plus ``MARGIN`` times the card lead over the
    closest other seat, in tenths of a hand up to ±1: a tie-breaker that makes the comparison less noisy."""
    mine = len(sim.hands[seat])
    closest = min(len(h) for i, h in enumerate(sim.hands) if i != seat)
    lead = max(-1.0, min(1.0, (closest - mine) / 10))
    if sim.phase == OVER:
        return (1.0 if sim.winner == seat else 0.0) + MARGIN * lead
    return (1.0 if mine < closest else 0.0) + MARGIN * lead


class HardColorMatchCpu(ColorMatchCpu):
    """The Color Match CPU at ``hard``: the ``normal`` player, with its turn moves checked by search."""

    def __init__(self, budget: Budget = BUDGET, confidence: float = CONFIDENCE) -> None:
        self.level = "hard"
        self.style = STYLES["normal"]
        self.budget = budget
        self.confidence = confidence

    def __repr__(self) -> str:
        return "HardColorMatchCpu()"

    def pick_turn_move(self, turn: Turn, moves: list[Move], rng: random.Random) -> Move | None:
        if len(moves) < 2 or turn.view.get("phase") == "color":
            return super().pick_turn_move(turn, moves, rng)
        values = [turn.value(m) for m in moves]
        order = sorted(range(len(moves)), key=lambda i: -values[i])
        if values[order[0]] >= WIN:  # a winning play
            return moves[order[0]]
        # Every move is a candidate: sequential halving drops the weak ones after a few deals (bench, same seeds:
        # 29.3% in `house` where the best six gave 27.3%; no change in `basic`).
        candidates = [moves[i] for i in order]
        view = turn.view
        guilt = turn.colour_was_held() if view.get("challenge") is not None else None
        know = Knowledge(view, guilt)
        seat = view["seat"]

        def run(table: Sim, move: Move) -> tuple[float, int]:
            sim = table.copy()
            root_move(sim, seat, move)
            playout(sim)
            return score(sim, seat), sim.steps

        best = search(candidates, lambda: know.deal(rng), run, self.budget, self.confidence)
        return candidates[best]

    def choose(self, view: Mapping[str, Any], rng: random.Random) -> Move | None:
        if {"type": "declare"} in (view.get("legal") or []) and not view.get("result"):
            return {"type": "declare"}
        return super().choose(view, rng)
