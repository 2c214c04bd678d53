"""Item 2 (timers): timer messages delivered twice, late, early or out of order change nothing.

The same game is played twice with the same deal and the same decisions — one human (moving on its turns) and
two CPUs — once with every timer message delivered once at its time, once with SQS at its worst: each message
possibly delivered early first, then late by up to 20 s, together with copies of itself and of older messages,
in a shuffled batch. The two games must end in exactly the same state, move for move.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from functions import actions
from functions.room import catalog
from tests.functions.helpers import pick
from tests.reliability.harness import room_of, stored_room

LATENESS = (0.0, 0.0, 0.4, 3.0, 20.0)


def play(gateway, monkeypatch, game: str, seed: int, chaos: random.Random | None) -> tuple[Any, dict[str, int]]:
    """Play one game to its end; returns the stored game record and what the timer deliveries did."""
    monkeypatch.setattr(actions, "_new_seed", lambda: seed)
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
@pytest.mark.parametrize("game", ["color-match", "color-rows"])
def test_duplicate_late_early_and_reordered_timers_change_nothing(gateway, monkeypatch, game, seed):
    check_timer_chaos(gateway, monkeypatch, game, seed)


@pytest.mark.soak
@pytest.mark.parametrize("seed", range(200, 225))
@pytest.mark.parametrize("game", ["color-match", "color-rows"])
def test_soak_duplicate_late_early_and_reordered_timers_change_nothing(gateway, monkeypatch, game, seed):
    check_timer_chaos(gateway, monkeypatch, game, seed)
