"""Players that make the browser tests' games happen: they look at one phone's screen and press what a person
would, steering towards the situations a test wants to see (a Wild, a draw-then-keep, a missed call, …).

Each bot records what it made happen in ``done``, so a test can keep playing until its goals are met.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from playwright.sync_api import Page, expect

from .driver import JA, finished, my_turn, version, wait_version

WILD = "ワイルド"
DRAW_CARDS = ("ドロー2", "ワイルドドロー4")
MAX_VOLUNTARY_DRAWS = 12


@dataclass
class ColorMatchTable:
    """Plays every seat of a Color Match game whose players are all on ``pages`` (no CPUs)."""

    pages: list[Page]
    goals: set[str]
    house: bool = False
    done: set[str] = field(default_factory=set)
    voluntary_draws: int = 0

    def play_to_end(self, max_steps: int = 800) -> None:
        """Plays until the game is over (the results are on every screen)."""
        for _ in range(max_steps):
            if not self.step():
                for page in self.pages:
                    expect(page.locator(".results")).to_be_visible()
                return
        raise AssertionError(f"the game did not end in {max_steps} steps")

    def step(self) -> bool:
        """One action by whoever should act now; False once the game is over."""
        self._sync()
        if finished(self.pages[0]):
            return False
        if not self._call_out():
            actors = [page for page in self.pages if my_turn(page)]
            assert len(actors) == 1, "exactly one phone shows 'your turn'"
            self._act(actors[0])
        return True

    # --- one step -------------------------------------------------------------------------------------------

    def _sync(self) -> None:
        """Every phone shows the latest room version before anyone looks at it."""
        latest = max(version(page) for page in self.pages)
        for page in self.pages:
            wait_version(page, latest)

    def _sent(self, page: Page, before: int) -> None:
        wait_version(page, before + 1)

    def _call_out(self) -> bool:
        if "callout" not in self.goals - self.done:
            return False
        for page in self.pages:
            button = page.get_by_role("button", name=JA["callout"])
            if button.count():
                before = version(page)
                button.first.click()
                self._sent(page, before)
                self.done.add("callout")
                return True
        return False

    def _act(self, page: Page) -> None:
        before = version(page)
        picker = page.locator(".sheet .picker-button")
        keep = page.get_by_role("button", name=JA["keep"])
        accept = page.locator(".actions button", has_text="枚引く")
        challenge = page.get_by_role("button", name=JA["challenge"])
        if picker.count():  # the first card turned up was a Wild: name the colour
            picker.nth(1).click()
        elif keep.count():
            self._after_draw(page, keep)
        elif accept.count():
            self._facing_penalty(page, accept, challenge)
        else:
            self._turn(page)
            return
        self._sent(page, before)

    def _after_draw(self, page: Page, keep) -> None:
        if "keep" not in self.done:
            keep.click()
            self.done.add("keep")
            return
        page.get_by_role("button", name=JA["play_drawn"], exact=True).click()
        self._pick_colour_if_asked(page)

    def _facing_penalty(self, page: Page, accept, challenge) -> None:
        if challenge.count() and "challenge" in self.goals - self.done:
            before = version(page)
            challenge.click()
            self._sent(page, before)
            # The log tells everyone how it went: someone drew for the challenge.
            expect(page.locator(".log")).to_contain_text("チャレンジで")
            self.done.add("challenge")
        elif self._play_one(page, [c for c in self._playable_labels(page) if c.endswith(DRAW_CARDS)]):
            self.done.add("stack")
        else:
            accept.click()

    def _turn(self, page: Page) -> None:
        before = version(page)
        labels = self._playable_labels(page)
        if not labels:
            page.get_by_role("button", name=JA["draw"]).click()
            self._sent(page, before)
            return
        if "keep" in self.goals - self.done and self.voluntary_draws < MAX_VOLUNTARY_DRAWS:
            self.voluntary_draws += 1  # draw instead of playing, hoping for a playable card to keep
            page.get_by_role("button", name=JA["draw"]).click()
            self._sent(page, before)
            return
        if page.locator(".hand-card").count() == 2:
            if "callout" in self.goals - self.done:
                self.done.add("missed_call")  # play on without calling: someone will point it out
            else:
                call = page.get_by_role("button", name=JA["uno"] if self.house else JA["last_card"])
                if call.count():
                    call.click()
                    self._sent(page, before)
                    self.done.add("declare")
                    before = version(page)
                    labels = self._playable_labels(page)
        self._play_one(page, self._preferred(labels))
        self._sent(page, before)

    # --- cards ----------------------------------------------------------------------------------------------

    def _playable_labels(self, page: Page) -> list[str]:
        return page.locator(".hand-card.playable").evaluate_all("cards => cards.map(c => c.getAttribute('aria-label'))")

    def _preferred(self, labels: list[str]) -> list[str]:
        wilds = [label for label in labels if label.startswith(WILD)]
        draws = [label for label in labels if label.endswith(DRAW_CARDS)]
        plain = [label for label in labels if label not in wilds and label not in draws]
        if "wild" in self.goals - self.done and wilds:
            return wilds + plain + draws
        if self.house:
            return draws + plain + wilds
        return plain + draws + wilds

    def _play_one(self, page: Page, labels: list[str]) -> bool:
        """Plays the first of ``labels`` that goes alone (with multi-card play a tap selects: confirm it)."""
        for label in labels:
            card = page.locator(f'.hand-card.playable[aria-label="{label}"]').first
            card.click()
            confirm = page.locator(".actions button", has_text="枚出す")
            if confirm.count():
                if confirm.is_disabled():
                    card.click()  # not playable alone: unselect, try the next
                    continue
                confirm.click()
            self._pick_colour_if_asked(page)
            return True
        return False

    def _pick_colour_if_asked(self, page: Page) -> None:
        picker = page.locator(".sheet .picker-button")
        if picker.count():
            expect(page.get_by_role("button", name="戻す")).to_be_visible()
            picker.nth(2).click()
            self.done.add("wild")


def play_color_rows_to_end(page: Page, max_turns: int = 400) -> None:
    """One human against CPUs: take a row once it holds two cards, else turn up a card and place it."""
    for _ in range(max_turns):
        expect(page.locator('.turn-banner.mine, main[data-phase="finished"]').first).to_be_visible(timeout=30_000)
        if finished(page):
            return
        before = version(page)
        place = page.locator(".cr-row button", has_text="ここに置く")
        rows = page.locator(".cr-row")
        takes = [
            (rows.nth(i).locator(".cr-card").count(), rows.nth(i).get_by_role("button", name=f"列 {i + 1} を取る"))
            for i in range(rows.count())
        ]
        takeable = sorted(((n, b) for n, b in takes if b.count()), key=lambda pair: -pair[0])
        draw = page.get_by_role("button", name="山からめくる")
        if place.count():
            place.first.click()
        elif takeable and (takeable[0][0] >= 2 or draw.is_disabled()):
            takeable[0][1].click()
        else:
            draw.click()
        wait_version(page, before + 1)
    raise AssertionError("the Color Rows game did not end")
