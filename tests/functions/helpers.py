"""Steps the server tests repeat: setting up a room of players, playing a game to its end through the handlers."""

from __future__ import annotations

import random
from typing import Any

from tests.functions.conftest import Gateway


def room_with(gateway: Gateway, names: list[str], game: str | None = None) -> tuple[str, list[str]]:
    """A room created by ``names[0]`` and joined by the others (connection ids ``c0``, ``c1``, …)."""
    conns = [f"c{i}" for i in range(len(names))]
    for conn, name in zip(conns, names):
        gateway.connect(conn)
        gateway.send(conn, action="hello", name=name)
    code = gateway.send(conns[0], action="create")["code"]
    for conn in conns[1:]:
        assert gateway.send(conn, action="join", code=code)["type"] == "room"
    if game is not None:
        gateway.send(conns[0], action="select_game", room=code, game=game)
    return code, conns


PREFERENCE = ("declare", "play", "choose_color", "accept", "place", "take", "pass", "draw")


def pick(legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """A purposeful random move (play a card rather than draw one), so games end in a few dozen moves."""
    for kind in PREFERENCE:
        moves = [m for m in legal if m["type"] == kind]
        if moves:
            return rng.choice(moves)
    return rng.choice(legal)


def latest_room(gateway: Gateway, conn: str) -> dict[str, Any]:
    return gateway.posts.last(conn, "room")


def color_rows_against_a_cpu(gateway: Gateway) -> tuple[str, str]:
    """A Color Rows game of one person and one CPU seat, started and left at the CPU's turn (its timer pending);
    returns the room code and the person's connection."""
    code, (human,) = room_with(gateway, ["ゆうき"], "color-rows")
    gateway.send(human, action="add_cpu", room=code)
    gateway.send(human, action="start", room=code)
    room = latest_room(gateway, human)
    if room["game"]["current"] == 0:  # the person starts (the first card drawn with the start): place it
        gateway.send(human, action="move", room=code, version=room["version"], move=room["game"]["view"]["legal"][0])
    return code, human


def play_to_end(gateway: Gateway, code: str, conns: list[str], rng: random.Random, max_moves: int = 1000) -> dict[str, Any]:
    """Play random legal moves for the human seats (delivering timers for the others) until the game ends."""
    for _ in range(max_moves):
        frames = {conn: latest_room(gateway, conn) for conn in conns}
        newest = max(frames.values(), key=lambda f: f["version"])
        if newest["phase"] != "playing":
            return newest
        mover = next((c for c, f in frames.items() if f["version"] == newest["version"]
                      and f["game"]["view"].get("legal") and f["you"]["seat"] == f["game"]["current"]), None)
        if mover is None:
            assert gateway.timer_messages, "nobody can move and no timer is pending"
            gateway.run_timers(limit=1)
            continue
        frame = frames[mover]
        reply = gateway.send(mover, action="move", room=code, version=frame["version"],
                             move=pick(frame["game"]["view"]["legal"], rng))
        assert reply["type"] == "room", reply
    raise AssertionError("the game did not end")
