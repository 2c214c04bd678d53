"""One room from creation to its last game: the host sets it up, every player plays each game to its end."""

from __future__ import annotations

import asyncio
import random
from typing import Any, Callable

import aiohttp

from .checks import PlaytestFailure
from .config import PlaytestConfig
from .latency import RoomLatency
from .player import Chooser, Player
from .report import Report


async def play_room(
    config: PlaytestConfig,
    number: int,
    *,
    choose: Chooser,
    report: Report,
    log: Callable[[str], None],
) -> None:
    """Create a room, seat ``config.players`` players and ``config.cpus`` CPUs, and play ``config.games``.

    Raises `PlaytestFailure` on the first failure in the room.
    """
    seed = random.Random(None if config.seed is None else config.seed * 1000 + number)
    latency = RoomLatency(players=config.players)
    async with aiohttp.ClientSession() as session:
        players = [
            Player(
                session=session,
                url=config.url,
                name=f"R{number} P{index + 1}",
                index=index,
                choose=choose,
                rng=random.Random(seed.getrandbits(64)),
                report=report,
                latency=latency,
                stall_timeout=config.stall_timeout,
                forget_call=config.forget_call,
                reconnect_every=config.reconnect_every,
                ping_interval=config.ping_interval,
                log=log if config.verbose else _quiet,
            )
            for index in range(config.players)
        ]
        try:
            await asyncio.gather(*(player.connect() for player in players))
            code = await _set_up(config, players)
            for game in range(config.games):
                await _play_one_game(config, players, code, first=game == 0, log=log)
                report.games_finished += 1
        finally:
            report.latencies += latency.samples
            await asyncio.gather(*(player.close() for player in players), return_exceptions=True)


def _quiet(line: str) -> None:
    pass


async def _set_up(config: PlaytestConfig, players: list[Player]) -> str:
    host, guests = players[0], players[1:]
    code = (await host.request({"action": "create"}))["code"]
    for guest in guests:
        await guest.request({"action": "join", "code": code})
    for _ in range(config.cpus):
        await host.request({"action": "add_cpu", "room": code})
    options: dict[str, Any] = dict(config.options)
    preset = options.pop("preset", None)
    if options or preset:
        frame = {"action": "set_options", "room": code, "game": config.game, "options": options}
        if preset:
            frame["preset"] = preset
        await host.request(frame)
    await host.request({"action": "select_game", "room": code, "game": config.game})
    return code


async def _play_one_game(
    config: PlaytestConfig, players: list[Player], code: str, *, first: bool, log: Callable[[str], None]
) -> None:
    host = players[0]
    started = await host.request({"action": "start" if first else "rematch", "room": code})
    game = started["game"]
    if started["phase"] != "playing" or game is None or game["id"] != config.game:
        raise PlaytestFailure(f"room {code}: the game did not start ({started['phase']})")
    number = game["number"]
    await asyncio.gather(*(player.play_game(number) for player in players))
    finished = host.room
    assert finished is not None
    winners = [m["name"] for m in finished["members"] if m["member"] in finished["history"][-1]["winners"]]
    log(f"room {code} game {number} ({config.game}): won by {', '.join(winners) or 'nobody'}")
