"""The options (preset ``house`` and each option alone): docs/rules.md CM 6–CM 10."""

from __future__ import annotations

import pytest

from functions.engine import IllegalMove
from tests.engine.color_match.support import (
    FILLER, G, act, counts, events, hand, kinds, play, position, refused,
)  # fmt: skip

F = FILLER
PILE = [f"g{i}" for i in range(10)] + [f"b{i}" for i in range(10)]


def plays(s, seat) -> list[list[str]]:
    return [m["cards"] for m in G.legal_moves(s, seat) if m["type"] == "play"]


# --- CM 6: several cards at once (multi_play) --------------------------------------------------------------------


def test_cards_of_one_number_go_together_and_the_last_sets_colour_and_number() -> None:
    s = position([["r7", "b7", "g7", "y2", "g2"], F[:3]], "r5", multi_play=True)
    assert sorted(map(sorted, [p for p in plays(s, 0) if len(p) > 1])) == [
        ["b7", "g7", "r7"], ["b7", "r7"], ["g7", "r7"],
    ]  # fmt: skip
    s = play(s, 0, "r7", "g7", "b7")
    v = G.view(s, 1)
    assert (v["top"], v["color"], v["current"], counts(s)) == ("b7", "b", 1, [2, 3])
    assert events(s) == [{"type": "play", "seat": 0, "cards": ["r7", "g7", "b7"], "color": "b"}]


def test_sets_are_listed_only_for_playable_ranks_in_the_order_of_the_hand() -> None:
    # The 2s and the Skips can both start a set on r5 (r2, rS match its colour); the 9s cannot (none matches).
    s = position([["y9", "bS", "g9", "y2", "rS", "r2"], F[:3]], "r5", multi_play=True)
    assert [p for p in plays(s, 0) if len(p) > 1] == [["rS", "bS"], ["r2", "y2"]]
    s = position([["y9", "g9", "r3"], F[:3]], "r5", multi_play=True)
    assert plays(s, 0) == [["r3"]]


def test_in_a_multi_card_play_the_first_card_must_match() -> None:
    s = position([["r7", "b7", "y2"], F[:3]], "r5", multi_play=True)
    refused(s, 0, {"type": "play", "cards": ["b7", "r7"]}, "card_does_not_match")
    refused(s, 0, {"type": "play", "cards": ["r7", "y2"]}, "cards_not_alike")
    refused(s, 0, {"type": "play", "cards": ["r7", "r7"]}, "card_not_in_hand")


def test_draw_twos_and_wilds_are_played_one_at_a_time() -> None:
    s = position([["rD", "bD", "W", "W", "y2"], F[:3]], "r5", multi_play=True)
    assert all(len(p) == 1 for p in plays(s, 0))
    refused(s, 0, {"type": "play", "cards": ["rD", "bD"]}, "cards_not_alike")
    refused(s, 0, {"type": "play", "cards": ["W", "W"], "color": "r"}, "cards_not_alike")


def test_without_multi_play_one_card_only() -> None:
    s = position([["r7", "b7", "y2"], F[:3]], "r5")
    refused(s, 0, {"type": "play", "cards": ["r7", "b7"]}, "one_card_only")


def test_a_drawn_card_is_played_alone() -> None:
    s = act(position([["b7", "y2"], F[:3]], "r5", pile=["r7"], multi_play=True), 0, "draw")
    assert plays(s, 0) == [["r7"]]
    refused(s, 0, {"type": "play", "cards": ["r7", "b7"]}, "only_drawn_card")


@pytest.mark.parametrize(("n", "k", "next_seat"), [(4, 1, 2), (4, 2, 3), (4, 3, 0), (4, 4, 0), (2, 3, 0), (3, 2, 0)])
def test_several_skips_skip_one_more_player_each_but_never_the_player(n: int, k: int, next_seat: int) -> None:
    skips = ["rS", "bS", "gS", "yS"][:k]
    s = play(position([[*skips, "y9"]] + [F[:3]] * (n - 1), "r5", multi_play=True), 0, *skips)
    assert G.current(s) == next_seat
    assert len(events(s, "skipped")) == min(k, n - 1)


