"""A walk through every screen of the site, calling ``visit(page, name)`` at each: the screenshots photograph
them, the accessibility tests measure them (contrast in both themes, reflow at 200 % zoom).

Three phones make a room, join by code and by link and play a Color Match ``basic`` game to its end, steered by
the browser tests' players (so a drawn card, a Wild's colour choice and a call-out are sure to come up); one
phone then signs in and plays Color Rows against two CPUs, and looks at its profile; then come the rules pages. Last, the three phones of the first room
go back to its lobby, switch to voting, vote, and play a second Color Match game with the ``house`` rules (a
penalty to stack on, a challenge, a multi-card selection) to its results, which list both games, and the host
deals a third with もう一回. Along the way the walk asserts what the Color Match games must show: the deal on
every phone, each planned situation (``plan.BASIC_GOALS``, a missed call pointed out, ``plan.HOUSE_GOALS``), the
ranking and the room's history, the ``house`` switches as the host set them and read-only for a guest. Then the room's
upkeep: the host's menu for a member, the removed player at home, a turn timer's countdown. Names are those of the
screenshots (``docs/screenshots/<name>-<theme>.png``); the walk makes the rooms and games of the first 13 in the
order it always did, so that the seeded server deals them the same cards and room codes as before.
"""

from __future__ import annotations

import re
from contextlib import AbstractContextManager, ExitStack
from typing import Callable

from playwright.sync_api import Browser, BrowserContext, Page, expect

from functions.engine import GAMES

from .bots import ACCEPT, CARD_CODES, DRAWN_MARK, ColorMatchTable, my_turns, play_color_rows_to_end
from .daifugo_bot import CPUS as DAIFUGO_CPUS
from .daifugo_bot import OPTIONS as DAIFUGO_OPTIONS
from .daifugo_bot import DaifugoBot
from .driver import (
    JA, FrameGate, choose_and_start, create_room, join_by_code, my_turn, rules_title, select_game, sign_in,
    solo_start, start_as_guest, version, vote, wait_taken, wait_version,
)
from .fit import SIZES
from .plan import BASIC_GOALS, HOUSE_GOALS, value

Visit = Callable[[Page, str], None]
#: Opens a fresh browser context (a phone of some size); ``driver.phone`` with the tour's settings.
Device = Callable[[Browser], AbstractContextManager[BrowserContext]]

NAMES = ("たろう", "はなこ", "じろう")
COLOR_MATCH_SCREENS = ("06-color-match-your-turn", "07-color-match-drawn", "08-color-match-wild",
                       "09-color-match-callout")
HOUSE_SCREENS = ("19-color-match-house-stack", "20-color-match-house-pending", "21-color-match-house-challenge",
                 "22-color-match-house-multi")


def site_tour(browser: Browser, base_url: str, device: Device, visit: Visit) -> ColorMatchTable:
    """Every screen: returns the ``basic`` Color Match table played (its ``shown`` lists the situations that came
    up); the ``house`` game's situations are checked by ``house_tour``."""
    with ExitStack() as stack:
        table = color_match_tour(browser, base_url, device, visit, stack)
        color_rows_tour(browser, base_url, device, visit)
        rules_tour(browser, base_url, device, visit)
        house_tour(table.phones, visit)
    upkeep_tour(browser, base_url, device, visit)
    return table


def color_match_rooms_tour(browser: Browser, base_url: str, device: Device, visit: Visit) -> ColorMatchTable:
    """The first room of ``site_tour`` alone: its ``basic`` game, then its ``house`` game."""
    with ExitStack() as stack:
        table = color_match_tour(browser, base_url, device, visit, stack)
        house_tour(table.phones, visit)
    return table


