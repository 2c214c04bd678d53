"""The Color Match CPU's reading of a view and its value of each move, shared by every level.

The view shows the CPU its own hand, every seat's card count and last-card flags, the top card, the colour in
effect, the direction, whose turn it is and who is next, a pending penalty and who caused it, and its own
legal moves — what a player's phone shows. It never sees another hand or the draw pile.

Every turn move gets a value in *card units* (``CARD`` = one card out of our hand) and the best legal one is
played. The reasoning of each heuristic, most of it the seed page's tips (コツ):

- **Shed cards.** A play is worth ``CARD`` per card it sheds, so with まとめ出し (``multi_play``) the CPU
  plays the largest set that helps. Emptying the hand wins and beats everything — unless the option
  ``no_action_finish`` forbids finishing on that card.
- **Keep a way to play next turn.** After a play, each card left that would fit the new top (same colour,
  same number or symbol) is worth ``FOLLOW``; this is also how a wild **names the colour held most**.
- **Hold wilds back while other cards fit** (「出せる札が無くなったときの切り札に取っておく」): a wild costs
  ``HOLD_WILD`` when a coloured card could be played instead. When nothing else fits, it is played; a wild
  just drawn is kept while the hand is large and the next player is no threat.
- **Hit the next player when they are low** (「次の人の残りが少ないときは、スキップやドロー 2 で番を飛ばす」):
  skipping a player or making them draw is worth ``URGENCY[cards they hold]`` plus ``OPPONENT_CARD`` per card
  they draw; a reverse is worth the urgency of the player it spares us from minus that of the one it sends the
  turn to. Action cards are otherwise kept for that moment (``SAVE_ACTION``) while the hand is large.
- **A penalty is passed on rather than taken** (``stacking``): a Draw Two before a Wild Draw Four.
- **Challenge when the evidence says the colour was held** (docs/rules.md CM 8): the Wild Draw Four is guilty when its player
  held the colour it covered (``view.color_before``). Without other evidence the chance grows with the cards
  they hold (each card is of that colour with odds ``COLOUR_ODDS``); a player stacking it onto a chain is not
  choosing a bluff, a player playing it freely often is honest (``HONEST_SHARE``). The table's recent history
  (``view.recent``) says more, as a player at the table remembers it (``Evidence``): a player who *chose*
  that colour not long ago (named it with a wild, or switched to it) held it (``SHOWN_HELD``); one who drew
  on it lacked it, and holds it now only if one of the cards drawn since is of it. The CPU challenges when
  the expected cards saved beat the +2 risk.
- **Leave the next player a colour they lack** (「相手が持っていない色に変える」): a player who just drew on a
  colour had none of it; one who chose a colour holds it. A play is worth ``COLOUR_READ`` times how much less
  likely than usual the seat playing after us holds the colour the play leaves.
- **Declare the last card** before the play that leaves one card (or right after it), and **call out** any
  other seat's missed call (指摘する) as soon as the view offers it.
- **No way to finish on an action card** (``no_action_finish``): keep a number card for last.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

Move = dict[str, Any]

COLOURS = ("r", "y", "g", "b")
NUMBERS = frozenset("0123456789")
WILDS = frozenset(("W", "W4"))

CARD = 10.0  # one card out of our hand: the unit of every value below
WIN = 1000 * CARD
COVER = CARD  # being sure to play next turn (a card shed then)
COLOUR_KEEPS = 0.7  # the odds that one other player's turn leaves the colour as it was
FOLLOW = 1.5  # per card left that fits the new top (capped at FOLLOW_CAP cards)
FOLLOW_CAP = 4
# A wild thrown while a coloured card fits. The Wild Draw Four is kept hardest: it is also the best answer
# to a player about to go out (bench: holding wilds is worth +7 points of win rate against first-legal).
HOLD_WILD = {"W": 14.0, "W4": 30.0}
SAVE_ACTION = 2.5  # a Skip / Draw Two / Reverse spent on a player who is no threat, while our hand is large
LARGE_HAND = 3
# How much it is worth to stop a player with this many cards from playing once (one card: about to win).
URGENCY = {1: 30.0, 2: 18.0, 3: 8.0, 4: 4.0}
# Each card an opponent draws: far less than one of ours, as the other opponents race on (bench: weighing it
# more made the CPU spend Draw Twos early and lose about 3 points of win rate).
OPPONENT_CARD = 1.0
EXTRA_TURN = 6.0  # two players: a Skip or Reverse gives us the next turn too
NO_NUMBER_LEFT = 8.0  # no_action_finish: only action cards left means we cannot finish on them
# A wild just drawn is the trump card for later while the hand is large (bench: +1 point of win rate).
KEEP_DRAWN_WILD = 5 * CARD
ACCEPT_TURN_LOST = 0.5 * CARD  # taking a penalty also loses the turn
COLOUR_ODDS = 25 / 108  # a random card is of a given colour
# The share of freely played Wild Draw Fours assumed honest by choice (kept for when the colour is lacking, as
# the rule asks) rather than thrown at will; the rest are honest only by chance.
HONEST_SHARE = 0.5
# The chance a player still holds a colour they chose (named with a wild, or switched to) since the last time
# they were seen lacking it: players choose the colour they hold most.
SHOWN_HELD = 0.9
# What leaving the next player a colour they are seen to lack is worth, per unit of "less likely than usual to
# hold it" (bench: 6 against first-legal; the effect is small, as such evidence is rare and soon stale).
COLOUR_READ = 6.0


@dataclass(frozen=True)
class Style:
    """How a level plays: the same values, with a beginner's lapses."""

    noise: float  # standard deviation of the blur on move values
    forget_call: float  # chance of missing its own last-card call at each chance to make it
    miss_callout: float  # chance of overlooking another seat's missed call at each chance
    wild_restraint: float  # how much of HOLD_WILD it feels (1: keeps wilds while a coloured card fits)
    reads_challenges: bool  # weighs the odds of a challenge (else: a fixed hunch)


