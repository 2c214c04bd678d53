"""Over random games: a CPU only ever returns one of its legal moves, and always one when its seat must act.

Every seat is a CPU (a random mix of levels), so the games also reach the corners that good play reaches. After
each move, every seat that is not to move is asked too (a call-out, a last-card call): it may pass (``None``),
and whatever it returns must be legal.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from functions.engine import GAMES
from functions.engine.cpu import CPUS, LEVELS

MAX_ACTIONS = 3000
# The levels mixed here decide in microseconds; the ``hard`` players search for ~150 ms a move, and are played
# to the end at a test-sized budget in test_hard_cpu.py.
QUICK_LEVELS = tuple(level for level in LEVELS if level != "hard")

COLOR_MATCH_OPTIONS = st.fixed_dictionaries(
    {
        "multi_play": st.booleans(),
        "stacking": st.booleans(),
        "challenge": st.booleans(),
        "no_action_finish": st.booleans(),
        "call": st.sampled_from(["callout", "next_action", 3, 5, 10]),
    }
)
COLOR_ROWS_OPTIONS = st.fixed_dictionaries({"scoring": st.sampled_from(["standard", "variant"])})


def checked_choice(game_id: str, view: dict[str, Any], cpu: Any, rng: random.Random) -> dict[str, Any] | None:
    move = cpu.choose(view, rng)
    must_act = view["current"] == view["seat"] and bool(view["legal"])
    assert move is not None or not must_act, f"{cpu!r} chose nothing on its turn: {view}"
    assert move is None or move in view["legal"], f"{cpu!r} chose {move} outside {view['legal']}"
    return move


def play_out(game_id: str, players: int, options: dict[str, Any], seed: int) -> int:
    """Play one game of CPUs to its end, checking every decision; returns the number of actions."""
    game = GAMES[game_id]
    rng = random.Random(seed)
    cpus = [CPUS[game_id].at(rng.choice(QUICK_LEVELS)) for _ in range(players)]
    state = game.setup(players, game.validate_options(options), rng=rng, first=rng.randrange(players))
    now = 0.0
    for actions in range(MAX_ACTIONS):
        state = game.advance(state, now=now)
        seat = game.current(state)
        if seat is None:
            return actions
        acted = False
        for other in range(players):
            if other != seat:
                move = checked_choice(game_id, game.view(state, other), cpus[other], rng)
                if move is not None:
                    state, acted = game.apply(state, other, move, now=now), True
                    break
        if not acted:
            move = checked_choice(game_id, game.view(state, seat), cpus[seat], rng)
            assert move is not None
            state = game.apply(state, seat, move, now=now)
        now += 0.5
    raise AssertionError(f"game {seed} did not end in {MAX_ACTIONS} actions")


@settings(max_examples=30)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 5), options=COLOR_ROWS_OPTIONS)
def test_color_rows_cpus_play_legal_games_to_the_end(seed: int, players: int, options: dict[str, Any]) -> None:
    assert play_out("color-rows", players, options, seed) > 0


@settings(max_examples=40)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 10), options=COLOR_MATCH_OPTIONS)
def test_color_match_cpus_play_legal_games_to_the_end(seed: int, players: int, options: dict[str, Any]) -> None:
    assert play_out("color-match", players, options, seed) > 0
