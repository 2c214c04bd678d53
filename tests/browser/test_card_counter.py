"""The card counter (a setting, off by default): 大富豪's ranks not seen yet and Color Match's wilds and each other
player's public record, each in a sheet opened from the table, in a real game against CPUs."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Locator, Page, expect

from tools.browser.accessibility import Findings, check_contrast
from tools.browser.driver import phone, solo_start
from tools.browser.fit import SIZES, check_on_screen

#: The boxes of the counter's mark, the felt it sits in and everything else in the felt.
_FIELD = """() => {
  const box = (e) => { const b = e.getBoundingClientRect(); return { l: b.left, t: b.top, r: b.right, b: b.bottom }; };
  const others = ".df-marks .chip, .df-play-cards .df-card, .df-play-by, .df-empty";
  return { mark: box(document.querySelector(".df-counter-mark")), field: box(document.querySelector(".df-field")),
           others: [...document.querySelectorAll(others)].map((e) => [e.textContent.trim(), box(e)]) };
}"""

LEFT = re.compile(r"あと (\d+) 枚")


def switch_counter_on(page: Page) -> None:
    """⚙, the counter's switch (off until the player turns it on), and Escape."""
    page.get_by_role("button", name="設定").click()
    switch = page.get_by_role("switch", name=re.compile("^カードカウンター"))
    expect(switch).not_to_be_checked()
    switch.check()
    page.keyboard.press("Escape")  # the menu closes as a sheet does, the focus back on ⚙
    expect(page.locator("#settings-panel")).to_have_count(0)
    expect(page.get_by_role("button", name="設定")).to_be_focused()


def contrasted_and_closed(page: Page, sheet: Locator, opener: Locator, screen: str) -> None:
    """The open sheet keeps AA contrast in both themes; Escape closes it, the focus back on what opened it."""
    findings = Findings()
    check_contrast(page, screen, findings)
    assert not findings.failures, findings.failures
    page.keyboard.press("Escape")
    expect(sheet).to_have_count(0)
    expect(opener).to_be_focused()


def test_daifugo_counts_the_ranks_left_and_the_table_still_fits(browser: Browser, base_url: str) -> None:
    """Off by default; switched on, the felt's 🧮 (「残り札」) opens every rank, the joker first, with the cards nobody
    has shown: in the first round that is the other players' hands, so the counts add up to their cards. Eight
    players still fit every phone size, the mark over none of the felt's parts."""
    with phone(browser) as context:
        page = context.new_page()
        solo_start(page, base_url, "daifugo", cpus=7)
        expect(page.locator(".turn-banner.mine")).to_be_visible(timeout=30_000)
        chip = page.get_by_role("button", name="残り札")
        expect(chip).to_have_count(0)
        switch_counter_on(page)
        expect(chip).to_be_visible()
        check_on_screen(page, "daifugo", [])
        for size, (width, height) in SIZES.items():  # in the felt's corner, over none of the felt's parts
            page.set_viewport_size({"width": width, "height": height})
            seen = page.evaluate(_FIELD)
            mark, field = seen["mark"], seen["field"]
            assert field["l"] <= mark["l"] and mark["r"] <= field["r"] and field["t"] <= mark["t"] and mark["b"] <= field["b"], size
            for text, other in seen["others"]:
                apart = mark["r"] <= other["l"] or other["r"] <= mark["l"] or mark["b"] <= other["t"] or other["b"] <= mark["t"]
                assert apart, f"{size}: the counter's mark covers {text!r}"
        page.set_viewport_size({"width": 390, "height": 844})

        chip.click()
        sheet = page.get_by_role("dialog", name="まだ見ていない札")
        cells = sheet.get_by_role("listitem")
        expect(cells).to_have_count(14)  # the joker (one in `basic`) and the 13 ranks
        labels = cells.evaluate_all("(items) => items.map((li) => li.getAttribute('aria-label'))")
        assert labels[0].startswith("ジョーカー") and labels[1].startswith("2") and labels[-1].startswith("3"), labels
        others = page.locator(".df-seat .df-count").evaluate_all("(counts) => counts.map((c) => Number(c.textContent))")
        assert sum(int(LEFT.search(label).group(1)) for label in labels) == sum(others), (labels, others)
        contrasted_and_closed(page, sheet, chip, "大富豪's counter")


def test_color_match_counts_the_wilds_and_reads_each_players_record(browser: Browser, base_url: str) -> None:
    """With the counter on, the discard pile is a button that opens it: the wilds not seen yet and a line for each
    other player (what they drew on and named, what they played), closed by Escape."""
    with phone(browser) as context:
        page = context.new_page()
        page.add_init_script("localStorage.setItem('deckroom.counter', 'on')")
        solo_start(page, base_url, "color-match", cpus=3)
        expect(page.locator(".turn-banner.mine")).to_be_visible(timeout=30_000)
        check_on_screen(page, "color-match", [])
        pile = page.get_by_role("button", name=re.compile("^場の札: .*カードカウンター$"))
        pile.click()
        sheet = page.get_by_role("dialog", name="カードカウンター")
        wilds = sheet.locator(".counter-cells li").evaluate_all("(items) => items.map((li) => li.getAttribute('aria-label'))")
        assert [label.split("：")[0] for label in wilds] == ["ワイルド", "ワイルドドロー4"], wilds
        held = page.locator(".hand-card").evaluate_all("(cards) => cards.map((c) => c.getAttribute('aria-label'))")
        for label, name in zip(wilds, ("ワイルド", "ワイルドドロー4")):
            assert int(LEFT.search(label).group(1)) <= 4 - held.count(name), (label, held)
        expect(sheet.locator(".cm-counter-seats li")).to_have_count(3)
        expect(sheet.locator(".cm-counter-name")).to_have_text(["CPU 1", "CPU 2", "CPU 3"])
        contrasted_and_closed(page, sheet, pile, "Color Match's counter")
