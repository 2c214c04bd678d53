"""Measuring a page as it is on screen: WCAG AA contrast (``contrast.js``) and reflow at 200 % zoom.

Each check returns what it found (counts and failures) rather than asserting, so a test can gather every screen's
failures and report them all at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

THEMES = ("light", "dark")
#: contrast.js: called with "page" it measures the page, with "focus" the focused element's focus ring.
CONTRAST_SCRIPT = (Path(__file__).parent / "contrast.js").read_text(encoding="utf-8")


@dataclass
class Findings:
    """What the checks found on the screens visited so far."""

    screens: int = 0
    checked: int = 0
    failures: list[str] = field(default_factory=list)

    def add(self, where: str, checked: int, failures: list[Any]) -> None:
        self.screens += 1
        self.checked += checked
        self.failures += [f"{where}: {failure}" for failure in failures]


def check_contrast(page: Page, screen: str, findings: Findings) -> None:
    """Measures ``page`` in each theme (switched in place, as the settings switch does) into ``findings``."""
    page.emulate_media(reduced_motion="reduce")  # no colour transitions half-way when the theme changes
    theme = page.evaluate("() => document.documentElement.dataset.theme")
    try:
        for name in THEMES:
            page.evaluate("t => document.documentElement.dataset.theme = t", name)
            result = page.evaluate(CONTRAST_SCRIPT, "page")
            findings.add(f"{screen} ({name})", result["checked"], result["failures"])
    finally:
        page.evaluate("t => document.documentElement.dataset.theme = t", theme)


def focus_ring(page: Page) -> dict[str, Any] | None:
    """The focused element's focus indicator against its surroundings (None: no indicator): ``ratio`` (the
    contrast), ``ring`` (its colour), ``element``, ``label`` and ``around`` (the colours behind it). Measured once
    the focus has finished appearing: a hand card's ring fades in (a 0.12 s transition of its shadow), and half-way
    it is neither the old shadow nor the ring."""
    page.evaluate("() => Promise.allSettled(document.activeElement.getAnimations({ subtree: true }).map((a) => a.finished))")
    return page.evaluate(CONTRAST_SCRIPT, "focus")


#: Reflow (WCAG 1.4.10): the page never scrolls sideways, and every control is inside the viewport's width, not
#: cut off by an ancestor that hides overflow, not pushed below a fixed sheet's reach, and on top where it is
#: (scrolled into view, the point at its centre hits it) — while a modal sheet is open, only the sheet's controls;
#: never an inert one (a finished game's table under its results).
_REFLOW = """() => {
  const failures = [];
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth) failures.push(`the page scrolls sideways: ${root.scrollWidth} > ${root.clientWidth}`);
  const modal = document.querySelector('[aria-modal="true"]');
  const controls = [...(modal ?? document).querySelectorAll('button, a[href], input, select, summary, [tabindex]')]
    .filter((el) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) && !el.closest('[inert]'));
  const name = (el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.getAttribute('aria-label') ?? el.textContent).trim().slice(0, 24)}"`;
  const x = scrollX, y = scrollY;
  for (const el of controls) {
    let box = el.getBoundingClientRect();
    if (box.width < 1 || box.height < 1) { failures.push(`${name(el)} has no size`); continue; }
    const left = box.left + scrollX, right = box.right + scrollX;  // in the page: the checks below scroll it
    if (left < -0.5 || right > root.clientWidth + 0.5) failures.push(`${name(el)} is outside the width: ${Math.round(left)}..${Math.round(right)} of ${root.clientWidth}`);
    for (let a = el.parentElement; a; a = a.parentElement) {
      const style = getComputedStyle(a);
      const clipsX = /hidden|clip/.test(style.overflowX), clipsY = /hidden|clip/.test(style.overflowY);
      const outer = a.getBoundingClientRect();
      if ((clipsX && (box.left < outer.left - 0.5 || box.right > outer.right + 0.5)) ||
          (clipsY && (box.top < outer.top - 0.5 || box.bottom > outer.bottom + 0.5))) {
        failures.push(`${name(el)} is cut off by ${a.tagName.toLowerCase()}.${[...a.classList].join('.')}`);
        break;
      }
      if (style.position === 'fixed' && (box.top < -0.5 || box.bottom > innerHeight + 0.5)) {
        failures.push(`${name(el)} is out of reach in a fixed ${a.tagName.toLowerCase()}.${[...a.classList].join('.')}`);
        break;
      }
    }
    el.scrollIntoView({ block: 'center', inline: 'nearest' });
    box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (hit && hit !== el && !el.contains(hit) && !hit.contains(el) && !(el.tagName === 'SUMMARY' && el.parentElement.contains(hit)))
      failures.push(`${name(el)} is covered by ${hit.tagName.toLowerCase()}.${[...hit.classList].join('.')}`);
  }
  scrollTo(x, y);
  return { checked: controls.length, failures };
}"""


def check_reflow(page: Page, screen: str, findings: Findings) -> None:
    """Measures ``page``'s reflow (see ``_REFLOW``) into ``findings``."""
    page.emulate_media(reduced_motion="reduce")  # a sheet sliding in would be measured half-way
    result = page.evaluate(_REFLOW)
    findings.add(screen, result["checked"], result["failures"])
