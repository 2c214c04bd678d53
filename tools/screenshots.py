"""Screenshots of every screen at phone size (390×844) in both themes, for review without running anything.

    python -m tools.screenshots            # what `make screenshots` runs; writes docs/screenshots/*.png

It starts the local gateway with a fixed ``DECKROOM_SEED`` (the same deals and room codes on every run, so the
pictures change only when the site does), walks through the site with the browser tests' tour (three phones play
Color Match, one phone plays Color Rows against CPUs, then the rules pages) and photographs each screen twice:
light and dark. Full-page shots are taken with the viewport stretched to the page, so bottom bars sit where a
player would see them.
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from devserver.testing import running_gateway
from tests.browser.driver import PHONE, launch, phone
from tests.browser.tour import site_tour

OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
THEMES = ("light", "dark")
SEED = "screenshots"


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


def _phone(browser):
    return phone(browser, scale=1.5)  # sharp enough to read, small enough to commit


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    with running_gateway(env={"DECKROOM_SEED": SEED}) as gateway, sync_playwright() as playwright:
        browser = launch(playwright)
        site_tour(browser, gateway.base_url + "/", _phone, shoot)
        browser.close()
    print(f"written to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
