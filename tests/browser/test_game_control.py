"""Control of a running game at phone size: Back at the table asks first and moves table → room → home without
leaving the site; a player leaves a game from ⚙ (a CPU finishes it for them); after a solo game the next game is
one tap; the host ends a game for everyone, back to the lobby."""

from __future__ import annotations

from contextlib import ExitStack

from playwright.sync_api import Browser, Page, expect

from tools.browser.driver import JA, choose_and_start, gather, phone, solo_start, watch_to_the_end

LEAVE_GAME = "このゲームを抜けますか？"


def ask_to_leave_by_settings(page: Page) -> None:
    page.get_by_role("button", name="設定").click()
    page.get_by_role("button", name="ゲームを抜ける…").click()


def test_back_asks_at_the_table_and_walks_home_and_a_solo_player_deals_the_next_game_in_one_tap(
        browser: Browser, base_url: str) -> None:
    with phone(browser) as context:
        page = context.new_page()
        solo_start(page, base_url, "color-match", cpus=2)
        expect(page.locator('main.game.color-match[data-phase="playing"]')).to_be_visible()

        # Back at the table asks first; staying keeps the game as it was.
        page.go_back()
        sheet = page.get_by_role("dialog", name=LEAVE_GAME)
        expect(sheet.get_by_role("button", name="続ける")).to_be_focused()
        sheet.get_by_role("button", name="続ける").click()
        expect(page.get_by_role("dialog")).to_have_count(0)
        expect(page.locator('main.game[data-phase="playing"]')).to_be_visible()

        # Leaving from ⚙: a CPU plays the seat to the end, and the result is the stand-in's.
        ask_to_leave_by_settings(page)
        page.get_by_role("dialog", name=LEAVE_GAME).get_by_role("button", name="ゲームを抜ける", exact=True).click()
        watch_to_the_end(page)
        expect(page.locator(".results")).to_be_visible()
        expect(page.locator(".standin-note")).to_contain_text("ゆうき")

        # The next game, one tap from the results.
        next_games = page.get_by_role("group", name="次のゲーム")
        expect(next_games.get_by_role("button")).to_have_count(2)  # カラーロウ and 大富豪 fit three seats
        next_games.get_by_role("button", name="カラーロウを始める").click()
        expect(page.locator('main.game.color-rows[data-phase="playing"]')).to_be_visible()

        # Back: the table → the lobby (the host ends the game) → home (leaving the room), on the site all along.
        page.go_back()
        page.get_by_role("dialog", name=LEAVE_GAME).get_by_role("button", name="ゲームを終える").click()
        expect(page.locator("main.lobby")).to_be_visible()
        page.go_back()
        room = page.get_by_role("dialog", name=f"ルーム {page.locator('.topbar .room-code').inner_text().lstrip('#')} を出ますか？")
        room.get_by_role("button", name="出る", exact=True).click()
        expect(page.get_by_role("button", name=JA["create"])).to_be_visible()
        assert page.url == base_url


def test_the_host_ends_a_game_for_everyone(browser: Browser, base_url: str) -> None:
    with ExitStack() as stack:
        host, guest = gather(browser, base_url, stack, ("たろう", "はなこ")).values()
        choose_and_start(host, "カラーマッチ")
        expect(guest.locator('main.game[data-phase="playing"]')).to_be_visible()

        # A guest may leave the game, not end it.
        ask_to_leave_by_settings(guest)
        sheet = guest.get_by_role("dialog", name=LEAVE_GAME)
        expect(sheet.get_by_role("button", name="ゲームを抜ける", exact=True)).to_be_visible()
        expect(sheet.get_by_role("button", name="全員のゲームを終える")).to_have_count(0)
        sheet.get_by_role("button", name="続ける").click()

        host.go_back()
        host.get_by_role("dialog", name=LEAVE_GAME).get_by_role("button", name="全員のゲームを終える").click()
        for page in (host, guest):
            expect(page.locator("main.lobby")).to_be_visible()
            expect(page.get_by_role("dialog")).to_have_count(0)
