"""The room and lobby logic directly, without I/O: pure functions over a ``Room``."""

from __future__ import annotations

import pytest

from functions.refusal import Refusal
from functions.room import autoplay, catalog, lobby, play
from functions.room.model import Member, Room
from functions.room.view import room_view
from tests.functions.race_game import RaceGame, State, register


def human(name: str, conn: str | None = None) -> Member:
    return Member(id="", name=name, player_id=f"p_{name:0>16}"[:18], secret_hash="h", conn=conn or name)


@pytest.fixture
def room() -> Room:
    room = lobby.new_room("4821", human("taro"))
    for name in ("hana", "jiro"):
        lobby.join(room, human(name), 0.0)
    return room


def test_host_hands_over_to_the_longest_present_connected_member(room):
    room.members[1].conn = None  # hana dropped
    events = lobby.leave(room, room.members[0])
    assert room.host == "m3"
    assert events == [{"code": "member_left", "member": "m1"}, {"code": "host_changed", "member": "m3"}]


def test_a_leaving_voter_loses_the_vote(room):
    room.mode = "vote"
    lobby.vote(room, room.members[1], "color-rows")
    lobby.leave(room, room.members[1])
    assert room.votes == {}


@pytest.mark.parametrize("votes, host_vote, requested, chosen", [
    (["color-rows", "color-rows", "color-match"], None, None, "color-rows"),
    (["color-rows", "color-match"], "color-match", None, "color-match"),
    (["color-rows", "color-match"], None, "color-rows", "color-rows"),
])
def test_the_vote_and_its_tie_break(room, votes, host_vote, requested, chosen):
    room.mode = "vote"
    for member, game in zip(room.members[1:] + [room.members[0]], votes):
        lobby.vote(room, member, game)
    if host_vote:
        room.votes.pop("m1", None)
        lobby.vote(room, room.members[0], host_vote)
        lobby.vote(room, room.members[2], None)
    assert lobby.chosen_game(room, requested) == chosen


def test_cpu_seats_are_named_and_removed_by_index(room):
    lobby.add_cpu(room, room.members[0])
    lobby.add_cpu(room, room.members[0])
    assert [m.name for m in room.members if m.cpu] == ["CPU 1", "CPU 2"]
    lobby.remove_cpu(room, room.members[0], 3)
    assert [m.id for m in room.members] == ["m1", "m2", "m3", "c5"]
    with pytest.raises(Refusal) as err:
        lobby.remove_cpu(room, room.members[0], 0)
    assert err.value.code == "no_cpu"


def test_color_match_first_seat_rotates_from_the_host(room):
    room.selected = "color-match"
    room.version = 2
    firsts = []
    for seed in range(4):
        if room.game is not None:
            room.game.result = {"winner": 0, "ranking": []}
            play.to_lobby(room, room.members[0])
        firsts.append(play.start(room, room.members[0], None, seed, 0.0)[-1]["first"])
    assert firsts == [0, 1, 2, 0]


def test_views_hide_secrets_and_other_hands(room):
    room.selected = "color-match"
    room.version = 2
    play.start(room, room.members[0], None, 7, 0.0)
    view = room_view(room, room.members[1], 0.0, [])
    text = repr(view)
    assert "p_" not in text and "secret" not in text and "'conn'" not in text
    assert view["game"]["view"]["seat"] == 1
    assert all(isinstance(p["cards"], int) for p in view["game"]["view"]["players"])  # counts, not cards
    outsider = room_view(room, None, 0.0, [])
    assert "hand" not in outsider["game"]["view"] and outsider["you"]["spectator"] is True


def test_a_cpu_seat_plays_at_the_room_s_level_and_a_stand_in_at_the_default_level(room, monkeypatch):
    register(monkeypatch, RaceGame())
    asked = []
    monkeypatch.setattr(catalog, "cpu_choice",
                        lambda game_id, view, rng, level: asked.append((view["seat"], level)) or {"type": "step"})
    host = room.members[0]
    lobby.set_settings(room, host, None, "easy")
    lobby.add_cpu(room, host)
    lobby.select_game(room, host, "race")
    room.version = 2
    play.start(room, host, None, 1, 0.0)  # Race: the last seat, the CPU's, starts
    lobby.disconnect(room, host.conn, 0.0)  # the host's seat is next: its stand-in plays after the grace
    autoplay.catch_up(room, 100.0, host_at=autoplay.host_pass_at(room))
    assert asked == [(3, "easy"), (0, "normal")]


class WavingRace(RaceGame):
    """Race in which, after each step, every seat off turn may ``wave`` until one does (an off-turn move, as a
    call-out is in Color Match)."""

    WAVE = {"type": "wave"}

    def legal_moves(self, state: State, seat: int) -> list[dict[str, object]]:
        if state["winner"] is None and seat != state["current"] and state.get("waving"):
            return [dict(self.WAVE)]
        return super().legal_moves(state, seat)

    def apply(self, state: State, seat: int, move: dict[str, object], *, now: float) -> State:
        if move == self.WAVE and move in self.legal_moves(state, seat):
            return {**state, "waving": False, "events": [{"type": "waved", "seat": seat}]}
        return {**super().apply(state, seat, move, now=now), "waving": True}


@pytest.mark.parametrize("waves", [True, False])
def test_an_off_turn_bot_decides_once_per_step_through_a_change(room, monkeypatch, waves):
    register(monkeypatch, WavingRace())
    asked = []

    def choose(game_id, view, rng, level):
        asked.append(view["seat"])
        return view["legal"][0] if waves or view["current"] == view["seat"] else None

    monkeypatch.setattr(catalog, "cpu_choice", choose)
    host = room.members[0]
    lobby.add_cpu(room, host)
    lobby.select_game(room, host, "race")
    room.version = 2
    play.start(room, host, None, 1, 0.0)  # the CPU's seat (the last) starts
    decided: autoplay.Decisions = {}
    events = autoplay.catch_up(room, 100.0, host_at=None, decided=decided)  # the CPU steps, then may wave off turn
    autoplay.next_due(room, decided=decided)  # the schedule of the same change
    moves = [e["move"]["type"] for e in events if e["code"] == "moved"]
    assert moves == (["step", "wave"] if waves else ["step"])
    assert asked == [3, 3]  # once in turn, once off turn: whether it waves is not asked again
