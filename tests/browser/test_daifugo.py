"""大富豪 against CPUs on one phone screen: a whole game (two rounds, so the second begins with the exchange), played
by a player that reads only the screen (``daifugo_bot``). At every one of the player's turns, measured at 390×844,
320×568 and 844×390 (``tools.browser.fit.check_on_screen``), the page does not scroll and the field, the raised cards and
the buttons are on screen; the first
turn and the exchange meet AA contrast in both themes; and the game had what the table must show: an exchange in
which the player chose the cards to give (with the forced cards received on screen), a revolution and an 8切り.

The deal is the server's for ``SEED``, and the game is deterministic from there (the normal CPU draws nothing from
its rng): the seed was chosen offline by replaying the bot's policy against the engine (docs/decisions.md).
"""

from __future__ import annotations

from typing import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from devserver.testing import RunningGateway, running_gateway
from tools.browser.accessibility import Findings, check_contrast
from tools.browser.gateway import SEEDED, ensure_built
from tools.browser.daifugo_bot import CPUS, OPTIONS, SEED, DaifugoBot
from tools.browser.driver import phone, solo_start
from tools.browser.fit import check_on_screen

@pytest.fixture
def daifugo_url() -> Iterator[str]:
    ensure_built()
    with running_gateway(env={**SEEDED, "DECKROOM_SEED": SEED}) as running:
        yield running.base_url + "/"


def test_a_whole_daifugo_game_against_cpus_on_one_screen_at_every_size(browser: Browser, daifugo_url: str) -> None:
    findings = Findings()
    with phone(browser) as context:
        page = context.new_page()
        bot = DaifugoBot(page)
        solo_start(page, daifugo_url, "daifugo", cpus=CPUS, options=OPTIONS)
        turns: list[int] = []

        def on_turn(page: Page) -> None:
            check_on_screen(page, "daifugo", turns)
            if len(turns) == 1 or page.locator(".df-table.exchanging").count():
                check_contrast(page, f"daifugo turn {len(turns)}", findings)

        bot.play_to_end(on_turn=on_turn)
        expect(page.locator(".results")).to_be_visible()
        expect(page.locator(".df-rounds").first.locator("li")).to_have_count(OPTIONS["rounds"])
    what = f"the game of seed {SEED!r} had {dict(bot.events)}: if the CPU or the engine changed, choose another seed"
    assert bot.events["revolution"] >= 1 and bot.events["eight_cut"] >= 1 and bot.events["give"] >= 1, what
    assert bot.gave >= 1 and bot.saw_received >= 1, what
    assert len(turns) >= 20
    assert findings.screens >= 4 and not findings.failures, findings.failures
