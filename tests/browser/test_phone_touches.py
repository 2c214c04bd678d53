"""Phone touches: the site installs (manifests and icons), opens offline after one visit (the app shell and the
rules), keeps the screen awake in a game and lets go on the results, takes a new build only at a safe moment, marks
the tab when it is your turn, and carries stamps between players (in each one's language, refused in a flood).

The wake lock is watched through the page's own calls: an init script wraps ``navigator.wakeLock.request`` and
each sentinel's ``release`` (headless Chromium grants the lock). A background tab is emulated the only way a
headless page can be: ``document.visibilityState`` redefined and ``visibilitychange`` dispatched — the site reacts
to the event, not to the window.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import struct
from contextlib import ExitStack
from pathlib import Path
from typing import Any, Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from devserver.testing import RunningGateway, running_gateway
from tools.browser.bots import play_color_match_against_cpus
from tools.browser.gateway import FRONTEND, SEEDED, ensure_built
from tools.browser.driver import JA, gather, phone, rules_title, solo_start, track_sockets

WATCH_WAKE_LOCK = """(() => {
  window.wakeLog = [];
  const lock = navigator.wakeLock;
  if (!lock) return;
  const request = lock.request.bind(lock);
  lock.request = async (type) => {
    const sentinel = await request(type);
    window.wakeLog.push("request");
    const release = sentinel.release.bind(sentinel);
    sentinel.release = () => { window.wakeLog.push("release"); return release(); };
    return sentinel;
  };
})()"""

#: Every stamp bubble the page shows, as it appears (bubbles last a moment: the test reads their history).
WATCH_STAMPS = """(() => {
  window.stampsShown = [];
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) {
      if (node.classList?.contains("stamp-bubble")) {
        const box = node.getBoundingClientRect();
        // The words only: the stamp's picture is a span of its own before them.
        const words = [...node.childNodes].filter((child) => child.nodeType === Node.TEXT_NODE);
        window.stampsShown.push({ member: node.dataset.from, text: words.map((w) => w.textContent).join(""),
                                  picture: node.querySelector(".stamp-picture")?.textContent ?? "",
                                  x: box.left + box.width / 2, top: box.top, bottom: box.bottom });
      }
    }
  }).observe(document, { childList: true, subtree: true });
})()"""

SET_VISIBILITY = """(hidden) => {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => hidden ? "hidden" : "visible" });
  Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
  document.dispatchEvent(new Event("visibilitychange"));
}"""


#: The stamps' words in each language (the site's catalogues: stamp.*).
LABELS = {
    "ja": {"like": "いいね", "nice": "ナイス", "sorry": "ごめん", "hurry": "はやく", "wait": "まって", "almost": "おしい",
           "thanks": "ありがとう", "gg": "GG"},
    "en": {"like": "Like", "nice": "Nice!", "sorry": "Sorry", "hurry": "Hurry up", "wait": "Wait", "almost": "So close",
           "thanks": "Thanks", "gg": "GG"},
    "ko": {"like": "좋아요", "nice": "나이스", "sorry": "미안", "hurry": "빨리", "wait": "잠깐만", "almost": "아깝다",
           "thanks": "고마워", "gg": "GG"},
}


#: Looks for a new build now (as the page does when it comes back into view) and waits until its worker has
#: installed (then it waits for the page) or failed; returns that state.
FIND_UPDATE = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  await registration.update();
  const worker = registration.installing ?? registration.waiting;
  if (!worker) return "none";
  if (worker.state !== "installing") return worker.state;
  return new Promise((resolve) => worker.addEventListener("statechange", () => {
    if (worker.state !== "installing") resolve(worker.state);
  }));
}"""


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", data[16:24])


def wake_log(page: Page) -> list[str]:
    return page.evaluate("window.wakeLog")


def expect_wake_log(page: Page, expected: list[str]) -> None:
    page.wait_for_function("n => window.wakeLog.length >= n", arg=len(expected))
    assert wake_log(page) == expected


def worker_ready(page: Page) -> None:
    """Waits until the page's service worker has cached the build and controls the page."""
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    page.evaluate("navigator.serviceWorker.ready")


# --- installing ---------------------------------------------------------------------------------------------------


