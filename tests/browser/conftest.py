"""Browser tests: the built site behind the local gateway, driven by Debian's Chromium at phone size.

Each xdist worker runs one gateway for all its browser tests (``gateway``), and every test starts on its emptied
table (``base_url``): room codes and deals under ``DECKROOM_SEED`` are the same as on a gateway of its own,
whatever ran before it on that worker.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Iterator

import pytest
from playwright.sync_api import Browser, expect, sync_playwright

from devserver.testing import RunningGateway, running_gateway
from tools.browser.driver import CHROMIUM, launch
from tools.browser.gateway import SEEDED, ensure_built

# Assertions wait for the page to get there; on a busy 2-core CI machine a step can take longer than the default
# 5 s. A longer wait costs nothing when the page is on time (nothing here waits for something *not* to happen).
expect.set_options(timeout=20_000)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser/" in str(item.path) and "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def gateway() -> Iterator[RunningGateway]:
    """The worker's gateway: seeded, at the tests' CPU pace."""
    ensure_built()
    with running_gateway(env=SEEDED) as running:
        yield running


# Module scope, not session: Playwright's sync API runs an event loop in this thread while it is open, and
# later tests (the gateway's, the e2e ones) call asyncio.run(), which refuses to start inside a running loop.
@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
        pytest.skip("Debian's chromium is not installed (`make chromium`)")
    with sync_playwright() as playwright:
        browser = launch(playwright)
        yield browser
        browser.close()


@pytest.fixture
def product_paced_url() -> Iterator[str]:
    """A gateway of the test's own at the product's CPU pace (a second a move), for a test that looks at the table
    between CPU moves or needs the game still on after a stretch of them."""
    ensure_built()
    with running_gateway(env={"DECKROOM_SEED": SEEDED["DECKROOM_SEED"]}) as running:
        yield running.base_url + "/"


@pytest.fixture
def base_url(gateway: RunningGateway) -> str:
    """The site, on a table emptied for this test."""
    gateway.empty_table()
    return gateway.base_url + "/"