STYLES = {
    "normal": Style(noise=0.0, forget_call=0.0, miss_callout=0.0, wild_restraint=1.0, reads_challenges=True),
    "easy": Style(noise=5.0, forget_call=0.3, miss_callout=0.5, wild_restraint=0.5, reads_challenges=False),
}
HUNCH = 0.4  # the easy player's belief that a Wild Draw Four was a bluff


def colour_of(card: str) -> str | None:
    """``"r"`` for ``"r7"``; ``None`` for a wild."""
    return None if card in WILDS else card[0]


def rank_of(card: str) -> str:
    """``"7"`` for ``"r7"``, ``"S"`` / ``"R"`` / ``"D"`` for actions, the code itself for a wild."""
    return card if card in WILDS else card[1:]


def colour_count(hand: Sequence[str], colour: str) -> int:
    """How many cards of ``colour`` the hand holds.

    >>> colour_count(["r1", "rS", "b2", "W"], "r")
    2
    """
    return sum(1 for card in hand if colour_of(card) == colour)


class Turn:
    """One decision's reading of the view, and the value of each turn move in it."""

    def __init__(self, view: Mapping[str, Any], style: Style) -> None:
        self.view = view
        self.style = style
        self.seat: int = view["seat"]
        self.hand: list[str] = list(view.get("hand") or [])
        self.cards = {p["seat"]: p["cards"] for p in view["players"]}
        self.declared = {p["seat"]: p.get("declared", False) for p in view["players"]}
        self.n = len(self.cards)
        self.direction: int = view.get("direction", 1)
        self.options: Mapping[str, Any] = view.get("options") or {}
        self.pending: Mapping[str, Any] | None = view.get("pending")
        self.evidence = Evidence(view.get("recent") or [])
        legal = view.get("legal") or []
        self.coloured_play_exists = any(
            m["type"] == "play" and not any(c in WILDS for c in m["cards"]) for m in legal
        )

    # --- the values ------------------------------------------------------------------------------------------

    def value(self, move: Move) -> float:
        kind = move["type"]
        if kind == "play":
            return self.play_value(move)
        if kind == "challenge":
            return self.challenge_value()
        if kind == "accept":
            return -CARD * self.pending_draw() - ACCEPT_TURN_LOST
        if kind == "pass":
            return KEEP_DRAWN_WILD if self._keeps_drawn_wild() else -0.2 * CARD
        return -CARD  # a voluntary draw: one more card, and none shed

    def play_value(self, move: Move) -> float:
        cards: list[str] = move["cards"]
        last = cards[-1]
        rest = list(self.hand)
        for card in cards:
            rest.remove(card)
        finishing_blocked = bool(self.options.get("no_action_finish")) and rank_of(last) not in NUMBERS
        if not rest and not finishing_blocked:
            return WIN
        value = CARD * len(cards) + self._follow_value(rest, move.get("color") or colour_of(last), last)
        if any(card in WILDS for card in cards) and self.coloured_play_exists:
            value -= self.style.wild_restraint * max(HOLD_WILD[card] for card in cards if card in WILDS)
        value += self._effect_value(last, len(cards), bool(rest))
        value += self._colour_read_value(move.get("color") or colour_of(last), last, len(cards))
        if self.options.get("no_action_finish") and not any(rank_of(c) in NUMBERS for c in rest):
            value -= NO_NUMBER_LEFT  # also covers a blocked finish: the card is replaced by a draw
        return value

    def challenge_value(self) -> float:
        """Expected value of challenging the Wild Draw Four: win the turn and 4 cards to them, or draw 2 more."""
        held = self.colour_was_held()
        total = self.pending_draw()
        success = 0.8 * CARD + 4 * OPPONENT_CARD
        failure = -CARD * (total + 2) - ACCEPT_TURN_LOST
        return held * success + (1 - held) * failure

    def colour_was_held(self) -> float:
        """The chance that the Wild Draw Four's player held the colour in effect before it (guilty).

        Each card they held (their count now: the Wild Draw Four has left their hand) is of that colour with
        odds ``COLOUR_ODDS``. Stacked onto a chain (more than 4 pending), a Wild Draw Four answers a penalty and
        says nothing about the colour; played freely, some players keep it for when they lack the colour.
        """
        if not self.style.reads_challenges:
            return HUNCH
        by = self.view.get("challenge", (self.pending or {}).get("by"))
        held_cards = self.cards.get(by, 0) if by is not None else 0
        seen = self.evidence.holds(by, self.view.get("color_before"), held_cards)
        if seen is not None:
            return seen
        by_chance = 1 - (1 - COLOUR_ODDS) ** held_cards
        return by_chance if self.pending_draw() > 4 else by_chance * (1 - HONEST_SHARE)

    def should_declare(self, move: Move | None) -> bool:
        """Whether to make the last-card call now: one card left, or the chosen play leaves exactly one."""
        if self.declared.get(self.seat):
            return False
        if len(self.hand) == 1:
            return True
        return move is not None and move["type"] == "play" and len(self.hand) - len(move["cards"]) == 1

    # --- parts of a play's value -----------------------------------------------------------------------------

    def _keeps_drawn_wild(self) -> bool:
        """A wild just drawn is kept, not played, while the hand is large and the next player no threat."""
        drawn = self.view.get("drawn")
        nxt = self._seat_after(self.seat, 1)
        return drawn in WILDS and len(self.hand) > LARGE_HAND and not self._urgency(nxt)

    def pending_draw(self) -> int:
        return int(self.pending["draw"]) if self.pending else 0

    def _follow_value(self, rest: list[str], colour: str | None, last: str) -> float:
        """Our chances of playing next turn with the cards left, and how deep our colour runs.

        By our next turn the colour we leave has survived every other player's turn with odds
        ``COLOUR_KEEPS ** (players - 1)``; otherwise it is any colour. We can play if we hold that colour or
        a wild; each further card of our colour (or of the same number or symbol) is a later turn's play.
        """
        if not rest:
            return 0.0
        has_wild = any(c in WILDS for c in rest)
        colours = {colour_of(c) for c in rest}
        keeps = COLOUR_KEEPS ** (self.n - 1)
        covered = sum(1 for c in COLOURS if has_wild or c in colours) / len(COLOURS)
        can_play = keeps * (has_wild or colour in colours or any(rank_of(c) == rank_of(last) for c in rest))
        can_play += (1 - keeps) * covered
        fits = sum(1 for c in rest if colour_of(c) == colour or rank_of(c) == rank_of(last))
        return COVER * can_play + FOLLOW * min(fits, FOLLOW_CAP)

    def _effect_value(self, last: str, count: int, cards_left: bool) -> float:
        """What the card's effect does for us: who it stops, who draws, who plays next."""
        rank = rank_of(last)
        nxt = self._seat_after(self.seat, 1)
        if rank == "R":
            if self.n == 2:
                return EXTRA_TURN if cards_left else 0.0
            if count % 2 == 0:
                return 0.0
            behind = self._seat_after(self.seat, -1)
            return self._urgency(nxt) - self._urgency(behind) - self._saving_cost(nxt)
        if rank == "S":
            if self.n == 2:
                return EXTRA_TURN if cards_left else 0.0
            skipped = [self._seat_after(self.seat, i) for i in range(1, min(count, self.n - 1) + 1)]
            return sum(self._urgency(s) for s in skipped) - self._saving_cost(nxt)
        if rank in ("D", "W4"):
            drawn = self.pending_draw() + (2 if rank == "D" else 4)
            return self._urgency(nxt) + OPPONENT_CARD * drawn - (self._saving_cost(nxt) if rank == "D" else 0.0)
        return 0.0

    def _colour_read_value(self, colour: str | None, last: str, count: int) -> float:
        """Leaving the seat that plays after us a colour it is seen to lack (or not one it is seen to hold)."""
        after = self._plays_after(rank_of(last), count)
        if after == self.seat or colour is None:
            return 0.0
        cards: int = self.cards.get(after, 0)
        seen = self.evidence.holds(after, colour, cards)
        if seen is None:
            return 0.0
        return COLOUR_READ * ((1 - (1 - COLOUR_ODDS) ** cards) - seen)

    def _plays_after(self, rank: str, count: int) -> int:
        """The seat that plays after our play of ``count`` cards of ``rank`` (two players: a Skip or Reverse
        gives us the turn again; a Draw Two / Wild Draw Four skips its victim)."""
        if rank == "R" and self.n > 2:
            return self._seat_after(self.seat, -1 if count % 2 else 1)
        if rank in ("S", "R"):
            return self._seat_after(self.seat, min(count, self.n - 1) + 1)
        if rank in ("D", "W4"):
            return self._seat_after(self.seat, 2)
        return self._seat_after(self.seat, 1)

    def _urgency(self, seat: int) -> float:
        return URGENCY.get(self.cards.get(seat, 99), 0.0)

    def _saving_cost(self, target: int) -> float:
        """Spending an action card on a player who is no threat, while we have cards to spare."""
        return SAVE_ACTION if self._urgency(target) == 0 and len(self.hand) > LARGE_HAND else 0.0

    def _seat_after(self, seat: int, steps: int) -> int:
        return (seat + steps * self.direction) % self.n


