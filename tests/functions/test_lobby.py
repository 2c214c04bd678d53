"""The lobby's list of games as the room frame carries it: seat limits, and what the options form is built from."""

from __future__ import annotations

from functions.actions import lobby as lobby_actions
from functions.engine import GAMES
from tests.functions.helpers import latest_room, room_with


def test_each_game_lists_its_options_and_its_presets_in_full(gateway):
    _, (_, guest) = room_with(gateway, ["たろう", "はなこ"])
    games = {g["id"]: g for g in latest_room(gateway, guest)["lobby"]["games"]}
    color_match, color_rows = games["color-match"], games["color-rows"]
    assert (color_match["min"], color_match["max"], color_match["fits"]) == (2, 10, True)
    assert list(color_match["options"]) == ["multi_play", "stacking", "challenge", "no_action_finish", "call"]
    assert color_match["options"]["stacking"] == {"default": False, "choices": [False, True]}
    assert color_match["options"]["call"] == {"default": "callout", "choices": ["callout", "next_action", 3, 5, 10]}
    assert color_match["presets"] == {
        "basic": {"multi_play": False, "stacking": False, "challenge": False, "no_action_finish": False,
                  "call": "callout"},
        "house": {"multi_play": True, "stacking": True, "challenge": True, "no_action_finish": False,
                  "call": "next_action"},
    }
    assert color_rows["options"] == {"scoring": {"default": "standard", "choices": ["standard", "variant"]}}
    assert color_rows["presets"] == {"standard": {"scoring": "standard"}, "variant": {"scoring": "variant"}}


def test_the_room_s_options_equal_one_preset_until_the_host_changes_one_option(gateway):
    code, (host, _) = room_with(gateway, ["たろう", "はなこ"])
    house = gateway.send(host, action="set_options", room=code, game="color-match", preset="house")["lobby"]
    presets = next(g for g in house["games"] if g["id"] == "color-match")["presets"]
    assert house["options"]["color-match"] == presets["house"]
    changed = gateway.send(host, action="set_options", room=code, game="color-match", options={"call": 5})["lobby"]
    assert changed["options"]["color-match"] not in presets.values()
    assert changed["options"]["color-match"] == {**presets["house"], "call": 5}


def test_lobby_frames_list_the_cpu_levels_the_server_accepts(gateway, monkeypatch):
    from functions import engine

    code, (host, guest) = room_with(gateway, ["たろう", "はなこ"], "color-match")
    levels = latest_room(gateway, guest)["lobby"]["cpu_levels"]
    assert levels == list(engine.LEVELS) and "normal" in levels
    for level in levels:
        assert gateway.send(host, action="set_settings", room=code, cpu_level=level)["settings"]["cpu_level"] == level
    assert gateway.send(host, action="set_settings", room=code, cpu_level="master")["code"] == "bad_frame"
    # One list: a level the engine adds is offered and accepted with no other change.
    monkeypatch.setattr(engine, "LEVELS", (*engine.LEVELS, "master"))
    assert gateway.send(host, action="set_settings", room=code, cpu_level="master")["lobby"]["cpu_levels"][-1] == "master"
    monkeypatch.undo()
    gateway.send(host, action="set_settings", room=code, cpu_level="normal")
    # Like the games' option forms, the list is in lobby frames only.
    playing = gateway.send(host, action="start", room=code)
    assert playing["phase"] == "playing" and "cpu_levels" not in playing["lobby"]

def test_every_registered_game_is_listed_with_its_player_range_and_fits_once_enough_seats_are_filled(gateway):
    code, (host, _) = room_with(gateway, ["たろう", "はなこ"])
    games = latest_room(gateway, host)["lobby"]["games"]
    assert [g["id"] for g in games] == list(GAMES)
    assert [(g["min"], g["max"]) for g in games] == [(game.min_players, game.max_players) for game in GAMES.values()]
    daifugo = next(g for g in games if g["id"] == "daifugo")
    assert (daifugo["min"], daifugo["max"], daifugo["fits"]) == (3, 8, False)  # two people: one seat short
    assert list(daifugo["options"]) == list(GAMES["daifugo"].option_specs)
    assert daifugo["presets"]["house"]["jokers"] == 2 and daifugo["presets"]["basic"]["sequences"] is False

    gateway.send(host, action="select_game", room=code, game="daifugo")
    assert gateway.send(host, action="start", room=code)["code"] == "bad_player_count"
    added = gateway.send(host, action="add_cpu", room=code)  # a CPU seat makes three
    assert next(g for g in added["lobby"]["games"] if g["id"] == "daifugo")["fits"] is True
    started = gateway.send(host, action="start", room=code)
    assert started["game"]["id"] == "daifugo" and [m["cpu"] for m in started["members"]] == [False, False, True]
    assert started["game"]["view"]["phase"] == "play" and len(started["game"]["view"]["players"]) == 3


def test_a_member_switching_their_vote_many_times_a_second_is_held_to_the_limit(gateway, clock_):
    """Issue 31: 18 vote switches a second posted every other member 54 room frames in 4 s. Each player's lobby
    changes are limited (``CHANGES``): past them the answer is ``too_many_attempts`` with ``retry_after``, the room
    does not change and nobody else is posted anything."""
    code, (host, voter, other) = room_with(gateway, ["たろう", "はなこ", "じろう"])
    gateway.send(host, action="set_settings", room=code, mode="vote")
    posted = len(gateway.posts.frames[other])
    replies = []
    for i in range(72):  # 18 a second for 4 s
        replies.append(gateway.send(voter, action="vote", room=code, game=("color-match", "color-rows")[i % 2]))
        clock_.advance(1 / 18)
    kinds = [r["code"] if r["type"] == "error" else r["type"] for r in replies]
    assert kinds.count("room") <= lobby_actions.CHANGES_ALLOWED and set(kinds) == {"room", "too_many_attempts"}
    assert len(gateway.posts.frames[other]) - posted == kinds.count("room")
    refused = next(r for r in replies if r["type"] == "error")
    assert 1 <= refused["retry_after"] <= lobby_actions.CHANGES_WINDOW
    version = latest_room(gateway, other)["version"]
    assert gateway.send(voter, action="vote", room=code, game="daifugo")["code"] == "too_many_attempts"
    assert latest_room(gateway, other)["version"] == version
    # The others are not held up by one member's flood; the voter votes again once the window moved on.
    assert gateway.send(other, action="vote", room=code, game="daifugo")["type"] == "room"
    clock_.advance(lobby_actions.CHANGES_WINDOW)
    assert gateway.send(voter, action="vote", room=code, game="daifugo")["lobby"]["votes"]["daifugo"] == ["m2", "m3"]
