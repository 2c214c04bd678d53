"""Signing in, in the browser, through the local issuer (``make dev``'s stand-in for Google Identity Services, with
the same ``google.accounts.id`` API): a guest signs in and stays the same player; a solo game counts on the
profile; a second device signed in to the account is the same player with the same record; a rename, a sign-out,
a deletion; a sign-in and a rename in the middle of a game; a sign-in begun while starting as a guest; and a
deployment without sign-in shows none of it.
"""

from __future__ import annotations

import json
import re
from contextlib import ExitStack

from playwright.sync_api import Browser, Page, expect

from tools.browser.bots import play_color_match_against_cpus
from tools.browser.driver import (
    JA, LOCAL_SIGN_IN, FrameGate, choose_and_start, choose_user, gather, phone, sign_in, start_as_guest,
    stored_identity, version, wait_version,
)

#: What the quick solo start deals in these tests: Color Match against one CPU (the shortest game there is).
ONE_CPU = json.dumps({"game": "color-match", "options": None, "cpus": 1, "level": "easy"})
COLOR_MATCH = '.stats li[data-game="color-match"]'


def open_settings(page: Page) -> None:
    page.get_by_role("button", name="設定").click()
    expect(page.locator("#settings-panel")).to_be_visible()


def close_settings(page: Page) -> None:
    page.locator("#settings-panel").get_by_role("button", name="閉じる").click()


def open_profile(page: Page, name: str) -> None:
    """The top bar's profile button (a signed-in player's initial), then the profile as the server sends it."""
    page.get_by_role("button", name=f"プロフィール: {name}").click()
    expect(page.locator(".profile-player")).to_have_text(name)


def back(page: Page) -> None:
    page.get_by_role("button", name="戻る").click()


def leave_room(page: Page) -> None:
    """From a game's results: the lobby, then out of the room (which asks first)."""
    page.get_by_role("button", name=JA["to_lobby"]).click()
    page.get_by_role("button", name="ルームを出る").click()
    page.get_by_role("button", name="出る", exact=True).click()
    expect(page.get_by_role("button", name=JA["create"])).to_be_visible()


