"""Choosing the game by vote: the host switches the room to voting, everyone votes, the most voted game starts."""

from __future__ import annotations

from contextlib import ExitStack

from playwright.sync_api import Browser, expect

from tools.browser.driver import JA, gather, vote

NAMES = ("たろう", "はなこ", "じろう")


def test_everyone_votes_and_the_most_voted_game_starts(browser: Browser, base_url: str) -> None:
    with ExitStack() as stack:
        phones = gather(browser, base_url, stack, NAMES)
        host, hanako, jiro = phones.values()
        host.get_by_role("group", name="決め方").get_by_role("button", name="みんなで投票").click()
        for page in phones.values():
            expect(page.get_by_role("button", name="みんなで投票")).to_have_attribute("aria-pressed", "true")
        # Only the host decides how the game is chosen; the others are told to vote.
        expect(hanako.get_by_role("button", name="ホストが選ぶ")).to_be_disabled()
        expect(hanako.get_by_text("遊びたいゲームに投票してください。ホストが始めます。")).to_be_visible()
        start = host.get_by_role("button", name=JA["start_game"])
        expect(start).to_be_disabled()  # nothing to start before the first vote

        vote(host, "カラーマッチ")
        vote(hanako, "カラーロウ")
        vote(jiro, "カラーロウ")
        rows = host.locator(".game-choice", has_text="カラーロウ")
        expect(rows).to_contain_text("2 票: はなこ・じろう")
        expect(host.locator(".game-choice", has_text="カラーマッチ")).to_contain_text("1 票: たろう")

        # A vote can be taken back: the count follows on every phone.
        jiro.locator(".game-choice", has_text="カラーロウ").get_by_role("button", name="投票をやめる").click()
        expect(hanako.locator(".game-choice", has_text="カラーロウ")).to_contain_text("1 票: はなこ")
        vote(jiro, "カラーロウ")
        expect(hanako.locator(".game-choice", has_text="カラーロウ")).to_contain_text("2 票: はなこ・じろう")

        start.click()  # two votes against the host's one: Color Rows
        for page in phones.values():
            expect(page.locator(".cr-row")).to_have_count(3)
            expect(page.locator(".cr-player")).to_have_count(3)


def test_a_tied_vote_lets_the_host_pick_one_of_the_tied_games(browser: Browser, base_url: str) -> None:
    """The host has not voted and the others' votes tie: the host's bar offers each tied game; a guest is told."""
    with ExitStack() as stack:
        phones = gather(browser, base_url, stack, NAMES)
        host, hanako, jiro = phones.values()
        host.get_by_role("group", name="決め方").get_by_role("button", name="みんなで投票").click()
        expect(host.get_by_role("button", name=JA["start_game"])).to_be_disabled()
        expect(host.locator(".start-why")).to_have_text("まだ誰も投票していません。")
        vote(hanako, "カラーマッチ")
        vote(jiro, "カラーロウ")
        expect(host.locator(".start-why")).to_have_text("投票が同数です。始めるゲームを選んでください。")
        expect(hanako.locator(".start-why")).to_have_text("投票が同数です。ホストが選びます。")
        host.get_by_role("button", name="カラーロウを始める").click()
        for page in phones.values():
            expect(page.locator(".cr-row")).to_have_count(3)


def test_leaving_asks_first(browser: Browser, base_url: str) -> None:
    with ExitStack() as stack:
        phones = gather(browser, base_url, stack, NAMES[:2])
        host, hanako = phones.values()
        hanako.get_by_role("button", name="ルームを出る").click()
        expect(hanako.get_by_text("ルームを出ますか？")).to_be_visible()
        hanako.get_by_role("button", name="やめる").click()
        expect(hanako.locator(".topbar .room-code")).to_be_visible()
        hanako.get_by_role("button", name="ルームを出る").click()
        hanako.get_by_role("button", name="出る", exact=True).click()
        expect(hanako.get_by_role("button", name=JA["create"])).to_be_visible()
        expect(host.locator(".member")).to_have_count(1)