@pytest.mark.parametrize(("n", "k", "direction", "next_seat"), [(4, 1, -1, 3), (4, 2, 1, 1), (4, 3, -1, 3), (2, 2, 1, 0)])
def test_several_reverses_turn_once_each_and_act_as_a_skip_with_two(n, k, direction, next_seat) -> None:
    reverses = ["rR", "bR", "gR"][:k]
    s = play(position([[*reverses, "y9"]] + [F[:3]] * (n - 1), "r5", multi_play=True), 0, *reverses)
    v = G.view(s, 0)
    assert (v["direction"], v["current"]) == (direction, next_seat)


def test_a_multi_card_play_leaving_one_card_needs_the_call() -> None:
    s = position([["r7", "b7", "y2"], F[:3]], "r5", multi_play=True, call="callout")
    assert "declare" in kinds(s, 0)  # all but one card share a number
    s = play(s, 0, "r7", "b7")
    assert {"type": "callout", "target": 0} in G.legal_moves(s, 1)


# --- CM 7: stacking --------------------------------------------------------------------------------------------


def test_a_draw_two_on_a_draw_two_passes_the_growing_total_on() -> None:
    s = position([["rD", "y9", "y7"], ["bD", "y8"], F[:3]], "r5", pile=PILE, stacking=True)
    s = play(s, 0, "rD")
    v = G.view(s, 1)
    assert (v["phase"], v["pending"], v["current"]) == ("penalty", {"draw": 2, "by": 0}, 1)
    assert {m["type"] for m in v["legal"]} == {"play", "accept", "declare"}  # no plain draw, no challenge
    refused(s, 1, {"type": "draw"}, "penalty_pending")
    refused(s, 1, {"type": "play", "cards": ["y8"]}, "cannot_stack")
    s = play(s, 1, "bD")
    # seat 2 holds nothing to stack: it draws 4 at once and is skipped
    assert (counts(s), G.current(s), G.view(s, 0)["pending"]) == ([2, 1, 7], 0, None)


def test_the_seed_chain_two_plus_two_plus_four_makes_eight() -> None:
    s = position([["rD", "y9", "y7"], ["bD", "y8", "y6"], ["W4", "y7", "y5"], ["gD", *F[:3]]], "r5", pile=PILE,
                 stacking=True)  # fmt: skip
    s = play(play(s, 0, "rD"), 1, "bD")
    s = play(s, 2, "W4", color="g")
    assert G.view(s, 3)["pending"] == {"draw": 8, "by": 2}
    s = act(s, 3, "accept")
    assert (counts(s)[3], G.current(s), G.view(s, 0)["color"]) == (12, 0, "g")
    assert events(s) == [
        {"type": "drew", "seat": 3, "count": 8, "reason": "penalty"},
        {"type": "skipped", "seat": 3},
    ]


def test_a_chain_nobody_can_answer_is_drawn_at_once() -> None:
    s = position([["W4", "y9", "y7"], ["bD", *F[:3]]], "r5", pile=PILE, stacking=True)
    s = play(s, 0, "W4", color="g")  # a blue Draw Two cannot answer a green Wild Draw Four
    assert (counts(s)[1], G.current(s), G.view(s, 0)["pending"]) == (8, 0, None)


def test_a_draw_two_stacks_on_a_wild_draw_four_only_in_the_declared_colour() -> None:
    s = position([["W4", "y9"], ["bD", "gD", "y8"], F[:3]], "r5", pile=PILE, stacking=True)
    s = play(s, 0, "W4", color="g")
    assert plays(s, 1) == [["gD"]]
    refused(s, 1, {"type": "play", "cards": ["bD"]}, "cannot_stack")


