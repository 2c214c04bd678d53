"""Help where the rules are named (issue 32): a chip on the table explains its rule in one tap, the rules page draws
the game's own cards, and a first game against CPUs is coached — until the player switches the tips off."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tools.browser.accessibility import Findings, check_contrast
from tools.browser.driver import JA, phone, solo_start


def test_a_chip_explains_its_rule_the_rules_page_has_pictures_and_the_coach_can_be_switched_off(
    browser: Browser, base_url: str,
) -> None:
    # A first game against CPUs, on the smallest phone: the tip names cards the hand raises, in the log's place.
    with phone(browser, viewport={"width": 320, "height": 568}, coach=True) as context:
        page = context.new_page()
        page.goto(base_url)
        page.get_by_label(JA["name"]).fill("ゆうき")
        page.get_by_role("button", name=JA["solo"]).click()
        tip = page.locator(".coach-tip")
        expect(tip).to_contain_text("出せる札：")
        playable = page.locator(".hand-card.playable").first.get_attribute("aria-label") or ""
        expect(tip).to_contain_text(playable.split(" (")[0])
        assert page.evaluate("document.scrollingElement.scrollHeight") <= 568, "the tip makes the table scroll"

        page.get_by_role("button", name="設定").click()
        switch = page.get_by_role("switch", name="手番のヒント")
        expect(switch).to_be_checked()
        switch.uncheck()
        expect(tip).to_have_count(0)
        expect(page.locator(".log summary")).to_be_visible()
        assert page.evaluate("localStorage.getItem('deckroom.coach')") == "off"

    # 大富豪 sideways: the order chip explains the order in a sheet on screen; Escape gives the focus back.
    with phone(browser, viewport={"width": 844, "height": 390}) as context:
        page = context.new_page()
        page.emulate_media(reduced_motion="reduce")  # the sheet is measured where it stays, not sliding in
        solo_start(page, base_url, "daifugo", cpus=3)
        chip = page.locator(".df-order")
        expect(chip).to_have_attribute("aria-description", "いまどの札が強いか。ふだんは 3 がいちばん弱く 2 がいちばん強い（ジョーカーはさらに上）。革命や 11バックで逆になる。")
        chip.click()
        sheet = page.get_by_role("dialog", name="強さの順")
        expect(sheet).to_contain_text("3 がいちばん弱く")
        box = sheet.bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= 390, f"the explanation leaves the screen: {box}"
        findings = Findings()  # the sheet's words are the page's, not the felt's white, in both themes
        check_contrast(page, "a rule explained", findings)
        assert not findings.failures, findings.failures
        page.keyboard.press("Escape")
        expect(sheet).to_have_count(0)
        expect(chip).to_be_focused()

        # The rules page: the example turn in Color Match's own cards, the lobby's rules in the catalogue's words.
        page.goto(f"{base_url}rules/color-match.html?lang=en")
        article = page.locator("article[lang=en]")
        expect(article.locator(".rule-example .cm-card")).to_have_count(5)
        expect(article.locator(".rule-example .rule-card.up")).to_have_count(3)
        expect(article.locator(".rule-list li")).to_have_count(5)
        expect(article.locator(".rule-terms")).to_contain_text("Before the +4")
