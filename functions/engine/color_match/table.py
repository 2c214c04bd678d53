"""Table mechanics shared by every rule: turn order, drawing with reshuffles, skipping, ending the game.

Each function here edits a *working copy* (``State.copy()``), never a state that has been returned, and records
what happened in its ``events`` list.
"""

from __future__ import annotations

import random

from .cards import COLOR, COLORS, RANK, shuffled
from .state import NEVER, OVER, PLAY, SeatRecord, State

COLOR_INDEX = {color: i for i, color in enumerate(COLORS)}


def seat_after(s: State, seat: int, steps: int = 1) -> int:
    """The seat ``steps`` places after ``seat`` in the current direction."""
    return (seat + steps * s.direction) % len(s.hands)


def reshuffle_order(seed: int, count: int, cards: tuple[str, ...]) -> tuple[str, ...]:
    """The new draw pile made of ``cards`` at reshuffle number ``count`` of the game seeded ``seed``.

    Derived from (seed, count) only, so a state restored from its dump reshuffles exactly as the original would,
    and no random generator's internal state has to be stored.

    >>> reshuffle_order(7, 0, ("r1", "r2", "r3")) == reshuffle_order(7, 0, ("r1", "r2", "r3"))
    True
    >>> sorted(reshuffle_order(7, 1, ("r1", "r2", "r3")))
    ['r1', 'r2', 'r3']
    """
    return tuple(shuffled(cards, random.Random(f"color-match/{seed}/{count}")))


def can_draw(s: State) -> bool:
    """Whether a card can be drawn: the pile holds one, or the discard pile holds more than its top card."""
    return bool(s.pile) or len(s.discard) > 1


def take_cards(w: State, seat: int, count: int, reason: str, *, on: str | None = None) -> tuple[str, ...]:
    """``seat`` draws ``count`` cards, reshuffling the discard pile (all but its top) whenever the pile runs out.

    When both are exhausted the rest is forgiven (docs/rules.md CM 11). Drawing changes the hand, so a standing last-card
    call or a pending missed call of ``seat`` lapses (docs/rules.md CM 10). A draw by choice names the colour in
    effect (``on``): the seat's public record counts its draws on that colour afresh. Returns the cards drawn.
    """
    if len(w.pile) >= count:  # the common case: no reshuffle
        got = w.pile[:count]
        w.pile = w.pile[count:]
    else:
        got = _take_reshuffling(w, count)
    hands = list(w.hands)
    hands[seat] += got
    w.hands = tuple(hands)
    if seat in w.declared:
        w.declared = w.declared - {seat}
    if w.uncalled:
        forget_call(w, seat)
    if on is not None or (got and w.record[seat][0] != NEVER):
        _count_draws(w, seat, len(got), on)
    event = {"type": "drew", "seat": seat, "count": len(got), "reason": reason}
    if len(got) < count and reason != "draw":  # a penalty partly forgiven (CM 11); a draw of 0 is a pass
        event["forgiven"] = count - len(got)
    w.events.append(event)
    return got


def _take_reshuffling(w: State, count: int) -> tuple[str, ...]:
    """``count`` cards off the pile (or fewer when both piles run out), reshuffling the discard pile (all but
    its top) whenever the pile is empty."""
    got: tuple[str, ...] = ()
    while len(got) < count:
        if not w.pile:
            if len(w.discard) < 2:
                break
            below = w.discard[:-1]
            w.pile = reshuffle_order(w.seed, w.reshuffles, below)
            w.discard = w.discard[-1:]
            w.reshuffles += 1
            w.events.append({"type": "reshuffle", "cards": len(below)})
        k = count - len(got)
        got += w.pile[:k]
        w.pile = w.pile[k:]
    return got


def _note(w: State, seat: int, record: SeatRecord) -> None:
    """Replace ``seat``'s public record (``State.record``)."""
    records = list(w.record)
    records[seat] = record
    w.record = tuple(records)


def _count_draws(w: State, seat: int, count: int, on: str | None) -> None:
    """``seat`` took ``count`` cards: each colour it drew on before counts them; a draw by choice on colour ``on``
    starts that colour's count afresh (written out: this runs on most draws)."""
    drew_on, named, wilds, wd4, actions, kept = w.record[seat]
    r, y, g, b = drew_on
    drew_on = (r + count if r >= 0 else r, y + count if y >= 0 else y, g + count if g >= 0 else g,
               b + count if b >= 0 else b)
    if on is not None:
        drew_on = drew_on[:COLOR_INDEX[on]] + (count,) + drew_on[COLOR_INDEX[on] + 1 :]
    _note(w, seat, (drew_on, named, wilds, wd4, actions, kept))


def note_play(w: State, seat: int, cards: tuple[str, ...], color: str | None) -> None:
    """``seat`` played ``cards`` (alike: actions or wilds), naming ``color`` for a wild."""
    drew_on, named, wilds, wd4, actions, kept = w.record[seat]
    rank = RANK[cards[-1]]
    if rank == "W":
        wilds += len(cards)
    elif rank == "W4":
        wd4 += len(cards)
    else:
        actions += len(cards)
    if COLOR[cards[-1]] is None and color is not None:
        named += color
    _note(w, seat, (drew_on, named, wilds, wd4, actions, kept))


def note_keep(w: State, seat: int) -> None:
    """``seat`` kept the card it drew (the ``pass`` move)."""
    record = w.record[seat]
    _note(w, seat, (*record[:5], record[5] + 1))


def forget_call(w: State, seat: int) -> None:
    """Close ``seat``'s missed-call window (it called, was penalised, or its hand left one card)."""
    w.uncalled = tuple(u for u in w.uncalled if u[0] != seat)


def skip(w: State, seat: int) -> None:
    """Record that ``seat`` loses its turn (the caller moves the turn on)."""
    w.events.append({"type": "skipped", "seat": seat})


def finish(w: State, winner: int | None) -> None:
    """End the game: ``winner`` went out, or None when nobody could play or draw for a full cycle."""
    w.phase, w.winner = OVER, winner
    w.drawn, w.pending, w.wd4, w.uncalled = None, None, None, ()
    w.events.append({"type": "game_over", "winner": winner})


def pass_turn(w: State, seat: int, steps: int = 1) -> None:
    """Give the turn to the seat ``steps`` places after ``seat``, for a normal play."""
    w.turn, w.phase, w.drawn = seat_after(w, seat, steps), PLAY, None

