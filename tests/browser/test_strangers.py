"""Strangers, round two (issue 31) in Chromium: after a removal the removed player's fresh guest knocks and the host
refuses; a phone joins a live room by its link while the typed codes of its address are spent."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from typing import Iterator

import aiohttp
import pytest
from playwright.sync_api import Browser, expect

from devserver.testing import RunningGateway, running_gateway
from functions.throttle import JOIN_BY_ADDRESS, JOIN_BY_PLAYER
from tests.browser.test_upkeep import remove
from tools.browser.driver import JA, create_room, gather, phone, start_as_guest


def test_a_removed_player_s_fresh_guest_knocks_and_the_host_refuses(browser: Browser, base_url: str) -> None:
    with ExitStack() as stack:
        host, hanako = gather(browser, base_url, stack, ("たろう", "はなこ")).values()
        code = host.locator(".topbar .room-code").inner_text().lstrip("#")
        remove(host, "はなこ", "伝えない")
        expect(host.locator(".member")).to_have_count(1)
        expect(host.get_by_label("新しい人はノックして、ホストが入れる")).to_be_checked()

        # The same person on a new device (a fresh guest) knocks instead of coming straight back.
        fresh = stack.enter_context(phone(browser)).new_page()
        fresh.goto(base_url)
        start_as_guest(fresh, "はなこ")
        fresh.get_by_label(JA["code"]).fill(code)
        fresh.get_by_role("button", name=JA["join"], exact=True).click()
        expect(fresh.get_by_text(f"ルーム {code} をノックしました。")).to_be_visible()
        knock = host.locator(".knock", has_text="はなこさんが入りたがっています")
        expect(knock).to_be_visible()
        knock.get_by_role("button", name="断る").click()
        expect(host.locator(".knock")).to_have_count(0)
        expect(fresh.get_by_role("alert")).to_contain_text("ホストが入室を断りました。")
        expect(fresh.locator(".topbar .room-code")).to_have_count(0)
        expect(host.locator(".member")).to_have_count(1)


@pytest.fixture
def own_gateway() -> Iterator[RunningGateway]:
    """A server of its own: this test spends its address's failed joins, which the other tests share."""
    with running_gateway() as running:
        yield running


async def _spend_failed_joins(url: str, live: str) -> None:
    """Fresh guests of this address guess codes until the address's failed joins are refused. Until refused, not a
    count of guesses: the budget is per fixed window, and a window that ends during the guessing starts afresh."""
    async with aiohttp.ClientSession() as session:
        guesses = (f"{n:04d}" for n in range(10_000) if f"{n:04d}" != live)
        for _ in range(3 * JOIN_BY_ADDRESS.allowed // JOIN_BY_PLAYER.allowed):
            async with session.ws_connect(url) as socket:
                await socket.send_json({"action": "hello", "name": "あやしい"})
                await socket.receive_json()
                for _ in range(JOIN_BY_PLAYER.allowed):  # within each guest's own budget: a refusal is the address's
                    await socket.send_json({"action": "join", "code": next(guesses)})
                    answer = (await socket.receive_json())["code"]
                    if answer == "too_many_attempts":
                        return
                    assert answer == "room_not_found"
        raise AssertionError("the address's failed joins were never refused")


def test_a_live_room_is_joined_by_its_link_while_the_address_s_typed_codes_are_spent(
        browser: Browser, own_gateway: RunningGateway) -> None:
    base_url = own_gateway.base_url + "/"
    with ExitStack() as stack:
        host, typed, linked = (stack.enter_context(phone(browser)).new_page() for _ in range(3))
        code = create_room(host, base_url, "せんせい")
        link = host.locator("#join-link").input_value()
        typed.goto(base_url)
        start_as_guest(typed, "じろう")
        typed.get_by_label(JA["code"]).fill(code)
        with ThreadPoolExecutor(1) as pool:  # Playwright's own event loop runs in this thread
            pool.submit(asyncio.run, _spend_failed_joins(own_gateway.websocket_url, code)).result()
        typed.get_by_role("button", name=JA["join"], exact=True).click()  # at once, in the window just spent
        expect(typed.get_by_role("alert")).to_contain_text("ルームのリンクを開くか、QRコードを読み取って")
        expect(typed.locator(".topbar .room-code")).to_have_count(0)

        linked.goto(link)
        start_as_guest(linked, "さくら")
        expect(linked.locator(".topbar .room-code")).to_have_text(f"#{code}")
        expect(host.locator(".member")).to_have_count(2)
