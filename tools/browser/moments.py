"""The table's moments on a real table, for the browser test and the screenshots: what the page showed in passing
(cards in flight, confetti, announcements, whose win), and the server's frames changed to reach a moment at once.

What flies or is announced lasts a moment: rather than catch it on screen (which a busy machine may miss), the page
keeps a count of every such element it added (``WATCH``), read with ``shown``.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from tools.browser.driver import JA, rewrite_room_frames, version, wait_taken

#: Every element the motion layer adds to the page's body, counted as it comes (an init script: set up before the
#: site opens).
WATCH = """
window.__moments = { flights: 0, confetti: 0, announced: [], wins: [], winBox: null };
addEventListener("DOMContentLoaded", () => new MutationObserver((changes) => {
  for (const change of changes) for (const node of change.addedNodes) {
    if (!(node instanceof HTMLElement)) continue;
    const seen = window.__moments;
    if (node.classList.contains("fx-flight")) seen.flights += 1;
    if (node.classList.contains("fx-announce")) seen.announced.push(...[...node.children].map((line) => line.textContent));
    if (node.classList.contains("fx-win")) {
      seen.confetti += node.querySelectorAll(".fx-confetti").length;
      const line = node.querySelector(".fx-line");
      seen.wins.push(line.textContent);
      // Where the line rests once it has popped in: its layout box moved by its transform, translate(-50%, -50%).
      const left = line.offsetLeft - line.offsetWidth / 2, top = line.offsetTop - line.offsetHeight / 2;
      seen.winBox = { left, top, right: left + line.offsetWidth, bottom: top + line.offsetHeight };
    }
  }
}).observe(document.body, { childList: true }));
"""


def shown(page: Page) -> dict[str, Any]:
    """What the motion layer showed so far: ``flights`` and ``confetti`` counts, ``announced`` and ``wins`` texts, and
    ``winBox``, the last win line's box at rest (left, top, right, bottom)."""
    return page.evaluate("() => window.__moments")


class Moments:
    """The page's room frames, changed on demand (set up before the page opens the site): ``befall`` adds engine
    events about this phone's seat to the next frame, ``finish`` ends the game there with this phone the winner —
    every later frame stays finished, as the server's would."""

    def __init__(self, page: Page) -> None:
        page.add_init_script(WATCH)
        self._events: list[dict[str, Any]] = []
        self._finish = False
        self._finished = False
        rewrite_room_frames(page, self._change)

    def befall(self, *events: dict[str, Any]) -> None:
        """``events`` (without their ``seat``, which is this phone's) come with the next room frame."""
        self._events = list(events)

    def finish(self) -> None:
        self._finish = True

    def _change(self, frame: dict[str, Any]) -> None:
        game, you = frame.get("game"), frame["you"]
        if not game or frame["phase"] != "playing":
            return
        if self._events:
            frame["events"].append({"code": "engine", "events": [{**event, "seat": you["seat"]} for event in self._events]})
            self._events = []
        if self._finish:
            frame["phase"] = "finished"
            frame["history"] = [*frame["history"], {"number": game["number"], "game": game["id"], "winners": [you["member"]],
                                                     "standin_winners": [], "cards_played": 12}]
            if not self._finished:
                frame["events"].append({"code": "game_over", "winners": [you["member"]]})
            self._finished = True


def act(page: Page) -> None:
    """At this phone's Color Match turn, one move that brings the next frame: the colour if one is asked, keeping a
    card just drawn, or else a draw."""
    expect(page.locator(".turn-banner.mine")).to_be_visible(timeout=30_000)  # a CPU at the product's pace
    before = version(page)
    picker, keep = page.locator(".sheet .picker-button"), page.get_by_role("button", name=JA["keep"])
    draw = page.locator(".actions").get_by_role("button", name=JA["draw"])
    (picker.first if picker.count() else keep if keep.count() else draw).click()
    wait_taken(page, before)


def risen(page: Page) -> None:
    """Waits until the results have risen all the way over the table."""
    results = page.locator(".results")
    expect(results.get_by_role("button", name=JA["rematch"])).to_be_visible()
    results.evaluate("el => Promise.all(el.getAnimations().map((a) => a.finished))")