def test_the_manifest_of_the_players_language_and_theme_is_linked_valid_and_its_icons_load(browser: Browser,
                                                                                          base_url: str) -> None:
    with phone(browser) as context:
        page = context.new_page()
        page.goto(base_url)
        link = page.locator('link[rel="manifest"]')
        expect(link).to_have_attribute("href", "/manifest-ja-light.webmanifest")
        expect(page.locator('meta[name="theme-color"]')).to_have_attribute("content", "#f3f0e8")
        for name, content in (("apple-mobile-web-app-capable", "yes"), ("apple-mobile-web-app-title", "Deckroom")):
            expect(page.locator(f'meta[name="{name}"]')).to_have_attribute("content", content)
        apple = page.request.get(base_url + "icons/apple-touch-icon.png")
        assert apple.ok and png_size(apple.body()) == (180, 180)

        page.get_by_role("button", name="English").click()
        page.get_by_role("switch", name="Dark theme").check()
        expect(link).to_have_attribute("href", "/manifest-en-dark.webmanifest")
        expect(page.locator('meta[name="theme-color"]')).to_have_attribute("content", "#11151d")

        names = set()
        for lang in ("ja", "en", "ko"):
            for theme, colour in (("light", "#f3f0e8"), ("dark", "#11151d")):
                response = page.request.get(f"{base_url}manifest-{lang}-{theme}.webmanifest")
                assert response.ok and response.headers["content-type"].startswith("application/manifest+json")
                manifest = json.loads(response.text())
                assert manifest["id"] == manifest["start_url"] == manifest["scope"] == "/"  # one app in every variant
                assert manifest["lang"] == lang and manifest["display"] == "standalone"
                assert manifest["short_name"] == "Deckroom" and manifest["name"].startswith("Deckroom — ")
                assert manifest["theme_color"] == manifest["background_color"] == colour
                names.add(manifest["name"])
                icons = {(i["sizes"], i["purpose"]): i["src"] for i in manifest["icons"] if i["type"] == "image/png"}
                assert set(icons) == {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
                for (sizes, _), src in icons.items():
                    icon = page.request.get(base_url + src.lstrip("/"))
                    assert icon.ok and png_size(icon.body()) == tuple(map(int, sizes.split("x"))), src
        assert len(names) == 3  # the name in each language


# --- offline ------------------------------------------------------------------------------------------------------


def test_after_one_visit_the_site_and_the_rules_open_offline_and_the_game_says_it_needs_a_connection(
        browser: Browser, base_url: str) -> None:
    with phone(browser) as context:
        page = context.new_page()
        page.goto(base_url)
        expect(page.get_by_role("button", name=JA["start"])).to_be_visible()
        worker_ready(page)
        assert page.evaluate("caches.keys()") == [f"deckroom-{build_of(FRONTEND / 'dist')}"]

        context.set_offline(True)
        page.reload()
        expect(page.get_by_role("heading", name="オフラインです")).to_be_visible()
        expect(page.get_by_text("ゲームにはインターネット接続が必要です")).to_be_visible()
        page.locator(".games-intro").get_by_role("link", name="ルール").first.click()
        expect(rules_title(page)).to_have_text("カラーマッチのルールと遊び方")
        page.goto(base_url + "rules/color-rows.html?lang=ko")
        expect(rules_title(page)).to_contain_text("컬러 로")
        page.goto(base_url + "?room=1234")  # a join link opened offline: the same shell, the same plain words
        expect(page.get_by_role("heading", name="オフラインです")).to_be_visible()

        context.set_offline(False)  # back online: the site connects by itself
        expect(page.get_by_role("button", name=JA["start"])).to_be_visible()


def test_the_worker_never_caches_config_json(browser: Browser, base_url: str) -> None:
    with phone(browser) as context:
        page = context.new_page()
        page.goto(base_url)
        worker_ready(page)
        cached = page.evaluate("""async () => {
            const urls = [];
            for (const key of await caches.keys())
                for (const request of await (await caches.open(key)).keys()) urls.push(new URL(request.url).pathname);
            return urls;
        }""")
        assert "/" in cached and "/rules/color-match.html" in cached
        assert not [url for url in cached if url.endswith((".json", ".png")) or url == "/sw.js"], cached


# --- a game: the wake lock, the tab, and a new build that waits for the lobby -----------------------------------


def build_of(site: Path) -> str:
    return re.search(r'const BUILD = "([0-9a-f]+)"', (site / "sw.js").read_text()).group(1)


def publish_new_build(site: Path) -> str:
    """Makes ``site`` a newer build, as a deploy would: a changed page, and a worker whose file list names it."""
    index = site / "index.html"
    index.write_text(index.read_text().replace("</head>", '<meta name="build" content="next" />\n  </head>'))
    digest = hashlib.sha256(index.read_bytes()).hexdigest()[:16]
    worker = (site / "sw.js").read_text()
    build = hashlib.sha256(digest.encode()).hexdigest()[:16]
    worker = re.sub(r'const BUILD = "[0-9a-f]+"', f'const BUILD = "{build}"', worker)
    worker = re.sub(r'"/": "[0-9a-f]+"', f'"/": "{digest}"', worker)
    (site / "sw.js").write_text(worker)
    return build


@pytest.fixture
def own_site(tmp_path: Path) -> Iterator[tuple[RunningGateway, Path]]:
    """A server of the test's own, serving a copy of the built site the test may replace with a newer build."""
    ensure_built()
    site = tmp_path / "site"
    shutil.copytree(FRONTEND / "dist", site)
    # At the product's CPU pace: the test looks at the tab and the screen lock between CPU moves.
    with running_gateway(env={"DECKROOM_SEED": SEEDED["DECKROOM_SEED"]}, site_dir=site) as running:
        yield running, site


def test_a_game_keeps_the_screen_awake_marks_the_tab_and_a_new_build_waits_for_the_lobby(
        browser: Browser, own_site: tuple[RunningGateway, Path]) -> None:
    gateway, site = own_site
    with phone(browser) as context:
        page = context.new_page()
        page.add_init_script(WATCH_WAKE_LOCK)
        page.goto(gateway.base_url + "/")
        worker_ready(page)
        solo_start(page, gateway.base_url + "/", "color-match", cpus=1)
        expect(page.locator("main.game")).to_be_visible()
        code = page.locator(".topbar .room-code").inner_text()
        page.evaluate("window.sameDocument = true")  # gone if the page reloads
        expect_wake_log(page, ["request"])

        # The page hidden (the phone switched to another app): the lock goes; back: it is asked for again.
        expect(page.locator(".turn-banner.mine")).to_be_visible(timeout=30_000)
        page.evaluate(SET_VISIBILITY, True)
        expect(page).to_have_title("あなたの番 · Deckroom")
        expect(page.locator('link[rel="icon"]')).to_have_attribute("href", "/favicon-turn.svg")
        expect_wake_log(page, ["request", "release"])
        page.evaluate(SET_VISIBILITY, False)
        expect(page).to_have_title("Deckroom")
        expect(page.locator('link[rel="icon"]')).to_have_attribute("href", "/favicon.svg")
        expect_wake_log(page, ["request", "release", "request"])

        # Switched off in the settings: let go; on again: held again.
        page.get_by_role("button", name="設定").click()
        keep_awake = page.get_by_role("switch", name="ゲーム中は画面を消さない")
        keep_awake.uncheck()
        expect_wake_log(page, ["request", "release", "request", "release"])
        keep_awake.check()
        expect_wake_log(page, ["request", "release", "request", "release", "request"])
        page.get_by_role("button", name="閉じる").click()

        # A new build is published mid-game: its worker installs and waits; the game goes on in this page.
        new_build = publish_new_build(site)
        assert page.evaluate(FIND_UPDATE) == "installed"
        page.evaluate(SET_VISIBILITY, True)  # not even a hidden page reloads during a game
        page.evaluate(SET_VISIBILITY, False)
        play_color_match_against_cpus(page)
        expect(page.locator('main[data-phase="finished"]')).to_be_visible()
        assert page.evaluate("window.sameDocument") is True
        expect_wake_log(page, ["request", "release"] * 4)  # the last release: on the results

        # Back in the lobby — a safe moment — the page reloads into the new build and resumes the room.
        page.get_by_role("button", name=JA["to_lobby"]).click()
        page.wait_for_function("window.sameDocument === undefined")
        expect(page.locator("main.lobby")).to_be_visible()
        expect(page.locator(".topbar .room-code")).to_have_text(code)
        assert page.evaluate("caches.keys()") == [f"deckroom-{new_build}"]
        expect(page.locator('meta[name="build"]')).to_have_attribute("content", "next")


# --- stamps -------------------------------------------------------------------------------------------------------


def record(frames: list[dict[str, Any]]):
    """A ``prepare`` for ``gather``: keeps every frame the page receives, and the stamps it shows."""
    def prepare(page: Page) -> None:
        page.add_init_script(WATCH_STAMPS)
        page.on("websocket", lambda socket: socket.on(
            "framereceived", lambda payload: frames.append(json.loads(payload))))
    return prepare


def shown(page: Page) -> list[dict[str, Any]]:
    return page.evaluate("window.stampsShown")


def send_stamp(page: Page, label: str) -> None:
    page.get_by_role("button", name=re.compile("^(スタンプ|Stamps|스탬프)$")).click()
    page.get_by_role("dialog").get_by_role("button", name=label, exact=True).click()


def test_stamps_reach_the_others_in_their_language_over_the_senders_row_and_a_flood_is_refused(
        browser: Browser, base_url: str) -> None:
    frames: dict[str, list[dict[str, Any]]] = {"たろう": [], "Ann": [], "지우": []}
    with ExitStack() as stack:
        phones = room_of_three(browser, base_url, stack, frames)
        taro, ann, jiwoo = phones["たろう"], phones["Ann"], phones["지우"]
        ids = {name: page.locator(".member", has_text=name).get_attribute("data-member") for name, page in phones.items()}

        # A flood from たろう's socket — ten stamps at once: five pass, five are refused, and nobody sees those.
        # Every reply is awaited: the page shows its first refusal while the others may still be on their way.
        taro.evaluate("""() => {
            const socket = window.sockets.at(-1), room = document.querySelector(".room-code").textContent.slice(1);
            const ids = ["like", "nice", "sorry", "hurry", "wait", "almost", "thanks", "gg", "like", "nice"];
            window.floodReplies = [];
            socket.addEventListener("message", ({ data }) => {
                const frame = JSON.parse(data);
                if (String(frame.rid ?? "").startsWith("s")) window.floodReplies.push(frame);
            });
            ids.forEach((stamp, i) => socket.send(JSON.stringify({ action: "stamp", room, stamp, rid: `s${i}` })));
        }""")
        taro.wait_for_function("() => window.floodReplies.length === 10 && window.stampsShown.length === 5")
        expect(taro.get_by_role("alert")).to_contain_text("スタンプが続きすぎです")
        replies = taro.evaluate("window.floodReplies")
        assert sorted(f["type"] for f in replies) == ["error"] * 5 + ["stamp"] * 5
        assert {f["code"] for f in replies if f["type"] == "error"} == {"too_many_stamps"}
        # Which five passed is the server's to say (the frames of one socket are handled side by side); the others
        # were posted them before the sender's copies came back — all there by now, each in its reader's language.
        passed = sorted(f["stamp"] for f in replies if f["type"] == "stamp")
        for page, language in ((taro, "ja"), (ann, "en"), (jiwoo, "ko")):
            assert sorted(s["text"] for s in shown(page)) == sorted(LABELS[language][id_] for id_ in passed)
            assert {s["member"] for s in shown(page)} == {ids["たろう"]}
        assert sum(f["type"] == "stamp" for f in frames["Ann"]) == 5
        # A picture, beside the sender's row and not over it: their face, name and wins stay readable.
        row = ann.locator(f'[data-member="{ids["たろう"]}"]').bounding_box()
        bubble = shown(ann)[-1]
        assert bubble["picture"] and row["x"] <= bubble["x"] <= row["x"] + row["width"]
        assert bubble["top"] >= row["y"] + row["height"] or bubble["bottom"] <= row["y"]

        # 지우 hides others' stamps. Ann sends one from the sheet; when Ann sees it, the others have been posted it.
        jiwoo.get_by_role("button", name="설정").click()
        jiwoo.get_by_role("switch", name="다른 사람의 스탬프 보기").uncheck()
        jiwoo.get_by_role("button", name="닫기").click()
        send_stamp(ann, "Thanks")
        ann.wait_for_function("() => window.stampsShown.length === 6")
        send_stamp(jiwoo, "GG")  # 지우's own stamp still shows — and comes after Ann's on 지우's socket
        jiwoo.wait_for_function("() => window.stampsShown.length === 6")
        assert [(s["member"], s["text"]) for s in shown(jiwoo)[5:]] == [(ids["지우"], "GG")]
        taro.wait_for_function("() => window.stampsShown.length === 7")
        assert [(s["member"], s["text"]) for s in shown(taro)[5:]] == [(ids["Ann"], "ありがとう"), (ids["지우"], "GG")]


def room_of_three(browser: Browser, base_url: str, stack: ExitStack,
                  frames: dict[str, list[dict[str, Any]]]) -> dict[str, Page]:
    """たろう (Japanese) makes a room; Ann (English) and 지우 (Korean) join: each phone records what it receives."""
    recorders = iter(frames.values())

    def prepare(page: Page) -> None:
        track_sockets(page)
        record(next(recorders))(page)

    phones = gather(browser, base_url, stack, tuple(frames), prepare)
    for name, language, close in (("Ann", "English", "Close"), ("지우", "한국어", "닫기")):
        page = phones[name]
        page.get_by_role("button", name="設定").click()
        page.get_by_role("button", name=language).click()
        page.get_by_role("button", name=close).click()
    return phones