def color_match_tour(
    browser: Browser, base_url: str, device: Device, visit: Visit, stack: ExitStack | None = None,
) -> ColorMatchTable:
    """Start, home with the settings open, the join link, both lobbies (the host's with the game's options open),
    a Color Match game (the stamps, the host asked whether to leave it, your turn, a drawn card, a Wild's colour
    choice, a call-out) and its results. The phones
    stay open in ``stack`` if one is given (for ``house_tour``), else they are closed at the end."""
    with ExitStack() as own:
        host, second, third = ((stack or own).enter_context(device(browser)).new_page() for _ in NAMES)
        host.goto(base_url)
        expect(host.get_by_role("button", name=JA["start"])).to_be_visible()
        visit(host, "01-start")
        start_as_guest(host, NAMES[0])
        expect(host.get_by_role("button", name=JA["create"])).to_be_visible()
        visit(host, "02-home")
        _visit_settings(host, visit)
        host.get_by_role("button", name=JA["create"]).click()
        code = host.locator(".topbar .room-code").inner_text().lstrip("#")
        join_by_code(second, base_url, NAMES[1], code)
        third.goto(f"{base_url}?room={code}")
        expect(third.get_by_text(code).first).to_be_visible()
        visit(third, "03-join-link")
        start_as_guest(third, NAMES[2])
        expect(host.locator(".member")).to_have_count(3)
        host.get_by_role("button", name="QRを表示").click()
        expect(host.locator("svg.qr")).to_be_visible()
        select_game(host, "カラーマッチ")
        expect(second.locator(".game-choice.selected")).to_be_visible()
        expect(host.locator(".options-box[open]")).to_be_visible()
        visit(host, "04-lobby-host")
        second.locator(".options-box summary").click()  # the options as a guest sees them: read-only
        visit(second, "05-lobby-guest")

        choose_and_start(host, "カラーマッチ")
        for page in (host, second, third):
            expect(page.locator(".hand-card").nth(6)).to_be_visible()  # 7 dealt (9 after a first Draw Two)
            expect(page.locator(".opponent")).to_have_count(2)
            expect(page.locator(".current-color, .sheet")).to_be_visible()
        _visit_stamps(host, second, visit)
        _visit_leave_game(host, visit)
        pages = [host, second, third]
        table = ColorMatchTable(dict(zip(NAMES, pages)), goals=BASIC_GOALS)
        wanted = set(COLOR_MATCH_SCREENS)
        while table.step():
            latest = max(version(page) for page in pages)
            for page in pages:  # every phone shows the step just made before any is looked at
                wait_version(page, latest)
            for page in pages:
                _visit_situations(page, wanted, visit)
        expect(host.locator(".results")).to_be_visible()  # over the finished table, which no tap reaches
        visit(host, "10-color-match-results")
        assert not wanted, f"this game did not show {sorted(wanted)}"
        assert set(BASIC_GOALS) | {"missed_call"} <= table.shown, f"missing {set(BASIC_GOALS) - table.shown}"
        expect(host.locator(".ranking > li")).to_have_count(3)
        expect(host.locator(".history li")).to_have_count(1)
        return table


def _visit_stamps(table: Page, sender: Page, visit: Visit) -> None:
    """The sheet of stamps open at the table, then the stamp sent from it over the sender's seat on another table.
    A stamp shows for a moment only: the picture is of a copy of it left in its place (the stamp itself goes)."""
    sender.get_by_role("button", name="スタンプ").click()
    expect(sender.locator(".stamp-sheet")).to_be_visible()
    visit(sender, "40-stamp-sheet")
    sender.locator(".stamp-sheet").get_by_role("button", name="ナイス").click()
    expect(sender.locator(".stamp-sheet")).to_have_count(0)
    expect(table.locator(".stamp-bubble")).to_be_visible()
    table.evaluate("() => document.body.append(document.querySelector('.stamp-bubble').cloneNode(true))")
    visit(table, "41-stamp-on-table")
    table.evaluate("() => document.querySelectorAll('.stamp-bubble').forEach((bubble) => bubble.remove())")


