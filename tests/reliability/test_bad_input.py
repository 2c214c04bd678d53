"""Item 4: bad input. A hypothesis fuzzer sends malformed, oversized, deeply nested, badly encoded, wrongly
typed, wrongly shaped, forged, out-of-turn and unauthorised frames from six senders against three rooms:

- ``guest``: seated in room A's running Color Match game, not on turn (and with no off-turn move open);
- ``host``: A's host, on turn — only hostile moves, of every shape;
- ``watcher``: a spectator of room A;
- ``outsider``: identified, in no room;
- ``rival``: the host of room B (in the lobby);
- ``rower``: on turn in room C's Color Rows game against a CPU — only hostile moves.

Every frame gets exactly one structured ``error`` (a documented code, never ``internal``) as its direct reply,
and no room changes; nobody's connection record loses its identity or room. A frame about a room from a
stranger gets the same answer whether the code is live or not.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from functions.engine import GAMES
from functions.engine.errors import IllegalMove
from functions.protocol import FRAMES, MAX_FRAME_BYTES
from tests.reliability.harness import Seat, guest, room_of, rooms_only, table_items

PROTOCOL = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"
ERROR_CODES = frozenset(re.findall(r"^\| `([a-z_]+)` \|", PROTOCOL.read_text().split("## Error codes")[1], re.M))
FUZZ = settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
SOAK = settings(max_examples=3000, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)

ROOM_ACTIONS = tuple(sorted(action for action, model in FRAMES.items() if "room" in model.model_fields
                            and model.model_fields["room"].is_required()))
HOST_ACTIONS = ("set_settings", "select_game", "set_options", "add_cpu", "remove_cpu", "start", "rematch", "to_lobby",
                "remove_member", "set_open", "set_knock", "answer_knock")
#: Field -> kind, for every field of every client frame (docs/protocol.md, "Client frames").
FIELDS = {"rid": "str", "name": "str", "player_id": "str", "secret": "str", "room": "str", "code": "str",
          "mode": "str", "cpu_level": "str", "game": "str", "preset": "str", "options": "dict", "seat": "int",
          "version": "int", "move": "dict", "member": "str", "reason": "str", "open": "bool", "turn_timer": "int",
          "credential": "str", "account": "str", "stamp": "str", "key": "str", "knock": "str", "admit": "bool",
          "number": "int", "step": "int"}
#: A field whose kind depends on the action: ``set_knock``'s ``knock`` is a switch, ``answer_knock``'s an id.
ACTION_FIELDS = {("set_knock", "knock"): "bool"}
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
        self.c, (self.rower,) = room_of(gateway, ["こまり"], game="color-rows", cpus=1, tag="C")
        gateway.send(self.rower.conn, action="start", room=self.c)
        while gateway.posts.last(self.rower.conn, "room")["game"]["current"] != 0:
            gateway.run_timers(limit=1)  # the CPU plays until the person is on turn (then C waits on them)
        self.outsider = guest(gateway, "conn-outsider-Oo1=", "よそもの")
        frame = gateway.posts.last(self.guest.conn, "room")
        assert frame["game"]["current"] != frame["you"]["seat"] and frame["game"]["view"]["legal"] == []
        self.version = frame["version"]
        self.attackers = {"guest": self.guest, "watcher": self.watcher, "outsider": self.outsider,
                          "rival": self.rival}
        self.on_turn = {self.a: self.host, self.c: self.rower}  # they get hostile moves only
        self.strangers = 0
        self.templates = {
            "ping": {}, "hello": {"name": "ゆう"}, "create": {"mode": "host", "cpu_level": "easy"},
            "join": {"code": self.b, "key": "A" * 22}, "leave": {"room": self.a}, "set_settings": {"room": self.a, "mode": "vote"},
            "select_game": {"room": self.a, "game": "color-rows"}, "vote": {"room": self.a, "game": "color-rows"},
            "set_options": {"room": self.a, "game": "color-match", "options": {"stacking": True}, "preset": "house"},
            "add_cpu": {"room": self.a}, "remove_cpu": {"room": self.a, "seat": 1}, "start": {"room": self.a},
            "move": {"room": self.a, "version": self.version, "move": {"type": "draw"}},
            "rematch": {"room": self.a}, "to_lobby": {"room": self.a}, "leave_game": {"room": self.a},
            "end_game": {"room": self.a}, "replay": {"room": self.a, "number": 1},
            "remove_member": {"room": self.a, "member": "m1", "reason": "away"},
            "set_open": {"room": self.a, "open": False}, "back": {"room": self.a},
            "set_knock": {"room": self.a, "knock": True},
            "answer_knock": {"room": self.a, "knock": "k1", "admit": True}, "still_here": {"room": self.a},
            "sign_in": {"credential": "e30.e30.c2ln"}, "profile": {"name": "ゆう"}, "sign_out": {},
            "delete_account": {}, "stamp": {"room": self.a, "stamp": "nice"},
        }
        assert set(self.templates) == set(FRAMES)
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

    def refused(self, sender: Seat, body: str, codes: frozenset[str] | None = None, *,
                look: bool = True) -> dict[str, Any]:
        """Send ``body``; assert one documented error came back (one of ``codes`` if given) and, unless ``look`` is
        False (the next frame's check covers both: a scan of the table is most of a frame's cost), nothing
        changed."""
        replies = self.send(sender, body)
        assert replies, f"no reply to {body[:200]!r}"
        error = replies[-1]
        assert error["type"] == "error", f"{body[:300]!r} was accepted: {error}"
        assert error["code"] in ERROR_CODES and error["code"] != "internal", error
        assert codes is None or error["code"] in codes, f"{body[:300]!r}: {error}"
        assert all(f["type"] == "room" for f in replies[:-1])  # only stale / conflict add a fresh view, first
        assert not look or self._state() == self.before, f"{body[:300]!r} changed something"
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
    "bool": st.one_of(st.text(max_size=4), st.integers(), st.floats(allow_nan=False), st.none(), st.lists(st.booleans(), max_size=2)),
    "dict": st.one_of(st.text(max_size=5), st.integers(), st.booleans(), st.lists(st.integers(), max_size=2)),
}
OUT_OF_PATTERN = {
    "room": st.sampled_from(["", "123", "12345", "1234567", "123456789", "12a4", "１２３４", " 1234", "1234\n", "-123"]),
    "code": st.sampled_from(["", "999", "00000", "0000000", "abcd", "１２３４", "12 4", "٠١٢٣"]),
    "player_id": st.sampled_from(["p_", "p_ABCDEFGHIJKLMNOP", "x_0123456789abcdef", "p_0123456789abcdef0"]),
    "secret": st.text(max_size=42),
    "name": st.sampled_from(["", "   ", "x" * 17, "a\u0000b", "\u202etxt", "line\nbreak", "tab\there", "\x1b[31mred",
                             "zero\u200bwidth", "\u3164", "\u2800\u2800", "\u0301\u0302", "\uffa0", "\u115f"]),
    "mode": st.sampled_from(["HOST", "random", ""]), "cpu_level": st.sampled_from(["expert", "Hard", ""]),
    "game": st.sampled_from(["chess", "COLOR-MATCH", ""]), "seat": st.sampled_from([10, -1, 2**40]),
    "version": st.sampled_from([-1, -(2**63)]), "rid": st.sampled_from(["", "r" * 41]),
    "member": st.sampled_from(["", "c1", "M1", "m", "m12345", "p_0123456789abcdef"]),
    "reason": st.sampled_from(["", "rude", "AWAY", "away "]), "turn_timer": st.sampled_from([1, 10, 45, 61, 120]),
    "stamp": st.sampled_from(["", "NICE", "nice ", "hello", "いいね", "gg\n"]),
    "key": st.sampled_from(["", "A" * 21, "A" * 23, "A" * 21 + "=", "A" * 21 + "/", "Ａ" * 22]),
    "knock": st.sampled_from(["", "k", "K1", "m1", "k12345", "k1 "]),
    "number": st.sampled_from([0, -1]), "step": st.sampled_from([-1, 100_001, 2**40]),
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
    kind = ACTION_FIELDS.get((action, field), FIELDS[field])
    strategies = [WRONG[kind]] + ([OUT_OF_PATTERN[field]] if field in OUT_OF_PATTERN and kind == FIELDS[field] else [])
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
        code = data.draw(st.from_regex(r"\A[0-9]{4}\Z").filter(lambda c: c not in (arena.a, arena.b, arena.c)))
        arena.refused(arena.outsider, json.dumps({"action": "join", "code": code}),
                      frozenset({"room_not_found", "too_many_attempts"}))
        return
    action = data.draw(st.sampled_from(HOST_ACTIONS + ("move", "vote")))
    frame = {"action": action, **arena.templates[action]}
    if action == "move":
        frame["version"] = data.draw(st.integers(0, arena.version + 3))
        frame["move"] = data.draw(moves)
    stranger = frozenset({"not_in_room", "too_many_attempts"})  # each costs a failed join
    sender, codes = {
        "guest": (arena.guest, None),  # not_host, wrong_mode, stale, illegal_move…
        "watcher": (arena.watcher, None),
        "outsider": (arena.outsider, stranger),
        "rival": (arena.rival, stranger),  # B's host acting on room A
        "guest to B": (arena.guest, stranger),  # A's guest acting on room B
    }[who]
    if who == "guest to B":
        frame["room"] = arena.b
    arena.refused(sender, json.dumps(frame), codes)


def soak_of(test: Any) -> Any:
    """The soak version of a fuzz test: the same test with ``SOAK``'s examples, run by `make soak` only."""
    @pytest.mark.soak
    @SOAK
    @given(data=st.data())
    def soaked(arena, data):
        test.hypothesis.inner_test(arena, data)

    return soaked


