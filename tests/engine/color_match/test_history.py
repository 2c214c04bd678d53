"""The view's public memory of the table: ``recent`` (the last 2 × players steps' public actions) and
``color_before`` (the colour a challengeable Wild Draw Four covered)."""

from __future__ import annotations

import json
import random

from tests.engine.color_match.support import FILLER, G, act, play, position

F = FILLER
PILE = ["g1", "g2", "g3", "g4", "g6", "g7", "g8", "g9", "b2", "b3"]


def recent(s, seat=None) -> list[dict]:
    return G.view(s, seat)["recent"]


def test_recent_lists_plays_draws_keeps_and_calls_with_no_card_drawn_named() -> None:
    s = position([["r1", "r2", "y9"], ["b5", "b6"], F[:3]], "r7", pile=["g4", "r4", *PILE])
    s = play(s, 0, "r1")
    s = act(s, 1, "draw")  # draws g4: no match, the turn passes
    s = act(s, 2, "draw")  # draws r4, which fits: kept
    s = act(s, 2, "pass")
    assert recent(s) == [
        {"type": "play", "seat": 0, "cards": ["r1"], "color": "r"},
        {"type": "drew", "seat": 1, "count": 1, "reason": "draw"},
        {"type": "drew", "seat": 2, "count": 1, "reason": "draw"},
        {"type": "keep", "seat": 2},
    ]
    text = json.dumps(recent(s, 0))
    assert "g4" not in text and "r4" not in text  # a drawn card is never named unless played
    assert all(recent(s, seat) == recent(s) for seat in range(3))  # the same for every viewer


def test_recent_shows_declarations_and_callouts() -> None:
    s = position([["r1", "r2"], ["b5", "b6", "b7"], F[:3]], "r7", pile=PILE)
    declared = play(act(s, 0, "declare"), 0, "r1")
    assert [(e["type"], e["seat"]) for e in recent(declared)] == [("declare", 0), ("play", 0)]
    called_out = act(play(s, 0, "r1"), 1, "callout", target=0)
    assert [(e["type"], e["seat"]) for e in recent(called_out)] == [("play", 0), ("callout", 1), ("drew", 0)]
    assert recent(called_out)[-1]["reason"] == "missed_call"


def test_recent_keeps_the_public_actions_of_the_last_two_rounds_of_steps() -> None:
    public = {"play", "drew", "keep", "declare", "callout", "challenge", "choose_color"}
    s = G.setup(3, G.options("house"), rng=random.Random(3))
    steps = [G.view(s, None)["events"]]
    rng = random.Random(4)
    for _ in range(30):
        seat = G.current(s)
        if seat is None:
            break
        s = G.apply(s, seat, rng.choice(G.legal_moves(s, seat)), now=0.0)
        steps.append(G.view(s, None)["events"])
        kept = [e for step in steps[-2 * 3 :] for e in step if e["type"] in public]
        assert recent(s) == kept


def test_recent_survives_a_dump_and_a_view_can_be_changed_freely() -> None:
    s = play(position([["r1", "r2", "y9"], ["b5", "b6"], F[:3]], "r7", pile=PILE), 0, "r1")
    assert recent(G.load(json.loads(json.dumps(G.dump(s))))) == recent(s)
    recent(s)[0]["cards"].append("W")
    assert recent(s)[0]["cards"] == ["r1"]


def test_a_dump_written_before_the_history_still_loads() -> None:
    data = G.dump(position([["r1", "r2"], ["b5", "b6"]], "r7", pile=PILE))
    del data["recent"]
    assert recent(G.load(data)) == []


def test_a_ten_player_dump_stays_small() -> None:
    rng = random.Random(5)
    s = G.setup(10, G.options("house"), rng=rng)
    largest = 0
    while G.current(s) is not None:
        seat = G.current(s)
        s = G.apply(s, seat, rng.choice(G.legal_moves(s, seat)), now=0.0)
        largest = max(largest, len(json.dumps(G.dump(s), separators=(",", ":"))))
    assert largest < 3000


def test_color_before_shows_the_colour_a_challengeable_wild_draw_four_covered() -> None:
    s = position([["W4", "r1", "y9"], ["g5", "y8"], F[:3]], "r5", pile=PILE, challenge=True)
    s = play(s, 0, "W4", color="g")
    assert (G.view(s, 1)["color_before"], G.view(s, 2)["color_before"], G.view(s, None)["color"]) == ("r", "r", "g")
    assert G.view(act(s, 1, "accept"), 1)["color_before"] is None


def test_color_before_is_null_without_a_challenge_to_make() -> None:
    s = position([["rD", "y9", "y7"], ["bD", "y8", "y6"], ["W4", "y7", "y5"], ["gD", *F[:3]]], "r5", pile=PILE,
                 stacking=True)  # fmt: skip
    s = play(play(play(s, 0, "rD"), 1, "bD"), 2, "W4", color="g")
    assert (G.view(s, 3)["challenge"], G.view(s, 3)["color_before"]) == (None, None)


def test_legal_moves_are_fresh_dicts_each_time() -> None:
    s = position([["W", "r1"], ["b5", "b6"]], "r7", pile=PILE)
    first = G.legal_moves(s, 0)
    first[0]["cards"].append("r1")
    first[1]["color"] = "purple"
    assert G.legal_moves(s, 0)[:2] == [
        {"type": "play", "cards": ["W"], "color": "r"},
        {"type": "play", "cards": ["W"], "color": "y"},
    ]
