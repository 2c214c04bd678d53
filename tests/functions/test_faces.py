"""Faces (issue 32): the ``avatar`` a person says with ``hello`` — a picture and a colour from closed sets — is
checked like the name, kept with the identity (the member, the connection, a signed-in player's account) and shown
in every view; CPU seats have fixed faces of their own."""

from __future__ import annotations

from typing import Any

import pytest

from functions import storage
from tests.functions.conftest import Gateway
from tests.functions.helpers import latest_room, room_with
from tests.functions.test_accounts import hello, sign_in

FOX = {"picture": "fox", "color": "teal"}
OWL = {"picture": "owl", "color": "pink"}


def members(gateway: Gateway, conn: str) -> list[dict[str, Any]]:
    return latest_room(gateway, conn)["members"]


def test_a_guest_says_their_face_with_hello_and_every_member_sees_it(gateway):
    gateway.connect("a")
    assert gateway.send("a", action="hello", name="たろう", avatar=FOX)["avatar"] == FOX
    code = gateway.send("a", action="create")["code"]
    gateway.connect("b")
    gateway.send("b", action="hello", name="はなこ")  # a client that says no face
    joined = gateway.send("b", action="join", code=code)
    assert [m["avatar"] for m in joined["members"]] == [FOX, {"picture": "initial", "color": "yellow"}]
    assert members(gateway, "a") == joined["members"]


@pytest.mark.parametrize("avatar", [
    {"picture": "unicorn", "color": "teal"},  # not a picture of the set
    {"picture": "fox", "color": "#00ff00"},  # not a colour of the set
    {"picture": "robot", "color": "teal"},  # a CPU's face: never a person's
    {"picture": "fox"},  # half a face
    {"picture": "fox", "color": "teal", "size": 3},  # an unknown field
    "fox",
])
def test_a_face_outside_the_sets_is_refused_and_changes_nothing(gateway, avatar):
    code, (host, guest) = room_with(gateway, ["たろう", "はなこ"])
    me = gateway.posts.last(guest, "welcome")
    before = storage.get_room(code, gateway.clock())
    gateway.connect("new")
    refused = gateway.send("new", action="hello", name="ゆうき", avatar=avatar)
    assert refused["code"] == "bad_frame" and "avatar" in refused["message"]
    assert storage.get_connection("new").player_id is None
    refused = gateway.send(guest, action="hello", player_id=me["player_id"], secret=me["secret"], room=code,
                           avatar=avatar)
    assert refused["code"] == "bad_frame"
    assert storage.get_room(code, gateway.clock()) == before


def test_a_face_is_kept_across_hello_and_resume_and_a_new_one_replaces_it(gateway):
    gateway.connect("a")
    me = gateway.send("a", action="hello", name="たろう", avatar=FOX)
    code = gateway.send("a", action="create")["code"]
    gateway.connect("tab")  # a reload that says no face keeps the member's
    gateway.send("tab", action="hello", player_id=me["player_id"], secret=me["secret"], room=code)
    assert gateway.posts.last("tab", "welcome")["avatar"] == FOX and members(gateway, "tab")[0]["avatar"] == FOX
    gateway.connect("tab2")  # one that says another face shows it to the room
    gateway.send("tab2", action="hello", player_id=me["player_id"], secret=me["secret"], room=code, avatar=OWL)
    assert members(gateway, "tab2")[0]["avatar"] == OWL
    gateway.send("tab2", action="leave", room=code)
    assert gateway.send("tab2", action="create")["members"][0]["avatar"] == OWL  # kept with the connection


def test_cpu_seats_have_fixed_faces_of_their_own_in_every_view(gateway):
    code, (host, guest) = room_with(gateway, ["たろう", "はなこ"], "color-match")
    gateway.send(host, action="add_cpu", room=code)
    gateway.send(host, action="add_cpu", room=code)
    lobby_faces = [m["avatar"] for m in members(gateway, host) if m["cpu"]]
    assert [face["picture"] for face in lobby_faces] == ["robot", "robot"]
    assert lobby_faces[0]["color"] != lobby_faces[1]["color"]
    started = gateway.send(host, action="start", room=code)
    assert [m["avatar"] for m in started["members"] if m["cpu"]] == lobby_faces
    assert [m["avatar"] for m in members(gateway, guest) if m["cpu"]] == lobby_faces


def test_a_signed_in_players_face_is_their_accounts_on_every_device(gateway):
    phone = hello(gateway, "phone", avatar=FOX)
    assert sign_in(gateway, "phone", phone["secret"])["avatar"] == FOX
    changed = gateway.send("phone", action="profile", avatar=OWL)
    assert changed["avatar"] == OWL
    assert gateway.send("phone", action="profile", avatar={"picture": "owl", "color": "gold"})["code"] == "bad_frame"
    laptop = hello(gateway, "laptop", "ラップトップ")
    assert sign_in(gateway, "laptop", laptop["secret"])["avatar"] == OWL
    again = hello(gateway, "phone2", player_id=phone["player_id"], secret=phone["secret"],
                  account=gateway.posts.last("phone", "signed_in")["account"], avatar=FOX)
    assert again["avatar"] == OWL  # the account's, whatever the device says
    assert gateway.send("phone2", action="create")["members"][0]["avatar"] == OWL


def test_a_new_face_on_the_profile_reaches_the_room(gateway):
    code, (host, guest) = room_with(gateway, ["たろう", "ゆうき"])
    sign_in(gateway, guest, gateway.posts.last(guest, "welcome")["secret"])
    gateway.send(guest, action="profile", avatar=OWL)
    assert members(gateway, host)[1]["avatar"] == OWL
