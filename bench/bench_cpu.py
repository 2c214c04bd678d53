"""How strong and how quick the CPU players are (`python -m bench cpu`; figures in docs/performance.md).

Each line plays ``GAMES`` games of the ``normal`` CPU against reference opponents (``bench/players.py``) and
reports its win rate with a 95% Wilson interval next to the fair share and the target. Every game is seeded
by its number, so a run reproduces exactly; the CPU's seat moves round the table from game to game, and the
first player is drawn from the game's seed. A shared win counts as 1/k of a win for each of the k winners.

It also reports the time per CPU decision (p50 / p99 over every ``choose`` call of every line).

    python -m bench cpu               # all four lines, 2,000 games each
    python -m bench.bench_cpu 200 color-rows    # a quick look: 200 games per line, one game
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bench.players import first_legal, greedy_rows, random_legal
from functions.engine import GAMES
from functions.engine.cpu import CPUS

GAMES_PER_LINE = 2000
MAX_ACTIONS = 5000  # far beyond any real game: a guard against an engine that never ends
Policy = Callable[[dict[str, Any], random.Random], dict[str, Any] | None]


@dataclass(frozen=True)
class Line:
    label: str
    game_id: str
    players: int
    preset: str | None
    opponent: Policy
    target: float | None  # None: a line for comparison only
    level: str = "normal"

    @property
    def fair_share(self) -> float:
        return 1 / self.players


LINES = (
    Line("Color Match 4p (basic): normal vs 3 random-legal", "color-match", 4, "basic", random_legal, 0.45),
    Line("Color Match 4p (basic): normal vs 3 first-legal", "color-match", 4, "basic", first_legal, 0.33),
    Line("Color Match 4p (house): normal vs 3 random-legal", "color-match", 4, "house", random_legal, 0.45),
    Line("Color Match 4p (house): normal vs 3 first-legal", "color-match", 4, "house", first_legal, 0.33),
    Line("Color Rows 3p: normal vs 2 random", "color-rows", 3, None, random_legal, 0.80),
    Line("Color Rows 3p: normal vs 2 greedy", "color-rows", 3, None, greedy_rows, 0.50),
    # The easy level against the same yardsticks, to show the gap between the levels.
    Line("Color Match 4p (house): easy vs 3 first-legal", "color-match", 4, "house", first_legal, None, "easy"),
    Line("Color Rows 3p: easy vs 2 greedy", "color-rows", 3, None, greedy_rows, None, "easy"),
)


def play_one(line: Line, seed: int, decision_times: list[float]) -> float:
    """The CPU's share of the win in game ``seed`` (1, 1/k for a shared win, 0); ``nan`` if it never ended."""
    game = GAMES[line.game_id]
    rng = random.Random(seed)
    cpu_seat = seed % line.players
    cpu = CPUS[line.game_id].at(line.level)

    def cpu_choose(view: dict[str, Any]) -> dict[str, Any] | None:
        started = time.perf_counter()
        move = cpu.choose(view, rng)
        decision_times.append(time.perf_counter() - started)
        return move

    state = game.setup(line.players, game.options(line.preset), rng=rng, first=rng.randrange(line.players))
    now = 0.0
    for _ in range(MAX_ACTIONS):
        state = game.advance(state, now=now)
        seat = game.current(state)
        if seat is None:
            return _win_share(game.view(state, None)["result"], cpu_seat)
        # The CPU may act off its turn (a call-out, a last-card call) before the seat to move does.
        if seat != cpu_seat:
            off_turn = cpu_choose(game.view(state, cpu_seat))
            if off_turn is not None:
                state = game.apply(state, cpu_seat, off_turn, now=now)
                now += 1.0
                continue
        view = game.view(state, seat)
        move = cpu_choose(view) if seat == cpu_seat else line.opponent(view, rng)
        if move is None:
            raise AssertionError(f"seat {seat} must act but chose nothing (game {seed}): {view}")
        state = game.apply(state, seat, move, now=now)
        now += 1.0
    return math.nan


def _win_share(result: dict[str, Any], seat: int) -> float:
    winners = result.get("winners")
    if winners is None:  # Color Match: one winner or none
        winners = [] if result.get("winner") is None else [result["winner"]]
    return 1 / len(winners) if seat in winners else 0.0


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``wins / n``.

    >>> tuple(round(x, 3) for x in wilson(50, 100))
    (0.404, 0.596)
    """
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0…1) of ``values`` by the nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def run_line(line: Line, games: int, decision_times: list[float]) -> str:
    wins, unfinished = 0.0, 0
    started = time.perf_counter()
    for seed in range(games):
        share = play_one(line, seed, decision_times)
        if math.isnan(share):
            unfinished += 1
        else:
            wins += share
    low, high = wilson(wins, games)
    extra = f", {unfinished} unfinished" if unfinished else ""
    return (
        f"{line.label:<52} {wins / games:6.1%}  [{low:.1%}, {high:.1%}]  fair {line.fair_share:.0%}  "
        f"{_verdict(wins / games, low, line.target)}{extra}  {games} games, {time.perf_counter() - started:.0f} s"
    )


def _verdict(rate: float, low: float, target: float | None) -> str:
    """Whether the win rate meets its target, and whether the whole 95% interval does."""
    if target is None:
        return "(no target)"
    if low >= target:
        return f"target ≥{target:.0%}: met, interval clear of it"
    return f"target ≥{target:.0%}: " + ("met" if rate >= target else "MISSED")


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    games = next((int(a) for a in args if a.isdigit()), GAMES_PER_LINE)
    wanted = [a for a in args if a in GAMES] or ["color-match", "color-rows"]
    print(f"{'line':<52} {'win':>6}  95% interval (Wilson)")
    for game_id in wanted:
        times: list[float] = []
        for line in LINES:
            if line.game_id == game_id:
                print(run_line(line, games, times), flush=True)
        if times:
            print(
                f"  {game_id} time per decision: p50 {percentile(times, 0.5) * 1e3:.3f} ms, "
                f"p99 {percentile(times, 0.99) * 1e3:.3f} ms, max {max(times) * 1e3:.1f} ms "
                f"over {len(times)} decisions (target p99 < 20 ms)",
                flush=True,
            )


if __name__ == "__main__":
    main()
