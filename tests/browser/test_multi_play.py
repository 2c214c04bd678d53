"""まとめ出し (multi-card play, house rules): only the cards that can be played now, given the cards already
picked, are raised; a legal set plays in whatever order it was picked; the button says what will happen.

Each test deals a known hand: its server's DECKROOM_SEED was chosen so that the host, who plays first, holds the
cards the test needs (the deal depends only on the seed, the room code — the first of the seed's on a fresh
gateway — and the game's number).
"""

from __future__ import annotations

import re
from contextlib import ExitStack

from playwright.sync_api import Browser, Locator, Page, expect

from devserver.testing import running_gateway
from tools.browser.gateway import SEEDED, ensure_built
from tools.browser.driver import choose_and_start, gather, select_game, version, wait_taken

NAMES = ("たろう", "はなこ")


def _house_game(browser: Browser, seed: str, stack: ExitStack) -> Page:
    """Two phones on a server seeded with ``seed``, a house-rules Color Match game started: the host's page."""
    ensure_built()
    gateway = stack.enter_context(running_gateway(env={**SEEDED, "DECKROOM_SEED": seed}))
    phones = gather(browser, gateway.base_url + "/", stack, NAMES)
    host = phones[NAMES[0]]
    choice = select_game(host, "カラーマッチ")
    choice.get_by_role("button", name="ハウスルール").click()
    expect(choice.get_by_role("switch", name="まとめ出し")).to_be_checked()
    choose_and_start(host, "カラーマッチ")
    expect(host.locator(".turn-banner.mine")).to_be_visible()
    return host


def card(page: Page, label: str) -> Locator:
    return page.locator(f'.hand-card[aria-label="{label}"]')


def raised(page: Page) -> list[str]:
    return page.locator(".hand-card.playable").evaluate_all("cards => cards.map((c) => c.getAttribute('aria-label'))")


def test_a_pair_plays_in_either_order_it_was_picked(browser: Browser) -> None:
    """On a yellow 8 the host holds a yellow 8 and a green 8 (both may start) and nothing else that plays."""
    with ExitStack() as stack:
        host = _house_game(browser, "multi-168361", stack)
        expect(host.locator(".discard-pile")).to_have_attribute("aria-label", "場の札: 黄の8")
        assert sorted(raised(host)) == ["緑の8", "黄の8"]
        play = host.locator(".actions .play-selected")
        for first, second in (("黄の8", "緑の8"), ("緑の8", "黄の8")):
            card(host, first).click()
            expect(card(host, first)).to_have_attribute("aria-pressed", "true")
            expect(play).to_have_text(f"{first}を出す")
            card(host, second).click()
            expect(play).to_have_text(f"2 枚出す（上は{second}）")
            expect(play).to_be_enabled()
            if first == "黄の8":
                host.get_by_role("button", name="選び直す").click()
                expect(host.locator(".hand-card.selected")).to_have_count(0)
        before = version(host)
        play.click()  # green 8 picked first, yellow 8 on top
        wait_taken(host, before)
        expect(host.locator(".current-color")).to_have_attribute("aria-label", "いまの色: 黄")
        expect(host.locator(".discard-pile")).to_have_attribute("aria-label", "場の札: 黄の8")
        expect(host.locator(".hand-card")).to_have_count(5)
        host.locator(".log summary").click()
        expect(host.locator(".log")).to_contain_text("たろうが 緑の8・黄の8 を出しました")


def test_an_illegal_second_pick_is_not_raised(browser: Browser) -> None:
    """On a yellow 3 the host holds a yellow 4 and a blue 4 (a pair the yellow one starts), a yellow 1 and a yellow
    Reverse: after the yellow 4 only the blue 4 may join; the yellow 1 and the yellow Reverse, playable a moment
    ago, sink."""
    with ExitStack() as stack:
        host = _house_game(browser, "multi-192", stack)
        expect(host.locator(".discard-pile")).to_have_attribute("aria-label", "場の札: 黄の3")
        assert sorted(raised(host)) == sorted(["黄の4", "黄の1", "黄のリバース"])
        expect(card(host, "青の4")).to_have_attribute("aria-disabled", "true")  # cannot start a play on a yellow 3
        card(host, "黄の4").click()
        expect(card(host, "青の4")).to_have_class(re.compile(r"\bplayable\b"))
        assert sorted(raised(host)) == sorted(["青の4", "黄の4"])
        for sunk in ("黄の1", "黄のリバース"):
            expect(card(host, sunk)).to_have_attribute("aria-disabled", "true")
            card(host, sunk).click(force=True)  # a tap on a sunk card does nothing
        expect(host.locator(".hand-card.selected")).to_have_count(1)
        expect(host.locator(".turn-banner")).to_contain_text("ほかの4も選ぶと一緒に出せます")
        card(host, "青の4").click()
        before = version(host)
        host.locator(".actions .play-selected").click()
        wait_taken(host, before)
        expect(host.locator(".current-color")).to_have_attribute("aria-label", "いまの色: 青")
