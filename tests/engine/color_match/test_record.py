"""The view's public record (``record``): what every player at the table saw each seat do over the whole game."""

from __future__ import annotations

import json
import random

from tests.engine.color_match.support import FILLER, G, act, play, position

F = FILLER
PILE = ["g4", "r4", "g1", "g2", "g3", "g6", "g7", "g8", "g9", "b2", "b3"]


def seats(s, seat=None) -> list[dict]:
    return G.view(s, seat)["record"]["seats"]


def test_draws_on_a_colour_count_the_cards_drawn_since() -> None:
    s = position([["r1", "r2", "y9"], ["b5", "b6"], F[:3]], "r7", pile=PILE)
    s = play(s, 0, "r1")
    s = act(s, 1, "draw")  # draws g4 on red: no match, the turn passes
    s = act(s, 2, "draw")  # draws r4 on red, which fits: kept
    s = act(s, 2, "pass")
    assert seats(s)[1]["drew_on"] == {"r": 1} and seats(s)[2]["drew_on"] == {"r": 1}
    assert seats(s)[2]["kept"] == 1 and seats(s)[1]["kept"] == 0
    s = play(s, 0, "r2")
    s = act(s, 1, "draw")  # g1 on red again: a fresh count
    assert seats(s)[1]["drew_on"] == {"r": 1}
    assert seats(s)[0] == {"drew_on": {}, "named": "", "wilds": 0, "wd4": 0, "actions": 0, "kept": 0}


def test_a_penalty_adds_to_the_count_since_a_draw_and_wilds_and_actions_are_counted() -> None:
    s = position([["rD", "r2", "y9"], ["b5", "b6"], ["W", "g6"]], "r7", pile=PILE)
    s = act(s, 0, "draw")  # g4 on red: no match
    s = act(s, 1, "draw")  # r4 on red: kept
    s = act(s, 1, "pass")
    s = act(s, 2, "draw")  # g1 on red, holding a wild (a draw is always allowed): no match
    s = play(s, 0, "rD")  # seat 1 takes two and is skipped
    record = seats(s)
    assert record[1]["drew_on"] == {"r": 3} and record[0]["actions"] == 1 and record[0]["drew_on"] == {"r": 1}
    s = play(s, 2, "W", color="b")
    assert seats(s)[2] == {"drew_on": {"r": 1}, "named": "b", "wilds": 1, "wd4": 0, "actions": 0, "kept": 0}


def test_the_record_is_the_same_for_every_viewer_and_survives_a_dump() -> None:
    rng = random.Random(3)
    for preset in ("basic", "house"):
        s = G.setup(4, G.options(preset), rng=rng)
        while G.current(s) is not None:
            seat = G.current(s)
            s = G.apply(s, seat, rng.choice(G.legal_moves(s, seat)), now=0.0)
            records = [G.view(s, viewer)["record"] for viewer in (None, 0, 1, 2, 3)]
            assert all(r == records[0] for r in records)
            assert G.view(G.load(json.loads(json.dumps(G.dump(s)))), None)["record"] == records[0]
        under = G.view(s, None)["record"]["under"]
        assert sum(under.values()) <= G.view(s, None)["discard"] - 1


def test_a_dump_written_before_the_record_still_loads() -> None:
    data = G.dump(position([["r1", "r2"], ["b5", "b6"]], "r7", pile=PILE))
    del data["record"]
    assert seats(G.load(data))[1] == {"drew_on": {}, "named": "", "wilds": 0, "wd4": 0, "actions": 0, "kept": 0}
