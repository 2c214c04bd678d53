"""The Color Match CPU's heuristics, each on a hand-made view (the contract's fields plus docs/engine.md's)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from functions.engine.cpu import CPUS

NORMAL = CPUS["color-match"]
EASY = NORMAL.at("easy")
HOUSE = {"multi_play": True, "stacking": True, "challenge": True, "no_action_finish": False, "call": "next_action"}
BASIC = {"multi_play": False, "stacking": False, "challenge": False, "no_action_finish": False, "call": "callout"}


def plays_on(top: str, color: str, hand: list[str]) -> list[dict[str, Any]]:
    """Single-card plays on ``top`` in ``color`` (a wild once per colour) and the draw, as the engine lists them."""
    moves: list[dict[str, Any]] = []
    for card in dict.fromkeys(hand):
        if card in ("W", "W4"):
            moves += [{"type": "play", "cards": [card], "color": c} for c in "rygb"]
        elif card[0] == color or card[1:] == top[1:]:
            moves.append({"type": "play", "cards": [card]})
    return moves + [{"type": "draw"}]


def make_view(
    hand: list[str],
    *,
    top: str = "r3",
    color: str = "r",
    counts: tuple[int, ...] = (7, 7, 7),
    legal: list[dict[str, Any]] | None = None,
    options: dict[str, Any] = BASIC,
    current: int = 0,
    **fields: Any,
) -> dict[str, Any]:
    """Seat 0's view; ``counts`` are the other seats' card counts (seat 1 is next)."""
    players = [{"seat": 0, "cards": len(hand), "declared": False, "uncalled": False}] + [
        {"seat": i + 1, "cards": n, "declared": False, "uncalled": False} for i, n in enumerate(counts)
    ]
    view = {
        "game": "color-match",
        "seat": 0,
        "options": options,
        "hand": hand,
        "players": players,
        "top": top,
        "color": color,
        "direction": 1,
        "current": current,
        "next": 1,
        "phase": "play",
        "draw_pile": 40,
        "discard": 20,
        "can_draw": True,
        "pending": None,
        "challenge": None,
        "drawn": None,
        "deadline": None,
        "legal": plays_on(top, color, hand) if legal is None else legal,
        "events": [],
        "result": None,
    }
    return view | fields


def choose(view: dict[str, Any], cpu: Any = NORMAL, seed: int = 0) -> dict[str, Any] | None:
    return cpu.choose(view, random.Random(seed))


def test_holds_wilds_back_while_a_coloured_card_fits() -> None:
    assert choose(make_view(["W4", "W", "r5", "b2"])) == {"type": "play", "cards": ["r5"]}


def test_plays_a_wild_when_nothing_else_fits_naming_the_colour_it_holds_most() -> None:
    move = choose(make_view(["W", "b2", "g4", "g8", "g1"]))
    assert move == {"type": "play", "cards": ["W"], "color": "g"}


def test_names_the_colour_it_holds_most_for_a_wild_turned_up_first() -> None:
    legal = [{"type": "choose_color", "color": c} for c in "rygb"]
    view = make_view(["y1", "b2", "b5", "W"], top="W", color=None, legal=legal, phase="color")
    assert choose(view) == {"type": "choose_color", "color": "b"}


@pytest.mark.parametrize(("next_cards", "expected"), [(1, "rS"), (2, "rS"), (7, "r5")])
def test_skips_the_next_player_only_when_they_are_low(next_cards: int, expected: str) -> None:
    view = make_view(["rS", "r5", "b1", "g2", "y2"], counts=(next_cards, 7, 7))
    assert choose(view) == {"type": "play", "cards": [expected]}


def test_makes_a_low_next_player_draw_two() -> None:
    assert choose(make_view(["rD", "r5", "b1", "g2", "y2"], counts=(1, 7, 7))) == {"type": "play", "cards": ["rD"]}


def test_throws_a_wild_draw_four_at_a_player_about_to_go_out() -> None:
    view = make_view(["W4", "r5", "b1", "g2"], counts=(1, 7, 7))
    assert choose(view)["cards"] == ["W4"]


def test_reverses_away_from_a_low_next_player_but_not_towards_a_low_previous_one() -> None:
    hand = ["rR", "r5", "b1", "g2", "y2"]
    assert choose(make_view(hand, counts=(1, 7, 7))) == {"type": "play", "cards": ["rR"]}
    assert choose(make_view(hand, counts=(7, 7, 1))) == {"type": "play", "cards": ["r5"]}


def test_declares_before_the_play_that_leaves_one_card_then_plays() -> None:
    view = make_view(["r5", "b2"])
    view["legal"].append({"type": "declare"})
    assert choose(view) == {"type": "declare"}
    view = make_view(["r5", "b2"])  # declared: the call is no longer offered
    view["players"][0]["declared"] = True
    assert choose(view) == {"type": "play", "cards": ["r5"]}


def test_declares_its_last_card_off_turn_when_the_clock_allows() -> None:
    view = make_view(["b2"], current=1, legal=[{"type": "declare"}], options=HOUSE | {"call": 5})
    assert choose(view) == {"type": "declare"}


def test_calls_out_a_missed_call_as_soon_as_it_can() -> None:
    view = make_view(["b2", "g5", "y7"], current=2, legal=[{"type": "callout", "target": 3}], counts=(7, 7, 1))
    assert choose(view) == {"type": "callout", "target": 3}


def test_off_turn_with_nothing_to_call_it_waits() -> None:
    assert choose(make_view(["b2", "g5"], current=2, legal=[])) is None


def test_passes_a_penalty_on_with_a_draw_two_before_a_wild_draw_four() -> None:
    legal = [
        {"type": "play", "cards": ["gD"]},
        *({"type": "play", "cards": ["W4"], "color": c} for c in "rygb"),
        {"type": "accept"},
    ]
    view = make_view(["gD", "W4", "r3", "b9"], top="bD", color="b", legal=legal, options=HOUSE, phase="penalty",
                     pending={"draw": 2, "by": 3})  # fmt: skip
    assert choose(view) == {"type": "play", "cards": ["gD"]}


def wd4_view(by_cards: int, pending: int = 4) -> dict[str, Any]:
    legal = [{"type": "accept"}, {"type": "challenge"}]
    counts = (7, 7, by_cards)
    return make_view(["r3", "b9", "g1"], top="W4", color="g", legal=legal, counts=counts, phase="penalty",
                     options=HOUSE | {"stacking": False}, pending={"draw": pending, "by": 3}, challenge=3)  # fmt: skip


def test_challenges_a_wild_draw_four_from_a_big_hand_and_accepts_one_from_a_small_hand() -> None:
    assert choose(wd4_view(by_cards=9)) == {"type": "challenge"}
    assert choose(wd4_view(by_cards=1)) == {"type": "accept"}


def test_challenges_a_wild_draw_four_stacked_on_a_chain_on_weaker_evidence() -> None:
    # Two cards: a free Wild Draw Four may well be honest; stacked onto a chain, it says nothing about that.
    assert choose(wd4_view(by_cards=2, pending=4)) == {"type": "accept"}
    assert choose(wd4_view(by_cards=2, pending=8)) == {"type": "challenge"}


def test_plays_several_cards_at_once_when_it_can() -> None:
    hand = ["r7", "b7", "g7", "y2", "b1"]
    legal = plays_on("r3", "r", hand) + [
        {"type": "play", "cards": ["r7", "b7"]},
        {"type": "play", "cards": ["r7", "g7"]},
        {"type": "play", "cards": ["r7", "b7", "g7"]},
    ]
    assert choose(make_view(hand, legal=legal, options=HOUSE)) == {"type": "play", "cards": ["r7", "b7", "g7"]}


def test_keeps_a_number_card_for_last_when_action_cards_cannot_finish() -> None:
    view = make_view(["rS", "r5"], options=BASIC | {"no_action_finish": True})
    assert choose(view) == {"type": "play", "cards": ["rS"]}


def test_goes_out_when_it_can() -> None:
    view = make_view(["W"], legal=[{"type": "play", "cards": ["W"]}, {"type": "draw"}], counts=(1, 1, 1))
    assert choose(view) == {"type": "play", "cards": ["W"]}


def test_plays_a_playable_card_it_has_just_drawn() -> None:
    legal = [{"type": "play", "cards": ["r8"]}, {"type": "pass"}]
    view = make_view(["b2", "g4", "r8"], legal=legal, drawn="r8", phase="drawn")
    assert choose(view) == {"type": "play", "cards": ["r8"]}


def test_easy_sometimes_throws_a_wild_and_forgets_its_call_but_never_leaves_the_legal_moves() -> None:
    view = make_view(["W", "r5", "b2"])
    moves = [choose(view, EASY, seed) for seed in range(200)]
    assert all(m in view["legal"] for m in moves)
    assert any(m["cards"] == ["W"] for m in moves if m["type"] == "play")
    assert sum(m == {"type": "play", "cards": ["r5"]} for m in moves) > 100
    calling = make_view(["b2"], current=1, legal=[{"type": "declare"}], options=HOUSE | {"call": 5})
    calls = [choose(calling, EASY, seed) for seed in range(100)]
    assert 50 < calls.count({"type": "declare"}) < 100


def test_is_deterministic_for_a_view_and_an_rng_state() -> None:
    view = make_view(["W", "r5", "b2", "rS"], counts=(2, 7, 7))
    for cpu in (NORMAL, EASY):
        assert len({str(choose(view, cpu, seed=3)) for _ in range(5)}) == 1


@pytest.mark.parametrize(("hand", "next_cards", "expected"), [
    (["b2", "g4", "y1", "W"], 7, "pass"),  # a large hand keeps the trump card
    (["b2", "W"], 7, "play"),  # a small hand plays it
    (["b2", "g4", "y1", "W"], 1, "play"),  # so does one facing a player about to go out
])  # fmt: skip
def test_keeps_a_drawn_wild_while_its_hand_is_large(hand: list[str], next_cards: int, expected: str) -> None:
    legal = [{"type": "play", "cards": ["W"], "color": c} for c in "rygb"] + [{"type": "pass"}]
    view = make_view(hand, legal=legal, drawn="W", phase="drawn", counts=(next_cards, 7, 7))
    assert choose(view)["type"] == expected


# --- reading the table's recent history (view.recent, view.color_before) ---------------------------------------------


def played(seat: int, card: str, colour: str) -> dict[str, Any]:
    return {"type": "play", "seat": seat, "cards": [card], "color": colour}


def drew(seat: int, count: int = 1, reason: str = "draw") -> dict[str, Any]:
    return {"type": "drew", "seat": seat, "count": count, "reason": reason}


def test_challenges_a_wild_draw_four_over_a_colour_its_player_chose_not_long_ago() -> None:
    # Two cards left: a free Wild Draw Four alone is likely honest (accepted above), but seat 3 named red with a
    # wild two turns ago, and red is what the Wild Draw Four covered.
    history = [played(3, "W", "r"), played(0, "r3", "r"), played(1, "r5", "r"), played(2, "r8", "r"),
               played(3, "W4", "g")]  # fmt: skip
    assert choose(wd4_view(by_cards=2) | {"color_before": "r", "recent": history}) == {"type": "challenge"}
    assert choose(wd4_view(by_cards=2) | {"color_before": "r"}) == {"type": "accept"}  # nothing seen


def test_accepts_a_wild_draw_four_over_a_colour_its_player_just_drew_on() -> None:
    # Nine cards would make a bluff likely, but seat 3 drew on red last turn (it had none) and drew only one.
    history = [played(2, "r8", "r"), drew(3), played(0, "r3", "r"), played(1, "r5", "r"), played(2, "r9", "r"),
               played(3, "W4", "g")]  # fmt: skip
    assert choose(wd4_view(by_cards=9) | {"color_before": "r", "recent": history}) == {"type": "accept"}
    # ... unless it has drawn a handful since: then it may hold red again
    history[2:2] = [drew(3, 4, "penalty")]
    assert choose(wd4_view(by_cards=9) | {"color_before": "r", "recent": history}) == {"type": "challenge"}


@pytest.mark.parametrize("lacking", ["b", "g"])
def test_names_a_colour_the_next_player_was_seen_to_lack(lacking: str) -> None:
    # Blue and green are held alike; seat 1 (next) drew while `lacking` was the colour in effect.
    history = [played(0, f"{lacking}5", lacking), drew(1), played(2, "r5", "r"), played(3, "r3", "r")]
    view = make_view(["W", "b2", "g4"], top="r3", color="r", recent=history)
    view["legal"] = [m for m in view["legal"] if m["type"] != "play" or m["cards"] == ["W"]]
    assert choose(view) == {"type": "play", "cards": ["W"], "color": lacking}


def test_evidence_reads_choices_and_draws_in_order() -> None:
    from functions.engine.cpu.color_match.values import SHOWN_HELD, Evidence

    history = [played(1, "W", "b"), played(2, "b5", "b"), drew(1, 2, "penalty"), played(3, "g5", "g"),
               drew(1), played(0, "g7", "g"), {"type": "choose_color", "seat": 2, "color": "y"}]  # fmt: skip
    seen = Evidence(history)
    assert seen.holds(1, "b", 7) == SHOWN_HELD  # named blue; drawing since does not take it away
    assert seen.holds(1, "g", 7) == 1 - (1 - 25 / 108)  # drew once on green
    assert seen.holds(3, "g", 7) == SHOWN_HELD  # switched to green by number
    assert seen.holds(2, "y", 7) == SHOWN_HELD and seen.holds(2, "b", 7) is None  # followed suit: no news
    assert seen.holds(0, "r", 7) is None and seen.holds(None, "r", 7) is None
