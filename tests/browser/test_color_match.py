"""Three friends on three phones: make a room, join by code and by link, and play Color Match to the end.

The players (bots.py, deciding with plan.py) steer each game to every situation the test wants; test_plan.py
shows against the engine that one game always suffices, and the gateway's DECKROOM_SEED fixes the deal.
"""

from __future__ import annotations

from contextlib import ExitStack

from playwright.sync_api import Browser, Page, expect

from tools.browser.bots import ColorMatchTable
from tools.browser.driver import JA, choose_and_start, gather, select_game
from tools.browser.plan import BASIC_GOALS, HOUSE_GOALS

NAMES = ("たろう", "はなこ", "じろう")


def _play_one_game(table: ColorMatchTable, host: Page) -> None:
    """Plays the game to its end: every goal was met on the way and everyone sees the results."""
    table.play_to_end()
    assert set(table.goals) <= table.shown, f"missing {set(table.goals) - table.shown}"
    expect(host.locator(".ranking > li")).to_have_count(3)
    expect(host.locator(".history li")).to_have_count(1)


def test_basic_game_to_the_end_then_a_rematch(browser: Browser, base_url: str) -> None:
    with ExitStack() as stack:
        phones = gather(browser, base_url, stack, NAMES)
        host = phones[NAMES[0]]
        choose_and_start(host, "カラーマッチ")
        for page in phones.values():
            expect(page.locator(".hand-card").nth(6)).to_be_visible()  # 7 dealt (9 after a first Draw Two)
            expect(page.locator(".opponent")).to_have_count(2)
            expect(page.locator(".current-color, .sheet")).to_be_visible()

        table = ColorMatchTable(phones, goals=BASIC_GOALS)
        _play_one_game(table, host)
        assert "missed_call" in table.shown

        # The host's もう一回 deals again; everyone is at the table with a fresh hand and the history kept.
        host.get_by_role("button", name=JA["rematch"]).click()
        for page in phones.values():
            expect(page.locator('main[data-phase="playing"]')).to_be_visible()
            expect(page.locator(".hand-card").nth(6)).to_be_visible()
        host.locator(".log summary").click()
        expect(host.locator(".log")).to_contain_text("2ゲーム目が始まりました")


def test_house_game_with_a_stacking_chain_and_a_challenge(browser: Browser, base_url: str) -> None:
    with ExitStack() as stack:
        phones = gather(browser, base_url, stack, NAMES)
        host, second, _ = phones.values()
        choice = select_game(host, "カラーマッチ")
        house = choice.get_by_role("button", name="ハウスルール")
        house.click()
        expect(house).to_have_attribute("aria-pressed", "true")
        for toggle in ("まとめ出し", "+2 / +4 の重ね返し", "チャレンジ"):
            expect(choice.get_by_role("switch", name=toggle)).to_be_checked()
        # Everyone sees the options the host chose (read-only for them).
        second.locator(".options-box summary").click()
        expect(second.get_by_role("switch", name="チャレンジ")).to_be_checked()
        expect(second.get_by_role("switch", name="チャレンジ")).to_be_disabled()

        choose_and_start(host, "カラーマッチ")
        _play_one_game(ColorMatchTable(phones, goals=HOUSE_GOALS), host)
