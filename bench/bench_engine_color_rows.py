"""How fast the Color Rows engine is (`python -m bench engine_color_rows`; figures in docs/performance.md).

1. Random self-play for 2, 3 and 5 players: every move drawn uniformly from ``legal_moves``, games and moves
   per second of the bare engine (``current`` + ``legal_moves`` + ``apply``).
2. The same games along the server's path per move (``load`` → ``apply`` → ``dump`` → a view per seat), next
   to the bare engine as a ratio: what a Lambda invocation spends in the engine.
3. Scoring a finished game (every seat's optimal score, cold cache) next to the rules read literally
   (``scoring.literal_score``: every joker colour x every choice of plus colours), both scorings.

Every game is seeded by its number, so a run reproduces exactly.

    python -m bench engine_color_rows
    python -m bench.bench_engine_color_rows 50      # a quick look: 50 games per player count
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from typing import TypeVar

from functions.engine import GAMES
from functions.engine.color_rows.scoring import literal_score, score, score_counts
from functions.engine.color_rows.state import State

GAME = GAMES["color-rows"]
PLAYER_COUNTS = (2, 3, 5)
GAMES_PER_COUNT = 300
T = TypeVar("T")


def self_play(n: int, seed: int, scoring: str = "standard") -> tuple[State, int]:
    """A finished random game and its number of moves."""
    rng = random.Random(seed)
    state = GAME.setup(n, {"scoring": scoring}, rng=rng, first=rng.randrange(n))
    moves = 0
    while (seat := GAME.current(state)) is not None:
        state = GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)), now=0.0)
        moves += 1
    return state, moves


def server_path_play(n: int, seed: int) -> int:
    """The same game as ``self_play`` with each move stored and loaded, and every seat sent its view."""
    rng = random.Random(seed)
    stored = GAME.dump(GAME.setup(n, {}, rng=rng, first=rng.randrange(n)))
    moves = 0
    while True:
        state = GAME.load(stored)
        seat = GAME.current(state)
        if seat is None:
            return moves
        state = GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)), now=0.0)
        stored = GAME.dump(state)
        for viewer in range(n):
            GAME.view(state, viewer)
        moves += 1


def measured(work: Callable[[], T]) -> tuple[float, T]:
    """Seconds ``work`` took, and what it returned."""
    started = time.perf_counter()
    result = work()
    return time.perf_counter() - started, result


def bench_self_play(games: int) -> None:
    print(f"random self-play, {games} games per player count (bare engine | server path: load+apply+dump+views)")
    print(f"{'players':>7} {'games/s':>9} {'moves/s':>9} {'moves/game':>10} | {'moves/s':>9} {'ratio':>6}")
    for n in PLAYER_COUNTS:
        bare, counts = measured(lambda: [self_play(n, seed)[1] for seed in range(games)])
        path, path_moves = measured(lambda: [server_path_play(n, seed) for seed in range(games)])
        assert path_moves == counts  # the same games, move for move
        moves = sum(counts)
        print(
            f"{n:>7} {games / bare:>9.0f} {moves / bare:>9.0f} {moves / games:>10.1f} | "
            f"{moves / path:>9.0f} {bare / path:>6.2f}"
        )


def bench_scoring(games: int) -> None:
    print(f"\nscoring a finished game, {games} games per line: µs per game (all seats), cold cache")
    print(f"{'players':>7} {'scoring':>8} {'optimal':>8} {'literal':>8} {'speed-up':>8}")
    for n in PLAYER_COUNTS:
        for scoring in ("standard", "variant"):
            finished = [self_play(n, seed, scoring)[0] for seed in range(games)]
            hands = [[s.cards_of(seat) for seat in range(n)] for s in finished]
            colors = [s.colors for s in finished]

            def optimal() -> list[int]:
                totals = []
                for cards, in_play in zip(hands, colors):
                    score_counts.cache_clear()
                    totals += [score(held, scoring, in_play).total for held in cards]
                return totals

            def literal() -> list[int]:
                return [literal_score(held, scoring, c) for cards, c in zip(hands, colors) for held in cards]

            fast, fast_totals = measured(optimal)
            slow, slow_totals = measured(literal)
            assert fast_totals == slow_totals
            print(f"{n:>7} {scoring:>8} {fast / games * 1e6:>8.0f} {slow / games * 1e6:>8.0f} {slow / fast:>8.1f}")


def main(argv: list[str] | None = None) -> None:
    games = int(argv[0]) if argv else GAMES_PER_COUNT
    bench_self_play(games)
    bench_scoring(games)


if __name__ == "__main__":
    main(sys.argv[1:])
