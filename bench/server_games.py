"""Complete games through the real handlers (``bench.inprocess_server``), recorded invocation by invocation.

Each human seat is a scripted client deciding with the game's CPU player on the view its own connection was
posted (as ``tools.playtest`` does), about ``THINK`` seconds after the room last changed; CPU seats are played
by the server on timer messages. ``play_game`` returns a ``GameRun``: every invocation from the deal to the
result, and the room item's size at both ends.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from bench.inprocess_server import InProcessServer, Invocation

THINK = 2.0  # seconds a scripted human takes per move; CPU seats act after the server's one-second delay
MAX_INVOCATIONS = 5_000  # far above any game; stops a stuck game instead of looping


@dataclass
class GameRun:
    """One complete game, its invocations in three parts: ``setup`` (connecting, ``hello``, the room, the lobby,
    up to and with ``start``), ``play`` (the moves and timers to the result) and ``teardown`` (the players'
    connections closing)."""

    game: str
    humans: int
    cpus: int
    setup: list[Invocation]
    play: list[Invocation]
    teardown: list[Invocation]
    start_item: int  # bytes of the room item written by ``start``
    end_item: int  # bytes of the room item written with the result
    game_moves: int  # every move of the game (``moved`` events), the forced ones included
    forced: int  # moves the server made because they were the seat's only legal move (``by: "forced"``)

    @property
    def seats(self) -> int:
        return self.humans + self.cpus

    @property
    def moves(self) -> list[Invocation]:
        """Invocations that changed the game: a human's move, or a timer that played a CPU seat or a deadline (a
        forced move rides on the invocation before it)."""
        return [i for i in self.play if i.wrote_room and (i.action == "move" or i.handler == "timer")]

    @property
    def idle_timers(self) -> list[Invocation]:
        """Timer messages that found nothing due (their deadline was overtaken by a human's move)."""
        return [i for i in self.play if i.handler == "timer" and not i.wrote_room]


def play_game(server: InProcessServer, game: str, humans: int, cpus: int, seed: int) -> GameRun:
    """Set up a room of ``humans`` scripted players and ``cpus`` CPU seats, start ``game`` and play it out."""
    from functions.engine.cpu import CPUS

    conns = [f"s{seed}p{i}" for i in range(humans)]
    first = len(server.invocations)
    for i, conn in enumerate(conns):
        server.connect(conn)
        server.send(conn, action="hello", name=f"プレイヤー{i + 1}")
    host = conns[0]
    server.send(host, action="create")
    code = _room_frame(server, host)["code"]
    for conn in conns[1:]:
        server.send(conn, action="join", code=code)
    for _ in range(cpus):
        server.send(host, action="add_cpu", room=code)
    server.send(host, action="select_game", room=code, game=game)
    before_start = len(server.frames(host))
    start = server.send(host, action="start", room=code)
    setup = server.invocations[first:]
    rngs = {conn: random.Random(f"{seed}:{conn}") for conn in conns}
    first = len(server.invocations)
    while len(server.invocations) - first < MAX_INVOCATIONS:
        frames = {conn: _room_frame(server, conn) for conn in conns}
        newest = max(frames.values(), key=lambda frame: frame["version"])
        if newest["phase"] != "playing":
            play = server.invocations[first:]
            moved = [e for frame in server.frames(host)[before_start:] if frame["type"] == "room"
                     for e in frame["events"] if e["code"] == "moved"]
            teardown = [server.disconnect(conn) for conn in conns]
            return GameRun(game, humans, cpus, setup, play, teardown, _room_write(start), _room_write(play[-1]),
                           game_moves=len(moved), forced=sum(e["by"] == "forced" for e in moved))
        mover = _next_move(frames, newest["version"], CPUS[game], rngs)
        moves_at = server.now + THINK
        if mover is None or any(message["at"] <= moves_at for message in server.timer_messages):
            if server.deliver_next_timer() is None:
                raise RuntimeError(f"{game}: nobody can move and no timer is pending")
            continue
        conn, move = mover
        server.now = moves_at
        reply = server.send(conn, action="move", room=code, version=frames[conn]["version"], move=move)
        if server.latest(conn)["type"] == "error":
            raise RuntimeError(f"{game}: move {move} refused: {server.latest(conn)}")
        assert reply.wrote_room
    raise RuntimeError(f"{game}: no result after {MAX_INVOCATIONS} invocations")


def _next_move(frames: dict[str, dict[str, Any]], version: int, cpu: Any,
               rngs: dict[str, random.Random]) -> tuple[str, dict[str, Any]] | None:
    """The first scripted player (the one whose turn it is first) who wants to act on the newest room."""
    current = [c for c, f in frames.items() if f["version"] == version and f["you"]["seat"] == f["game"]["current"]]
    others = [c for c, f in frames.items() if f["version"] == version and c not in current]
    for conn in current + others:
        view = frames[conn]["game"]["view"]
        if view.get("legal"):
            move = cpu.choose(view, rngs[conn])
            if move is not None:
                return conn, move
    return None


def _room_frame(server: InProcessServer, conn: str) -> dict[str, Any]:
    frame = server.latest(conn, "room")
    assert frame is not None, f"no room frame for {conn}"
    return frame


def _room_write(invocation: Invocation) -> int:
    """Bytes of the (last) room item the invocation wrote."""
    sizes = [call.size for call in invocation.calls if call.name == "dynamodb.PutItem"]
    assert sizes, f"{invocation.handler} {invocation.action} wrote no room"
    return sizes[-1]
