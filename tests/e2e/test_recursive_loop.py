"""Lambda's recursive loop detection through the local gateway: CPU turns are a chain of timer messages.

A 大富豪 round of one person and three CPUs, dealt by ``SEED``, in which the person (playing as the normal CPU
would) goes out first and the CPUs play the rest of the round with no frame from a phone in between: about 22
timer invocations in one chain (``SEED`` was chosen by replaying this policy through the in-process handlers).
With the stack's setting (``Allow``) the round ends; with Lambda's default (``Terminate``, set through
``DEVSERVER_RECURSIVE_LOOP``) the 17th hop is refused, its message goes to the dead-letter queue and the room
waits: the failure the stack would have in AWS without the setting (docs/decisions.md, "Recursive loops").
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import aiohttp
import boto3
import pytest

from devserver.__main__ import RECURSIVE_LOOP_VARIABLE
from devserver.local_aws import DEAD_LETTER_QUEUE_NAME
from devserver.testing import TEST_PACE, RunningGateway, running_gateway
from functions.room import catalog

pytestmark = pytest.mark.e2e

SEED = "loop-2"
#: How long a frame may take to come: a failure's, not a pace (the CPUs move at the tests' pace).
ROUND_TIMEOUT = 120.0


def person_move(view: dict[str, Any]) -> dict[str, Any] | None:
    """The person plays as the normal CPU would (it draws nothing from its rng): the same game every run."""
    return catalog.cpu_choice("daifugo", view, random.Random(0), "normal")


class Phone:
    """One person's WebSocket: sends frames, keeps the newest ``room`` frame."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.socket = socket
        self.room: dict[str, Any] | None = None
        self.frames_sent = 0

    async def send(self, **frame: Any) -> None:
        self.frames_sent += 1
        await self.socket.send_str(json.dumps(frame, ensure_ascii=False))

    async def until(self, wanted: str) -> dict[str, Any]:
        """Read frames until one of type ``wanted``; an ``error`` frame fails the test."""
        while True:
            frame = json.loads((await self.socket.receive(timeout=ROUND_TIMEOUT)).data)
            if frame["type"] == "room":
                self.room = frame
            assert frame["type"] != "error", frame
            if frame["type"] == wanted:
                return frame


def dead_letters(gateway: RunningGateway) -> int:
    sqs = boto3.client("sqs", endpoint_url=gateway.aws_endpoint_url, region_name="us-east-1",
                       aws_access_key_id="testing", aws_secret_access_key="testing")
    url = sqs.get_queue_url(QueueName=DEAD_LETTER_QUEUE_NAME)["QueueUrl"]
    attributes = sqs.get_queue_attributes(QueueUrl=url, AttributeNames=["ApproximateNumberOfMessages"])
    return int(attributes["Attributes"]["ApproximateNumberOfMessages"])


async def play_round(gateway: RunningGateway) -> tuple[str, int]:
    """Play the round; returns how it ended (``finished``, or ``stalled`` when the room stopped changing with
    the person out) and how many frames the room changed by after the person's last frame."""
    async with aiohttp.ClientSession() as session, session.ws_connect(gateway.websocket_url) as socket:
        phone = Phone(socket)
        await phone.send(action="hello", name="ゆうき")
        await phone.until("welcome")
        await phone.send(action="create")
        code = (await phone.until("room"))["code"]
        for frame in ({"action": "select_game", "game": "daifugo"},
                      {"action": "set_options", "game": "daifugo", "preset": "basic", "options": {"rounds": 1}},
                      {"action": "add_cpu"}, {"action": "add_cpu"}, {"action": "add_cpu"},
                      {"action": "start"}):
            await phone.send(room=code, **frame)
            await phone.until("room")
        changes_since_my_frame = 0
        while True:
            room = phone.room
            assert room is not None
            if room["phase"] != "playing":
                return "finished", changes_since_my_frame
            view = room["game"]["view"]
            mine = next(p for p in view["players"] if p["seat"] == view["seat"])
            if mine["out"] and changes_since_my_frame > 0 and \
                    await asyncio.to_thread(dead_letters, gateway) > 0:
                return "stalled", changes_since_my_frame
            if view.get("legal") and room["game"]["current"] == view["seat"]:
                move = person_move(view)
                assert move is not None
                await phone.send(action="move", room=code, version=room["version"], move=move)
                changes_since_my_frame = -1  # the reply to this move is not the CPUs'
            try:
                await asyncio.wait_for(phone.until("room"), timeout=5.0 if mine["out"] else ROUND_TIMEOUT)
            except asyncio.TimeoutError:
                continue  # the room is quiet: look at the dead-letter queue again
            changes_since_my_frame += 1


# Each variant starts its own gateway: two groups, so two workers can run them side by side.
@pytest.mark.parametrize("setting", [
    pytest.param("stack", marks=pytest.mark.xdist_group("recursive-loop-stack")),
    pytest.param("Terminate", marks=[pytest.mark.xdist_group("recursive-loop-terminate"), pytest.mark.xfail(
        strict=True, reason="Lambda's default loop guard refuses the 17th hop of the CPUs' chain")]),
])
def test_the_cpus_play_the_round_out_after_the_only_person_went_out(setting: str) -> None:
    # At the tests' pace: a timer message plays the room only up to its own time, so however late it comes the
    # chain has one hop per CPU change.
    with running_gateway(env={"DECKROOM_SEED": SEED, RECURSIVE_LOOP_VARIABLE: setting, **TEST_PACE}) as gateway:
        ended, cpu_changes = asyncio.run(play_round(gateway))
        log = gateway.log()
    assert ended == "finished", (
        f"the round stalled after {cpu_changes} CPU changes with no frame from the person; the server said:\n"
        + "\n".join(line for line in log.splitlines() if "recursive loop" in line)
    )
    assert cpu_changes > 16, f"the chain is too short to show anything ({cpu_changes} CPU changes)"
    assert "recursive loop detected" not in log