test_soak_unauthorised_and_out_of_turn_frames_are_refused = soak_of(test_unauthorised_and_out_of_turn_frames_are_refused)
test_soak_wrongly_typed_and_out_of_range_fields_are_refused = soak_of(
    test_wrongly_typed_and_out_of_range_fields_are_refused)


# --- nested, badly encoded, any shape ---------------------------------------------------------------------------

def _nested(depth: int, kinds: str) -> str:
    opened = "".join('{"a":' if kinds[i % len(kinds)] == "{" else "[" for i in range(depth))
    closed = "".join("}" if kinds[i % len(kinds)] == "{" else "]" for i in reversed(range(depth)))
    return opened + "1" + closed


@FUZZ
@given(data=st.data())
def test_deep_and_badly_encoded_frames_are_refused(arena, data):
    """Nesting beyond 16 (the parser recurses: 3000 levels once got no answer at all) and lone surrogates, in any
    field or key of any action, are ``bad_frame`` — and the reply still carries a readable ``rid``."""
    sender = data.draw(st.sampled_from(list(arena.attackers.values()) + list(arena.on_turn.values())))
    action = data.draw(st.sampled_from(sorted(arena.templates)))
    frame = {"action": action, **arena.templates[action], "rid": "r1"}
    field = data.draw(st.sampled_from(sorted(frame)))
    if data.draw(st.booleans()):
        value = _nested(data.draw(st.integers(17, 4000)), data.draw(st.sampled_from(["[", "{", "[{", "{["])))
        body = json.dumps({**frame, field: 0}).replace(f'"{field}": 0', f'"{field}": {value}')
    else:
        surrogate = "\\u" + data.draw(st.from_regex(r"\A[dD][89a-fA-F][0-9a-fA-F]{2}\Z"))
        where = data.draw(st.sampled_from(["value", "key"]))
        inner = f'"x{surrogate}y"'
        body = json.dumps({**frame, field: 0}).replace(f'"{field}": 0', f'"{field}": {inner}') if where == "value" \
            else json.dumps(frame)[:-1] + f', {inner}: 1}}'
    error = arena.refused(sender, body, frozenset({"bad_frame", "frame_too_large"}))
    assert error.get("rid") in (None, "r1")


