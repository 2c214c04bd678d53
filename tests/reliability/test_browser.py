"""Item 4 in the browser: a name with markup shows as text on every phone, in Chromium (the site's real build
behind the local gateway, as tests/browser runs it)."""

from __future__ import annotations

from typing import Iterator

import pytest
from playwright.sync_api import Browser, expect

from devserver.testing import TEST_PACE, RunningGateway, running_gateway
from tests.browser.conftest import browser  # noqa: F401  (the browser tests' Chromium fixture)
from tools.browser.gateway import ensure_built
from tools.browser.driver import create_room, join_by_code, phone

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

HOST_NAME = "<img src=x>"
GUEST_NAME = "<b>ken</b>&amp;"


@pytest.fixture(scope="module")
def site() -> Iterator[RunningGateway]:
    ensure_built()
    with running_gateway(env=TEST_PACE) as running:
        yield running


def test_names_with_markup_show_as_text_and_create_no_elements(site: RunningGateway, browser: Browser) -> None:
    base = site.base_url + "/"
    with phone(browser) as host_phone, phone(browser) as guest_phone:
        host, guest = host_phone.new_page(), guest_phone.new_page()
        dialogs: list[str] = []
        for page in (host, guest):
            page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
        code = create_room(host, base, HOST_NAME)
        join_by_code(guest, base, GUEST_NAME, code)
        for page in (host, guest):
            members = page.locator(".member")
            expect(members).to_have_count(2)
            expect(members.nth(0)).to_contain_text(HOST_NAME)  # the characters themselves, not an image
            expect(members.nth(1)).to_contain_text(GUEST_NAME)  # "&amp;" stays five characters
            # The site's own markup has <b> game names; none of the names' tags became elements.
            assert page.locator("img[src='x'], .member img, .member b").count() == 0
            assert page.locator("b", has_text="ken").count() == 0
        assert dialogs == []
