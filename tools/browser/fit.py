"""Does a table fit the phone: at each of the phone sizes (upright and sideways), the page does not scroll either
way and what the player needs at their turn is on screen (``check_on_screen``)."""

from __future__ import annotations

from playwright.sync_api import Page

#: The phones a table must fit (and is photographed at): upright, a small phone upright, sideways, a small phone sideways.
SIZES = {"390x844": (390, 844), "320x568": (320, 568), "844x390": (844, 390), "568x320": (568, 320)}
FIRST = "390x844"  # the phone's size before and after a check

#: Everything on screen the player needs at their turn, with their boxes and the page's scroll extent.
_ON_SCREEN = """(selectors) => {
  const root = document.scrollingElement;
  const outside = [];
  for (const selector of selectors) {
    for (const el of document.querySelectorAll(selector)) {
      const box = el.getBoundingClientRect();
      if (box.width < 1) continue;
      if (box.top < -0.5 || box.left < -0.5 || box.bottom > innerHeight + 0.5 || box.right > innerWidth + 0.5)
        outside.push(`${selector} "${(el.getAttribute('aria-label') ?? el.textContent).trim().slice(0, 20)}" at ${Math.round(box.left)},${Math.round(box.top)}..${Math.round(box.right)},${Math.round(box.bottom)}`);
    }
  }
  return { scrollHeight: root.scrollHeight, scrollWidth: root.scrollWidth, outside, found: selectors.map((s) => document.querySelectorAll(s).length) };
}"""

NEEDED = {
    "color-match": [".discard-pile", ".current-color", ".hand-card.playable", ".actions button"],
    "color-rows": [".cr-row", ".cr-row button", ".cr-play button", ".cr-drawn"],
    "daifugo": [".df-field", ".df-hand-card.up", ".actions button"],
}


def check_on_screen(page: Page, game: str, turns: list[int]) -> None:
    """At one of the player's turns, at each of ``SIZES``: no scrolling either way, and everything needed inside
    the viewport. The phone is back at its first size after."""
    hand = page.locator(".hand-card").count()
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        seen = page.evaluate(_ON_SCREEN, NEEDED[game])
        at = f"at turn {len(turns) + 1} ({hand} cards, {size})"
        assert seen["scrollHeight"] <= height, f"the page scrolls {at}: {seen['scrollHeight']} > {height}"
        assert seen["scrollWidth"] <= width, f"the page scrolls sideways {at}: {seen['scrollWidth']} > {width}"
        assert not seen["outside"], f"off screen {at}: {seen['outside']}"
        assert seen["found"][0] >= 1, f"no {NEEDED[game][0]} {at}"
    width, height = SIZES[FIRST]
    page.set_viewport_size({"width": width, "height": height})
    turns.append(len(turns) + 1)
