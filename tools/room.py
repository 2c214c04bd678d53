"""`python -m tools.room CODE --stage prod`: print a room as the handlers read it, decoded, as JSON.

The room item's ``body`` is compressed with a preset dictionary (``functions/storage.py``); this reads it through
the same code the handlers use, so what it prints is what the next frame or timer will see: the members (names,
seats, connections), the settings, the game's state and its deadline (``due``), the room's ``version`` and when
the item expires. With ``--stage`` the table is looked up in the stage's CloudFormation stack
(``Deckroom-<stage>``); ``--table`` names it directly (e.g. a table restored from a backup). Credentials and the
Region are the AWS CLI's (``AWS_PROFILE``, ``AWS_REGION``); ``AWS_ENDPOINT_URL_DYNAMODB`` points it at a local
table. Reads only: it changes nothing. Exits 1 when there is no such room, 2 on bad arguments.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from typing import Any

import boto3

CODE = re.compile(r"^[0-9]{4}([0-9]{2}){0,2}$")  # 4, 6 or 8 digits (functions/room_codes.py, CODE_LENGTHS)
TABLE_TYPE = "AWS::DynamoDB::Table"


def table_of_stage(stage: str, cloudformation: Any | None = None) -> str:
    """The table's name in the stack of ``stage`` (its one DynamoDB table)."""
    client = cloudformation or boto3.client("cloudformation")
    resources = client.describe_stack_resources(StackName=f"Deckroom-{stage}")["StackResources"]
    tables = [r["PhysicalResourceId"] for r in resources if r["ResourceType"] == TABLE_TYPE]
    if len(tables) != 1:
        raise LookupError(f"stack Deckroom-{stage} has {len(tables)} DynamoDB tables, expected one")
    return tables[0]


def read_room(code: str, table: str, now: float | None = None) -> dict[str, Any] | None:
    """The stored room ``code`` of ``table``, decoded (None: no item). An expired room is shown too, marked."""
    # The handlers' storage code reads its table from the functions' settings; the other two are not used here.
    os.environ["TABLE_NAME"] = table
    os.environ.setdefault("TIMER_QUEUE_URL", "unused")
    os.environ.setdefault("CONNECTIONS_ENDPOINT", "unused")
    from functions import aws, storage

    aws.reset()
    item = storage.client().get_item(TableName=table, Key={"pk": {"S": f"room#{code}"}},
                                     ConsistentRead=True).get("Item")
    if item is None:
        return None
    room = storage.decode(item["body"]["B"], int(item["version"]["N"]))
    expires = int(item["ttl"]["N"])
    return {"code": code, "version": room.version, "expires": expires,
            "expired": expires <= (time.time() if now is None else now), "room": room.to_dict()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.room", description=__doc__.splitlines()[0])
    parser.add_argument("code", help="the room's code (4, 6 or 8 digits)")
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--stage", choices=("dev", "prod"), help="read the table of stack Deckroom-<stage>")
    where.add_argument("--table", help="read this table")
    arguments = parser.parse_args(argv)
    if not CODE.fullmatch(arguments.code):
        parser.error(f"{arguments.code!r} is not a room code: 4, 6 or 8 digits")
    table = arguments.table or table_of_stage(arguments.stage)
    found = read_room(arguments.code, table)
    if found is None:
        print(f"no room {arguments.code} in table {table}", file=sys.stderr)
        return 1
    json.dump(found, sys.stdout, ensure_ascii=False, indent=2)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