def test_an_account_follows_its_player_across_devices(browser: Browser, base_url: str) -> None:
    with ExitStack() as stack:
        first = stack.enter_context(phone(browser)).new_page()
        second = stack.enter_context(phone(browser)).new_page()
        first.add_init_script(f"localStorage.setItem('deckroom.solo', {json.dumps(ONE_CPU)})")

        # A guest signs in from the settings: the same player (upgraded, not replaced), under the guest's name.
        first.goto(base_url)
        start_as_guest(first, "あおい")
        expect(first.get_by_role("button", name=JA["create"])).to_be_visible()
        guest = stored_identity(first)
        open_settings(first)
        sign_in(first, "Aiko", within=first.locator("#settings-panel"))
        expect(first.locator("#settings-panel")).to_contain_text("あおい でログイン中")
        close_settings(first)
        account = stored_identity(first)
        assert account["playerId"] == guest["playerId"] and account["secret"] == guest["secret"]
        assert re.fullmatch(r"a_[0-9a-f]{32}", account["account"])
        open_profile(first, "あおい")
        expect(first.locator(COLOR_MATCH)).to_contain_text("まだ遊んでいません")
        expect(first.locator(".recent li")).to_have_count(0)
        back(first)

        # A solo game, to its end: it counts on the profile (opened from the results: sign-out waits outside rooms).
        first.get_by_role("button", name=JA["solo"]).click()
        play_color_match_against_cpus(first)
        expect(first.locator(".results")).to_be_visible()
        open_profile(first, "あおい")
        expect(first.locator(COLOR_MATCH)).to_contain_text(re.compile(r"1 戦 [01] 勝"))
        record = first.locator(COLOR_MATCH).text_content() or ""
        won = "1 戦 1 勝" in record
        expect(first.locator(".recent li")).to_have_count(1)
        expect(first.locator(".recent li .badge")).to_have_text("勝ち" if won else "負け")
        expect(first.locator(".recent li")).to_contain_text("カラーマッチ")
        expect(first.get_by_text("ルームを出てからできます")).to_be_visible()
        expect(first.get_by_role("button", name="ログアウト")).to_have_count(0)
        back(first)
        expect(first.locator(".results")).to_be_visible()

        # A second device signs in from its start screen: it becomes the same player, with the same record.
        second.goto(base_url)
        second.get_by_label(JA["name"]).fill("べつの名前")  # a new account would start with it; this one exists
        sign_in(second, "Aiko")
        expect(second.get_by_role("heading", name="あおい さん、こんにちは")).to_be_visible()
        assert stored_identity(second)["playerId"] == guest["playerId"]
        assert stored_identity(second)["account"] == account["account"]
        assert stored_identity(second)["secret"] != guest["secret"]  # each device keeps its own secret
        open_profile(second, "あおい")
        expect(second.locator(COLOR_MATCH)).to_have_text(record)
        expect(second.locator(".recent li")).to_have_count(1)
        expect(second.locator(".profile-name")).to_contain_text("ログイン中の端末 2 台")
        # Its recent game replays there, though this device was never in that room; Back closes the replay.
        second.get_by_role("button", name=re.compile(r"ルーム \d+ のゲーム 1 をリプレイで見る")).click()
        expect(second.locator("main.replay.color-match .table")).to_be_visible()
        expect(second.locator("main.replay .replay-seat option:checked")).to_have_text("あおい")  # the account's seat
        second.go_back()
        expect(second.locator("main.replay")).to_have_count(0)
        open_profile(second, "あおい")

        # A new name, on the second device; the first sees it in its profile.
        second.get_by_role("button", name="名前を変更").click()
        second.get_by_label("名前").fill("あおい2")
        second.get_by_role("button", name="保存").click()
        expect(second.locator(".profile-player")).to_have_text("あおい2")
        back(second)
        expect(second.get_by_role("heading", name="あおい2 さん、こんにちは")).to_be_visible()

        # The first device leaves the room and deletes the account, after a confirmation.
        leave_room(first)
        first.get_by_role("button", name="プロフィール: あおい").click()
        expect(first.locator(".profile-player")).to_have_text("あおい2")  # the account's name, as renamed
        expect(first.get_by_role("button", name="プロフィール: あおい2")).to_be_visible()
        first.get_by_role("button", name="アカウントを削除").click()
        expect(first.get_by_text("元に戻せません")).to_be_visible()
        first.get_by_role("button", name="やめる").click()  # not yet
        expect(first.get_by_role("button", name="アカウントを削除")).to_be_visible()
        first.get_by_role("button", name="アカウントを削除").click()
        first.get_by_role("button", name="削除する").click()
        expect(first.get_by_role("status")).to_have_text("アカウントを削除しました。この端末は新しいゲストになりました。")
        first.get_by_role("button", name="閉じる").click()
        expect(first.get_by_role("heading", name="あおい2 さん、こんにちは")).to_be_visible()
        after = stored_identity(first)
        assert "account" not in after and after["playerId"] != guest["playerId"]
        expect(first.get_by_role("button", name=re.compile("^プロフィール"))).to_have_count(0)

        # The second device finds itself a guest at its next connection: the same player, no account.
        second.reload()
        expect(second.get_by_role("button", name=JA["create"])).to_be_visible()
        expect(second.get_by_role("button", name=re.compile("^プロフィール"))).to_have_count(0)
        assert stored_identity(second)["playerId"] == guest["playerId"] and "account" not in stored_identity(second)

        # Signing in again makes a new, empty account of this guest.
        open_settings(second)
        sign_in(second, "Aiko", within=second.locator("#settings-panel"))
        close_settings(second)
        open_profile(second, "あおい2")
        expect(second.locator(COLOR_MATCH)).to_contain_text("まだ遊んでいません")
        expect(second.locator(".recent li")).to_have_count(0)
        assert stored_identity(second)["playerId"] == guest["playerId"]

        # Signing out: a new guest under the same name; the sign-in button is back in the settings.
        second.get_by_role("button", name="ログアウト").click()
        expect(second.get_by_role("status")).to_have_text("ログアウトしました。この端末は新しいゲストになりました。")
        second.get_by_role("button", name="閉じる").click()
        expect(second.get_by_role("heading", name="あおい2 さん、こんにちは")).to_be_visible()
        signed_out = stored_identity(second)
        assert "account" not in signed_out and signed_out["playerId"] != guest["playerId"]
        open_settings(second)
        expect(second.locator("#settings-panel").get_by_role("button", name=LOCAL_SIGN_IN)).to_be_visible()


