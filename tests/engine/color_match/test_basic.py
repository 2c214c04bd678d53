"""Preset ``basic`` and the rules every option set shares (docs/rules.md CM 1, CM 3–CM 5, CM 10–CM 12)."""

from __future__ import annotations

from tests.engine.color_match.support import (
    FILLER, G, act, counts, events, hand, kinds, play, position, refused, total_cards,
)  # fmt: skip

F = FILLER


# --- CM 4: what may be played -----------------------------------------------------------------------------------


def test_a_card_matches_by_colour_number_or_symbol_and_wilds_always() -> None:
    s = position([["r2", "b7", "g3", "W", "W4", "bS"], F[:2]], "r7")
    plays = [m for m in G.legal_moves(s, 0) if m["type"] == "play"]
    assert [m["cards"][0] for m in plays if "color" not in m] == ["b7", "r2"]  # by code
    assert {(m["cards"][0], m["color"]) for m in plays if "color" in m} == {(w, c) for w in ("W", "W4") for c in "rygb"}
    s = position([["r2", "bS"], F[:2]], "gS")
    assert [m["cards"] for m in G.legal_moves(s, 0) if m["type"] == "play"] == [["bS"]]


def test_a_card_that_matches_nothing_is_refused() -> None:
    s = position([["g3", "r2"], F[:2]], "r7")
    refused(s, 0, {"type": "play", "cards": ["g3"]}, "card_does_not_match")


def test_the_colour_named_with_a_wild_is_what_must_be_matched() -> None:
    s = position([["W", "r1"], ["b5", "r5"]], "r7")
    s = play(s, 0, "W", color="b")
    assert G.view(s, 1)["color"] == "b"
    assert [m["cards"] for m in G.legal_moves(s, 1) if m["type"] == "play"] == [["b5"]]


def test_basic_never_restricts_the_wild_draw_four() -> None:
    s = position([["W4", "r1", "r2"], F[:3]], "r7", pile=list("r3 r4 r5 r6".split()))
    s = play(s, 0, "W4", color="g")
    assert counts(s) == [2, 7]
    assert G.current(s) == 0  # the victim drew 4 and was skipped; no challenge in basic
    assert "challenge" not in kinds(s, 1)


# --- CM 4: drawing ---------------------------------------------------------------------------------------------


def test_a_playable_drawn_card_may_be_played_alone_or_kept() -> None:
    s = position([["r1", "b9"], F[:2], F[2:4]], "r7", pile=["r4", "g4"])
    s = act(s, 0, "draw")  # voluntary: r1 was playable
    v = G.view(s, 0)
    assert (v["phase"], v["drawn"], v["current"]) == ("drawn", "r4", 0)
    assert G.view(s, 1)["drawn"] is None  # others never see the card drawn
    assert [m for m in v["legal"] if m["type"] != "declare"] == [{"type": "play", "cards": ["r4"]}, {"type": "pass"}]
    refused(s, 0, {"type": "play", "cards": ["r1"]}, "only_drawn_card")
    refused(s, 0, {"type": "draw"}, "already_drew")
    kept = act(s, 0, "pass")
    assert (G.current(kept), hand(kept, 0)) == (1, ["r1", "b9", "r4"])
    assert events(kept) == [{"type": "keep", "seat": 0}]
    played = play(s, 0, "r4")
    assert (G.current(played), G.view(played, 0)["top"]) == (1, "r4")


def test_an_unplayable_drawn_card_passes_the_turn() -> None:
    s = position([["b9"], F[:2]], "r7", pile=["g4"])
    s = act(s, 0, "draw")
    assert (G.current(s), hand(s, 0)) == (1, ["b9", "g4"])
    assert events(s) == [{"type": "drew", "seat": 0, "count": 1, "reason": "draw"}]


def test_pass_without_a_drawn_card_is_refused() -> None:
    refused(position([["r1"], F[:2]], "r7"), 0, {"type": "pass"}, "nothing_drawn")


# --- CM 5: action cards ----------------------------------------------------------------------------------------


def test_skip_skips_the_next_player() -> None:
    s = play(position([["rS", "r1"], F[:2], F[2:4]], "r7"), 0, "rS")
    assert G.current(s) == 2
    assert events(s, "skipped") == [{"type": "skipped", "seat": 1}]


def test_reverse_turns_the_direction_with_three_players() -> None:
    s = play(position([F[:2], ["rR", "r1"], F[2:4]], "r7", turn=1), 1, "rR")
    v = G.view(s, 0)
    assert (v["current"], v["direction"], v["next"]) == (0, -1, 2)


