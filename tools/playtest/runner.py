"""A whole run: every room at once, one report."""

from __future__ import annotations

import asyncio
import time
from typing import Callable

from .checks import PlaytestFailure
from .config import PlaytestConfig
from .report import Report
from .room_run import play_room


def validate(config: PlaytestConfig) -> None:
    """Refuse a run that cannot work (the seat count must fit the game) before connecting anywhere."""
    from functions.engine import GAMES

    game = GAMES[config.game]
    if not game.min_players <= config.seats <= game.max_players:
        raise ValueError(
            f"{config.game} seats {game.min_players}-{game.max_players} players; "
            f"--players {config.players} + --cpus {config.cpus} = {config.seats}"
        )
    game.validate_options({**game.options(config.options.get("preset")), **_without_preset(config.options)})


def _without_preset(options: dict) -> dict:
    return {key: value for key, value in options.items() if key != "preset"}


async def run_playtest(config: PlaytestConfig, *, log: Callable[[str], None] = lambda line: None) -> Report:
    """Play every room of ``config``; failures are collected in the report, never raised."""
    from functions.engine import CPUS

    validate(config)
    cpu = CPUS[config.game]
    report = Report(games_wanted=config.rooms * config.games)

    async def one_room(number: int) -> None:
        try:
            await play_room(config, number, choose=cpu.choose, report=report, log=log)
        except PlaytestFailure as failure:
            report.failures.append(f"room {number}: {failure}")
        except OSError as error:  # aiohttp's connection errors are OSErrors
            report.failures.append(f"room {number}: connection failed: {error}")

    began = time.perf_counter()
    await asyncio.gather(*(one_room(number) for number in range(1, config.rooms + 1)))
    report.elapsed = time.perf_counter() - began
    return report
