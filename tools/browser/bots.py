"""Players that make the browser tests' games happen: they look at the phones' screens and press what a person
would. Color Match decisions come from ``plan.py`` (what to do to meet a test's goals, tested against the engine);
this module only reads the screens into a ``Situation`` and turns the decision into taps.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable, Iterator

from playwright.sync_api import Locator, Page, expect

from .driver import JA, finished, my_turn, version, wait_taken, wait_version
from .plan import COLOURS, Action, Situation, decide, remaining, should_call_out

COLOUR_NAMES = dict(zip(COLOURS, ("赤", "黄", "緑", "青")))
VALUE_NAMES = {"S": "スキップ", "R": "リバース", "D": "ドロー2"}
#: A card's accessible name on screen → its code: "赤の7" → "r7", "ワイルドドロー4" → "W4".
CARD_CODES = {"ワイルド": "W", "ワイルドドロー4": "W4"} | {
    f"{name}の{VALUE_NAMES.get(value, value)}": colour + value
    for colour, name in COLOUR_NAMES.items()
    for value in [*"0123456789", *VALUE_NAMES]
}
DRAWN_MARK = " (引いた札)"
ACCEPT = r"\d+ 枚引く"  # take the pending +2/+4
DRAW = "山から引く|引けません（パス）"  # the second when both piles are empty

#: What a phone's log says once a goal was met (newest lines first, so the line is there right after).
EVIDENCE = {
    "keep": "引いた札を持っておきました",
    "wild": "を出しました（色は",
    "declare": "「あと 1 枚！」",
    "callout": "宣言を忘れて 2 枚引きました",
    "challenge": re.compile("のチャレンジ(成功|失敗)"),
}

#: One look at a Color Match screen: the hand, the pile, who is next, and which buttons are offered.
_READ_SCREEN = """() => {
  const label = (selector) => document.querySelector(selector)?.getAttribute('aria-label') ?? '';
  return {
    hand: [...document.querySelectorAll('.hand-card')].map((card) => card.getAttribute('aria-label')),
    top: label('.discard-pile'),
    colour: label('.current-color'),
    next: document.querySelector('.opponent:has(.badge.next) .opponent-name')?.textContent ?? null,
    buttons: [...document.querySelectorAll('.actions button')].map((button) => button.textContent.trim()),
    picker: document.querySelector('.sheet .picker-button') !== null,
  };
}"""


@dataclass(frozen=True)
class Screen:
    """What one Color Match phone shows, in card codes."""

    hand: tuple[str, ...]
    drawn: str | None
    top: str
    colour: str
    next_name: str | None
    buttons: tuple[str, ...]
    picker: bool

    @classmethod
    def read(cls, page: Page) -> "Screen":
        seen = page.evaluate(_READ_SCREEN)
        drawn = next((label for label in seen["hand"] if label.endswith(DRAWN_MARK)), None)
        colour = seen["colour"].rsplit(" ", 1)[-1]
        return cls(
            hand=tuple(CARD_CODES[label.removesuffix(DRAWN_MARK)] for label in seen["hand"]),
            drawn=CARD_CODES[drawn.removesuffix(DRAWN_MARK)] if drawn else None,
            top=CARD_CODES[seen["top"].split(": ", 1)[1]],
            colour=next((code for code, name in COLOUR_NAMES.items() if name == colour), ""),
            next_name=seen["next"],
            buttons=tuple(seen["buttons"]),
            picker=seen["picker"],
        )

    def offers(self, pattern: str) -> bool:
        """Whether an action button's text is ``pattern`` (a regular expression)."""
        return any(re.fullmatch(pattern, button) for button in self.buttons)


