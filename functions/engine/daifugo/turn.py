"""``apply``: checking a move and resolving it — a play, a pass, or a give in the exchange.

A play resolves in this order: (1) turn, shape, strength, lock are checked; (2) the cards go to the field;
(3) 革命 toggles, then 11バック; (4) the lock is checked; (5) an emptied hand is a foul (反則上がり, judged in the
order before step 3) or a finish followed by the 都落ち check; (6) with at most one player holding cards the
round ends and nothing else happens; (7) 8切り, スペ3返し or a foul clear the field; (8) otherwise the turn
passes. Errors are ``IllegalMove`` with a stable ``code``, checked in this order: ``game_over``, ``bad_move``,
``unknown_card``, ``not_your_turn`` / ``not_exchanging``, ``not_in_hand``, then per move ``bad_give``,
``cannot_pass``, ``bad_combination``, ``wrong_shape``, ``too_weak``, ``locked``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..errors import IllegalMove
from .cards import CARD, EIGHT, JACK, RANK_OF, codes
from .deal import next_round
from .plays import Play, beats, is_forbidden_finish, is_revolution, is_spade3_return, locks, read_play, suit_letters
from .state import Exchange, PassedOn, State

Event = dict[str, Any]
MOVE_KEYS = {"play": ({"type", "cards"}, {"seq"}), "pass": ({"type"}, set()), "give": ({"type", "cards"}, set())}


def apply(state: State, seat: Any, move: Any) -> State:
    """The state after ``seat`` makes ``move``; ``IllegalMove`` (and ``state`` unchanged) if it may not."""
    if state.phase == "over":
        raise IllegalMove("game_over", "the game is over")
    kind, cards, seq = _read(move)
    if type(seat) is not int or not 0 <= seat < state.n:
        raise IllegalMove("not_your_turn", f"{seat!r} is not a seat of this table")
    if state.phase == "exchange":
        if kind != "give":
            raise IllegalMove("not_your_turn", "the exchange comes first: no play until it is done")
        return _give(state, seat, cards)
    if kind == "give":
        raise IllegalMove("not_exchanging", "there is no exchange now")
    if seat != state.turn:
        raise IllegalMove("not_your_turn", f"seat {seat} cannot act now: it is seat {state.turn}'s turn")
    if kind == "pass":
        if state.field is None:
            raise IllegalMove("cannot_pass", "the leader must play (the field is empty)")
        return _pass(state, seat)
    _check_in_hand(state, seat, cards)
    options = state.options
    play = read_play(seat, cards, seq, sequences=options["sequences"])
    field = state.field
    spade3 = options["spade3"] and is_spade3_return(play, field)
    if field is not None and not spade3:
        if (play.kind, play.size) != (field.kind, field.size):
            shape = f"{field.size}-card {'sequence' if field.kind == 'seq' else 'set'}"
            raise IllegalMove("wrong_shape", f"the field holds a {shape}: play the same kind and number")
        if not beats(play, field, reversed_=state.reversed):
            raise IllegalMove("too_weak", f"{' '.join(codes(play.cards))} does not beat the field")
        if state.lock and play.natural_suits & ~state.lock:
            raise IllegalMove("locked", f"the field is locked to {''.join(suit_letters(state.lock))}")
    return _play(state, play, spade3)


def _read(move: Any) -> tuple[str, list[int], int | None]:
    """The move's type, card ids (distinct) and sequence start; ``bad_move`` / ``unknown_card`` otherwise."""
    if not isinstance(move, dict) or not isinstance(move.get("type"), str) or move["type"] not in MOVE_KEYS:
        raise IllegalMove("bad_move", 'a move is {"type": "play" | "pass" | "give", ...}')
    kind = move["type"]
    required, optional = MOVE_KEYS[kind]
    if not required <= move.keys() <= required | optional:
        raise IllegalMove("bad_move", f"a {kind} move has the fields {sorted(required)} (optional {sorted(optional)})")
    seq = None
    if "seq" in move:
        if not isinstance(move["seq"], str) or move["seq"] not in RANK_OF:
            raise IllegalMove("bad_move", f"seq must be a rank code (3 4 … T J Q K A 2); got {move['seq']!r}")
        seq = RANK_OF[move["seq"]]
    if "cards" not in move:
        return kind, [], seq
    cards = move["cards"]
    if not isinstance(cards, list) or not cards or not all(isinstance(c, str) for c in cards):
        raise IllegalMove("bad_move", "cards must be a non-empty list of card codes")
    if len(set(cards)) != len(cards):
        raise IllegalMove("bad_move", "a move names each card once")
    unknown = [c for c in cards if c not in CARD]
    if unknown:
        raise IllegalMove("unknown_card", f"not card codes: {', '.join(map(repr, unknown))}")
    return kind, [CARD[c] for c in cards], seq


