"""Item 4: bad input. A hypothesis fuzzer sends malformed, oversized, wrongly typed, forged, out-of-turn and
unauthorised frames from four attackers against two rooms:

- ``guest``: seated in room A's running game, not on turn (and with no off-turn move open);
- ``watcher``: a spectator of room A;
- ``outsider``: identified, in no room;
- ``rival``: the host of room B (in the lobby).

Every frame gets exactly one structured ``error`` (a documented code, never ``internal``) as its direct reply,
and no room changes; nobody's connection record loses its identity or room.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from functions.protocol import FRAMES, MAX_FRAME_BYTES
from tests.reliability.harness import Seat, guest, room_of, rooms_only, table_items

PROTOCOL = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"
ERROR_CODES = frozenset(re.findall(r"^\| `([a-z_]+)` \|", PROTOCOL.read_text().split("## Error codes")[1], re.M))
FUZZ = settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
SOAK = settings(max_examples=3000, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)

ROOM_ACTIONS = ("leave", "set_settings", "select_game", "vote", "set_options", "add_cpu", "remove_cpu", "start",
                "move", "rematch", "to_lobby")
HOST_ACTIONS = ("set_settings", "select_game", "set_options", "add_cpu", "remove_cpu", "start", "rematch", "to_lobby")
#: Field -> kind, for every field of every client frame (docs/protocol.md, "Client frames").
FIELDS = {"rid": "str", "name": "str", "player_id": "str", "secret": "str", "room": "str", "code": "str",
          "mode": "str", "cpu_level": "str", "game": "str", "preset": "str", "options": "dict", "seat": "int",
          "version": "int", "move": "dict"}
FORGED = ("seat", "player", "member", "host", "you", "conn", "connectionId", "by", "as", "admin", "__proto__")


class Arena:
    """Two rooms and four attackers; ``templates`` holds a valid frame of every action."""

    def __init__(self, gateway) -> None:
        self.gateway = gateway
        self.a, (self.host, self.guest) = room_of(gateway, ["あるじ", "きゃく"], game="color-match", tag="A")
        gateway.send(self.host.conn, action="start", room=self.a)
        for _ in range(10):  # the guest moves until it has nothing to do (a first card may have skipped the host)
            frame = gateway.posts.last(self.guest.conn, "room")
            if not frame["game"]["view"]["legal"]:
                break
            gateway.send(self.guest.conn, action="move", room=self.a, version=frame["version"],
                         move=frame["game"]["view"]["legal"][0])
        self.watcher = guest(gateway, "conn-watcher-Ww1=", "みるひと")
        gateway.send(self.watcher.conn, action="join", code=self.a)
        self.b, (self.rival, _) = room_of(gateway, ["ライバル", "なかま"], tag="B")
        self.outsider = guest(gateway, "conn-outsider-Oo1=", "よそもの")
        frame = gateway.posts.last(self.guest.conn, "room")
        assert frame["game"]["current"] != frame["you"]["seat"] and frame["game"]["view"]["legal"] == []
        self.version = frame["version"]
        self.attackers = {"guest": self.guest, "watcher": self.watcher, "outsider": self.outsider,
                          "rival": self.rival}
        self.templates = {
            "ping": {}, "hello": {"name": "ゆう"}, "create": {"mode": "host", "cpu_level": "easy"},
            "join": {"code": self.b}, "leave": {"room": self.a}, "set_settings": {"room": self.a, "mode": "vote"},
            "select_game": {"room": self.a, "game": "color-rows"}, "vote": {"room": self.a, "game": "color-rows"},
            "set_options": {"room": self.a, "game": "color-match", "options": {"stacking": True}, "preset": "house"},
            "add_cpu": {"room": self.a}, "remove_cpu": {"room": self.a, "seat": 1}, "start": {"room": self.a},
            "move": {"room": self.a, "version": self.version, "move": {"type": "draw"}},
            "rematch": {"room": self.a}, "to_lobby": {"room": self.a},
        }
        self.before = self._state()

    def _state(self) -> tuple[dict, dict]:
        items = table_items()
        conns = {k: {f: v for f, v in item.items() if f in ("player_id", "secret_hash", "room")}
                 for k, item in items.items() if k.startswith("conn#")}
        return rooms_only(items), conns

    def send(self, sender: Seat, body: str) -> list[dict[str, Any]]:
        frames = self.gateway.posts.frames.setdefault(sender.conn, [])
        before = len(frames)
        self.gateway.send_raw(sender.conn, body)
        return frames[before:]

    def refused(self, sender: Seat, body: str, codes: frozenset[str] | None = None) -> dict[str, Any]:
        """Send ``body``; assert one documented error came back (one of ``codes`` if given) and nothing changed."""
        replies = self.send(sender, body)
        assert replies, f"no reply to {body[:200]!r}"
        error = replies[-1]
        assert error["type"] == "error", f"{body[:300]!r} was accepted: {error}"
        assert error["code"] in ERROR_CODES and error["code"] != "internal", error
        assert codes is None or error["code"] in codes, f"{body[:300]!r}: {error}"
        assert all(f["type"] == "room" for f in replies[:-1])  # only stale / conflict add a fresh view, first
        assert self._state() == self.before, f"{body[:300]!r} changed something"
        return error


@pytest.fixture
def arena(gateway) -> Arena:
    return Arena(gateway)


def test_every_documented_error_code_is_parsed():
    assert {"bad_frame", "frame_too_large", "not_host", "not_in_room", "stale", "internal"} <= ERROR_CODES


# --- malformed and oversized ---------------------------------------------------------------------------------

json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                           max_leaves=12)


@FUZZ
@given(data=st.data())
def test_malformed_frames_are_refused(arena, data):
    sender = data.draw(st.sampled_from(list(arena.attackers.values())))
    body = data.draw(st.one_of(
        st.text(max_size=200).filter(lambda t: not _is_object_with_action(t)),
        json_values.map(json.dumps).filter(lambda t: not _is_object_with_action(t)),
        st.dictionaries(st.text(max_size=10), json_values, max_size=4).map(
            lambda d: json.dumps({**d, "action": "".join(reversed(d.get("action", "x") if isinstance(d.get("action"), str) else "x")) + "?"})),
    ))
    arena.refused(sender, body, frozenset({"bad_frame", "unknown_action"}))


def _is_object_with_action(text: str) -> bool:
    try:
        value = json.loads(text)
    except ValueError:
        return False
    return isinstance(value, dict) and isinstance(value.get("action"), str)


@FUZZ
@given(data=st.data())
def test_oversized_frames_are_refused_before_they_are_read(arena, data):
    sender = data.draw(st.sampled_from(list(arena.attackers.values())))
    action = data.draw(st.sampled_from(sorted(arena.templates)))
    filler = data.draw(st.sampled_from(["x", "あ", "\\u0000", " "]))
    frame = {"action": action, **arena.templates[action]}
    body = json.dumps(frame)[:-1] + ', "pad": "' + filler * (MAX_FRAME_BYTES // len(filler.encode()) + 1) + '"}'
    arena.refused(sender, body, frozenset({"frame_too_large"}))


# --- wrongly typed and forged fields ---------------------------------------------------------------------------

WRONG = {
    "str": st.one_of(st.integers(), st.floats(allow_nan=False), st.booleans(), st.lists(st.integers(), max_size=2),
                     st.dictionaries(st.text(max_size=3), st.integers(), max_size=2)),
    "int": st.one_of(st.text(max_size=4), st.floats(allow_nan=False), st.booleans(), st.lists(st.integers(), max_size=2),
                     st.integers(max_value=-1)),
    "dict": st.one_of(st.text(max_size=5), st.integers(), st.booleans(), st.lists(st.integers(), max_size=2)),
}
OUT_OF_PATTERN = {
    "room": st.sampled_from(["", "123", "12345", "12a4", "１２３４", " 1234", "1234\n", "-123"]),
    "code": st.sampled_from(["", "999", "00000", "abcd", "１２３４", "12 4"]),
    "player_id": st.sampled_from(["p_", "p_ABCDEFGHIJKLMNOP", "x_0123456789abcdef", "p_0123456789abcdef0"]),
    "secret": st.text(max_size=42),
    "name": st.sampled_from(["", "   ", "x" * 17, "a\u0000b", "\u202etxt", "line\nbreak", "tab\there", "\x1b[31mred",
                             "zero\u200bwidth"]),
    "mode": st.sampled_from(["HOST", "random", ""]), "cpu_level": st.sampled_from(["hard", "Easy", ""]),
    "game": st.sampled_from(["chess", "COLOR-MATCH", ""]), "seat": st.sampled_from([10, -1, 2**40]),
    "version": st.sampled_from([-1, -(2**63)]), "rid": st.sampled_from(["", "r" * 41]),
}


@FUZZ
@given(data=st.data())
def test_wrongly_typed_and_out_of_range_fields_are_refused(arena, data):
    sender = data.draw(st.sampled_from(list(arena.attackers.values())))
    action = data.draw(st.sampled_from(sorted(arena.templates)))
    frame = {"action": action, **arena.templates[action]}
    if action == "hello":
        frame = data.draw(st.sampled_from([frame, {"action": "hello", "player_id": arena.guest.player_id,
                                                   "secret": "A" * 43, "room": arena.a}]))
    fields = sorted(set(frame) - {"action"} | {"rid"})
    field = data.draw(st.sampled_from(fields))
    strategies = [WRONG[FIELDS[field]]] + ([OUT_OF_PATTERN[field]] if field in OUT_OF_PATTERN else [])
    frame[field] = data.draw(st.one_of(*strategies))
    if field == "name" and isinstance(frame[field], str) and frame[field] == "zero\u200bwidth":
        frame[field] = "\u200b"  # a format character alone: refused like a control character
    error = arena.refused(sender, json.dumps(frame), frozenset({"bad_frame"}))
    assert "rid" not in error or error["rid"] == frame.get("rid")


@FUZZ
@given(data=st.data())
def test_forged_fields_are_refused(arena, data):
    """A seat, a member, a player or a host flag in a frame is never believed: an unknown field is refused."""
    sender = data.draw(st.sampled_from(list(arena.attackers.values())))
    action = data.draw(st.sampled_from(sorted(arena.templates)))
    template = arena.templates[action]
    own_fields = FRAMES[action].model_fields  # optional ones included: those are not forgeries
    forged = data.draw(st.sampled_from([f for f in FORGED + tuple(FIELDS) if f not in own_fields]))
    frame = {"action": action, **template, forged: data.draw(json_values)}
    arena.refused(sender, json.dumps(frame), frozenset({"bad_frame"}))


# --- well-formed but unauthorised, out of turn, or for another room ---------------------------------------------

moves = st.fixed_dictionaries(
    {"type": st.sampled_from(["play", "draw", "pass", "accept", "challenge", "declare", "callout", "choose_color",
                              "take", "place", "steal"])},
    optional={"cards": st.lists(st.sampled_from(["r7", "W4", "W", "gS", "bD", "y0", "zz"]), max_size=3),
              "color": st.sampled_from(["r", "g", "b", "y", "x"]), "target": st.integers(-1, 12),
              "row": st.integers(-1, 5), "seat": st.integers(0, 3)})


@FUZZ
@given(data=st.data())
def test_unauthorised_and_out_of_turn_frames_are_refused(arena, data):
    who = data.draw(st.sampled_from(["guest", "watcher", "outsider", "rival", "guest to B", "forged hello",
                                     "join again", "guessing"]))
    if who == "forged hello":  # another player's id and room, a secret that is not theirs
        victim, room = data.draw(st.sampled_from([(arena.host, arena.a), (arena.guest, arena.a), (arena.rival, arena.b)]))
        secret = data.draw(st.from_regex(r"\A[A-Za-z0-9_-]{43}\Z"))
        body = {"action": "hello", "player_id": victim.player_id, "secret": secret, "room": room}
        arena.refused(arena.outsider, json.dumps(body), frozenset({"bad_credentials"}))
        return
    if who == "join again":
        sender = data.draw(st.sampled_from([arena.guest, arena.watcher, arena.rival]))
        body = data.draw(st.sampled_from([{"action": "create"}, {"action": "join", "code": arena.a},
                                          {"action": "join", "code": arena.b}]))
        arena.refused(sender, json.dumps(body), frozenset({"already_in_room"}))
        return
    if who == "guessing":
        code = data.draw(st.from_regex(r"\A[0-9]{4}\Z").filter(lambda c: c not in (arena.a, arena.b)))
        arena.refused(arena.outsider, json.dumps({"action": "join", "code": code}),
                      frozenset({"room_not_found", "too_many_attempts"}))
        return
    action = data.draw(st.sampled_from(HOST_ACTIONS + ("move", "vote")))
    frame = {"action": action, **arena.templates[action]}
    if action == "move":
        frame["version"] = data.draw(st.integers(0, arena.version + 3))
        frame["move"] = data.draw(moves)
    sender, codes = {
        "guest": (arena.guest, None),  # not_host, wrong_mode, stale, illegal_move…
        "watcher": (arena.watcher, None),
        "outsider": (arena.outsider, frozenset({"not_in_room"})),
        "rival": (arena.rival, frozenset({"not_in_room"})),  # B's host acting on room A
        "guest to B": (arena.guest, frozenset({"not_in_room"})),  # A's guest acting on room B
    }[who]
    if who == "guest to B":
        frame["room"] = arena.b
    arena.refused(sender, json.dumps(frame), codes)


@pytest.mark.soak
@SOAK
@given(data=st.data())
def test_soak_unauthorised_and_out_of_turn_frames_are_refused(arena, data):
    test_unauthorised_and_out_of_turn_frames_are_refused.hypothesis.inner_test(arena, data)


@pytest.mark.soak
@SOAK
@given(data=st.data())
def test_soak_wrongly_typed_and_out_of_range_fields_are_refused(arena, data):
    test_wrongly_typed_and_out_of_range_fields_are_refused.hypothesis.inner_test(arena, data)


# --- names ---------------------------------------------------------------------------------------------------

MARKUP_NAMES = ["<b>太字</b>", "<img src=x>", "<svg/onload=x()>", "&lt;&amp;\"'", "<script>", "{{7*7}}${1}"]


@pytest.mark.parametrize("name", MARKUP_NAMES)
def test_a_name_with_markup_is_kept_as_the_text_it_is(gateway, name):
    """Markup is not refused (a name is text, and the site shows it as text: tests/reliability/test_browser.py),
    and it comes back byte for byte: never escaped twice, never stripped."""
    code, (host, other) = room_of(gateway, ["ホスト", name])
    assert other.name == name
    members = gateway.posts.last(host.conn, "room")["members"]
    assert [m["name"] for m in members] == ["ホスト", name]
