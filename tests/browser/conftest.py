"""Browser tests: the built site behind the local gateway, driven by Debian's Chromium at phone size."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Iterator

import pytest
from playwright.sync_api import Browser, expect, sync_playwright

from devserver.testing import RunningGateway, running_gateway
from tests.browser.driver import CHROMIUM, launch

FRONTEND = Path(__file__).resolve().parents[2] / "frontend"

# Assertions wait for the page to get there; on a busy 2-core CI machine a step can take longer than the default
# 5 s. A longer wait costs nothing when the page is on time (nothing here waits for something *not* to happen).
expect.set_options(timeout=20_000)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser/" in str(item.path) and "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)


def _ensure_built() -> None:
    """`make test` builds the site first; a direct pytest run on a fresh clone builds it here."""
    if (FRONTEND / "dist" / "index.html").exists():
        return
    if not (FRONTEND / "node_modules").exists():
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=FRONTEND, check=True)
    subprocess.run(["npm", "run", "build"], cwd=FRONTEND, check=True)


#: The server's random source for game seeds and room codes (docs/server.md): every deal is reproducible.
SEEDED = {"DECKROOM_SEED": "browser-tests"}


@pytest.fixture(scope="session")
def gateway() -> Iterator[RunningGateway]:
    """One server for the tests that deal no game (its random source is shared by all of them)."""
    _ensure_built()
    with running_gateway(env=SEEDED) as running:
        yield running


@pytest.fixture
def game_gateway() -> Iterator[RunningGateway]:
    """A server of the test's own (about 5 s to start and stop on a busy machine): its deals depend only on
    DECKROOM_SEED and the test's own steps, so a game test plays the same game alone or in a full run."""
    _ensure_built()
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
def base_url(gateway: RunningGateway) -> str:
    return gateway.base_url + "/"


@pytest.fixture
def game_url(game_gateway: RunningGateway) -> str:
    return game_gateway.base_url + "/"
