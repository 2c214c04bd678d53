"""What a seat may do now: ``legal_moves`` lists it, ``check`` refuses anything else with a stable code.

Both read the same small predicates (``matching``, ``ends_game``, ``can_declare``; on the common PLAY-phase
paths ``matching``'s table ``PLAYS_ON[colour][top card]`` is read directly) so the list and the check cannot
drift apart; the property tests hold them to it (a move is accepted exactly when it is listed, up to the
order of a multi-card play). Both run on every step of a game, so they are written for speed: table lookups,
no per-card function calls, no throw-away sets, and the common case (one card played) first.
"""

from __future__ import annotations

from itertools import compress
from typing import Any

from ..errors import IllegalMove
from .cards import CODES, COLOR, COLORS, IS_ACTION, MULTI_RANKS, PLAYS_ON, RANK, STACKS_ON
from .state import COLOR as CHOOSING, DRAWN, OVER, PENALTY, PLAY, State

TURN_ACTIONS = frozenset(("play", "draw", "pass", "accept", "challenge", "choose_color"))
MOVE_KEYS = {
    "play": frozenset(("type", "cards", "color")),
    "draw": frozenset(("type",)),
    "pass": frozenset(("type",)),
    "accept": frozenset(("type",)),
    "challenge": frozenset(("type",)),
    "declare": frozenset(("type",)),
    "callout": frozenset(("type", "target")),
    "choose_color": frozenset(("type", "color")),
}
NOTHING: frozenset[str] = frozenset()
# The moves without fields, and the phase in which the seat in turn may make each.
PLAIN_MOVE_PHASE = {"draw": PLAY, "pass": DRAWN, "accept": PENALTY}
WILDS = frozenset(("W", "W4"))
rank_of = RANK.__getitem__  # mapped over a hand at C speed


def matching(s: State) -> frozenset[str]:
    """The cards that may be played now by the seat in turn (in its phase), ignoring which it holds."""
    phase, color = s.phase, s.color
    if color is None:  # the first player is naming it: nothing is played yet
        return NOTHING
    if phase == PLAY or phase == DRAWN:
        return PLAYS_ON[color][s.discard[-1]]
    if phase == PENALTY and s.rules.stacking:
        return STACKS_ON[color][s.discard[-1]]
    return NOTHING


def ends_game(s: State, seat: int, n_cards: int, last: str) -> bool:
    """Whether playing ``n_cards`` cards ending with ``last`` wins outright (no colour is asked then: docs/rules.md CM 12)."""
    return n_cards == len(s.hands[seat]) and not (s.rules.no_action_finish and IS_ACTION[last])


def all_but_one_alike(hand: tuple[str, ...]) -> bool:
    """Whether all the cards of ``hand`` but one may go together (docs/rules.md CM 6), so a play can leave exactly one card.

    >>> all_but_one_alike(("r7", "b7", "W")), all_but_one_alike(("r7", "b7", "W", "y2"))
    (True, False)
    """
    ranks = [*map(rank_of, hand)]
    distinct = set(ranks)
    if len(ranks) < 3 or len(distinct) > 2:
        return False  # quick exit: n - 1 alike cards leave at most two ranks
    return any(r in MULTI_RANKS and ranks.count(r) == len(ranks) - 1 for r in distinct)


def can_declare(s: State, seat: int) -> bool:
    """The last-card call (docs/rules.md CM 10): right after a play left one card (while that call may still be
    missed), or in advance on one's own turn when a play can leave exactly one card: with two cards, or with
    ``multi_play`` when all but one card may go together."""
    if seat in s.declared:
        return False
    if s.uncalled and any(u[0] == seat for u in s.uncalled):
        return True
    if seat != s.turn:
        return False
    phase = s.phase
    n = len(s.hands[seat])
    if n == 2:
        return phase == PLAY or phase == DRAWN or (phase == PENALTY and s.rules.stacking)
    return n > 2 and phase == PLAY and s.rules.multi_play and all_but_one_alike(s.hands[seat])


