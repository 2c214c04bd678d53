"""Screenshots of every screen at phone size (390×844) in both themes, for review without running anything.

    python -m tools.screenshots            # what `make screenshots` runs; writes docs/screenshots/*.png

It starts the local gateway, plays through the site with the browser tests' driver and bots (three phones for
Color Match, one phone against CPUs for Color Rows) and photographs each screen twice: light and dark. Full-page
shots are taken with the viewport stretched to the page, so bottom bars sit where a player would see them.
"""

from __future__ import annotations

import sys
from contextlib import ExitStack
from pathlib import Path

from playwright.sync_api import Page, expect, sync_playwright

from devserver.testing import running_gateway
from tests.browser.bots import ColorMatchTable, play_color_rows_to_end
from tests.browser.driver import (
    JA, PHONE, choose_and_start, create_room, join_by_code, launch, my_turn, phone, start_as_guest,
)
from tests.browser.plan import BASIC_GOALS

OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
THEMES = ("light", "dark")


def shoot(page: Page, name: str) -> None:
    """Writes ``<name>-light.png`` and ``<name>-dark.png`` of the page as it is now."""
    height = max(PHONE["height"], page.evaluate("document.documentElement.scrollHeight"))
    page.set_viewport_size({"width": PHONE["width"], "height": height})
    try:
        for theme in THEMES:
            page.evaluate("t => document.documentElement.dataset.theme = t", theme)
            page.screenshot(path=OUT / f"{name}-{theme}.png", animations="disabled", caret="hide")
    finally:
        page.evaluate("() => document.documentElement.dataset.theme = 'light'")
        page.set_viewport_size(PHONE)
    print(f"  {name}", flush=True)


def color_match(browser, base_url: str) -> None:
    with ExitStack() as stack:
        contexts = [stack.enter_context(_phone(browser)) for _ in range(3)]
        host, second, third = (context.new_page() for context in contexts)
        host.goto(base_url)
        expect(host.get_by_role("button", name=JA["start"])).to_be_visible()
        shoot(host, "01-start")
        host.get_by_label(JA["name"]).fill("たろう")
        host.get_by_role("button", name=JA["start"]).click()
        expect(host.get_by_role("button", name=JA["create"])).to_be_visible()
        shoot(host, "02-home")
        host.get_by_role("button", name=JA["create"]).click()
        code = host.locator(".topbar .room-code").inner_text().lstrip("#")
        join_by_code(second, base_url, "はなこ", code)
        third.goto(f"{base_url}?room={code}")
        expect(third.get_by_text(code).first).to_be_visible()
        shoot(third, "03-join-link")
        start_as_guest(third, "じろう")
        expect(host.locator(".member")).to_have_count(3)
        host.get_by_role("button", name="QRを表示").click()
        expect(host.locator("svg.qr")).to_be_visible()
        host.locator(".game-choice", has_text="カラーマッチ").get_by_role("button", name="このゲームを選ぶ").click()
        expect(second.locator(".game-choice.selected")).to_be_visible()
        shoot(host, "04-lobby-host")
        shoot(second, "05-lobby-guest")

        choose_and_start(host, "カラーマッチ")
        pages = [host, second, third]
        table = ColorMatchTable(dict(zip(("たろう", "はなこ", "じろう"), pages)), goals=BASIC_GOALS)
        shots = {"06-color-match-your-turn", "07-color-match-drawn", "08-color-match-wild", "09-color-match-callout"}
        while table.step():
            for page in pages:
                if "06-color-match-your-turn" in shots and my_turn(page) and page.locator(".hand-card.playable").count():
                    shots.discard("06-color-match-your-turn")
                    shoot(page, "06-color-match-your-turn")
                if "07-color-match-drawn" in shots and page.get_by_role("button", name=JA["keep"]).count():
                    shots.discard("07-color-match-drawn")
                    shoot(page, "07-color-match-drawn")
                if "09-color-match-callout" in shots and page.get_by_role("button", name=JA["callout"]).count():
                    shots.discard("09-color-match-callout")
                    shoot(page, "09-color-match-callout")
                wild = page.locator('.hand-card.playable[aria-label^="ワイルド"]')
                if "08-color-match-wild" in shots and my_turn(page) and wild.count() and not page.locator(".sheet").count():
                    wild.first.click()
                    expect(page.locator(".sheet")).to_be_visible()
                    shots.discard("08-color-match-wild")
                    shoot(page, "08-color-match-wild")
                    page.get_by_role("button", name="戻す").click()
                    expect(page.locator(".sheet")).to_have_count(0)
        host.locator(".log summary").click()
        shoot(host, "10-color-match-results")
        if shots:
            print(f"  (this game did not show: {', '.join(sorted(shots))})", flush=True)


def color_rows(browser, base_url: str) -> None:
    with _phone(browser) as context:
        page = context.new_page()
        create_room(page, base_url, "ゆうき")
        for count in (2, 3):
            page.get_by_role("button", name=JA["add_cpu"]).click()
            expect(page.locator(".member")).to_have_count(count)
        choose_and_start(page, "カラーロウ")
        expect(page.locator(".turn-banner.mine")).to_be_visible(timeout=30_000)
        page.get_by_role("button", name="山からめくる").click()
        expect(page.locator(".cr-row button", has_text="ここに置く").first).to_be_visible()
        shoot(page, "11-color-rows-place")
        play_color_rows_to_end(page)
        shoot(page, "12-color-rows-results")


def rules(browser, base_url: str) -> None:
    with _phone(browser) as context:
        page = context.new_page()
        for game in ("color-match", "color-rows"):
            page.goto(f"{base_url}rules/{game}.html?lang=ja")
            expect(page.locator("article:not([hidden]) h1")).to_be_visible()
            shoot(page, f"13-rules-{game}")


def _phone(browser):
    return phone(browser, scale=1.5)  # sharp enough to read, small enough to commit


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    with running_gateway() as gateway, sync_playwright() as playwright:
        browser = launch(playwright)
        base_url = gateway.base_url + "/"
        for part in (color_match, color_rows, rules):
            print(part.__name__, flush=True)
            part(browser, base_url)
        browser.close()
    print(f"written to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