def _visit_leave_game(page: Page, visit: Visit) -> None:
    """The host's way out of a game, from ⚙: leave it or end it for everyone — here, 「続ける」."""
    page.get_by_role("button", name="設定").click()
    page.get_by_role("button", name="ゲームを抜ける…").click()
    sheet = page.get_by_role("dialog", name="このゲームを抜けますか？")
    expect(sheet.get_by_role("button", name="全員のゲームを終える")).to_be_visible()
    visit(page, "44-leave-game")
    sheet.get_by_role("button", name="続ける").click()
    expect(page.get_by_role("dialog")).to_have_count(0)


def _visit_settings(page: Page, visit: Visit) -> None:
    """The settings popover (language, theme, sound), opened from the top bar and closed again."""
    page.get_by_role("button", name="設定").click()
    expect(page.locator("#settings-panel")).to_be_visible()
    visit(page, "14-settings")
    page.locator("#settings-panel").get_by_role("button", name="閉じる").click()
    expect(page.locator("#settings-panel")).to_have_count(0)


def _visit_situations(page: Page, wanted: set[str], visit: Visit) -> None:
    """Visits the Color Match situations ``page`` shows now that are still ``wanted`` (and crosses them off)."""
    if not wanted:  # the rest of the game is only played (each look below is a round trip to the browser)
        return

    def once(name: str, shows: bool) -> bool:
        if name in wanted and shows:
            wanted.discard(name)
            return True
        return False

    drawn = page.get_by_role("button", name=JA["keep"]).count() > 0  # a drawn card to play or keep: 07, not 06
    if once("06-color-match-your-turn", my_turn(page) and not drawn and page.locator(".hand-card.playable").count() > 0):
        visit(page, "06-color-match-your-turn")
    if once("07-color-match-drawn", drawn):
        visit(page, "07-color-match-drawn")
    if once("09-color-match-callout", page.get_by_role("button", name=JA["callout"]).count() > 0):
        visit(page, "09-color-match-callout")
    wild = page.locator('.hand-card.playable[aria-label^="ワイルド"]')
    picking = my_turn(page) and wild.count() > 0 and not page.locator(".sheet").count()
    if once("08-color-match-wild", picking):
        wild.first.click()
        expect(page.locator(".sheet")).to_be_visible()
        visit(page, "08-color-match-wild")
        page.get_by_role("button", name="戻す").click()  # the bots play the Wild themselves when they choose to
        expect(page.locator(".sheet")).to_have_count(0)


