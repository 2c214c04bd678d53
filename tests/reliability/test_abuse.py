"""Item 6: abuse, through the handlers. Room-code guessing from one address is held to its limit whatever the
identities and sockets; a room cannot be
flooded with members or CPUs beyond its limits; a frame flood from one connection is cut off (answered once,
then dropped, then the connection closed) while every other connection goes on as before.

The same flood through the local gateway, with another room playing meanwhile: ``test_gateway_runs.py``.
"""

from __future__ import annotations

import random

from functions import rate_limit, throttle
from functions.room.model import MAX_MEMBERS, MAX_SEATS
from tests.reliability.harness import ask, guest, room_of, stored_room


def _guess_for(gateway, address: str, seconds: float, live: set[str]) -> dict[str, int]:
    """An attacker at one address tries room codes for ``seconds`` of (simulated) time as fast as it is let: a
    fresh identity on a fresh socket whenever its player is stopped, and a wait of ``retry_after`` whenever its
    address is. Returns how many guesses reached a room lookup, how many found a live room, how many were refused."""
    rng, end = random.Random(5), gateway.clock.t + seconds
    counts = {"looked_up": 0, "found": 0, "refused": 0, "identities": 0}
    conn, fresh = None, False
    while gateway.clock.t < end:
        if conn is None:
            counts["identities"] += 1
            conn = guest(gateway, f"conn-guess-{counts['identities']}-Gg=", "さがす", address=address).conn
            fresh = True
        code = f"{rng.randrange(10_000):04d}"
        reply = ask(gateway, conn, action="join", code=code)
        if reply["type"] == "room":
            counts["found"] += 1
            assert code in live
            ask(gateway, conn, action="leave", room=code)
        elif reply["code"] == "too_many_attempts":
            counts["refused"] += 1
            if fresh:  # a new identity refused at once: the address is stopped, wait
                gateway.clock.advance(reply["retry_after"])
            else:  # the player is stopped: another identity on another socket
                conn = None
            continue
        else:
            assert reply["code"] == "room_not_found" and code not in live
            counts["looked_up"] += 1
        fresh = False
    return counts


def test_guessing_codes_from_one_address_is_held_to_its_limit_whatever_the_identities_and_sockets(gateway):
    live = set()
    for i in range(20):  # friends' rooms, made from their own addresses
        live.add(room_of(gateway, [f"ホスト{i}"], tag=f"live{i}", address=f"192.0.2.{i}")[0])
    hour = _guess_for(gateway, "203.0.113.66", 3600, live)
    rate = hour["looked_up"] + hour["found"]
    print(f"\nguessing for an hour from one address, 20 live rooms: {hour}")
    windows = 3600 / throttle.JOIN_BY_ADDRESS.window
    assert rate <= throttle.JOIN_BY_ADDRESS.allowed * (windows + 1) + hour["found"]
    for rooms in (10, 100, 1000):
        print(f"  {rooms} live 4-digit rooms: one found after about {10_000 / rooms / rate * 60:.0f} minutes")


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
    for _ in range(rate_limit.CONNECTION.burst + rate_limit.CLOSE_AFTER + 50):
        gateway.send_raw(flooder.conn, '{"action": "ping"}')
    answers = gateway.posts.frames[flooder.conn][before:]
    assert [a["type"] for a in answers] == ["pong"] * (rate_limit.CONNECTION.burst - 1) + ["error"]  # 1 went on hello
    assert answers[-1]["code"] == "rate_limited" and answers[-1]["retry_after"] == 1
    assert gateway.posts.closed == [flooder.conn]
    # Everybody else is served as before, at once.
    assert ask(gateway, host.conn, action="add_cpu", room=room)["type"] == "room"
    assert gateway.posts.last(other.conn, "room")["members"][-1]["cpu"] is True
    # The flooder's bucket refills with time: a phone that paused is served again.
    clock.t += 1.0
    assert ask(gateway, flooder.conn, action="ping")["type"] == "pong"


def test_ten_sockets_flooding_from_one_address_are_held_to_the_address_s_limit(gateway, monkeypatch):
    """Issue 31: 10 sockets × 120 frames were all answered. Each socket is under its own limit, but together they
    spend their address's: at most ``ADDRESS.burst`` frames are carried out, each socket is told once, and another
    address is served as before."""
    clock = ManualClock()
    monkeypatch.setattr(rate_limit, "LIMITER", rate_limit.FrameLimiter(clock=clock))
    flooders = [guest(gateway, f"conn-flood{i}-Ff1=", "あらし", address="203.0.113.66") for i in range(10)]
    for flooder in flooders:
        for _ in range(rate_limit.CONNECTION.burst - 1):  # all of its own bucket (1 went on hello)
            gateway.send_raw(flooder.conn, '{"action": "ping"}')
    answers = [frame["type"] if frame["type"] != "error" else frame["code"]
               for flooder in flooders for frame in gateway.posts.frames[flooder.conn][1:]]
    assert answers.count("pong") == rate_limit.ADDRESS.burst - len(flooders)  # 10 went on hellos
    assert answers.count("rate_limited") <= len(flooders) and set(answers) == {"pong", "rate_limited"}
    elsewhere = guest(gateway, "conn-elsewhere-Ee1=", "ほか", address="198.51.100.200")
    assert ask(gateway, elsewhere.conn, action="ping")["type"] == "pong"
    clock.t += 1.0  # the address's bucket refills at its rate
    assert ask(gateway, flooders[0].conn, action="ping")["type"] == "pong"


def test_one_player_s_sockets_share_one_player_s_limit(gateway, monkeypatch):
    clock = ManualClock()
    monkeypatch.setattr(rate_limit, "LIMITER", rate_limit.FrameLimiter(clock=clock))
    first = guest(gateway, "conn-same-0-Ss1=", "ひとり", address="203.0.113.1")
    conns = [first.conn]
    for i in range(1, 4):  # the same identity from other sockets and addresses
        conn = f"conn-same-{i}-Ss1="
        gateway.connect(conn, address=f"203.0.113.{i + 1}")
        gateway.send(conn, action="hello", player_id=first.player_id, secret=first.secret)
        conns.append(conn)
    for conn in conns:
        for _ in range(rate_limit.CONNECTION.burst):
            gateway.send_raw(conn, '{"action": "ping"}')
    pongs = sum(frame["type"] == "pong" for conn in conns for frame in gateway.posts.frames[conn])
    assert pongs == rate_limit.PLAYER.burst  # a hello is counted for the player it makes the socket speak for after it


def test_a_class_of_30_phones_behind_one_address_playing_normally_never_meets_a_limit():
    """docs/reliability.md, "Abuse": 30 phones at one NAT address all arriving at once (hello, join, a vote, five
    stamps each), then each sending a frame a second for a minute — more than phones at play send — are never
    refused."""
    clock = ManualClock()
    limiter = rate_limit.FrameLimiter(clock=clock)
    phones = [f"phone-{i}" for i in range(30)]
    for i, phone in enumerate(phones):
        limiter.bind(phone, f"p_{i:016d}")
    verdicts = [limiter.admit(phone, "school") for phone in phones for _ in range(8)]
    for _ in range(60):
        clock.t += 1.0
        verdicts += [limiter.admit(phone, "school") for phone in phones]
    assert set(verdicts) == {"accept"}


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