def test_a_wild_draw_four_stacks_on_a_draw_two_and_names_a_new_colour() -> None:
    s = position([["rD", "y9"], ["W4", "y8"], ["gD", "y7"]], "r5", pile=PILE, stacking=True)
    s = play(play(s, 0, "rD"), 1, "W4", color="g")
    assert (G.view(s, 2)["pending"], plays(s, 2)) == ({"draw": 6, "by": 1}, [["gD"]])


def test_without_stacking_the_victim_draws_at_once() -> None:
    s = play(position([["rD", "y9"], ["bD", "y8"], F[:3]], "r5", pile=PILE), 0, "rD")
    assert (counts(s), G.current(s)) == ([1, 4, 3], 2)


# --- CM 8: the challenge --------------------------------------------------------------------------------------------


def test_a_guilty_wild_draw_four_costs_its_player_four_and_the_challenger_plays() -> None:
    s = position([["W4", "r1", "y9"], ["g5", "y8"], F[:3]], "r5", pile=PILE, challenge=True)
    s = play(s, 0, "W4", color="g")
    v = G.view(s, 1)
    assert (v["phase"], v["challenge"], v["pending"]) == ("penalty", 0, {"draw": 4, "by": 0})
    assert v["legal"] == [{"type": "accept"}, {"type": "challenge"}]
    s = act(s, 1, "challenge")
    assert counts(s) == [6, 2, 3]
    assert (G.current(s), G.view(s, 1)["color"], G.view(s, 1)["phase"]) == (1, "g", "play")
    assert events(s)[0] == {"type": "challenge", "seat": 1, "target": 0, "guilty": True}
    s = play(s, 1, "g5")
    assert G.current(s) == 2


def test_an_innocent_wild_draw_four_costs_the_challenger_six_and_the_turn() -> None:
    s = position([["W4", "b1", "y9"], ["g5", "y8"], F[:3]], "r5", pile=PILE, challenge=True)
    s = act(play(s, 0, "W4", color="g"), 1, "challenge")
    assert counts(s) == [2, 8, 3]
    assert G.current(s) == 2
    assert events(s)[0]["guilty"] is False


def test_a_challenge_after_a_chain_is_judged_on_the_colour_before_the_wild_draw_four() -> None:
    # seat 1 holds a blue card: the colour in effect just before its Wild Draw Four was the Draw Two's blue.
    s = position([["bD", "y9", "y7"], ["W4", "b1", "r1"], ["g5", "y8"]], "b5", pile=PILE, preset="house")
    s = play(play(s, 0, "bD"), 1, "W4", color="g")
    assert G.view(s, 2)["pending"] == {"draw": 6, "by": 1}
    guilty = act(s, 2, "challenge")
    assert counts(guilty) == [2, 6, 2]  # four for seat 1; the rest of the chain is void
    assert (G.current(guilty), G.view(guilty, 2)["pending"]) == (2, None)
    # and the same chain where seat 1 held no blue: the challenger draws 6 + 2
    s = position([["bD", "y9", "y7"], ["W4", "r1", "r2"], ["g5", "y8"]], "b5", pile=PILE, preset="house")
    innocent = act(play(play(s, 0, "bD"), 1, "W4", color="g"), 2, "challenge")
    assert (counts(innocent), G.current(innocent)) == ([2, 2, 10], 0)


def test_guilt_is_judged_on_the_hand_when_the_card_was_played() -> None:
    # Seat 0 plays its Wild Draw Four holding only yellow on a red game, leaving one card without a call;
    # seat 1's challenge (its next action) first costs seat 0 two cards - red ones - which must not count.
    s = position([["W4", "y9"], ["g5", "y8"], F[:3]], "r5", pile=["r1", "r2"] + PILE, preset="house")
    s = play(s, 0, "W4", color="g")
    s = act(s, 1, "challenge")
    assert hand(s, 0) == ["y9", "r1", "r2"]
    assert events(s, "challenge")[0]["guilty"] is False
    assert counts(s)[1] == 2 + 6


