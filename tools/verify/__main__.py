"""`python -m tools.verify GAME.json` or `python -m tools.verify --room CODE --endpoint URL` (see the package)."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from tools.room import CODE, read_room
from tools.verify import NotVerified, verify

LOCAL_TABLE = "deckroom"  # the table `make dev` creates (devserver/local_aws.py)


def _games(arguments: argparse.Namespace, parser: argparse.ArgumentParser) -> list[dict[str, Any]]:
    """The games to check, each ``{"record", "commitment"?, "seen"?}``, as a saved file has it."""
    if arguments.file is not None:
        return [json.loads(Path(arguments.file).read_text(encoding="utf-8"))]
    if not CODE.fullmatch(arguments.room):
        parser.error(f"{arguments.room!r} is not a room code: 4, 6 or 8 digits")
    if arguments.endpoint:
        os.environ["AWS_ENDPOINT_URL_DYNAMODB"] = arguments.endpoint
        for name, value in (("AWS_ACCESS_KEY_ID", "local"), ("AWS_SECRET_ACCESS_KEY", "local"),
                            ("AWS_DEFAULT_REGION", "us-east-1")):
            os.environ.setdefault(name, value)
    found = read_room(arguments.room, arguments.table)
    if found is None:
        raise NotVerified(f"no room {arguments.room} in table {arguments.table}")
    from functions import storage  # configured by read_room

    room = found["room"]
    numbers = [entry["number"] for entry in room["history"] if arguments.number in (None, entry["number"])]
    if not numbers:
        raise NotVerified(f"room {arguments.room} has no finished game"
                          + (f" numbered {arguments.number}" if arguments.number is not None else ""))
    games = []
    for number in numbers:
        record = storage.get_record(arguments.room, room["key"], number, time.time())
        if record is None:
            raise NotVerified(f"game {number}: its record is not stored")
        games.append({"record": record})
    return games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.verify",
                                     description="Re-deal finished games from their revealed seeds and check them.")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("file", nargs="?", help="a finished game saved as JSON (docs/protocol.md)")
    source.add_argument("--room", help="verify the finished games a room keeps")
    parser.add_argument("--endpoint", help="the local stack's DynamoDB (moto) address, as `make dev` prints it")
    parser.add_argument("--table", default=LOCAL_TABLE, help=f"the table (default: {LOCAL_TABLE})")
    parser.add_argument("--number", type=int, help="only this game of the room")
    arguments = parser.parse_args(argv)
    try:
        for game in _games(arguments, parser):
            record = game["record"]
            steps = verify(record, commitment_seen=game.get("commitment"), seen=game.get("seen"))
            print(f"game {record['number']} ({record['game']}): deal verified, {steps} steps replayed")
    except NotVerified as failure:
        print(f"NOT VERIFIED: {failure}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
