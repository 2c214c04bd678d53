"""What a run counts and prints."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .latency import percentile


@dataclass
class Report:
    """Counts of one run; ``failures`` empty means the run passed."""

    games_wanted: int = 0
    games_finished: int = 0
    moves_sent: int = 0
    #: Refusals the room's concurrency explains (``stale``, ``conflict``), by code: counted, not failures.
    moves_refused: Counter = field(default_factory=Counter)
    reconnections: int = 0
    #: Last-card calls the players left out on purpose (``--forget-call``).
    calls_forgotten: int = 0
    #: Room event codes as each room's host saw them; ``moved`` is counted as ``moved:<by>``.
    events: Counter = field(default_factory=Counter)
    latencies: list[float] = field(default_factory=list)
    #: Server time from a deadline (a CPU's turn, a rule deadline) to the change that applied it, as hosts saw it.
    timer_lags: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    #: Wall time of the whole run, in seconds (set by ``run_playtest``).
    elapsed: float = 0.0

    @property
    def ok(self) -> bool:
        return not self.failures and self.games_finished == self.games_wanted

    def summary(self) -> str:
        lines = [
            f"games finished: {self.games_finished}/{self.games_wanted}   moves sent: {self.moves_sent}   "
            f"refused (expected): {dict(self.moves_refused) or 0}   reconnections: {self.reconnections}",
            f"moves by the server: CPU {self.events['moved:cpu']}, stand-in {self.events['moved:standin']}, "
            f"forced {self.events['moved:forced']}   "
            f"calls forgotten: {self.calls_forgotten}   rule deadlines applied: {self.events['deadline']}",
        ]
        if self.elapsed:
            lines.append(f"throughput: {self.moves_sent / self.elapsed:.1f} moves/s sent by the players "
                         f"({self.moves_sent} in {self.elapsed:.1f} s, every room at once)")
        if self.latencies:
            in_ms = [1000 * s for s in self.latencies]
            lines.append(
                "latency, move sent -> every player's view (ms): "
                + "  ".join(f"p{round(q * 100)} {percentile(in_ms, q):.0f}" for q in (0.5, 0.9, 0.99))
                + f"  max {max(in_ms):.0f}  (n={len(in_ms)})"
            )
        if self.timer_lags:
            lags = [1000 * s for s in self.timer_lags]
            lines.append(
                "timer lag, deadline -> applied (ms): "
                + "  ".join(f"p{round(q * 100)} {percentile(lags, q):.0f}" for q in (0.5, 0.9))
                + f"  max {max(lags):.0f}  (n={len(lags)})"
            )
        lines += [f"FAILURE: {failure}" for failure in self.failures]
        lines.append("result: OK" if self.ok else "result: FAILED")
        return "\n".join(lines)
