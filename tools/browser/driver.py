"""Driving the site in headless Chromium like a player would: shared by the browser tests and the screenshots.

Everything goes through what a player sees — roles, accessible names, the CSS classes that make a card look
playable — and waits with Playwright's auto-waiting, never with sleeps. ``main[data-version]`` carries the
room version of the frame on screen, so a step can wait for its own effect.
"""

from __future__ import annotations

import json
import re
from contextlib import AbstractContextManager, ExitStack, contextmanager
from typing import Callable, Iterator, Literal

from playwright.sync_api import Browser, BrowserContext, Locator, Page, Playwright, WebSocketRoute, expect

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}

#: The Japanese labels the tests press (the site's default language for a ja-JP browser).
JA: dict[str, str | re.Pattern[str]] = {
    "name": "名前",
    "start": "ゲストで始める",
    "solo": "CPUと対戦",
    "create": "ルームを作る",
    "join": "入る",
    "code": "ルームコード（4〜8 桁）",
    "add_cpu": "CPU を追加",
    "start_game": re.compile("を始める$"),  # "カラーマッチを始める": the start button names the game
    "draw": "山から引く",
    "keep": "出さずに次へ",
    "play_drawn": "出す",
    "last_card": "あと 1 枚",
    "callout": "指摘する",
    "challenge": "チャレンジ",
    "rematch": "もう一回",
    "to_lobby": "ロビーに戻る",
    "dark_theme": "ダークテーマ",
}