def color_rows_tour(browser: Browser, base_url: str, device: Device, visit: Visit) -> None:
    """One phone against two CPUs: the round's first card turned up by the server (the log says so), a reload that
    lands back in the same seat, a drawn card to place, then the results with the score breakdown and, in the
    lobby, the win counted. The player signed in first (through the local issuer), so the game counts on their
    profile: seen after they leave the room, then with the deletion of the account waiting for its confirmation."""
    with device(browser) as context:
        page = context.new_page()
        page.goto(base_url)
        start_as_guest(page, "ゆうき")
        page.get_by_role("button", name="設定").click()
        sign_in(page, "Aiko", within=page.locator("#settings-panel"))
        expect(page.locator("#settings-panel")).to_contain_text("ゆうき でログイン中")
        page.locator("#settings-panel").get_by_role("button", name="閉じる").click()
        page.get_by_role("button", name=JA["create"]).click()
        for count in (2, 3):
            page.get_by_role("button", name=JA["add_cpu"]).click()
            expect(page.locator(".member")).to_have_count(count)
        choice = select_game(page, "カラーロウ")
        expect(choice.locator(".options-box[open]")).to_be_visible()
        visit(page, "15-lobby-cpus")  # two CPU seats (their level, a remove button) and the host's level control
        choose_and_start(page, "カラーロウ")
        expect(page.locator(".cr-row")).to_have_count(3)
        expect(page.locator(".cr-player")).to_have_count(3)
        # The round's first card is turned up by the server (the only legal move), and the log says so.
        page.locator(".log summary").click()
        expect(page.locator(".log")).to_contain_text("（自動）")
        page.locator(".log summary").click()
        # A reload mid-game: the phone remembers who it is and goes straight back to the same seat.
        expect(page.locator(".cr-player.current")).to_be_visible()
        before = version(page)
        page.reload()
        wait_version(page, before)
        expect(page.locator(".cr-player", has_text="ゆうき (あなた)")).to_be_visible()
        expect(page.locator(".turn-banner.mine")).to_be_visible(timeout=30_000)
        place = page.locator(".cr-row button", has_text="ここに置く")
        if not place.count():  # a round's first card is turned up by the server itself (the only legal move)
            page.get_by_role("button", name="山からめくる").click()
        expect(place.first).to_be_visible()
        visit(page, "11-color-rows-place")
        out = []

        def someone_out(page: Page) -> None:  # a CPU took a row and sits the round out while the others go on
            if not out and page.locator(".cr-player.out").count():
                out.append(True)
                visit(page, "16-color-rows-out")

        play_color_rows_to_end(page, on_turn=someone_out)
        assert out, "nobody sat a round out while this phone still played"
        expect(page.locator(".ranking > li")).to_have_count(3)
        expect(page.locator(".breakdown").first).to_be_visible()
        visit(page, "12-color-rows-results")
        _profile_tour(page, visit)


def _profile_tour(page: Page, visit: Visit) -> None:
    """The profile of a signed-in player who just played a game: out of the room (where signing out and deleting
    are offered), then the deletion's confirmation (taken back)."""
    page.get_by_role("button", name=JA["to_lobby"]).click()
    expect(page.locator(".member", has_text="ゆうき").locator(".member-wins")).to_be_visible()
    page.get_by_role("button", name="ルームを出る").click()
    page.get_by_role("button", name="出る", exact=True).click()
    page.get_by_role("button", name="プロフィール: ゆうき").click()
    expect(page.locator(".recent li")).to_have_count(1)
    visit(page, "27-profile")
    page.get_by_role("button", name="アカウントを削除").click()
    expect(page.get_by_role("button", name="削除する")).to_be_visible()
    visit(page, "28-profile-delete")
    page.get_by_role("button", name="やめる").click()


def rules_tour(browser: Browser, base_url: str, device: Device, visit: Visit) -> None:
    with device(browser) as context:
        page = context.new_page()
        for game in GAMES:  # every game has its rules page
            page.goto(f"{base_url}rules/{game}.html?lang=ja")
            expect(rules_title(page)).to_be_visible()
            expect(page.locator("article[lang=ja] .rule-card").first).to_be_visible()  # the pictures are drawn
            visit(page, f"13-rules-{game}")


