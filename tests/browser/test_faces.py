"""Faces (issue 32) and the people at the table (issue 31, item 10): a face picked on the start screen shows in
the lobby and on the seats, with the ring on the seat in turn and the host's mark; the host removes a member from
the table mid-game, the removed phone is told, and the stand-in plays the seat."""

from __future__ import annotations

import json
import re
from contextlib import ExitStack

from playwright.sync_api import Browser, Page, WebSocketRoute, expect

from tests.browser.test_upkeep import remove
from tools.browser.bots import play_color_match_against_cpus
from tools.browser.driver import JA, choose_and_start, join_by_code, phone


def record_frames(page: Page, frames: list[dict]) -> None:
    """Every server frame the page gets is also kept in ``frames`` (call before the page opens the site)."""

    def route(page_side: WebSocketRoute) -> None:
        server = page_side.connect_to_server()

        def deliver(message: str | bytes) -> None:
            frames.append(json.loads(message))
            page_side.send(message)

        server.on_message(deliver)

    page.route_web_socket(re.compile(r"^wss?://"), route)


class StandInPlayed(Exception):
    pass


def test_faces_in_the_lobby_and_at_the_table_and_the_host_removes_a_member_from_the_table(browser: Browser,
                                                                                        base_url: str) -> None:
    with ExitStack() as stack:
        host, jiro = (stack.enter_context(phone(browser)).new_page() for _ in range(2))
        frames: list[dict] = []
        record_frames(host, frames)
        host.goto(base_url)
        picker = host.locator(".avatar-picker")
        picker.get_by_role("button", name="きつね").click()
        picker.get_by_role("button", name="青緑").click()
        expect(picker.get_by_role("button", name="きつね")).to_have_attribute("aria-pressed", "true")
        host.get_by_label(JA["name"]).fill("たろう")
        host.get_by_role("button", name=JA["start"]).click()
        host.get_by_role("button", name=JA["create"]).click()
        code = host.locator(".topbar .room-code").inner_text().lstrip("#")
        join_by_code(jiro, base_url, "じろう", code)  # じろう keeps the random face the site gave him

        for page in (host, jiro):  # everyone sees the host's face in the lobby
            face = page.locator(".member", has_text="たろう").locator(".face")
            expect(face).to_have_text("🦊")
            expect(face).to_have_class(re.compile(r"\bface-teal\b"))
        host.get_by_role("button", name="CPU を追加").click()
        expect(host.locator(".member", has_text="CPU 1").locator(".face")).to_have_text("🤖")
        choose_and_start(host, "カラーマッチ")

        # At the table: the host's seat shows the face and the host's mark, and one seat has the turn's ring.
        seat = jiro.locator(".opponent", has_text="たろう")
        expect(seat.locator(".face")).to_have_text("🦊")
        expect(seat.locator(".host-mark")).to_be_visible()
        for page in (host, jiro):
            expect(page.locator(".face-turn")).to_have_count(1)

        # The host removes じろう from the table: ⚙, the people of the room, じろう's menu, confirmed.
        host.get_by_role("button", name="設定").click()
        host.get_by_role("button", name="ルームにいる人…").click()
        people = host.get_by_role("dialog", name="ルームにいる人")
        expect(people.locator(".member", has_text="たろう").locator(".badge.host")).to_be_visible()
        remove(host, "じろう", "伝えない")
        expect(people.locator(".member")).to_have_count(2)  # たろう and the CPU
        people.get_by_role("button", name="閉じる").click()
        expect(jiro.get_by_role("alert").filter(has_text="ホストがあなたを")).to_be_visible()
        expect(jiro.get_by_role("button", name=JA["create"])).to_be_visible()  # home

        # The game goes on: the stand-in plays じろう's seat.
        jiro_id = next(m["member"] for f in frames if f.get("type") == "room" for m in f["members"] if m["name"] == "じろう")

        def played() -> bool:
            return any(e["code"] == "moved" and e["member"] == jiro_id and e["by"] == "standin"
                       for f in frames if f.get("type") == "room" for e in f["events"])

        def stop_once_played(_: Page) -> None:
            if played():
                raise StandInPlayed

        try:
            play_color_match_against_cpus(host, on_turn=stop_once_played)
        except StandInPlayed:
            pass
        assert played(), "the stand-in never played じろう's seat"
