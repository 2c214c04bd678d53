"""Screenshots of every screen in both themes, for review without running anything.

    python -m tools.screenshots            # what `make screenshots` runs; writes docs/screenshots/*.png
    python -m tools.screenshots rules rule-help moments replays   # only these parts (see PARTS)

It starts the local gateway with a fixed ``DECKROOM_SEED`` (the same deals and room codes on every run) and
serves it to the browser at a fixed address (the gateway's port changes from run to run, and the join link and
its QR code show the address), so the pictures change only when the site does. It walks through the site with
the browser tests' tour at phone size (390×844: three phones play Color Match, one phone plays Color Rows against
CPUs, then the rules pages, then the first room votes and plays a house-rules Color Match game, then a host
removes a guest and plays against a CPU with a turn timer), then photographs
the table of both games at 390×844, 320×568 and 844×390 (a card half-way to the pile, a 20-card hand among
them: ``tour.table_tour``), and the 大富豪 table at the same sizes (a pick, the exchange, at 390×844 the results:
``tour.daifugo_tour``, each on a server of its own seeded as the browser test's), and the table's moments at the
same sizes (the ticker after a few moves, the end of a game celebrated with the results over the table:
``moments``), and a replay at the same sizes (``replays``). Each screen is taken twice:
light and dark. Full-page shots are taken with the viewport stretched to the page, so bottom bars sit where a
player would see them (a table is one screen high). Then, on a fresh server, a rule explained over the 大富豪
table, the coach's tip on a first Color Match turn and the card counter over both tables at the same sizes
(``tour.rule_help_tour``). Last, the
installed app (``installed_app``): its launch screen and its start screen. Some parts can be taken alone (``PARTS``).
"""

from __future__ import annotations

import json
import sys
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Callable, Iterator

from playwright.sync_api import Browser, BrowserContext, Page, Route, expect, sync_playwright

from devserver.testing import TEST_PACE, RunningGateway, running_gateway
from tools.browser.driver import JA, PHONE, launch, leave_to_cpus, phone, solo_start
from tools.browser.daifugo_bot import SEED as DAIFUGO_SEED
from tools.browser.moments import Moments, act, risen
from tools.browser.tour import TABLE_SIZES, Device, daifugo_tour, rule_help_tour, rules_tour, site_tour, table_tour

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
        if path.startswith("config.json"):  # the socket goes to the gateway itself, not to SITE (sign-in stays)
            config = route.fetch(url=f"{gateway.base_url}/config.json").json()
            route.fulfill(json={**config, "websocketUrl": gateway.websocket_url})
        else:
            route.fulfill(response=route.fetch(url=f"{gateway.base_url}/{path}"))

    # No service worker: its requests would bypass the route and go to SITE itself.
    with phone(browser, scale=1.5, viewport=viewport, service_workers="block") as context:
        context.route(f"{SITE}**", forward)
        yield context


def _sized(gateway: RunningGateway) -> Callable[[int, int], Device]:
    """Phones of a given size that reach ``gateway``."""
    return lambda width, height: partial(_phone, gateway=gateway, viewport={"width": width, "height": height})


#: Android's launch screen of an installed web app, as it composes it from the manifest: the background colour,
#: the maskable icon in a circle, the short name.
LAUNCH_SCREEN = """<!doctype html><html><body style="margin:0;height:100vh;display:grid;place-content:center;
justify-items:center;gap:28px;background:{background};font:600 22px system-ui,sans-serif;color:{text}">
<img src="{icon}" width="160" height="160" style="border-radius:50%" alt=""><span>{name}</span></body></html>"""


def installed_app(browser: Browser, gateway: RunningGateway) -> None:
    """``42-launch-screen-<theme>``: what a phone shows while the installed Deckroom opens, from the manifest of each
    theme; ``43-installed-start``: the start screen at the whole 390×844 an app window gets (no browser bars).
    Chromium cannot be put in ``display-mode: standalone`` here (Playwright's ``emulate_media`` has no such feature
    and CDP's ``Emulation.setEmulatedMedia`` ignores it), so the start screen is drawn at app size instead."""
    with _phone(browser, gateway) as context:
        page = context.new_page()
        for theme, text in (("light", "#1b2130"), ("dark", "#eef1f6")):
            manifest = json.loads(page.request.get(f"{gateway.base_url}/manifest-ja-{theme}.webmanifest").text())
            (icon,) = [i["src"] for i in manifest["icons"] if i["purpose"] == "maskable"]
            page.set_content(LAUNCH_SCREEN.format(background=manifest["background_color"], text=text,
                                                  icon=f"{gateway.base_url}{icon}", name=manifest["short_name"]))
            page.wait_for_function("document.images[0].complete")
            page.screenshot(path=OUT / f"42-launch-screen-{theme}.png")
        print("  42-launch-screen", flush=True)
        page.goto(SITE)
        page.get_by_role("button", name=JA["start"]).wait_for()
        shoot(page, "43-installed-start")


#: How far into the end of a game its picture is taken: the results risen, the confetti half-way down, whose win on.
WIN_MOMENT_MS = 1550


