"""The 大富豪 CPU: a decent club player's judgement, from the seat's view alone.

The view shows the CPU its own hand, every seat's card count, title and pass, the field and the cards played
face up this round, the order in force (革命, 11バック), the lock, the options, its own part of the exchange and
its legal moves. It never sees another hand: the cards it has not seen (the deck less its hand and the cards
played) are what the opponents may hold.

How the ``normal`` player thinks. A hand is worth what it will take to empty it (``hand_value``): it splits
into groups (the naturals of each rank, each joker alone), every group is one more play to make (``-1``), and
a group that wins its trick when played is a *control* — it takes the lead back, so one weak group can be led
after it (``CONTROL`` times the chance it wins). Every move is valued as the hand it leaves, plus the lead it
may win now:

- **Play low, shed groups whole.** Removing a weak group gains a whole play; splitting a pair or a triple gains
  nothing, so a follower plays the lowest group that fits whole, and a leader leads its weakest group, the
  larger the better (``SHED`` per card shed).
- **Keep 2s and jokers for control.** Spending a control costs ``CONTROL`` and wins only ``LEAD``, so while the
  trick does not matter the CPU passes to save strength; it spends one when an opponent is close to going out
  (``THREAT``), or at the end, when the hand it leaves can be played out.
- **8切り at the right moment.** An 8 always wins its trick but can only follow low fields, so it is a cheaper
  control (``EIGHT_CONTROL``): it is played as soon as it can cut a trick while weak groups wait to be led.
- **革命 when it helps.** A revolution is valued by the hand it leaves in the *new* order: with many low cards
  it turns them into controls and is played; with 2s and aces it would ruin them and is kept (or played only
  as a set that ends the trick).
- **No forbidden finish.** With 反則上がり, a hand whose every group is forbidden to finish on is worth
  ``FOUL_RISK`` less, so the CPU plays its jokers, 2s and 8s before its last card; it finishes on a forbidden
  play only when it must lead and has nothing else.
- **Give the weakest in the exchange.** The cards given are those whose loss leaves the best hand: weak
  loose cards, never a control.

The ``easy`` player values moves the same way without counting cards (every higher rank is a threat), without
minding opponents close to going out, and with a blur on every value (``EASY_NOISE``). Every move either level
makes is one of ``view["legal"]``; a level it has no style for plays as ``normal`` (``hard`` is ``hard.py``'s
search player, built on this one).

>>> import random
>>> from functions.engine.daifugo.rules import options
>>> view = {"seat": 0, "hand": ["s3", "h3", "d9", "s2"], "options": options("basic"),
...         "players": [{"seat": 0, "cards": 4}, {"seat": 1, "cards": 9}], "field": None, "played": [],
...         "revolution": False, "reversed": False, "result": None, "phase": "play",
...         "legal": [{"type": "play", "cards": ["s3"]}, {"type": "play", "cards": ["h3"]},
...                   {"type": "play", "cards": ["d9"]}, {"type": "play", "cards": ["s2"]},
...                   {"type": "play", "cards": ["s3", "h3"]}]}
>>> DaifugoCpu().choose(view, random.Random(0))
{'type': 'play', 'cards': ['s3', 'h3']}
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...daifugo.cards import CARD, EIGHT, FIRST_JOKER, JACK, JOKER_RANK, RANK_OF, SPADE_THREE, TOP_RANK, strength
from ...daifugo.cards import rank as rank_of
from ...daifugo.plays import Play, is_forbidden_finish, is_revolution, read_play
from ..base import DEFAULT_LEVEL, Player, best, check_level, open_moves

Move = dict[str, Any]

# Values are in plays: a group still to play costs 1. Tuned on the benchmark against the lowest-play player
# (`python -m bench cpu_daifugo`): the win rate is flat for CONTROL 1.0-1.4 with LEAD 0.4-0.8 and falls off
# either side (CONTROL 2.2, which keeps 2s too long: 4 players, basic, 36% against 57%).
CONTROL = 1.2  # a group sure to win its trick: a little more than the play it costs
EIGHT_CONTROL = 1.0  # an 8 (8切り) wins surely but follows only low fields: spent more readily (0.7: -3 points)
LEAD = 0.8  # winning the lead now: one weak group can be led instead of waiting for a chance
LEAD_NOTHING_WEAK = 0.4  # the lead is worth less when every group left wins its own trick anyway
THREAT = 1.5  # extra worth of the lead while an opponent holds at most THREAT_CARDS cards
THREAT_CARDS = 2
# Spending a card of the top rank (a 2; a 3 in revolution) while more than SAVE_HAND cards are left, beyond the
# hand it leaves: the CPU follows with anything lower first (0 → 0.6: +4 points of win rate; 1.0: -5).
SAVE = 0.6
SAVE_JOKER = 1.5  # a joker then: kept, passing rather than spent early (the same win rate as 0.6 and 1.0)
SAVE_HAND = 5
SHED = 0.1  # each card shed (a pair led rather than a single, of two equally weak groups)
WIN = 100.0  # going out
FOUL = -50.0  # going out on a forbidden play: the lowest place
FOUL_RISK = 3.0  # a hand that can only finish on a forbidden play
WEAK = 0.5  # a group less likely than this to win its trick is weak
# The chance that one unseen card (singles) or one rank able to make the set (pairs and more) beats us.
BEATEN_BY_ONE = {1: 0.2, 2: 0.4}
BEATEN_BY_ONE_LARGER = 0.5
SPADE3_RISK = 0.2  # a lone joker meets the ♠3 return
SEQUENCE_BEATEN = 0.4  # a sequence with room above it (below in revolution) for another as long
EASY_NOISE = 0.3  # about a third of the gap between shedding a weak group and passing
# The ways to play the cards of one rank: whole, or split into smaller sets.
SPLITS = {
    1: ((1,),),
    2: ((2,), (1, 1)),
    3: ((3,), (2, 1), (1, 1, 1)),
    4: ((4,), (3, 1), (2, 2), (2, 1, 1), (1, 1, 1, 1)),
}


@dataclass(frozen=True)
class Style:
    counts_cards: bool  # reads the cards played to judge what can still beat a group
    minds_threats: bool  # spends controls to stop an opponent about to go out
    noise: float


STYLES = {
    "normal": Style(counts_cards=True, minds_threats=True, noise=0.0),
    "easy": Style(counts_cards=False, minds_threats=False, noise=EASY_NOISE),
}


class DaifugoCpu(Player):
    """A 大富豪 CPU player at one level; ``choose(view, rng)`` is the contract's."""

    game_id = "daifugo"

    def __init__(self, level: str = DEFAULT_LEVEL) -> None:
        self.level = check_level(level)
        self.style = STYLES.get(level, STYLES["normal"])

    def choose(self, view: Mapping[str, Any], rng: random.Random) -> Move | None:
        """One of ``view["legal"]``, or ``None`` when the seat has nothing to do (not its turn, owes no cards)."""
        legal = open_moves(view)
        if not legal:
            return None
        if len(legal) == 1:
            return legal[0]  # a pass with no other choice: nothing to weigh
        table = Table(view, self.style)
        return best(legal, table.value, rng, self.style.noise)


