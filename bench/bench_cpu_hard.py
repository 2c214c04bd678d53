"""How much stronger the ``hard`` CPU is, and how long it thinks (`python -m bench cpu_hard`; figures in
docs/performance.md, "The hard CPU").

Each line seats one player under test against copies of one opponent and plays seeded games: game *k* is
seeded with *k* (a rerun gives the same figures), the tested seat moves round the table from game to game and
the first player is drawn from the game's seed. Every ``hard`` line has a control line beside it in the same
run: the ``normal`` CPU in the same seat of the same games, against the same opponents; the *paired gain* is
the mean of the game-by-game difference between the two, with its 95% interval. Win rates come with
their 95% Wilson intervals; a shared win counts 1/k for each of the k winners.

Decision time is the ``hard`` player's ``choose`` on its decisions with a choice (more than one legal move: a
lone legal move is played at once), p50 / p99 / max per game and preset, as the process's CPU time (what the
decision costs, whatever the machine's load) and as wall time.

The games run on both cores (two worker processes, at a lower priority: the machine is shared).

    python -m bench cpu_hard                        # every line, the default number of games
    python -m bench.bench_cpu_hard 200 color-rows   # a quick look: 200 games per line, one game
    python -m bench.bench_cpu_hard 200 daifugo      # 大富豪 alone
"""

from __future__ import annotations

import math
import multiprocessing
import os
import random
import sys
import time
from dataclasses import dataclass
from typing import Any

from bench.bench_cpu import MAX_ACTIONS, Policy, percentile, wilson
from bench.players import rule_player
from functions.engine import GAMES
from functions.engine.cpu import CPUS

WORKERS = 2


@dataclass(frozen=True)
class Line:
    label: str
    game_id: str
    players: int
    preset: str
    level: str  # the player under test
    opponent: str  # a CPU level, or "rule" (bench/players.py's rule player)
    games: int
    target: float | None = None
    floor: float | None = None  # the target for the interval's lower bound (None: the fair share)
    gain: float | None = None  # the target for the paired gain over the control (its interval above 0 besides)

    @property
    def fair_share(self) -> float:
        return 1 / self.players


def _lines(
    game_id: str, players: int, preset: str, opponent: str, games: int, target: float | None,
    floor: float | None = None, gain: float | None = None,
) -> list[Line]:
    """A ``hard`` line and its ``normal`` control on the same games."""
    where = f"{game_id} {players}p ({preset})"
    against = "the rule player" if opponent == "rule" else opponent
    return [
        Line(f"{where}: hard vs {players - 1} {against}", game_id, players, preset, "hard", opponent, games, target,
             floor, gain),
        Line(f"{where}: normal vs {players - 1} {against}", game_id, players, preset, "normal", opponent, games),
    ]


# Sized for the question each line asks (issue 34's bench of record): 4,000 Color Match games put a 95% interval
# at about ±1.4 points around a 25–30% win rate, and the paired gain over the control within about ±1.5 points,
# which is what telling a 4-point gain from none takes; 400 Color Rows games give about ±4.5 points around 65%,
# 1,000 大富豪 games about ±2.9 around 32%. A game with a hard seat takes about 0.55 s of CPU time in Color Match,
# 2 s in Color Rows and 大富豪, so the whole run is about 90 minutes on two cores; ``python -m bench.bench_cpu_hard
# 200 …`` is the quick look.
LINES = (
    *_lines("color-match", 4, "basic", "normal", 4000, 0.30, gain=0.04),
    *_lines("color-match", 4, "house", "normal", 4000, 0.32, gain=0.04),
    *_lines("color-match", 4, "basic", "rule", 200, None),
    *_lines("color-match", 4, "house", "rule", 200, None),
    *_lines("color-rows", 3, "standard", "normal", 400, 0.60),
    *_lines("color-rows", 3, "variant", "normal", 400, 0.60),
    # A 大富豪 game is 4 rounds, about 60 decisions of the tested seat (a quarter of them searched).
    *_lines("daifugo", 4, "basic", "normal", 1000, 0.32, 0.29),
    *_lines("daifugo", 5, "house", "normal", 400, 0.26),
)


def _opponent(line: Line) -> Policy:
    if line.opponent == "rule":
        return rule_player
    return CPUS[line.game_id].at(line.opponent).choose


def play_one(line: Line, seed: int) -> tuple[float, list[tuple[float, float]]]:
    """The tested seat's share of the win in game ``seed`` (``nan`` if it never ended) and its decision times
    (CPU, wall) in seconds, on its turns."""
    game = GAMES[line.game_id]
    rng = random.Random(seed)
    seat_under_test = seed % line.players
    tested = CPUS[line.game_id].at(line.level)
    opponent = _opponent(line)
    times: list[tuple[float, float]] = []
    state = game.setup(line.players, game.options(line.preset), rng=rng, first=rng.randrange(line.players))
    now = 0.0
    for _ in range(MAX_ACTIONS):
        state = game.advance(state, now=now)
        seat = game.current(state)
        if seat is None:
            return _win_share(game.view(state, None)["result"], seat_under_test), times
        # The tested seat may act off its turn (a call-out, a last-card call) before the seat to move does.
        if seat != seat_under_test:
            off_view = game.view(state, seat_under_test)
            cpu_started, wall_started = time.process_time(), time.perf_counter()
            off_turn = tested.choose(off_view, rng)
            if len(off_view["legal"]) > 1:  # a 大富豪 giving back in the exchange before the seat to move
                times.append((time.process_time() - cpu_started, time.perf_counter() - wall_started))
            if off_turn is not None:
                state = game.apply(state, seat_under_test, off_turn, now=now)
                now += 1.0
                continue
        view = game.view(state, seat)
        if seat == seat_under_test:
            cpu_started, wall_started = time.process_time(), time.perf_counter()
            move = tested.choose(view, rng)
            if len(view["legal"]) > 1:
                times.append((time.process_time() - cpu_started, time.perf_counter() - wall_started))
        else:
            move = opponent(view, rng)
        if move is None:
            raise AssertionError(f"seat {seat} must act but chose nothing (game {seed}): {view}")
        state = game.apply(state, seat, move, now=now)
        now += 1.0
    return math.nan, times


