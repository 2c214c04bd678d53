"""What a playtest run is asked to do, from the command line."""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass, field
from typing import Any

from functions.engine import GAMES


def parse_option(text: str) -> tuple[str, Any]:
    """``KEY=VALUE`` with VALUE read as JSON when it is JSON, else as a string.

    >>> parse_option("call=3"), parse_option("stacking=true"), parse_option("call=callout")
    (('call', 3), ('stacking', True), ('call', 'callout'))
    """
    key, sep, raw = text.partition("=")
    if not sep or not key:
        raise ValueError(f"option {text!r} is not KEY=VALUE")
    try:
        value = json.loads(raw)
    except ValueError:
        value = raw
    return key, value


@dataclass(frozen=True)
class PlaytestConfig:
    """One run: ``rooms`` rooms at once, each playing ``games`` games with ``players`` scripted players
    (one WebSocket each) and ``cpus`` CPU seats added by the host (seats = players + cpus)."""

    url: str
    game: str = next(iter(GAMES))  # the registry's first game
    players: int = 2
    cpus: int = 0
    games: int = 1
    rooms: int = 1
    #: The game's options (``set_options``); the key ``preset`` picks a preset first (``preset=house``).
    options: dict[str, Any] = field(default_factory=dict)
    #: No room frame for this long while a game runs is a stall.
    stall_timeout: float = 45.0
    #: Each player drops its connection and resumes after every this many of its moves (0: never).
    reconnect_every: int = 0
    #: Chance that a player leaves out its first last-card call of each game; with a timed call it then waits
    #: for the server's deadline and penalty before moving again (exercises the timer path).
    forget_call: float = 0.0
    #: Seconds between the players' keep-alive pings (API Gateway closes idle connections at 10 minutes).
    ping_interval: float = 240.0
    seed: int | None = None
    verbose: bool = False

    @property
    def seats(self) -> int:
        return self.players + self.cpus


def parse_arguments(argv: list[str] | None = None) -> PlaytestConfig:
    """The command line as a `PlaytestConfig`.

    >>> config = parse_arguments(["--url", "ws://localhost:8000/ws", "--players", "3", "--cpus", "1",
    ...                           "--options", "call=3", "stacking=true"])
    >>> config.seats, config.options
    (4, {'call': 3, 'stacking': True})
    """
    parser = argparse.ArgumentParser(
        prog="python -m tools.playtest",
        description="Play complete games through the public WebSocket protocol, one socket per player.",
    )
    parser.add_argument("--url", required=True, help="the WebSocket URL, e.g. ws://localhost:8000/ws")
    parser.add_argument("--game", choices=list(GAMES), default=next(iter(GAMES)))
    parser.add_argument("--players", type=int, default=2, help="scripted players per room (one socket each)")
    parser.add_argument("--cpus", type=int, default=0, help="CPU seats per room, played by the server")
    parser.add_argument("--games", type=int, default=1, help="games per room (rematches after the first)")
    parser.add_argument("--rooms", type=int, default=1, help="rooms playing at the same time")
    parser.add_argument("--options", nargs="*", default=[], metavar="KEY=VALUE", help="game options")
    parser.add_argument("--stall-timeout", type=float, default=45.0, help="seconds without progress = stall")
    parser.add_argument("--reconnect-every", type=int, default=0, help="drop and resume after N own moves")
    parser.add_argument("--forget-call", type=float, default=0.0, help="chance to skip the first last-card call of each game")
    parser.add_argument("--ping-interval", type=float, default=240.0, help="seconds between keep-alive pings")
    parser.add_argument("--seed", type=int, default=None, help="seed of the players' decisions")
    parser.add_argument("--verbose", action="store_true", help="print every move")
    arguments = parser.parse_args(argv)
    try:
        options = dict(parse_option(text) for text in arguments.options)
    except ValueError as error:
        parser.error(str(error))
    if arguments.players < 1 or arguments.cpus < 0 or arguments.games < 1 or arguments.rooms < 1:
        parser.error("--players, --games and --rooms must be at least 1, --cpus at least 0")
    if not 0.0 <= arguments.forget_call <= 1.0:
        parser.error("--forget-call is a probability between 0 and 1")
    return PlaytestConfig(
        url=arguments.url,
        game=arguments.game,
        players=arguments.players,
        cpus=arguments.cpus,
        games=arguments.games,
        rooms=arguments.rooms,
        options=options,
        stall_timeout=arguments.stall_timeout,
        reconnect_every=arguments.reconnect_every,
        forget_call=arguments.forget_call,
        ping_interval=arguments.ping_interval,
        seed=arguments.seed,
        verbose=arguments.verbose,
    )