def test_signing_in_and_renaming_during_a_game(browser: Browser, base_url: str) -> None:
    """A guest signs in mid-game and keeps their seat; the other phone's log does not say they are back (they never
    left), and tells their new name when they change it. Sign-out waits until they leave the room."""
    with ExitStack() as stack:
        phones = gather(browser, base_url, stack, ("たろう", "はなこ"))
        host, guest = phones.values()
        choose_and_start(host, "カラーマッチ")
        expect(guest.locator("main.game")).to_be_visible()
        seat = guest.locator(".hand-card").count()

        before = version(host)
        open_settings(guest)
        sign_in(guest, "Ben", within=guest.locator("#settings-panel"))
        expect(guest.locator("#settings-panel")).to_contain_text("はなこ でログイン中")
        close_settings(guest)
        wait_version(host, before + 1)  # the room frame of the sign-in (member_connected)
        expect(guest.locator(".hand-card")).to_have_count(seat)  # the same seat, the same hand
        host.locator(".log summary").click()
        expect(host.locator(".log")).not_to_contain_text("はなこが戻りました")

        open_profile(guest, "はなこ")
        expect(guest.locator("html")).not_to_have_class("at-table")  # the profile scrolls like any page
        expect(guest.get_by_text("ルームを出てからできます")).to_be_visible()
        expect(guest.get_by_role("button", name="アカウントを削除")).to_have_count(0)
        guest.get_by_role("button", name="名前を変更").click()
        guest.get_by_label("名前").fill("はな")
        guest.get_by_role("button", name="保存").click()
        expect(guest.locator(".profile-player")).to_have_text("はな")
        back(guest)
        expect(guest.locator("html")).to_have_class("at-table")
        expect(host.locator(".log")).to_contain_text("はなこが名前をはなに変えました")
        expect(host.locator(".opponent-name .seat-name-text")).to_have_text("はな")
        expect(host.locator(".log")).not_to_contain_text("戻りました")


def test_a_sign_in_begun_while_starting_as_a_guest_signs_that_guest_in(browser: Browser, base_url: str) -> None:
    """The start screen's button made a quiet identity; the visitor starts as a guest and, while that hello is on
    its way, signs in from the settings: the token comes back before the welcome, or after it. Either way the
    guest is signed in: the guest kept the identity whose nonce the token carries."""
    for user, token_first in (("Sora", True), ("Kenji", False)):
        with phone(browser) as context:
            page = context.new_page()
            hellos = FrameGate(page, "hello")
            page.goto(base_url)
            expect(page.get_by_role("button", name=LOCAL_SIGN_IN)).to_be_visible()  # the quiet identity's nonce
            hellos.hold = True
            start_as_guest(page, "ゆうき")
            open_settings(page)
            with page.expect_popup() as opened:
                page.locator("#settings-panel").get_by_role("button", name=LOCAL_SIGN_IN).click()
            expect(page.locator("#settings-panel")).to_be_visible()
            held = json.loads(hellos.held or "{}")
            assert (held.get("name"), "player_id" in held) == ("ゆうき", True)  # the quiet identity, renamed
            if token_first:
                choose_user(opened.value, user)
                hellos.release()
            else:
                hellos.release()
                page.wait_for_function("() => JSON.parse(localStorage.getItem('deckroom.identity') || '{}').playerId")
                choose_user(opened.value, user)
            expect(page.locator("#settings-panel")).to_contain_text("ゆうき でログイン中")
            assert stored_identity(page)["playerId"] == held["player_id"] and "account" in stored_identity(page)
            assert hellos.sent == 2


def test_no_sign_in_without_a_client_id(browser: Browser, base_url: str) -> None:
    """A deployment without ``signIn`` in config.json: no button, no account row, and Google's script never loads."""
    with phone(browser) as context:
        page = context.new_page()

        def without_sign_in(route):  # type: ignore[no-untyped-def]
            config = route.fetch().json()
            config.pop("signIn")
            route.fulfill(json=config)

        page.route("**/config.json", without_sign_in)
        scripts: list[str] = []
        page.on("request", lambda request: scripts.append(request.url) if "gsi" in request.url else None)
        page.goto(base_url)
        expect(page.get_by_role("button", name=JA["solo"])).to_be_visible()
        expect(page.get_by_text("または")).to_have_count(0)
        start_as_guest(page, "ゆうき")
        expect(page.get_by_role("button", name=JA["create"])).to_be_visible()
        open_settings(page)
        expect(page.locator("#settings-panel")).not_to_contain_text("アカウント")
        expect(page.get_by_role("button", name=LOCAL_SIGN_IN)).to_have_count(0)
        assert scripts == []
