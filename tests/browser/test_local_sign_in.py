"""The local stand-in for Google Identity Services, in Chromium: a page that uses the GIS API (``initialize``,
``renderButton``, ``callback({credential})``) signs in through the local issuer's popup, and the credential it
receives is an ID token the functions' verifier accepts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from devserver.oidc import LOCAL_CLIENT_ID
from devserver.testing import RunningGateway, running_gateway
from functions.accounts.tokens import IssuerSettings, TokenVerifier
from tools.browser.driver import phone

# The page does what the SPA does with Google's script; only the script's address differs.
PAGE = """<!doctype html><html lang="en"><meta charset="utf-8"><title>GIS stand-in</title>
<div id="button"></div><output id="credential"></output>
<script>
  window.onGoogleLibraryLoad = () => {
    google.accounts.id.initialize({
      client_id: "%s",
      nonce: "n-browser",
      callback: (response) => { document.getElementById("credential").textContent = JSON.stringify(response); },
    });
    google.accounts.id.renderButton(document.getElementById("button"), { text: "signin_with" });
  };
</script>
<script src="/oidc/gsi/client" async></script>
</html>
""" % LOCAL_CLIENT_ID


@pytest.fixture(scope="module")
def site_gateway(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningGateway]:
    site = tmp_path_factory.mktemp("gis-site")
    (site / "index.html").write_text(PAGE)
    with running_gateway(site_dir=Path(site)) as running:
        yield running


def _sign_in(page: Page, choose) -> dict[str, str]:  # type: ignore[no-untyped-def]
    with page.expect_popup() as opened:
        page.get_by_role("button", name="Sign in (local)").click()
    popup = opened.value
    with popup.expect_event("close"):
        choose(popup)
    expect(page.locator("#credential")).not_to_be_empty()
    return json.loads(page.locator("#credential").text_content() or "{}")


def test_a_test_user_signs_in_through_the_popup(browser: Browser, site_gateway: RunningGateway) -> None:
    verifier = TokenVerifier(IssuerSettings(f"{site_gateway.base_url}/oidc", LOCAL_CLIENT_ID))
    with phone(browser, locale="en-US") as context:
        page = context.new_page()
        page.goto(site_gateway.base_url + "/")
        response = _sign_in(page, lambda popup: popup.get_by_role("button", name="Minji").click())
        assert response["select_by"] == "btn" and response["clientId"] == LOCAL_CLIENT_ID
        minji = verifier.verify(response["credential"], nonce="n-browser")

        page.reload()
        typed = _sign_in(page, lambda popup: (popup.get_by_label("Or another name").fill("Dae-ho"),
                                              popup.get_by_role("button", name="Sign in with this name").click()))
        dae_ho = verifier.verify(typed["credential"], nonce="n-browser")
    assert minji.issuer == dae_ho.issuer == f"{site_gateway.base_url}/oidc"
    assert minji.subject != dae_ho.subject
