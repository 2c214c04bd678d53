"""The capacity model: from the tables playing at once to what each AWS service must carry (docs/capacity.md).

A *table* is four seats. It plays at the pace the cost model prices games at (``bench/cost.py``): a person takes
about 6 s per move, a CPU seat about 1 s (``CPU_DELAY`` in ``functions/room/autoplay.py``). Every *step* — a
person's move, or a timer playing a CPU seat — is one room read and one conditional write, and one post to each
connected person (docs/performance.md, "Server path"). Who sits at the table changes which service works
hardest, so every figure is taken from the mix that asks most of it:

- four people: the most frames in and posts out (API Gateway);
- one person and three CPU seats: the most steps (Lambda, DynamoDB), three of them timers.

``python -m infra.capacity`` prints the tables of docs/capacity.md from this module (a test keeps them equal).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SEATS_PER_TABLE = 4
HUMAN_SECONDS_PER_STEP = 6.0
CPU_SECONDS_PER_STEP = 1.0
LOBBY_AND_PINGS = 1.1
"""Frames besides moves — ``hello``, create or join, choosing and starting the game, a ping after 4 quiet
minutes — are about ten in a game of 80–120 steps (docs/cost.md): a tenth more of everything."""
HEADROOM = 2.0
"""What a stack is sized for over the planned rate: arrivals bunch (the start of an evening, a table that plays
fast) and the pace is an estimate."""
SLOW_INVOCATION_SECONDS = 0.2
"""The time per invocation that turns invocations per second into concurrent executions: four times the
~45 ms the cost model bills on average (docs/cost.md), for cold starts, DynamoDB retries and slow posts."""
RECONNECT_SECONDS = 30
"""Every person reconnecting within this long — after a network blip, or when API Gateway ends connections at
their 2-hour limit together — is the storm the new-connections quota should absorb."""
POST_BYTES = 2_400
"""The mean post to a phone in the bench's four-person games: 2.3–2.6 KB (docs/cost.md, "Data transfer")."""
ROOM_CODES = 10_000
"""Rooms are named by four-digit codes (``functions/room_codes.py``): no more rooms than this can be open at once."""
COMFORTABLE_CODE_SHARE = 0.5
"""At half the codes taken a new room finds a free code in two tries on average; beyond it creating a room
gets slower and, near the end of the space, fails (``no_free_room``)."""
MIN_STAGE_RATE = 50
"""The stage throttle of a small stack: a lobby's bursts pass, a flood's bill stays bounded."""
MIN_CONNECT_RATE = 10
"""The ``$connect`` throttle of a small stack: a room's phones reconnecting at once after a network blip pass."""


@dataclass(frozen=True)
class Quota:
    """An AWS quota (per account and Region) that bounds the stack."""

    service: str
    name: str
    code: str | None
    default: int
    unit: str


API_REQUESTS = Quota("API Gateway", "Throttle quota per account, per Region across HTTP APIs, REST APIs, WebSocket "
                     "APIs, and WebSocket callback APIs", "L-8A5B8E43", 10_000, "requests/s")
NEW_CONNECTIONS = Quota("API Gateway", "New connections per second per account (across all WebSocket APIs)",
                        "L-9ED1E49A", 500, "connections/s")
LAMBDA_CONCURRENCY = Quota("Lambda", "Concurrent executions", "L-B99A9384", 1_000, "executions")
DYNAMODB_TABLE_READS = Quota("DynamoDB", "Table-level read throughput limit", None, 40_000, "read units/s")
DYNAMODB_TABLE_WRITES = Quota("DynamoDB", "Table-level write throughput limit", None, 40_000, "write units/s")
DYNAMODB_NEW_TABLE_READS = 12_000
DYNAMODB_NEW_TABLE_WRITES = 4_000
"""What a new on-demand table serves at once; beyond it DynamoDB scales by doubling its previous peak within 30
minutes, unless the table is pre-warmed (``WarmThroughput``)."""


@dataclass(frozen=True)
class Mix:
    """Who sits at a four-seat table, and what the table asks per second."""

    people: int

    @property
    def cpus(self) -> int:
        return SEATS_PER_TABLE - self.people

    @property
    def name(self) -> str:
        people = f"{self.people} {'person' if self.people == 1 else 'people'}"
        return people + (f" + {self.cpus} CPU" if self.cpus else "")

    @property
    def round_seconds(self) -> float:
        """One turn of every seat."""
        return self.people * HUMAN_SECONDS_PER_STEP + self.cpus * CPU_SECONDS_PER_STEP

    @property
    def steps(self) -> float:
        """Room changes per second: one read and one write each."""
        return SEATS_PER_TABLE / self.round_seconds * LOBBY_AND_PINGS

    @property
    def frames(self) -> float:
        """Frames in per second (the ``$default`` route)."""
        return self.people / self.round_seconds * LOBBY_AND_PINGS

    @property
    def timers(self) -> float:
        """Timer invocations per second (CPU seats)."""
        return self.cpus / self.round_seconds

    @property
    def invocations(self) -> float:
        return self.frames + self.timers

    @property
    def posts(self) -> float:
        """Posts out per second: every step to every person at the table."""
        return self.steps * self.people

    @property
    def api_requests(self) -> float:
        """What counts against API Gateway's account throttle: frames in and posts out (callbacks)."""
        return self.frames + self.posts