def test_only_a_wild_draw_four_played_at_you_may_be_challenged() -> None:
    s = position([["W4", "y9"], ["gD", "y8"], ["W4", "y7"]], "r5", pile=PILE, preset="house")
    s = play(play(s, 0, "W4", color="g"), 1, "gD")
    assert G.view(s, 2)["challenge"] is None and "challenge" not in kinds(s, 2)
    refused(s, 2, {"type": "challenge"}, "cannot_challenge")
    s = position([["W4", "y9"], ["g5", "y8"], F[:3]], "r5", pile=PILE)
    assert "challenge" not in kinds(play(s, 0, "W4", color="g"), 1)


# --- CM 9: no finishing on an action card ----------------------------------------------------------------------


def test_an_action_card_as_last_card_takes_effect_and_the_player_draws_one() -> None:
    s = position([["rS"], F[:3], F[3:6]], "r5", pile=["g1"] + PILE, no_action_finish=True, call="callout")
    s = play(s, 0, "rS")
    assert (hand(s, 0), G.current(s), G.view(s, 0)["result"]) == (["g1"], 2, None)
    assert [e["type"] for e in events(s)] == ["play", "drew", "skipped"]
    assert G.view(s, 1)["players"][0]["uncalled"] is False  # no call needed for that one card


def test_a_number_card_as_last_card_still_wins() -> None:
    s = play(position([["r1"], F[:3]], "r5", no_action_finish=True), 0, "r1")
    assert G.view(s, 0)["result"]["winner"] == 0


def test_a_last_wild_still_names_a_colour_under_no_action_finish() -> None:
    s = position([["W"], F[:3]], "r5", pile=PILE, no_action_finish=True)
    refused(s, 0, {"type": "play", "cards": ["W"]}, "color_required")
    s = play(s, 0, "W", color="b")
    assert (G.view(s, 0)["color"], counts(s)) == ("b", [1, 3])


def test_with_an_empty_pile_the_card_drawn_is_the_one_the_play_covered() -> None:
    s = play(position([["rS"], F[:3]], "r5", no_action_finish=True), 0, "rS")
    assert (hand(s, 0), G.view(s, 0)["result"]) == (["r5"], None)


# --- CM 10: the call with "next_action" and timed grace ---------------------------------------------------------


def test_next_action_penalises_a_missing_call_on_anyones_next_action() -> None:
    s = play(position([["r1", "r2"], ["r3", "y8", "y9"], F[:3]], "r5", pile=PILE, call="next_action"), 0, "r1")
    assert G.view(s, 1)["players"][0]["uncalled"] is True
    assert "callout" not in kinds(s, 1)
    s = play(s, 1, "r3")
    assert counts(s) == [3, 2, 3]
    assert [e["type"] for e in events(s)] == ["drew", "play"]  # the penalty comes before the action
    assert events(s)[0]["reason"] == "missed_call"


def test_next_action_a_call_before_the_next_action_is_in_time() -> None:
    s = play(position([["r1", "r2"], ["r3", "y8", "y9"], F[:3]], "r5", pile=PILE, call="next_action"), 0, "r1")
    s = play(act(s, 0, "declare"), 1, "r3")
    assert counts(s)[0] == 1


def test_next_action_includes_the_offenders_own_action() -> None:
    s = play(position([["rS", "r2"], F[:3]], "r5", pile=PILE, call="next_action"), 0, "rS")
    s = play(s, 0, "r2")  # two cards drawn first: playing the last card no longer wins
    assert (counts(s), G.view(s, 0)["result"]) == ([2, 3], None)


def test_automatic_effects_are_not_the_next_action() -> None:
    s = position([["rD", "r2"], F[:3], ["r3", "y8", "y9"]], "r5", pile=PILE, call="next_action")
    s = play(s, 0, "rD")  # seat 1 draws automatically: seat 0 may still call
    assert counts(s)[0] == 1 and "declare" in kinds(s, 0)
    s = play(s, 2, "r3")
    assert counts(s)[0] == 3