class Table:
    """One decision's reading of the view: the hand as ids, the unseen cards, and the value of each move."""

    def __init__(self, view: Mapping[str, Any], style: Style) -> None:
        self.style = style
        self.options: Mapping[str, Any] = view.get("options") or {}
        self.hand = sorted(CARD[c] for c in view.get("hand") or [])
        self.seat = view.get("seat")
        self.base_reversed = bool(view.get("revolution"))  # the order once this trick's 11バック is over
        self.trick_reversed = bool(view.get("reversed"))
        self.eleven_back = self.trick_reversed != self.base_reversed
        field = view.get("field")
        self.field_holds_joker_alone = field is not None and field["cards"] in (["X1"], ["X2"])
        seen = self.hand + [CARD[c] for c in view.get("played") or []]
        self.unseen = [4] * (TOP_RANK + 1)
        jokers_seen = 0
        for card in seen:
            if card >= FIRST_JOKER:
                jokers_seen += 1
            else:
                self.unseen[card >> 2] = max(0, self.unseen[card >> 2] - 1)
        self.unseen_jokers = max(0, int(self.options.get("jokers", 1)) - jokers_seen)
        self.spade3_unseen = bool(self.options.get("spade3")) and SPADE_THREE not in seen
        others = [p for p in view.get("players") or [] if p.get("seat") != self.seat and p["cards"]]
        self.threatened = style.minds_threats and any(p["cards"] <= THREAT_CARDS for p in others)
        # Who can still answer a play now: opponents holding cards who have not passed on this field. Their
        # share of the opponents' cards is their share of the unseen cards that could beat it.
        held = sum(p["cards"] for p in others)
        answering = sum(p["cards"] for p in others if not p.get("passed"))
        self.answer_share = answering / held if held and style.counts_cards else 1.0
        self._splits: dict[tuple[int, int, bool], list[tuple[int, float]]] = {}
        self.now = self.hand_value(self.hand, self.base_reversed)

    # --- moves ---------------------------------------------------------------------------------------------------

    def value(self, move: Move) -> float:
        if move["type"] == "give":
            return self.hand_value(_without(self.hand, move["cards"]), False)
        if move["type"] == "pass":
            return self.now
        return self.play_value(move)

    def play_value(self, move: Move) -> float:
        cards = [CARD[c] for c in move["cards"]]
        seq = move.get("seq")
        play = read_play(0, cards, None if seq is None else RANK_OF[seq], sequences=True)
        after = _without(self.hand, move["cards"])
        revolution = is_revolution(play, self.options)
        base_after = self.base_reversed != revolution
        if not after:
            forbidden = self.options.get("forbidden_finish") and is_forbidden_finish(play, self.trick_reversed, self.options)
            return FOUL if forbidden else WIN
        eleven_after = self.eleven_back != (bool(self.options.get("eleven_back")) and play.holds_rank(JACK))
        clears = (self.options.get("eight_cut") and play.holds_rank(EIGHT)) or (
            self.options.get("spade3") and self.field_holds_joker_alone and cards == [SPADE_THREE]
        )
        wins = 1.0 if clears else self.wins_trick(play, base_after != eleven_after, self.answer_share)
        value = self.hand_value(after, base_after) + self.lead_worth(after, base_after) * wins
        if len(after) > SAVE_HAND and not self.threatened:
            value -= self._saved(cards)
        return value + SHED * len(cards)

    def _saved(self, cards: list[int]) -> float:
        """What spending these cards early costs beyond the hand they leave: the top rank and the jokers."""
        top = 0 if self.base_reversed else TOP_RANK
        if any(c >= FIRST_JOKER for c in cards):
            return SAVE_JOKER
        return SAVE if any(c >> 2 == top for c in cards) else 0.0

    def lead_worth(self, hand: list[int], reversed_: bool) -> float:
        groups = self.groups(hand, reversed_)
        worth = LEAD if any(p < WEAK for _, p in groups) else LEAD_NOTHING_WEAK
        return worth + (THREAT if self.threatened else 0.0)

    # --- hands -----------------------------------------------------------------------------------------------------

    def hand_value(self, hand: list[int], reversed_: bool) -> float:
        """The worth of a hand: -1 per group still to play, plus the control of each group that wins its trick."""
        if not hand:
            return WIN
        value = sum(self.group_value(rank, p) for rank, p in self.groups(hand, reversed_))
        if self.options.get("forbidden_finish") and all(self._forbidden_card(c, reversed_) for c in hand):
            value -= FOUL_RISK
        return value

    def group_value(self, rank: int, wins: float) -> float:
        control = EIGHT_CONTROL if rank == EIGHT and self.options.get("eight_cut") else CONTROL
        return -1.0 + control * wins

    def groups(self, hand: list[int], reversed_: bool) -> list[tuple[int, float]]:
        """(rank, chance to win its trick) of each group: each joker alone, the naturals of a rank together —
        or split, when strong cards win more tricks one by one (two 2s are two controls, not one pair)."""
        counts: dict[int, int] = {}
        for card in hand:
            rank = JOKER_RANK if card >= FIRST_JOKER else card >> 2
            counts[rank] = counts.get(rank, 0) + 1
        groups: list[tuple[int, float]] = []
        for rank, count in counts.items():
            groups += self._rank_groups(rank, count, reversed_)
        return groups

    def _rank_groups(self, rank: int, count: int, reversed_: bool) -> list[tuple[int, float]]:
        """The best way to play ``count`` cards of ``rank``, as groups (cached: every move asks again)."""
        key = (rank, count, reversed_)
        cached = self._splits.get(key)
        if cached is None:
            if rank == JOKER_RANK:
                cached = [(rank, self.set_wins(rank, 1, reversed_))] * count
            else:
                best_value = float("-inf")
                for sizes in SPLITS[min(count, 4)]:
                    split = [(rank, self.set_wins(rank, size, reversed_)) for size in sizes]
                    value = sum(self.group_value(rank, p) for _, p in split)
                    if value > best_value:
                        cached, best_value = split, value
            self._splits[key] = cached  # type: ignore[assignment]
        return cached  # type: ignore[return-value]

    def wins_trick(self, play: Any, reversed_: bool, share: float) -> float:
        """The chance ``play`` is not beaten when the players who may answer hold ``share`` of the unseen cards."""
        if play.kind == "set":
            return self.set_wins(play.low, play.size, reversed_, share)
        room = play.low if reversed_ else TOP_RANK - play.high
        return 1.0 - SEQUENCE_BEATEN * share if room >= play.size else 1.0

    def set_wins(self, rank: int, size: int, reversed_: bool, share: float = 1.0) -> float:
        """The chance a set of ``size`` cards of ``rank`` is not beaten, from the cards not seen."""
        if rank == EIGHT and self.options.get("eight_cut"):
            return 1.0
        if rank == JOKER_RANK:
            return 1.0 - SPADE3_RISK * share if size == 1 and self.spade3_unseen else 1.0
        mine = strength(rank, reversed_)
        threats = 0
        for other in range(TOP_RANK + 1):
            if strength(other, reversed_) <= mine:
                continue
            unseen = self.unseen[other] if self.style.counts_cards else 4
            if size == 1:
                threats += unseen
            elif unseen + self.unseen_jokers >= size:
                threats += 1
        if size == 1:
            threats += self.unseen_jokers if self.style.counts_cards else 1
        beaten = BEATEN_BY_ONE.get(size, BEATEN_BY_ONE_LARGER) * share
        return (1.0 - beaten) ** threats

    def _forbidden_card(self, card: int, reversed_: bool) -> bool:
        """Whether finishing on this card alone would be a forbidden finish (反則上がり)."""
        return is_forbidden_finish(Play(0, (card,), rank_of(card)), reversed_, self.options)


def _without(hand: list[int], codes: Sequence[str]) -> list[int]:
    rest = list(hand)
    for code in codes:
        rest.remove(CARD[code])
    return rest
