"""The internal representation (shared rules, the step history in ``earlier``, the quick paths) is invisible
from outside: dumps and views are exactly what the engine wrote before it changed."""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from functions.engine import OptionsError
from functions.engine.color_match.options import shared_rules
from tests.engine.color_match.support import G, play, position

# (players, options, seed, digest of every dump and view along two seeded random games). The digests were
# computed with the engine of commit 1424ef2, before the representation changed: a new digest means the dump
# format or some behaviour changed, which needs its own reason (and new digests). The public record (``record``)
# came later and is left out of the digest: every field that existed then is still exactly as it was.
GOLDEN = [
    (2, {"multi_play": False}, 1, "f6e36de6258888b8"),
    (4, {"multi_play": True, "stacking": True, "challenge": True, "call": "next_action"}, 2, "53e84b1baca16e44"),
    (3, {"call": "callout", "no_action_finish": True}, 3, "c35e9e7c6d1164fb"),
    (5, {"multi_play": True, "stacking": True, "challenge": True, "no_action_finish": True, "call": 5}, 4,
     "e40b04d3e81c35b3"),
    (10, {"stacking": True, "call": 3}, 5, "c78d1a7d7b53e2b8"),
]  # fmt: skip


def trace_digest(n: int, options: dict, seed: int, games: int = 2) -> str:
    """A digest of the dump and of every seat's (and a spectator's) view after each step of ``games`` seeded
    random games: mostly the mover's moves, sometimes another seat's (callouts, calls), a clock that jumps."""
    digest = hashlib.sha256()
    rng = random.Random(seed)
    for number in range(games):
        s = G.setup(n, G.validate_options(options), rng=rng, first=number % n)
        now = 0.0
        for _ in range(3000):
            seen = [_unrecorded(G.dump(s)), [_unrecorded(G.view(s, v)) for v in (None, *range(n))]]
            digest.update(json.dumps(seen, sort_keys=True).encode())
            if G.current(s) is None:
                break
            now += rng.choice([0.0, 0.5, 2.0, 6.0])
            s = G.advance(s, now=now)
            seat = G.current(s) if rng.random() < 0.8 else rng.randrange(n)
            if not G.legal_moves(s, seat):
                seat = G.current(s)
            moves = G.legal_moves(s, seat)
            plays = [m for m in moves if m["type"] == "play"]
            s = G.apply(s, seat, rng.choice(plays if plays and rng.random() < 0.85 else moves), now=now)
    return digest.hexdigest()[:16]


def _unrecorded(data: dict) -> dict:
    return {k: v for k, v in data.items() if k != "record"}


@pytest.mark.parametrize(("n", "options", "seed", "expected"), GOLDEN)
def test_dumps_and_views_are_those_of_the_engine_before_the_representation_changed(
    n: int, options: dict, seed: int, expected: str
) -> None:
    assert trace_digest(n, options, seed) == expected


def test_a_viewed_event_is_a_fresh_dict_with_a_fresh_card_list() -> None:
    s = play(position([["r1", "y9"], ["y8", "y7"]], "r5"), 0, "r1")
    G.view(s, 0)["events"][0]["cards"].append("W")
    G.view(s, 0)["recent"][0]["seat"] = 1
    assert G.view(s, 0)["events"][0] == {"type": "play", "seat": 0, "cards": ["r1"], "color": "r"}
    assert G.view(s, 0)["recent"] == [{"type": "play", "seat": 0, "cards": ["r1"], "color": "r"}]


def test_games_with_equal_options_share_their_rules_but_a_dump_owns_its_options() -> None:
    assert shared_rules({"stacking": True, "call": 5}) is shared_rules({"stacking": True, "call": 5})
    with pytest.raises(OptionsError) as err:
        shared_rules({"stacking": 1})  # equal to True, but not a boolean: never served from the shared entries
    assert err.value.code == "bad_option_value"
    a = G.setup(2, G.options("house"), rng=random.Random(1))
    G.dump(a)["options"]["stacking"] = False
    assert G.dump(G.setup(2, G.options("house"), rng=random.Random(1)))["options"]["stacking"] is True
