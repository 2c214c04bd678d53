"""The tables' defects of issue 32, measured at the sizes they were seen at: nothing cut off or overlapping, the
pile big enough, tap targets of 40 px, ⚙ over the table, a short hand on one row, the host's lobby games first.

A table with 18 cards in hand, or just after a revolution, comes many turns into a real game: here the server's own
frames are changed on their way to the page (``driver.rewrite_room_frames``) — the hand, the direction, the field —
so each situation is on screen at once, the rest of the table as the server sent it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tools.browser.driver import create_room, phone, rewrite_room_frames, solo_start
from tools.browser.fit import SIZES, check_on_screen

EIGHTEEN = ["r1", "r5", "rS", "y2", "y7", "yR", "g0", "g4", "g9", "gD", "b3", "b6", "b8", "bR", "W", "W4", "r9", "y5"]
SEVEN = ["r1", "r2", "r3", "r4", "r5", "r6", "r7"]
NINE = [*SEVEN, "r8", "r9"]

#: Boxes and overflows of what the page shows, by selector (every match): left, top, right, bottom, and whether the
#: element's content is wider than its box (cut off, or scrolled inside).
_BOXES = """(selectors) => Object.fromEntries(selectors.map((s) => [s, [...document.querySelectorAll(s)].map((e) => {
  const b = e.getBoundingClientRect();
  return { left: b.left, top: b.top, right: b.right, bottom: b.bottom, width: b.width, height: b.height,
           cut: e.scrollWidth > e.clientWidth + 0.5 };
})]))"""


@contextmanager
def rewritten_solo(browser: Browser, base_url: str, game: str, cpus: int, change: Callable[[dict[str, Any]], None],
                   **phone_options: Any) -> Iterator[Page]:
    """A game against ``cpus`` CPUs on a phone whose room frames ``change`` rewrites on their way to the page."""
    with phone(browser, **phone_options) as context:
        page = context.new_page()
        rewrite_room_frames(page, change)
        solo_start(page, base_url, game, cpus=cpus)
        yield page


def each_size(page: Page) -> Iterator[tuple[str, int]]:
    """The page at each of ``SIZES`` in turn: the size's name and its width."""
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        yield size, width


def boxes(page: Page, *selectors: str) -> dict[str, list[dict[str, Any]]]:
    return page.evaluate(_BOXES, list(selectors))


