"""The start screen, the settings every screen shares, and the static rules pages."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect

from tools.browser.driver import JA, phone, rules_title


def test_language_follows_the_browser_and_the_switch_is_remembered(browser: Browser, base_url: str) -> None:
    with phone(browser, locale="ko-KR") as context:
        page = context.new_page()
        page.goto(base_url)
        expect(page.get_by_role("button", name="게스트로 시작")).to_be_visible()
        page.get_by_role("button", name="English").click()
        expect(page.get_by_role("button", name="Start as a guest")).to_be_visible()
        expect(page.locator("html")).to_have_attribute("lang", "en")
        page.reload()
        expect(page.get_by_role("button", name="Start as a guest")).to_be_visible()
        page.get_by_role("button", name="日本語").click()
        expect(page.get_by_role("button", name="ゲストで始める")).to_be_visible()


def test_dark_theme_switch_is_remembered(browser: Browser, base_url: str) -> None:
    with phone(browser) as context:
        page = context.new_page()
        page.goto(base_url)
        html = page.locator("html")
        expect(html).to_have_attribute("data-theme", "light")
        page.get_by_role("switch", name=JA["dark_theme"]).check()
        expect(html).to_have_attribute("data-theme", "dark")
        page.reload()
        expect(html).to_have_attribute("data-theme", "dark")
        expect(page.get_by_role("switch", name=JA["dark_theme"])).to_be_checked()


def test_start_needs_a_name_and_remembers_it(browser: Browser, base_url: str) -> None:
    with phone(browser) as context:
        page = context.new_page()
        page.goto(base_url)
        start = page.get_by_role("button", name="ゲストで始める")
        expect(start).to_be_disabled()
        page.get_by_label("名前").fill("ゆうき")
        start.click()
        expect(page.get_by_role("heading", name="ゆうき さん、こんにちは")).to_be_visible()
        page.reload()  # the identity is remembered: no second start screen
        expect(page.get_by_role("heading", name="ゆうき さん、こんにちは")).to_be_visible()


def test_unknown_room_code_is_refused_with_a_clear_message(browser: Browser, base_url: str) -> None:
    with phone(browser) as context:
        page = context.new_page()
        page.goto(base_url)
        page.get_by_label("名前").fill("たろう")
        page.get_by_role("button", name="ゲストで始める").click()
        code = page.get_by_label("ルームコード（4〜8 桁）")
        code.fill("12ab")
        expect(code).to_have_value("12")  # digits only
        code.fill("１２３４")
        expect(code).to_have_value("1234")  # full-width digits (a Japanese keyboard) count as digits
        code.fill("0000")
        page.get_by_role("button", name="入る", exact=True).click()
        expect(page.get_by_role("alert")).to_contain_text("そのコードのルームはありません")
        expect(page.get_by_role("button", name="ルームを作る")).to_be_visible()


def test_rules_pages_are_reachable_and_switch_language(browser: Browser, base_url: str) -> None:
    with phone(browser) as context:
        page = context.new_page()
        page.goto(base_url)
        page.locator(".game-intro", has_text="カラーマッチ").get_by_role("link", name="ルール").click()
        expect(page).to_have_url(re.compile(r"/rules/color-match\.html\?lang=ja$"))
        expect(rules_title(page)).to_have_text("カラーマッチのルールと遊び方")
        for heading in ("早見表", "遊び方", "札の種類と効果", "コツ", "基本ルールに入っていないもの"):
            expect(page.get_by_role("heading", name=heading, exact=True)).to_be_visible()
        page.get_by_role("button", name="English").click()
        expect(page.get_by_role("heading", level=1)).to_have_text("Color Match: rules and how to play")
        # Only the language buttons say which is on (the page's own <html data-lang> is no button).
        expect(page.get_by_role("button", name="English")).to_have_attribute("aria-pressed", "true")
        expect(page.locator("[aria-pressed]")).to_have_count(3)
        page.goto(base_url + "rules/color-rows.html?lang=ko")
        expect(rules_title(page)).to_have_text("컬러 로우 규칙과 방법")
