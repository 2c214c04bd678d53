"""First flow through the handlers: hello, create, join, lobby, start, a move."""

from __future__ import annotations


def test_hello_create_join_start_move(gateway, posts):
    gateway.connect("A")
    welcome = gateway.send("A", action="hello", name="たろう", rid="h1")
    assert welcome["type"] == "welcome" and welcome["rid"] == "h1" and welcome["secret"]
    room = gateway.send("A", action="create")
    assert room["type"] == "room" and room["phase"] == "lobby", room
    code = room["code"]
    gateway.connect("B")
    gateway.send("B", action="hello", name="はなこ")
    joined = gateway.send("B", action="join", code=code)
    assert [m["name"] for m in joined["members"]] == ["たろう", "はなこ"]
    assert gateway.send("A", action="select_game", room=code, game="color-rows")["lobby"]["selected"] == "color-rows"
    started = gateway.send("A", action="start", room=code)
    assert started["phase"] == "playing", started
    view = started["game"]["view"]
    me = started["you"]["seat"]
    current = started["game"]["current"]
    conn = "A" if current == me else "B"
    frame = posts.last(conn, "room")
    place = frame["game"]["view"]["legal"][0]  # the first card was drawn with the start (a forced move)
    moved = gateway.send(conn, action="move", room=code, version=frame["version"], move=place)
    assert moved["type"] == "room" and moved["version"] == frame["version"] + 1, moved
