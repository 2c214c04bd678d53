"""A person's move frame beside CPU seats: what it costs with three ``hard`` CPUs seated against three ``easy``.

    python -m bench move_frame

One person and three CPUs play Color Match (``basic``) through the real handlers in this process
(``bench.inprocess_server``); the person moves as the ``normal`` CPU would on their own view, the CPU seats are
played by the server on timer messages. The same game seeds deal both lines. For each move frame of the person:
the server's own time (the invocation without its DynamoDB and SQS calls) and the engine views it built (each
``Game.view``: the viewers' frames, the spectator's view of the step, and any bot's view). A move frame that
decided a CPU's move would cost a hard CPU's search (about a tenth of a second) and one more view per CPU; a
person's move pays for no CPU's thinking when the ratio of the two lines is near 1 and the views are at most the
connected viewers plus one. A last line counts the views of the timer messages' invocations (the CPUs' own
moves, each decided once per step and seat, and a call-out window's decisions whether to call).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import Any

from bench.inprocess_server import InProcessServer, Invocation
from bench.server_figures import percentile

GAME = "color-match"
LEVELS = ("easy", "hard")
GAMES = 12  # per level, seeds 0..GAMES-1 on both lines
CPUS = 3
VIEWERS = 1  # connected people (the CPU seats are not sent frames)


def main() -> None:
    played = {level: _play(level) for level in LEVELS}
    figures = {level: (times, views) for level, (times, views, _) in played.items()}
    print(f"{GAME}, 1 person + {CPUS} CPUs, {GAMES} games per line (same seeds); the person's move frames")
    print(f"{'CPU level':10} {'frames':>7} {'own p50 ms':>11} {'own p99 ms':>11} {'views/frame max':>16} {'mean':>6}")
    for level, (times, views) in figures.items():
        print(f"{level:10} {len(times):7} {percentile(times, 0.5) * 1e3:11.1f} {percentile(times, 0.99) * 1e3:11.1f}"
              f" {max(views):16} {sum(views) / len(views):6.2f}")
    (easy, _), (hard, _) = figures["easy"], figures["hard"]
    print(f"hard / easy: p50 {percentile(hard, 0.5) / percentile(easy, 0.5):.2f}, "
          f"p99 {percentile(hard, 0.99) / percentile(easy, 0.99):.2f} (target ≤ 1.2)")
    for level, (_, views) in figures.items():
        over = sum(count > VIEWERS + 1 for count in views)
        print(f"{level}: {over} of {len(views)} frames built more than {VIEWERS} viewer + 1 views (a call-out "
              "window: each CPU that could call decides whether it does, until one does)")
    for level, (_, _, timer_views) in played.items():
        print(f"{level}: {len(timer_views)} timer invocations built {sum(timer_views)} views "
              f"({sum(timer_views) / len(timer_views):.2f} each, at most {max(timer_views)})")


def _play(level: str) -> tuple[list[float], list[int], list[int]]:
    """The person's move frames of ``GAMES`` games at ``level``: their own times (s) and views built; and the
    views built by each timer message's invocation."""
    from functions.engine import CPUS as PLAYERS
    from functions.engine import GAMES as REGISTRY

    times: list[float] = []
    views: list[int] = []
    timer_views: list[int] = []
    game = REGISTRY[GAME]
    built = [0]
    view = game.view

    def counted(state: Any, seat: int | None) -> dict[str, Any]:
        built[0] += 1
        return view(state, seat)

    game.view = counted  # type: ignore[method-assign]
    try:
        with InProcessServer(seeds=itertools.count(0)) as server:
            for number in range(GAMES):
                frames, timers = _one_game(server, level, number, PLAYERS[GAME], built)
                for invocation, count in frames:
                    times.append(invocation.own)
                    views.append(count)
                timer_views += timers
    finally:
        del game.view  # type: ignore[method-assign]
    return times, views, timer_views


def _one_game(server: InProcessServer, level: str, number: int, player: Any,
              built: list[int]) -> tuple[list[tuple[Invocation, int]], list[int]]:
    conn = f"g{number}"
    server.connect(conn)
    server.send(conn, action="hello", name="ゆうき")
    server.send(conn, action="create", cpu_level=level)
    code = _room(server, conn)["code"]
    for _ in range(CPUS):
        server.send(conn, action="add_cpu", room=code)
    server.send(conn, action="select_game", room=code, game=GAME)
    server.send(conn, action="start", room=code)
    rng = random.Random(number)
    frames: list[tuple[Invocation, int]] = []
    timers: list[int] = []
    while (room := _room(server, conn))["phase"] == "playing":
        view = room["game"]["view"]
        move = player.choose(view, rng) if view.get("legal") and view["current"] == view["seat"] else None
        if move is None:
            before = built[0]
            if server.deliver_next_timer() is None:
                raise RuntimeError(f"{GAME}: nobody can move and no timer is pending")
            timers.append(built[0] - before)
            continue
        frames.append(_counted(built, lambda: server.send(conn, action="move", room=code, version=room["version"],
                                                           move=move)))
    server.disconnect(conn)
    return frames, timers


def _counted(built: list[int], send: Callable[[], Invocation]) -> tuple[Invocation, int]:
    before = built[0]
    invocation = send()
    return invocation, built[0] - before


def _room(server: InProcessServer, conn: str) -> dict[str, Any]:
    frame = server.latest(conn, "room")
    assert frame is not None, f"no room frame for {conn}"
    return frame
