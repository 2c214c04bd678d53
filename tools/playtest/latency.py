"""Move latency: from a player sending a move to every player of the room holding the view it produced."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

HISTORY = 64  # room frames remembered per player: enough for any move still in flight


def percentile(samples: list[float], fraction: float) -> float:
    """Nearest-rank percentile.

    >>> percentile([1.0, 2.0, 3.0, 4.0], 0.5), percentile([1.0, 2.0, 3.0, 4.0], 0.99)
    (2.0, 4.0)
    """
    ordered = sorted(samples)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


@dataclass
class _Pending:
    version: int
    sent: float
    latest: float
    waiting: set[int]


@dataclass
class RoomLatency:
    """Arrival times of room frames per player of one room, matched against the moves sent.

    >>> latency = RoomLatency(players=2)
    >>> latency.arrived(1, version=8, at=10.03)
    >>> latency.moved(version=8, sent=10.00)      # the mover's reply (version 8) is known
    >>> latency.arrived(0, version=8, at=10.05)
    >>> [round(s, 3) for s in latency.samples]
    [0.05]
    """

    players: int
    samples: list[float] = field(default_factory=list)
    _arrivals: list[list[tuple[int, float]]] = field(init=False)
    _pending: list[_Pending] = field(default_factory=list, init=False)

    def __post_init__(self) -> None:
        self._arrivals = [[] for _ in range(self.players)]

    def arrived(self, player: int, *, version: int, at: float) -> None:
        """Player ``player`` received a room frame of ``version`` at ``at``."""
        history = self._arrivals[player]
        history.append((version, at))
        del history[:-HISTORY]
        for pending in list(self._pending):
            if player in pending.waiting and version >= pending.version:
                pending.waiting.discard(player)
                pending.latest = max(pending.latest, at)
                self._settle(pending)

    def moved(self, *, version: int, sent: float) -> None:
        """A move sent at ``sent`` produced room ``version`` (known from the mover's reply)."""
        pending = _Pending(version, sent, sent, set())
        for player, history in enumerate(self._arrivals):
            first = next((at for v, at in history if v >= version and at >= sent), None)
            if first is None:
                pending.waiting.add(player)
            else:
                pending.latest = max(pending.latest, first)
        self._pending.append(pending)
        self._settle(pending)

    def abandon(self, player: int) -> None:
        """``player`` lost its connection: moves still waiting for it are not measured."""
        self._pending = [p for p in self._pending if player not in p.waiting]

    def _settle(self, pending: _Pending) -> None:
        if not pending.waiting and pending in self._pending:
            self._pending.remove(pending)
            self.samples.append(pending.latest - pending.sent)
