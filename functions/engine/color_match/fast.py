"""A scratch table for the CPU's look-ahead: the rules of ``turn`` on plain mutable lists, for playing thousands of
imagined games per decision.

A ``Sim`` is not a ``State``: it is changed in place, keeps no events, history or deadlines, and checks nothing
(its caller only makes moves it read off ``playable``). It plays every option of the rules — まとめ出し,
stacking, challenges, no finishing on an action card — with two simplifications that a look-ahead can live
with: every player makes the last-card call in time (the CPUs and most people do), and a reshuffle's order
comes from the sim's own ``seed`` rather than the game's. The public engine (``apply``) stays the only judge
of a real move.

>>> from functions.engine.color_match.options import Rules
>>> sim = Sim(Rules({}), [["r5", "b2"], ["g7", "y1"]], pile=["b9", "y3"], below=[], top="r7", color="r")
>>> sim.playable(0)
['r5']
>>> sim.play(0, ["r5"], None); sim.turn, sim.top, sim.hands[0]
(1, 'r5', ['b2'])
>>> sim.playable(1), sim.draw(1), sim.turn, sim.hands[1]
([], False, 0, ['g7', 'y1', 'y3'])
"""

from __future__ import annotations

import random
from typing import Any

from .cards import COLOR, IS_ACTION, PLAYS_ON, RANK, STACKS_ON
from .options import GUILTY_DRAWS_WHOLE_CHAIN, Rules

PLAY, DRAWN, PENALTY, OVER = "play", "drawn", "penalty", "over"


