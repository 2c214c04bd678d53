"""What one move costs: exactly one DynamoDB read, one conditional write, and one post per connected member."""

from __future__ import annotations

from collections import Counter

from functions import storage
from tests.functions.helpers import latest_room, room_with


def count_dynamodb_calls() -> Counter:
    calls: Counter = Counter()

    def record(model, params, **_):
        calls[model.name] += 1
        if model.name == "PutItem" and not params["Item"]["pk"]["S"].startswith("game#"):  # not a game's record
            assert "ConditionExpression" in params, "every room write is conditional"

    storage.client().meta.events.register("provide-client-params.dynamodb", record)
    return calls


def test_a_move_costs_one_read_one_conditional_write_and_one_post_per_connected_member(gateway, posts):
    code, conns = room_with(gateway, ["たろう", "はなこ", "じろう", "ゆうき"], "color-match")
    gateway.send(conns[0], action="add_cpu", room=code)
    gateway.send(conns[0], action="start", room=code)
    gateway.disconnect(conns[3])  # three connected humans remain
    current = latest_room(gateway, conns[0])["game"]["current"]
    mover = conns[current] if current < 3 else None
    assert mover is not None, "the deal gave the turn to a CPU or the dropped seat; pick another seed"
    room = latest_room(gateway, mover)
    calls = count_dynamodb_calls()
    posts.count = 0
    gateway.send(mover, action="move", room=code, version=room["version"], move=room["game"]["view"]["legal"][0])
    assert calls == Counter({"GetItem": 1, "PutItem": 1})
    assert posts.count == 3


def test_a_room_of_ten_stays_small(gateway, posts):
    code, conns = room_with(gateway, [f"プレイヤー{i}" for i in range(10)], "color-match")
    gateway.send(conns[0], action="start", room=code)
    item = storage.client().get_item(TableName="deckroom", Key={"pk": {"S": f"room#{code}"}})["Item"]
    size = sum(len(k) + len(v.get("S", v.get("N", b"")) or v.get("B", b"")) for k, v in item.items())
    assert size <= 4096, size
