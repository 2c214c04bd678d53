"""Item 3: faults. AWS calls fail at botocore's boundary (``faults.inject``) while games are played through the
handlers: a function that dies between its read and its write, DynamoDB refusing a conditional write or
throttling, SQS throttling, posts answering 410 Gone, throttled or unreachable, the timer function crashing.

What must hold every time: a failed request changes nothing stored (so its error is honest), the same frame sent
again is applied exactly once, and the game goes on to its end.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from functions import aws, unit_of_work
from tests.reliability.faults import Fault, inject, post_to
from tests.reliability.harness import ask, play_out, room_of, stored_room, table_items

FAILED_REQUESTS = [
    ("dynamodb", "GetItem", "crash"),
    ("dynamodb", "PutItem", "crash"),  # the function dies between its read and its write
    ("dynamodb", "GetItem", "ProvisionedThroughputExceededException"),
    ("dynamodb", "PutItem", "ProvisionedThroughputExceededException"),
    ("dynamodb", "PutItem", "ThrottlingException"),
    ("dynamodb", "PutItem", "InternalServerError"),
    ("sqs", "SendMessage", "AWS.SimpleQueueService.RequestThrottled"),
    ("sqs", "SendMessage", "crash"),
]
CLIENTS = {"dynamodb": aws.dynamodb, "sqs": aws.sqs}


def _my_turn(gateway, conn: str) -> tuple[dict[str, Any], dict[str, Any]] | None:
    frame = gateway.posts.last(conn, "room")
    if frame["phase"] != "playing" or frame["game"]["current"] != frame["you"]["seat"]:
        return None
    legal = frame["game"]["view"]["legal"]
    plays = [m for m in legal if m["type"] in ("play", "take", "place")]
    return frame, (plays or legal)[0]


def _steps(code: str, now: float) -> int:
    return stored_room(code).game.steps


def _advance_to_my_turn(gateway, conn: str) -> tuple[dict[str, Any], dict[str, Any]]:
    for _ in range(50):
        turn = _my_turn(gateway, conn)
        if turn is not None:
            return turn
        gateway.run_timers(limit=1)
    raise AssertionError("never my turn")


@pytest.mark.parametrize("service, operation, code", FAILED_REQUESTS)
def test_a_failed_request_changes_nothing_and_the_same_move_sent_again_counts_once(gateway, service, operation, code):
    """One human and a CPU: the human's moves hit the fault until it has struck once (a move that keeps the turn
    schedules no timer, so the SQS faults wait for one that passes it)."""
    room, (me,) = room_of(gateway, ["ひとり"], game="color-match", cpus=1)
    gateway.send(me.conn, action="start", room=room)
    with inject(CLIENTS[service](), operation, Fault(code)) as fault:
        for _ in range(40):
            frame, move = _advance_to_my_turn(gateway, me.conn)
            before, steps = table_items(), _steps(room, gateway.clock.t)
            reply = ask(gateway, me.conn, action="move", room=room, version=frame["version"], move=move)
            if fault.hits:
                break
            assert reply["type"] == "room"
        else:
            raise AssertionError("the fault never struck")
    assert reply["type"] == "error" and reply["code"] == "internal", reply
    assert table_items() == before, "a failed request changed the table"
    again = ask(gateway, me.conn, action="move", room=room, version=frame["version"], move=move)
    assert again["type"] == "room" and _steps(room, gateway.clock.t) == steps + 1
    double = ask(gateway, me.conn, action="move", room=room, version=frame["version"], move=move)
    assert double["code"] == "stale" and _steps(room, gateway.clock.t) == steps + 1
    assert play_out(gateway, room, [me.conn], random.Random(1))["phase"] == "finished"


def test_a_lost_conditional_write_is_retried_and_applied_once(gateway):
    room, (me, you) = room_of(gateway, ["たろう", "はなこ"], game="color-rows")
    gateway.send(me.conn, action="start", room=room)
    mover = me if gateway.posts.last(me.conn, "room")["game"]["current"] == 0 else you
    frame, move = _my_turn(gateway, mover.conn)
    steps = _steps(room, gateway.clock.t)  # 1: the start drew the first card (a forced move)
    with inject(aws.dynamodb(), "PutItem", Fault("ConditionalCheckFailedException", times=2)) as lost:
        reply = ask(gateway, mover.conn, action="move", room=room, version=frame["version"], move=move)
    assert lost.hits == 2 and reply["type"] == "room"
    assert _steps(room, gateway.clock.t) == steps + 1 and reply["version"] == frame["version"] + 1


def test_a_room_that_never_stops_changing_gets_conflict_and_nothing_else(gateway):
    room, (me, you) = room_of(gateway, ["たろう", "はなこ"])
    before = table_items()
    with inject(aws.dynamodb(), "PutItem", Fault("ConditionalCheckFailedException", times=None)) as lost:
        gateway.send_raw(me.conn, '{"action": "add_cpu", "room": "%s"}' % room)
    resync, error = gateway.posts.frames[me.conn][-2:]
    assert lost.hits == unit_of_work.MAX_ATTEMPTS and error["code"] == "conflict" and resync["type"] == "room"
    assert table_items() == before


def test_a_timer_that_crashes_comes_back_and_applies_the_cpu_move_once(gateway):
    room, (me,) = room_of(gateway, ["ひとり"], game="color-rows", cpus=1)
    gateway.send(me.conn, action="start", room=room)
    while gateway.posts.last(me.conn, "room")["game"]["current"] == 0:  # play until it is the CPU's turn
        frame, move = _my_turn(gateway, me.conn)
        ask(gateway, me.conn, action="move", room=room, version=frame["version"], move=move)
    message = gateway.timer_messages.pop()
    gateway.clock.t = message["at"]
    before, steps = table_items(), _steps(room, gateway.clock.t)
    with inject(aws.dynamodb(), "PutItem", Fault("crash")):
        answer = gateway.deliver_timers([message])
    assert answer == {"batchItemFailures": [{"itemIdentifier": "timer0"}]}  # SQS delivers it again
    assert table_items() == before
    assert gateway.deliver_timers([message]) == {"batchItemFailures": []}
    assert _steps(room, gateway.clock.t) == steps + 1
    assert gateway.deliver_timers([message]) == {"batchItemFailures": []}  # and a third time: nothing
    assert _steps(room, gateway.clock.t) == steps + 1


def _two_players(gateway) -> tuple[str, Any, Any, dict[str, Any], dict[str, Any]]:
    room, (me, you) = room_of(gateway, ["たろう", "はなこ"], game="color-match")
    gateway.send(me.conn, action="start", room=room)
    frame, move = _my_turn(gateway, me.conn)  # Color Match: the host's seat plays first
    return room, me, you, frame, move


def resume(gateway, seat, room: str) -> str:
    """The phone reconnects, as the site does when its socket closes, and takes its seat back."""
    conn = seat.conn + "-again"
    gateway.connect(conn)
    gateway.send(conn, action="hello", player_id=seat.player_id, secret=seat.secret, room=room)
    return conn


@pytest.mark.parametrize("code", ["network", "LimitExceededException", "InternalServerError", "crash"])
def test_a_post_that_fails_loses_no_move(gateway, code):
    """One member's post fails (the management API unreachable, throttled beyond botocore's retries, failing, or
    the function dying in the fan-out): the move stands, once, and the game goes on."""
    room, me, you, frame, move = _two_players(gateway)
    with inject(aws.connections(), "PostToConnection", Fault(code, times=None, when=post_to(you.conn))):
        reply = ask(gateway, me.conn, action="move", room=room, version=frame["version"], move=move)
    stored = stored_room(room)
    assert stored.game.steps == 1
    if code == "crash":  # the function died after its write, in the middle of its fan-out
        assert gateway.posts.frames[me.conn][-1]["code"] == "internal"
        again = ask(gateway, me.conn, action="move", room=room, version=frame["version"], move=move)
        assert again["code"] == "stale" and stored_room(room).game.steps == 1
    else:  # the others are told; the member who missed the frame is closed, so their phone reconnects
        assert reply["type"] == "room" and not gateway.posts.last(me.conn, "room")["members"][1]["connected"]
        assert gateway.posts.closed == [you.conn] and stored_room(room).member_by_conn(you.conn) is None
        gateway.disconnect(you.conn)
    back = resume(gateway, you, room)
    assert gateway.posts.last(back, "room")["version"] == stored_room(room).version
    assert play_out(gateway, room, [me.conn, back], random.Random(2))["phase"] == "finished"


def test_a_connection_that_is_gone_is_played_by_a_stand_in_until_the_game_ends(gateway):
    room, me, you, frame, move = _two_players(gateway)
    with inject(aws.connections(), "PostToConnection", Fault("GoneException", times=None, when=post_to(you.conn))):
        ask(gateway, me.conn, action="move", room=room, version=frame["version"], move=move)
        members = gateway.posts.last(me.conn, "room")["members"]
        assert [m["connected"] for m in members] == [True, False]
        final = play_out(gateway, room, [me.conn], random.Random(3))
    assert final["phase"] == "finished"
    assert any(e.get("by") == "standin" for f in gateway.posts.frames[me.conn] if f["type"] == "room"
               for e in f["events"])


def test_a_phone_that_drops_with_its_move_in_flight_resumes_and_the_move_counts_once(gateway):
    """The reply never reached the phone: it resumes on a new connection with the full view (the move applied)
    and the same move sent again is stale."""
    room, me, you, frame, move = _two_players(gateway)
    ask(gateway, me.conn, action="move", room=room, version=frame["version"], move=move)
    gateway.disconnect(me.conn)
    back = resume(gateway, me, room)
    view = gateway.posts.last(back, "room")
    assert view["you"]["seat"] == 0 and view["version"] > frame["version"]
    stale = ask(gateway, back, action="move", room=room, version=frame["version"], move=move)
    assert stale["code"] == "stale" and stored_room(room).game.steps == 1
