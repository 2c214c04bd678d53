"""The replay viewer at 390×844: for each game, a solo game the CPUs play to its end (the player leaves it at once, a
CPU plays their seat at the tests' pace), its replay opened from the room's history, stepped forward and then
scrubbed to its end, where the table shows what the live table showed at the end, and its bar, controls and step
line fit a small phone, a tall one and one held sideways; Back closes it. The replay link,
opened on a second phone of a member of the room, goes straight to the replay; a phone not in the room is told so."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from tools.browser import fit
from tools.browser.driver import leave_to_cpus, phone, solo_start, start_as_guest

#: What the table shows at the end, the same on the live table and the replay's (counted wins aside).
FINAL = {
    "color-match": ".discard-pile",
    "color-rows": ".cr-player .cr-score",
    "daifugo": ".df-seat",
}


def final_state(page: Page, scope: str, game: str) -> list[str]:
    cells = page.locator(f"{scope} {FINAL[game]}")
    return [(cell.get_attribute("aria-label") or cell.inner_text()) for cell in cells.all()]


def step_to_the_end(page: Page) -> None:
    """Two steps forward with the button, one back, then the scrubber to the last step."""
    replay = page.locator("main.replay")
    expect(replay).to_have_attribute("data-step", "0")
    forward = page.get_by_role("button", name="1 手進む")
    forward.click()
    expect(replay).to_have_attribute("data-step", "1")
    forward.click()
    expect(replay).to_have_attribute("data-step", "2")
    page.get_by_role("button", name="1 手戻る").click()
    expect(replay).to_have_attribute("data-step", "1")
    expect(page.locator(".replay-line")).to_contain_text("1/")
    last = replay.get_attribute("data-last")
    page.get_by_role("slider", name="手順").fill(last)
    expect(replay).to_have_attribute("data-step", last)
    expect(replay).not_to_have_attribute("aria-busy", "true")  # the last page has come
    expect(page.locator(".replay-end")).to_be_visible()


#: Phones the replay must fit: the tables' (CSS pixels).
SIZES = [{"width": width, "height": height} for width, height in fit.SIZES.values()]
#: Every box of the replay's bar, controls and step line.
PARTS = "main.replay :is(.replay-head, .replay-controls) > *, main.replay .replay-line"
#: The parts that are outside the viewport, or covered at their top or bottom edge (by a table taller than its place).
HIDDEN = """parts => parts.filter(part => {
    const box = part.getBoundingClientRect();
    if (!box.width) return false;
    if (box.left < 0 || box.top < 0 || box.right > innerWidth + 0.5 || box.bottom > innerHeight + 0.5) return true;
    const x = box.left + box.width / 2;
    return [box.top + 2, box.bottom - 2].some(y => !part.contains(document.elementFromPoint(x, y)));
}).map(part => part.className || part.tagName)"""


def fits_every_phone(page: Page) -> None:
    """At each size, every part of the replay's bar, controls and step line is inside the viewport and uncovered."""
    for size in SIZES:
        page.set_viewport_size(size)
        hidden = page.locator(PARTS).evaluate_all(HIDDEN)
        assert not hidden, (size, hidden)
    width, height = fit.SIZES[fit.FIRST]
    page.set_viewport_size({"width": width, "height": height})


def test_each_game_replays_to_its_end_and_its_link_opens_for_members_only(browser: Browser, base_url: str) -> None:
    with phone(browser) as context, phone(browser) as second, phone(browser) as stranger:
        page = context.new_page()
        for number, game in enumerate(["color-match", "color-rows", "daifugo"], start=1):
            if number == 1:
                solo_start(page, base_url, game, cpus=2)
            else:  # the next game of the same room, one tap from the results
                page.get_by_role("group", name="次のゲーム").get_by_role("button", name=f"{GAME_NAMES[game]}を始める").click()
            leave_to_cpus(page, game)
            at_end = final_state(page, "main.game:not(.replay) .table", game)
            assert at_end, f"nothing of {FINAL[game]} on the results' table"

            page.get_by_role("button", name=f"ゲーム {number} をリプレイで見る").click()
            expect(page.locator(f"main.replay.{game} .table")).to_be_visible()
            step_to_the_end(page)
            replayed = final_state(page, "main.replay .table", game)
            # A seat's view leaves its own seat out of the others' (大富豪): what it shows is what the end showed.
            assert replayed and set(replayed) <= set(at_end), (replayed, at_end)
            fits_every_phone(page)  # at the end, and early on (full hands)
            page.get_by_role("slider", name="手順").fill("3")
            expect(page.locator("main.replay")).to_have_attribute("data-step", "3")
            expect(page.locator("main.replay")).not_to_have_attribute("aria-busy", "true")
            fits_every_phone(page)

            page.go_back()  # Back closes the replay: the results again
            expect(page.locator("main.replay")).to_have_count(0)
            expect(page.locator(".results")).to_be_visible()

        # The link, as the replay shares it, on a second phone of the member: its identity, another device.
        code = page.locator(".topbar .room-code").inner_text().lstrip("#")
        page.get_by_role("button", name="ゲーム 2 をリプレイで見る").click()
        link = page.locator(".replay-share").get_attribute("data-link")
        assert link and link.endswith(f"?room={code}&replay=2"), link
        identity = page.evaluate("localStorage.getItem('deckroom.identity')")
        name = page.evaluate("localStorage.getItem('deckroom.name')")
        other = second.new_page()
        other.add_init_script(
            f"localStorage.setItem('deckroom.identity', {identity!r}); localStorage.setItem('deckroom.name', {name!r})")
        other.goto(link)
        expect(other.locator("main.replay.color-rows .table")).to_be_visible()
        expect(other.locator("main.replay")).to_have_attribute("data-step", "0")
        assert other.url.endswith("/"), "the link's query stays in the address"

        # Someone not in the room gets the server's refusal, and joins nothing.
        outsider = stranger.new_page()
        outsider.goto(link)
        start_as_guest(outsider, "はなこ")
        refusal = outsider.get_by_role("alert").filter(has_text=f"ルーム {code}")
        expect(refusal).to_be_visible()
        expect(outsider.locator(".replay-refused")).to_have_attribute("data-code", "not_in_room")
        outsider.get_by_role("button", name="リプレイを閉じる").last.click()
        expect(outsider.get_by_role("button", name="ルームを作る")).to_be_visible()


GAME_NAMES = {"color-rows": "カラーロウ", "daifugo": "大富豪"}
