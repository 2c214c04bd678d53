"""Item 2 (timers): timer messages delivered twice, late, early or out of order change nothing.

The same game is played twice with the same deal and the same decisions — one human (moving on its turns) and
two CPUs — once with every timer message delivered once at its time, once with SQS at its worst: each message
possibly delivered early first, then late by up to 20 s, together with copies of itself and of older messages,
in a shuffled batch. The two games must end in exactly the same state, move for move.

And no CPU seat waits minutes for a timer that lost its write race or came before the write that scheduled it:
the first is retried in the same invocation (then put back for a second), the second put back for a second
(a few times, then dropped if that write never lands). SQS's own retry, after the 180 s visibility timeout, is
left for real faults.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from types import SimpleNamespace
from typing import Any

import pytest

from functions import aws, storage, timers, unit_of_work
from functions.actions import play as play_actions
from functions.engine import GAMES
from functions.room import catalog
from tests.functions.helpers import pick
from tests.reliability.harness import room_of, stored_room, table_items

LATENESS = (0.0, 0.0, 0.4, 3.0, 20.0)


def play(gateway, monkeypatch, game: str, seed: int, chaos: random.Random | None) -> tuple[Any, dict[str, int]]:
    """Play one game to its end; returns the stored game record and what the timer deliveries did."""
    monkeypatch.setattr(play_actions, "game_seed", lambda room: seed)
    room, (me,) = room_of(gateway, ["ひとり"], game=game, cpus=2, tag=f"{seed}{'x' if chaos else 'r'}")
    gateway.send(me.conn, action="start", room=room)
    rng, delivered, counts = random.Random(seed), [], {"messages": 0, "deliveries": 0, "late": 0}
    for _ in range(5000):
        frame = gateway.posts.last(me.conn, "room")
        if frame["phase"] == "finished":
            return stored_room(room).game, counts
        view = frame["game"]["view"]
        if frame["game"]["current"] == view["seat"] and view["legal"]:
            gateway.send(me.conn, action="move", room=room, version=frame["version"], move=pick(view["legal"], rng))
            continue
        pending = [m for m in gateway.timer_messages if m["room"] == room]
        assert pending, "the CPUs' turn, and no timer on its way"
        message = min(pending, key=lambda m: m["at"])
        gateway.timer_messages.remove(message)
        batch = [message]
        if chaos is not None:
            if chaos.random() < 0.3:  # early: the handler sees it is not due yet and sends it again
                gateway.deliver_timers([message])
                counts["deliveries"] += 1
            lateness = chaos.choice(LATENESS)
            counts["late"] += lateness > 0
            gateway.clock.t = max(gateway.clock.t, message["at"] + lateness)
            batch += [message] * chaos.randrange(2) + chaos.sample(delivered, min(len(delivered), chaos.randrange(3)))
            chaos.shuffle(batch)
        else:
            gateway.clock.t = max(gateway.clock.t, message["at"])
        assert gateway.deliver_timers(batch) == {"batchItemFailures": []}
        delivered.append(message)
        counts["messages"] += 1
        counts["deliveries"] += len(batch)
    raise AssertionError("the game did not end")


def _outcome(record: Any) -> dict[str, Any]:
    return {"state": catalog.game(record.id).dump(record.state), "steps": record.steps, "cards_played": record.cards_played,
            "result": record.result}


def check_timer_chaos(gateway, monkeypatch, game: str, seed: int) -> dict[str, int]:
    reference, _ = play(gateway, monkeypatch, game, seed, chaos=None)
    perturbed, counts = play(gateway, monkeypatch, game, seed, chaos=random.Random(seed))
    assert _outcome(perturbed) == _outcome(reference)
    assert counts["deliveries"] > counts["messages"] and counts["late"] > 0  # the chaos did happen
    print(f"\ntimers {game} seed {seed}: {counts['messages']} messages, {counts['deliveries']} deliveries, "
          f"{counts['late']} late; {reference.steps} steps, same end")
    return counts


@pytest.mark.parametrize("seed", [11, 12])
@pytest.mark.parametrize("game", list(GAMES))
def test_duplicate_late_early_and_reordered_timers_change_nothing(gateway, monkeypatch, game, seed):
    check_timer_chaos(gateway, monkeypatch, game, seed)


@pytest.mark.soak
@pytest.mark.parametrize("seed", range(200, 225))
@pytest.mark.parametrize("game", list(GAMES))
def test_soak_duplicate_late_early_and_reordered_timers_change_nothing(gateway, monkeypatch, game, seed):
    check_timer_chaos(gateway, monkeypatch, game, seed)


# --- A wake-up that loses the write race, or comes before the write that scheduled it ---------------------------


def _cpu_turn(gateway) -> tuple[str, dict[str, Any]]:
    """A Color Rows game of one person and a CPU at the CPU's turn; returns the room and its pending timer
    message, taken from the queue (the test delivers it)."""
    room, (me,) = room_of(gateway, ["ひとり"], game="color-rows", cpus=1)
    gateway.send(me.conn, action="start", room=room)
    frame = gateway.posts.last(me.conn, "room")
    if frame["game"]["current"] == frame["you"]["seat"]:
        gateway.send(me.conn, action="move", room=room, version=frame["version"], move=frame["game"]["view"]["legal"][0])
    (message,) = gateway.timer_messages
    gateway.timer_messages.clear()
    return room, message


@pytest.fixture
def rivals(monkeypatch) -> list[int]:
    """Before each of the next ``n`` room writes (``rivals.append(n)``), another change of the same room lands
    first — one that does not do what is due (a phone reconnecting, say): the write loses the race."""
    real_put, landed = storage.put_room, []

    def put_after_a_rival(room, expected, now, **options):
        if sum(landed) < sum(rivals_wanted):
            rival = storage.get_room(room.code, now)
            rival.version += 1
            real_put(rival, expected, now)
            landed.append(1)
        return real_put(room, expected, now, **options)

    rivals_wanted: list[int] = []
    monkeypatch.setattr(storage, "put_room", put_after_a_rival)
    return rivals_wanted


@pytest.fixture
def pauses(monkeypatch) -> list[float]:
    """The unit of work's pauses between attempts, recorded instead of slept."""
    slept: list[float] = []
    monkeypatch.setattr(unit_of_work, "time", SimpleNamespace(sleep=slept.append))
    return slept


