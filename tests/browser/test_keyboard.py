"""Color Match on a desktop by keyboard alone: Tab to a card or a button, Enter or Space to press it.

Two players at desktop browsers (no touch screen) play every move by keyboard — plays, a draw and the drawn card
kept, a Wild and its colour from the colour sheet — and every control they reach shows a focus ring of 3:1 or
more against its surroundings. Then one of them reloads: the log still tells the moves made before (the Color
Match view's ``recent``).
"""

from __future__ import annotations

from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from typing import Any, Iterator

from playwright.sync_api import Browser, BrowserContext, Locator, expect

from tools.browser.accessibility import focus_ring
from tools.browser.bots import ColorMatchTable
from tools.browser.driver import DESKTOP, choose_and_start, gather, version, wait_taken, wait_version, watch_errors

NAMES = ("たろう", "はなこ")
#: More Tab presses than a Color Match screen has stops: a target not reached by then is not reachable.
MAX_TABS = 80


@contextmanager
def desktop(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(viewport=DESKTOP, locale="ja-JP", color_scheme="light", has_touch=False)
    errors = watch_errors(context)
    try:
        yield context
    finally:
        context.close()
    assert not errors, f"the page threw: {errors}"


@dataclass
class KeyboardTable(ColorMatchTable):
    """The browser tests' players, pressing everything with the keyboard; ``rings`` holds the focus ring of each
    control they pressed (its contrast, colour and element: ``accessibility.focus_ring``)."""

    rings: list[dict[str, Any]] = field(default_factory=list)
    presses: int = 0

    def activate(self, target: Locator) -> None:
        page = target.page
        element = target.element_handle()
        for _ in range(MAX_TABS):
            if page.evaluate("el => document.activeElement === el", element):
                break
            page.keyboard.press("Tab")
        else:
            raise AssertionError(f"Tab never reached {target}")
        ring = focus_ring(page)
        assert ring is not None, f"{target} shows no focus indicator"
        self.rings.append(ring)
        self.presses += 1
        page.keyboard.press("Enter" if self.presses % 2 else "Space")  # both activate a button


def test_color_match_by_keyboard_alone(browser: Browser, base_url: str) -> None:
    with ExitStack() as stack:
        players = gather(browser, base_url, stack, NAMES, device=desktop)
        host, guest = players.values()
        choose_and_start(host, "カラーマッチ")
        table = KeyboardTable(players, goals=("keep", "wild"))
        while not {"keep", "wild"} <= table.shown:
            assert table.step() is not None, "the game ended before a Wild and a kept card"
        assert {"play", "draw", "keep"} <= set(table.made)
        faint = [ring for ring in table.rings if ring["ratio"] < 3]
        assert not faint, f"focus rings under 3:1 of {len(table.rings)}: {faint}"

        # After a card is played by keyboard, the focus stays on the hand (the card now in its place).
        plain = '.hand-card.playable:not([aria-pressed]):not([aria-label^="ワイルド"])'
        for _ in range(40):
            actor = next(page for page in players.values() if page.locator(".turn-banner.mine").count())
            if actor.locator(plain).count():
                break
            table.step()
        else:
            raise AssertionError("no plain card to play by keyboard")
        before = version(actor)
        table.activate(actor.locator(plain).first)
        wait_taken(actor, before)
        assert actor.evaluate("() => document.activeElement.classList.contains('hand-card')"), "the focus left the hand"

        # A reload starts with an empty log; the view's `recent` fills in the moves made before it, told in the
        # same words as on the phone that saw them happen.
        before = version(host)
        guest.reload()
        wait_version(guest, before)
        guest.locator(".log summary").click()
        expect(guest.locator(".log")).to_contain_text("を出しました")
        # The reloaded phone tells its own return; the host tells it only when the old connection's close reached
        # the server before the new one's hello, an order nobody decides, so that line is left out.
        back = f"{NAMES[1]}が戻りました"
        told = [line for line in guest.locator(".log-latest, .log-lines li").all_inner_texts() if line != back]
        seen = host.locator(".log").text_content() or ""
        assert len(told) >= 3, told
        assert [line for line in told if line not in seen] == [], seen