def test_reverse_with_two_players_acts_as_skip() -> None:
    s = play(position([["rR", "r1"], F[:2]], "r7"), 0, "rR")
    assert G.current(s) == 0
    assert events(s, "skipped") == [{"type": "skipped", "seat": 1}]


def test_draw_two_makes_the_next_player_draw_two_and_lose_the_turn() -> None:
    s = play(position([["rD", "r1"], F[:2], F[2:4]], "r7", pile=["g1", "g2", "g3"]), 0, "rD")
    assert hand(s, 1)[-2:] == ["g1", "g2"]
    assert G.current(s) == 2
    assert events(s)[1:] == [
        {"type": "drew", "seat": 1, "count": 2, "reason": "penalty"},
        {"type": "skipped", "seat": 1},
    ]


def test_a_wild_needs_a_colour() -> None:
    s = position([["W", "r1"], F[:2]], "r7")
    refused(s, 0, {"type": "play", "cards": ["W"]}, "color_required")
    refused(s, 0, {"type": "play", "cards": ["W"], "color": "p"}, "bad_color")
    refused(s, 0, {"type": "play", "cards": ["r1"], "color": "b"}, "malformed_move")


# --- CM 11: reshuffling and empty piles -----------------------------------------------------------------------


def test_an_empty_pile_is_rebuilt_from_the_discards_under_the_top_card() -> None:
    s = position([["b9"], F[:2]], "r7", below=["g1", "g2", "g3"])
    s = act(s, 0, "draw")
    v = G.view(s, 0)
    assert (v["top"], v["discard"], v["draw_pile"]) == ("r7", 1, 2)
    assert hand(s, 0)[-1] in ("g1", "g2", "g3")
    assert events(s)[0] == {"type": "reshuffle", "cards": 3}
    assert total_cards(s) == 7


def test_a_restored_game_reshuffles_exactly_as_the_original() -> None:
    s = position([["b9"], F[:2]], "r7", below=[f"g{i}" for i in range(10)])
    a = act(s, 0, "draw")
    b = act(G.load(G.dump(s)), 0, "draw")
    assert G.dump(a) == G.dump(b)


def test_with_both_piles_empty_a_draw_is_a_pass_and_penalties_are_forgiven() -> None:
    s = position([["b9", "rD"], F[:2], F[2:4]], "r7")
    s = play(s, 0, "rD")
    assert events(s, "drew") == [{"type": "drew", "seat": 1, "count": 1, "reason": "penalty", "forgiven": 1}]
    v = G.view(s, 2)
    assert (v["can_draw"], v["current"]) == (False, 2)
    s = act(s, 2, "draw")
    assert (G.current(s), counts(s)) == (0, [1, 3, 2])
    assert events(s) == [{"type": "drew", "seat": 2, "count": 0, "reason": "draw"}]


def test_a_full_cycle_unable_to_play_or_draw_ends_the_game_without_winner() -> None:
    s = position([["b9", "b8"], ["g5"], ["g6", "g8"]], "r7")
    s = act(s, 0, "draw")
    s = act(s, 1, "draw")
    assert G.current(s) == 2
    s = act(s, 2, "draw")
    assert G.current(s) is None
    assert G.view(s, 0)["result"] == {"winner": None, "ranking": [[1, 1], [0, 2], [2, 2]], "places": [1, 2, 2]}
    assert events(s)[-1] == {"type": "game_over", "winner": None}


def test_a_voluntary_pass_with_a_playable_card_does_not_count_towards_the_end() -> None:
    s = position([["b9", "r8"], ["g5"]], "r7")
    s = act(s, 0, "draw")  # could have played r8
    s = act(s, 1, "draw")
    assert G.current(s) == 0


# --- CM 12: winning ------------------------------------------------------------------------------------------------


def test_the_last_card_wins_at_once_and_its_effect_is_ignored() -> None:
    s = position([["rD"], F[:3], F[3:7]], "r7", pile=["g1", "g2"])
    s = play(s, 0, "rD")
    v = G.view(s, 1)
    assert (v["current"], v["phase"], counts(s)) == (None, "over", [0, 3, 4])
    assert v["result"] == {"winner": 0, "ranking": [[0, 0], [1, 3], [2, 4]], "places": [1, 2, 3]}
    assert v["legal"] == []
    refused(s, 1, {"type": "draw"}, "game_over")


def test_a_last_wild_needs_no_colour() -> None:
    s = position([["W4"], F[:3]], "r7")
    assert G.legal_moves(s, 0)[:1] == [{"type": "play", "cards": ["W4"]}]
    assert G.view(play(s, 0, "W4"), 0)["result"]["winner"] == 0
    assert G.view(play(s, 0, "W4", color="g"), 0)["result"]["winner"] == 0


