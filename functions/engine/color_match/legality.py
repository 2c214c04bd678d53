"""What a seat may do now: ``legal_moves`` lists it, ``check`` refuses anything else with a stable code.

Both read the same small predicates (``plays_now``, ``can_declare``, …) so the list and the check cannot drift
apart; the property tests hold them to it (a move is accepted exactly when it is listed, up to the order of a
multi-card play).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..errors import IllegalMove
from .cards import CODES, COLOR, COLORS, IS_ACTION, MULTI_RANKS, PLAYABLE, RANK, STACKABLE
from .state import COLOR as CHOOSING, DRAWN, OVER, PENALTY, PLAY, State

TURN_ACTIONS = frozenset(("play", "draw", "pass", "accept", "challenge", "choose_color"))
MOVE_KEYS = {
    "play": {"type", "cards", "color"},
    "draw": {"type"},
    "pass": {"type"},
    "accept": {"type"},
    "challenge": {"type"},
    "declare": {"type"},
    "callout": {"type", "target"},
    "choose_color": {"type", "color"},
}


def matching(s: State) -> frozenset[str]:
    """The cards that may be played now by the seat in turn (in its phase), ignoring which it holds."""
    top = RANK[s.discard[-1]]
    if s.phase == PENALTY:
        return STACKABLE[s.color][top] if s.rules.stacking else frozenset()
    return PLAYABLE[s.color][top] if s.phase in (PLAY, DRAWN) else frozenset()


def ends_game(s: State, seat: int, n_cards: int, last: str) -> bool:
    """Whether playing ``n_cards`` cards ending with ``last`` wins outright (no colour is asked then: REC §6.10)."""
    return n_cards == len(s.hands[seat]) and not (s.rules.no_action_finish and IS_ACTION[last])


def multi_rank_leaving_one(hand: tuple[str, ...]) -> bool:
    """Whether all but one card of ``hand`` share a rank that may be played together (B4)."""
    counts = Counter(RANK[c] for c in hand)
    return any(k >= len(hand) - 1 and rank in MULTI_RANKS for rank, k in counts.items())


def can_declare(s: State, seat: int) -> bool:
    """The last-card call (A8/B8, REC §6.8): right after a play left one card (while that call may still be
    missed), or in advance on one's own turn when a play can leave exactly one card."""
    if seat in s.declared:
        return False
    if any(u[0] == seat for u in s.uncalled):
        return True
    if seat != s.turn or s.phase == OVER or s.phase == CHOOSING or (s.phase == PENALTY and not s.rules.stacking):
        return False
    n = len(s.hands[seat])
    if n == 2:
        return True
    return s.rules.multi_play and s.phase == PLAY and n >= 3 and multi_rank_leaving_one(s.hands[seat])


def _single_plays(s: State, seat: int, card: str) -> list[dict[str, Any]]:
    """Playing ``card`` alone: a wild once per colour, unless it wins the game (then no colour is named)."""
    if COLOR[card] is None and not ends_game(s, seat, 1, card):
        return [{"type": "play", "cards": [card], "color": c} for c in COLORS]
    return [{"type": "play", "cards": [card]}]


def _multi_plays(s: State, hand: tuple[str, ...], legal: frozenset[str]) -> list[list[str]]:
    """One order of every set of two or more alike cards (B4) that holds a legal card; the legal card first."""
    by_rank: dict[str, Counter[str]] = {}
    for c in hand:
        if RANK[c] in MULTI_RANKS:
            by_rank.setdefault(RANK[c], Counter())[c] += 1
    sets = []
    for counts in by_rank.values():
        if sum(counts.values()) < 2 or not legal.intersection(counts):
            continue
        chosen: list[list[str]] = [[]]
        for code, k in counts.items():
            chosen = [pick + [code] * m for pick in chosen for m in range(k + 1)]
        for pick in chosen:
            first = next((c for c in pick if c in legal), None)
            if len(pick) >= 2 and first:
                rest = list(pick)
                rest.remove(first)
                sets.append([first] + rest)
    return sets


def legal_moves(s: State, seat: Any) -> list[dict[str, Any]]:
    """Every move ``seat`` may make now (``[]`` when none, for a spectator, or once the game is over)."""
    if s.phase == OVER or not isinstance(seat, int) or not 0 <= seat < len(s.hands):
        return []
    moves: list[dict[str, Any]] = []
    if seat == s.turn:
        hand = s.hands[seat]
        phase = s.phase
        if phase == CHOOSING:
            moves = [{"type": "choose_color", "color": c} for c in COLORS]
        else:
            legal = matching(s)
            candidates = (s.drawn,) if phase == DRAWN else hand
            seen = set()
            for c in candidates:
                if c in legal and c not in seen:
                    seen.add(c)
                    moves += _single_plays(s, seat, c)
            if phase == PLAY:
                if s.rules.multi_play and len(hand) > 1:
                    moves += [{"type": "play", "cards": cards} for cards in _multi_plays(s, hand, legal)]
                moves.append({"type": "draw"})
            elif phase == DRAWN:
                moves.append({"type": "pass"})
            else:
                moves.append({"type": "accept"})
                if s.wd4:
                    moves.append({"type": "challenge"})
    if can_declare(s, seat):
        moves.append({"type": "declare"})
    if s.rules.call == "callout":
        moves += [{"type": "callout", "target": u[0]} for u in s.uncalled if u[0] != seat]
    return moves


def _refuse(code: str, message: str) -> IllegalMove:
    return IllegalMove(code, message)