def overlap(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return a["left"] < b["right"] - 0.5 and b["left"] < a["right"] - 0.5 and a["top"] < b["bottom"] - 0.5 and b["top"] < a["bottom"] - 0.5


def _color_match(hand: list[str], *, playable: bool) -> Any:
    """A frame change: this player's hand is ``hand``, play goes anticlockwise, and with ``playable`` every card of
    it can be played on the red 9 on top (at this player's turn)."""

    def change(frame: dict[str, Any]) -> None:
        view = (frame.get("game") or {}).get("view") or {}
        if view.get("game") != "color-match" or view.get("hand") is None:
            return
        view["hand"], view["direction"] = list(hand), -1
        view["players"][view["seat"]]["cards"] = len(hand)
        if playable and view["current"] == view["seat"]:
            view.update(top="r9", color="r", legal=[{"type": "play", "cards": [c]} for c in hand] + [{"type": "draw"}])

    return change


def test_color_match_with_18_cards_fits_every_size(browser: Browser, base_url: str) -> None:
    """18 cards that can all be played (each keeps its whole width) against four opponents."""
    for size, (width, height) in SIZES.items():
        with phone(browser, viewport={"width": width, "height": height}) as context:
            page = context.new_page()
            rewrite_room_frames(page, _color_match(EIGHTEEN, playable=True))
            solo_start(page, base_url, "color-match", cpus=4)
            expect(page.locator(".hand-card.playable")).to_have_count(18)
            seen = boxes(page, ".discard-pile", ".pile-area", ".pile-info", ".direction", ".current-color", ".opponents", ".opponent",
                         ".hand", ".hand-head", ".sort-toggle", ".log summary", ".topbar .icon-button", "main.game")
            root = page.evaluate("() => [document.scrollingElement.scrollWidth, document.scrollingElement.scrollHeight]")
            assert root[0] <= width and root[1] <= height, f"{size}: the page scrolls {root}"
            pile, area = seen[".discard-pile"][0], seen[".pile-area"][0]
            assert pile["width"] >= 48 and pile["height"] >= 44, f"{size}: the pile is {pile['width']:.0f}×{pile['height']:.0f}"
            for part in (".pile-info", ".direction", ".current-color"):  # inside the felt, and nothing cut
                box = seen[part][0]
                assert not box["cut"], f"{size}: {part} is cut off"
                assert box["right"] <= area["right"] + 0.5 and box["bottom"] <= area["bottom"] + 0.5, f"{size}: {part} leaves the pile"
            for part in (".opponents", ".hand", ".hand-head"):
                assert not seen[part][0]["cut"], f"{size}: {part} is cut off"
            assert len(seen[".opponent"]) == 4 and all(o["right"] <= width for o in seen[".opponent"]), f"{size}: an opponent is cut"
            for part in (".sort-toggle", ".log summary", ".topbar .icon-button"):
                for box in seen[part]:
                    assert min(box["width"], box["height"]) >= 40, f"{size}: {part} is {box['width']:.0f}×{box['height']:.0f}"

            # ⚙ opens over the table: the table stays where it was; each switch on its label's line.
            page.get_by_role("button", name="設定").click()
            expect(page.locator("#settings-panel")).to_be_visible()
            assert boxes(page, "main.game")["main.game"][0]["top"] == seen["main.game"][0]["top"], f"{size}: ⚙ moved the table"
            for row in page.locator("#settings-panel .setting.switch").all():
                label, switch = row.locator(".setting-label").bounding_box(), row.locator("input").bounding_box()
                assert label and switch and switch["y"] < label["y"] + label["height"], f"{size}: a switch dropped below its label"


def test_a_short_hand_keeps_one_row(browser: Browser, base_url: str) -> None:
    """Nine cards that can all be played at 390 px, seven at 320 px: one row, every card whole, no sideways scroll."""
    for (width, height), hand in (((390, 844), NINE), ((320, 568), SEVEN)):
        with phone(browser, viewport={"width": width, "height": height}) as context:
            page = context.new_page()
            rewrite_room_frames(page, _color_match(hand, playable=True))
            solo_start(page, base_url, "color-match", cpus=3)
            expect(page.locator(".hand-card.playable")).to_have_count(len(hand))
            cards = boxes(page, ".hand-card")[".hand-card"]
            assert len({round(card["top"]) for card in cards}) == 1, f"{width} px: the hand wraps"
            assert all(card["left"] >= 0 and card["right"] <= width for card in cards), f"{width} px: a card is cut"
            assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth"), f"{width} px: the page scrolls sideways"


def test_daifugo_after_a_revolution_at_320x568(browser: Browser, base_url: str) -> None:
    """The marks (round, order, 革命中) above the field's cards and who played them, never over them; the scores
    button a 40-px target. Then the host's lobby: the games come before the invite and the members."""

    def revolution(frame: dict[str, Any]) -> None:
        view = (frame.get("game") or {}).get("view") or {}
        if view.get("game") == "daifugo" and view.get("phase") == "play":
            view.update(revolution=True, reversed=True, field={"cards": ["s5", "h5", "d5", "c5"], "by": 3,
                                                              "kind": "set", "size": 4, "rank": "5"})

    with rewritten_solo(browser, base_url, "daifugo", 3, revolution, viewport={"width": 320, "height": 568}) as page:
        expect(page.locator(".df-play")).to_be_visible()
        expect(page.locator(".df-mark")).to_have_count(1)
        seen = boxes(page, ".df-field", ".df-marks .chip", ".df-play-cards .df-card", ".df-play-by", ".df-scores-button")
        field = seen[".df-field"][0]
        for chip in seen[".df-marks .chip"]:
            for other in seen[".df-play-cards .df-card"] + seen[".df-play-by"]:
                assert not overlap(chip, other), f"a mark {chip} covers the field's play {other}"
        by = seen[".df-play-by"][0]
        assert not by["cut"] and field["top"] <= by["top"] and by["bottom"] <= field["bottom"], f"'by …' is cut: {by} in {field}"
        scores = seen[".df-scores-button"][0]
        assert min(scores["width"], scores["height"]) >= 40, scores

    with phone(browser) as context:
        page = context.new_page()
        create_room(page, base_url, "たろう")
        games, invite = page.locator("#games-title"), page.locator("#join-link")
        expect(games).to_be_visible()
        assert games.bounding_box()["y"] < invite.bounding_box()["y"], "the host's lobby starts with the invite"  # type: ignore[index]


def test_color_rows_with_five_players_keeps_every_chip_on_screen(browser: Browser, base_url: str) -> None:
    """Five players in one strip at every size: no chip scrolled away or cut; where a chip is too narrow for the
    name and 「いま 3 点」, it shows the face, the number and 「抜け」 (the whole words stay for screen readers). The
    five rows share the height left, none under 26 px at 320×568, and a row's button stays in its row."""

    def scores(frame: dict[str, Any]) -> None:
        view = (frame.get("game") or {}).get("view") or {}
        if view.get("game") == "color-rows":
            for player, (score, out) in zip(view["players"], ((-12, False), (23, True), (7, False), (0, True), (15, False))):
                player.update(score=score, out=out)

    with rewritten_solo(browser, base_url, "color-rows", 4, scores) as page:
        expect(page.locator(".cr-player")).to_have_count(5)
        for size, width in each_size(page):
            seen = boxes(page, ".cr-players", ".cr-player", ".cr-player .cr-score", ".cr-player .badge")
            assert not seen[".cr-players"][0]["cut"], f"{size}: the players' strip scrolls sideways"
            for part in (".cr-player", ".cr-player .cr-score", ".cr-player .badge"):
                for box in seen[part]:
                    assert not box["cut"] and 0 <= box["left"] and box["right"] <= width, f"{size}: {part} is cut: {box}"
            shown = page.locator(".cr-player .cr-score").evaluate_all(
                "(scores) => scores.map((s) => [...s.children].filter((c) => c.getBoundingClientRect().width > 1)"
                ".map((c) => c.textContent).join(''))")
            assert [int(re.search(r"-?\d+", text).group()) for text in shown] == [-12, 23, 7, 0, 15], (size, shown)  # type: ignore[union-attr]
            if size == "320x568":
                assert shown == ["-12", "23", "7", "0", "15"], f"{size}: the chips are not narrow: {shown}"
            expect(page.locator(".cr-player .cr-score .wide").first).to_have_text("いま -12 点")  # read aloud
            rows = boxes(page, ".cr-rows > .cr-row")[".cr-rows > .cr-row"]
            assert all(row["height"] >= 26 for row in rows), f"{size}: a row is {min(r['height'] for r in rows):.0f} px"
            assert not any(overlap(a, b) for a, b in zip(rows, rows[1:])), f"{size}: rows overlap: {rows}"
            for row in page.locator(".cr-rows > .cr-row:has(.button)").all():  # a row's button stays in its row
                inside, button = row.bounding_box(), row.locator(".button").bounding_box()
                assert inside and button and inside["y"] - 0.5 <= button["y"] and \
                    button["y"] + button["height"] <= inside["y"] + inside["height"] + 0.5, f"{size}: a row's button leaves it"


EIGHTEEN_WITH_JOKERS = ["s3", "h4", "d5", "c6", "s7", "h8", "d9", "cT", "sJ", "hQ", "dK", "cA", "s2", "h2", "d4", "c5",
                        "X1", "X2"]


def test_daifugo_jokers_read_as_jokers_in_an_eighteen_card_hand(browser: Browser, base_url: str) -> None:
    """Three players hold 18 cards: at every size a joker's word is whole on its card or, on a card too narrow for
    it (24 px on the smallest phone sideways), left out for the star alone — never cut to 「JOKE」."""

    def eighteen(frame: dict[str, Any]) -> None:
        view = (frame.get("game") or {}).get("view") or {}
        if view.get("game") == "daifugo" and view.get("hand"):
            view["hand"] = EIGHTEEN_WITH_JOKERS

    with rewritten_solo(browser, base_url, "daifugo", 2, eighteen) as page:
        expect(page.locator(".df-hand-card")).to_have_count(18)
        for size, width in each_size(page):
            seen = boxes(page, ".df-hand .df-joker", ".df-hand .df-joker-word", ".df-hand .df-joker .df-index")
            assert len(seen[".df-hand .df-joker"]) == 2, size
            for card, word, star in zip(seen[".df-hand .df-joker"], seen[".df-hand .df-joker-word"], seen[".df-hand .df-joker .df-index"]):
                shown = word["width"] > 0
                assert not shown or (not word["cut"] and card["left"] <= word["left"] and word["right"] <= card["right"]), \
                    f"{size}: the joker's word is cut on a {card['width']:.0f}-px card"
                assert shown or star["height"] >= 0.4 * card["width"], f"{size}: a word-less joker's star is too small"

@pytest.mark.parametrize("cpus", [4, 7])
def test_daifugo_with_many_players_fits_every_size(browser: Browser, base_url: str, cpus: int) -> None:
    """Five and eight players of 大富豪: at the player's first turn every size holds the table on one screen — on the
    smallest phone sideways the other players then take one line across the top (two lines of the left half would
    push the hand off the screen)."""
    with phone(browser) as context:
        page = context.new_page()
        solo_start(page, base_url, "daifugo", cpus=cpus)
        expect(page.locator(".df-seat")).to_have_count(cpus)
        expect(page.locator(".turn-banner.mine")).to_be_visible(timeout=30_000)
        check_on_screen(page, "daifugo", [])


def test_a_tap_beside_the_menu_at_the_table_only_closes_it(browser: Browser, base_url: str) -> None:
    """Sideways, ⚙'s menu opens over the table's right side. A tap on the draw pile beside it closes the menu and
    sends nothing, as a phone's menus do; with the menu closed the same tap draws (one move sent in all)."""
    with phone(browser, viewport={"width": 844, "height": 390}) as context:
        page = context.new_page()
        moves: list[str] = []
        page.on("websocket", lambda socket: socket.on(
            "framesent", lambda frame: moves.append(frame) if '"action":"move"' in str(frame).replace(" ", "") else None))
        solo_start(page, base_url, "color-match", cpus=3)
        expect(page.locator(".turn-banner.mine")).to_be_visible(timeout=30_000)
        held, menu = page.locator(".hand-card").count(), page.locator("#settings-panel")
        page.get_by_role("button", name="設定").click()
        expect(menu).to_be_visible()
        box = page.locator(".draw-pile").bounding_box()
        assert box
        middle = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.touchscreen.tap(*middle)
        expect(menu).to_have_count(0)
        expect(page.get_by_role("button", name="設定")).to_have_attribute("aria-expanded", "false")
        page.touchscreen.tap(*middle)  # the menu closed: this tap draws
        page.wait_for_function("n => document.querySelectorAll('.hand-card').length > n", arg=held)
        assert len(moves) == 1, moves  # the first tap sent nothing (frames go out in order)