def moments(browser: Browser, gateway: RunningGateway) -> None:
    """At each table size, Color Match against a CPU: ``45-ticker-<size>`` after a few moves, and
    ``46-win-motion-<size>``, the end of the game (this phone's win, added to the server's frame) stopped
    ``WIN_MOMENT_MS`` in."""
    for size, (width, height) in TABLE_SIZES.items():
        with _phone(browser, gateway, viewport={"width": width, "height": height}) as context:
            page = context.new_page()
            page.emulate_media(reduced_motion="no-preference")
            moment = Moments(page)
            solo_start(page, SITE, "color-match", cpus=1)
            for _ in range(3):
                act(page)
            page.locator(".turn-banner.mine").wait_for()
            shoot(page, f"45-ticker-{size}")
            page.emulate_media(reduced_motion="no-preference")
            moment.finish()
            act(page)
            risen(page)
            # Every motion stopped at the same moment, and the timers that would take the celebration away cleared.
            page.evaluate("""t => {
              document.getAnimations().forEach((a) => { a.pause(); a.currentTime = t; });
              for (let id = setTimeout(() => {}); id > 0; id--) clearTimeout(id);
            }""", WIN_MOMENT_MS)
            shoot(page, f"46-win-motion-{size}")


#: The step of a replay its picture shows: a few moves in, the hands still full.
REPLAY_STEP = "5"


def replays(browser: Browser) -> None:
    """At each table size, ``47-replay-<size>``: a Color Match game the CPUs played (the player left it at once, on a
    server of its own at the tests' CPU pace), replayed from the room's history, at step ``REPLAY_STEP`` with its
    line in the log's words."""
    for size, (width, height) in TABLE_SIZES.items():
        with (running_gateway(env={"DECKROOM_SEED": SEED, **TEST_PACE}) as gateway,
              _phone(browser, gateway, viewport={"width": width, "height": height}) as context):
            page = context.new_page()
            solo_start(page, SITE, "color-match", cpus=2)
            leave_to_cpus(page, "color-match")
            expect(page.locator(".fx-win")).to_have_count(0)  # the end's celebration is over
            page.get_by_role("button", name="ゲーム 1 をリプレイで見る").click()
            replay = page.locator("main.replay")
            expect(replay.locator(".table")).to_be_visible()
            page.get_by_role("slider", name="手順").fill(REPLAY_STEP)
            expect(replay).to_have_attribute("data-step", REPLAY_STEP)
            expect(replay).not_to_have_attribute("aria-busy", "true")
            shoot(page, f"47-replay-{size}")


#: The parts that may be taken alone (``python -m tools.screenshots rules``): pictures of the rules pages
#: (``13-rules-*``), the tables at three sizes (``30-…`` to ``36-…``, 大富豪's among them), the table's moments
#: (``45-…``, ``46-…``), a replay (``47-…``) and the rules explained and the coach's tip at the table sizes
#: (``48-…``, ``49-…``).
PARTS = ("site", "rules", "table", "moments", "replays", "rule-help")


def main(parts: list[str]) -> int:
    if unknown := set(parts) - set(PARTS):
        print(f"unknown parts {sorted(unknown)}; known: {', '.join(PARTS)}", file=sys.stderr)
        return 2
    OUT.mkdir(parents=True, exist_ok=True)
    with running_gateway(env={"DECKROOM_SEED": SEED}) as gateway, sync_playwright() as playwright:
        # Pages served by the route (no IP address) count as public to Chromium, which then blocks their socket
        # to the gateway on 127.0.0.1 (Local Network Access); the pages are ours, so the check is off here.
        browser = launch(playwright, "--disable-features=LocalNetworkAccessChecks")
        device = partial(_phone, gateway=gateway)
        if "rules" in parts:
            rules_tour(browser, SITE, device, shoot)
        if not parts or "site" in parts:
            site_tour(browser, SITE, device, shoot)
        if not parts or "table" in parts:
            table_tour(browser, SITE, _sized(gateway), shoot)
            for size, (width, height) in TABLE_SIZES.items():  # the 大富豪 game of its browser test, on a fresh server each
                with running_gateway(env={"DECKROOM_SEED": DAIFUGO_SEED}) as dealer:
                    daifugo_tour(browser, SITE, _sized(dealer)(width, height), shoot, size)
        if not parts or "moments" in parts:
            # On a fresh server: the tours before it made nearly as many rooms as one address may make in ten
            # minutes (functions/throttle.py, CREATE_BY_ADDRESS), and every player here comes from 127.0.0.1.
            with running_gateway(env={"DECKROOM_SEED": SEED}) as fresh:
                moments(browser, fresh)
        if not parts or "replays" in parts:
            replays(browser)
        if not parts or "rule-help" in parts:  # on a fresh server: the same deals whether taken alone or not
            with running_gateway(env={"DECKROOM_SEED": SEED}) as fresh:
                rule_help_tour(browser, SITE, _sized(fresh), shoot)
        if not parts:
            installed_app(browser, gateway)
        browser.close()
    print(f"written to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
