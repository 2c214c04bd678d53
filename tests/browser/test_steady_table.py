"""The table stands still as turns pass: what the other players do changes what is shown, never where it is.

A layout shift a player did not cause (a CPU's move, a second after theirs) moves what they were about to tap, and
the browser counts it in the page's layout shift (issue 33: ≤ 0.05 during play). Here a whole game of Color Rows is
played at 320×568 — the narrowest seat chips, the longest prompts on one line — against three CPUs, and at every
room version the page records the top and the height of each part of the table (the grid's regions: the players,
the banner, the card turned up, the rows, the log, your collection): none may change, through seats going out and
coming back, cards turned up and placed, rows taken and the last round; and every card in a row shows its symbol
inside it.

The other tables change by design, and are not held to all of this: Color Match's hand widens the cards that can be
played at your turn (the pile gives or takes the height), 大富豪's hand narrows or widens its cards as your own plays
leave it (the field takes the height). 大富豪's row of seats is held: it changes height once, when the seats first
have titles (a title, the count and 「パス」 take two lines), and never as seats pass or give in the exchange.
"""

from __future__ import annotations

from typing import Any, Callable

from playwright.sync_api import Browser, Page, expect

from tools.browser.bots import play_color_rows_to_end
from tools.browser.daifugo_bot import DaifugoBot
from tools.browser.driver import phone, solo_start

#: At each room version on screen, the box of each region of the table (read in a MutationObserver, so that every
#: version is seen, however fast the CPUs move).
_WATCH = """(() => {
  window.__places = [];
  let last = null;
  new MutationObserver(() => {
    const main = document.querySelector("main[data-version]");
    const table = document.querySelector(".table");
    if (!main || !table || document.querySelector(".results") || main.dataset.version === last) return;
    last = main.dataset.version;
    const at = { version: last, parts: {} };
    for (const part of table.children) {
      const box = part.getBoundingClientRect();
      at.parts[part.tagName.toLowerCase() + "." + part.classList[0]] = [Math.round(box.top), Math.round(box.height)];
    }
    // A row's card shows its symbol inside it (the card once took the row's own rules, through a shared class).
    for (const card of document.querySelectorAll(".cr-rows .cr-card")) {
      const box = card.getBoundingClientRect(), symbol = card.querySelector(".cr-symbol").getBoundingClientRect();
      if (symbol.left < box.left - 1 || symbol.right > box.right + 1) at.outside = card.getAttribute("aria-label");
    }
    window.__places.push(at);
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})()"""


def places_through_a_game(browser: Browser, base_url: str, game: str, play: Callable[[Page], None]) -> list[dict[str, Any]]:
    """Plays a whole solo game of ``game`` at 320×568 against three CPUs with ``play``; the table's parts at each
    room version it showed (``_WATCH``)."""
    with phone(browser) as context:
        page = context.new_page()
        page.set_viewport_size({"width": 320, "height": 568})
        page.add_init_script(_WATCH)
        solo_start(page, base_url, game, cpus=3)
        play(page)
        expect(page.locator(".results")).to_be_visible()
        places: list[dict[str, Any]] = page.evaluate("window.__places")
    assert len(places) > 20, f"only {len(places)} versions seen"
    return places


def test_color_rows_stands_still_through_a_whole_game_at_320x568(browser: Browser, base_url: str) -> None:
    places = places_through_a_game(browser, base_url, "color-rows", play_color_rows_to_end)
    outside = [(at["version"], at["outside"]) for at in places if "outside" in at]
    assert not outside, f"a card's symbol outside the card: {outside[:4]}"
    moves = []
    for part in places[0]["parts"]:
        seen = {tuple(at["parts"][part]) for at in places if part in at["parts"]}
        moved = [at["version"] for at, before in zip(places[1:], places) if at["parts"].get(part) != before["parts"].get(part)]
        if len(seen) > 1:
            moves.append(f"{part} (top, height: {sorted(seen)}) at versions {moved[:8]}")
    assert not moves, "moved or changed height: " + "; ".join(moves)


def test_daifugo_seats_keep_their_height_through_a_whole_game_at_320x568(browser: Browser, base_url: str) -> None:
    places = places_through_a_game(browser, base_url, "daifugo", lambda page: DaifugoBot(page).play_to_end())
    heights = [at["parts"]["ol.df-seats"][1] for at in places]
    changes = [(at["version"], a, b) for at, a, b in zip(places[1:], heights, heights[1:]) if a != b]
    assert len(changes) <= 1, f"the seats' row changed height more than once (version, from, to): {changes}"