def check(s: State, seat: Any, move: Any) -> tuple[str, tuple[str, ...], str | None, int | None]:
    """``(type, cards, color, target)`` of a move ``seat`` may make now; raises ``IllegalMove`` otherwise."""
    if type(seat) is not int or not 0 <= seat < len(s.hands):
        raise _refuse("bad_seat", f"seat must be an integer from 0 to {len(s.hands) - 1}, got {seat!r}")
    if s.phase == OVER:
        raise _refuse("game_over", "the game is over")
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise _refuse("malformed_move", 'a move is an object with a "type", e.g. {"type": "draw"}')
    kind = move["type"]
    if kind not in MOVE_KEYS:
        raise _refuse("unknown_move", f"unknown move type {kind!r}; known: {', '.join(MOVE_KEYS)}")
    extra = set(move) - MOVE_KEYS[kind]
    if extra:
        raise _refuse("malformed_move", f"a {kind} move has no field(s) {', '.join(sorted(map(repr, extra)))}")
    if kind == "declare":
        if not can_declare(s, seat):
            raise _refuse("cannot_declare", "the last-card call is possible only with two cards on your turn, "
                          "or just after a play that left you one card")  # fmt: skip
        return kind, (), None, None
    if kind == "callout":
        return kind, (), None, _check_callout(s, seat, move.get("target"))
    if seat != s.turn:
        raise _refuse("not_your_turn", f"seat {seat} cannot {kind} now: it is seat {s.turn}'s turn")
    if s.phase == CHOOSING and kind != "choose_color":
        raise _refuse("choose_color_first", "name the colour of the first card (a Wild) first")
    if kind == "play":
        cards = _check_cards(s, seat, move.get("cards"))
        return kind, cards, _check_play_color(s, seat, cards, move), None
    if kind == "choose_color":
        if s.phase != CHOOSING:
            raise _refuse("not_choosing_color", "a colour is chosen this way only for a Wild turned up first")
        return kind, (), _check_color(move.get("color")), None
    if kind == "draw" and s.phase != PLAY:
        if s.phase == DRAWN:
            raise _refuse("already_drew", "you have drawn: play the card drawn or pass")
        raise _refuse("penalty_pending", "a penalty waits on you: accept it (or stack, or challenge)")
    if kind == "pass" and s.phase != DRAWN:
        raise _refuse("nothing_drawn", "pass keeps a card just drawn; draw first")
    if kind == "accept" and s.phase != PENALTY:
        raise _refuse("no_penalty", "no penalty waits on you")
    if kind == "challenge" and not (s.phase == PENALTY and s.wd4):
        raise _refuse("cannot_challenge", "only a Wild Draw Four just played at you can be challenged")
    return kind, (), None, None


def _check_callout(s: State, seat: int, target: Any) -> int:
    if s.rules.call != "callout":
        raise _refuse("no_callout_target", "missed calls are penalised automatically with these options")
    if target == seat and type(target) is int:
        raise _refuse("no_callout_target", "you cannot call yourself out")
    if type(target) is not int or not any(u[0] == target for u in s.uncalled):
        raise _refuse("no_callout_target", f"seat {target!r} has no missed last-card call to point out")
    return target


def _check_color(color: Any) -> str:
    if color not in COLORS or not isinstance(color, str):
        raise _refuse("bad_color", f"colour must be one of {', '.join(COLORS)}, got {color!r}")
    return color


def _check_cards(s: State, seat: int, cards: Any) -> tuple[str, ...]:
    if not isinstance(cards, list) or not cards or not all(isinstance(c, str) for c in cards):
        raise _refuse("malformed_move", 'a play names its cards as a non-empty list: {"cards": ["r7"]}')
    unknown = [c for c in cards if c not in CODES]
    if unknown:
        raise _refuse("unknown_card", f"no such card: {unknown[0]!r}")
    missing = Counter(cards) - Counter(s.hands[seat])
    if missing:
        raise _refuse("card_not_in_hand", f"you do not hold {', '.join(sorted(missing.elements()))}")
    if s.phase == DRAWN and cards != [s.drawn]:
        raise _refuse("only_drawn_card", f"after drawing you may play only the card drawn ({s.drawn}), or pass")
    if s.phase == PENALTY and not s.rules.stacking:
        raise _refuse("penalty_pending", "a Wild Draw Four waits on you: accept it or challenge it")
    if len(cards) > 1:
        if not s.rules.multi_play or s.phase != PLAY:
            raise _refuse("one_card_only", "only one card may be played at a time here")
        ranks = {RANK[c] for c in cards}
        if len(ranks) > 1 or not ranks <= MULTI_RANKS:
            raise _refuse("cards_not_alike", "cards played together must share a number, or be all Skips or "
                          "all Reverses")  # fmt: skip
    if cards[0] not in matching(s):
        if s.phase == PENALTY:
            raise _refuse("cannot_stack", f"{cards[0]} cannot answer the pending draw: only a Draw Two or a "
                          "Wild Draw Four can (a Draw Two on a Wild Draw Four in its declared colour)")  # fmt: skip
        raise _refuse("card_does_not_match", f"{cards[0]} matches neither the colour {s.color} nor "
                      f"the top card {s.discard[-1]}")  # fmt: skip
    return tuple(cards)


def _check_play_color(s: State, seat: int, cards: tuple[str, ...], move: dict[str, Any]) -> str | None:
    last = cards[-1]
    if COLOR[last] is not None:
        if "color" in move:
            raise _refuse("malformed_move", f"{last} has its own colour: name a colour only for a wild")
        return None
    if ends_game(s, seat, len(cards), last):
        return _check_color(move["color"]) if "color" in move else None
    if "color" not in move:
        raise _refuse("color_required", f"name the colour for {last}: r, y, g or b")
    return _check_color(move["color"])
