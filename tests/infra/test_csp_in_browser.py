"""The site runs under the Content-Security-Policy CloudFront sends (``infra/site.py``) without one violation:
the built site is served from its own origin with that header added, its game WebSocket on another origin (the
local gateway, as API Gateway is in AWS), and a player makes a room, shows its QR code, starts a game against a
CPU and reads a rules page in another language. A policy without the WebSocket's origin is refused, so the test
sees what the policy allows and what it does not.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Iterator
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page, Route, expect, sync_playwright

from devserver.testing import RunningGateway, running_gateway
from infra.site import content_security_policy
from tests.browser.driver import CHROMIUM, choose_and_start, create_room, launch, phone, rules_title

pytestmark = pytest.mark.browser

SITE = "http://deckroom.test"
"""The site's own origin in the test, answered by Playwright from the gateway's files: not the WebSocket's."""

RECORDED = "deckroom-test: violation recorded"
# The test waits for the console line rather than polling `window.violations`: Playwright evaluates a polled
# predicate with eval(), which the policy under test refuses ('unsafe-eval' is not allowed).
COLLECT_VIOLATIONS = f"""
window.violations = [];
document.addEventListener("securitypolicyviolation", (e) => {{
    window.violations.push(`${{e.effectiveDirective}} ${{e.blockedURI}}`);
    console.info("{RECORDED}");
}});
"""


@pytest.fixture(scope="module")
def gateway() -> Iterator[RunningGateway]:
    if not (Path(__file__).parents[2] / "frontend" / "dist" / "index.html").exists():
        pytest.skip("the site is not built (`make frontend`)")
    with running_gateway() as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
        pytest.skip("Debian's chromium is not installed (`make chromium`)")
    with sync_playwright() as playwright:
        # The page's origin is a made-up public name and the gateway is on 127.0.0.1: Chromium's local network
        # checks would refuse that connection before the CSP is asked (in AWS both are public).
        browser = launch(playwright, "--disable-features=LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests")
        yield browser
        browser.close()


def _websocket_origin(gateway: RunningGateway) -> str:
    url = urlsplit(gateway.websocket_url)
    return f"{url.scheme}://{url.netloc}"


def _serve_site_with(page: Page, gateway: RunningGateway, csp: str) -> list[str]:
    """Answer every request to :data:`SITE` with the gateway's file and the CSP header; returns the console's
    CSP messages as they come."""
    def serve(route: Route) -> None:
        response = route.fetch(url=route.request.url.replace(SITE, gateway.base_url.rstrip("/"), 1))
        route.fulfill(response=response, headers={**response.headers, "content-security-policy": csp})

    page.route(f"{SITE}/**", serve)
    page.add_init_script(COLLECT_VIOLATIONS)
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text)
            if "Content Security Policy" in message.text else None)
    return console


def _stop_serving(page: Page) -> None:
    """The site keeps asking (it reconnects, it pings): requests still being answered when the phone is put away
    are dropped rather than failing the test."""
    page.unroute_all(behavior="ignoreErrors")


def test_the_site_plays_under_its_csp_without_a_violation(browser: Browser, gateway: RunningGateway) -> None:
    csp = content_security_policy(_websocket_origin(gateway))
    with phone(browser) as context:
        page = context.new_page()
        console = _serve_site_with(page, gateway, csp)
        create_room(page, f"{SITE}/", "あおい")  # the WebSocket is open: the room exists
        page.get_by_role("button", name="QRを表示").click()  # loads the QR chunk on demand
        expect(page.locator("svg.qr")).to_be_visible()
        page.get_by_role("button", name="CPU を追加").click()
        choose_and_start(page, "カラーマッチ")
        expect(page.locator(".hand").first).to_be_visible()
        violations = page.evaluate("window.violations")
        page.goto(f"{SITE}/rules/color-match.html")
        expect(rules_title(page)).to_be_visible()
        page.get_by_role("button", name="English").click()
        expect(rules_title(page)).to_have_text("Color Match: rules and how to play")
        violations += page.evaluate("window.violations")
        _stop_serving(page)
    assert violations == [] and console == []


def test_a_websocket_the_policy_does_not_name_is_refused(browser: Browser, gateway: RunningGateway) -> None:
    csp = content_security_policy("wss://elsewhere.example.com")
    with phone(browser) as context:
        page = context.new_page()
        _serve_site_with(page, gateway, csp)
        with page.expect_console_message(lambda message: message.text == RECORDED):
            page.goto(f"{SITE}/")
        violations = page.evaluate("window.violations")
        _stop_serving(page)
    assert violations[0] == f"connect-src {gateway.websocket_url}"
