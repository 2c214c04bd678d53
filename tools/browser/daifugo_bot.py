"""A 大富豪 player that reads only the screen: the raised cards (those that can join a legal play), the play
button, the readings sheet, the pass button. It plays to make things happen — an 8 whenever one is raised (8切り),
four of a kind when it holds them, jokers included (革命) — and otherwise the weakest play it can make, passing
only when it cannot; in the exchange it gives its first (weakest) cards. ``events`` records what the server's frames told the page
(engine event types), so a test can check that an exchange, a revolution and an 8切り were seen.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Callable

from playwright.sync_api import Locator, Page, WebSocket, expect

from .bots import my_turns

#: The browser test's game (and the screenshots'): a server seeded with ``SEED`` deals it, two CPUs and the bot play
#: it, and it brings an exchange in which the bot gives, a revolution and an 8切り (chosen by playing the seeds
#: whose deal gives the bot four of a kind, an 8 and strong cards; docs/decisions.md).
SEED = "daifugo-188"
OPTIONS = {"rounds": 2, "jokers": 2}
CPUS = 2

SUITS = {"スペード": "s", "ハート": "h", "ダイヤ": "d", "クラブ": "c"}
RECEIVED = " (もらった札)"


def code_of(label: str) -> str:
    """A card's code from its accessible name ("スペードの10" → "sT"; both jokers read "ジョーカー" → "X")."""
    label = label.removesuffix(RECEIVED)
    if label == "ジョーカー":
        return "X"
    suit, rank = label.split("の")
    return SUITS[suit] + ("T" if rank == "10" else rank)


class DaifugoBot:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.events: Counter[str] = Counter()
        self.gave = 0  # exchanges in which this player chose the cards to give
        self.saw_received = 0  # exchange steps on screen that showed the cards received
        page.on("websocket", self._listen)

    def _listen(self, socket: WebSocket) -> None:
        def frame(payload: str | bytes) -> None:
            data = json.loads(payload)
            if data.get("type") != "room":
                return
            for event in data.get("events", []):
                if event.get("code") == "engine":
                    self.events.update(step["type"] for step in event["events"])

        socket.on("framereceived", frame)

    def play_to_end(self, on_turn: Callable[[Page], None] | None = None, max_turns: int = 400) -> None:
        for _ in my_turns(self.page, "大富豪", max_turns, on_turn):
            self.turn()

    def turn(self) -> None:
        page = self.page
        if page.locator(".df-table.exchanging").count():
            self._give()
        elif not self._play():
            page.locator(".actions .df-pass").click()

    def _cards(self, selector: str) -> list[tuple[str, Locator]]:
        """The cards ``selector`` finds now, each with a locator that keeps finding that card (by its name: the
        classes change as cards are picked)."""
        labels = self.page.locator(selector).evaluate_all("cards => cards.map((card) => card.getAttribute('aria-label'))")
        hand = self.page.locator(".df-hand-card").evaluate_all("cards => cards.map((card) => card.getAttribute('aria-label'))")
        found, seen = [], Counter[str]()
        for label in labels:  # both jokers have one name: the k-th of a name in the hand is the k-th card so named
            nth = [i for i, name in enumerate(hand) if name == label][seen[label]]
            seen[label] += 1
            found.append((code_of(label), self.page.locator(".df-hand-card").nth(nth)))
        return found

    def _give(self) -> None:
        page = self.page
        if page.locator(".df-exchange-row").count():
            self.saw_received += 1
        owed = int(page.locator(".turn-banner").inner_text().split(" 枚")[0].split()[-1])
        for _ in range(owed):
            page.locator(".df-hand-card.up:not(.selected)").first.click()
        button = page.locator(".actions .df-play-button")
        expect(button).to_have_text(f"この {owed} 枚を渡す")
        button.click()
        self.gave += 1

    def _play(self) -> bool:
        """Picks and plays a play; False when no card can be raised (then the player passes)."""
        up = self._cards(".df-hand-card.up")
        if not up:
            return False
        jokers = [card for code, card in up if code == "X"]
        ranks = Counter(code[1] for code, _ in up if code != "X")
        quad = next((rank for rank, n in ranks.items() if n + len(jokers) >= 4), None)  # four of a kind, jokers too
        eights = [card for code, card in up if code[1:] == "8"]
        if quad is not None:
            picks = [card for code, card in up if code[1:] == quad]
            picks += jokers[:4 - len(picks)]
        elif eights:
            picks = eights[:1]
        else:
            picks = [up[0][1]]
        for card in picks:  # a pick that no longer joins a play with the earlier ones stays down
            if "up" in (card.get_attribute("class") or "").split():
                card.click()
        button = self.page.locator(".actions .df-play-button")
        while button.is_disabled():  # the raised cards always complete some legal play
            self.page.locator(".df-hand-card.up:not(.selected)").first.click()
        button.click()
        sheet = self.page.locator(".df-readings")
        if sheet.count():
            sheet.locator(".button.primary").first.click()
        return True