def _cpu_moves(room: str) -> int:
    return stored_room(room).game.steps


def test_a_timer_that_loses_the_write_race_tries_again_at_once_and_the_cpu_moves_in_that_invocation(
        gateway, rivals, pauses):
    """Six rival writes in a row — a frame's whole budget — and the CPU still moves in the same invocation, after
    pauses of about a second at most; before, the message failed and came back after the 180 s visibility
    timeout."""
    room, message = _cpu_turn(gateway)
    steps = _cpu_moves(room)
    gateway.clock.t = message["at"]
    rivals.append(unit_of_work.MAX_ATTEMPTS)
    assert gateway.deliver_timers([message]) == {"batchItemFailures": []}
    assert _cpu_moves(room) > steps
    assert len(pauses) == unit_of_work.MAX_ATTEMPTS and sum(pauses) < 2.0


def test_a_timer_that_keeps_losing_is_put_back_for_a_second_not_failed(gateway, rivals, pauses):
    room, message = _cpu_turn(gateway)
    steps = _cpu_moves(room)
    gateway.clock.t = message["at"]
    rivals.append(play_actions.TIMER_ATTEMPTS)
    assert gateway.deliver_timers([message]) == {"batchItemFailures": []}
    assert _cpu_moves(room) == steps and sum(pauses) < 2.0
    # Besides it, the first lost attempt sent the message of the deadline it would have stored (the person's
    # "still there?", minutes away), which finds the room without it and changes nothing.
    (put_back,) = [m for m in gateway.timer_messages if m.get("put_backs")]
    assert gateway.timer_delays[-1] == (put_back, 1) and put_back == {**message, "put_backs": 1}
    gateway.clock.advance(1)
    assert gateway.deliver_timers() == {"batchItemFailures": []}
    assert _cpu_moves(room) > steps  # one second after it was due


@pytest.mark.parametrize("lost", [1, 3])
def test_a_change_that_loses_the_race_sends_one_message_for_a_deadline_minutes_away(gateway, rivals, pauses, lost):
    """Each attempt after a lost race counts on the "still there?" message the first one sent (before: one message
    per attempt); it comes minutes later, when the write that stores its deadline has long landed."""
    room, message = _cpu_turn(gateway)
    gateway.clock.t = message["at"]
    sent = len(gateway.timer_delays)
    rivals.append(lost)
    assert gateway.deliver_timers([message]) == {"batchItemFailures": []}
    (idle,) = [m for m, _ in gateway.timer_delays[sent:]]
    assert stored_room(room).timer_at == idle["at"] and idle["at"] - message["at"] > timers.LONGEST_INVOCATION
    assert len(pauses) == lost and _cpu_moves(room) > 0


def test_an_attempt_after_a_lost_race_sends_its_own_message_for_a_deadline_seconds_away(gateway, rivals, pauses):
    """A message due within the invocation could meet the rival's room before this write lands and be spent on
    it: each attempt sends its own, naming the version it would store."""
    room, (me,) = room_of(gateway, ["ひとり"], game="color-rows", cpus=1)
    sent = len(gateway.timer_delays)
    rivals.append(2)
    gateway.send(me.conn, action="start", room=room)
    versions = [m["version"] for m, _ in gateway.timer_delays[sent:]]
    assert len(versions) == 3 and versions[-1] == stored_room(room).version
    assert stored_room(room).timer_at == gateway.timer_delays[-1][0]["at"]