class Sim:
    """One imagined table, changed in place by its moves.

    Fields as in ``State`` (``hands``, ``color``, ``direction``, ``turn``, ``phase``, ``drawn``), with the discard
    pile split into ``top`` and the cards ``below`` it, the draw pile drawn from its *end* (``pile.pop()``), and
    a pending penalty as ``pending`` (cards, 0 when none) with its ``pending_by`` and, while it may be
    challenged, ``guilty`` (None otherwise).

    With ``streams``, the draw pile is dealt round-robin into one stream per seat, and each seat draws from its
    own (from the longest one once its own is empty; a reshuffle deals the cards below into the streams again).
    The cards a seat draws then do not depend on how many the others drew: two imagined games that differ
    in who draws — a Draw Two played or not — still deal each seat the same cards (common random numbers
    for the search). The pile as one list is ``pile`` without streams; with them, ``pile`` stays empty.
    """

    __slots__ = (
        "rules", "n", "hands", "pile", "below", "top", "color", "direction", "turn", "phase", "drawn",
        "pending", "pending_by", "guilty", "winner", "stuck", "seed", "reshuffles", "steps", "streams",
    )  # fmt: skip

    def __init__(
        self,
        rules: Rules,
        hands: list[list[str]],
        *,
        pile: list[str],
        below: list[str],
        top: str,
        color: str,
        direction: int = 1,
        turn: int = 0,
        phase: str = PLAY,
        drawn: str | None = None,
        pending: int = 0,
        pending_by: int = -1,
        guilty: bool | None = None,
        seed: int = 0,
        streams: bool = False,
    ) -> None:
        self.rules = rules
        self.n = len(hands)
        self.hands = hands
        self.pile, self.below, self.top, self.color = pile, below, top, color
        self.direction, self.turn, self.phase, self.drawn = direction, turn, phase, drawn
        self.pending, self.pending_by, self.guilty = pending, pending_by, guilty
        self.winner: int | None = None
        self.stuck = 0
        self.seed, self.reshuffles, self.steps = seed, 0, 0
        self.streams: list[list[str]] | None = None
        if streams:
            self.streams = [pile[i :: self.n] for i in range(self.n)]
            self.pile = []

    def copy(self) -> Sim:
        """An independent copy (the lists copied, the rules shared)."""
        s = object.__new__(Sim)
        s.rules, s.n = self.rules, self.n
        s.hands = [list(h) for h in self.hands]
        s.pile, s.below = list(self.pile), list(self.below)
        s.top, s.color, s.direction, s.turn = self.top, self.color, self.direction, self.turn
        s.phase, s.drawn, s.pending, s.pending_by = self.phase, self.drawn, self.pending, self.pending_by
        s.guilty, s.winner, s.stuck = self.guilty, self.winner, self.stuck
        s.seed, s.reshuffles, s.steps = self.seed, self.reshuffles, self.steps
        s.streams = None if self.streams is None else [list(stream) for stream in self.streams]
        return s

    # --- what may be played -----------------------------------------------------------------------------------

    def playable(self, seat: int) -> list[str]:
        """The cards ``seat`` (in turn) may play now, one entry per card held (a まとめ出し set starts with one)."""
        phase = self.phase
        if phase == PLAY:
            fits = PLAYS_ON[self.color][self.top]
            return [c for c in self.hands[seat] if c in fits]
        if phase == DRAWN:
            return [self.drawn] if self.drawn in PLAYS_ON[self.color][self.top] else []
        if phase == PENALTY and self.rules.stacking:
            fits = STACKS_ON[self.color][self.top]
            return [c for c in self.hands[seat] if c in fits]
        return []

    def next_seat(self, seat: int, steps: int = 1) -> int:
        return (seat + steps * self.direction) % self.n

    # --- moves (only legal ones: nothing is checked) ------------------------------------------------------------

    def play(self, seat: int, cards: list[str], color: str | None) -> None:
        """``seat`` plays ``cards`` (the first one playable, the rest alike), naming ``color`` for a wild."""
        self.steps += 1
        self.stuck = 0
        hand = self.hands[seat]
        before_has = None
        last = cards[-1]
        if last == "W4" and self.rules.challenge:
            previous = self.color
            before_has = any(COLOR[c] == previous for c in hand)
        for c in cards:
            hand.remove(c)
        self.below.append(self.top)
        if len(cards) > 1:
            self.below.extend(cards[:-1])
        self.top = last
        previous_color = self.color
        self.color = color or COLOR[last] or previous_color
        self.drawn = None
        if not hand:
            if not (self.rules.no_action_finish and IS_ACTION[last]):
                self.phase, self.winner = OVER, seat
                return
            self._take(seat, 1)
        rank = RANK[last]
        n = self.n
        if rank == "S" or (rank == "R" and n == 2):
            if rank == "R" and len(cards) % 2:
                self.direction = -self.direction
            skips = min(len(cards), n - 1)
            self.turn, self.phase = self.next_seat(seat, skips + 1), PLAY
        elif rank == "R":
            if len(cards) % 2:
                self.direction = -self.direction
            self.turn, self.phase = self.next_seat(seat), PLAY
        elif rank == "D":
            self._strike(seat, 2, None)
        elif rank == "W4":
            self._strike(seat, 4, before_has)
        else:
            self.turn, self.phase = self.next_seat(seat), PLAY

    def _strike(self, seat: int, cards: int, guilty: bool | None) -> None:
        victim = self.next_seat(seat)
        total = cards + self.pending
        can_stack = self.rules.stacking and not STACKS_ON[self.color][self.top].isdisjoint(self.hands[victim])
        if can_stack or guilty is not None:
            self.turn, self.phase, self.pending, self.pending_by, self.guilty = victim, PENALTY, total, seat, guilty
        else:
            self.pending, self.guilty = 0, None
            self._take(victim, total)
            self.turn, self.phase = self.next_seat(victim), PLAY

    def accept(self, seat: int) -> None:
        self.steps += 1
        total = self.pending
        self.pending, self.guilty = 0, None
        self._take(seat, total)
        self.turn, self.phase = self.next_seat(seat), PLAY

    def challenge(self, seat: int) -> None:
        self.steps += 1
        total, guilty = self.pending, self.guilty
        self.pending, self.guilty = 0, None
        if guilty:
            self._take(self.pending_by, total if GUILTY_DRAWS_WHOLE_CHAIN else 4)
            self.phase = PLAY
        else:
            self._take(seat, total + 2)
            self.turn, self.phase = self.next_seat(seat), PLAY

    def draw(self, seat: int) -> bool:
        """Draw one (A5/B2). True when the card drawn may be played (phase DRAWN: ``play`` it or ``keep``)."""
        self.steps += 1
        fits = PLAYS_ON[self.color][self.top]
        got = self._take(seat, 1)
        if not got:
            could_play = not fits.isdisjoint(self.hands[seat])
            self.stuck = 0 if could_play else self.stuck + 1
            if self.stuck >= self.n:
                self.phase, self.winner = OVER, None
            else:
                self.turn = self.next_seat(seat)
            return False
        self.stuck = 0
        if got in fits:
            self.phase, self.drawn = DRAWN, got
            return True
        self.turn = self.next_seat(seat)
        return False

    def make(self, seat: int, move: dict[str, Any]) -> bool:
        """One of the engine's legal moves (its dict) on this table. True when it was a draw whose card may be
        played (phase DRAWN: the seat decides again)."""
        kind = move["type"]
        if kind == "play":
            self.play(seat, list(move["cards"]), move.get("color"))
        elif kind == "draw":
            return self.draw(seat)
        elif kind == "pass":
            self.keep(seat)
        elif kind == "accept":
            self.accept(seat)
        elif kind == "challenge":
            self.challenge(seat)
        else:
            raise ValueError(kind)
        return False

    def keep(self, seat: int) -> None:
        """Keep the card just drawn (the ``pass`` move)."""
        self.steps += 1
        self.turn, self.phase, self.drawn = self.next_seat(seat), PLAY, None

    def _take(self, seat: int, count: int) -> str | None:
        """``seat`` draws ``count`` cards, reshuffling when the pile runs out; the last card drawn (None: none)."""
        if self.streams is not None:
            return self._take_streamed(seat, count)
        pile, hand = self.pile, self.hands[seat]
        got = None
        for _ in range(count):
            if not pile:
                if not self.below:
                    break
                pile.extend(self.below)
                self.below.clear()
                random.Random(self.seed * 1009 + self.reshuffles).shuffle(pile)
                self.reshuffles += 1
            got = pile.pop()
            hand.append(got)
        return got

    def _take_streamed(self, seat: int, count: int) -> str | None:
        """``_take`` from the seat's own stream, the longest one once it is empty, the cards below reshuffled
        into the streams once all are."""
        streams, hand = self.streams, self.hands[seat]
        assert streams is not None
        got = None
        for _ in range(count):
            stream = streams[seat] or max(streams, key=len)
            if not stream:
                if not self.below:
                    break
                cards = self.below
                self.below = []
                random.Random(self.seed * 1009 + self.reshuffles).shuffle(cards)
                self.reshuffles += 1
                for i in range(self.n):
                    streams[i] = cards[i :: self.n]
                stream = streams[seat] or max(streams, key=len)
            got = stream.pop()
            hand.append(got)
        return got
