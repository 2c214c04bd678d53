"""How fast the Color Match engine is, next to RLCard's UNO (`python -m bench engine_color_match`).

Random self-play for 2 and 4 players, in the same run and alternating rounds so both see the same machine load:

- **ours**: each step asks ``current``, lists ``legal_moves`` for the mover (always — the figure includes it),
  and ``apply``-s a move, which builds a new state and never mutates the old one. The player plays a random
  listed play when there is one (a multi-card set counts as one play), else draws / keeps / accepts, and makes
  its last-card call when offered — RLCard's action set, plus the call the rules require.
- **RLCard**: ``rlcard.games.uno.game.UnoGame``'s raw loop: ``init_game``, then ``step`` with a random one of
  the legal actions its last ``init_game`` / ``step`` returned (``state["legal_actions"]``: the plays, or
  ``draw`` when none) until ``is_over()``. Its step builds that state (the next player's observation, legal
  actions included) whatever the caller wants; asking ``get_legal_actions()`` again would list them twice.

Both presets are measured (``basic`` and ``house``, docs/rules.md CM 2). Each round runs every engine once
(in alternating order), so a round's ratio ours / RLCard compares runs seconds apart on the same load: the
ratio columns give the median of the ``ROUNDS`` rounds' ratios and their range, in moves per second and in
games per second (our games have more moves: a draw and the play of the drawn card are two, the last-card
call is one). The engines' own columns are their best round. A last table puts the server's path per move
(``load`` → ``apply`` → ``dump`` → one ``view`` per seat) next to the bare engine, and the size of a dumped
state (compact JSON) at the deal and at its largest during a game.

    python -m bench engine_color_match
    python -m bench.bench_engine_color_match 100     # a quick look: 100 games per round
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from operator import itemgetter
from typing import Any

from functions.engine.color_match import GAME

PLAYER_COUNTS = (2, 4)
PRESETS = ("basic", "house")
GAMES_PER_ROUND = 1000
KIND = itemgetter("type")
ROUNDS = 7
REFERENCE = "RLCard UNO (raw game)"


def choose(moves: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """The call if offered, else a random play if any, else the turn's other move (``legal_moves`` lists the
    plays first, then that move)."""
    kinds = [*map(KIND, moves)]
    if "declare" in kinds:
        return moves[kinds.index("declare")]
    plays = kinds.count("play")
    return moves[int(rng.random() * plays)] if plays else moves[0]


def ours(n: int, preset: str, games: int, seed: int) -> tuple[int, int, float]:
    """(games, moves, seconds) of random self-play."""
    rng = random.Random(seed)
    options = GAME.options(preset)
    moves = 0
    started = time.process_time()
    for number in range(games):
        state = GAME.setup(n, options, rng=rng, first=number % n)
        while (seat := GAME.current(state)) is not None:
            state = GAME.apply(state, seat, choose(GAME.legal_moves(state, seat), rng), now=0.0)
            moves += 1
    return games, moves, time.process_time() - started


def ours_server_path(n: int, preset: str, games: int, seed: int) -> tuple[int, int, float]:
    """The same games with each state stored and reloaded, and every seat sent its view after each move."""
    rng = random.Random(seed)
    options = GAME.options(preset)
    moves = 0
    started = time.process_time()
    for number in range(games):
        stored = GAME.dump(GAME.setup(n, options, rng=rng, first=number % n))
        while (seat := GAME.current(state := GAME.load(stored))) is not None:
            state = GAME.apply(state, seat, choose(GAME.legal_moves(state, seat), rng), now=0.0)
            stored = GAME.dump(state)
            for viewer in range(n):
                GAME.view(state, viewer)
            moves += 1
    return games, moves, time.process_time() - started


def rlcard(n: int, games: int, seed: int) -> tuple[int, int, float]:
    """(games, moves, seconds) of RLCard's UNO raw game loop with random legal actions."""
    from rlcard.games.uno.game import UnoGame

    game = UnoGame(num_players=n)
    game.np_random.seed(seed)
    rng = random.Random(seed)
    moves = finished = 0
    started = time.process_time()
    for _ in range(games):
        try:
            state, _ = game.init_game()
            while not game.is_over():
                state, _ = game.step(rng.choice(state["legal_actions"]))
                moves += 1
            finished += 1
        except IndexError:  # RLCard's dealer pops an empty deck now and then (a 108-card deck, docs/rules.md CM 1); not counted
            pass
    return finished, moves, time.process_time() - started


