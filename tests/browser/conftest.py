"""Browser tests: the built site behind the local gateway, driven by Debian's Chromium at phone size."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Iterator

import pytest
from playwright.sync_api import Browser, sync_playwright

from devserver.testing import RunningGateway, running_gateway
from tests.browser.driver import CHROMIUM, launch

FRONTEND = Path(__file__).resolve().parents[2] / "frontend"

def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser/" in str(item.path):
            item.add_marker(pytest.mark.browser)


def _ensure_built() -> None:
    """`make test` builds the site first; a direct pytest run on a fresh clone builds it here."""
    if (FRONTEND / "dist" / "index.html").exists():
        return
    if not (FRONTEND / "node_modules").exists():
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=FRONTEND, check=True)
    subprocess.run(["npm", "run", "build"], cwd=FRONTEND, check=True)


@pytest.fixture(scope="session")
def gateway() -> Iterator[RunningGateway]:
    _ensure_built()
    with running_gateway() as running:
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
