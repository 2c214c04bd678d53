"""How big game records are (`python -m bench records`; figures in docs/performance.md, "Game records").

Long games played by ``normal`` CPU players through the room's own code (``play.start``, ``turns.apply_move``:
every step recorded as the server records it): a 5-round 8-player 大富豪 with the
house rules, a 10-player Color Match with the house rules, a 5-player Color Rows, 40 games each. For each: the
steps, the record's JSON, its stored item (``game#…``: deflated as a room body is), the largest ``replay`` frame
of the game (every page, seen from seat 0), the longest time to build a page, and the write units a step's room
write costs, on average over the game, with the game's steps in the room and without them.

    python -m bench records
"""

from __future__ import annotations

import json
import math
import random
import time
import zlib
from typing import Any

from functions import storage
from functions.room import replay
from functions.room import catalog
from functions.room.turns import apply_deadline, apply_move
from functions.room.model import Member, Room
from functions.room.play import start

GAMES: tuple[tuple[str, str, int, dict[str, Any]], ...] = (
    ("大富豪, 8 seats, 5 rounds, house rules", "daifugo", 8, {"preset": "house", "rounds": 5}),
    ("Color Match, 10 seats, house rules", "color-match", 10, {"preset": "house"}),
    ("Color Rows, 5 seats", "color-rows", 5, {"preset": None}),
)
SEEDS = range(2 * replay.MAX_HISTORY)


def played(game_id: str, seats: int, options: dict[str, Any], seed: int) -> tuple[Room, list[tuple[int, int]]]:
    """A room of ``seats`` seats that played one game of ``game_id``, and after each step the stored room item's
    write units with the game's record and without its steps. Each seat in turn makes a ``normal`` CPU's move a
    few seconds after the last, at a time with a full float's digits as a person's move has (a record of CPU
    seats alone, one second apart, would compress far better than a real one)."""
    engine = catalog.game(game_id)
    chosen = engine.options(options["preset"]) if options["preset"] else engine.options()
    chosen |= {k: v for k, v in options.items() if k != "preset"}
    room = Room(code="4821", host="m1", selected=game_id, options={game_id: chosen}, key="k" * 22)
    room.members = [Member(id=f"m{i}", name=f"プレイヤー{i}", conn=f"conn{i}") for i in range(1, seats + 1)]
    rng = random.Random(seed)
    now = 1767225600.0 + rng.random()
    start(room, room.members[0], None, seed, now, salt=rng.randbytes(32).hex())
    units = []
    while (record := room.game) is not None and record.result is None:
        now += rng.uniform(0.5, 6.0)
        deadline = engine.next_deadline(record.state)
        if deadline is not None and deadline <= now:
            apply_deadline(room, deadline)
        else:
            seat = engine.current(record.state)
            assert seat is not None
            move = catalog.cpu_choice(game_id, engine.view(record.state, seat), rng, "normal")
            apply_move(room, seat, move or engine.legal_moves(record.state, seat)[0], now, by="player")
        with_steps = _write_units(room)
        moves, record.moves = record.moves, []
        units.append((with_steps, _write_units(room)))
        record.moves = moves
    return room, units


def _write_units(room: Room) -> int:
    """What a put of the room item costs (1 write unit per started KB of key, version, ttl and body)."""
    return math.ceil((len("pk") + len(f"room#{room.code}") + 2 * 8 + len(storage.encode(room))) / 1024)


def _json(data: Any) -> int:
    return len(json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode())


def _deflated(data: Any) -> int:
    """``data``'s bytes as ``storage.encode`` stores them (JSON, deflated with the room body's dictionary)."""
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15, zdict=storage._DICTIONARIES[storage.BODY_FORMAT])
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode()
    return len(deflate.compress(text) + deflate.flush())


def main() -> None:
    print(f"{'game':40} {'':>5} {'steps':>6} {'record JSON':>12} {'item':>7} {'largest page':>13} {'page ms':>8}"
          f" {'WU/step':>8} {'w/o steps':>10}")
    for name, game_id, seats, options in GAMES:
        rows = []
        for seed in SEEDS:
            room, units = played(game_id, seats, options, seed)
            assert room.game is not None
            record = replay.record(room.game)
            pages, took, step = [], 0.0, 0
            while step is not None:
                began = time.perf_counter()
                page = replay.replay_frame(record, room.code, room.members[1].id, 0, step)
                took = max(took, time.perf_counter() - began)
                pages.append(_json(page))
                step = page["next"]
            rows.append((len(record["steps"]), _json(record), _deflated({**record, "room_key": room.key}),
                         max(pages), took * 1000, sum(u for u, _ in units) / len(units),
                         sum(u for _, u in units) / len(units)))
        for label, row in (("max", [max(column) for column in zip(*rows)]),
                           ("mean", [sum(column) / len(rows) for column in zip(*rows)])):
            print(f"{name if label == 'max' else '':40} {label:>5} {row[0]:>6,.0f} {row[1]:>12,.0f} {row[2]:>7,.0f}"
                  f" {row[3]:>13,.0f} {row[4]:>8.1f} {row[5]:>8.2f} {row[6]:>10.2f}")


if __name__ == "__main__":
    main()
