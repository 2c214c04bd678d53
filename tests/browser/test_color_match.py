"""Three friends on three phones: make a room, join by code and by link, and play Color Match to the end."""

from __future__ import annotations

from contextlib import ExitStack

from playwright.sync_api import Browser, Page, expect

from tests.browser.bots import ColorMatchTable
from tests.browser.driver import JA, choose_and_start, create_room, join_by_code, join_by_link, phone, version

BASIC_GOALS = {"wild", "keep", "declare", "callout"}
HOUSE_GOALS = {"stack", "challenge"}


def _three_players(browser: Browser, base_url: str, stack: ExitStack) -> list[Page]:
    pages = [stack.enter_context(phone(browser)).new_page() for _ in range(3)]
    host, second, third = pages
    code = create_room(host, base_url, "たろう")
    join_by_code(second, base_url, "はなこ", code)
    link = host.locator("#join-link").input_value()
    assert link == f"{base_url}?room={code}"
    join_by_link(third, link, "じろう", code)
    for page in pages:
        expect(page.locator(".member")).to_have_count(3)
    expect(host.locator(".member", has_text="たろう").locator(".badge.host")).to_be_visible()
    return pages


def _play_games_until(table: ColorMatchTable, host: Page, max_games: int = 4) -> int:
    """Plays games (rematching) until the table's goals are met; returns how many games were played."""
    for number in range(1, max_games + 1):
        table.play_to_end()
        expect(host.locator(".ranking > li")).to_have_count(3)
        expect(host.locator(".history li")).to_have_count(number)
        if table.goals <= table.done:
            return number
        before = version(host)
        host.get_by_role("button", name=JA["rematch"]).click()
        for page in table.pages:
            expect(page.locator('main[data-phase="playing"]')).to_be_visible()
        assert version(host) > before
    raise AssertionError(f"goals not met in {max_games} games: missing {table.goals - table.done}")


def test_basic_game_to_the_end_then_a_rematch(browser: Browser, base_url: str) -> None:
    with ExitStack() as stack:
        pages = _three_players(browser, base_url, stack)
        host = pages[0]
        choose_and_start(host, "カラーマッチ")
        for page in pages:
            expect(page.locator(".hand-card").nth(6)).to_be_visible()  # 7 dealt (9 after a first Draw Two)
            expect(page.locator(".opponent")).to_have_count(2)
            expect(page.locator(".current-color, .sheet")).to_be_visible()

        table = ColorMatchTable(pages, goals=BASIC_GOALS)
        games = _play_games_until(table, host)
        assert {"wild", "keep", "declare", "callout", "missed_call"} <= table.done

        # The host's もう一回 deals again; everyone is at the table with a fresh hand and the history kept.
        host.get_by_role("button", name=JA["rematch"]).click()
        for page in pages:
            expect(page.locator('main[data-phase="playing"]')).to_be_visible()
            expect(page.locator(".hand-card").nth(6)).to_be_visible()
        host.locator(".log summary").click()
        expect(host.locator(".log")).to_contain_text(f"{games + 1}ゲーム目が始まりました")


def test_house_game_with_a_stacking_chain_and_a_challenge(browser: Browser, base_url: str) -> None:
    with ExitStack() as stack:
        pages = _three_players(browser, base_url, stack)
        host = pages[0]
        choice = host.locator(".game-choice", has_text="カラーマッチ")
        choice.get_by_role("button", name="このゲームを選ぶ").click()
        house = choice.get_by_role("button", name="ハウスルール")
        house.click()
        expect(house).to_have_attribute("aria-pressed", "true")
        for toggle in ("まとめ出し", "+2 / +4 の重ね返し", "チャレンジ"):
            expect(choice.get_by_role("switch", name=toggle)).to_be_checked()
        # Everyone sees the options the host chose (read-only for them).
        pages[1].locator(".options-box summary").click()
        expect(pages[1].get_by_role("switch", name="チャレンジ")).to_be_checked()
        expect(pages[1].get_by_role("switch", name="チャレンジ")).to_be_disabled()

        choose_and_start(host, "カラーマッチ")
        table = ColorMatchTable(pages, goals=HOUSE_GOALS, house=True)
        _play_games_until(table, host)
        assert {"stack", "challenge"} <= table.done
