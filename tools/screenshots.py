"""Screenshots of every screen in both themes, for review without running anything.

    python -m tools.screenshots            # what `make screenshots` runs; writes docs/screenshots/*.png

It starts the local gateway with a fixed ``DECKROOM_SEED`` (the same deals and room codes on every run) and
serves it to the browser at a fixed address (the gateway's port changes from run to run, and the join link and
its QR code show the address), so the pictures change only when the site does. It walks through the site with
the browser tests' tour at phone size (390×844: three phones play Color Match, one phone plays Color Rows against
CPUs, then the rules pages, then the first room votes and plays a house-rules Color Match game), then photographs
the table of both games at 390×844, 320×568 and 844×390 (a card half-way to the pile, a 20-card hand among
them: ``tour.table_tour``), and the 大富豪 table at the same sizes (a pick, the exchange, at 390×844 the results:
``tour.daifugo_tour``, each on a server of its own seeded as the browser test's). Each screen is taken twice:
light and dark. Full-page shots are taken with the viewport stretched to the page, so bottom bars sit where a
player would see them (a table is one screen high).
"""

from __future__ import annotations

import sys
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Iterator

from playwright.sync_api import Browser, BrowserContext, Page, Route, sync_playwright

from devserver.testing import RunningGateway, running_gateway
from tests.browser.driver import JA, PHONE, launch, phone
from tests.browser.daifugo_bot import SEED as DAIFUGO_SEED
from tests.browser.tour import TABLE_SIZES, daifugo_tour, site_tour, table_tour

OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
THEMES = ("light", "dark")
SEED = "screenshots"
SITE = "http://localhost:8000/"  # the address the pictures show: `make dev`'s


def shoot(page: Page, name: str) -> None:
    """Writes ``<name>-light.png`` and ``<name>-dark.png`` of the page as it is now. A motion picture (its name says
    so) keeps the animation where the tour stopped it; every other picture is taken with motion finished."""
    motion = "motion" in name
    if not motion:
        page.emulate_media(reduced_motion="reduce")  # no colour half-way through its transition to the other theme
    size = page.viewport_size or PHONE
    height = max(size["height"], page.evaluate("document.documentElement.scrollHeight"))
    page.set_viewport_size({"width": size["width"], "height": height})
    # The theme is swapped under the app (the game's state must not change between the two pictures), so the
    # settings' dark-theme switch, where it shows, is swapped with it.
    switch = page.get_by_role("switch", name=JA["dark_theme"])
    try:
        for theme in THEMES:
            page.evaluate("t => document.documentElement.dataset.theme = t", theme)
            if switch.count():
                switch.evaluate("(s, dark) => { s.checked = dark; }", theme == "dark")
            page.screenshot(path=OUT / f"{name}-{theme}.png", animations="allow" if motion else "disabled", caret="hide")
    finally:
        page.evaluate("() => document.documentElement.dataset.theme = 'light'")
        if switch.count():
            switch.evaluate("s => { s.checked = false; }")
        page.set_viewport_size(size)
    print(f"  {name}", flush=True)


@contextmanager
def _phone(browser: Browser, gateway: RunningGateway, viewport: dict[str, int] = PHONE) -> Iterator[BrowserContext]:
    """A phone (at 1.5×: sharp enough to read, small enough to commit) that reaches ``gateway`` at ``SITE``."""

    def forward(route: Route) -> None:
        path = route.request.url.removeprefix(SITE)
        if path.startswith("config.json"):  # the socket goes to the gateway itself, not to SITE
            route.fulfill(json={"websocketUrl": gateway.websocket_url})
        else:
            route.fulfill(response=route.fetch(url=f"{gateway.base_url}/{path}"))

    with phone(browser, scale=1.5, viewport=viewport) as context:
        context.route(f"{SITE}**", forward)
        yield context


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    with running_gateway(env={"DECKROOM_SEED": SEED}) as gateway, sync_playwright() as playwright:
        # Pages served by the route (no IP address) count as public to Chromium, which then blocks their socket
        # to the gateway on 127.0.0.1 (Local Network Access); the pages are ours, so the check is off here.
        browser = launch(playwright, "--disable-features=LocalNetworkAccessChecks")
        site_tour(browser, SITE, partial(_phone, gateway=gateway), shoot)
        sized = lambda width, height: partial(_phone, gateway=gateway, viewport={"width": width, "height": height})  # noqa: E731
        table_tour(browser, SITE, sized, shoot)
        for size, (width, height) in TABLE_SIZES.items():  # the 大富豪 game of its browser test, on a fresh server each
            with running_gateway(env={"DECKROOM_SEED": DAIFUGO_SEED}) as dealer:
                daifugo_tour(browser, SITE, partial(_phone, gateway=dealer, viewport={"width": width, "height": height}),
                             shoot, size)
        browser.close()
    print(f"written to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
