"""Strangers: failed joins and creations are limited per client address and per player, across connections, and
no frame tells a stranger whether a code is live; the room codes never run out."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from functions import settings as settings_module, storage, throttle
from functions.throttle import CREATE_BY_ADDRESS, CREATE_BY_PLAYER, JOIN_BY_ADDRESS, JOIN_BY_PLAYER
from tests.functions.helpers import room_with

ROOM_FRAMES = [
    {"action": "leave"}, {"action": "set_settings", "mode": "vote"}, {"action": "select_game", "game": "color-rows"},
    {"action": "vote", "game": None}, {"action": "set_options", "game": "color-rows", "preset": "variant"},
    {"action": "add_cpu"}, {"action": "remove_cpu"}, {"action": "start"}, {"action": "rematch"},
    {"action": "to_lobby"}, {"action": "move", "version": 3, "move": {"type": "draw"}},
    {"action": "remove_member", "member": "m1"}, {"action": "set_open", "open": False}, {"action": "back"},
    {"action": "stamp", "stamp": "gg"},
]


def stranger(gateway, conn: str, address: str = "198.51.100.7") -> str:
    gateway.connect(conn, address=address)
    gateway.send(conn, action="hello", name="よそもの")
    return conn


def free_code(live: str, n: int = 0) -> str:
    return next(c for c in (f"{i:04d}" for i in range(n, 10_000)) if c != live)


def test_a_room_frame_from_a_stranger_gets_the_same_answer_for_a_live_and_a_free_code(gateway):
    live, _ = room_with(gateway, ["たろう", "はなこ"])
    outsider = stranger(gateway, "x")
    for i, frame in enumerate(ROOM_FRAMES):
        answers = []
        for code in (live, free_code(live, i)):
            gateway.send_raw(outsider, json.dumps({**frame, "room": code, "rid": "r"}))
            answer = gateway.posts.last(outsider)
            answers.append({k: v.replace(code, "CODE") if isinstance(v, str) else v for k, v in answer.items()})
        assert answers[0] == answers[1], frame
        assert answers[0]["code"] in ("not_in_room", "too_many_attempts")


def test_room_frames_from_strangers_cost_a_failed_join_each_whether_the_code_is_live_or_not(gateway):
    live, _ = room_with(gateway, ["たろう"])
    outsider = stranger(gateway, "x")
    codes = [live if i % 2 else free_code(live, i) for i in range(JOIN_BY_PLAYER.allowed)]
    assert [gateway.send(outsider, action="add_cpu", room=c)["code"] for c in codes] == \
        ["not_in_room"] * JOIN_BY_PLAYER.allowed
    for code in (live, free_code(live)):
        refused = gateway.send(outsider, action="add_cpu", room=code)
        assert refused["code"] == "too_many_attempts" and refused["retry_after"] == JOIN_BY_PLAYER.window
    # The same player cannot join either, even the live code: the limit is counted before the lookup.
    assert gateway.send(outsider, action="join", code=live)["code"] == "too_many_attempts"


def test_one_player_s_failed_joins_are_limited_across_connections_and_the_window_turns(gateway, clock_):
    live, _ = room_with(gateway, ["たろう"])
    first = stranger(gateway, "x")
    welcome = gateway.posts.last(first, "welcome")
    for i in range(JOIN_BY_PLAYER.allowed):
        assert gateway.send(first, action="join", code=free_code(live, i))["code"] == "room_not_found"
    # A new connection of the same player is the same player.
    gateway.connect("x2")
    gateway.send("x2", action="hello", player_id=welcome["player_id"], secret=welcome["secret"], name="あやしい")
    blocked = gateway.send("x2", action="join", code=live)
    assert blocked["code"] == "too_many_attempts" and blocked["retry_after"] == JOIN_BY_PLAYER.window
    # Another person at the same address is not held up by this one's mistakes.
    assert gateway.send(stranger(gateway, "y"), action="join", code=live)["type"] == "room"
    clock_.advance(blocked["retry_after"])
    assert gateway.send("x2", action="join", code=live)["type"] == "room"


def test_an_address_is_limited_across_players_and_connections_and_other_addresses_are_not(gateway):
    live, _ = room_with(gateway, ["たろう"])
    tries = 0
    for player in range(JOIN_BY_ADDRESS.allowed // JOIN_BY_PLAYER.allowed):  # fresh identities on fresh sockets
        conn = stranger(gateway, f"s{player}", "203.0.113.9")
        for _ in range(JOIN_BY_PLAYER.allowed):
            assert gateway.send(conn, action="join", code=free_code(live, tries))["code"] == "room_not_found"
            tries += 1
    late = stranger(gateway, "late", "203.0.113.9")
    assert gateway.send(late, action="join", code=live)["code"] == "too_many_attempts"
    assert gateway.send(stranger(gateway, "elsewhere", "203.0.113.10"), action="join", code=live)["type"] == "room"


def test_ipv6_addresses_count_by_their_64_and_ipv4_mapped_ones_as_ipv4():
    assert throttle.subject_of_address("2001:db8:aa:bb:1::1") == throttle.subject_of_address("2001:db8:aa:bb:ffff::9")
    assert throttle.subject_of_address("2001:db8:aa:bc::1") != throttle.subject_of_address("2001:db8:aa:bb::1")
    assert throttle.subject_of_address("::ffff:203.0.113.9") == "203.0.113.9"


def test_successful_joins_do_not_use_the_limit_up(gateway):
    codes = [gateway.send(stranger(gateway, f"host{i}"), action="create")["code"] for i in range(3)]
    visitor = stranger(gateway, "v")
    for _ in range(JOIN_BY_PLAYER.allowed + 2):
        for code in codes:
            assert gateway.send(visitor, action="join", code=code)["type"] == "room"
            gateway.send(visitor, action="leave", room=code)
    assert gateway.send(visitor, action="join", code=free_code(""))["code"] == "room_not_found"


def test_a_player_holds_a_few_rooms_and_gets_one_back_by_closing_it(gateway, clock_):
    maker = stranger(gateway, "m")
    welcome = gateway.posts.last(maker, "welcome")
    codes = []
    for i in range(CREATE_BY_PLAYER.allowed):
        codes.append(gateway.send(maker, action="create")["code"])
        gateway.connect(f"m{i}")  # a new tab of the same player, the last room left behind
        gateway.send(f"m{i}", action="hello", player_id=welcome["player_id"], secret=welcome["secret"], name="つくる")
        maker = f"m{i}"
    refused = gateway.send(maker, action="create")
    assert refused["code"] == "too_many_attempts" and refused["retry_after"] <= CREATE_BY_PLAYER.window
    # Leaving a room one made, as the last person in it, closes it and gives it back.
    gateway.send(maker, action="hello", player_id=welcome["player_id"], secret=welcome["secret"], room=codes[-1])
    assert gateway.send(maker, action="leave", room=codes[-1])["type"] == "left"
    assert storage.get_room(codes[-1], clock_()) is None
    assert gateway.send(maker, action="create")["type"] == "room"
    assert gateway.send(stranger(gateway, "other"), action="create")["type"] == "room"  # others are not held up


def test_an_address_creates_a_limited_number_of_rooms(gateway):
    for i in range(CREATE_BY_ADDRESS.allowed):
        assert gateway.send(stranger(gateway, f"s{i}", "203.0.113.50"), action="create")["type"] == "room"
    assert gateway.send(stranger(gateway, "late", "203.0.113.50"), action="create")["code"] == "too_many_attempts"
    assert gateway.send(stranger(gateway, "away", "203.0.113.51"), action="create")["type"] == "room"


def with_setting(monkeypatch: pytest.MonkeyPatch, name: str, value: str) -> Iterator[None]:
    """The server with a test-only setting (an environment variable), read afresh, and without it again after."""
    monkeypatch.setenv(name, value)
    settings_module.settings.cache_clear()
    yield
    monkeypatch.delenv(name)
    settings_module.settings.cache_clear()


@pytest.fixture
def eight_short_codes(monkeypatch):
    """Only codes 0000–0007 of the 4-digit ones are handed out (the test hook ``DECKROOM_SHORT_CODES``)."""
    yield from with_setting(monkeypatch, "DECKROOM_SHORT_CODES", "8")


def test_when_the_4_digit_codes_are_crowded_new_rooms_get_6_digits_and_creation_never_fails(
        gateway, eight_short_codes):
    codes = []
    for i in range(40):
        conn = stranger(gateway, f"s{i}", f"203.0.113.{i}")
        codes.append(gateway.send(conn, action="create")["code"])
    short, long = [c for c in codes if len(c) == 4], [c for c in codes if len(c) == 6]
    assert len(short) + len(long) == 40 and len(set(codes)) == 40
    assert set(short) <= {f"{i:04d}" for i in range(8)} and len(short) >= 4  # about half taken before it moves on
    assert len(long) >= 32
    # The join frame takes both lengths.
    for code in (short[0], long[0]):
        assert gateway.send(stranger(gateway, f"j{code}", "192.0.2.1"), action="join", code=code)["type"] == "room"


@pytest.fixture
def seeded(monkeypatch):
    """A server with the test-only ``DECKROOM_SEED``: every creation tries the same codes."""
    yield from with_setting(monkeypatch, "DECKROOM_SEED", "codes")


def test_a_seeded_server_gives_each_new_room_the_first_free_of_the_same_codes_and_never_runs_out(gateway, seeded):
    """Four codes of each length would have failed the 13th room (the screenshots make 16 against CPUs)."""
    codes = [gateway.send(stranger(gateway, f"s{i}", f"203.0.113.{i}"), action="create")["code"] for i in range(30)]
    assert len(set(codes)) == 30
    assert [len(c) for c in codes[:12]] == [4] * 4 + [6] * 4 + [8] * 4 and all(len(c) == 8 for c in codes[12:])


def _stored_items() -> list[dict]:
    return storage.client().scan(TableName=settings_module.settings().table_name)["Items"]


@pytest.mark.parametrize("address", ["198.51.100.7", "2001:db8:aa:bb:1::1"])
def test_the_per_address_counters_hold_a_keyed_hash_and_never_the_address(gateway, address: str) -> None:
    stranger(gateway, "c1", address=address)
    assert gateway.send("c1", action="join", code="0000")["code"] == "room_not_found"
    subject = throttle.subject_of_address(address)
    expected = throttle.hashed_subject(subject, settings_module.settings().address_key)
    items = _stored_items()
    counters = [i["pk"]["S"] for i in items if i["pk"]["S"].startswith("limit#join-address#")]
    assert len(counters) == 1 and counters[0].split("#")[2] == expected
    stored = json.dumps(items)
    for fragment in (address, subject, subject.split("::")[0], "198.51.100"):
        assert fragment not in stored


def test_the_same_address_meets_the_same_counter_and_another_key_names_another(gateway, monkeypatch) -> None:
    for conn in ("c1", "c2"):
        stranger(gateway, conn, address="203.0.113.24")
        gateway.send(conn, action="join", code="0000")
    (counter,) = [i for i in _stored_items() if i["pk"]["S"].startswith("limit#join-address#")]
    assert counter["n"]["N"] == "2"
    assert throttle.hashed_subject("203.0.113.24", "another key, long enough") != counter["pk"]["S"].split("#")[2]
