"""WCAG AA on every screen: text contrast in both themes (1.4.3, 1.4.11) and reflow at 200 % zoom (1.4.10), measured
in one walk of the site on a phone at 200 % zoom.

The screens are those of the screenshots (tour.py): start, home and the settings popover, join link, both lobbies
with the options, a Color Match ``basic`` game (your turn, a drawn card, a Wild's colour choice, a call-out,
results), a lobby with two CPUs, Color Rows (a card to place, a player out for the round, results with the
breakdown), every game's rules page, the voting lobby as the host and as a guest, a Color Match ``house`` game (a +2/+4
to stack on or take, the same penalty on a watching phone, a Wild Draw Four to challenge, a multi-card selection,
results listing the room's two games), the host's menu removing a member, the removed player at home, a turn
timer's countdown, a signed-in player's profile and its deletion's confirmation, the stamp sheet and a stamp on
the table, the host asked whether to leave a game; plus an error toast and the reconnecting banner: 34 screens.
"""

from __future__ import annotations

from contextlib import contextmanager
from functools import partial
from typing import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from functions.engine import GAMES
from tools.browser.accessibility import Findings, check_contrast, check_reflow
from tools.browser.driver import DESKTOP, JA, drop_connection, phone, start_as_guest, track_sockets
from tools.browser.bots import ColorMatchTable
from tools.browser.tour import SITE_TOUR_PARTS, Device, Visit, rules_tour, upkeep_tour

#: 200 % zoom halves the layout viewport in CSS pixels (what the page lays out to).
PHONE_AT_200 = {"width": 195, "height": 422}
DESKTOP_AT_200 = {"width": DESKTOP["width"] // 2, "height": DESKTOP["height"] // 2}


def _report(findings: Findings, what: str) -> str:
    return f"{len(findings.failures)} {what} failures on {findings.screens} screens:\n" + "\n".join(findings.failures)


def _error_screens(browser: Browser, base_url: str, device: Device, visit: Visit) -> None:
    """The toast of a refused room code, and the banner of a lost connection."""
    with device(browser) as context:
        page = context.new_page()
        track_sockets(page)
        page.goto(base_url)
        start_as_guest(page, "たろう")
        page.get_by_label(JA["code"]).fill("0000")
        page.get_by_role("button", name=JA["join"], exact=True).click()
        expect(page.get_by_role("alert")).to_be_visible()
        visit(page, "error-toast")
        drop_connection(page)
        expect(page.locator(".banner")).to_be_visible()
        visit(page, "reconnecting-banner")


#: Screens of each part of the site's tour (``tools.browser.tour.SITE_TOUR_PARTS``), and the error screens.
SCREENS = {"color-match": 21, "color-rows": 6, "rules": len(GAMES), "upkeep": 3, "errors": 2}
TOUR = {**SITE_TOUR_PARTS, "errors": _error_screens}


@contextmanager
def _zoomed_phone(browser: Browser) -> Iterator[BrowserContext]:
    with phone(browser, viewport=PHONE_AT_200, scale=4) as context:
        yield context


@contextmanager
def _zoomed_desktop(browser: Browser) -> Iterator[BrowserContext]:
    with phone(browser, viewport=DESKTOP_AT_200, scale=2, touch=False) as context:
        yield context


def _contrast_and_reflow(page: Page, screen: str, contrast: Findings, reflow: Findings) -> None:
    check_contrast(page, screen, contrast)
    check_reflow(page, screen, reflow)


@pytest.mark.parametrize("part", SCREENS)
def test_every_screen_meets_aa_contrast_in_both_themes_and_reflows_at_200_percent_zoom(
    browser: Browser, base_url: str, part: str,
) -> None:
    """Every screen on a phone at 200 % zoom (195×422 CSS pixels), measured twice: its contrast in both themes and
    its reflow. One walk does both (contrast is a property of the colours, the same at any zoom, and a zoomed
    layout puts more text over other backgrounds, not less; the tables' contrast at the three phone sizes is
    measured by their own tests). The Color Match part plays whole games at that size: plays, a draw (kept), a
    Wild with its colour choice and a call-out (``basic``), then stacking, a challenge and a multi-card selection
    (``house``, checked by the tour), all through the zoomed screens."""
    contrast, reflow = Findings(), Findings()
    table = TOUR[part](browser, base_url, _zoomed_phone, partial(_contrast_and_reflow, contrast=contrast, reflow=reflow))
    if isinstance(table, ColorMatchTable):
        assert {"play", "draw", "keep"} <= set(table.made) and {"keep", "wild", "callout"} <= table.shown
    print(f"\ncontrast: {contrast.checked} text nodes and boundaries on {contrast.screens} screen×theme")
    print(f"reflow (phone at 200 %): {reflow.checked} controls on {reflow.screens} screens")
    assert contrast.screens == 2 * SCREENS[part] and reflow.screens == SCREENS[part]
    assert not contrast.failures, _report(contrast, "contrast")
    assert not reflow.failures, _report(reflow, "reflow")


def test_a_desktop_at_200_percent_zoom_reflows(browser: Browser, base_url: str) -> None:
    """The same at 640×400 CSS pixels (a 1280×800 desktop at 200 %): the rules pages, and the room's upkeep — a lobby
    with the host's menu for a member open, home with the removed player told why, a Color Match table at the
    player's turn with its clock. (The table at every turn of a whole game is measured at 844×390, a phone held
    sideways, by test_table.py; a desktop at 200 % lays it out the same way.)"""
    findings = Findings()
    visit = partial(check_reflow, findings=findings)
    rules_tour(browser, base_url, _zoomed_desktop, visit)
    upkeep_tour(browser, base_url, _zoomed_desktop, visit)
    print(f"\nreflow (desktop at 200 %): {findings.checked} controls on {findings.screens} screens")
    assert findings.screens == SCREENS["rules"] + SCREENS["upkeep"]
    assert not findings.failures, _report(findings, "reflow")
