"""A walk through every screen of the site, calling ``visit(page, name)`` at each: the screenshots photograph
them, the accessibility tests measure them (contrast in both themes, reflow at 200 % zoom).

Three phones make a room, join by code and by link and play a Color Match ``basic`` game to its end, steered by
the browser tests' players (so a drawn card, a Wild's colour choice and a call-out are sure to come up); one
phone then plays Color Rows against two CPUs; last come the rules pages. Names are those of the screenshots
(``docs/screenshots/<name>-<theme>.png``).
"""

from __future__ import annotations

from contextlib import AbstractContextManager, ExitStack
from typing import Callable

from playwright.sync_api import Browser, BrowserContext, Page, expect

from .bots import ColorMatchTable, play_color_rows_to_end
from .driver import JA, choose_and_start, create_room, join_by_code, my_turn, start_as_guest, version, wait_version
from .plan import BASIC_GOALS

Visit = Callable[[Page, str], None]
#: Opens a fresh browser context (a phone of some size); ``driver.phone`` with the tour's settings.
Device = Callable[[Browser], AbstractContextManager[BrowserContext]]

NAMES = ("たろう", "はなこ", "じろう")
COLOR_MATCH_SCREENS = ("06-color-match-your-turn", "07-color-match-drawn", "08-color-match-wild",
                       "09-color-match-callout")


def site_tour(browser: Browser, base_url: str, device: Device, visit: Visit) -> ColorMatchTable:
    """Every screen: returns the Color Match table played (its ``shown`` lists the situations that came up)."""
    table = color_match_tour(browser, base_url, device, visit)
    color_rows_tour(browser, base_url, device, visit)
    rules_tour(browser, base_url, device, visit)
    return table


def color_match_tour(browser: Browser, base_url: str, device: Device, visit: Visit) -> ColorMatchTable:
    """Start, home, the join link, both lobbies (the host's with the game's options open), a Color Match game
    (your turn, a drawn card, a Wild's colour choice, a call-out) and its results."""
    with ExitStack() as stack:
        host, second, third = (stack.enter_context(device(browser)).new_page() for _ in NAMES)
        host.goto(base_url)
        expect(host.get_by_role("button", name=JA["start"])).to_be_visible()
        visit(host, "01-start")
        start_as_guest(host, NAMES[0])
        expect(host.get_by_role("button", name=JA["create"])).to_be_visible()
        visit(host, "02-home")
        host.get_by_role("button", name=JA["create"]).click()
        code = host.locator(".topbar .room-code").inner_text().lstrip("#")
        join_by_code(second, base_url, NAMES[1], code)
        third.goto(f"{base_url}?room={code}")
        expect(third.get_by_text(code).first).to_be_visible()
        visit(third, "03-join-link")
        start_as_guest(third, NAMES[2])
        expect(host.locator(".member")).to_have_count(3)
        host.get_by_role("button", name="QRを表示").click()
        expect(host.locator("svg.qr")).to_be_visible()
        host.locator(".game-choice", has_text="カラーマッチ").get_by_role("button", name="このゲームを選ぶ").click()
        expect(second.locator(".game-choice.selected")).to_be_visible()
        expect(host.locator(".options-box[open]")).to_be_visible()
        visit(host, "04-lobby-host")
        second.locator(".options-box summary").click()  # the options as a guest sees them: read-only
        visit(second, "05-lobby-guest")

        choose_and_start(host, "カラーマッチ")
        pages = [host, second, third]
        table = ColorMatchTable(dict(zip(NAMES, pages)), goals=BASIC_GOALS)
        wanted = set(COLOR_MATCH_SCREENS)
        while table.step():
            latest = max(version(page) for page in pages)
            for page in pages:  # every phone shows the step just made before any is looked at
                wait_version(page, latest)
            for page in pages:
                _visit_situations(page, wanted, visit)
        host.locator(".log summary").click()
        visit(host, "10-color-match-results")
        assert not wanted, f"this game did not show {sorted(wanted)}"
        return table


def _visit_situations(page: Page, wanted: set[str], visit: Visit) -> None:
    """Visits the Color Match situations ``page`` shows now that are still ``wanted`` (and crosses them off)."""

    def once(name: str, shows: bool) -> bool:
        if name in wanted and shows:
            wanted.discard(name)
            return True
        return False

    if once("06-color-match-your-turn", my_turn(page) and page.locator(".hand-card.playable").count() > 0):
        visit(page, "06-color-match-your-turn")
    if once("07-color-match-drawn", page.get_by_role("button", name=JA["keep"]).count() > 0):
        visit(page, "07-color-match-drawn")
    if once("09-color-match-callout", page.get_by_role("button", name=JA["callout"]).count() > 0):
        visit(page, "09-color-match-callout")
    wild = page.locator('.hand-card.playable[aria-label^="ワイルド"]')
    picking = my_turn(page) and wild.count() > 0 and not page.locator(".sheet").count()
    if once("08-color-match-wild", picking):
        wild.first.click()
        expect(page.locator(".sheet")).to_be_visible()
        visit(page, "08-color-match-wild")
        page.get_by_role("button", name="戻す").click()  # the bots play the Wild themselves when they choose to
        expect(page.locator(".sheet")).to_have_count(0)


def color_rows_tour(browser: Browser, base_url: str, device: Device, visit: Visit) -> None:
    """One phone against two CPUs: a drawn card to place, then the results with the score breakdown."""
    with device(browser) as context:
        page = context.new_page()
        create_room(page, base_url, "ゆうき")
        for count in (2, 3):
            page.get_by_role("button", name=JA["add_cpu"]).click()
            expect(page.locator(".member")).to_have_count(count)
        choose_and_start(page, "カラーロウ")
        expect(page.locator(".turn-banner.mine")).to_be_visible(timeout=30_000)
        place = page.locator(".cr-row button", has_text="ここに置く")
        if not place.count():  # a round's first card is turned up by the server itself (the only legal move)
            page.get_by_role("button", name="山からめくる").click()
        expect(place.first).to_be_visible()
        visit(page, "11-color-rows-place")
        play_color_rows_to_end(page)
        expect(page.locator(".breakdown").first).to_be_visible()
        visit(page, "12-color-rows-results")


def rules_tour(browser: Browser, base_url: str, device: Device, visit: Visit) -> None:
    with device(browser) as context:
        page = context.new_page()
        for game in ("color-match", "color-rows"):
            page.goto(f"{base_url}rules/{game}.html?lang=ja")
            expect(page.locator("article:not([hidden]) h1")).to_be_visible()
            visit(page, f"13-rules-{game}")