def house_tour(phones: dict[str, Page], visit: Visit) -> ColorMatchTable:
    """The room of ``color_match_tour`` after its game: back to the lobby, switched to voting, votes cast (as the
    host and as a guest see them), then a second Color Match game with the ``house`` rules — a penalty to stack on
    or take (on that player's phone and on another), a Wild Draw Four to challenge, a multi-card selection — played
    to its results, whose list of past games now holds both games; then the host's もう一回 deals a third."""
    pages = list(phones.values())
    host, second = pages[:2]
    host.get_by_role("button", name=JA["to_lobby"]).click()
    for page in pages:
        expect(page.locator("main.lobby")).to_be_visible()
    host.get_by_role("group", name="決め方").get_by_role("button", name="みんなで投票").click()
    for page in pages:
        expect(page.get_by_role("button", name="みんなで投票")).to_have_attribute("aria-pressed", "true")
    choice = host.locator(".game-choice", has_text="カラーマッチ")
    if not choice.locator(".options-box[open]").count():
        choice.locator(".options-box summary").click()
    house = choice.get_by_role("button", name="ハウスルール")
    house.click()
    expect(house).to_have_attribute("aria-pressed", "true")
    for toggle in ("まとめ出し", "+2 / +4 の重ね返し", "チャレンジ"):
        expect(choice.get_by_role("switch", name=toggle)).to_be_checked()
    # Everyone sees the options the host chose, read-only for them.
    seen = second.locator(".game-choice", has_text="カラーマッチ")
    if not seen.locator(".options-box[open]").count():
        seen.locator(".options-box summary").click()
    expect(seen.get_by_role("switch", name="チャレンジ")).to_be_checked()
    expect(seen.get_by_role("switch", name="チャレンジ")).to_be_disabled()
    for page, game in zip(pages, ("カラーマッチ", "カラーロウ", "カラーマッチ")):
        vote(page, game)
    expect(second.locator(".game-choice", has_text="カラーマッチ")).to_contain_text("2 票")
    expect(host.locator(".game-choice", has_text="カラーロウ")).to_contain_text("1 票")
    visit(host, "17-lobby-vote-host")
    visit(second, "18-lobby-vote-guest")

    host.get_by_role("button", name=JA["start_game"]).click()  # two votes against one: Color Match
    for page in pages:
        expect(page.locator('main[data-phase="playing"]')).to_be_visible()
    table = ColorMatchTable(phones, goals=HOUSE_GOALS)
    wanted = set(HOUSE_SCREENS)
    while table.step():
        latest = max(version(page) for page in pages)
        for page in pages:
            wait_version(page, latest)
        _visit_house_situations(pages, wanted, visit)
    assert not wanted, f"the house game did not show {sorted(wanted)}"
    assert set(HOUSE_GOALS) <= table.shown
    expect(second.locator(".history li")).to_have_count(2)
    expect(second.locator(".results")).to_be_visible()
    visit(second, "23-color-match-house-results")  # as a guest sees them: waiting for the host

    # The host's もう一回 deals again: everyone at the table with a fresh hand, the room's log going on.
    host.get_by_role("button", name=JA["rematch"]).click()
    for page in pages:
        expect(page.locator('main[data-phase="playing"]')).to_be_visible()
        expect(page.locator(".hand-card").nth(6)).to_be_visible()
    host.locator(".log summary").click()
    expect(host.locator(".log")).to_contain_text("3ゲーム目が始まりました")
    return table


def _visit_house_situations(pages: list[Page], wanted: set[str], visit: Visit) -> None:
    """Visits the ``house`` situations the phones show now that are still ``wanted`` (and crosses them off)."""
    accept = re.compile(f"^{ACCEPT}$")
    pending = re.compile(r"^\+\d+$")
    for page in pages:
        facing = my_turn(page) and page.locator(".actions").get_by_role("button", name=accept).count() > 0
        stackers = page.locator(".hand-card.playable").count() > 0
        if facing and stackers and "19-color-match-house-stack" in wanted:
            wanted.discard("19-color-match-house-stack")  # a +2/+4 on you: stack one of yours on it, or take them
            visit(page, "19-color-match-house-stack")
            # The same moment on another phone: the penalty waiting on that player, by their name.
            watcher = next(other for other in pages
                           if other is not page and other.locator(".opponent .badge", has_text=pending).count())
            wanted.discard("20-color-match-house-pending")
            visit(watcher, "20-color-match-house-pending")
        elif page.get_by_role("button", name=JA["challenge"]).count() and "21-color-match-house-challenge" in wanted:
            expect(page.locator(".color-before")).to_be_visible()  # the colour the Wild Draw Four covered
            wanted.discard("21-color-match-house-challenge")
            visit(page, "21-color-match-house-challenge")
        pair = "22-color-match-house-multi" in wanted and my_turn(page) and _select_a_pair(page)
        if pair:
            wanted.discard("22-color-match-house-multi")
            visit(page, "22-color-match-house-multi")
            selected = page.locator(".hand-card.selected")
            for label, left in zip(reversed(pair), (1, 0)):  # a second tap takes a card back (the last picked first)
                selected.and_(page.locator(f'[aria-label="{label}"]')).first.click()
                expect(selected).to_have_count(left)