@dataclass
class ColorMatchTable:
    """Plays every seat of a Color Match game whose players are all on ``phones`` (name → page; no CPUs),
    meeting ``goals`` (see plan.py) on the way; ``shown`` records what was met, ``made`` the kind of every
    action taken (``play``, ``draw``, ``keep``, …). Buttons and cards are pressed by ``activate`` (a tap)."""

    phones: dict[str, Page]
    goals: tuple[str, ...]
    shown: set[str] = field(default_factory=set)
    made: list[str] = field(default_factory=list)

    def activate(self, target: Locator) -> None:
        """Presses a button or a card, as a player does: here a tap (a subclass may use the keyboard)."""
        target.click()

    def play_to_end(self, max_steps: int = 800) -> None:
        """Plays until the game is over (the results are on every screen)."""
        for _ in range(max_steps):
            if self.step() is None:
                for page in self.phones.values():
                    expect(page.locator(".results")).to_be_visible()
                return
        raise AssertionError(f"the game did not end in {max_steps} steps")

    def step(self) -> str | None:
        """One action by whoever should act now; returns who acted (by name), None once the game is over."""
        pages = list(self.phones.values())
        latest = max(version(page) for page in pages)
        for page in pages:  # every phone shows the latest room version before anyone looks at it
            wait_version(page, latest)
        if finished(pages[0]):
            return None
        goals = remaining(self.goals, self.shown)
        caller = self._call_out() if should_call_out(goals) else None
        if caller:
            return caller
        actors = [name for name, page in self.phones.items() if my_turn(page)]
        assert len(actors) == 1, "exactly one phone shows 'your turn'"
        self._act(self.phones[actors[0]], goals)
        return actors[0]

    def _call_out(self) -> str | None:
        for name, page in self.phones.items():
            button = page.get_by_role("button", name=JA["callout"])
            if button.count():
                self._press(page, lambda: self.activate(button.first))
                self._met(page, "callout")
                return name
        return None

    def _act(self, page: Page, goals: tuple[str, ...]) -> None:
        screen = Screen.read(page)
        next_hand = Screen.read(self.phones[screen.next_name]).hand if screen.next_name else ()
        situation = Situation(
            hand=screen.hand, top=screen.top, colour=screen.colour, next_hand=next_hand,
            drawn=screen.drawn if screen.offers(JA["keep"]) else None,
            facing_penalty=screen.offers(ACCEPT),
            can_challenge=screen.offers(JA["challenge"]),
            choose_first_colour=screen.picker,
        )
        if situation.can_challenge:  # the challenger sees the colour the Wild Draw Four covered
            expect(page.locator(".color-before")).to_be_visible()
        action = decide(situation, goals)
        if action.kind == "play" and action.declare:
            self._press(page, lambda: self.activate(page.locator(".actions .call")))
        self._press(page, lambda: self._tap(page, action, situation))
        self.made.append(action.kind)
        if action.shows:
            self._met(page, action.shows)

    def _tap(self, page: Page, action: Action, situation: Situation) -> None:
        """The taps of one action (the room version moves on once the server took it)."""
        actions = page.locator(".actions")
        if action.kind == "choose_colour":
            self._pick(page, action.colour)
        elif action.kind == "play":
            if situation.drawn is not None:
                self.activate(actions.get_by_role("button", name=JA["play_drawn"], exact=True))
            else:
                self._tap_card(page, action.card)
            if action.colour and len(situation.hand) > 1:  # a Wild that is the last card wins, naming no colour
                expect(page.get_by_role("button", name="戻す")).to_be_visible()  # a Wild can still be taken back
                self._pick(page, action.colour)
        elif action.kind == "keep":
            self.activate(actions.get_by_role("button", name=JA["keep"]))
        elif action.kind == "draw":
            self.activate(actions.get_by_role("button", name=re.compile(f"^({DRAW})$")))
        elif action.kind == "accept":
            self.activate(actions.get_by_role("button", name=re.compile(f"^{ACCEPT}$")))
        else:
            self.activate(actions.get_by_role("button", name=JA["challenge"]))

    def _tap_card(self, page: Page, code: str) -> None:
        """Taps a card. A card that could go with others (multi-card play: it has ``aria-pressed``) is picked by
        the tap, and the play button ("赤の7を出す") plays it."""
        label = next(label for label, known in CARD_CODES.items() if known == code)
        card = page.locator(f'.hand-card.playable[aria-label="{label}"]').first
        selects = card.get_attribute("aria-pressed") is not None
        self.activate(card)
        if selects:
            self.activate(page.locator(".actions .play-selected"))

    def _pick(self, page: Page, colour: str | None) -> None:
        assert colour is not None, "a Wild's play names its colour"
        self.activate(page.locator(".sheet").get_by_role("button", name=COLOUR_NAMES[colour]))

    @staticmethod
    def _press(page: Page, taps) -> None:
        before = version(page)
        taps()
        wait_taken(page, before)

    def _met(self, page: Page, goal: str) -> None:
        """Notes a goal as met, once the phone's log says so (a stack has no line of its own)."""
        if goal in EVIDENCE:
            expect(page.locator(".log")).to_contain_text(EVIDENCE[goal])
        self.shown.add(goal)


def my_turns(page: Page, game: str, max_turns: int, on_turn: Callable[[Page], None] | None = None) -> Iterator[None]:
    """Yields at each of the human's turns until the game is over (the caller makes one move each time, which this
    waits to see taken); ``on_turn`` (if given) is called first (e.g. to look at the screen)."""
    for _ in range(max_turns):
        expect(page.locator('.turn-banner.mine, main[data-phase="finished"]').first).to_be_visible(timeout=30_000)
        if finished(page):
            return
        if on_turn:
            on_turn(page)
        before = version(page)
        yield
        wait_taken(page, before)
    raise AssertionError(f"the {game} game did not end")


def play_color_rows_to_end(page: Page, max_turns: int = 400, on_turn: Callable[[Page], None] | None = None) -> None:
    """One human against CPUs: take a row once it holds two cards, else turn up a card and place it.
    ``on_turn`` (if given) is called at each of the human's turns, before the move (e.g. to look at the screen)."""
    for _ in my_turns(page, "Color Rows", max_turns, on_turn):
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


def play_color_match_against_cpus(page: Page, max_turns: int = 300, on_turn: Callable[[Page], None] | None = None) -> None:
    """One human against CPUs in Color Match, to the end: play the first card that can be played (picking the
    first colour for a Wild), else draw and keep what was drawn. ``on_turn`` (if given) is called at each of the
    human's turns, before the move."""
    actions = page.locator(".actions")
    for _ in my_turns(page, "Color Match", max_turns, on_turn):
        sheet = page.locator(".sheet .picker-button")
        playable = page.locator(".hand-card.playable")
        if sheet.count():  # the first card turned up is a Wild: its colour
            sheet.first.click()
        elif actions.get_by_role("button", name=JA["keep"]).count():
            actions.get_by_role("button", name=JA["keep"]).click()
        elif playable.count():
            card = playable.first
            picks = card.get_attribute("aria-pressed") is not None
            # A Wild asks for its colour, unless it is the last card (it wins: no colour is named then).
            asks_colour = (card.get_attribute("aria-label") or "").startswith("ワイルド") and page.locator(".hand-card").count() > 1
            card.click()
            if picks:
                actions.locator(".play-selected").click()
            if asks_colour:
                sheet.first.click()
        else:
            actions.get_by_role("button", name=re.compile(f"^({DRAW}|{ACCEPT})$")).first.click()
