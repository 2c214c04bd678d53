"""Responsive input: a tapped card leaves the hand at once and the screen waits for the server's answer; a refused
move puts the card back and says why; a double tap sends one move. The test stands between the page and the
server (``driver.FrameGate``) to hold a move back, or to change it into one the server refuses."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from tools.browser.bots import CARD_CODES
from tools.browser.driver import FrameGate, phone, solo_start, version, wait_taken, wait_version


def _labels(page: Page, selector: str) -> list[str]:
    return page.locator(selector).evaluate_all("cards => cards.map((c) => c.getAttribute('aria-label'))")


def _first_turn(page: Page, base_url: str) -> FrameGate:
    """A solo Color Match game against one CPU, at the player's first turn; the gate between page and server."""
    gate = FrameGate(page)
    solo_start(page, base_url, "color-match", cpus=1)
    expect(page.locator(".turn-banner.mine")).to_be_visible()
    if page.locator(".sheet .picker-button").count():  # a Wild turned up first: name its colour
        page.locator(".sheet .picker-button").first.click()
        expect(page.locator(".sheet")).to_have_count(0)
    return gate


def test_a_card_leaves_at_once_and_a_refused_one_comes_back_with_the_reason(browser: Browser, base_url: str) -> None:
    with phone(browser) as context:
        page = context.new_page()
        gate = _first_turn(page, base_url)
        playable = [label for label in _labels(page, ".hand-card.playable") if not label.startswith("ワイルド")]
        dimmed = _labels(page, ".hand-card.dimmed")
        assert playable and dimmed, "the seeded deal gives a card to play and one that cannot be played"
        tapped, wrong = playable[0], dimmed[0]
        held = page.locator(f'.hand-card[aria-label="{tapped}"]')
        count = held.count()

        gate.hold = True
        held.first.click()
        expect(held).to_have_count(count - 1)  # gone from the hand before the server has even seen the move
        expect(page.locator(".actions button").first).to_be_disabled()  # and nothing else can be pressed meanwhile

        gate.release(lambda frame: frame["move"].update(cards=[CARD_CODES[wrong]]))  # …which the server refuses
        expect(page.get_by_role("alert")).to_contain_text("場の色にも数字にも合いません")
        expect(held).to_have_count(count)  # back in the hand
        expect(page.locator(f'.hand-card.playable[aria-label="{tapped}"]').first).to_be_enabled()
        assert gate.sent == 1


def test_a_double_tap_sends_one_move(browser: Browser, base_url: str) -> None:
    with phone(browser) as context:
        page = context.new_page()
        gate = _first_turn(page, base_url)
        moves = gate.sent
        target = page.locator(".hand-card.playable").first
        if (target.get_attribute("aria-label") or "").startswith("ワイルド"):
            target = page.locator(".actions").get_by_role("button", name="山から引く")
        before = version(page)
        target.dblclick()
        wait_taken(page, before)  # the move was taken (the CPU may already have answered it)
        assert gate.sent == moves + 1


def test_an_answer_overtaken_by_the_cpus_move_still_frees_the_buttons(browser: Browser, base_url: str) -> None:
    """The reply to a move and the CPU's next move are sent by two functions: the CPU's frame may come first. The
    phone keeps the newer room, and the late reply still settles the move (the buttons work at the next turn)."""
    with phone(browser) as context:
        page = context.new_page()
        gate = _first_turn(page, base_url)
        numbers = [label for label in _labels(page, ".hand-card.playable") if label[-1].isdigit()]
        assert numbers, "the seeded deal gives a number card to play (the CPU's turn comes next)"
        before = version(page)
        gate.overtake = True
        page.locator(f'.hand-card[aria-label="{numbers[0]}"]').first.click()
        wait_version(page, before + 2)  # the CPU's move arrived…
        expect(page.locator(".turn-banner.mine")).to_be_visible()
        assert gate.overtaken == [before + 1]  # …before the answer to ours
        expect(page.locator(".actions button").first).to_be_enabled()