def _win_share(result: dict[str, Any], seat: int) -> float:
    winners = result.get("winners")
    if winners is None:  # Color Match: one winner or none
        winners = [] if result.get("winner") is None else [result["winner"]]
    return 1 / len(winners) if seat in winners else 0.0


def _play(args: tuple[Line, int]) -> tuple[float, list[tuple[float, float]]]:
    return play_one(*args)


def _lower_priority() -> None:
    os.nice(10)


def run_line(line: Line, games: int, pool: Any) -> tuple[str, list[float], list[tuple[float, float]]]:
    """The line's figures as text, the win share of each game (``nan``: unfinished) and the decision times."""
    started = time.perf_counter()
    results = pool.map(_play, [(line, seed) for seed in range(games)], chunksize=4)
    shares = [share for share, _ in results if not math.isnan(share)]
    unfinished = games - len(shares)
    wins = sum(shares)
    low, high = wilson(wins, games)
    verdict = "(control)" if line.level != "hard" else _verdict(wins / games, low, line)
    extra = f", {unfinished} unfinished" if unfinished else ""
    text = (
        f"{line.label:<52} {wins / games:6.1%}  [{low:.1%}, {high:.1%}]  fair {line.fair_share:.0%}  {verdict}"
        f"{extra}  {games} games, {time.perf_counter() - started:.0f} s"
    )
    return text, [share for share, _ in results], [t for _, times in results for t in times]


def paired_gain(hard: list[float], control: list[float], z: float = 1.96) -> tuple[float, float, float]:
    """The mean gain of the hard player over its control, game by game on the same seeds, and its 95% interval
    (normal approximation; a game unfinished on either side is left out).

    >>> tuple(round(x, 3) for x in paired_gain([1.0, 0.0, 1.0, 1.0], [0.0, 0.0, 1.0, 0.0]))
    (0.5, -0.066, 1.066)
    """
    gains = [h - c for h, c in zip(hard, control) if not (math.isnan(h) or math.isnan(c))]
    n = len(gains)
    mean = sum(gains) / n
    spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / (n - 1)) if n > 1 else 0.0
    half = z * spread / math.sqrt(n)
    return mean, mean - half, mean + half


def _verdict(rate: float, low: float, line: Line) -> str:
    if line.target is None:
        return "(no target)"
    met = "met" if rate >= line.target else "MISSED"
    if line.floor is None:
        bound = "above" if low > line.fair_share else "NOT above"
        return f"target ≥{line.target:.0%}: {met}; lower bound {bound} the fair share"
    bound = "met" if low >= line.floor else "MISSED"
    return f"target ≥{line.target:.0%}: {met}; lower bound ≥{line.floor:.0%}: {bound}"


def _gain_verdict(gain: float, low: float, line: Line) -> str:
    if line.gain is None:
        return ""
    met = "met" if gain >= line.gain else "MISSED"
    above = "above 0" if low > 0 else "NOT above 0"
    return f"  target ≥{line.gain:+.0%}: {met}; interval {above}"


def _times(label: str, times: list[tuple[float, float]]) -> str:
    cpu = [t[0] * 1e3 for t in times]
    wall = [t[1] * 1e3 for t in times]
    return (
        f"  {label}: {len(times)} decisions; CPU time p50 {percentile(cpu, 0.5):.0f} ms, p99 "
        f"{percentile(cpu, 0.99):.0f} ms, max {max(cpu):.0f} ms; wall p50 {percentile(wall, 0.5):.0f} ms, "
        f"p99 {percentile(wall, 0.99):.0f} ms (target p99 ≤ 250 ms)"
    )


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    games = next((int(a) for a in args if a.isdigit()), None)
    # Words that pick lines (a game, a preset, "rule"…); others, such as the benchmark's own name when it runs
    # under ``python -m bench cpu_hard``, pick nothing.
    wanted = [a for a in args if not a.isdigit() and any(a in ln.label for ln in LINES)]
    lines = [ln for ln in LINES if not wanted or any(w in ln.label for w in wanted)]
    print(f"{'line':<52} {'win':>6}  95% interval (Wilson)")
    with multiprocessing.get_context("fork").Pool(WORKERS, initializer=_lower_priority) as pool:
        hard_shares: list[float] = []
        hard_line: Line | None = None
        for line in lines:
            text, shares, times = run_line(line, games or line.games, pool)
            print(text, flush=True)
            if line.level == "hard":
                hard_shares, hard_line = shares, line
                if times:
                    print(_times(f"{line.game_id} {line.preset}", times), flush=True)
            elif hard_shares:  # the control of the hard line just run: the same seeds, seat by seat
                gain, low, high = paired_gain(hard_shares, shares)
                verdict = "" if hard_line is None else _gain_verdict(gain, low, hard_line)
                print(f"  paired gain of hard over normal: {gain:+.1%}  [{low:+.1%}, {high:+.1%}]{verdict}", flush=True)
                hard_shares = []


if __name__ == "__main__":
    main()
