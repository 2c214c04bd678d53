"""The server path of a move, end to end: requests, item sizes, handler time, cold start, latency, cost.

    python -m bench server

Complete games run through the real Lambda handlers in this process over moto (``bench.server_games``);
every figure below comes from those recordings, from fresh interpreters (cold start) and from the local
gateway with ``tools.playtest`` (latency). docs/performance.md ("Server path") explains each table and how to
read it; times vary with the machine's load, counts and sizes do not.
"""

from __future__ import annotations

import statistics
import warnings
from collections import defaultdict

from bench import cold_start, cost, server_figures as figures
from bench.inprocess_server import InProcessServer
from bench.server_games import GameRun, play_game

#: (game, scripted humans, CPU seats, games). Four-seat games are the cost scenario and the timing sample.
GAMES = [
    ("color-match", 2, 0, 1), ("color-match", 4, 0, 3), ("color-match", 2, 2, 1), ("color-match", 10, 0, 2),
    ("color-rows", 2, 0, 1), ("color-rows", 4, 0, 3), ("color-rows", 2, 2, 1), ("color-rows", 5, 0, 1),
]
COST_GAMES = 1000


def main() -> None:
    runs = play_all()
    print_requests(runs)
    print_sizes(runs)
    print_times(runs)
    print_cold_start()
    print_latency()
    print_cost(runs)


def play_all() -> dict[tuple[str, int, int], list[GameRun]]:
    runs: dict[tuple[str, int, int], list[GameRun]] = defaultdict(list)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # Powertools warns of invocations without metrics (connect, ping)
        with InProcessServer() as server:
            for game, humans, cpus, count in GAMES:
                for seed in range(count):
                    runs[game, humans, cpus].append(play_game(server, game, humans, cpus, seed=seed + 1))
    return runs


def table(headers: list[str], rows: list[list[object]]) -> None:
    print("| " + " | ".join(headers) + " |")
    print("|" + "---|" * len(headers))
    for row in rows:
        print("| " + " | ".join(str(cell) for cell in row) + " |")
    print()


def seats(humans: int, cpus: int) -> str:
    return f"{humans} + {cpus} CPU" if cpus else str(humans)


def print_requests(runs: dict[tuple[str, int, int], list[GameRun]]) -> None:
    print("1. Requests per move over complete games (moves = human moves + CPU steps from timers; a forced move")
    print("   rides on the move before it)\n")
    rows = []
    for (game, humans, cpus), group in runs.items():
        counted = figures.requests(group)
        pairs = ", ".join(f"{r} read + {w} write: {n}" for (r, w), n in sorted(counted.reads_writes.items()))
        rows.append([game, seats(humans, cpus), len(group), counted.moves,
                     f"{sum(r.game_moves for r in group)} ({sum(r.forced for r in group)})", pairs,
                     f"{humans} each" if counted.posts_match_members else "NO",
                     counted.timer_messages, counted.idle_timers])
    table(["game", "seats", "games", "moves", "game moves (forced)", "DynamoDB per move",
           "posts per move (connected members)", "timer messages", "idle timer reads"], rows)


def print_sizes(runs: dict[tuple[str, int, int], list[GameRun]]) -> None:
    print("2. Room item (bytes as DynamoDB counts them: names + values), humans only\n")
    rows = []
    for (game, humans, cpus), group in runs.items():
        if cpus:
            continue
        rows.append([game, humans, max(r.start_item for r in group), max(r.end_item for r in group),
                     f"{statistics.mean(figures.write_units_per_move(r) for r in group):.2f}"])
    table(["game", "players", "at the deal", "at the result", "write units per move"], rows)


def print_times(runs: dict[tuple[str, int, int], list[GameRun]]) -> None:
    print("3. Handler time per move in this process, without I/O (ms): validation, engine, every member's view,")
    print("   JSON, compression, Powertools; beside it the time inside moto's in-process DynamoDB and SQS\n")
    rows = []
    for (game, humans, cpus), group in runs.items():
        if cpus or humans not in (4, 10):
            continue
        own = figures.own_times_ms(group)
        sdk = figures.sdk_times_ms(group)
        fixed = figures.reference_times_ms(group)
        rows.append([game, humans, len(own), f"{figures.percentile(own, 0.5):.2f}",
                     f"{figures.percentile(own, 0.99):.2f}", f"{figures.percentile(sdk, 0.5):.2f}",
                     f"{figures.percentile(fixed, 0.5):.2f} / {figures.percentile(fixed, 0.99):.2f}"])
    table(["game", "players", "moves", "own p50", "own p99", "moto in-process p50",
           "fixed 1-ms work p50 / p99 (the machine's noise)"], rows)


def print_cold_start() -> None:
    print(f"4. Cold start: import time of each handler module, fresh interpreter, Lambda's environment, our code "
          f"without .pyc (ms, fastest of {cold_start.ROUNDS})\n")
    rows = []
    for subject, profiles in cold_start.measure().items():
        best = cold_start.fastest(profiles)
        heavy = sorted(best.by_package().items(), key=lambda kv: -kv[1])[:5]
        rows.append([subject, f"{best.total_us / 1000:.0f}",
                     ", ".join(f"{name} {us / 1000:.0f}" for name, us in heavy)])
    table(["module", "import ms", "largest packages (own ms)"], rows)


def print_latency() -> None:
    from bench import gateway_latency

    print("5. Latency through the local gateway (tools.playtest): move sent -> every player's view received (ms)\n")
    gateway_latency.report(table)


def print_cost(runs: dict[tuple[str, int, int], list[GameRun]]) -> None:
    print(f"6. Cost of {COST_GAMES:,} four-player games at on-demand prices (us-east-1, no free tier)\n")
    for game, humans, cpus in (("color-match", 4, 0), ("color-rows", 4, 0), ("color-match", 2, 2),
                               ("color-rows", 2, 2)):
        group = runs[game, humans, cpus]
        usages = [figures.usage(run) for run in group]
        mean = cost.Usage(**{name: statistics.mean(getattr(u, name) for u in usages)
                             for name in cost.Usage.__dataclass_fields__})
        lines = cost.bill(mean, COST_GAMES)
        rows = [[line.price.label, f"{line.quantity / COST_GAMES:,.2f}", f"{line.quantity:,.0f}", str(line.price),
                 f"${line.dollars:.4f}"] for line in lines]
        rows.append(["total", "", "", "", f"${sum(line.dollars for line in lines):.4f}"])
        print(f"{game}, {seats(humans, cpus)} ({len(group)} game(s), "
              f"{statistics.mean(len(r.moves) for r in group):.0f} moves each, "
              f"{statistics.mean(r.game_moves for r in group):.0f} game moves with the forced ones)\n")
        table(["item", "per game", f"x {COST_GAMES:,} games", "price", "cost"], rows)
    print(f"Assumptions (bench/cost.py): {cost.HUMAN_SECONDS_PER_MOVE:.0f} s per human move, "
          f"{cost.LOBBY_MINUTES:.0f} min in the lobby, a ping after {cost.PING_MINUTES:.0f} min without a frame sent, "
          f"{cost.SQS_REQUESTS_PER_MESSAGE} SQS requests per timer message; billed Lambda time = own time / "
          f"each function's share of a core (by its memory: "
          f"{', '.join(f'{name} {share:.2f}' for name, share in cost.LAMBDA_CPU_SHARE.items())}) + AWS waits "
          f"{cost.AWS_LATENCY_MS} ms.\n")
