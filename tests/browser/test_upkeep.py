"""Keeping a room the friends': the host removes someone (who is told why and cannot come back), closes the room to
newcomers, sets a turn timer whose countdown shows and whose stand-in moves when it runs out (three times in a row:
the player is away until 「戻る」), and longer room codes join like 4-digit ones."""

from __future__ import annotations

import json
import re
from contextlib import ExitStack
from typing import Iterator

import pytest
from playwright.sync_api import Browser, Page, WebSocketRoute, expect

from devserver.testing import RunningGateway, running_gateway
from tools.browser.gateway import SEEDED, ensure_built
from tools.browser.driver import JA, choose_and_start, create_room, gather, join_by_link, phone, start_as_guest

NAMES = ("たろう", "はなこ")


def remove(host: Page, name: str, reason: str) -> None:
    """The host removes ``name`` from the room through the member's menu, giving ``reason``."""
    host.get_by_role("button", name=f"{name}のメニュー").click()
    host.get_by_role("dialog", name=name).get_by_role("button", name="ルームから外す").click()
    sheet = host.get_by_role("dialog", name=name)
    expect(sheet).to_contain_text(f"{name}をこのルームから外しますか？")
    remove = sheet.get_by_role("button", name="外す", exact=True)
    expect(remove).to_be_disabled()  # a reason is chosen first ("伝えない" is one)
    sheet.get_by_label(reason).check()
    remove.click()


def test_the_host_removes_a_guest_who_is_told_why_and_cannot_come_back(browser: Browser, base_url: str) -> None:
    with ExitStack() as stack:
        phones = gather(browser, base_url, stack, NAMES)
        host, hanako = phones.values()
        code = host.locator(".topbar .room-code").inner_text().lstrip("#")
        link = host.locator("#join-link").input_value()
        expect(hanako.get_by_role("button", name="たろうのメニュー")).to_have_count(0)  # guests have no menu
        # Cancelling changes nothing.
        host.get_by_role("button", name="はなこのメニュー").click()
        host.get_by_role("dialog", name="はなこ").get_by_role("button", name="やめる").click()
        expect(host.get_by_role("dialog")).to_have_count(0)
        expect(host.locator(".member")).to_have_count(2)

        remove(host, "はなこ", "長く離席している")
        told = hanako.get_by_role("alert").filter(has_text="ホストがあなたを")
        expect(told).to_contain_text(f"ホストがあなたをルーム {code} から外しました。")
        expect(told).to_contain_text("理由: 長く離席していたため。")
        expect(hanako.get_by_role("button", name=JA["create"])).to_be_visible()  # home
        expect(host.locator(".member")).to_have_count(1)

        # Neither the link nor the code lets her back; the link's code is dropped and she stays home.
        hanako.goto(link)
        expect(hanako.get_by_role("alert").filter(has_text="ホストに外されました")).to_be_visible()
        expect(hanako.get_by_text(f"ルーム {code} に入ります。")).to_have_count(0)
        hanako.get_by_label(JA["code"]).fill(code)
        hanako.get_by_role("button", name=JA["join"], exact=True).click()
        expect(hanako.get_by_role("alert")).to_contain_text("そのルームには入れません（ホストに外されました）。")
        expect(hanako.locator(".topbar .room-code")).to_have_count(0)
        expect(host.locator(".member")).to_have_count(1)


def lose_frames(page: Page, kind: str) -> None:
    """The page's socket never delivers the server's frames of type ``kind`` (call before the page opens the site)."""

    def route(page_side: WebSocketRoute) -> None:
        server = page_side.connect_to_server()
        server.on_message(lambda message: None if json.loads(message).get("type") == kind else page_side.send(message))

    page.route_web_socket(re.compile(r"^wss?://"), route)


def test_a_phone_that_missed_its_removal_goes_home_at_its_next_action(browser: Browser, base_url: str) -> None:
    """Frames about a room one is not in are answered `not_in_room`: the page takes that as leaving the room."""
    with ExitStack() as stack:
        phones = gather(browser, base_url, stack, NAMES, prepare=lambda page: lose_frames(page, "removed"))
        host, hanako = phones.values()
        remove(host, "はなこ", "伝えない")
        expect(host.locator(".member")).to_have_count(1)
        expect(hanako.locator(".member")).to_have_count(2)  # it never heard
        hanako.get_by_role("button", name="ルームを出る").click()
        hanako.get_by_role("button", name="出る", exact=True).click()
        expect(hanako.get_by_role("alert")).to_contain_text("このルームに入っていません。")
        expect(hanako.get_by_role("button", name=JA["create"])).to_be_visible()
        hanako.reload()  # and the room is forgotten
        expect(hanako.get_by_role("button", name=JA["create"])).to_be_visible()


