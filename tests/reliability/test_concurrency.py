"""Item 2: many clients act on one room at the same instant, through the local gateway (handlers in parallel
threads, moto's DynamoDB deciding the conditional writes): the last free places, a double tap, two tabs of one
player, simultaneous calls-out, the host starting while someone leaves. Exactly one wins each race, the others
get an error, and every phone ends on the same consistent room.
"""

from __future__ import annotations

import asyncio
import random
from typing import Iterator

import aiohttp
import pytest

from devserver.testing import TEST_PACE, RunningGateway, running_gateway
from functions.engine import CPUS
from tests.reliability.phones import Phone, at_once, phones, room_of

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def stack() -> Iterator[RunningGateway]:
    with running_gateway(env=TEST_PACE) as running:
        yield running


def run(coroutine):
    return asyncio.run(coroutine)


def _kinds(replies: list[dict]) -> list[str]:
    return sorted(r["type"] if r["type"] != "error" else r["code"] for r in replies)


def test_the_last_free_places_go_to_exactly_that_many(stack):
    async def scenario():
        async with aiohttp.ClientSession() as session:
            code, members = await room_of(session, stack.websocket_url, [f"M{i}" for i in range(7)])
            crowd = await phones(session, stack.websocket_url, [f"N{i}" for i in range(8)])
            replies = await at_once(*(p.send({"action": "join", "code": code}) for p in crowd))
            assert _kinds(replies) == ["room"] * 3 + ["room_full"] * 5
            final = await members[0].wait_for(lambda r: len(r["members"]) == 10)
            await asyncio.sleep(0)  # let any straggling frame land before checking
            assert final["members"] == members[0].room["members"]
            for phone in members + crowd:
                await phone.close()
    run(scenario())


def _my_move(room: dict) -> dict:
    legal = room["game"]["view"]["legal"]
    return next((m for m in legal if m["type"] in ("take", "draw", "play")), legal[0])


def test_a_double_tap_and_two_tabs_of_one_player_count_once(stack):
    async def scenario():
        async with aiohttp.ClientSession() as session:
            code, (host, guest) = await room_of(session, stack.websocket_url, ["たろう", "はなこ"], "color-rows")
            started = await host.ask({"action": "start", "room": code})
            mover, observer = (host, guest) if started["game"]["current"] == started["you"]["seat"] else (guest, host)
            room = await mover.wait_for(lambda r: r["version"] >= started["version"])
            frame = {"action": "move", "room": code, "version": room["version"], "move": _my_move(room)}
            tap = await at_once(mover.send(frame), mover.send(frame))  # a double tap
            assert _kinds(tap) == ["room", "stale"]
            # That placed the card the start drew, so the turn has passed: two tabs of the player now in turn resume
            # at the same instant, then both tap.
            mover, observer = observer, mover
            tabs = [await Phone(session, stack.websocket_url).open() for _ in range(2)]
            hello = {"action": "hello", "player_id": mover.player_id, "secret": mover.secret, "room": code}
            welcomes = await at_once(*(tab.send(hello) for tab in tabs))
            assert [w["room"] for w in welcomes] == [code, code]
            # Each welcome is followed by the room as that tab's resume left it (the reply's second frame, which may
            # still be on its way). The tab that resumed last holds the seat; the other stopped getting frames.
            # Both tap the newest view.
            resumed = await asyncio.gather(*(tab.wait_for_frame(lambda f, w=w: f.get("type") == "room"
                                                                and f.get("rid") == w["rid"])
                                             for tab, w in zip(tabs, welcomes)))
            newest = max(resumed, key=lambda r: r["version"])
            room = await observer.wait_for(lambda r: r["version"] >= newest["version"])
            assert all(m["connected"] for m in room["members"])
            frame = {"action": "move", "room": code, "version": newest["version"], "move": _my_move(newest)}
            replies = await at_once(*(tab.send(frame) for tab in tabs))
            assert sorted(r["type"] for r in replies) == ["error", "room"]
            assert next(r for r in replies if r["type"] == "error")["code"] in ("not_in_room", "stale")
            won = next(r for r in replies if r["type"] == "room")
            await observer.wait_for(lambda r: r["version"] >= won["version"])
            moved = {(f["version"], e["seat"]) for f in observer.frames if f.get("type") == "room"
                     for e in f["events"] if e["code"] == "moved" and e["by"] == "player"}
            assert len(moved) == 2  # the double tap once, the two tabs once (forced moves may follow either)
            for phone in (host, guest, *tabs):
                await phone.close()
    run(scenario())


