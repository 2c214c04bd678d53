"""Sets, sequences and jokers (D1, D4; REC 7–10): what a play is, what beats what, and what legal_moves lists."""

from __future__ import annotations

import pytest

from tests.engine.daifugo.support import G, PASS, cards, hand, pass_, play, plays, position, refused

FILL = "c9 cT cJ"  # cards that take no part in a scenario


def test_a_set_is_one_to_four_cards_of_a_rank_with_jokers_standing_in() -> None:
    s = position("s5 h5 d5 c5 X1 s6", FILL, FILL)
    refused(s, 0, {"type": "play", "cards": cards("s5 h5 d5 c5 X1")}, "bad_combination")  # at most 4 (REC 7)
    refused(s, 0, {"type": "play", "cards": cards("s5 s6")}, "bad_combination")
    s = play(s, 0, "X1 s5 h5")  # any order; the rank is the naturals'
    field = G.view(s, 1)["field"]
    assert (field["cards"], field["kind"], field["size"], field["rank"]) == (["s5", "h5", "X1"], "set", 3, "5")


def test_all_joker_sets_have_the_joker_rank_above_2_in_both_orders() -> None:
    for revolution in (False, True):
        s = position("s2 h2 s4", "X1 X2 s9", FILL, in_revolution=revolution)
        s = play(s, 0, "s2 h2")
        assert "X1 X2" in plays(s, 1)
        s = play(s, 1, "X2 X1")
        assert G.view(s, 2)["field"]["rank"] == "X"
        assert plays(s, 2) == ["pass"]  # nothing beats it (no ♠3 return for a pair)


def test_a_lone_joker_beats_a_2_but_not_the_other_joker_and_never_stands_in_for_a_card() -> None:
    s = position("s2 s4", "X1 s6", "X2 s7")
    s = play(s, 0, "s2")
    s = play(s, 1, "X1")
    refused(s, 2, {"type": "play", "cards": ["X2"]}, "too_weak")
    s = position("s5 h5 s4", "X1 s6", FILL)
    s = play(s, 0, "s5 h5")
    refused(s, 1, {"type": "play", "cards": ["X1"]}, "wrong_shape")
    refused(s, 1, {"type": "play", "cards": ["X1", "s4"]}, "not_in_hand")
    s = play(s, 1, "X1 s6")  # in a set the joker stands in: a pair of 6s
    assert G.view(s, 2)["field"]["cards"] == ["s6", "X1"]


def test_a_follower_plays_the_same_kind_and_number_strictly_stronger() -> None:
    s = position("s7 h7 s4", "s8 h8 d8 s9 X1 s6", FILL)
    s = play(s, 0, "s7 h7")
    refused(s, 1, {"type": "play", "cards": ["s9"]}, "wrong_shape")
    refused(s, 1, {"type": "play", "cards": cards("s8 h8 d8")}, "wrong_shape")
    refused(s, 1, {"type": "play", "cards": cards("s6 X1")}, "too_weak")
    refused(s, 1, {"type": "play", "cards": cards("s6 h6")}, "not_in_hand")
    refused(s, 1, {"type": "play", "cards": cards("s6"), "seq": "6"}, "bad_combination")  # sequences off
    assert plays(s, 1) == ["pass", "s8 h8", "s8 d8", "h8 d8", "s9 X1"]


def test_the_leader_must_play() -> None:
    s = position("s7 h7", FILL, FILL)
    refused(s, 0, PASS, "cannot_pass")
    assert "pass" not in plays(s, 0)


@pytest.mark.parametrize(
    ("move", "code"),
    [
        (None, "bad_move"),
        ("pass", "bad_move"),
        ({"type": "draw"}, "bad_move"),
        ({"type": ["play"], "cards": ["s7"]}, "bad_move"),
        ({"type": {"play": 1}}, "bad_move"),
        ({"type": "play"}, "bad_move"),
        ({"type": "play", "cards": []}, "bad_move"),
        ({"type": "play", "cards": "s7"}, "bad_move"),
        ({"type": "play", "cards": ["s7", "s7"]}, "bad_move"),
        ({"type": "play", "cards": ["s7"], "seq": "1"}, "bad_move"),
        ({"type": "play", "cards": ["s7"], "seq": None}, "bad_move"),
        ({"type": "play", "cards": ["s7"], "color": "r"}, "bad_move"),
        ({"type": "pass", "cards": ["s7"]}, "bad_move"),
        ({"type": "play", "cards": ["r7"]}, "unknown_card"),
        ({"type": "play", "cards": ["S7"]}, "unknown_card"),
        ({"type": "play", "cards": ["X3"]}, "unknown_card"),
        ({"type": "play", "cards": ["d7"]}, "not_in_hand"),
        ({"type": "give", "cards": ["s7"]}, "not_exchanging"),
    ],
)
def test_malformed_and_impossible_moves_are_refused_precisely(move: object, code: str) -> None:
    refused(position("s7 h7", FILL, FILL), 0, move, code)


def test_moves_out_of_turn_are_refused() -> None:
    s = position("s7 h7", FILL, FILL)
    for seat in (1, 2, 3, -1, "0", None, True):
        refused(s, seat, {"type": "play", "cards": ["c9"]}, "not_your_turn")


# --- sequences (階段) --------------------------------------------------------------------------------------------