def _multi_plays(hand: tuple[str, ...], ranks: list[str], playable: frozenset[str]) -> list[dict[str, Any]]:
    """One order of every set of two or more alike cards (docs/rules.md CM 6) that holds a legal card, a legal card first; the
    sets of one rank together, the ranks in the order of their first card in ``hand`` (``ranks``: each card's
    rank). Only the ranks of playable cards can start a set, so most turns end at the first line.

    >>> [m["cards"] for m in _multi_plays(("r7", "b7", "gS", "y2", "bS", "W"),
    ...                                   ["7", "7", "S", "2", "S", "W"], frozenset(("bS", "b7", "W")))]
    [['b7', 'r7'], ['bS', 'gS']]
    """
    wanted = []
    for rank in MULTI_RANKS.intersection(map(rank_of, playable)):  # a loop: cheaper than a comprehension's call
        if ranks.count(rank) > 1:
            wanted.append(rank)
    if not wanted:
        return []
    if len(wanted) > 1:
        wanted.sort(key=ranks.index)
    plays: list[dict[str, Any]] = []
    for rank in wanted:
        group = [*compress(hand, map(rank.__eq__, ranks))]
        if len(group) == 2:  # by far the most common set: its one order is quick to write down
            a, b = group
            plays.append({"type": "play", "cards": group if a in playable else [b, a]})
            continue
        counts = dict.fromkeys(group, 0)
        for c in group:
            counts[c] += 1
        picks: list[list[str]] = [[]]
        for code, k in counts.items():
            picks = [pick + [code] * m for pick in picks for m in range(k + 1)]
        for pick in picks:
            if len(pick) >= 2:
                first = next(filter(playable.__contains__, pick), None)  # no generator frame
                if first:
                    pick.remove(first)
                    plays.append({"type": "play", "cards": [first, *pick]})
    return plays


def legal_moves(s: State, seat: Any) -> list[dict[str, Any]]:
    """Every move ``seat`` may make now (``[]`` when none, for a spectator, or once the game is over), as fresh
    dicts the caller may keep or change.

    The order is fixed: the plays (single cards by code, each wild once per colour, then multi-card sets), the
    turn's other move (``draw``, ``pass``, or ``accept`` then ``challenge``; ``choose_color`` alone), then
    ``declare``, then the ``callout`` moves.
    """
    phase = s.phase
    if seat.__class__ is not int or seat != s.turn or phase == OVER or phase == CHOOSING:
        return _moves_off_turn(s, seat)
    # The seat in turn: this runs on every step of every game, so it is one function with no helper calls in
    # the common case (each Python call costs as much as a dozen lookups).
    hand = s.hands[seat]
    rules = s.rules
    if phase == PLAY:
        assert s.color is not None  # None only while the first player names it (phase CHOOSING)
        playable = PLAYS_ON[s.color][s.discard[-1]].intersection(hand)
    else:
        playable = matching(s).intersection((s.drawn,) if phase == DRAWN else hand)
    moves: list[dict[str, Any]] = []
    if playable:
        wild_wins = len(hand) == 1 and not rules.no_action_finish  # a wild then goes without a colour
        for c in sorted(playable) if len(playable) > 1 else playable:
            if c in WILDS and not wild_wins:
                moves += (  # written out: the cheapest way to list a wild once per colour
                    {"type": "play", "cards": [c], "color": "r"},
                    {"type": "play", "cards": [c], "color": "y"},
                    {"type": "play", "cards": [c], "color": "g"},
                    {"type": "play", "cards": [c], "color": "b"},
                )
            else:
                moves.append({"type": "play", "cards": [c]})
    may_declare = len(hand) == 2 or bool(s.uncalled)
    if phase == PLAY:
        if rules.multi_play and len(hand) > 1:
            ranks = [*map(rank_of, hand)]
            distinct = len(set(ranks))
            if distinct < len(hand) and playable:  # two cards share a rank: there may be sets to play
                moves += _multi_plays(hand, ranks, playable)
            may_declare = may_declare or distinct <= 2  # all but one alike leaves at most two ranks
        moves.append({"type": "draw"})
    elif phase == DRAWN:
        moves.append({"type": "pass"})
    else:
        moves.append({"type": "accept"})
        if s.wd4:
            moves.append({"type": "challenge"})
    if may_declare and can_declare(s, seat):
        moves.append({"type": "declare"})
    if s.uncalled and rules.call == "callout":
        moves += [{"type": "callout", "target": u[0]} for u in s.uncalled if u[0] != seat]
    return moves