def _check_in_hand(state: State, seat: int, cards: list[int]) -> None:
    missing = [c for c in cards if c not in state.hands[seat]]
    if missing:
        raise IllegalMove("not_in_hand", f"seat {seat} does not hold {' '.join(codes(missing))}")


def _removed(hand: tuple[int, ...], cards: Any) -> tuple[int, ...]:
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    return tuple(rest)


# --- the exchange ------------------------------------------------------------------------------------------------


def _give(state: State, seat: int, cards: list[int]) -> State:
    exchange = state.exchange
    if exchange is None or seat not in exchange.pending:
        raise IllegalMove("not_exchanging", f"seat {seat} owes no cards in this exchange")
    _check_in_hand(state, seat, cards)
    owed = exchange.owes[seat]
    if len(cards) != owed:
        raise IllegalMove("bad_give", f"give exactly {owed} card{'s' if owed > 1 else ''}; got {len(cards)}")
    titles = state.titles
    assert titles is not None  # an exchange only happens in a round with titles
    to = titles.index("daihinmin" if titles[seat] == "daifugo" else "hinmin")
    given = tuple(sorted(cards))
    hands = list(state.hands)
    hands[seat] = _removed(hands[seat], given)
    hands[to] = tuple(sorted(hands[to] + given))
    pending = tuple(s for s in exchange.pending if s != seat)
    exchange = Exchange(
        pending,
        _with(exchange.owes, seat, 0),
        _with(exchange.given, seat, given),
        _with(exchange.received, to, given),
    )
    last = {"seat": seat, "type": "give", "to": to, "cards": codes(given), "events": []}
    if pending:
        return state.change(hands=tuple(hands), exchange=exchange, last=last)
    leader = state.title_seat("daihinmin")
    return state.change(hands=tuple(hands), exchange=exchange, last=last, phase="play", turn=leader)