def _hostile_moves() -> st.SearchStrategy[dict[str, Any]]:
    """Moves of every JSON shape: known and unknown types, fields of every type (lists, objects, numbers out of
    range, booleans where integers go, strings where lists go), unknown and oddly named fields."""
    names = st.sampled_from(["type", "cards", "color", "target", "row", "seq", "seat", "Row", "x", "", "__proto__"])
    types = st.one_of(st.sampled_from(["play", "draw", "pass", "accept", "challenge", "declare", "callout",
                                       "choose_color", "take", "place", "give", "PLAY", "", "draw "]), json_values)
    # Mostly values of the protocol's bounded shape (what reaches the engine), sometimes anything at all.
    token = st.sampled_from(["r7", "W4", "W", "y0", "gS", "zz", "r", "x", "3", "-1", "0"]) | st.text(min_size=1, max_size=4)
    bounded = st.one_of(st.booleans(), st.integers(-1000, 1000), token, st.none(),
                        st.lists(token | st.integers(-1000, 1000), max_size=4))
    kinds = st.sampled_from(["play", "draw", "pass", "accept", "challenge", "declare", "callout", "choose_color",
                             "take", "place", "give", "PLAY", "draw ", "x"])
    fields = st.sampled_from(["cards", "color", "target", "row", "seq", "seat", "x"])
    shaped = st.builds(lambda t, rest: {"type": t, **rest}, kinds, st.dictionaries(fields, bounded, max_size=3))
    anything = st.builds(lambda t, rest: {"type": t, **rest}, types,
                         st.dictionaries(names, bounded | json_values, max_size=4))
    return shaped | anything  # the first reaches the game, the second mostly stops at the protocol