def _moves_off_turn(s: State, seat: Any) -> list[dict[str, Any]]:
    """``legal_moves`` of any seat but the one to play a card: the colour of a Wild turned up first, the
    last-card call and the callouts, or nothing (a spectator, a bad seat, a finished game)."""
    if s.phase == OVER or seat.__class__ is not int or not 0 <= seat < len(s.hands):
        return []
    if seat == s.turn:  # phase CHOOSING
        return [{"type": "choose_color", "color": c} for c in COLORS]
    moves: list[dict[str, Any]] = [{"type": "declare"}] if s.uncalled and can_declare(s, seat) else []
    if s.uncalled and s.rules.call == "callout":
        moves += [{"type": "callout", "target": u[0]} for u in s.uncalled if u[0] != seat]
    return moves


def check(s: State, seat: Any, move: Any) -> tuple[str, tuple[str, ...], str | None, int | None]:
    """``(type, cards, color, target)`` of a move ``seat`` may make now; raises ``IllegalMove`` otherwise."""
    if move.__class__ is dict and seat.__class__ is int and seat == s.turn:
        # The common moves of the seat in turn — one card on its turn, a draw, a pass, an accept, the last-card
        # call — are accepted here in a few lookups. Anything else, and every refusal with its code, goes
        # through the full check below.
        kind = move.get("type")
        if kind == "play":
            cards = move.get("cards")
            if cards.__class__ is list and len(cards) == 1 and s.phase == PLAY:
                assert s.color is not None  # None only while the first player names it (phase CHOOSING)
                card = cards[0]
                if card.__class__ is str and card in PLAYS_ON[s.color][s.discard[-1]] and card in s.hands[seat]:
                    if COLOR[card] is not None:
                        if len(move) == 2:
                            return "play", (card,), None, None
                    elif len(move) == 3 and (color := move.get("color")).__class__ is str and color in COLORS:
                        return "play", (card,), color, None
        elif kind.__class__ is str and len(move) == 1:
            if PLAIN_MOVE_PHASE.get(kind) == s.phase or (kind == "declare" and can_declare(s, seat)):
                return kind, (), None, None
    kind = move.get("type") if move.__class__ is dict else None
    if seat.__class__ is not int or not 0 <= seat < len(s.hands):
        raise IllegalMove("bad_seat", f"seat must be an integer from 0 to {len(s.hands) - 1}, got {seat!r}")
    phase = s.phase
    if phase == OVER:
        raise IllegalMove("game_over", "the game is over")
    keys = MOVE_KEYS.get(kind) if kind.__class__ is str else None
    if keys is None:
        if kind.__class__ is str:
            raise IllegalMove("unknown_move", f"unknown move type {kind!r}; known: {', '.join(MOVE_KEYS)}")
        raise IllegalMove("malformed_move", 'a move is an object with a "type", e.g. {"type": "draw"}')
    assert isinstance(kind, str)
    if len(move) > 1 and not keys.issuperset(move):
        extra = ", ".join(sorted(repr(k) for k in move if k not in keys))
        raise IllegalMove("malformed_move", f"a {kind} move has no field(s) {extra}")
    if kind == "play" and seat == s.turn and phase != CHOOSING:  # the common move first
        cards, color = _check_play(s, seat, move)
        return kind, cards, color, None
    if kind == "declare":
        if not can_declare(s, seat):
            raise IllegalMove("cannot_declare", "the last-card call is possible only on your turn with two cards "
                              "(or more, all but one alike), or just after a play that left you one card")  # fmt: skip
        return kind, (), None, None
    if kind == "callout":
        return kind, (), None, _check_callout(s, seat, move.get("target"))
    if seat != s.turn:
        raise IllegalMove("not_your_turn", f"seat {seat} cannot {kind} now: it is seat {s.turn}'s turn")
    if phase == CHOOSING and kind != "choose_color":
        raise IllegalMove("choose_color_first", "name the colour of the first card (a Wild) first")
    if kind == "draw":
        if phase == DRAWN:
            raise IllegalMove("already_drew", "you have drawn: play the card drawn or pass")
        if phase == PENALTY:
            raise IllegalMove("penalty_pending", "a penalty waits on you: accept it (or stack, or challenge)")
    elif kind == "pass" and phase != DRAWN:
        raise IllegalMove("nothing_drawn", "pass keeps a card just drawn; draw first")
    elif kind == "accept" and phase != PENALTY:
        raise IllegalMove("no_penalty", "no penalty waits on you")
    elif kind == "challenge" and not (phase == PENALTY and s.wd4):
        raise IllegalMove("cannot_challenge", "only a Wild Draw Four just played at you can be challenged")
    elif kind == "choose_color":
        if phase != CHOOSING:
            raise IllegalMove("not_choosing_color", "a colour is chosen this way only for a Wild turned up first")
        return kind, (), _check_color(move.get("color")), None
    return kind, (), None, None


