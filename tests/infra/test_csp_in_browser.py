"""The site runs under the Content-Security-Policy CloudFront sends (``infra/site.py``) without one violation:
the built site is served from its own origin with that header added, its game WebSocket on another origin (the
local gateway, as API Gateway is in AWS), and a player makes a room, shows its QR code, starts a game against a
CPU and reads a rules page in another language. A policy without the WebSocket's origin is refused, so the test
sees what the policy allows and what it does not.

With ``googleClientId`` the policy also names Google Identity Services. Offline, Google's script is played by
``make dev``'s stand-in (same ``google.accounts.id`` API) served at Google's address: the test checks that the
site loads it from there, initialises it, draws its button and signs in, and shows the profile, without a
violation. Google's own script does more that cannot be checked without Google — its button is an iframe of
``accounts.google.com/gsi/button`` (``frame-src``), it loads ``gsi/style`` (``style-src``) and calls ``gsi/``
(``connect-src``) — and those are allowed as its setup guide lists them (``infra/site.py``).
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Iterator
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page, Route, expect, sync_playwright

from devserver.testing import TEST_PACE, RunningGateway, running_gateway
from infra.site import GOOGLE_IDENTITY_SCRIPT, content_security_policy
from tools.browser.driver import (
    CHROMIUM, choose_and_start, create_room, launch, phone, rules_title, sign_in, start_as_guest,
)

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
    with running_gateway(env=TEST_PACE) as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
        pytest.skip("Debian's chromium is not installed (`make chromium`)")
    with sync_playwright() as playwright:
        # The page's origin is a made-up public name and the gateway is on 127.0.0.1: Chromium's local network
        # checks would refuse that connection before the CSP is asked (in AWS both are public). The site is https
        # in AWS, a secure context (sign-in needs Web Crypto there); Playwright answers it over http here.
        browser = launch(playwright, "--disable-features=LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests",
                         f"--unsafely-treat-insecure-origin-as-secure={SITE}")
        yield browser
        browser.close()


def _websocket_origin(gateway: RunningGateway) -> str:
    url = urlsplit(gateway.websocket_url)
    return f"{url.scheme}://{url.netloc}"


def _serve_site_with(page: Page, gateway: RunningGateway, csp: str, sign_in_script: str | None = None) -> list[str]:
    """Answer every request to :data:`SITE` with the gateway's file and the CSP header (and ``config.json`` naming
    ``sign_in_script`` as the sign-in script, if given); returns the console's CSP messages as they come."""
    def serve(route: Route) -> None:
        response = route.fetch(url=route.request.url.replace(SITE, gateway.base_url.rstrip("/"), 1))
        headers = {**response.headers, "content-security-policy": csp}
        if sign_in_script and urlsplit(route.request.url).path == "/config.json":
            config = response.json()
            config["signIn"]["script"] = sign_in_script
            route.fulfill(response=response, headers=headers, json=config)
        else:
            route.fulfill(response=response, headers=headers)

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


def test_signing_in_with_google_under_its_csp(browser: Browser, gateway: RunningGateway) -> None:
    csp = content_security_policy(_websocket_origin(gateway), google_sign_in=True)
    stand_in = f"{gateway.base_url}/oidc/gsi/client"
    with phone(browser) as context:
        page = context.new_page()
        console = _serve_site_with(page, gateway, csp, sign_in_script=GOOGLE_IDENTITY_SCRIPT)
        page.route(GOOGLE_IDENTITY_SCRIPT, lambda route: route.fulfill(response=route.fetch(url=stand_in)))
        # The sign-in pop-up is the issuer's page (Google's, in AWS), under the issuer's headers, not the site's.
        context.route(f"{SITE}/oidc/**", lambda route: route.fulfill(
            response=route.fetch(url=route.request.url.replace(SITE, gateway.base_url.rstrip("/"), 1))))
        page.goto(f"{SITE}/")
        start_as_guest(page, "あおい")
        page.get_by_role("button", name="設定").click()
        sign_in(page, "Minji", within=page.locator("#settings-panel"))
        expect(page.locator("#settings-panel")).to_contain_text("あおい でログイン中")
        page.locator("#settings-panel").get_by_role("button", name="プロフィール").click()
        expect(page.locator(".profile-player")).to_have_text("あおい")
        violations = page.evaluate("window.violations")
        _stop_serving(page)
        context.unroute_all(behavior="ignoreErrors")
    assert violations == [] and console == []


def test_google_s_script_is_refused_by_the_policy_without_sign_in(browser: Browser, gateway: RunningGateway) -> None:
    """The same site under the policy of a stack without ``googleClientId``: the script is refused, so the test
    above sees what the policy allows."""
    csp = content_security_policy(_websocket_origin(gateway))
    with phone(browser) as context:
        page = context.new_page()
        _serve_site_with(page, gateway, csp, sign_in_script=GOOGLE_IDENTITY_SCRIPT)
        page.route(GOOGLE_IDENTITY_SCRIPT, lambda route: route.fulfill(body="", content_type="text/javascript"))
        with page.expect_console_message(lambda message: message.text == RECORDED):
            page.goto(f"{SITE}/")
        violations = page.evaluate("window.violations")
        _stop_serving(page)
    assert violations == [f"script-src-elem {GOOGLE_IDENTITY_SCRIPT}"]