MIXES = (Mix(4), Mix(2), Mix(1))


def _worst(rate: str) -> float:
    return max(getattr(mix, rate) for mix in MIXES)


@dataclass(frozen=True)
class QuotaIncrease:
    """A quota the operator must have raised (Service Quotas console) before the stack carries its tables."""

    quota: Quota
    needed: int

    def __str__(self) -> str:
        code = f" ({self.quota.code})" if self.quota.code else ""
        return (f"{self.quota.service}: {self.quota.name}{code}: {self.quota.default:,} → at least "
                f"{self.needed:,} {self.quota.unit}")


@dataclass(frozen=True)
class Plan:
    """What a stack for ``tables`` tables at once is set to, and what it needs from the account.

    >>> plan = Plan.for_tables(1_000)
    >>> plan.stage_rate_limit, plan.stage_burst_limit, plan.lambda_concurrency
    (367, 734, 183)
    >>> plan.timer_concurrency, plan.connect_rate_limit, Plan.for_tables(1).timer_concurrency
    (134, 268, 2)
    >>> plan.quota_increases
    ()
    >>> [q.quota.code for q in Plan.for_tables(10_000).quota_increases]
    ['L-8A5B8E43', 'L-9ED1E49A', 'L-B99A9384']
    """

    tables: int

    @classmethod
    def for_tables(cls, tables: int) -> Plan:
        if tables < 1:
            raise ValueError(f"a plan needs at least one table, not {tables}")
        return cls(tables)

    @property
    def people(self) -> int:
        return self.tables * SEATS_PER_TABLE

    @property
    def frames_per_second(self) -> float:
        """Planned frames in (four people at every table), before headroom."""
        return self.tables * _worst("frames")

    @property
    def stage_rate_limit(self) -> int:
        """The stage's steady frames per second (every route), with headroom."""
        return max(MIN_STAGE_RATE, math.ceil(self.frames_per_second * HEADROOM))

    @property
    def stage_burst_limit(self) -> int:
        return 2 * self.stage_rate_limit

    @property
    def api_requests_per_second(self) -> int:
        """Frames in and posts out against the account's API Gateway throttle, with headroom."""
        return math.ceil(self.tables * _worst("api_requests") * HEADROOM)

    @property
    def invocations_per_second(self) -> float:
        """Planned Lambda invocations (one person and three CPU seats at every table), before headroom."""
        return self.tables * _worst("invocations")

    @property
    def lambda_concurrency(self) -> int:
        return math.ceil(self.invocations_per_second * HEADROOM * SLOW_INVOCATION_SECONDS)

    @property
    def timer_concurrency(self) -> int:
        """The timer queue's event source at most runs this many Timer invocations at once: the planned timers'
        share of :attr:`lambda_concurrency`, so a backlog of due timers cannot take the concurrency the frames
        need (at least 2, Lambda's minimum for ``MaximumConcurrency``; at most 1,000, its maximum)."""
        timers = self.tables * _worst("timers") * HEADROOM * SLOW_INVOCATION_SECONDS
        return min(1_000, max(2, math.ceil(timers)))

    @property
    def connect_rate_limit(self) -> int:
        """The ``$connect`` route's own steady throttle: every person reconnecting within
        :data:`RECONNECT_SECONDS`, with headroom, so a flood of new connections cannot use up the stage's
        budget for game frames (at least :data:`MIN_CONNECT_RATE`)."""
        return max(MIN_CONNECT_RATE, math.ceil(self.new_connections_per_second * HEADROOM))

    @property
    def connect_burst_limit(self) -> int:
        return 2 * self.connect_rate_limit

    @property
    def dynamodb_units_per_second(self) -> int:
        """Read units and write units each (a room is ≤ 4 KB read and ≤ 1 KB written), with headroom."""
        return math.ceil(self.tables * _worst("steps") * HEADROOM)

    @property
    def warm_throughput(self) -> tuple[int, int] | None:
        """(reads, writes) per second to pre-warm the table to, when a new table would not serve the plan at once."""
        units = self.dynamodb_units_per_second
        if units <= DYNAMODB_NEW_TABLE_WRITES:
            return None
        return max(units, DYNAMODB_NEW_TABLE_READS), units

    @property
    def new_connections_per_second(self) -> int:
        """Every person reconnecting within :data:`RECONNECT_SECONDS`."""
        return math.ceil(self.people / RECONNECT_SECONDS)

    @property
    def mebibytes_out_per_second(self) -> float:
        """Posts to phones, for the data transfer line of the bill."""
        return self.tables * _worst("posts") * POST_BYTES / 2**20

    @property
    def code_share(self) -> float:
        """The share of the room codes the tables hold (rooms left open after their game hold more)."""
        return self.tables / ROOM_CODES

    @property
    def needs(self) -> tuple[tuple[Quota, int], ...]:
        """Every quota with what the plan needs of it."""
        return (
            (API_REQUESTS, self.api_requests_per_second),
            (NEW_CONNECTIONS, self.new_connections_per_second),
            (LAMBDA_CONCURRENCY, self.lambda_concurrency),
            (DYNAMODB_TABLE_READS, self.dynamodb_units_per_second),
            (DYNAMODB_TABLE_WRITES, self.dynamodb_units_per_second),
        )

    @property
    def quota_increases(self) -> tuple[QuotaIncrease, ...]:
        return tuple(QuotaIncrease(quota, _round_up(needed)) for quota, needed in self.needs if needed > quota.default)

    def quota_for(self, quota: Quota) -> int:
        """What ``quota`` must be for this plan: its default, or the increase to request."""
        needed = dict(self.needs)[quota]
        return max(quota.default, _round_up(needed))