def _check_callout(s: State, seat: int, target: Any) -> int:
    if s.rules.call != "callout":
        raise IllegalMove("no_callout_target", "missed calls are penalised automatically with these options")
    if target.__class__ is not int or target == seat or not any(u[0] == target for u in s.uncalled):
        raise IllegalMove("no_callout_target", f"seat {target!r} has no missed last-card call you can point out")
    return target


def _check_color(color: Any) -> str:
    if color.__class__ is not str or color not in COLORS:
        raise IllegalMove("bad_color", f"colour must be one of {', '.join(COLORS)}, got {color!r}")
    return color


def _check_cards(hand: tuple[str, ...], cards: Any) -> tuple[str, ...]:
    """``cards`` as a tuple if it is a non-empty list of cards all held (with their multiplicity) in ``hand``."""
    if cards.__class__ is not list or not cards:
        raise IllegalMove("malformed_move", 'a play names its cards as a non-empty list: {"cards": ["r7"]}')
    if len(cards) == 1 and cards[0] in hand and cards[0].__class__ is str:
        return (cards[0],)  # the common case
    for c in cards:
        if c.__class__ is not str:
            raise IllegalMove("malformed_move", f"a card is a code such as 'r7', got {c!r}")
        if c not in hand or cards.count(c) > hand.count(c):
            if c not in CODES:
                raise IllegalMove("unknown_card", f"no such card: {c!r}")
            raise IllegalMove("card_not_in_hand", f"you do not hold {cards.count(c)} × {c}")
    return tuple(cards)


def _check_play(s: State, seat: int, move: dict[str, Any]) -> tuple[tuple[str, ...], str | None]:
    """The cards and the colour named of a legal play (the common move: the checks are ordered for speed)."""
    cards = _check_cards(s.hands[seat], move.get("cards"))
    phase = s.phase
    first = cards[0]
    if phase == DRAWN and (len(cards) > 1 or first != s.drawn):
        raise IllegalMove("only_drawn_card", f"after drawing you may play only the card drawn ({s.drawn}), or pass")
    if phase == PENALTY and not s.rules.stacking:
        raise IllegalMove("penalty_pending", "a Wild Draw Four waits on you: accept it or challenge it")
    if len(cards) > 1:
        if not s.rules.multi_play or phase != PLAY:
            raise IllegalMove("one_card_only", "only one card may be played at a time here")
        rank = RANK[first]
        if rank not in MULTI_RANKS or any(RANK[c] != rank for c in cards):
            raise IllegalMove("cards_not_alike", "cards played together must share a number, or be all Skips or "
                              "all Reverses")  # fmt: skip
    if first not in matching(s):
        if phase == PENALTY:
            raise IllegalMove("cannot_stack", f"{first} cannot answer the pending draw: only a Draw Two or a "
                              "Wild Draw Four can (a Draw Two on a Wild Draw Four in its declared colour)")  # fmt: skip
        raise IllegalMove("card_does_not_match", f"{first} matches neither the colour {s.color} nor "
                          f"the top card {s.discard[-1]}")  # fmt: skip
    last = cards[-1]
    named = "color" in move
    if COLOR[last] is not None:
        if named:
            raise IllegalMove("malformed_move", f"{last} has its own colour: name a colour only for a wild")
        return cards, None
    if not named:
        if ends_game(s, seat, len(cards), last):
            return cards, None
        raise IllegalMove("color_required", f"name the colour for {last}: r, y, g or b")
    return cards, _check_color(move["color"])
