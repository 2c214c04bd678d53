"""Item 6 through the local gateway: many sockets from one address (every socket here comes from 127.0.0.1, as a
school's phones come from its one address) guess codes and create rooms, all at once. The limits hold across
sockets, identities and concurrent requests — counted by the database, not by a connection — and a stranger's
frames about a room get the same answer for a live code and a free one.
"""

from __future__ import annotations

import asyncio
import random
from typing import Iterator

import aiohttp
import boto3
import pytest

from devserver.testing import TEST_PACE, RunningGateway, running_gateway
from functions.settings import LOCAL_ADDRESS_KEY
from functions.throttle import CREATE_BY_ADDRESS, JOIN_BY_ADDRESS, JOIN_BY_PLAYER, hashed_subject
from tests.reliability.phones import Phone, at_once, phones

pytestmark = pytest.mark.e2e


@pytest.fixture
def stack() -> Iterator[RunningGateway]:
    with running_gateway(env=TEST_PACE) as running:
        yield running


def counters(stack: RunningGateway) -> dict[str, int]:
    """The throttles' counters in the stack's table, by key."""
    table = boto3.client("dynamodb", endpoint_url=stack.aws_endpoint_url, region_name="us-east-1",
                         aws_access_key_id="testing", aws_secret_access_key="testing")
    items = table.scan(TableName="deckroom")["Items"]
    return {i["pk"]["S"]: int(i["n"]["N"]) for i in items if i["pk"]["S"].startswith("limit#")}


#: The local gateway's address counters: a keyed hash of 127.0.0.1 (the settings' local key), never the address.
LOCAL_ADDRESS = "limit#join-address#" + hashed_subject("127.0.0.1", LOCAL_ADDRESS_KEY) + "#"


def stranger_frames(code: str) -> list[dict]:
    return [{"action": "add_cpu", "room": code}, {"action": "leave", "room": code},
            {"action": "move", "room": code, "version": 1, "move": {"type": "draw"}}]


def same_answer(live: dict, free: dict) -> bool:
    keep = ("type", "code")
    return {k: live[k] for k in keep} == {k: free[k] for k in keep} and \
        abs(live.get("retry_after", 0) - free.get("retry_after", 0)) <= 1


def test_many_sockets_from_one_address_guess_and_create_within_the_limits_and_learn_nothing(stack):
    async def scenario() -> None:
        url = stack.websocket_url
        async with aiohttp.ClientSession() as session:
            (host,) = await phones(session, url, ["ホスト"])
            live = (await host.ask({"action": "create"}))["code"]
            rng = random.Random(7)
            free = [c for c in (f"{n:04d}" for n in rng.sample(range(10_000), 400)) if c != live]

            # A stranger's frames about the live room and about a free code: the same answer, one failed join each.
            (spy,) = await phones(session, url, ["スパイ"])
            for frame_live, frame_free in zip(stranger_frames(live), stranger_frames(free[0])):
                answers = [await spy.ask(frame_live), await spy.ask(frame_free)]
                assert [a["code"] for a in answers] == ["not_in_room", "not_in_room"]
            used = 2 * len(stranger_frames(live))

            # Fifteen sockets, each a fresh identity, guess ten codes each, all at once (one socket is in one
            # room at a time, so each guesses one after another): the address's limit lets exactly what is left
            # of it through, whatever the sockets, the identities and the concurrency.
            crowd = await phones(session, url, [f"G{i}" for i in range(15)])
            guesses = iter(free[1:])

            async def guess(phone: Phone) -> list[dict]:
                return [await phone.ask({"action": "join", "code": next(guesses)})
                        for _ in range(JOIN_BY_PLAYER.allowed)]

            replies = [r for replies in await asyncio.gather(*(guess(p) for p in crowd)) for r in replies]
            codes = [r["code"] for r in replies]
            assert codes.count("room_not_found") == JOIN_BY_ADDRESS.allowed - used
            assert codes.count("too_many_attempts") == len(replies) - (JOIN_BY_ADDRESS.allowed - used)
            address_keys = [k for k in counters(stack) if k.startswith(LOCAL_ADDRESS)]
            assert [counters(stack)[k] for k in address_keys] == [JOIN_BY_ADDRESS.allowed]

            # Now nobody at the address gets a lookup, on a new socket with a new identity, even for the live
            # code; and a stranger's frames still get the same answer for the live code and a free one.
            (late,) = await phones(session, url, ["おそい"])
            refused = await late.ask({"action": "join", "code": live})
            assert refused["code"] == "too_many_attempts" and 0 < refused["retry_after"] <= JOIN_BY_ADDRESS.window
            for frame_live, frame_free in zip(stranger_frames(live), stranger_frames(next(guesses))):
                assert same_answer(await late.ask(frame_live), await late.ask(frame_free))
            assert len(host.room["members"]) == 1

            # Creations: sixty rooms an address per window, however many sockets ask at once (the host made one).
            makers = await phones(session, url, [f"C{i}" for i in range(CREATE_BY_ADDRESS.allowed + 1)])
            made = await at_once(*(m.send({"action": "create"}) for m in makers))
            kinds = [r["type"] if r["type"] != "error" else r["code"] for r in made]
            assert kinds.count("room") == CREATE_BY_ADDRESS.allowed - 1
            assert kinds.count("too_many_attempts") == 2
            for phone in [host, spy, late, *crowd, *makers]:
                await phone.close()

    asyncio.run(scenario())


def test_the_local_gateway_hands_the_handlers_the_peer_address(stack):
    async def scenario() -> None:
        async with aiohttp.ClientSession() as session:
            phone = await Phone(session, stack.websocket_url).open()
            await phone.hello("どこから")
            assert (await phone.ask({"action": "join", "code": "0000"}))["code"] == "room_not_found"
            await phone.close()

    asyncio.run(scenario())
    assert any(key.startswith(LOCAL_ADDRESS) for key in counters(stack))
    assert not any("127.0.0.1" in key for key in counters(stack))


def test_one_socket_racing_into_two_rooms_gets_into_one(stack):
    async def scenario() -> None:
        async with aiohttp.ClientSession() as session:
            hosts = await phones(session, stack.websocket_url, ["A", "B"])
            codes = [(await h.ask({"action": "create"}))["code"] for h in hosts]
            (racer,) = await phones(session, stack.websocket_url, ["ふたまた"])
            replies = await at_once(*(racer.send({"action": "join", "code": c}) for c in codes))
            assert sorted(r["type"] if r["type"] != "error" else r["code"] for r in replies) == \
                ["already_in_room", "room"]
            joined = next(r["code"] for r in replies if r["type"] == "room")
            for host, code in zip(hosts, codes):  # each room as it now is (a change of the host's own)
                room = await host.ask({"action": "set_open", "room": code, "open": True})
                assert len(room["members"]) == (2 if code == joined else 1)
            for phone in [*hosts, racer]:
                await phone.close()

    asyncio.run(scenario())