def test_equal_cards_left_share_a_place() -> None:
    s = play(position([["r1"], F[:3], F[3:6], ["b1"]], "r7"), 0, "r1")
    result = G.view(s, None)["result"]
    assert (result["ranking"], result["places"]) == ([[0, 0], [3, 1], [1, 3], [2, 3]], [1, 2, 3, 3])


# --- CM 10: the last-card call and 「指摘する」 ------------------------------------------------------------------------


def test_reaching_one_card_without_a_call_can_be_pointed_out_by_any_other_player() -> None:
    s = play(position([["r1", "r2"], F[:3], F[3:6]], "r7", pile=["g1", "g2"]), 0, "r1")
    v = G.view(s, 2)
    assert v["players"][0] == {"seat": 0, "cards": 1, "declared": False, "uncalled": True}
    assert {"type": "callout", "target": 0} in v["legal"]  # not seat 2's turn: still allowed
    assert {"type": "callout", "target": 0} in G.legal_moves(s, 1)
    assert {"type": "callout", "target": 0} not in G.legal_moves(s, 0)
    refused(s, 0, {"type": "callout", "target": 0}, "no_callout_target")
    refused(s, 2, {"type": "callout", "target": 1}, "no_callout_target")
    caught = act(s, 2, "callout", target=0)
    assert hand(caught, 0) == ["r2", "g1", "g2"]
    assert events(caught) == [
        {"type": "callout", "seat": 2, "target": 0},
        {"type": "drew", "seat": 0, "count": 2, "reason": "missed_call"},
    ]
    assert G.current(caught) == 1
    assert "callout" not in kinds(caught, 2)


def test_the_window_closes_when_the_next_player_plays_or_draws() -> None:
    s = play(position([["r1", "r2"], ["r3", "b3", "b4"], F[3:6]], "r7", pile=["g1", "g2"]), 0, "r1")
    for after in (play(s, 1, "r3"), act(s, 1, "draw")):
        assert "callout" not in kinds(after, 2)
        assert G.view(after, 2)["players"][0]["uncalled"] is False
        assert counts(after)[0] == 1


def test_the_offender_may_still_call_right_after_the_play() -> None:
    s = play(position([["r1", "r2"], F[:3], F[3:6]], "r7"), 0, "r1")
    s = act(s, 0, "declare")
    assert G.view(s, 1)["players"][0] == {"seat": 0, "cards": 1, "declared": True, "uncalled": False}
    assert "callout" not in kinds(s, 1)


def test_calling_with_two_cards_before_playing_prevents_the_callout() -> None:
    s = position([["r1", "r2"], F[:3]], "r7")
    assert "declare" in kinds(s, 0) and "declare" not in kinds(s, 1)
    s = play(act(s, 0, "declare"), 0, "r1")
    assert G.view(s, 1)["players"][0]["declared"] is True
    assert "callout" not in kinds(s, 1)


def test_a_call_then_a_draw_is_void() -> None:
    s = act(position([["r1", "b2"], F[:3]], "r7", pile=["g5"]), 0, "declare")
    s = act(s, 0, "draw")
    assert G.view(s, 1)["players"][0]["declared"] is False


def test_the_call_is_refused_when_it_makes_no_sense() -> None:
    s = position([["r1", "r2", "r3"], F[:3]], "r7")
    refused(s, 0, {"type": "declare"}, "cannot_declare")  # three cards, no multi-card play
    refused(s, 1, {"type": "declare"}, "cannot_declare")  # not his turn


def test_when_the_next_seat_is_skipped_the_window_stays_open_until_someone_acts() -> None:
    s = position([["rD", "r2"], F[:3], ["r4", "b6", "b5"], F[3:6]], "r7", pile=["g1", "g2", "g3", "g4"])
    s = play(s, 0, "rD")  # seat 1 draws 2 automatically and is skipped: that does not close the window
    assert G.current(s) == 2 and "callout" in kinds(s, 1)
    s = play(s, 2, "r4")
    assert "callout" not in kinds(s, 1)


def test_with_two_players_the_offenders_own_next_action_closes_the_window() -> None:
    s = play(position([["rS", "r2"], F[:3]], "r7", pile=["g1", "g2"]), 0, "rS")
    assert G.current(s) == 0 and "callout" in kinds(s, 1)
    won = play(s, 0, "r2")
    assert G.view(won, 1)["result"]["winner"] == 0