def _select_a_pair(page: Page) -> tuple[str, str] | None:
    """Selects two cards that may be played together (まとめ出し: same number), if ``page`` holds such a pair: a
    card that has companions (it is picked, not played, by a tap), then one of the cards raised with it. Returns
    their labels in the order picked."""
    first = page.locator('.hand-card.playable[aria-pressed="false"]')
    if not first.count():
        return None
    label = first.first.get_attribute("aria-label") or ""
    first.first.click()  # picks it; only the cards that can join it stay raised
    companion = page.locator('.hand-card.playable[aria-pressed="false"]')
    expect(companion.first).to_be_visible()
    joined = companion.first.get_attribute("aria-label") or ""
    assert value(CARD_CODES[joined.removesuffix(DRAWN_MARK)]) == value(CARD_CODES[label.removesuffix(DRAWN_MARK)])
    companion.first.click()
    expect(page.locator(".hand-card.selected")).to_have_count(2)
    expect(page.locator(".actions").get_by_role("button", name="2 枚出す")).to_be_enabled()
    return label, joined


#: The phone sizes the table is photographed at: the ones it must fit.
TABLE_SIZES = SIZES
#: Half of a flight's 260 ms (frontend/src/ui/motion.ts): where the motion picture is taken.
MID_FLIGHT_MS = 130


def table_tour(browser: Browser, base_url: str, device_at: Callable[[int, int], Device], visit: Visit) -> None:
    """The table of each game at each of ``TABLE_SIZES``: Color Match at the player's turn, the same table with the
    card just tapped half-way to the pile, a hand of 20 cards, and Color Rows with a card to place. Names:
    ``30-color-match-<size>``, ``31-color-match-motion-<size>``, ``32-color-match-20-cards-<size>``,
    ``33-color-rows-<size>``."""
    for size, (width, height) in TABLE_SIZES.items():
        device = device_at(width, height)
        with device(browser) as context:
            page = context.new_page()
            gate = FrameGate(page)
            solo_start(page, base_url, "color-match", cpus=3)
            _color_match_turn(page)
            visit(page, f"30-color-match-{size}")
            # The move is held back while the picture is taken: the card stays in the air, half-way.
            gate.hold = True
            _tap_and_catch_mid_flight(page)
            visit(page, f"31-color-match-motion-{size}")
            before = version(page)
            gate.release()
            wait_taken(page, before)
        _twenty_cards(browser, base_url, device, visit, f"32-color-match-20-cards-{size}")
        with device(browser) as context:
            page = context.new_page()
            solo_start(page, base_url, "color-rows", cpus=3)
            expect(page.locator(".turn-banner.mine")).to_be_visible(timeout=30_000)
            place = page.locator(".cr-row button", has_text="ここに置く")
            if not place.count():
                page.get_by_role("button", name="山からめくる").click()
            expect(place.first).to_be_visible()
            visit(page, f"33-color-rows-{size}")


def _color_match_turn(page: Page) -> None:
    """Waits for a turn of the player's with a card to play: names the first colour if a Wild was turned up, and
    draws while nothing can be played (a drawn card that can be played is raised)."""
    for _ in range(20):
        expect(page.locator(".turn-banner.mine")).to_be_visible(timeout=30_000)
        if page.locator(".sheet .picker-button").count():
            _press(page, page.locator(".sheet .picker-button").first)
        elif page.locator(".hand-card.playable").count():
            return
        else:
            _press(page, page.locator(".actions").get_by_role("button", name="山から引く"))
    raise AssertionError("no card to play in 20 turns")


