"""What the browser tests' Color Match players do next: one pure decision from what the phones show.

The test players sit in every seat, so they see every hand (each phone shows its own). They use that to make the
situations a test wants certain rather than lucky, in a fixed order of goals, holding the game open until the
last goal is met:

- ``keep``: draw instead of playing, and keep a playable drawn card (出さずに次へ);
- ``wild``: play a Wild as soon as someone holds one, and name its colour;
- ``callout``: play from two cards without the call (``missed_call``), so that another phone presses 指摘する;
- ``declare``: press あと 1 枚 at two cards, then play;
- ``stack``: play a Draw Two or Wild Draw Four only when the next player holds one too, who then stacks it;
- ``challenge``: play a Wild Draw Four, which the next player challenges.

While a goal that needs a particular card (keep, wild, stack, challenge) is open, a player without it plays a
plain card if that leaves three or more in hand, else draws, and nobody plays a last card: the game cannot end
before every goal is met. ``test_plan.py`` plays these decisions against the engine on many deals to show that
one game always suffices, whatever the deal.

Cards are the engine's codes (``r7``, ``gD``, ``W4``; docs: engine contract); ``bots.py`` reads them off the
screen and turns a decision into taps.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Literal

BASIC_GOALS = ("keep", "wild", "callout", "declare")
HOUSE_GOALS = ("stack", "challenge")
COLOURS = ("r", "y", "g", "b")
WILDS = ("W", "W4")
_HOLD = 3  # while a holding goal is open, plays must leave at least this many cards


@dataclass(frozen=True)
class Situation:
    """What the acting player sees, plus the next player's hand (seen on that player's phone)."""

    hand: tuple[str, ...]
    top: str
    colour: str
    next_hand: tuple[str, ...] = ()
    drawn: str | None = None  # a playable card just drawn: play it (出す) or keep it
    facing_penalty: bool = False  # a +2/+4 waits on this player: stack, challenge or accept
    can_challenge: bool = False
    choose_first_colour: bool = False  # the first card turned up was a Wild


@dataclass(frozen=True)
class Action:
    """One decision. ``declare`` presses the last-card call before the play; ``shows`` is the goal it meets."""

    kind: Literal["play", "draw", "keep", "accept", "challenge", "choose_colour"]
    card: str | None = None
    colour: str | None = None
    declare: bool = False
    shows: str | None = None


def value(card: str) -> str:
    """``"r7"`` → ``"7"``, ``"gD"`` → ``"D"``, ``"W4"`` → ``"W4"``."""
    return card if card in WILDS else card[1:]


def is_stacker(card: str) -> bool:
    """Draw Two and Wild Draw Four: the cards that stack on a pending penalty."""
    return value(card) in ("D", "W4")


def playable_alone(card: str, top: str, colour: str, facing_penalty: bool = False) -> bool:
    """Whether ``card`` may be played by itself (docs/rules.md CM 4, CM 7).

    >>> playable_alone("r7", "b7", "b"), playable_alone("gD", "W4", "y", facing_penalty=True)
    (True, False)
    """
    if facing_penalty and not is_stacker(card):
        return False
    return card in WILDS or card[0] == colour or value(card) == value(top)


def remaining(goals: tuple[str, ...], shown: set[str]) -> tuple[str, ...]:
    """The goals not met yet, in order."""
    return tuple(goal for goal in goals if goal not in shown)


def decide(s: Situation, goals: tuple[str, ...]) -> Action:
    """The next action of the player whose turn it is, working on the first of the open ``goals``."""
    if s.choose_first_colour:
        return Action("choose_colour", colour=_best_colour(s.hand))
    if s.facing_penalty:
        return _facing_penalty(s, goals)
    if s.drawn is not None:
        play = _choose_play(s, [s.drawn], goals) if len(s.hand) > 2 else None  # no call to make after a draw
        return play or Action("keep", shows="keep" if "keep" in goals else None)
    candidates = [card for card in s.hand if playable_alone(card, s.top, s.colour)]
    return _choose_play(s, candidates, goals) or Action("draw")


def should_call_out(goals: tuple[str, ...]) -> bool:
    """Whether a phone that shows 指摘する presses it: while that goal is open (afterwards every call is made)."""
    return "callout" in goals


def _facing_penalty(s: Situation, goals: tuple[str, ...]) -> Action:
    stackers = [c for c in s.hand if is_stacker(c) and playable_alone(c, s.top, s.colour, facing_penalty=True)]
    if "stack" in goals and stackers:
        return _play(s, stackers[0], goals, shows="stack")
    if "challenge" in goals and s.can_challenge:
        return Action("challenge", shows="challenge")
    return Action("accept")


def _choose_play(s: Situation, candidates: list[str], goals: tuple[str, ...]) -> Action | None:
    """The card to play from ``candidates``, or None to draw (or keep the drawn card) instead."""
    goal = goals[0] if goals else None
    plain = [c for c in candidates if not is_stacker(c) and c not in WILDS]
    if goal in (None, "callout", "declare"):  # play on, wilds last: someone gets down to two cards
        ordered = plain + [c for c in candidates if value(c) == "D"] + [c for c in candidates if c in WILDS]
        return _play(s, ordered[0], goals) if ordered else None
    if goal == "keep" or len(s.hand) == 1:  # draw; never play the last card while a goal is open
        return None
    if goal == "wild":
        wanted = [c for c in candidates if c in WILDS]
    elif goal == "stack":  # only when the next player can stack on it
        wanted = [c for c in candidates if is_stacker(c)] if any(map(is_stacker, s.next_hand)) else []
    else:  # challenge
        wanted = [c for c in candidates if c == "W4"]
    if wanted:
        if goal == "wild":
            return _play(s, wanted[0], goals, shows="wild")
        return _play(s, wanted[0], goals, colour=_stackable_colour(s) if goal == "stack" else None)
    # Keep the game moving with a plain card while that leaves enough in hand; else draw to find the card.
    return _play(s, plain[0], goals) if plain and len(s.hand) > _HOLD else None


def _play(s: Situation, card: str, goals: tuple[str, ...], *, shows: str | None = None,
          colour: str | None = None) -> Action:
    """Playing ``card``; from two cards with the call, except when a missed call is wanted."""
    last_but_one = len(s.hand) == 2
    declare = last_but_one and "callout" not in goals
    if last_but_one and "callout" in goals:
        shows = "missed_call"
    elif declare and "declare" in goals:
        shows = "declare"
    if card in WILDS:
        rest = list(s.hand)
        rest.remove(card)
        colour = colour or _best_colour(rest)
    return Action("play", card, colour if card in WILDS else None, declare, shows)


def _stackable_colour(s: Situation) -> str | None:
    """The colour a Wild Draw Four names so that the next player's Draw Two stacks on it."""
    return next((card[0] for card in s.next_hand if value(card) == "D"), None)


def _best_colour(hand: list[str] | tuple[str, ...]) -> str:
    """The colour most of ``hand`` has (red when none)."""
    counts = Counter(card[0] for card in hand if card not in WILDS)
    return max(COLOURS, key=lambda colour: counts[colour])