def launch(playwright: Playwright, *extra_args: str) -> Browser:
    """Debian's Chromium, headless (Playwright's own browser download is not used), with ``extra_args``."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, *extra_args], headless=True)


@contextmanager
def phone(
    browser: Browser, *, locale: str = "ja-JP", color_scheme: str = "light", scale: float = 2,
    viewport: dict[str, int] = PHONE, touch: bool = True, service_workers: Literal["allow", "block"] = "allow",
    coach: bool = False, motion: bool = False,
) -> Iterator[BrowserContext]:
    """A fresh phone: its own storage (so its own guest identity), portrait 390×844 unless ``viewport`` says
    otherwise (CSS pixels: a 390×844 phone zoomed to 200 % is ``{"width": 195, "height": 422}``); the site's
    service worker is installed unless ``service_workers`` is ``"block"``. The coach's tips, on by themselves
    for a first game against CPUs, are switched off unless ``coach`` (a tip takes the log's place). It prefers
    reduced motion unless ``motion``: a test waits for what a screen shows, not for cards in flight (the motion
    has tests of its own, which turn it on with ``page.emulate_media``), and a whole game plays in about 60 % of
    the time."""
    context = browser.new_context(
        viewport=viewport, device_scale_factor=scale, locale=locale, color_scheme=color_scheme, has_touch=touch,
        reduced_motion="no-preference" if motion else "reduce",
        service_workers=service_workers,
    )
    if not coach:
        # (in a try: about:blank and data: documents have no storage)
        context.add_init_script("try { localStorage.getItem('deckroom.coach') ?? localStorage.setItem('deckroom.coach', 'off') } catch {}")
    errors = watch_errors(context)
    try:
        yield context
    finally:
        context.close()
    assert not errors, f"the page threw: {errors}"


def watch_errors(context: BrowserContext) -> list[str]:
    """Collects every uncaught error the context's pages throw (a render that throws leaves a screen half drawn,
    which a test might otherwise only notice as a timeout somewhere later)."""
    errors: list[str] = []
    context.on("weberror", lambda error: errors.append(str(error.error)))
    return errors


def version(page: Page) -> int:
    """The room version on screen (-1 outside a room)."""
    value = page.locator("main[data-version]").get_attribute("data-version", timeout=10_000)
    return int(value) if value is not None else -1


def wait_version(page: Page, at_least: int) -> None:
    """Waits until the page shows room version ``at_least`` or later."""
    page.wait_for_function(
        "v => Number(document.querySelector('main[data-version]')?.dataset.version ?? -1) >= v", arg=at_least
    )


def leave_to_cpus(page: Page, game: str) -> None:
    """The player leaves the game just dealt (⚙, 「ゲームを抜ける」): a CPU plays their seat to the end, at the tests'
    pace, and the results show."""
    expect(page.locator(f'main.game.{game}[data-phase="playing"]')).to_be_visible()
    page.get_by_role("button", name="設定").click()
    page.get_by_role("button", name="ゲームを抜ける…").click()
    page.get_by_role("dialog").get_by_role("button", name="ゲームを抜ける", exact=True).click()
    watch_to_the_end(page)
    expect(page.locator(".results")).to_be_visible()


def wait_taken(page: Page, before: int) -> None:
    """Waits until the page's own move, made at room version ``before``, is answered: a later version on screen and
    no move of its own on its way (``main[aria-busy]``). A later version alone may be a change of the server's own
    (a timer's) that came first, and the screen then still offers the move just made."""
    page.wait_for_function(
        """v => {
            const main = document.querySelector('main[data-version]');
            return main !== null && Number(main.dataset.version) > v && main.getAttribute('aria-busy') !== 'true';
        }""",
        arg=before,
    )


def watch_to_the_end(page: Page) -> None:
    """Waits while others (CPUs, stand-ins) play the game out, one room version at a time: a table where nothing
    changes for a while fails, a long game on a busy machine does not."""
    while True:
        seen = version(page)  # read before the phase: a change in between is then one we wait for, not miss
        if finished(page):
            return
        wait_version(page, seen + 1)


def start_as_guest(page: Page, name: str) -> None:
    page.get_by_label(JA["name"]).fill(name)
    page.get_by_role("button", name=JA["start"]).click()


def create_room(page: Page, base_url: str, name: str) -> str:
    """Opens the site, starts as a guest, makes a room; returns its code."""
    page.goto(base_url)
    start_as_guest(page, name)
    page.get_by_role("button", name=JA["create"]).click()
    code = page.locator(".topbar .room-code")
    expect(code).to_be_visible()
    return code.inner_text().lstrip("#")


def solo_start(page: Page, base_url: str, game: str, cpus: int = 2, options: dict | None = None) -> None:
    """A new guest whose last solo game was ``game`` (remembered on the device, with ``options`` if given) types a
    name and taps 「CPUと対戦」."""
    setup = json.dumps({"game": game, "options": options, "cpus": cpus, "level": "normal"})
    page.add_init_script(f"localStorage.setItem('deckroom.solo', {json.dumps(setup)})")
    page.goto(base_url)
    page.get_by_label(JA["name"]).fill("ゆうき")
    page.get_by_role("button", name=JA["solo"]).click()


def join_by_code(page: Page, base_url: str, name: str, code: str) -> None:
    page.goto(base_url)
    start_as_guest(page, name)
    page.get_by_label(JA["code"]).fill(code)
    page.get_by_role("button", name=JA["join"], exact=True).click()
    expect(page.locator(".topbar .room-code")).to_have_text(f"#{code}")


def join_by_link(page: Page, link: str, name: str, code: str) -> None:
    """A join link asks a new guest for a name first, then goes straight into the room."""
    page.goto(link)
    expect(page.get_by_text(code, exact=False).first).to_be_visible()
    start_as_guest(page, name)
    expect(page.locator(".topbar .room-code")).to_have_text(f"#{code}")


def gather(
    browser: Browser, base_url: str, stack: ExitStack, names: tuple[str, ...], prepare: Callable[[Page], None] | None = None,
    device: Callable[[Browser], AbstractContextManager[BrowserContext]] = phone,
) -> dict[str, Page]:
    """Phones in one room, by name: the first makes it, the second joins by its code, the others by its link.
    ``prepare`` is called on each new page before it opens the site (e.g. ``track_sockets``); ``device`` opens
    each browser context (a phone unless told otherwise)."""
    phones = {name: stack.enter_context(device(browser)).new_page() for name in names}
    for page in phones.values():
        if prepare:
            prepare(page)
    host, *guests = phones.values()
    code = create_room(host, base_url, names[0])
    link = host.locator("#join-link").input_value()
    assert re.fullmatch(rf"{re.escape(base_url)}\?room={code}&key=[A-Za-z0-9_-]{{22}}", link), link
    for number, (name, page) in enumerate(zip(names[1:], guests)):
        if number == 0:
            join_by_code(page, base_url, name, code)
        else:
            join_by_link(page, link, name, code)
    for page in phones.values():
        expect(page.locator(".member")).to_have_count(len(names))
    expect(host.locator(".member", has_text=names[0]).locator(".badge.host")).to_be_visible()
    return phones


#: Keeps the page's WebSockets in ``window.sockets`` (test instrumentation, before the site's own script runs).
_TRACK_SOCKETS = """(() => {
  const Native = window.WebSocket;
  window.sockets = [];
  window.WebSocket = class extends Native {
    constructor(...args) { super(...args); window.sockets.push(this); }
  };
})()"""


def track_sockets(page: Page) -> None:
    """Call before the page opens the site, so that ``drop_connection`` can find its socket."""
    page.add_init_script(_TRACK_SOCKETS)


def drop_connection(page: Page) -> None:
    """The phone loses its network: its socket closes and every reconnection fails until ``restore_connection``."""
    page.context.set_offline(True)
    page.evaluate("() => window.sockets.at(-1).close()")


def restore_connection(page: Page) -> None:
    """The network is back: the browser's ``online`` event makes the site reconnect at once."""
    page.context.set_offline(False)


class FrameGate:
    """The page's WebSocket with the test in the middle (set up before the page opens the site): ``hold`` keeps the
    next frame of ``action`` back, ``release`` sends it (changed by ``change`` if given); ``sent`` counts the frames
    of ``action`` the page sent. ``overtake`` makes the answer to the next ``action`` arrive after the room frame
    that follows it (as when a CPU's move, sent by the timer, reaches the phone before the mover's reply)."""

    def __init__(self, page: Page, action: str = "move") -> None:
        self.action = action
        self.sent = 0
        self.hold = False
        self.held: str | None = None
        self.overtake = False
        self.overtaken: list[int] = []
        self.server: WebSocketRoute | None = None
        page.route_web_socket(re.compile(r"^wss?://"), self._route)

    def _route(self, page_side: WebSocketRoute) -> None:
        self.server = server = page_side.connect_to_server()
        answer: dict[str, str | None] = {"rid": None, "frame": None}

        def from_page(message: str | bytes) -> None:
            frame = json.loads(message)
            if frame.get("action") == self.action:
                self.sent += 1
                if self.overtake:
                    answer["rid"], self.overtake = frame.get("rid"), False
                if self.hold:
                    self.held, self.hold = str(message), False
                    return
            server.send(message)

        def from_server(message: str | bytes) -> None:
            frame = json.loads(message)
            if answer["rid"] is not None and frame.get("rid") == answer["rid"]:
                answer["rid"], answer["frame"] = None, str(message)  # kept back until the next room frame
                return
            page_side.send(message)
            if answer["frame"] is not None and frame.get("type") == "room":
                self.overtaken.append(json.loads(answer["frame"])["version"])
                page_side.send(answer["frame"])
                answer["frame"] = None

        page_side.on_message(from_page)
        server.on_message(from_server)

    def release(self, change: Callable[[dict], None] | None = None) -> None:
        assert self.held is not None and self.server is not None, f"no {self.action} is held"
        frame = json.loads(self.held)
        if change:
            change(frame)
        self.server.send(json.dumps(frame))
        self.held = None


def select_game(host: Page, game_name: str) -> Locator:
    """The host picks a game by its displayed name (unless it is picked already): its ``.game-choice``."""
    choice = host.locator(".game-choice", has_text=game_name)
    select = choice.get_by_role("button", name="このゲームを選ぶ")
    if select.count():
        select.click()
    expect(choice).to_have_class(re.compile("selected"))
    return choice


def choose_and_start(host: Page, game_name: str) -> None:
    """The host picks a game by its displayed name and starts it."""
    select_game(host, game_name)
    host.get_by_role("button", name=JA["start_game"]).click()
    expect(host.locator("main.game")).to_be_visible()


def vote(page: Page, game_name: str) -> None:
    """In a voting lobby, votes for a game by its displayed name (and waits until the vote shows as cast)."""
    choice = page.locator(".game-choice", has_text=game_name)
    choice.get_by_role("button", name="投票する").click()
    expect(choice.get_by_role("button", name="投票をやめる")).to_have_attribute("aria-pressed", "true")


def my_turn(page: Page) -> bool:
    return page.locator(".turn-banner.mine").count() > 0


def finished(page: Page) -> bool:
    return page.locator('main[data-phase="finished"]').count() > 0


def rules_title(page: Page) -> Locator:
    """A rules page's one visible title, once its script has shown the chosen language (until then, as without
    JavaScript, all three articles show, and a strict locator would find three titles)."""
    expect(page.locator("body.js")).to_have_count(1)
    return page.get_by_role("heading", level=1)


#: The button `make dev`'s stand-in for Google Identity Services draws in place of Google's (devserver/oidc.py), in
#: the page's language as Google's is (the tests' phones read Japanese).
LOCAL_SIGN_IN = "ログイン（ローカル）"


def sign_in(page: Page, user: str, within: Locator | None = None) -> None:
    """Signs in as the local issuer's test user ``user`` ("Aiko", "Ben", "Minji", or any other name, each a user of
    its own): presses the sign-in button (the one in ``within``, else the page's only one) and picks ``user`` in the
    issuer's pop-up, which closes itself."""
    with page.expect_popup() as opened:
        (within or page).get_by_role("button", name=LOCAL_SIGN_IN).click()
    choose_user(opened.value, user)


def choose_user(popup: Page, user: str) -> None:
    """Picks ``user`` in the local issuer's sign-in pop-up, which hands the token to its opener and closes."""
    with popup.expect_event("close"):
        other = popup.get_by_label("Or another name")
        other.wait_for()  # the page is there, its listed users with it (count() alone may look before it loads)
        listed = popup.get_by_role("button", name=user, exact=True)
        if listed.count():
            listed.click()
        else:
            other.fill(user)
            popup.get_by_role("button", name="Sign in with this name").click()


def stored_identity(page: Page) -> dict[str, str]:
    """The identity the page keeps (``playerId``, ``secret``, and ``account`` while signed in)."""
    return json.loads(page.evaluate("() => localStorage.getItem('deckroom.identity')") or "{}")


def rewrite_room_frames(page: Page, change: Callable[[dict], None]) -> None:
    """Every ``room`` frame the server sends the page goes through ``change`` first (set up before the page opens
    the site). For the layout tests: a table in a situation a real game reaches only after many turns (18 cards in
    hand, a revolution, a last round) is drawn from the server's own frame, changed in one place."""

    def route(page_side: WebSocketRoute) -> None:
        server = page_side.connect_to_server()

        def from_server(message: str | bytes) -> None:
            frame = json.loads(message)
            if frame.get("type") == "room":
                change(frame)
            page_side.send(json.dumps(frame))

        server.on_message(from_server)

    page.route_web_socket(re.compile(r"^wss?://"), route)