def test_a_closed_room_refuses_a_newcomer_and_lets_its_people_back(browser: Browser, base_url: str) -> None:
    with ExitStack() as stack:
        phones = gather(browser, base_url, stack, NAMES)
        host, hanako = phones.values()
        code = host.locator(".topbar .room-code").inner_text().lstrip("#")
        link = host.locator("#join-link").input_value()
        expect(hanako.get_by_role("button", name="ルームを締め切る")).to_have_count(0)  # the host's alone
        host.get_by_role("button", name="ルームを締め切る").click()
        for page in phones.values():
            expect(page.locator(".closed-note")).to_contain_text("締め切り中")

        newcomer = stack.enter_context(phone(browser)).new_page()
        newcomer.goto(link)
        start_as_guest(newcomer, "じろう")
        expect(newcomer.get_by_role("alert")).to_contain_text(
            "そのルームは締め切られています（ホストが新しい人の参加を止めています）。")
        expect(newcomer.get_by_role("heading", name="じろう さん、こんにちは")).to_be_visible()
        expect(newcomer.get_by_text(f"ルーム {code} に入ります。")).to_have_count(0)

        hanako.reload()  # a member comes back to a closed room
        expect(hanako.locator(".topbar .room-code")).to_have_text(f"#{code}")
        expect(hanako.locator(".closed-note")).to_be_visible()

        host.get_by_role("button", name="受け付けを再開する").click()
        expect(hanako.locator(".closed-note")).to_have_count(0)
        newcomer.get_by_label(JA["code"]).fill(code)
        newcomer.get_by_role("button", name=JA["join"], exact=True).click()
        expect(newcomer.locator(".topbar .room-code")).to_have_text(f"#{code}")
        expect(host.locator(".member")).to_have_count(3)


def test_the_turn_timer_counts_down_then_the_stand_in_moves_and_three_in_a_row_make_the_player_away(
    browser: Browser, product_paced_url: str,
) -> None:
    """One player who never moves against a CPU, with 15 s a turn (the shortest timer): the countdown shows on
    their turn, the stand-in moves when it runs out (the log says so), and after the third in a row the page says
    a CPU plays for them, until 「戻る」. About 50 s: three turns of 15 s."""
    with phone(browser) as context:
        page = context.new_page()
        create_room(page, product_paced_url, "ゆうき")
        page.get_by_role("button", name=JA["add_cpu"]).click()
        timer = page.get_by_role("group", name="持ち時間（1 手ごと）")
        timer.get_by_role("button", name="15 秒").click()
        expect(timer.get_by_role("button", name="15 秒")).to_have_attribute("aria-pressed", "true")
        choose_and_start(page, "カラーマッチ")

        clock = page.locator(".turn-banner.mine .turn-clock")
        expect(clock).to_have_text(re.compile(r"^残り (1[0-5]|[1-9]) 秒$"))
        expect(page.locator(".turn-banner.mine .turn-clock-bar")).to_be_attached()
        log = page.locator(".log")
        expect(log).to_contain_text("ゆうきの持ち時間が切れ、CPU が代わりに打ちました", timeout=30_000)

        back = page.get_by_role("button", name="戻る", exact=True)
        expect(back).to_be_visible(timeout=60_000)  # two more turns of 15 s
        expect(page.locator(".away-bar")).to_contain_text("CPU があなたの代わりに打っています（3 回続けて時間切れ）。")
        expect(log).to_contain_text("ゆうきは離席中。CPU が代わりに打ちます")
        back.click()
        expect(page.locator(".away-bar")).to_have_count(0)
        expect(log).to_contain_text("ゆうきが戻りました")


@pytest.fixture
def crowded_gateway() -> Iterator[RunningGateway]:
    """A server whose 4-digit codes are one (0000): its second room gets a 6-digit code."""
    ensure_built()
    with running_gateway(env={**SEEDED, "DECKROOM_SHORT_CODES": "1"}) as running:
        yield running


def test_six_digit_codes_join_by_the_field_and_by_the_link(browser: Browser, crowded_gateway: RunningGateway) -> None:
    base_url = crowded_gateway.base_url + "/"
    with ExitStack() as stack:
        first, second, typed, linked = (stack.enter_context(phone(browser)).new_page() for _ in range(4))
        assert create_room(first, base_url, "たろう") == "0000"
        code = create_room(second, base_url, "はなこ")
        assert re.fullmatch(r"\d{6}", code), code
        expect(second.locator(".room-code-big span")).to_have_count(6)

        typed.goto(base_url)
        start_as_guest(typed, "じろう")
        field = typed.get_by_label(JA["code"])
        field.fill("".join(chr(ord("０") + int(d)) for d in code))  # full-width, from a Japanese keyboard
        expect(field).to_have_value(code)
        typed.get_by_role("button", name=JA["join"], exact=True).click()
        expect(typed.locator(".topbar .room-code")).to_have_text(f"#{code}")

        join_by_link(linked, second.locator("#join-link").input_value(), "さくら", code)
        expect(second.locator(".member")).to_have_count(3)
