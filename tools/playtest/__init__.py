"""Scripted players over the public WebSocket protocol: a smoke test, an end-to-end test and a load generator.

``python -m tools.playtest --url ws://localhost:8000/ws --game color-match --players 3 --cpus 1 --games 2``
plays complete games, one WebSocket per player, each deciding with the CPU players of `functions.engine` on
the view its own socket received. It fails (exit 1) on any error frame it did not provoke, any protocol
violation and any stalled game, and prints moves, games and latency percentiles. See docs/devserver.md.

In Python: ``report = await run_playtest(PlaytestConfig(url=..., game=...))``; ``report.ok``.
"""

from .config import PlaytestConfig, parse_arguments
from .report import Report
from .runner import run_playtest

__all__ = ["PlaytestConfig", "Report", "parse_arguments", "run_playtest"]
