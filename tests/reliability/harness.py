"""Steps the in-process reliability tests share: rooms of players with recognisable connection ids, a snapshot of
the whole table (to prove a refused frame changed nothing), and playing games to their end with random moves."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

import boto3

from functions import storage
from functions.room.model import Room
from tests.functions.conftest import Gateway
from tests.functions.helpers import pick


@dataclass
class Seat:
    """A simulated phone: its connection id and the identity its ``welcome`` gave it."""

    conn: str
    player_id: str
    secret: str
    name: str


def guest(gateway: Gateway, conn: str, name: str) -> Seat:
    """Connect ``conn`` and say hello as a new guest."""
    gateway.connect(conn)
    welcome = gateway.send(conn, action="hello", name=name)
    return Seat(conn, welcome["player_id"], welcome["secret"], name)


def room_of(gateway: Gateway, names: list[str], *, game: str | None = None, cpus: int = 0,
            tag: str = "room") -> tuple[str, list[Seat]]:
    """A room created by ``names[0]``, joined by the others, with ``cpus`` CPU seats.

    Connection ids are long and distinct (``conn-<tag>-0-…``) so a test can search every frame for them.
    """
    seats = [guest(gateway, f"conn-{tag}-{i}-Xq7{tag}Zw=", name) for i, name in enumerate(names)]
    code = gateway.send(seats[0].conn, action="create")["code"]
    for seat in seats[1:]:
        assert gateway.send(seat.conn, action="join", code=code)["type"] == "room"
    for _ in range(cpus):
        assert gateway.send(seats[0].conn, action="add_cpu", room=code)["type"] == "room"
    if game is not None:
        gateway.send(seats[0].conn, action="select_game", room=code, game=game)
    return code, seats


def _observer() -> Any:
    """A DynamoDB client of the test's own, so faults injected into the product's client never hit what the test
    reads to check them."""
    return boto3.client("dynamodb")


def stored_room(code: str) -> Room:
    """Room ``code`` as stored (read past any injected fault)."""
    item = _observer().get_item(TableName="deckroom", Key={"pk": {"S": f"room#{code}"}}, ConsistentRead=True)["Item"]
    return storage.decode(item["body"]["B"], int(item["version"]["N"]))


def table_items() -> dict[str, dict[str, Any]]:
    """Every item of the table by key: compare two snapshots to show that nothing changed."""
    client = _observer()
    items: dict[str, dict[str, Any]] = {}
    kwargs: dict[str, Any] = {"TableName": "deckroom", "ConsistentRead": True}
    while True:
        page = client.scan(**kwargs)
        items.update({item["pk"]["S"]: item for item in page["Items"]})
        if "LastEvaluatedKey" not in page:
            return items
        kwargs["ExclusiveStartKey"] = page["LastEvaluatedKey"]


def rooms_only(items: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {key: item for key, item in items.items() if key.startswith("room#")}


def newest_frames(gateway: Gateway, conns: list[str]) -> dict[str, dict[str, Any]]:
    return {conn: gateway.posts.last(conn, "room") for conn in conns}


def play_step(gateway: Gateway, code: str, conns: list[str], rng: random.Random) -> dict[str, Any] | None:
    """One step of a game: a human whose screen is current and who has legal moves makes one (off-turn calls
    included, as people do), else the next timer is delivered. Returns the newest frame, or None once over."""
    frames = newest_frames(gateway, conns)
    newest = max(frames.values(), key=lambda f: f["version"])
    if newest["phase"] != "playing":
        return None
    movers = [c for c, f in frames.items() if f["version"] == newest["version"] and f["game"]["view"].get("legal")]
    on_turn = [c for c in movers if frames[c]["you"]["seat"] == frames[c]["game"]["current"]]
    if on_turn and rng.random() >= 0.2:
        mover = on_turn[0]
    elif movers:  # now and then someone off turn acts first (a call, a call-out), as people do
        mover = rng.choice(movers)
    else:
        mover = None
    if mover is None:
        assert gateway.timer_messages, "nobody can move and no timer is pending"
        gateway.run_timers(limit=1)
        return newest
    frame = frames[mover]
    gateway.send(mover, action="move", room=code, version=frame["version"], move=pick(frame["game"]["view"]["legal"], rng))
    return newest


def play_out(gateway: Gateway, code: str, conns: list[str], rng: random.Random, max_steps: int = 3000) -> dict[str, Any]:
    """Play the running game to its end; the final frame of ``conns[0]``."""
    for _ in range(max_steps):
        if play_step(gateway, code, conns, rng) is None:
            return gateway.posts.last(conns[0], "room")
    raise AssertionError("the game did not end")


def ask(gateway: Gateway, conn: str, **frame: Any) -> dict[str, Any]:
    """Send ``frame`` and return its reply: the frame posted back to ``conn`` with the request's ``rid`` (a
    ``stale`` or ``conflict`` error comes after the fresh room view it brings, which carries none)."""
    rid = f"ask{len(gateway.posts.frames.get(conn, []))}"
    before = len(gateway.posts.frames.get(conn, []))
    gateway.send_raw(conn, json.dumps({**frame, "rid": rid}))
    replies = [f for f in gateway.posts.frames.get(conn, [])[before:] if f.get("rid") == rid]
    assert replies, f"no reply to {frame}"
    return replies[0]
