"""`python -m tools.playtest --url ws://HOST:PORT/ws --game color-match --players 3 --cpus 1 ...`

Exit status: 0 when every game finished with no failure, 1 on any failure (printed), 2 on bad arguments.
"""

from __future__ import annotations

import asyncio
import sys

from .config import parse_arguments
from .runner import run_playtest, validate


def main(argv: list[str] | None = None) -> int:
    config = parse_arguments(argv)
    try:
        validate(config)
    except ValueError as error:
        print(f"playtest: {error}", file=sys.stderr)
        return 2
    print(
        f"playtest: {config.game} at {config.url}: {config.rooms} room(s) x {config.games} game(s), "
        f"{config.players} player(s) + {config.cpus} CPU(s), options {config.options or 'default'}",
        flush=True,
    )
    report = asyncio.run(run_playtest(config, log=lambda line: print(line, flush=True)))
    print(report.summary(), flush=True)
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
