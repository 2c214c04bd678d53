"""Throttles on what strangers can try: failed joins (guessing codes) and room creations (squatting codes), per
client address and per player id, across connections and Lambda instances (docs/protocol.md, "Limits").

Each limit is a counter per window in the table (``storage.count``: one conditional update, the item expiring
with its window). A join is counted *before* its room is looked up, so a burst of joins from many sockets at once
cannot pass the limit, and given back when it succeeds: only failures use the budget up. A room frame from a
connection that is not a member costs the same unit whether the code is live or not.

Many phones share an address behind a carrier's NAT or a school's network, so the per-address limits are generous
and the per-player ones tight: a person mistyping codes is stopped long before the address is, and the address
limit bounds what one place can try with fresh identities. IPv6 addresses count by their /64 (what one home or
one phone is given). A per-address counter is named by a keyed hash of the address (``hashed_subject``: HMAC-SHA256
with the secret ``address_key`` of the settings), so the table and its backups hold no client address: the same
address meets the same counter, and nobody without the key can tell which address it was (docs/privacy.md).

>>> subject_of_address("203.0.113.24"), subject_of_address("2001:db8:1:2:a:b:c:d")
('203.0.113.24', '2001:db8:1:2::/64')
>>> hashed_subject("203.0.113.24", "k" * 16) == hashed_subject("203.0.113.24", "k" * 16) != hashed_subject("203.0.113.24", "x" * 16)
True
>>> len(hashed_subject("203.0.113.24", "k" * 16))
32
>>> window_of(JOIN_BY_PLAYER, 1_000.0)
(1, 1200.0)
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import math
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Literal

from . import storage
from .refusal import Refusal
from .settings import settings


@dataclass(frozen=True)
class Limit:
    """At most ``allowed`` of ``what`` per ``by`` in each window of ``window`` seconds."""

    what: Literal["join", "create"]
    by: Literal["address", "player"]
    allowed: int
    window: float


JOIN_BY_ADDRESS = Limit("join", "address", 100, 600.0)
JOIN_BY_PLAYER = Limit("join", "player", 10, 600.0)
CREATE_BY_ADDRESS = Limit("create", "address", 60, 600.0)
#: A room nobody touches expires after ``storage.ROOM_IDLE_SECONDS``: a player holds at most about this many
#: rooms they made (their own leaving, as the last person in, gives one back: ``give_back_room``).
CREATE_BY_PLAYER = Limit("create", "player", 5, storage.ROOM_IDLE_SECONDS)

#: The client address of the request being handled (``requestContext.identity.sourceIp``), set by the transport.
client_address: ContextVar[str] = ContextVar("client_address", default="")


@dataclass(frozen=True)
class Ticket:
    """What ``take`` counted: counter keys and when their windows end, to give them back."""

    counted: tuple[tuple[str, float], ...]


def subject_of_address(address: str) -> str:
    """The address a limit counts by: an IPv4 address itself, an IPv6 address by its /64."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address or "unknown"
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def hashed_subject(subject: str, key: str) -> str:
    """What a per-address counter is named by: the first 128 bits of HMAC-SHA256(``key``, ``subject``), in hex."""
    return hmac.new(key.encode(), subject.encode(), hashlib.sha256).hexdigest()[:32]


def hashed_address() -> str:
    """What the client address of the request being handled is counted by, in the table and in memory."""
    return hashed_subject(subject_of_address(client_address.get()), settings().address_key)


def window_of(limit: Limit, now: float) -> tuple[int, float]:
    """The number of the window ``now`` falls in, and when it ends."""
    number = int(now // limit.window)
    return number, (number + 1) * limit.window


def take(limits: tuple[Limit, ...], player_id: str | None, now: float) -> Ticket:
    """Count one attempt under each of ``limits`` (per-player ones only when ``player_id`` is known); refuse with
    ``too_many_attempts`` (``retry_after``: when that limit's window ends) if one is at its limit, counting
    nothing."""
    counted: list[tuple[str, float]] = []
    for limit in limits:
        subject = hashed_address() if limit.by == "address" else player_id
        if subject is None:
            continue
        number, ends = window_of(limit, now)
        key = f"limit#{limit.what}-{limit.by}#{subject}#{number}"
        try:
            storage.count(key, limit.allowed, ends)
        except storage.OverLimit:
            give_back(Ticket(tuple(counted)))
            raise Refusal("too_many_attempts", f"too many {limit.what} attempts from this {limit.by}; wait a while",
                          retry_after=max(1, math.ceil(ends - now))) from None
        counted.append((key, ends))
    return Ticket(tuple(counted))


def give_back(ticket: Ticket) -> None:
    """Take back what ``ticket`` counted (the join succeeded; the room could not be made)."""
    for key, ends in ticket.counted:
        storage.uncount(key, ends)


def give_back_room(player_id: str, created_at: float, now: float) -> None:
    """The room ``player_id`` made at ``created_at`` has closed: it no longer counts as theirs."""
    number, ends = window_of(CREATE_BY_PLAYER, created_at)
    if ends > now:
        storage.uncount(f"limit#create-player#{player_id}#{number}", ends)


JOINS = (JOIN_BY_ADDRESS, JOIN_BY_PLAYER)
CREATES = (CREATE_BY_ADDRESS, CREATE_BY_PLAYER)
