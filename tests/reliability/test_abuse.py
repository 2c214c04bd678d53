"""Item 6: abuse, through the handlers. Room-code guessing from one connection is slowed down; a room cannot be
flooded with members or CPUs beyond its limits; a frame flood from one connection is cut off (answered once,
then dropped, then the connection closed) while every other connection goes on as before.

The same flood through the local gateway, with another room playing meanwhile: ``test_gateway_runs.py``.
"""

from __future__ import annotations

import random

from functions import actions, rate_limit
from functions.room.model import MAX_MEMBERS, MAX_SEATS
from tests.reliability.harness import ask, guest, room_of, stored_room


def _guess_for(gateway, conn: str, seconds: float, taken: set[str]) -> dict[str, int]:
    """One connection tries room codes for ``seconds`` of (simulated) time, waiting whatever ``retry_after``
    says; returns how many guesses reached a room lookup and how many were turned away."""
    rng, end, counts = random.Random(5), gateway.clock.t + seconds, {"looked_up": 0, "turned_away": 0}
    while gateway.clock.t < end:
        code = f"{rng.randrange(10_000):04d}"
        if code in taken:
            continue
        reply = ask(gateway, conn, action="join", code=code)
        if reply["code"] == "too_many_attempts":
            counts["turned_away"] += 1
            gateway.clock.advance(reply["retry_after"])
        else:
            assert reply["code"] == "room_not_found"
            counts["looked_up"] += 1
    return counts


def test_guessing_room_codes_from_one_connection_is_slowed_to_about_one_a_minute(gateway, monkeypatch):
    # The frame limit counts in the same simulated time as the join delays (the attacker waits as told).
    monkeypatch.setattr(rate_limit, "LIMITER", rate_limit.FrameLimiter(clock=gateway.clock))
    room, _ = room_of(gateway, ["ホスト"])
    attacker = guest(gateway, "conn-guesser-Gg1=", "さがす")
    hour = _guess_for(gateway, attacker.conn, 3600, {room})
    print(f"\nguessing for an hour from one connection: {hour}")
    # 3 free failures, then waits of 2, 4, 8, 16, 32 s, then a minute each: about 60 lookups an hour.
    assert hour["looked_up"] <= actions.FREE_JOIN_FAILURES + 5 + 3600 / actions.MAX_JOIN_DELAY
    # A new hello on the same connection does not reset the count.
    wrong = next(f"{n:04d}" for n in range(10_000) if f"{n:04d}" != room)
    assert ask(gateway, attacker.conn, action="join", code=wrong)["code"] == "room_not_found"
    gateway.send(attacker.conn, action="hello", name="べつじん")
    assert ask(gateway, attacker.conn, action="join", code=room)["code"] == "too_many_attempts"
    gateway.clock.advance(actions.MAX_JOIN_DELAY)
    assert ask(gateway, attacker.conn, action="join", code=room)["type"] == "room"  # a right code still works


def test_a_room_cannot_be_flooded_with_members_or_cpus(gateway):
    room, (host,) = room_of(gateway, ["ホスト"])
    replies = [ask(gateway, host.conn, action="add_cpu", room=room) for _ in range(MAX_SEATS + 5)]
    assert sum(r["type"] == "room" for r in replies) == MAX_SEATS - 1
    assert {r["code"] for r in replies if r["type"] == "error"} == {"seats_full"}
    joined = []
    for i in range(MAX_MEMBERS + 5):
        newcomer = guest(gateway, f"conn-crowd-{i}-Cc=", f"人{i}")
        joined.append(ask(gateway, newcomer.conn, action="join", code=room))
    assert sum(r["type"] == "room" for r in joined) == MAX_MEMBERS - 1
    assert {r["code"] for r in joined if r["type"] == "error"} == {"room_full"}
    stored = stored_room(room)
    assert len(stored.humans) == MAX_MEMBERS and sum(m.cpu for m in stored.members) == MAX_SEATS - 1
    # With every seat taken by a human, no CPU can be added either.
    assert ask(gateway, host.conn, action="add_cpu", room=room)["code"] == "seats_full"


class ManualClock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def test_a_frame_flood_is_answered_once_then_dropped_then_closed_and_others_go_on(gateway, monkeypatch):
    clock = ManualClock()  # the flood arrives within one instant of the limiter's clock
    monkeypatch.setattr(rate_limit, "LIMITER", rate_limit.FrameLimiter(clock=clock))
    room, (host, other) = room_of(gateway, ["ホスト", "ともだち"])
    flooder = guest(gateway, "conn-flood-Ff1=", "あらし")
    before = len(gateway.posts.frames[flooder.conn])
    for _ in range(rate_limit.BURST + rate_limit.CLOSE_AFTER + 50):
        gateway.send_raw(flooder.conn, '{"action": "ping"}')
    answers = gateway.posts.frames[flooder.conn][before:]
    assert [a["type"] for a in answers] == ["pong"] * (rate_limit.BURST - 1) + ["error"]  # 1 went on hello
    assert answers[-1]["code"] == "rate_limited" and answers[-1]["retry_after"] == 1
    assert gateway.posts.closed == [flooder.conn]
    # Everybody else is served as before, at once.
    assert ask(gateway, host.conn, action="add_cpu", room=room)["type"] == "room"
    assert gateway.posts.last(other.conn, "room")["members"][-1]["cpu"] is True
    # The flooder's bucket refills with time: a phone that paused is served again.
    clock.t += 1.0
    assert ask(gateway, flooder.conn, action="ping")["type"] == "pong"


def test_a_connection_that_becomes_someone_else_lets_its_seat_go(gateway):
    """docs/protocol.md: a connection is in at most one room. A seated connection that says hello as a new guest
    (or as another player) releases its seat, as a closed tab would, before it can join another room."""
    a, (host, seated) = room_of(gateway, ["A1", "A2"], tag="A")
    b, (other,) = room_of(gateway, ["B1"], tag="B")
    assert ask(gateway, seated.conn, action="hello", name="べつじん")["type"] == "welcome"
    assert stored_room(a).member_by_conn(seated.conn) is None
    assert [m["connected"] for m in gateway.posts.last(host.conn, "room")["members"]] == [True, False]
    assert ask(gateway, seated.conn, action="join", code=b)["type"] == "room"
    assert [m.conn for m in stored_room(b).members] == [other.conn, seated.conn]
    # The same player saying hello again keeps the seat.
    again = ask(gateway, host.conn, action="hello", player_id=host.player_id, secret=host.secret, room=a)
    assert again["room"] == a and stored_room(a).member_by_conn(host.conn) is not None
