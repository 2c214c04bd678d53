"""Issue 32's table moments on a Color Match table against a CPU: the deal's cards fly, the ticker keeps the last
two lines, a skip and a +2 on you are announced over the pile, and the end of the game is celebrated before the
results rise over the table — which does not move. With reduced motion the same happens without anything flying.

The skip, the +2 and the end are added to the server's frames on their way to the page (``tools/browser/moments``),
so each comes at once; what showed only for a moment is read from the page's count of it, never caught in time.
"""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.browser.test_table_defects import overlap
from tools.browser.driver import phone, solo_start
from tools.browser.moments import Moments, act, risen, shown

#: The table's box: the results come over it, never push it.
_TABLE_BOX = "() => { const b = document.querySelector('.table').getBoundingClientRect(); return [b.left, b.top, b.width, b.height]; }"


def _moments(browser: Browser, base_url: str, size: tuple[int, int], motion: bool) -> None:
    width, height = size
    with phone(browser, viewport={"width": width, "height": height}) as context:
        page = context.new_page()
        page.emulate_media(reduced_motion="no-preference" if motion else "reduce")
        moments = Moments(page)
        solo_start(page, base_url, "color-match", cpus=1)

        # A few moves: the ticker shows the newest line and the one before it.
        act(page)
        act(page)
        expect(page.locator(".turn-banner.mine")).to_be_visible()  # nothing moves until this phone does
        earlier = page.locator(".log-earlier")
        expect(earlier).not_to_have_text("")
        expect(page.locator(".log-latest")).not_to_have_text(earlier.text_content() or "")
        page.locator(".log summary").click()  # opened, the list goes on from the line the ticker showed second
        expect(page.locator(".log-lines li").first).to_have_text(earlier.text_content() or "")
        page.locator(".log summary").click()

        # A skip and a +2 on this phone: said to it, over the pile.
        moments.befall({"type": "skipped"}, {"type": "drew", "count": 2, "reason": "penalty"})
        act(page)
        page.wait_for_function("() => window.__moments.announced.includes('あなたの番はスキップ')")
        assert "あなたが 2 枚引く" in shown(page)["announced"]

        # The end: whose win, and the results over the table, which stays where it was.
        expect(page.locator(".turn-banner.mine")).to_be_visible()
        table = page.evaluate(_TABLE_BOX)
        moments.befall({"type": "skipped"})  # said with the end, it would sit where the results rise: not said
        moments.finish()
        act(page)
        expect(page.locator('main[data-phase="finished"]')).to_be_visible()
        results = page.locator(".results")
        risen(page)
        assert page.evaluate(_TABLE_BOX) == table, "the results moved the table"
        box, view = results.bounding_box(), page.viewport_size
        assert box and view and box["y"] > table[1] and box["y"] + box["height"] <= view["height"] + 0.5, "the results are not over the table"
        scroll = page.evaluate("() => [document.scrollingElement.scrollWidth, document.scrollingElement.scrollHeight]")
        assert scroll[0] <= width and scroll[1] <= height, f"the page scrolls {scroll}"

        seen = shown(page)
        assert seen["wins"] == ["あなたの勝ち！"]
        assert seen["announced"].count("あなたの番はスキップ") == 1, seen["announced"]  # the skip before the end only
        sheet, title = box, page.locator("#results-title").bounding_box()
        assert title and sheet
        for name, part in (("title", title), ("sheet", sheet)):  # whose win is said beside the results, not over them
            part_box = {"left": part["x"], "top": part["y"], "right": part["x"] + part["width"], "bottom": part["y"] + part["height"]}
            assert not overlap(seen["winBox"], part_box), f"the win line {seen['winBox']} covers the results' {name} {part_box}"
        if motion:
            assert seen["flights"] > 3 and seen["confetti"] > 0, seen  # the deal's cards, the draws; confetti
        else:
            assert seen["flights"] == 0 and seen["confetti"] == 0, seen
            assert page.evaluate("() => document.getAnimations().length") == 0


def test_moments_with_motion_sideways(browser: Browser, base_url: str) -> None:
    _moments(browser, base_url, (844, 390), motion=True)


def test_moments_without_motion_on_a_small_phone(browser: Browser, base_url: str) -> None:
    _moments(browser, base_url, (320, 568), motion=False)