Run = tuple[int, int, float]  # (games, moves, seconds) of one round


def best(runs: list[Run]) -> tuple[float, float, float]:
    """(moves/s, games/s, moves/game) of the fastest round."""
    games, moves, seconds = max(runs, key=lambda r: r[1] / r[2])
    return moves / seconds, games / seconds, moves / games


def measure(rounds: int, runs: dict[str, Callable[[int], Run]]) -> dict[str, list[Run]]:
    """Every run once per round, in alternating order (same load for all): each one's rounds."""
    results: dict[str, list[Run]] = {name: [] for name in runs}
    order = list(runs)
    for r in range(rounds):
        for name in order if r % 2 == 0 else order[::-1]:
            results[name].append(runs[name](1000 + r))
    return results


def ratios(ours: list[Run], reference: list[Run], per: int) -> tuple[float, float, float]:
    """(median, lowest, highest) over the rounds of ours / reference, in moves per second (``per`` 1) or games
    per second (``per`` 0)."""
    found = sorted((a[per] / a[2]) / (b[per] / b[2]) for a, b in zip(ours, reference))
    return statistics.median(found), found[0], found[-1]


def interval(figures: tuple[float, float, float]) -> str:
    return f"{figures[0]:.2f} ({figures[1]:.2f}–{figures[2]:.2f})"


def main(argv: list[str] | None = None) -> None:
    games = int(argv[0]) if argv else GAMES_PER_ROUND
    print(f"random self-play, {ROUNDS} rounds of {games} games; moves/s, games/s: the best round; ratio = ours / "
          "RLCard in the same round, median (range) of the rounds")
    print(f"{'players':>7} {'engine':<22} {'moves/s':>9} {'games/s':>8} {'moves/game':>10} "
          f"{'ratio moves/s':>18} {'ratio games/s':>18}")
    for n in PLAYER_COUNTS:
        runs: dict[str, Callable[[int], Run]] = {REFERENCE: lambda s: rlcard(n, games, s)}
        for preset in PRESETS:
            runs[f"color-match {preset}"] = lambda s, p=preset: ours(n, p, games, s)
        found = measure(ROUNDS, runs)
        for name, rounds in found.items():
            mps, gps, length = best(rounds)
            by_moves, by_games = (interval(ratios(rounds, found[REFERENCE], per)) for per in (1, 0))
            print(f"{n:>7} {name:<22} {mps:>9,.0f} {gps:>8,.0f} {length:>10.1f} {by_moves:>18} {by_games:>18}")
    print("\nserver path per move (load, apply, dump, a view per seat) next to the bare engine")
    print(f"{'players':>7} {'preset':<7} {'bare moves/s':>12} {'server moves/s':>14} {'bare / server':>13}")
    for n in PLAYER_COUNTS:
        for preset in PRESETS:
            found = measure(1, {
                "bare": lambda s: ours(n, preset, games // 4, s),
                "server": lambda s: ours_server_path(n, preset, games // 4, s),
            })  # fmt: skip
            bare, server = best(found["bare"])[0], best(found["server"])[0]
            print(f"{n:>7} {preset:<7} {bare:>12,.0f} {server:>14,.0f} {bare / server:>13.1f}")
    print("\nsize of a dumped state (compact JSON bytes), 20 games each")
    print(f"{'players':>7} {'preset':<7} {'at the deal':>11} {'largest':>8}")
    for n in (2, 4, 10):
        for preset in PRESETS:
            at_deal, largest = dump_sizes(n, preset, 20)
            print(f"{n:>7} {preset:<7} {at_deal:>11,} {largest:>8,}")


def dump_sizes(n: int, preset: str, games: int) -> tuple[int, int]:
    """(bytes at the deal, most bytes seen during a game) of ``dump`` as compact JSON, over ``games`` games."""
    def size(state: Any) -> int:
        return len(json.dumps(GAME.dump(state), separators=(",", ":")))

    rng = random.Random(n)
    at_deal = largest = 0
    for number in range(games):
        state = GAME.setup(n, GAME.options(preset), rng=rng, first=number % n)
        at_deal = max(at_deal, size(state))
        while (seat := GAME.current(state)) is not None:
            state = GAME.apply(state, seat, choose(GAME.legal_moves(state, seat), rng), now=0.0)
            largest = max(largest, size(state))
    return at_deal, largest


if __name__ == "__main__":
    main(sys.argv[1:])