@pytest.mark.parametrize("grace", [3, 5, 10])
def test_a_timed_call_is_penalised_when_its_clock_runs_out(grace: int) -> None:
    s = position([["r1", "r2"], ["r3", "y8", "y9"], F[:3]], "r5", pile=PILE, call=grace)
    s = play(s, 0, "r1", now=100.0)
    assert G.next_deadline(s) == 100.0 + grace
    assert G.view(s, 2)["players"][0] == {"seat": 0, "cards": 1, "declared": False, "uncalled": True,
                                          "deadline": 100.0 + grace}  # fmt: skip
    s = play(s, 1, "r3", now=100.0 + grace - 0.5)  # others may act meanwhile
    assert counts(s)[0] == 1
    assert G.dump(G.advance(s, now=100.0 + grace - 0.1)) == G.dump(s)
    late = G.advance(s, now=100.0 + grace)
    assert (counts(late)[0], G.next_deadline(late)) == (3, None)
    assert events(late) == [{"type": "drew", "seat": 0, "count": 2, "reason": "missed_call"}]


def test_a_timed_call_in_time_cancels_the_clock() -> None:
    s = play(position([["r1", "r2"], F[:3]], "r5", pile=PILE, call=5), 0, "r1", now=10.0)
    s = act(s, 0, "declare", now=12.0)
    assert G.next_deadline(s) is None and G.view(s, 1)["players"][0]["declared"] is True


def test_a_move_after_the_deadline_applies_the_penalty_first() -> None:
    s = play(position([["r1", "r2"], ["r3", "y8", "y9"], F[:3]], "r5", pile=PILE, call=3), 0, "r1", now=10.0)
    refused_late = G.legal_moves(G.advance(s, now=14.0), 0)
    assert {"type": "declare"} not in refused_late
    with pytest.raises(IllegalMove) as err:
        act(s, 0, "declare", now=14.0)
    assert err.value.code == "cannot_declare"
    s = play(s, 1, "r3", now=14.0)
    assert [e["type"] for e in events(s)] == ["drew", "play"] and counts(s)[0] == 3


def test_the_offender_acting_before_the_call_draws_two_at_once() -> None:
    s = play(position([["rS", "r2"], F[:3]], "r5", pile=PILE, call=10), 0, "rS", now=0.0)
    s = play(s, 0, "r2", now=1.0)
    assert (counts(s), G.view(s, 0)["result"]) == ([2, 3], None)


def test_each_offender_has_its_own_clock_and_it_stops_when_the_hand_changes() -> None:
    s = position([F[:3], ["r1", "r2"], ["rD", "y8", "y9"]], "r5", pile=PILE, call=5, turn=1)
    s = play(s, 1, "r1", now=0.0)
    s = play(s, 2, "rD", now=1.0)  # seat 0 is hit, seat 1 keeps its clock
    assert G.next_deadline(s) == 5.0
    s = position([["rD", "y8", "y9"], ["r1", "r2"]], "r5", pile=PILE, call=5, turn=1)
    s = play(s, 1, "r1", now=0.0)
    s = play(s, 0, "rD", now=1.0)  # seat 1 draws two for the Draw Two: its hand left one card, no clock
    assert (counts(s)[1], G.next_deadline(s)) == (3, None)


def test_the_mattel_reading_makes_a_guilty_player_draw_the_whole_chain(monkeypatch: pytest.MonkeyPatch) -> None:
    from functions.engine.color_match import turn

    monkeypatch.setattr(turn, "GUILTY_DRAWS_WHOLE_CHAIN", True)
    s = position([["bD", "y9", "y7"], ["W4", "b1", "r1"], ["g5", "y8"]], "b5", pile=PILE, preset="house")
    s = act(play(play(s, 0, "bD"), 1, "W4", color="g"), 2, "challenge")
    assert counts(s) == [2, 8, 2]


def test_a_last_wild_draw_four_wins_with_no_challenge_and_no_draw() -> None:
    s = play(position([["W4"], ["g5", "y8"]], "r5", pile=PILE, preset="house"), 0, "W4")
    v = G.view(s, 1)
    assert (v["result"]["winner"], v["pending"], v["challenge"], counts(s)) == (0, None, None, [0, 2])