def _tap_and_catch_mid_flight(page: Page) -> None:
    """Taps the first card that plays at once and stops its flight to the pile half-way (motion on for this)."""
    page.emulate_media(reduced_motion="no-preference")
    cards = page.locator('.hand-card.playable:not([aria-pressed]):not([aria-label^="ワイルド"])')
    (cards.first if cards.count() else page.locator(".hand-card.playable").first).click()
    page.evaluate("t => document.getAnimations().forEach((a) => { a.pause(); a.currentTime = t; })", MID_FLIGHT_MS)


def _twenty_cards(browser: Browser, base_url: str, device: Device, visit: Visit, name: str) -> None:
    """Two phones: the host draws at every turn (keeping what it draws) while the other plays but never goes out,
    until the host holds 20 cards at its turn."""
    with ExitStack() as stack:
        phones = {name: stack.enter_context(device(browser)).new_page() for name in NAMES[:2]}
        host, guest = phones.values()
        code = create_room(host, base_url, NAMES[0])
        join_by_code(guest, base_url, NAMES[1], code)
        choose_and_start(host, "カラーマッチ")
        for _ in range(200):
            latest = max(version(page) for page in phones.values())
            for page in phones.values():
                wait_version(page, latest)
            page = host if my_turn(host) else guest
            if page.locator(".sheet .picker-button").count():
                _press(page, page.locator(".sheet .picker-button").first)
                continue
            keep = page.get_by_role("button", name=JA["keep"])
            if keep.count():
                _press(page, keep)
                continue
            if page is host and page.locator(".hand-card").count() >= 20:
                visit(host, name)
                return
            playable = page.locator('.hand-card.playable:not([aria-label^="ワイルド"])')
            if page is guest and playable.count() and page.locator(".hand-card").count() > 3:
                _press(page, playable.first)
            else:
                _press(page, page.locator(".actions").get_by_role("button", name="山から引く"))
        raise AssertionError("the host never held 20 cards")


def _press(page: Page, target) -> None:
    before = version(page)
    target.click()
    wait_taken(page, before)


def upkeep_tour(browser: Browser, base_url: str, device: Device, visit: Visit) -> None:
    """The host removes a guest through the member's menu (``24-lobby-member-menu``: the confirmation with a reason
    chosen), the guest at home told why (``25-removed``), then the host plays Color Match against a CPU with a
    60-s turn timer: the countdown on the player's own turn (``26-color-match-turn-timer``)."""
    with ExitStack() as stack:
        host, guest = (stack.enter_context(device(browser)).new_page() for _ in range(2))
        code = create_room(host, base_url, NAMES[0])
        join_by_code(guest, base_url, NAMES[1], code)
        host.get_by_role("button", name=f"{NAMES[1]}のメニュー").click()
        host.get_by_role("dialog", name=NAMES[1]).get_by_role("button", name="ルームから外す").click()
        sheet = host.get_by_role("dialog", name=NAMES[1])
        sheet.get_by_label("友だちだけのルーム").check()
        visit(host, "24-lobby-member-menu")
        sheet.get_by_role("button", name="外す", exact=True).click()
        expect(guest.get_by_role("alert").filter(has_text="ホストがあなたを")).to_be_visible()
        expect(host.locator(".member")).to_have_count(1)
        visit(guest, "25-removed")

        host.get_by_role("button", name=JA["add_cpu"]).click()
        expect(host.locator(".member")).to_have_count(2)
        sixty = host.get_by_role("group", name="持ち時間（1 手ごと）").get_by_role("button", name="60 秒")
        sixty.click()
        expect(sixty).to_have_attribute("aria-pressed", "true")
        choose_and_start(host, "カラーマッチ")
        expect(host.locator(".turn-banner.mine .turn-clock")).to_be_visible(timeout=30_000)
        visit(host, "26-color-match-turn-timer")

