"""Applying moves and deadlines: ``apply``, ``advance``, ``next_deadline``.

``apply`` checks the move against the state it is given (``legality.check``), then resolves it on a shallow
copy, so a refused move leaves nothing changed and an accepted one never touches its input. The order of one
step follows docs/rules.md: deadlines already due first, then the missed-call penalties this action triggers
(CM 10: drawn *before* the action resolves), then the action and the effects of the cards played.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .cards import COLOR, IS_ACTION, NUMBERS, RANK, STACKABLE
from .legality import TURN_ACTIONS, check, matching
from .options import GUILTY_DRAWS_WHOLE_CHAIN
from .state import DRAWN, OVER, PENALTY, PLAY, State
from .table import finish, forget_call, note_keep, note_play, pass_turn, seat_after, skip, take_cards

MISSED_CALL_CARDS = 2
NO_EFFECT = frozenset(NUMBERS + ("W",))  # the turn simply passes on (a Wild's colour is set by the play)


def next_deadline(s: State) -> float | None:
    """When ``advance`` next has work to do: the earliest timed last-card call, if any."""
    if s.phase == OVER or s.rules.grace is None or not s.uncalled:
        return None
    return min(due for _, due in s.uncalled if due is not None)  # a timed call: every one has its deadline


def advance(s: State, *, now: float) -> State:
    """Apply every timed last-card call due at ``now`` (each offender draws 2); ``s`` itself when none is."""
    deadline = next_deadline(s)
    if deadline is None or deadline > now:
        return s
    w = s.copy()
    for seat, due in sorted(s.uncalled, key=lambda u: u[1] or 0.0):
        if due is not None and due <= now:
            take_cards(w, seat, MISSED_CALL_CARDS, "missed_call")
    return w


def apply(state: State, seat: int, move: dict[str, Any], *, now: float) -> State:
    """The state after ``seat`` makes ``move`` at ``now``; ``IllegalMove`` (and nothing changed) if not allowed."""
    s = advance(state, now=now) if state.uncalled else state
    kind, cards, color, target = check(s, seat, move)
    w = s.copy()
    if s is not state:  # the deadlines just applied belong to this step
        w.events, w.earlier = list(s.events), s.earlier
    if (w.uncalled or w.stuck) and kind in TURN_ACTIONS:
        if w.uncalled:
            _settle_missed_calls(w, seat)
        if w.stuck and kind != "draw":
            w.stuck = 0  # cards moved, so the "nobody can play or draw" count starts again
    if kind == "play":
        _play(w, seat, cards, color, now)
    else:
        _RESOLVE[kind](w, seat, color, target)
    return w


def _keep(w: State, seat: int, color: None, target: None) -> None:
    w.events.append({"type": "keep", "seat": seat})
    note_keep(w, seat)
    pass_turn(w, seat)


def _choose_color(w: State, seat: int, color: str, target: None) -> None:
    w.color, w.phase = color, PLAY
    w.events.append({"type": "choose_color", "seat": seat, "color": color})


def _declare(w: State, seat: int, color: None, target: None) -> None:
    w.declared = w.declared | {seat}
    forget_call(w, seat)
    w.events.append({"type": "declare", "seat": seat})


def _callout(w: State, seat: int, color: None, target: int) -> None:
    w.events.append({"type": "callout", "seat": seat, "target": target})
    take_cards(w, target, MISSED_CALL_CARDS, "missed_call")


def _settle_missed_calls(w: State, seat: int) -> None:
    """A player's action ends missed-call windows (docs/rules.md CM 10): with ``callout`` it closes them, with
    ``next_action`` every offender draws 2, with a timed call only the actor himself draws 2 (if he is one)."""
    if not w.uncalled:
        return
    call = w.rules.call
    if call == "callout":
        w.uncalled = ()
    elif call == "next_action":
        for offender, _ in w.uncalled:
            take_cards(w, offender, MISSED_CALL_CARDS, "missed_call")
    elif any(u[0] == seat for u in w.uncalled):
        take_cards(w, seat, MISSED_CALL_CARDS, "missed_call")


def _without(hand: tuple[str, ...], cards: tuple[str, ...]) -> tuple[str, ...]:
    """``hand`` less one copy of each of ``cards`` (in ``hand``), the rest in order."""
    rest = list(hand)
    for c in cards:
        rest.remove(c)
    return tuple(rest)


def _play(w: State, seat: int, cards: tuple[str, ...], color: str | None, now: float) -> None:
    before = w.hands[seat]
    if len(cards) == 1:  # the common play, written out
        i = before.index(cards[0])
        hand = before[:i] + before[i + 1 :]
    else:
        hand = _without(before, cards)
    hands = list(w.hands)  # fewer allocations than slicing and joining tuples
    hands[seat] = hand
    w.hands = tuple(hands)
    last = cards[-1]
    previous_color = w.color
    w.discard += cards
    w.played += len(cards)
    w.color = color or COLOR[last] or previous_color
    w.drawn = None
    w.events.append({"type": "play", "seat": seat, "cards": list(cards), "color": w.color})
    if IS_ACTION[last]:  # wilds and actions go on the seat's public record; number cards do not
        note_play(w, seat, cards, color)
    if not hand:
        # CM 12: going out wins at once and the card's effect is ignored. CM 9 instead makes the player draw one
        # and lets the effect happen. A card is always there: the one the play covered, at worst.
        if not (w.rules.no_action_finish and IS_ACTION[last]):
            finish(w, seat)
            return
        take_cards(w, seat, 1, "no_action_finish")
    elif len(hand) == 1:
        if seat not in w.declared:
            grace = w.rules.grace
            w.uncalled += ((seat, None if grace is None else now + grace),)
    elif seat in w.declared:
        w.declared = w.declared - {seat}  # a call counts only if the play leaves exactly one card (CM 10)
    rank = RANK[last]
    if rank in NO_EFFECT:
        w.turn, w.phase = (seat + w.direction) % len(w.hands), PLAY
    else:
        _card_effect(w, seat, rank, len(cards), before, previous_color)


def _card_effect(w: State, seat: int, rank: str, k: int, before: tuple[str, ...], previous_color: str | None) -> None:
    """What an action card does (docs/rules.md CM 5, CM 6 for ``k`` alike cards)."""
    n = len(w.hands)
    if rank == "S" or (rank == "R" and n == 2):
        if rank == "R" and k % 2:
            w.direction = -w.direction
        skips = min(k, n - 1)
        for i in range(1, skips + 1):
            skip(w, seat_after(w, seat, i))
        pass_turn(w, seat, skips + 1)
    elif rank == "R":
        if k % 2:
            w.direction = -w.direction
        w.events.append({"type": "reverse", "direction": w.direction})
        pass_turn(w, seat)
    elif rank == "D":
        _strike(w, seat, 2, None, None)
    elif rank == "W4":
        # CM 8: guilty when the hand at the time of play held the colour in effect just before it.
        guilty = any(COLOR[c] == previous_color for c in before)
        _strike(w, seat, 4, (seat, guilty) if w.rules.challenge else None, previous_color)


def _strike(w: State, seat: int, cards: int, wd4: tuple[int, bool] | None, color_before: str | None) -> None:
    """A Draw Two / Wild Draw Four hits the next seat. It waits on that seat's decision when it could stack
    (CM 7) or challenge (CM 8); otherwise the seat draws the total at once and is skipped. ``color_before``: the
    colour a Wild Draw Four covered (None for a Draw Two), public while the penalty waits."""
    victim = seat_after(w, seat)
    total = cards + (w.pending[0] if w.pending else 0)
    assert w.color is not None  # None only while the first player names it
    can_stack = w.rules.stacking and not STACKABLE[w.color][RANK[w.discard[-1]]].isdisjoint(w.hands[victim])
    if can_stack or wd4:
        w.turn, w.phase, w.pending, w.wd4 = victim, PENALTY, (total, seat, color_before), wd4
    else:
        w.pending, w.wd4 = None, None
        take_cards(w, victim, total, "penalty")
        skip(w, victim)
        pass_turn(w, victim)


def _accept(w: State, seat: int, color: None = None, target: None = None) -> None:
    assert w.pending is not None  # checked: a penalty waits
    total = w.pending[0]
    w.pending, w.wd4 = None, None
    take_cards(w, seat, total, "penalty")
    skip(w, seat)
    pass_turn(w, seat)


def _challenge(w: State, seat: int, color: None = None, target: None = None) -> None:
    """docs/rules.md CM 8: guilty -> the Wild Draw Four's player draws 4, the rest of the chain is void and the
    challenger plays on the declared colour; innocent -> the challenger draws the total + 2 and is skipped."""
    assert w.wd4 is not None and w.pending is not None  # checked: a Wild Draw Four's penalty waits
    by, guilty = w.wd4
    total = w.pending[0]
    w.pending, w.wd4 = None, None
    w.events.append({"type": "challenge", "seat": seat, "target": by, "guilty": guilty})
    if guilty:
        take_cards(w, by, total if GUILTY_DRAWS_WHOLE_CHAIN else 4, "challenge")
        w.phase = PLAY
    else:
        take_cards(w, seat, total + 2, "challenge")
        skip(w, seat)
        pass_turn(w, seat)


def _draw(w: State, seat: int, color: None = None, target: None = None) -> None:
    """docs/rules.md CM 4: draw one; a playable card may then be played (alone) or kept, anything else passes the turn.
    With both piles empty the draw is a pass, and a full cycle of such forced passes ends the game (CM 11)."""
    legal = matching(w)
    could_play = not legal.isdisjoint(w.hands[seat])
    assert w.color is not None  # None only while the first player names it, when no one draws
    got = take_cards(w, seat, 1, "draw", on=w.color)
    if not got:
        w.stuck = 0 if could_play else w.stuck + 1
        if w.stuck >= len(w.hands):
            finish(w, None)
        else:
            pass_turn(w, seat)
        return
    w.stuck = 0
    if got[0] in legal:  # a reshuffle keeps the top card, so what matches is unchanged
        w.phase, w.drawn = DRAWN, got[0]
    else:
        pass_turn(w, seat)


# How each move other than a play resolves (a play, the common case, is called directly): (state, seat, colour,
# target).
_RESOLVE: dict[str, Callable[[State, int, Any, Any], None]] = {
    "draw": _draw,
    "pass": _keep,
    "accept": _accept,
    "challenge": _challenge,
    "choose_color": _choose_color,
    "declare": _declare,
    "callout": _callout,
}
