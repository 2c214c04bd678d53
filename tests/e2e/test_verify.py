"""`python -m tools.verify` on a game played through the local gateway (`make dev`'s stack), as an operator runs
it: the room's records read from the stack's table, re-dealt and replayed; a record altered in the table fails."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from devserver.testing import REPO_ROOT, RunningGateway
from functions import storage

pytestmark = pytest.mark.e2e


def run(*arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *arguments], cwd=REPO_ROOT, capture_output=True, text=True,
                          timeout=240)


def test_a_game_played_through_the_gateway_verifies_and_a_tampered_one_does_not(gateway: RunningGateway) -> None:
    played = run("tools.playtest", "--url", gateway.websocket_url, "--game", "color-rows", "--players", "2",
                 "--cpus", "1")
    assert played.returncode == 0, played.stdout + played.stderr
    code = re.search(r"room (\d+) game 1 ", played.stdout).group(1)  # type: ignore[union-attr]
    assert gateway.aws_endpoint_url is not None
    verified = run("tools.verify", "--room", code, "--endpoint", gateway.aws_endpoint_url)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert re.fullmatch(r"game 1 \(color-rows\): deal verified, \d+ steps replayed\n", verified.stdout)

    # The stored deal altered in the table (the record's seed) no longer verifies.
    table = gateway.dynamodb()
    key = {"pk": {"S": f"game#{code}#1"}}
    item = table.get_item(TableName="deckroom", Key=key, ConsistentRead=True)["Item"]
    record = storage._fields(item["body"]["B"])
    record["seed"] = str(int(record["seed"]) + 1)
    item["body"] = {"B": storage._deflated(record)}
    table.put_item(TableName="deckroom", Item=item)
    tampered = run("tools.verify", "--room", code, "--endpoint", gateway.aws_endpoint_url)
    assert tampered.returncode == 1
    assert "NOT VERIFIED: game 1 (color-rows): sha256(seed, salt) is not the game's commitment" in tampered.stderr
