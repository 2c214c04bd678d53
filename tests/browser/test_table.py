"""The table on one screen: for both games, one player against CPUs plays a whole game, and at every one of their
turns, measured at each phone size upright and sideways (the phone turned and resized between measurements), the
page does not scroll and what they need is on screen — the top card (Color Match) or the rows (Color Rows), every
card they can play, and every action button.

The game is started with the quick solo start (seed 003's 「CPUと対戦」): one tap after the name.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tools.browser.bots import play_color_match_against_cpus, play_color_rows_to_end
from tools.browser.driver import JA, phone, solo_start, start_as_guest
from tools.browser.fit import check_on_screen

@pytest.mark.parametrize("game", ["color-match", "color-rows"])
def test_a_whole_game_on_one_screen_at_every_size(browser: Browser, base_url: str, game: str) -> None:
    with phone(browser) as context:
        page = context.new_page()
        solo_start(page, base_url, game)
        expect(page.locator("main.game")).to_be_visible()
        turns: list[int] = []
        on_turn = lambda page: check_on_screen(page, game, turns)  # noqa: E731
        if game == "color-match":
            play_color_match_against_cpus(page, on_turn=on_turn)
        else:
            play_color_rows_to_end(page, on_turn=on_turn)
        expect(page.locator(".results")).to_be_visible()
        assert len(turns) >= 3, f"only {len(turns)} turns were looked at"


def test_the_solo_start_is_one_tap_after_the_name(browser: Browser, product_paced_url: str) -> None:
    """A new guest: the name, then 「CPUと対戦」 — and the first turn is theirs (Color Match: the host plays
    first). The lobby's last solo set-up (game, CPUs, level) is what the next quick start deals."""
    with phone(browser) as context:
        page = context.new_page()
        page.goto(product_paced_url)
        page.get_by_label(JA["name"]).fill("ゆうき")
        page.get_by_role("button", name=JA["solo"]).click()
        expect(page.locator(".turn-banner.mine")).to_be_visible()
        expect(page.locator(".opponent")).to_have_count(3)  # three CPUs by default
        expect(page.locator(".hand-card")).to_have_count(7)
        expect(page.locator("html")).to_have_class("at-table")

        # From the lobby: Color Rows against two easy CPUs. Leaving mid-game asks nothing (a stand-in plays on).
        page.locator(".topbar .room-code").wait_for()
        page.evaluate("() => localStorage.removeItem('deckroom.room')")
        page.reload()
        expect(page.get_by_role("button", name=JA["solo"])).to_be_visible()
        expect(page.locator("#solo-what")).to_have_text("カラーマッチ・CPU・ふつう × 3")
        page.get_by_role("button", name=JA["create"]).click()
        for count in (2, 3):
            page.get_by_role("button", name=JA["add_cpu"]).click()
            expect(page.locator(".member")).to_have_count(count)
        page.get_by_label("CPU の強さ").select_option("easy")
        page.locator(".game-choice", has_text="カラーロウ").get_by_role("button", name="このゲームを選ぶ").click()
        page.get_by_role("button", name="カラーロウを始める").click()
        expect(page.locator(".cr-row")).to_have_count(3)
        page.evaluate("() => localStorage.removeItem('deckroom.room')")
        page.reload()
        expect(page.locator("#solo-what")).to_have_text("カラーロウ・CPU・よわい × 2")


def test_a_guest_who_types_a_name_starts_as_before(browser: Browser, base_url: str) -> None:
    """「ゲストで始める」 still leads to the home screen (the solo start is an addition, not a detour)."""
    with phone(browser) as context:
        page = context.new_page()
        page.goto(base_url)
        start_as_guest(page, "たろう")
        expect(page.get_by_role("button", name=JA["create"])).to_be_visible()
