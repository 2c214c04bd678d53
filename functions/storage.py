"""The one module that talks to DynamoDB: rooms and accounts (repositories with ``get`` and a conditional
``put``), connection records and the throttles' counters.

Item shapes (one table, partition key ``pk``, TTL attribute ``ttl``; docs/server.md):

- ``room#4821``: ``version`` (N, the condition of every write), ``ttl`` (N), ``body`` (B: a format byte, then the
  JSON of ``Room.to_dict()`` deflated with a preset dictionary). DynamoDB deletes expired items late, so a read
  treats ``ttl <= now`` as absent.
- ``conn#<connection id>``: ``player_id``, ``secret_hash``, ``name``, ``avatar`` (its JSON, or absent), ``room``
  (code or absent), ``account`` (the account this device is signed in to, or absent), ``ttl``.
- ``acct#a_<32 hex>``: ``version`` (N, the condition of every write), ``ttl`` (N: the last write + 2 years), ``body``
  (S: the JSON of ``Account.to_dict()``).
- ``game#<room code>#<game number>``: ``ttl`` (N: the game's end + ``RECORD_SECONDS``), ``body`` (B: the finished
  game's record, ``functions/room/replay.py``, with the ``room_key`` of the room that played it, deflated as a room
  body is). Written once, before the room write that stores the game's end; a new room of the same code overwrites
  it, and its key tells the old record from its own.
- ``limit#<what>-<by>#<subject>#<window number>`` (``join`` or ``create``; ``address`` or ``player``; a keyed hash
  of the address, or the player id; ``now // window``): ``n`` (N, what was counted in that window), ``ttl`` (N, the
  window's end): the throttles' counters (``functions/throttle.py``; never an address).
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from botocore.exceptions import ClientError

from . import aws
from .accounts.account import KEY_PREFIX as ACCOUNT_KEY_PREFIX, Account
from .room.faces import Avatar
from .room.model import Member, Room
from .settings import settings

ROOM_IDLE_SECONDS = 6 * 3600  # a room nobody touches for this long expires
CONNECTION_SECONDS = 3 * 3600  # API Gateway closes a connection after 2 hours at most
RECORD_SECONDS = 24 * 3600  # a finished game's record outlives its room, whose history lists it, by at least 18 h
ACCOUNT_IDLE_SECONDS = 730 * 24 * 3600  # an account nobody signs in to or plays with for two years is deleted


class VersionConflict(Exception):
    """The room (or account) changed, appeared or went since it was read: re-read and re-apply."""


@dataclass
class Connection:
    """What the server knows about one WebSocket connection."""

    id: str
    player_id: str | None = None
    secret_hash: str | None = None
    name: str | None = None
    room: str | None = None
    account: str | None = None
    avatar: Avatar | None = None


client = aws.dynamodb  # the process's DynamoDB client (``AWS_ENDPOINT_URL_DYNAMODB`` points it at moto)


def _table() -> str:
    return settings().table_name


# Bodies are deflated with a preset dictionary: two typical room bodies (ids and hashes blanked), so the keys,
# options, card codes and colour names every room repeats cost a few bits instead of their first spelling. It
# takes a 4-player Color Match room from 1.5 write units per move to 1 (docs/performance.md "Server path").
# The first byte of a body names its format; a dictionary, once used, never changes (a new one gets a new byte).
BODY_FORMAT = 1
_DICTIONARIES = {BODY_FORMAT: (Path(__file__).parent / "room_body.zdict").read_bytes()}
_ZLIB_HEADER = 0x78  # bodies written before the dictionary: plain zlib


def encode(room: Room) -> bytes:
    """The compressed body of ``room`` (everything but ``version``): ``BODY_FORMAT``, then raw deflate."""
    return _deflated(room.to_dict())


def _deflated(data: dict[str, Any]) -> bytes:
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode()
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15, zdict=_DICTIONARIES[BODY_FORMAT])
    return bytes([BODY_FORMAT]) + deflate.compress(text) + deflate.flush()


def _fields(body: bytes) -> dict[str, Any]:
    """The JSON fields of a stored ``body``, in whichever format it was written."""
    if body[0] == _ZLIB_HEADER:
        text = zlib.decompress(body)
    else:
        inflate = zlib.decompressobj(-15, zdict=_DICTIONARIES[body[0]])
        text = inflate.decompress(body[1:]) + inflate.flush()
    fields: dict[str, Any] = json.loads(text)
    return fields


def decode(body: bytes, version: int) -> Room:
    """The room of a stored ``body``, in whichever format it was written."""
    return Room.from_dict(_fields(body), version)


def _room_item(code: str, now: float) -> dict[str, Any] | None:
    item = client().get_item(TableName=_table(), Key={"pk": {"S": f"room#{code}"}}, ConsistentRead=True).get("Item")
    return None if item is None or float(item["ttl"]["N"]) <= now else item


def get_room(code: str, now: float) -> Room | None:
    """The room ``code`` (one strongly consistent read), or None if there is none or it expired."""
    item = _room_item(code, now)
    return None if item is None else decode(item["body"]["B"], int(item["version"]["N"]))


def get_members(code: str, now: float) -> list[Member] | None:
    """The members of room ``code`` (one strongly consistent read, the same as ``get_room``'s), or None if there is
    none or it expired. Only the members are built: the game's state is not loaded."""
    item = _room_item(code, now)
    return None if item is None else [Member(**member) for member in _fields(item["body"]["B"])["members"]]


def put_room(room: Room, expected_version: int, now: float, *, closing: bool = False) -> None:
    """Write ``room`` (carrying its new ``room.version``) if the stored version is still ``expected_version``.

    ``expected_version`` 0 means "a new room": the code must be free (absent, or expired). ``closing`` writes the
    room already expired, which frees its code. Raises ``VersionConflict`` when the condition fails.
    """
    _put_versioned({
        "pk": {"S": f"room#{room.code}"},
        "version": {"N": str(room.version)},
        "ttl": {"N": str(int(now) if closing else int(now) + ROOM_IDLE_SECONDS)},
        "body": {"B": encode(room)},
    }, expected_version, now)


def put_record(code: str, room_key: str, record: dict[str, Any], now: float) -> None:
    """Store a finished game's ``record`` (``room.replay.record``) of room ``code`` (its ``key``: ``room_key``).
    Unconditional: an attempt that lost its room write wrote the record of the same game, and the one that wins
    writes it again."""
    client().put_item(TableName=_table(), Item={
        "pk": {"S": f"game#{code}#{record['number']}"},
        "ttl": {"N": str(int(now) + RECORD_SECONDS)},
        "body": {"B": _deflated({**record, "room_key": room_key})},
    })


def get_record(code: str, room_key: str, number: int, now: float) -> dict[str, Any] | None:
    """The record of game ``number`` of room ``code`` whose key is ``room_key`` (one strongly consistent read), or
    None: there is none, it expired, or it is a game of an earlier room that had the code."""
    item = client().get_item(TableName=_table(), Key={"pk": {"S": f"game#{code}#{number}"}},
                             ConsistentRead=True).get("Item")
    if item is None or float(item["ttl"]["N"]) <= now:
        return None
    record = _fields(item["body"]["B"])
    return record if record.pop("room_key") == room_key else None


def _put_versioned(item: dict[str, Any], expected_version: int, now: float) -> None:
    """Put ``item`` if the stored one still has ``expected_version``; 0: if none is stored (or it expired)."""
    condition, values = (
        ("attribute_not_exists(pk) OR #ttl <= :now", {":now": {"N": str(int(now))}})
        if expected_version == 0
        else ("version = :expected", {":expected": {"N": str(expected_version)}})
    )
    try:
        client().put_item(TableName=_table(), Item=item, ConditionExpression=condition,
                          ExpressionAttributeValues=values,
                          **({"ExpressionAttributeNames": {"#ttl": "ttl"}} if expected_version == 0 else {}))
    except ClientError as err:
        if err.response["Error"]["Code"] == "ConditionalCheckFailedException":
            raise VersionConflict(item["pk"]["S"]) from None
        raise


def get_connection(connection_id: str) -> Connection:
    """The record of ``connection_id`` (an empty one if none was written yet)."""
    item = client().get_item(TableName=_table(), Key={"pk": {"S": f"conn#{connection_id}"}},
                             ConsistentRead=True).get("Item") or {}
    return Connection(
        id=connection_id,
        player_id=item.get("player_id", {}).get("S"),
        secret_hash=item.get("secret_hash", {}).get("S"),
        name=item.get("name", {}).get("S"),
        room=item.get("room", {}).get("S"),
        account=item.get("account", {}).get("S"),
        avatar=json.loads(item["avatar"]["S"]) if "avatar" in item else None,
    )


def update_connection(connection_id: str, now: float, **fields: Any) -> None:
    """Set ``fields`` of the connection record (None removes one; a dict is stored as its JSON); the others are
    kept."""
    sets, removes, values, names = ["#ttl = :ttl"], [], {":ttl": {"N": str(int(now) + CONNECTION_SECONDS)}}, {"#ttl": "ttl"}
    for i, (name, value) in enumerate(sorted(fields.items())):
        names[f"#f{i}"] = name
        if value is None:
            removes.append(f"#f{i}")
        else:
            sets.append(f"#f{i} = :v{i}")
            text = json.dumps(value, separators=(",", ":")) if isinstance(value, dict) else str(value)
            values[f":v{i}"] = {"N": str(value)} if isinstance(value, (int, float)) else {"S": text}
    expression = "SET " + ", ".join(sets) + (" REMOVE " + ", ".join(removes) if removes else "")
    client().update_item(TableName=_table(), Key={"pk": {"S": f"conn#{connection_id}"}},
                         UpdateExpression=expression, ExpressionAttributeNames=names,
                         ExpressionAttributeValues=values)


def delete_connection(connection_id: str) -> None:
    client().delete_item(TableName=_table(), Key={"pk": {"S": f"conn#{connection_id}"}})


# --- accounts ------------------------------------------------------------------------------------------------------
# A repository like the rooms': one strongly consistent read, and a whole-item put on the condition that nobody wrote
# since (``unit_of_work.change_account``). Expired items (``ttl``) read as absent, as rooms do.


def get_account(account_id: str, now: float) -> Account | None:
    """The account ``account_id`` (one strongly consistent read), or None if there is none or it expired."""
    item = client().get_item(TableName=_table(), Key={"pk": {"S": f"{ACCOUNT_KEY_PREFIX}{account_id}"}},
                             ConsistentRead=True).get("Item")
    if item is None or float(item["ttl"]["N"]) <= now:
        return None
    return Account.from_dict(account_id, json.loads(item["body"]["S"]), int(item["version"]["N"]))


def put_account(account: Account, expected_version: int, now: float) -> None:
    """Write ``account`` (carrying its new ``version``) if the stored version is still ``expected_version``; 0 means
    a new account (none stored, or an expired one). A deleted account is never written again: its version is gone.
    Raises ``VersionConflict`` when the condition fails."""
    _put_versioned({
        "pk": {"S": f"{ACCOUNT_KEY_PREFIX}{account.id}"},
        "version": {"N": str(account.version)},
        "ttl": {"N": str(int(now) + ACCOUNT_IDLE_SECONDS)},
        "body": {"S": json.dumps(account.to_dict(), separators=(",", ":"), ensure_ascii=False)},
    }, expected_version, now)


def delete_account(account_id: str) -> None:
    """Delete the account for good (its devices, name, stats and recent games)."""
    client().delete_item(TableName=_table(), Key={"pk": {"S": f"{ACCOUNT_KEY_PREFIX}{account_id}"}})


class RoomTaken(Exception):
    """The connection's record names another room than the one it was read with (a concurrent create or join)."""


def claim_room(connection_id: str, room: str | None, seen: str | None, now: float) -> None:
    """Set the connection's ``room`` if it is still ``seen`` (absent: None), so two frames racing to put one
    connection in two rooms cannot both succeed; ``room`` None releases it. Raises ``RoomTaken``."""
    names = {"#room": "room", "#ttl": "ttl"}
    values: dict[str, Any] = {":ttl": {"N": str(int(now) + CONNECTION_SECONDS)}}
    if seen is None:
        condition = "attribute_not_exists(#room)"
    else:
        condition, values[":seen"] = "#room = :seen", {"S": seen}
    if room is None:
        expression = "SET #ttl = :ttl REMOVE #room"
    else:
        expression, values[":room"] = "SET #ttl = :ttl, #room = :room", {"S": room}
    try:
        client().update_item(TableName=_table(), Key={"pk": {"S": f"conn#{connection_id}"}},
                             UpdateExpression=expression, ConditionExpression=condition,
                             ExpressionAttributeNames=names, ExpressionAttributeValues=values)
    except ClientError as err:
        if err.response["Error"]["Code"] == "ConditionalCheckFailedException":
            raise RoomTaken(connection_id) from None
        raise


class OverLimit(Exception):
    """A throttle's counter has reached its limit for the window."""


def count(key: str, limit: int, expires: float) -> None:
    """Add one to the counter ``key`` unless it has reached ``limit`` — one conditional update, so counters hold
    across connections and Lambda instances; the item expires at ``expires``. Raises ``OverLimit``."""
    try:
        client().update_item(
            TableName=_table(), Key={"pk": {"S": key}}, UpdateExpression="ADD #n :one SET #ttl = :ttl",
            ConditionExpression="attribute_not_exists(#n) OR #n < :limit",
            ExpressionAttributeNames={"#n": "n", "#ttl": "ttl"},
            ExpressionAttributeValues={":one": {"N": "1"}, ":limit": {"N": str(limit)},
                                       ":ttl": {"N": str(int(expires))}})
    except ClientError as err:
        if err.response["Error"]["Code"] == "ConditionalCheckFailedException":
            raise OverLimit(key) from None
        raise


def uncount(key: str, expires: float) -> None:
    """Take one back from the counter ``key`` (what was counted turned out not to count)."""
    client().update_item(
        TableName=_table(), Key={"pk": {"S": key}}, UpdateExpression="ADD #n :minus SET #ttl = :ttl",
        ExpressionAttributeNames={"#n": "n", "#ttl": "ttl"},
        ExpressionAttributeValues={":minus": {"N": "-1"}, ":ttl": {"N": str(int(expires))}})