def test_simultaneous_calls_out_one_wins_and_the_penalty_is_drawn_once(stack):
    """Four players who never make their last-card call: each time one is left with a card uncalled, every
    other player points it out at the same instant."""
    async def scenario() -> int:
        async with aiohttp.ClientSession() as session:
            code, players = await room_of(session, stack.websocket_url, ["A", "B", "C", "D"], "color-match")
            rng, races, moves = random.Random(3), 0, 0
            room = await players[0].ask({"action": "start", "room": code})
            while races < 3 and moves < 1500:
                version = max(p.room["version"] for p in players if p.room)
                views = [await p.wait_for(lambda r, v=version: r["version"] >= v) for p in players]
                if views[0]["phase"] == "finished":
                    await players[0].ask({"action": "rematch", "room": code})
                    continue
                callers = [(p, v) for p, v in zip(players, views) if any(m["type"] == "callout" for m in v["game"]["view"]["legal"])]
                if len(callers) >= 2:
                    target = next(m for m in callers[0][1]["game"]["view"]["legal"] if m["type"] == "callout")["target"]
                    cards = next(s["cards"] for s in views[0]["game"]["view"]["players"] if s["seat"] == target)
                    replies = await at_once(*(p.send({"action": "move", "room": code, "version": v["version"],
                                                      "move": {"type": "callout", "target": target}}) for p, v in callers))
                    assert _kinds(replies) == ["room"] + ["stale"] * (len(callers) - 1)
                    after = next(r for r in replies if r["type"] == "room")
                    assert next(s["cards"] for s in after["game"]["view"]["players"] if s["seat"] == target) == cards + 2
                    races += 1
                    continue
                mover, view = next((p, v) for p, v in zip(players, views) if v["game"]["current"] == v["you"]["seat"])
                legal = [m for m in view["game"]["view"]["legal"] if m["type"] != "declare"]
                move = CPUS["color-match"].choose({**view["game"]["view"], "legal": legal}, rng) or legal[0]
                reply = await mover.ask({"action": "move", "room": code, "version": view["version"], "move": move})
                assert reply["type"] == "room", reply
                moves += 1
            for phone in players:
                await phone.close()
            return races
    assert run(scenario()) == 3


def test_the_host_starting_while_a_guest_leaves_leaves_one_consistent_room(stack):
    async def scenario() -> dict[str, int]:
        orders = {"left first": 0, "started first": 0}
        async with aiohttp.ClientSession() as session:
            for _ in range(6):
                code, (host, stayer, leaver) = await room_of(session, stack.websocket_url, ["H", "S", "L"], "color-match")
                leaver_id = leaver.room["you"]["member"]
                start, leave = await at_once(host.send({"action": "start", "room": code}),
                                             leaver.send({"action": "leave", "room": code}))
                assert start["type"] == "room" and leave["type"] == "left"
                final = await host.wait_for(lambda r: r["phase"] == "playing"
                                            and all(m["member"] != leaver_id for m in r["members"]))
                seats = [s["member"] for s in final["game"]["seats"]]
                orders["started first" if leaver_id in seats else "left first"] += 1
                assert seats[:2] == [m["member"] for m in final["members"]][:2] and len(seats) in (2, 3)
                other = await stayer.wait_for(lambda r: r["version"] >= final["version"])
                assert other["members"] == final["members"] and other["game"]["seats"] == final["game"]["seats"]
                for phone in (host, stayer, leaver):
                    await phone.close()
        return orders
    orders = run(scenario())
    assert sum(orders.values()) == 6
