"""How strong the 大富豪 CPU is, and how fast the engine runs (`python -m bench cpu_daifugo`).

1. Win rates: the ``normal`` CPU (and ``easy``, for comparison) in one seat against reference opponents in the
   others — ``random`` (any legal move, uniformly) and ``lowest`` (the simple rule player: play the lowest
   legal play, pass only when it cannot play; in the exchange it gives its lowest cards). Each line plays many
   seeded games (game ``i`` is seeded by ``i``; the CPU's seat moves round the table), a game being the
   preset's 4 rounds; a shared win counts 1/k for each of the k winners. Reported with the 95% Wilson
   interval, the fair share, and the CPU's mean place per round.
2. Engine speed: random self-play, moves per second of the bare engine (``current`` + ``legal_moves`` +
   ``apply``), and along the server's path (``load`` → ``apply`` → ``dump`` → a view per seat), per preset.
3. Time per CPU decision (p50 / p99).

    python -m bench cpu_daifugo            # 1,000 games per line
    python -m bench.bench_cpu_daifugo 200  # a quick look
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bench.bench_cpu import percentile, wilson
from functions.engine.cpu.daifugo.normal import DaifugoCpu
from functions.engine.daifugo import GAME

GAMES_PER_LINE = 1000
MAX_MOVES = 20000  # far beyond any real game: a guard against an engine that never ends
Policy = Callable[[dict[str, Any], random.Random], dict[str, Any] | None]


def random_player(view: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """Any legal move, uniformly."""
    legal = view["legal"]
    return rng.choice(legal) if legal else None


def lowest_player(view: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """The lowest legal play (legal moves are listed weakest first), pass only when it cannot play."""
    legal = view["legal"]
    plays = [m for m in legal if m["type"] != "pass"]
    return (plays or legal or [None])[0]


@dataclass(frozen=True)
class Line:
    label: str
    players: int
    preset: str
    opponent: Policy
    level: str = "normal"


LINES = (
    Line("4p basic: normal vs 3 random", 4, "basic", random_player),
    Line("4p basic: normal vs 3 lowest", 4, "basic", lowest_player),
    Line("4p house: normal vs 3 random", 4, "house", random_player),
    Line("4p house: normal vs 3 lowest", 4, "house", lowest_player),
    Line("5p house: normal vs 4 lowest", 5, "house", lowest_player),
    Line("3p basic: normal vs 2 lowest", 3, "basic", lowest_player),
    Line("4p house: easy vs 3 lowest", 4, "house", lowest_player, "easy"),
)


def play_one(line: Line, seed: int, decision_times: list[float]) -> tuple[float, list[int]]:
    """The CPU's share of the win in game ``seed`` and its place in each round."""
    rng = random.Random(seed)
    n = line.players
    cpu_seat = seed % n
    cpu = DaifugoCpu().at(line.level)
    state = GAME.setup(n, GAME.options(line.preset), rng=rng, first=GAME.first_seat(
        n, host_seat=0, previous_first=None, rng=rng))
    for _ in range(MAX_MOVES):
        seat = GAME.current(state)
        if seat is None:
            break
        if state.phase == "exchange" and cpu_seat in GAME.view(state, cpu_seat)["exchange"]["pending"]:
            seat = cpu_seat  # the CPU gives as soon as it owes cards
        view = GAME.view(state, seat)
        if seat == cpu_seat:
            started = time.perf_counter()
            move = cpu.choose(view, rng)
            decision_times.append(time.perf_counter() - started)
        else:
            move = line.opponent(view, rng)
        state = GAME.apply(state, seat, move, now=0.0)
    else:
        raise AssertionError(f"game {seed} did not end")
    winners = GAME.outcome(state).winners
    places = GAME.view(state, None)["result"]["scores"][cpu_seat]["places"]
    return (1 / len(winners) if cpu_seat in winners else 0.0), places


def run_line(line: Line, games: int, decision_times: list[float]) -> str:
    wins, places = 0.0, []
    started = time.perf_counter()
    for seed in range(games):
        share, round_places = play_one(line, seed, decision_times)
        wins += share
        places += round_places
    low, high = wilson(wins, games)
    return (
        f"{line.label:<34} {wins / games:6.1%}  [{low:.1%}, {high:.1%}]  fair {1 / line.players:4.0%}  "
        f"mean place {sum(places) / len(places):.2f} of {line.players}  {games} games, "
        f"{time.perf_counter() - started:.0f} s"
    )


def self_play(n: int, preset: str, seed: int, server_path: bool) -> int:
    """One random game; the number of moves. On the server's path each move is loaded, applied, dumped and
    viewed by every seat."""
    rng = random.Random(seed)
    state = GAME.setup(n, GAME.options(preset), rng=rng, first=rng.randrange(n))
    stored = GAME.dump(state)
    moves = 0
    while True:
        if server_path:
            state = GAME.load(stored)
        seat = GAME.current(state)
        if seat is None:
            return moves
        state = GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)), now=0.0)
        if server_path:
            stored = GAME.dump(state)
            for viewer in range(n):
                GAME.view(state, viewer)
        moves += 1


def bench_engine(games: int) -> None:
    print(f"\nrandom self-play, {games} games per line (bare engine | server path: load+apply+dump+views)")
    print(f"{'players':>7} {'preset':>6} {'moves/game':>10} {'moves/s':>9} | {'moves/s':>9} {'ratio':>6}")
    for n, preset in ((3, "house"), (4, "basic"), (4, "house"), (6, "house")):
        started = time.perf_counter()
        moves = sum(self_play(n, preset, seed, False) for seed in range(games))
        bare = time.perf_counter() - started
        started = time.perf_counter()
        assert sum(self_play(n, preset, seed, True) for seed in range(games)) == moves
        path = time.perf_counter() - started
        print(
            f"{n:>7} {preset:>6} {moves / games:>10.0f} {moves / bare:>9.0f} | {moves / path:>9.0f} "
            f"{bare / path:>6.2f}"
        )


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    games = next((int(a) for a in args if a.isdigit()), GAMES_PER_LINE)
    print(f"{'line':<34} {'win':>6}  95% interval (Wilson)")
    times: list[float] = []
    for line in LINES:
        print(run_line(line, games, times), flush=True)
    print(
        f"  time per decision: p50 {percentile(times, 0.5) * 1e3:.3f} ms, p99 {percentile(times, 0.99) * 1e3:.3f} ms, "
        f"max {max(times) * 1e3:.1f} ms over {len(times)} decisions (target p99 < 20 ms)"
    )
    bench_engine(max(20, games // 10))


if __name__ == "__main__":
    main()