def test_a_sequence_is_three_or_more_of_a_suit_declared_by_its_lowest_rank() -> None:
    s = position("s4 s5 s6 h7 X1 sK sA s2", FILL, FILL, sequences=True)
    refused(s, 0, {"type": "play", "cards": cards("s4 s5 s6")}, "bad_combination")  # no seq: read as a set
    refused(s, 0, {"type": "play", "cards": cards("s4 s5"), "seq": "4"}, "bad_combination")  # 3+ cards
    refused(s, 0, {"type": "play", "cards": cards("s5 s6 h7"), "seq": "5"}, "bad_combination")  # one suit
    refused(s, 0, {"type": "play", "cards": cards("s4 s5 s6"), "seq": "5"}, "bad_combination")  # 4 is not 5-6-7
    refused(s, 0, {"type": "play", "cards": cards("sA s2 X1"), "seq": "A"}, "bad_combination")  # A-2-3: no (REC 9)
    s2 = play(s, 0, "sK s2 X1", seq="K")  # K-A-2 with the joker as the A
    field = G.view(s2, 1)["field"]
    assert (field["kind"], field["low"], field["high"], field["suit"], field["cards"]) == (
        "seq", "K", "2", "s", ["sK", "X1", "s2"],
    )  # fmt: skip
    s3 = play(s, 0, "s5 X1 s6", seq="4")  # 4(joker)-5-6
    assert G.view(s3, 1)["field"]["cards"] == ["X1", "s5", "s6"]


def test_jokers_alone_never_make_a_sequence_nor_extend_it_beyond_2() -> None:
    s = position("X1 X2 s5 s2", FILL, FILL, sequences=True, jokers=2)
    refused(s, 0, {"type": "play", "cards": cards("X1 X2 s5"), "seq": "K"}, "bad_combination")
    refused(s, 0, {"type": "play", "cards": cards("s2 X1 X2"), "seq": "2"}, "bad_combination")
    assert [p for p in plays(s, 0) if "@" in p] == ["s5 X1 X2 @3", "s5 X1 X2 @4", "s5 X1 X2 @5", "s2 X1 X2 @K"]


def test_a_sequence_beats_another_only_lying_wholly_above_it_or_below_in_reverse() -> None:
    s = position("s3 s4 s5 c6", "h5 h6 h7 h8 h9 hT", FILL, sequences=True)
    s = play(s, 0, "s3 s4 s5", seq="3")
    refused(s, 1, {"type": "play", "cards": cards("h5 h6 h7"), "seq": "5"}, "too_weak")  # overlaps at 5
    assert plays(s, 1) == ["pass", "h6 h7 h8 @6", "h7 h8 h9 @7", "h8 h9 hT @8"]
    s = position("sT sJ sQ c6", "h7 h8 h9 hK", FILL, sequences=True, in_revolution=True)
    s = play(s, 0, "sT sJ sQ", seq="T")
    refused(s, 1, {"type": "play", "cards": cards("h8 h9 X1"), "seq": "8"}, "not_in_hand")
    assert plays(s, 1) == ["pass", "h7 h8 h9 @7"]


# --- what legal_moves lists ------------------------------------------------------------------------------------------


def test_legal_plays_are_sorted_by_kind_size_strength_and_cards() -> None:
    s = position("s3 h3 s4 s5 h9 X1", FILL, FILL, sequences=True)
    assert plays(s, 0) == [
        "s3", "h3", "s4", "s5", "h9", "X1",
        "s3 h3", "s4 X1", "s5 X1", "h9 X1",
        "s3 h3 X1",
        "s3 s4 s5 @3", "s4 s5 X1 @4",
        "s3 s4 s5 X1 @3",
    ]  # fmt: skip
    # In the reversed order the weakest come first too: 9 before 5 before 3, the joker rank still last.
    s = position("s3 h3 s4 s5 h9 X1", FILL, FILL, sequences=True, in_revolution=True)
    assert plays(s, 0)[:6] == ["h9", "s5", "s4", "s3", "h3", "X1"]
    assert plays(s, 0)[11:13] == ["s4 s5 X1 @4", "s3 s4 s5 @3"]


def test_jokers_are_listed_only_for_missing_cards_the_lowest_numbered_first() -> None:
    s = position("s8 h8 d8 X1 X2", FILL, FILL, jokers=2)
    assert plays(s, 0) == [
        "s8", "h8", "d8", "X1",
        "s8 h8", "s8 d8", "h8 d8", "X1 X2",
        "s8 h8 d8",
        "s8 h8 d8 X1",
    ]  # fmt: skip
    s = position("s8 X2", FILL, FILL, jokers=2)
    assert plays(s, 0) == ["s8", "X2", "s8 X2"]


def test_apply_accepts_every_reading_of_a_legal_play() -> None:
    s = position("s9 h9 d9 X1 X2 s4", FILL, FILL, jokers=2)
    for text in ("s9 h9 X2", "X1 d9 s9", "s9 X1 X2", "X2 h9 d9 s9"):
        assert G.view(play(s, 0, text), 1)["field"]["rank"] == "9"


def test_two_readings_of_the_same_cards_are_two_legal_moves() -> None:
    s = position("s5 s6 X1 c2", FILL, FILL, sequences=True)
    assert [p for p in plays(s, 0) if "@" in p] == ["s5 s6 X1 @4", "s5 s6 X1 @5"]
    assert "s5 X1" in plays(s, 0)
    assert G.view(play(s, 0, "s5 s6 X1", seq="5"), 1)["field"]["high"] == "7"


def test_only_pass_is_listed_when_nothing_beats_the_field_and_nothing_off_turn() -> None:
    s = play(position("s2 s4", "s3 h3 s5", FILL), 0, "s2")
    assert plays(s, 1) == ["pass"]
    assert plays(s, 0) == plays(s, 2) == []
    s = pass_(s, 1)
    assert hand(s, 1) == "s3 h3 s5"
