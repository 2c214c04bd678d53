"""Signing in end to end, as `make dev` runs it: tokens from the local issuer's sign-in page (``/oidc/authorize``,
what the stand-in of Google's script opens), sent over the WebSocket to the real handlers, which fetch the
issuer's discovery document and keys over HTTP and verify them with the production code."""

from __future__ import annotations

import asyncio
import json
import random
import re

import aiohttp
import pytest

from devserver.oidc import LOCAL_CLIENT_ID
from devserver.testing import RunningGateway
from functions.accounts.account import sign_in_nonce
from functions.identity import hash_secret
from tests.devserver.support import submit_sign_in
from tests.reliability.phones import Phone

pytestmark = pytest.mark.e2e


async def credential(session: aiohttp.ClientSession, gateway: RunningGateway, user: str, secret: str) -> str:
    """The ID token the sign-in page hands its opener when ``user`` is picked on the device holding ``secret``."""
    form = {"name": user, "client_id": LOCAL_CLIENT_ID, "nonce": sign_in_nonce(hash_secret(secret))}
    _, page = await submit_sign_in(session, gateway.base_url, **form)
    message = re.search(r'<script id="credential" type="application/json">(.*?)</script>', page, re.S)
    assert message, page
    return json.loads(message.group(1))["credential"]


async def signed_in(session: aiohttp.ClientSession, gateway: RunningGateway, name: str, user: str) -> Phone:
    phone = await (await Phone(session, gateway.websocket_url).open()).hello(name)
    assert phone.secret is not None
    reply = await phone.ask({"action": "sign_in", "credential": await credential(session, gateway, user,
                                                                                phone.secret)})
    assert reply["type"] == "signed_in", reply
    phone.player_id = reply["player_id"]
    return phone


async def play_to_the_end(code: str, phones: list[Phone], rng: random.Random) -> None:
    """Random legal moves for whoever is to move until the game is over (people only: every change comes from a
    move here, and each phone holds its frame before the next move is chosen)."""
    for _ in range(1000):
        room = phones[0].room
        assert room is not None
        if room["phase"] == "finished":
            return
        mover = next(p for p in phones if p.room and p.room["you"]["seat"] == p.room["game"]["current"])
        assert mover.room is not None
        reply = await mover.ask({"action": "move", "room": code, "version": mover.room["version"],
                                 "move": rng.choice(mover.room["game"]["view"]["legal"])})
        assert reply["type"] == "room", reply
        for phone in phones:
            await phone.wait_for(lambda frame: frame["version"] >= reply["version"])
    raise AssertionError("the game did not end")


def test_sign_in_play_a_second_device_and_delete_through_the_local_issuer(gateway: RunningGateway) -> None:
    async def scenario() -> None:
        async with aiohttp.ClientSession() as session:
            phone = await signed_in(session, gateway, "あいこ", "Aiko (e2e)")
            friend = await (await Phone(session, gateway.websocket_url).open()).hello("ともだち")
            code = (await phone.ask({"action": "create"}))["code"]
            await friend.ask({"action": "join", "code": code})
            await phone.ask({"action": "select_game", "room": code, "game": "color-rows"})
            await phone.ask({"action": "start", "room": code})
            for each in (phone, friend):
                await each.wait_for(lambda room: room["phase"] == "playing")
            await play_to_the_end(code, [phone, friend], random.Random(11))
            final = await phone.wait_for(lambda room: room["phase"] == "finished")
            won = final["you"]["member"] in final["history"][-1]["winners"]

            profile = await phone.ask({"action": "profile"})  # counted before the game's last frame went out
            assert profile["stats"] == {"color-rows": {"played": 1, "won": int(won)}}
            assert (profile["recent"][0]["room"], profile["recent"][0]["won"]) == (code, won)
            await phone.ask({"action": "leave", "room": code})

            # A second device: the same player, the same stats. A token of the phone replayed there is refused.
            laptop = await (await Phone(session, gateway.websocket_url).open()).hello("ラップトップ")
            assert laptop.secret is not None and phone.secret is not None
            replayed = await laptop.ask({"action": "sign_in",
                                         "credential": await credential(session, gateway, "Aiko (e2e)", phone.secret)})
            assert (replayed["code"], replayed["reason"]) == ("sign_in_refused", "wrong_nonce")
            reply = await laptop.ask({"action": "sign_in", "credential": await credential(
                session, gateway, "Aiko (e2e)", laptop.secret)})
            assert (reply["player_id"], reply["name"], reply["new"]) == (phone.player_id, "あいこ", False)
            assert (await laptop.ask({"action": "profile"}))["stats"] == profile["stats"]

            # Sign out on the laptop; delete from the phone: gone for good, and the phone is nobody until hello.
            assert (await laptop.ask({"action": "sign_out"}))["type"] == "signed_out"
            assert (await phone.ask({"action": "delete_account"}))["type"] == "account_deleted"
            assert (await phone.ask({"action": "profile"}))["code"] == "not_signed_in"
            again = await (await Phone(session, gateway.websocket_url).open()).ask(
                {"action": "hello", "player_id": phone.player_id, "secret": phone.secret, "account": reply["account"]})
            assert again["type"] == "welcome" and "account" not in again
            for each in (phone, friend, laptop):
                await each.close()

    asyncio.run(asyncio.wait_for(scenario(), 120))
