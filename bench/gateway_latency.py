"""Latency through the local gateway: a move sent -> every player's view received, with ``tools.playtest``.

The gateway (``python -m devserver``, over moto's server) runs the real handlers through
``bench.timed_handlers``, which writes each invocation's wall time and the parts spent in moto (DynamoDB, SQS over
HTTP) and in the fan-out (views and the posts back to the gateway). So beside the end-to-end figure stands what
is ours: the invocation without moto and without the fan-out's waiting.
"""

from __future__ import annotations

import asyncio
import json
import tempfile
from pathlib import Path
from typing import Any, Callable

from bench.server_figures import percentile
from devserver.testing import running_gateway
from tools.playtest import PlaytestConfig, run_playtest

GAME = "color-match"
PLAYERS = (4, 10)
HANDLERS = "bench.timed_handlers"


def measure(players: int, seed: int = 1) -> tuple[list[float], list[dict[str, Any]]]:
    """One game of ``players`` scripted players: end-to-end latencies (s) and the move invocations' timings."""
    with tempfile.TemporaryDirectory(prefix="latency-") as directory:
        timings = Path(directory) / "timings.jsonl"
        routes = {"$connect": f"{HANDLERS}:connect", "$disconnect": f"{HANDLERS}:disconnect",
                  "$default": f"{HANDLERS}:message"}
        with running_gateway(routes=routes, timer_handler=f"{HANDLERS}:timer",
                             env={"BENCH_TIMINGS": str(timings)}) as gateway:
            config = PlaytestConfig(url=gateway.websocket_url, game=GAME, players=players, seed=seed)
            report = asyncio.run(run_playtest(config))
            if not report.ok:
                raise RuntimeError(f"playtest failed:\n{report.summary()}\n{gateway.log()}")
        lines = [json.loads(line) for line in timings.read_text().splitlines()]
    return report.latencies, [t for t in lines if t["handler"] == "message" and t["action"] == "move"]


def report(table: Callable[[list[str], list[list[object]]], None]) -> None:
    rows = []
    for players in PLAYERS:
        latencies, moves = measure(players)
        ms = [1000 * s for s in latencies]
        parts = {name: [1000 * t.get(name, 0.0) for t in moves] for name in ("wall", "dynamodb", "sqs", "fanout")}
        own = [1000 * (t["wall"] - t.get("dynamodb", 0.0) - t.get("sqs", 0.0) - t.get("fanout", 0.0)) for t in moves]
        rows.append([players, len(ms), f"{percentile(ms, 0.5):.1f}", f"{percentile(ms, 0.99):.1f}",
                     f"{percentile(parts['wall'], 0.5):.1f}", f"{percentile(parts['dynamodb'], 0.5):.1f}",
                     f"{percentile(parts['sqs'], 0.5):.1f}", f"{percentile(parts['fanout'], 0.5):.1f}",
                     f"{percentile(own, 0.5):.1f}"])
    table(["players", "moves", "sent -> all views p50", "p99", "handler p50", "of which moto DynamoDB",
           "moto SQS", "fan-out (views + posts)", "rest (ours, no fan-out)"], rows)
