"""The browser tests' players (plan.py) against the engine itself: every goal is met in one game, whatever the deal.

This is why the browser tests need no luck: they play one game with a fixed seed (DECKROOM_SEED), and here the
same decisions meet every goal on each of many deals. No browser is needed, so this runs in a second.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from functions.engine import GAMES
from tools.browser.plan import (
    BASIC_GOALS, HOUSE_GOALS, Action, Situation, decide, playable_alone, remaining, should_call_out,
)

GAME = GAMES["color-match"]
SEATS = 3
DEALS = range(120)


def situation(state: Any, seat: int) -> Situation:
    """What ``seat``'s phone shows (and the next player's hand), from the engine's views."""
    view = GAME.view(state, seat)
    legal = {move["type"] for move in view["legal"]}
    next_seat = view["next"]
    return Situation(
        hand=tuple(view["hand"]),
        top=view["top"],
        colour=view["color"],
        next_hand=tuple(GAME.view(state, next_seat)["hand"]) if next_seat is not None else (),
        drawn=view["drawn"] if "pass" in legal else None,
        facing_penalty="accept" in legal,
        can_challenge="challenge" in legal,
        choose_first_colour="choose_color" in legal,
    )


def moves(action: Action) -> list[dict[str, Any]]:
    """The engine moves an action's taps send."""
    if action.kind == "choose_colour":
        return [{"type": "choose_color", "color": action.colour}]
    if action.kind == "keep":
        return [{"type": "pass"}]
    if action.kind != "play":
        return [{"type": action.kind}]
    play: dict[str, Any] = {"type": "play", "cards": [action.card]}
    if action.colour:
        play["color"] = action.colour
    return [{"type": "declare"}] * action.declare + [play]


def play_one_game(preset: str, goals: tuple[str, ...], deal: int) -> set[str]:
    """One game of three, every seat played by ``decide``; returns what was shown."""
    state = GAME.setup(SEATS, GAME.options(preset), rng=random.Random(deal), first=0)
    shown: set[str] = set()
    for _ in range(2000):
        seat = GAME.current(state)
        if seat is None:
            assert GAME.view(state, None)["result"]["winner"] is not None
            return shown
        callers = [(other, move) for other in range(SEATS) for move in GAME.view(state, other)["legal"]
                   if move["type"] == "callout"]
        if callers and should_call_out(remaining(goals, shown)):
            state = GAME.apply(state, callers[0][0], callers[0][1], now=0.0)
            shown.add("callout")
            continue
        action = decide(situation(state, seat), remaining(goals, shown))
        for move in moves(action):
            state = GAME.apply(state, seat, move, now=0.0)
        if action.shows:
            shown.add(action.shows)
    raise AssertionError(f"deal {deal}: the game did not end")


@pytest.mark.parametrize(("preset", "goals"), [("basic", BASIC_GOALS), ("house", HOUSE_GOALS)])
def test_every_goal_is_met_in_one_game_on_every_deal(preset: str, goals: tuple[str, ...]) -> None:
    for deal in DEALS:
        shown = play_one_game(preset, goals, deal)
        assert set(goals) <= shown, f"{preset} deal {deal}: missing {set(goals) - shown}"
        if preset == "basic":
            assert "missed_call" in shown


def test_playable_alone_agrees_with_the_engine() -> None:
    """The players' reading of the rules is the engine's, on the positions of real games."""
    for preset in ("basic", "house"):
        state = GAME.setup(SEATS, GAME.options(preset), rng=random.Random(7), first=0)
        for _ in range(200):
            seat = GAME.current(state)
            if seat is None:
                break
            s = situation(state, seat)
            legal = {move["cards"][0] for move in GAME.view(state, seat)["legal"]
                     if move["type"] == "play" and len(move["cards"]) == 1}
            if not s.drawn and not s.choose_first_colour:
                assert {c for c in s.hand if playable_alone(c, s.top, s.colour, s.facing_penalty)} == legal
            for move in moves(decide(s, ())):
                state = GAME.apply(state, seat, move, now=0.0)
