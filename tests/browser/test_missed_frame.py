"""A phone that missed frames while it waits (lost on the way, or the server failed in the middle of its
fan-out) catches up by itself: after 20 s with nothing arriving it pings with its room and version, and the
server sends it the room again (docs/protocol.md, `ping`)."""

from __future__ import annotations

import json
import re
from contextlib import ExitStack

from playwright.sync_api import Browser, Page, WebSocketRoute, expect

from tools.browser.bots import DRAW
from tools.browser.driver import JA, choose_and_start, gather, my_turn, select_game, version, wait_version

NAMES = ("たろう", "はなこ")


class LossyLine:
    """The WebSocket between a page and the server, able to lose the server's `room` frames.

    ``lose()`` starts losing them; ``lose_through(version)`` ends it once a frame of that version or later has
    been lost. The server sends to each phone in turn, so the frame to this phone may still be on its way when
    another phone already shows the change: the line, not the test's timing, decides which frames are lost.
    """

    def __init__(self) -> None:
        self.losing = False
        self.through: int | None = None
        self.lost: list[int] = []

    def attach(self, page: Page) -> None:
        page.clock.install()  # the test moves this page's clock forward instead of waiting 20 s
        page.route_web_socket(re.compile(r"^wss?://"), self._route)

    def lose(self) -> None:
        self.losing, self.through = True, None

    def lose_through(self, version: int) -> None:
        self.through = version
        if any(lost >= version for lost in self.lost):
            self.losing = False

    def _route(self, page_side: WebSocketRoute) -> None:
        server_side = page_side.connect_to_server()

        def from_server(message: str | bytes) -> None:
            frame = json.loads(message)
            if self.losing and frame.get("type") == "room":
                self.lost.append(frame["version"])
                if self.through is not None and frame["version"] >= self.through:
                    self.losing = False
                return
            page_side.send(message)

        server_side.on_message(from_server)


def _end_turn_by_drawing(page: Page) -> None:
    """Draw; keep the drawn card if it could be played (seed 000: 出さずに次へ)."""
    before = version(page)
    page.locator(".actions").get_by_role("button", name=re.compile(f"^({DRAW})$")).click()
    wait_version(page, before + 1)
    keep = page.locator(".actions").get_by_role("button", name=JA["keep"])
    if keep.count():
        keep.click()
        wait_version(page, before + 2)


def _host_and_hanako(browser: Browser, base_url: str, stack: ExitStack) -> tuple[Page, Page, LossyLine]:
    """Two phones in one room, each on its own lossy line; the line to the second phone (hanako's)."""
    lines = [LossyLine() for _ in NAMES]
    on_lines = iter(lines)
    phones = gather(browser, base_url, stack, NAMES, prepare=lambda page: next(on_lines).attach(page))
    host, hanako = phones.values()
    return host, hanako, lines[1]


def test_a_phone_that_missed_its_turn_catches_up_by_itself(browser: Browser, base_url: str) -> None:
    with ExitStack() as stack:
        host, hanako, line = _host_and_hanako(browser, base_url, stack)
        choose_and_start(host, "カラーマッチ")  # game 1: the host plays first
        wait_version(hanako, version(host))
        assert my_turn(host) and not my_turn(hanako)

        line.lose()  # everything the host's turn changes never reaches her phone
        _end_turn_by_drawing(host)
        line.lose_through(version(host))
        assert not my_turn(host)
        assert version(hanako) < version(host) and not my_turn(hanako)  # her screen still shows his turn

        # Nothing else will come: the room waits on her. After 20 quiet seconds her phone asks, and is answered.
        hanako.clock.fast_forward("00:21")
        expect(hanako.locator(".turn-banner.mine")).to_be_visible()
        assert version(hanako) == version(host) and line.lost


def test_a_guest_who_missed_the_start_finds_the_game_by_itself(browser: Browser, base_url: str) -> None:
    """The lobby waits on the host, so it asks too: a guest whose phone never got the frame of the start would
    otherwise sit in the lobby while the game waits on her."""
    with ExitStack() as stack:
        host, hanako, line = _host_and_hanako(browser, base_url, stack)
        select_game(host, "カラーマッチ")
        expect(hanako.locator(".game-choice.selected")).to_be_visible()

        line.lose()
        choose_and_start(host, "カラーマッチ")
        line.lose_through(version(host))
        assert version(hanako) < version(host)
        expect(hanako.locator("main.game")).to_have_count(0)  # her screen is still the lobby

        hanako.clock.fast_forward("00:21")
        expect(hanako.locator("main.game")).to_be_visible()
        assert version(hanako) == version(host) and line.lost
