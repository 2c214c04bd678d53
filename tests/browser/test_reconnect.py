"""A phone that loses its connection mid-game shows that it is reconnecting, then comes back to the same seat."""

from __future__ import annotations

from contextlib import ExitStack

from playwright.sync_api import Browser, Page, expect

from tools.browser.bots import ColorMatchTable
from tools.browser.driver import (
    choose_and_start, drop_connection, gather, restore_connection, track_sockets, version, wait_version,
)

NAMES = ("たろう", "はなこ")


def _hand(page: Page) -> list[str]:
    return page.locator(".hand-card").evaluate_all("cards => cards.map(c => c.getAttribute('aria-label'))")


def test_a_dropped_connection_comes_back_to_the_same_seat(browser: Browser, base_url: str) -> None:
    with ExitStack() as stack:
        phones = gather(browser, base_url, stack, NAMES, prepare=track_sockets)
        host, hanako = phones.values()
        choose_and_start(host, "カラーマッチ")
        expect(hanako.locator(".hand-card").nth(6)).to_be_visible()
        wait_version(hanako, version(host))
        hand = _hand(hanako)

        drop_connection(hanako)
        # The phone is offline (not just a dropped socket): the banner says so.
        expect(hanako.get_by_role("status").filter(has_text="オフラインです。ゲームには接続が必要です。")).to_be_visible()
        # The server noticed: the others see her seat as away.
        away = host.locator(".opponent.away", has_text=NAMES[1])
        expect(away).to_be_visible()

        restore_connection(hanako)
        expect(hanako.locator(".banner")).to_have_count(0)
        expect(away).to_have_count(0)
        expect(host.locator(".log")).to_contain_text(f"{NAMES[1]}が戻りました")
        # The same seat, with the same cards, and it plays on: her taps reach the server again.
        wait_version(hanako, version(host))
        assert _hand(hanako) == hand
        expect(hanako.locator(".hand-title")).to_contain_text(f"（{len(hand)}枚）")
        table = ColorMatchTable(phones, goals=())
        assert any(table.step() == NAMES[1] for _ in range(20)), "her turn came and she played it"