def daifugo_tour(browser: Browser, base_url: str, device: Device, visit: Visit, size: str) -> None:
    """The 大富豪 table at one of ``TABLE_SIZES``, on a server dealing ``daifugo_bot.SEED`` (the game the browser test
    plays): the player's turn with a card picked (``34-daifugo-<size>``), the exchange as the 大富豪 chooses the cards
    to give back, with the two received (``35-daifugo-exchange-<size>``), and at 390×844 the results with every
    round's titles and points (``36-daifugo-results``)."""
    with device(browser) as context:
        page = context.new_page()
        bot = DaifugoBot(page)
        solo_start(page, base_url, "daifugo", cpus=DAIFUGO_CPUS, options=DAIFUGO_OPTIONS)
        wanted = {f"34-daifugo-{size}", f"35-daifugo-exchange-{size}"}
        for _ in my_turns(page, "大富豪", 200):
            if page.locator(".df-table.exchanging").count():
                wanted.discard(f"35-daifugo-exchange-{size}")
                visit(page, f"35-daifugo-exchange-{size}")
            elif f"34-daifugo-{size}" in wanted and page.locator(".df-play").count() and _pick_one(page):
                wanted.discard(f"34-daifugo-{size}")
                visit(page, f"34-daifugo-{size}")
                page.locator(".actions").get_by_role("button", name="選び直す").click()
            if not wanted and size != "390x844":
                return
            bot.turn()
        assert not wanted, f"the 大富豪 game did not show {sorted(wanted)}"
        expect(page.locator(".results")).to_be_visible()
        visit(page, "36-daifugo-results")


def rule_help_tour(browser: Browser, base_url: str, device_at: Callable[[int, int], Device], visit: Visit) -> None:
    """At each of ``TABLE_SIZES``: a rule's explanation over the 大富豪 table (its order chip tapped),
    ``48-rule-help-<size>``, the coach's tip on a first Color Match turn against CPUs, ``49-coach-tip-<size>``, and
    the card counter (switched on) over each of those tables, ``50-counter-daifugo-<size>`` and
    ``50-counter-color-match-<size>``."""
    for size, (width, height) in TABLE_SIZES.items():
        with device_at(width, height)(browser) as context:
            page = context.new_page()
            solo_start(page, base_url, "daifugo", cpus=DAIFUGO_CPUS)
            page.locator(".df-order").click()
            expect(page.get_by_role("dialog")).to_be_visible()
            visit(page, f"48-rule-help-{size}")
        with device_at(width, height)(browser) as context:
            page = context.new_page()
            page.add_init_script("localStorage.setItem('deckroom.coach', 'on')")
            solo_start(page, base_url, "color-match", cpus=3)
            expect(page.locator(".coach-tip")).to_be_visible()
            visit(page, f"49-coach-tip-{size}")
        for game, opener in (("daifugo", ".df-counter-mark"), ("color-match", ".counter-pile")):
            with device_at(width, height)(browser) as context:
                page = context.new_page()
                page.add_init_script("localStorage.setItem('deckroom.counter', 'on')")
                solo_start(page, base_url, game, cpus=DAIFUGO_CPUS if game == "daifugo" else 3)
                page.locator(opener).click()
                expect(page.get_by_role("dialog")).to_be_visible()
                visit(page, f"50-counter-{game}-{size}")


def _pick_one(page: Page) -> bool:
    """Picks the first raised card when following (the play button then says what it makes); False if none."""
    up = page.locator(".df-hand-card.up")
    if not up.count():
        return False
    up.first.click()
    expect(page.locator(".df-hand-card.selected")).to_have_count(1)
    return True


#: ``site_tour`` in parts that need nothing of each other (the tests run them side by side).
SITE_TOUR_PARTS: dict[str, Callable[[Browser, str, Device, Visit], object]] = {
    "color-match": color_match_rooms_tour, "color-rows": color_rows_tour, "rules": rules_tour,
    "upkeep": upkeep_tour,
}
