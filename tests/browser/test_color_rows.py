"""One player against CPUs in Color Rows, with a reload in the middle that lands back in the same seat."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tools.browser.bots import play_color_rows_to_end
from tools.browser.driver import JA, choose_and_start, create_room, phone, version, wait_version


def test_alone_against_cpus_to_the_end_with_a_reload(browser: Browser, base_url: str) -> None:
    with phone(browser) as context:
        page = context.new_page()
        code = create_room(page, base_url, "ゆうき")
        page.get_by_role("button", name=JA["add_cpu"]).click()
        expect(page.locator(".member")).to_have_count(2)
        page.get_by_role("button", name=JA["add_cpu"]).click()
        expect(page.locator(".member")).to_have_count(3)
        expect(page.locator(".game-choice", has_text="カラーロウ")).not_to_have_class("unfit")
        choose_and_start(page, "カラーロウ")
        expect(page.locator(".cr-row")).to_have_count(3)
        expect(page.locator(".cr-player")).to_have_count(3)
        # The round's first card is turned up by the server (the only legal move), and the log says so.
        page.locator(".log summary").click()
        expect(page.locator(".log")).to_contain_text("（自動）")

        # A reload mid-game: the phone remembers who it is and goes straight back to the same seat.
        expect(page.locator(".cr-player.current")).to_be_visible()
        before = version(page)
        page.reload()
        expect(page.locator(".topbar .room-code")).to_have_text(f"#{code}")
        wait_version(page, before)
        expect(page.locator(".cr-player", has_text="ゆうき (あなた)")).to_be_visible()

        play_color_rows_to_end(page)
        expect(page.locator(".results")).to_be_visible()
        expect(page.locator(".ranking > li")).to_have_count(3)
        expect(page.locator(".breakdown").first).to_be_visible()
        expect(page.get_by_role("button", name=JA["to_lobby"])).to_be_visible()
        page.get_by_role("button", name=JA["to_lobby"]).click()
        expect(page.locator("main.lobby")).to_be_visible()
        expect(page.locator(".member", has_text="ゆうき").locator(".member-wins")).to_be_visible()