@contextmanager
def writes_landing_late(gateway) -> Iterator[list[tuple[dict[str, Any], Any]]]:
    """Every room write is held back until the timer messages its change sent just before it have been delivered
    at their time: each of those wake-ups comes before its write lands. Yields those deliveries
    (message, the handler's answer); what they send back is left queued for the test."""
    early: list[tuple[dict[str, Any], Any]] = []
    seen = len(gateway.timer_delays)

    def hold_back(**_: Any) -> None:
        nonlocal seen
        sent, seen = [m for m, _ in gateway.timer_delays[seen:]], len(gateway.timer_delays)
        for message in sent:
            gateway.timer_messages.remove(message)
            gateway.clock.t = max(gateway.clock.t, message["at"])
            early.append((message, gateway.deliver_timers([message])))
        seen = len(gateway.timer_delays)

    events = aws.dynamodb().meta.events
    events.register_first("before-call.dynamodb.PutItem", hold_back, unique_id="writes-landing-late")
    try:
        yield early
    finally:
        events.unregister("before-call.dynamodb.PutItem", unique_id="writes-landing-late")


def test_a_wake_up_that_comes_before_its_write_is_put_back_and_the_cpu_moves_a_second_later(gateway):
    """The person's move hands the turn to the CPU: its timer message is sent, then the write that stores the
    CPU's deadline lands late — after the message was read. Before, that message found the old room, did nothing
    and was deleted, and the CPU waited until someone acted."""
    room, (me,) = room_of(gateway, ["ひとり"], game="color-rows", cpus=1)
    gateway.send(me.conn, action="start", room=room)
    with writes_landing_late(gateway) as early:
        for _ in range(20):
            frame = gateway.posts.last(me.conn, "room")
            if frame["game"]["current"] != frame["you"]["seat"]:
                gateway.run_timers(limit=1)
            elif not early:
                gateway.send(me.conn, action="move", room=room, version=frame["version"],
                             move=frame["game"]["view"]["legal"][0])
            if early:
                break
    (message, answer), = early
    assert answer == {"batchItemFailures": []}
    (put_back,) = gateway.timer_messages  # without it, nothing would ever wake the CPU
    assert put_back == {**message, "put_backs": 1} and gateway.timer_delays[-1] == (put_back, 1)
    assert stored_room(room).due.at == message["at"]  # the write has landed since
    steps = _cpu_moves(room)
    gateway.clock.advance(1)
    assert gateway.deliver_timers() == {"batchItemFailures": []}
    assert _cpu_moves(room) > steps and gateway.clock.t - message["at"] <= 1


def test_a_wake_up_whose_write_never_lands_is_put_back_a_few_times_then_dropped(gateway):
    """The function that sent it died before its write: the message looks again after 1, 2, 4, 8 and 16 s —
    past the longest function timeout, by when a write has landed or never will — and changes nothing."""
    room, message = _cpu_turn(gateway)
    before = table_items()
    orphan = {"room": room, "at": message["at"] + 0.5, "version": stored_room(room).version + 1}
    gateway.clock.t = orphan["at"]
    sent_before = len(gateway.timer_delays)
    gateway.timer_messages.append(orphan)
    while gateway.timer_messages:
        assert gateway.deliver_timers() == {"batchItemFailures": []}
    assert [delay for _, delay in gateway.timer_delays[sent_before:]] == list(timers.PUT_BACK_DELAYS) == [1, 2, 4, 8, 16]
    assert sum(timers.PUT_BACK_DELAYS) > 30  # the timer function's timeout, the longest (infra/handlers.py)
    assert table_items() == before


def test_a_wait_that_moves_with_every_change_costs_one_message_per_wait_not_one_per_move(gateway):
    """Two people, no turn timer: each move moves the "still there?" deadline of the next (``IDLE_TURN`` after it).
    The first message stays the one the room counts on; when it comes, it applies nothing yet and sends one for
    the deadline as it now is, and that one makes the stand-in move for the person who never came back."""
    room, people = room_of(gateway, ["たろう", "はなこ"], game="color-rows")
    gateway.send(people[0].conn, action="start", room=room)
    sent_before = len(gateway.timer_delays)
    for _ in range(6):  # both take turns, a second apart
        gateway.clock.advance(1)
        frame = gateway.posts.last(people[0].conn, "room")
        mover = next(p for p in people if gateway.posts.last(p.conn, "room")["you"]["seat"] == frame["game"]["current"])
        view = gateway.posts.last(mover.conn, "room")["game"]["view"]
        gateway.send(mover.conn, action="move", room=room, version=frame["version"], move=view["legal"][0])
    assert len(gateway.timer_delays) - sent_before <= 1  # at most the first wait's (the start's message may serve)
    (first,) = [m for m in gateway.timer_messages if m["room"] == room]
    deadline = stored_room(room).due
    assert deadline.kind == "idle" and first["at"] < deadline.at

    gateway.clock.t = first["at"]
    steps = stored_room(room).game.steps
    assert gateway.deliver_timers() == {"batchItemFailures": []}
    (second,) = gateway.timer_messages
    assert second["at"] == deadline.at and stored_room(room).game.steps == steps  # nothing was due yet

    gateway.clock.t = second["at"]
    assert gateway.deliver_timers() == {"batchItemFailures": []}
    assert stored_room(room).game.steps > steps  # the stand-in moved when the person's wait ran out