def _round_up(value: int) -> int:
    """To two significant figures, the way one asks for a quota.

    >>> _round_up(1_334), _round_up(16_667), _round_up(201)
    (1400, 17000, 210)
    """
    step = 10 ** max(0, len(str(value)) - 2)
    return math.ceil(value / step) * step


SIZES = (100, 1_000, 5_000, 10_000)
"""The sizes docs/capacity.md shows."""


def mix_table() -> str:
    """Markdown: per-table rates of each mix."""
    rows = ["| seats | steps/s | frames in/s | timers/s | Lambda invocations/s | posts out/s | API Gateway "
            "requests/s |", "|---|---|---|---|---|---|---|"]
    for mix in MIXES:
        rows.append(f"| {mix.name} | {mix.steps:.3f} | {mix.frames:.3f} | {mix.timers:.3f} | {mix.invocations:.3f} "
                    f"| {mix.posts:.3f} | {mix.api_requests:.3f} |")
    return "\n".join(rows)


def plan_table() -> str:
    """Markdown: what each size is set to and needs."""
    plans = [Plan.for_tables(size) for size in SIZES]
    lines = [
        ("people connected", lambda p: f"{p.people:,}"),
        ("frames in/s (planned)", lambda p: f"{p.frames_per_second:,.0f}"),
        ("stage throttle: rate / burst", lambda p: f"{p.stage_rate_limit:,} / {p.stage_burst_limit:,}"),
        ("API Gateway requests/s incl. posts (×2)", lambda p: f"{p.api_requests_per_second:,}"),
        ("new connections/s (all reconnect in 30 s)", lambda p: f"{p.new_connections_per_second:,}"),
        ("Lambda invocations/s (planned)", lambda p: f"{p.invocations_per_second:,.0f}"),
        ("Lambda concurrency (×2, 0.2 s each)", lambda p: f"{p.lambda_concurrency:,}"),
        ("DynamoDB read and write units/s each (×2)", lambda p: f"{p.dynamodb_units_per_second:,}"),
        ("DynamoDB warm throughput (reads / writes)",
         lambda p: "—" if p.warm_throughput is None else f"{p.warm_throughput[0]:,} / {p.warm_throughput[1]:,}"),
        ("data out to phones, MiB/s (planned)", lambda p: f"{p.mebibytes_out_per_second:,.2f}"),
        ("room codes held by playing tables", lambda p: f"{p.code_share:.0%}"),
    ]
    rows = ["| tables at once | " + " | ".join(f"{p.tables:,}" for p in plans) + " |",
            "|---|" + "---|" * len(plans)]
    rows += [f"| {label} | " + " | ".join(cell(p) for p in plans) + " |" for label, cell in lines]
    return "\n".join(rows)


def quota_table() -> str:
    """Markdown: the quota increases each size needs."""
    rows = ["| tables at once | quota increases to request before the stack carries them |", "|---|---|"]
    for size in SIZES:
        increases = Plan.for_tables(size).quota_increases
        rows.append(f"| {size:,} | " + ("; ".join(str(q) for q in increases) or "none (defaults suffice)") + " |")
    return "\n".join(rows)


if __name__ == "__main__":
    print(mix_table(), plan_table(), quota_table(), sep="\n\n")
