"""The contrast checker itself (contrast.js), on small pages whose ratios are known: it must fail what WCAG fails
and pass what WCAG passes, compositing colours the way the browser paints them."""

from __future__ import annotations

from typing import Any, Iterator

import pytest
from playwright.sync_api import Browser, Page

from tools.browser.accessibility import CONTRAST_SCRIPT
from tools.browser.driver import phone


@pytest.fixture(scope="module")
def page(browser: Browser) -> Iterator[Page]:
    with phone(browser) as context:
        yield context.new_page()


def _failures(page: Page, body: str) -> list[dict[str, Any]]:
    page.set_content(f"<!doctype html><html><body style='margin:0;background:#fff'>{body}</body></html>")
    return page.evaluate(CONTRAST_SCRIPT, "page")["failures"]


@pytest.mark.parametrize(
    ("body", "fails"),
    [
        ("<p style='color:#767676'>4.54:1</p>", False),
        ("<p style='color:#777777'>4.48:1</p>", True),
        ("<p style='color:#949494;font-size:24px'>large, 3.03:1</p>", False),
        ("<p style='color:#949494;font-size:19px;font-weight:700'>large bold, 3.03:1</p>", False),
        ("<p style='color:#949494;font-size:19px'>not bold, 3.03:1</p>", True),
        # Half-transparent black text on white is mid grey (#808080, 3.9:1).
        ("<p style='color:rgb(0 0 0 / 0.5)'>alpha</p>", True),
        # White on a dark panel inside a half-opaque group: the panel shows as mid grey behind white text.
        ("<div style='opacity:0.5'><p style='background:#000;color:#fff'>opacity</p></div>", True),
        ("<div style='background:#000'><p style='color:#fff;filter:brightness(0.5)'>filter</p></div>", False),
        ("<div style='background:#000;filter:brightness(0.5)'><p style='color:#fff'>filter</p></div>", False),
        ("<div style='background:#fff;filter:brightness(0.2)'><p style='color:#000'>dimmed to 1.7:1</p></div>", True),
        # A gradient counts as its worst stop: white text fails on its yellow end.
        ("<p style='background:linear-gradient(#000, #ff0);color:#fff'>gradient</p>", True),
        ("<p style='background:linear-gradient(#000, #ff0);color:#fff;text-shadow:#000 0 0 3px'>halo</p>", False),
        # Disabled buttons are exempt; a disabled hand card is held to 3:1.
        ("<button disabled style='color:#ccc;background:#fff'>disabled</button>", False),
        ("<button class='hand-card' disabled style='color:#949494;background:#fff'>3.03:1</button>", False),
        ("<button class='hand-card' disabled style='color:#aaa;background:#fff'>2.32:1</button>", True),
        # A field's border must stand out from what surrounds it (3:1).
        ("<input style='border:1px solid #d5d0c4'>", True),
        ("<input style='border:1px solid #767d8c'>", False),
    ],
)
def test_the_checker_fails_exactly_what_wcag_fails(page: Page, body: str, fails: bool) -> None:
    assert bool(_failures(page, body)) is fails