@FUZZ
@given(data=st.data())
def test_hostile_moves_from_the_player_on_turn_are_refused_by_the_protocol_or_the_game(arena, data):
    """A move in any shape from the very player whose turn it is, on the current version: ``bad_frame`` when it is
    not a bounded JSON move, else the game's ``illegal_move``; never ``internal``, and nothing changes."""
    room = data.draw(st.sampled_from(sorted(arena.on_turn)))
    player = arena.on_turn[room]
    frame = arena.gateway.posts.last(player.conn, "room")
    move = data.draw(_hostile_moves())
    legal = {json.dumps(m, sort_keys=True) for m in frame["game"]["view"]["legal"]}
    assume(json.dumps(move, sort_keys=True) not in legal)
    body = json.dumps({"action": "move", "room": room, "version": frame["version"], "move": move})
    arena.refused(player, body, frozenset({"bad_frame", "illegal_move"}))


@FUZZ
@given(data=st.data())
def test_any_room_frame_from_a_stranger_gets_the_same_answer_for_a_live_and_a_free_code(arena, data):
    """Every room action, every field drawn from its valid values or any JSON, from a connection not in the room:
    ``bad_frame`` if it does not parse, else ``not_in_room`` (or ``too_many_attempts`` once the stranger's
    failed joins are used up) — and the very same answer for a live code and a free one."""
    sender, live = data.draw(st.sampled_from([(arena.outsider, arena.a), (arena.rival, arena.a),
                                              (arena.guest, arena.b), (arena.outsider, arena.c), (None, arena.a),
                                              (None, arena.b), (None, arena.c)]))
    if sender is None:  # a stranger with a fresh identity at a fresh address: limits not yet in the way
        arena.strangers += 1
        sender = guest(arena.gateway, f"conn-stranger-{arena.strangers}-Ss=", "ふらり",
                       address=f"198.18.{arena.strangers // 250}.{arena.strangers % 250}")
        arena.before = arena._state()
    action = data.draw(st.sampled_from(ROOM_ACTIONS))
    frame = {"action": action, "rid": "r1"}
    for field in FRAMES[action].model_fields:
        if field in ("action", "rid", "room"):
            continue
        valid = arena.templates[action].get(field)
        if field in arena.templates[action] or data.draw(st.booleans()):
            frame[field] = data.draw(st.one_of(st.just(valid), json_values)) if valid is not None else \
                data.draw(json_values)
    free = data.draw(st.from_regex(r"\A[0-9]{4}\Z").filter(lambda c: c not in (arena.a, arena.b, arena.c)))
    answers = []
    for code in (live, free):
        error = arena.refused(sender, json.dumps({**frame, "room": code}),
                              frozenset({"bad_frame", "not_in_room", "too_many_attempts"}), look=code == free)
        answers.append(json.loads(json.dumps(error).replace(code, "CODE")))
    if {a["code"] for a in answers} <= {"not_in_room"} or answers[0]["code"] == "bad_frame":
        assert answers[0] == answers[1]
    else:  # the stranger's limit ran out between the two: both refused, the second one surely
        assert answers[1]["code"] == "too_many_attempts"


test_soak_hostile_moves_are_refused = soak_of(
    test_hostile_moves_from_the_player_on_turn_are_refused_by_the_protocol_or_the_game)
test_soak_room_frames_from_strangers_are_answered_alike = soak_of(
    test_any_room_frame_from_a_stranger_gets_the_same_answer_for_a_live_and_a_free_code)


@pytest.mark.parametrize("move", [{"type": ["draw"]}, {"type": {"a": 1}}, {"type": None}, ["draw"], None, "draw",
                                  {"type": "take", "row": [1]}, {"type": "play", "cards": [["r7"]]},
                                  {"type": "play", "cards": [{"a": 1}]}, {"type": "callout", "target": [1]}])
def test_every_game_refuses_a_move_of_any_shape_with_illegal_move(move):
    """Behind the protocol's shape check, each engine still refuses what is not one of its moves as
    ``IllegalMove`` (the room layer turns anything else into ``internal``)."""
    for game in GAMES.values():
        state = game.setup(game.min_players, game.options(), rng=random.Random(1))
        for seat in range(game.min_players):
            with pytest.raises(IllegalMove):
                game.apply(state, seat, move, now=0.0)


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