def _with(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return values[:index] + (value,) + values[index + 1 :]


# --- play and pass -------------------------------------------------------------------------------------------------


def _pass(state: State, seat: int) -> State:
    events: list[Event] = []
    passed = _with(state.passed, seat, True)
    passes = _with(state.passes, seat, (*state.passes[seat], PassedOn(state.trick[-1], state.reversed, state.lock)))
    changes = _turn_after(state.hands, passed, state.trick[-1].seat, seat, events)
    return state.change(
        **{"passed": passed, "passes": passes, **changes, "last": {"seat": seat, "type": "pass", "events": events}}
    )


def _play(state: State, play: Play, spade3: bool) -> State:
    options, seat = state.options, play.seat
    events: list[Event] = []
    reversed_before = state.reversed
    revolution, eleven_back, lock = state.revolution, state.eleven_back, state.lock
    if is_revolution(play, options):
        revolution = not revolution
        events.append({"type": "revolution", "on": revolution})
    if options["eleven_back"] and play.holds_rank(JACK):
        eleven_back = not eleven_back
        events.append({"type": "eleven_back", "on": eleven_back})
    if options["lock"] and not lock:
        lock = locks(play, state.field)
        if lock:
            events.append({"type": "lock", "suits": suit_letters(lock)})
    hands, out, places = list(state.hands), list(state.out), list(state.places)
    buried = state.buried
    hands[seat] = _removed(hands[seat], play.cards)
    foul = False
    if not hands[seat]:
        foul = options["forbidden_finish"] and is_forbidden_finish(play, reversed_before, options)
        if foul:
            places[seat] = max(p for p in range(1, state.n + 1) if p not in places)
            out[seat] = "foul"
            events.append({"type": "foul", "seat": seat, "place": places[seat]})
        else:
            first_finish = "finished" not in out
            places[seat] = 1 + sum(o == "finished" for o in out)
            out[seat] = "finished"
            events.append({"type": "out", "seat": seat, "place": places[seat]})
            daifugo = state.title_seat("daifugo")
            if options["miyako_ochi"] and first_finish and daifugo not in (None, seat) and hands[daifugo]:
                buried, hands[daifugo] = buried + hands[daifugo], ()
                out[daifugo] = "fallen"
                events.append({"type": "miyako_ochi", "seat": daifugo})
    last = {"seat": seat, **play.move(), "events": events}
    changes = dict(
        hands=tuple(hands),
        trick=state.trick + (play,),
        revolution=revolution,
        eleven_back=eleven_back,
        lock=lock,
        played=state.played + play.cards,
        buried=buried,
        out=tuple(out),
        places=tuple(places),
        last=last,
    )
    if sum(1 for h in hands if h) <= 1:
        return _end_round(state.change(**changes), last)
    if options["eight_cut"] and play.holds_rank(EIGHT):
        events.append({"type": "eight_cut"})
        changes.update(_clear(state.n, seat if hands[seat] else _next_holder(hands, seat), events))
    elif spade3:
        events.append({"type": "spade3"})
        changes.update(_clear(state.n, seat if hands[seat] else _next_holder(hands, seat), events))
    elif foul:
        changes.update(_clear(state.n, _next_holder(hands, seat), events))
    else:
        changes.update(_turn_after(hands, state.passed, seat, seat, events))
    return state.change(**changes)


def _next_holder(hands: Sequence[tuple[int, ...]], seat: int) -> int:
    """The first seat after ``seat`` (in seat order) that holds cards."""
    n = len(hands)
    return next((seat + i) % n for i in range(1, n + 1) if hands[(seat + i) % n])


def _turn_after(
    hands: Sequence[tuple[int, ...]], passed: tuple[bool, ...], by: int, seat: int, events: list[Event]
) -> dict[str, Any]:
    """The changes once ``seat`` has acted on ``by``'s play: the turn goes to the next holder who has not
    passed; back at ``by`` the field clears and ``by`` leads; if ``by`` is out, it clears once every holder
    has passed, and the first holder after ``by`` leads."""
    n = len(hands)
    for i in range(1, n + 1):
        t = (seat + i) % n
        if t == by and hands[by]:
            return _clear(n, by, events)
        if hands[t] and not passed[t]:
            return {"turn": t}
    return _clear(n, _next_holder(hands, by), events)


def _clear(n: int, leader: int, events: list[Event]) -> dict[str, Any]:
    """The changes when the field clears (縛り, 11バック and the passes with it) and ``leader`` leads."""
    events.append({"type": "clear", "seat": leader})
    return {"trick": (), "passed": (False,) * n, "lock": 0, "eleven_back": False, "turn": leader}


# --- the end of a round ----------------------------------------------------------------------------------------------


def _end_round(state: State, last: dict[str, Any]) -> State:
    """Places for the last holder and the fallen 大富豪, the round's points, then the next deal or the end."""
    places = list(state.places)
    top = 1 + sum(o == "finished" for o in state.out)
    for seat in range(state.n):
        if state.hands[seat]:
            places[seat], top = top, top + 1
    for seat in range(state.n):
        if state.out[seat] == "fallen":
            places[seat], top = top, top + 1
    done = tuple(place for place in places if place is not None)
    assert len(done) == state.n  # every seat has its place now
    order = sorted(range(state.n), key=done.__getitem__)
    last["events"].append({"type": "round_end", "round": state.round, "places": order})
    s = state.change(places=done, history=state.history + (done,), last=last)
    if state.round >= state.options["rounds"]:
        return s.change(phase="over", turn=None)
    return next_round(s, done)