class Evidence:
    """What the table's recent history (``view.recent``, oldest first) shows about the colours each seat holds.

    Only public actions count, as a player at the table sees them: a seat that *chose* a colour (named it with
    a wild or turned up first, or switched to it by number or symbol) held it; a seat that drew while a colour
    was in effect had none of it, and since then holds it only through the cards it drew.

    >>> e = Evidence([{"type": "play", "seat": 0, "cards": ["r5"], "color": "r"},
    ...               {"type": "drew", "seat": 1, "count": 1, "reason": "draw"},
    ...               {"type": "play", "seat": 2, "cards": ["W"], "color": "g"}])
    >>> round(e.holds(1, "r", 7), 2), e.holds(2, "g", 7), e.holds(1, "g", 7)
    (0.23, 0.9, None)
    """

    def __init__(self, recent: Sequence[Mapping[str, Any]]) -> None:
        # seat -> colour -> cards drawn since the seat was seen lacking it (None: seen choosing it)
        self.seen: dict[int, dict[str, int | None]] = {}
        colour = None  # the colour in effect, once a play or a choice has shown it
        for event in recent:
            kind, seat = event["type"], event.get("seat", -1)  # every event read below names its seat
            if kind == "play":
                cards = event["cards"]
                chose = cards[-1] in WILDS or (colour is not None and colour_of(cards[-1]) != colour)
                if chose:
                    self.seen.setdefault(seat, {})[event["color"]] = None
                colour = event["color"]
            elif kind == "choose_color":
                colour = event["color"]
                self.seen.setdefault(seat, {})[colour] = None
            elif kind == "drew":
                known = self.seen.setdefault(seat, {})
                for c, drawn in known.items():
                    if drawn is not None:
                        known[c] = drawn + event["count"]
                if event["reason"] == "draw" and colour is not None:
                    known[colour] = event["count"]

    def holds(self, seat: int | None, colour: str | None, cards: int) -> float | None:
        """The chance ``seat`` (holding ``cards`` cards) holds ``colour``, or None when nothing was seen."""
        drawn = self.seen.get(seat, {}).get(colour, -1) if seat is not None and colour is not None else -1
        if drawn == -1:
            return None
        if drawn is None:
            return SHOWN_HELD
        return 1 - (1 - COLOUR_ODDS) ** min(drawn, cards)
