"""The local rules, each alone and together (D8, D9, the D10 edge cases, D12.1, D12.3; REC 11–15, 19)."""

from __future__ import annotations

from tests.engine.daifugo.support import G, events, kinds, pass_, play, players, plays, position, refused

FILL = "c9 cT cQ"  # no 8, no J: takes no part


def state_of(s: object) -> tuple[bool, bool, bool, list[str] | None]:
    v = G.view(s, None)
    return v["revolution"], v["eleven_back"], v["reversed"], v["lock"]


# --- 革命 (revolution) -------------------------------------------------------------------------------------------


def test_a_four_card_set_reverses_the_order_and_another_returns_it() -> None:
    s = position("s6 h6 d6 c6 s9", "s5 h5 d5 c5 sK", FILL)
    s = play(s, 0, "s6 h6 d6 c6")
    assert events(s) == [{"type": "revolution", "on": True}]
    assert state_of(s) == (True, False, True, None)
    s = play(s, 1, "s5 h5 d5 c5")  # after 6666, 5555 beats it (the next play is judged in the new order)
    assert events(s) == [{"type": "revolution", "on": False}]
    assert state_of(s)[:3] == (False, False, False)


def test_jokers_count_in_a_revolution_and_the_play_is_judged_in_the_old_order() -> None:
    s = position("s7 h7 d7 X1 s9", "s5 h5 d5 c5 sK", FILL)
    s = play(s, 0, "s7 h7 d7 X1")
    assert G.view(s, 1)["revolution"] is True
    assert plays(s, 1) == ["pass", "s5 h5 d5 c5"]
    s = position("s2 X1 X2 s4", FILL, FILL, jokers=2)
    assert G.view(play(s, 0, "s2 X1 X2"), 1)["revolution"] is False  # three cards
    s = position("s2 h2 X1 X2 s4", "s3 h3 d3 c3 c4", FILL, jokers=2)
    s = play(s, 0, "s2 h2 X1 X2")
    assert G.view(s, 1)["revolution"] is True
    s = play(s, 1, "s3 h3 d3 c3")  # in the new order 3 is strongest; judged before its own toggle
    assert (kinds(s), G.view(s, 2)["revolution"]) == (["revolution"], False)


def test_the_revolution_lasts_through_clears_until_the_round_ends() -> None:
    s = position("s6 h6 d6 c6 s9 sK", "s5 c5 h4", FILL)
    s = play(s, 0, "s6 h6 d6 c6")
    s = pass_(s, 1, 2)
    assert (G.current(s), state_of(s)) == (0, (True, False, True, None))
    s = play(s, 0, "s9")
    s = play(s, 1, "s5")  # 5 beats 9 in revolution
    assert G.view(s, 2)["field"]["rank"] == "5"
    s = position("s6 h6 d6 c6", "s5", "c5 c7", rounds=2)
    s = play(s, 0, "s6 h6 d6 c6")  # going out on a revolution: it stays (D10)
    assert kinds(s) == ["revolution", "out"] and G.view(s, 1)["revolution"] is True
    s = pass_(s, 1, 2)
    s = play(s, 1, "s5")
    v = G.view(s, 1)
    assert (v["round"], v["revolution"], v["reversed"]) == (2, False, False)  # a new round starts in order


def test_without_the_option_four_of_a_kind_is_just_a_set() -> None:
    s = play(position("s6 h6 d6 c6 s9", FILL, FILL, revolution=False), 0, "s6 h6 d6 c6")
    assert (kinds(s), G.view(s, 1)["revolution"]) == ([], False)


def test_a_sequence_of_five_reverses_only_with_sequence_revolution() -> None:
    hands = ("s3 s4 s5 s6 s7 h3 h4 h5 h6 c9", FILL, FILL)
    s = play(position(*hands, sequences=True, sequence_revolution=True), 0, "s3 s4 s5 s6 s7", seq="3")
    assert events(s) == [{"type": "revolution", "on": True}]
    s = play(position(*hands, sequences=True, sequence_revolution=True), 0, "h3 h4 h5 h6", seq="3")
    assert events(s) == []
    s = play(position(*hands, sequences=True), 0, "s3 s4 s5 s6 s7", seq="3")
    assert events(s) == []


# --- 8切り ---------------------------------------------------------------------------------------------------------


def test_an_eight_clears_the_field_and_its_player_leads_again() -> None:
    s = position("s4 s8 sK", "s5 s9", FILL)
    s = pass_(play(play(s, 0, "s4"), 1, "s5"), 2)
    s = play(s, 0, "s8")
    assert events(s) == [{"type": "eight_cut"}, {"type": "clear", "seat": 0}]
    assert (G.current(s), G.view(s, 0)["field"]) == (0, None)


def test_a_joker_as_an_eight_cuts_in_a_set_or_a_sequence_and_a_lone_joker_does_not() -> None:
    assert "eight_cut" in kinds(play(position("s8 X1 s4", FILL, FILL), 0, "s8 X1"))
    assert "eight_cut" not in kinds(play(position("X1 s4", FILL, FILL), 0, "X1"))
    hands = ("s7 s8 s9 h7 h9 X1 s4", FILL, FILL)
    assert "eight_cut" in kinds(play(position(*hands, sequences=True), 0, "s7 s8 s9", seq="7"))
    assert "eight_cut" in kinds(play(position(*hands, sequences=True), 0, "h7 X1 h9", seq="7"))


def test_going_out_on_an_eight_the_next_holder_leads() -> None:
    s = position("s8", "s5 s9", FILL)
    s = play(s, 0, "s8")
    assert kinds(s) == ["out", "eight_cut", "clear"] and G.current(s) == 1


def test_without_eight_cut_an_eight_is_just_a_card() -> None:
    s = play(position("s8 s4", "s9 s5", FILL, eight_cut=False), 0, "s8")
    assert (kinds(s), G.current(s)) == ([], 1)


# --- 縛り (lock) ------------------------------------------------------------------------------------------------------


def test_the_same_suits_twice_lock_the_field_and_jokers_fill_the_locked_suits() -> None:
    s = position("s5 h5 s4", "s9 h9 c4", "sJ dJ X1 c6", lock=True)
    s = play(s, 0, "s5 h5")
    s = play(s, 1, "s9 h9")
    assert events(s) == [{"type": "lock", "suits": ["s", "h"]}]
    assert G.view(s, 2)["lock"] == ["s", "h"]
    assert plays(s, 2) == ["pass", "sJ X1"]
    refused(s, 2, {"type": "play", "cards": ["sJ", "dJ"]}, "locked")
    s = play(s, 2, "sJ X1")
    assert G.view(s, 0)["lock"] == ["s", "h"]


def test_a_play_with_a_joker_locks_nothing() -> None:
    s = position("s5 h5 s4", "s9 X1 c4", "sJ dJ c6", lock=True)
    s = play(play(s, 0, "s5 h5"), 1, "s9 X1")
    assert (kinds(s), G.view(s, 2)["lock"]) == ([], None)
    assert plays(s, 2) == ["pass", "sJ dJ"]
    s = play(s, 2, "sJ dJ")
    assert G.view(s, 0)["lock"] is None  # the top play held a joker


def test_passes_between_do_not_matter_and_a_clear_ends_the_lock() -> None:
    s = position("s5 hA", "c4 c6", "s7 d9", lock=True)
    s = play(s, 0, "s5")
    s = pass_(s, 1)
    s = play(s, 2, "s7")
    assert G.view(s, 0)["lock"] == ["s"]
    assert plays(s, 0) == ["pass"]  # hA is of another suit
    s = pass_(s, 0)
    assert G.view(s, 2)["lock"] is None and G.current(s) == 2


def test_a_sequence_locks_its_suit() -> None:
    s = position("s3 s4 s5 h3", "s9 sT sJ hQ hK hA", FILL, lock=True, sequences=True)
    s = play(s, 0, "s3 s4 s5", seq="3")
    s = play(s, 1, "s9 sT sJ", seq="9")
    assert G.view(s, 2)["lock"] == ["s"]


def test_under_a_lock_the_lone_joker_and_the_spade3_return_are_exempt_and_listed() -> None:
    s = position("h5 s3 c4", "h7 hK", "X1 d2 dK", lock=True, spade3=True)
    s = play(play(s, 0, "h5"), 1, "h7")
    assert G.view(s, 2)["lock"] == ["h"]
    assert plays(s, 2) == ["pass", "X1"]  # D12.3
    s = play(s, 2, "X1")
    assert plays(s, 0) == ["pass", "s3"]
    s = play(s, 0, "s3")
    assert kinds(s) == ["spade3", "clear"] and G.view(s, 1)["lock"] is None


def test_without_the_option_nothing_locks() -> None:
    s = play(play(position("s5 h5 s4", "s9 h9 c4", "sJ dJ c6"), 0, "s5 h5"), 1, "s9 h9")
    assert G.view(s, 2)["lock"] is None and "sJ dJ" in plays(s, 2)


# --- 11バック -----------------------------------------------------------------------------------------------------


def test_a_jack_reverses_the_order_until_the_field_clears() -> None:
    s = position("sJ s4 sK", "sT sQ", "s9 c3", eleven_back=True)
    s = play(s, 0, "sJ")
    assert events(s) == [{"type": "eleven_back", "on": True}]
    assert state_of(s) == (False, True, True, None)
    assert plays(s, 1) == ["pass", "sT"]
    s = play(s, 1, "sT")
    s = play(s, 2, "s9")
    s = pass_(s, 0, 1)
    assert state_of(s) == (False, False, False, None)  # the clear resets it
    assert G.current(s) == 2


def test_a_joker_standing_for_a_jack_and_a_sequence_through_the_jack_toggle_it() -> None:
    s = position("sJ X1 s4", FILL, FILL, eleven_back=True)
    assert G.view(play(s, 0, "sJ X1"), 1)["eleven_back"] is True
    s = position("sT sJ sQ s4", FILL, FILL, eleven_back=True, sequences=True)
    assert G.view(play(s, 0, "sT sJ sQ", seq="T"), 1)["eleven_back"] is True
    s = position("sT X1 sQ s4", FILL, FILL, eleven_back=True, sequences=True)
    assert G.view(play(s, 0, "sT X1 sQ", seq="T"), 1)["eleven_back"] is True


def test_jjjj_with_revolution_and_eleven_back_keeps_the_order_and_the_revolution_stays() -> None:
    s = position("sJ hJ dJ cJ s4", "sQ s3", "c4 c5", eleven_back=True)
    s = play(s, 0, "sJ hJ dJ cJ")
    assert kinds(s) == ["revolution", "eleven_back"]
    assert state_of(s) == (True, True, False, None)
    s = pass_(s, 1, 2)
    assert state_of(s) == (True, False, True, None)


def test_without_the_option_a_jack_is_just_a_card() -> None:
    s = play(position("sJ s4", "sT sQ", FILL), 0, "sJ")
    assert (kinds(s), plays(s, 1)) == ([], ["pass", "sQ"])


# --- スペ3返し --------------------------------------------------------------------------------------------------------


def test_the_spade_three_returns_a_lone_joker_and_its_player_leads() -> None:
    s = position("s9 s4", "X1 s6", "s3 h7", spade3=True)
    s = play(play(s, 0, "s9"), 1, "X1")
    assert plays(s, 2) == ["pass", "s3"]
    s = play(s, 2, "s3")
    assert events(s) == [{"type": "spade3"}, {"type": "clear", "seat": 2}]
    assert (G.current(s), G.view(s, 0)["field"]) == (2, None)


def test_the_spade_three_returns_in_revolution_and_under_eleven_back() -> None:
    s = position("sJ s4", "X1 s6", "s3 h7", spade3=True, eleven_back=True, in_revolution=True)
    s = play(play(s, 0, "sJ"), 1, "X1")
    assert state_of(s)[:3] == (True, True, False)
    s = play(s, 2, "s3")
    assert kinds(s) == ["spade3", "clear"]


def test_a_joker_inside_a_set_cannot_be_returned_and_only_the_spade_three_returns() -> None:
    s = position("s9 h9 s4", "X1 sK", "s3 h3 hA", spade3=True)
    s = play(play(s, 0, "s9 h9"), 1, "X1 sK")
    refused(s, 2, {"type": "play", "cards": ["s3"]}, "wrong_shape")
    s = position("s9 s4", "X1 s6", "s3 h3 hA", spade3=True)
    s = play(play(s, 0, "s9"), 1, "X1")
    refused(s, 2, {"type": "play", "cards": ["h3"]}, "too_weak")
    refused(s, 2, {"type": "play", "cards": ["hA"]}, "too_weak")


def test_without_the_option_nothing_beats_a_lone_joker() -> None:
    s = play(play(position("s9 s4", "X1 s6", "s3 h7"), 0, "s9"), 1, "X1")
    assert plays(s, 2) == ["pass"]
    refused(s, 2, {"type": "play", "cards": ["s3"]}, "too_weak")


def test_a_spade_three_as_the_last_card_the_next_holder_leads() -> None:
    s = position("s9 s4", "X1 s6", "s3", "c5 c6", spade3=True)
    s = play(play(s, 0, "s9"), 1, "X1")
    s = play(s, 2, "s3")
    assert kinds(s) == ["out", "spade3", "clear"] and G.current(s) == 3  # D12.1


# --- 都落ち -------------------------------------------------------------------------------------------------------

FIVE_TITLES = ["daifugo", "fugo", "heimin", "hinmin", "daihinmin"]


def test_the_previous_daifugo_falls_when_another_finishes_first() -> None:
    s = position("s4 s5", "s6", "c3 c4", titles=["daifugo", "heimin", "daihinmin"], turn=1, miyako_ochi=True)
    s = play(s, 1, "s6")
    assert events(s)[:2] == [{"type": "out", "seat": 1, "place": 1}, {"type": "miyako_ochi", "seat": 0}]
    # Seats 1 out, 0 fallen: seat 2 alone holds cards and the round ends: 1, 2, then the fallen 0.
    assert events(s)[-1] == {"type": "round_end", "round": 1, "places": [1, 2, 0]}


def test_a_fallen_hand_is_never_shown_and_play_goes_on() -> None:
    hands = ("s4 s5", "s6", "c3 c4", "d3 d4")
    s = position(*hands, titles=["daifugo", "fugo", "hinmin", "daihinmin"], turn=1, miyako_ochi=True)
    s = play(s, 1, "s6")
    v = G.view(s, 0)
    assert (v["hand"], v["players"][0]["cards"], v["players"][0]["out"], v["players"][0]["place"]) == (
        [], 0, "fallen", None,
    )  # fmt: skip
    assert "s4" not in v["played"] and G.current(s) == 2
    assert G.legal_moves(s, 0) == []
    s = pass_(s, 2, 3)
    assert G.current(s) == 2  # the first holder after seat 1, who went out


def test_d10_five_players_b_out_a_falls_c_fouls_d_out_e_remains() -> None:
    a, b, c, d, e = range(5)
    hands = ("s4 s5 s6", "s7", "X1", "h9 hT", "c4 c5 c6")
    s = position(*hands, titles=FIVE_TITLES, turn=b, miyako_ochi=True, forbidden_finish=True)
    s = play(s, b, "s7")
    assert kinds(s) == ["out", "miyako_ochi"]
    s = play(s, c, "X1")  # a foul: the lowest free place, the field clears, the next holder leads
    assert events(s) == [{"type": "foul", "seat": c, "place": 5}, {"type": "clear", "seat": d}]
    s = play(s, d, "h9")
    s = pass_(s, e)
    s = play(s, d, "hT")
    assert events(s)[-1] == {"type": "round_end", "round": 1, "places": [b, d, e, a, c]}


def test_d10_three_players_a_fouls_b_out_c_falls() -> None:
    a, b, c = range(3)
    s = position("X1", "s7", "s4 s5", titles=["heimin", "daihinmin", "daifugo"], turn=a, miyako_ochi=True,
                 forbidden_finish=True)  # fmt: skip
    s = play(s, a, "X1")
    assert kinds(s) == ["foul", "clear"] and G.current(s) == b
    s = play(s, b, "s7")
    assert kinds(s) == ["out", "miyako_ochi", "round_end"]
    assert events(s)[-1]["places"] == [b, c, a]


def test_no_fall_when_the_daifugo_finishes_first_or_without_titles_or_the_option() -> None:
    titles = ["daifugo", "fugo", "hinmin", "daihinmin"]
    hands = ("s6", "s4 s5", "c3 c4", "d3 d4")
    assert kinds(play(position(*hands, titles=titles, miyako_ochi=True), 0, "s6")) == ["out"]
    hands = ("s4 s5", "s6", "c3 c4", "d3 d4")
    assert kinds(play(position(*hands, titles=titles, turn=1), 1, "s6")) == ["out"]
    assert kinds(play(position(*hands, turn=1, miyako_ochi=True), 1, "s6")) == ["out"]  # no titles


def test_a_foul_is_not_a_first_finish_for_miyako_ochi() -> None:
    titles = ["daifugo", "fugo", "hinmin", "daihinmin"]
    s = position("s4 s5", "X1", "s6", "d3 d4", titles=titles, turn=1, miyako_ochi=True, forbidden_finish=True)
    s = play(s, 1, "X1")
    assert kinds(s) == ["foul", "clear"]
    s = play(s, 2, "s6")
    assert kinds(s)[:2] == ["out", "miyako_ochi"]


# --- 反則上がり ---------------------------------------------------------------------------------------------------


def test_seven_and_a_joker_as_the_last_play_is_a_foul() -> None:
    s = position("s7 X1", "s4 s5", "c5 c6", "d5 d6", forbidden_finish=True)
    s = play(s, 0, "s7 X1")
    assert events(s) == [{"type": "foul", "seat": 0, "place": 4}, {"type": "clear", "seat": 1}]
    assert players(s, "out")[0] == "foul" and G.current(s) == 1


def test_2222_in_the_normal_order_is_a_foul_yet_its_revolution_happens() -> None:
    s = position("s2 h2 d2 c2", "s4 s5", "c5 c6", forbidden_finish=True)
    s = play(s, 0, "s2 h2 d2 c2")
    assert kinds(s) == ["revolution", "foul", "clear"]
    assert G.view(s, 1)["revolution"] is True


def test_3333_in_the_normal_order_is_no_foul_without_the_spade_three_rule() -> None:
    s = play(position("s3 h3 d3 c3", "s4 s5", "c5 c6", forbidden_finish=True), 0, "s3 h3 d3 c3")
    assert kinds(s) == ["revolution", "out"] and G.view(s, 1)["reversed"] is True
    s = position("s3 h3 d3 c3", "s4 s5", "c5 c6", forbidden_finish=True, spade3=True)
    assert kinds(play(s, 0, "s3 h3 d3 c3")) == ["revolution", "foul", "clear"]


def test_in_revolution_a_three_is_forbidden_and_a_two_is_not() -> None:
    hands = ("s3", "s4 s5", "c5 c6")
    assert kinds(play(position(*hands, forbidden_finish=True, in_revolution=True), 0, "s3"))[0] == "foul"
    hands = ("s2", "s4 s5", "c5 c6")
    assert kinds(play(position(*hands, forbidden_finish=True, in_revolution=True), 0, "s2"))[0] == "out"
    assert kinds(play(position(*hands, forbidden_finish=True), 0, "s2"))[0] == "foul"


def test_the_strongest_rank_is_judged_before_the_play_under_eleven_back() -> None:
    s = position("sJ s4", "s3", "c6 c7", forbidden_finish=True, eleven_back=True)
    s = play(s, 0, "sJ")  # 11バック: the 3 is now strongest
    assert kinds(play(s, 1, "s3")) == ["foul", "clear"]
    s = position("sJ", "sQ s3", "c6 c7", forbidden_finish=True, eleven_back=True)
    assert kinds(play(s, 0, "sJ")) == ["eleven_back", "out"]  # the J was not the strongest before the play


def test_an_eight_finish_is_a_foul_with_eight_cut_only() -> None:
    hands = ("s8", "s4 s5", "c5 c6")
    assert kinds(play(position(*hands, forbidden_finish=True), 0, "s8")) == ["foul", "eight_cut", "clear"]
    assert kinds(play(position(*hands, forbidden_finish=True, eight_cut=False), 0, "s8")) == ["out"]


def test_the_first_foul_is_last_and_the_next_takes_the_place_above() -> None:
    s = position("X1", "s2", "c5 c6", "d5 d6", forbidden_finish=True)
    s = play(s, 0, "X1")
    s = play(s, 1, "s2")
    assert events(s) == [{"type": "foul", "seat": 1, "place": 3}, {"type": "clear", "seat": 2}]
    assert players(s, "place") == [4, 3, None, None]


def test_without_the_option_any_last_card_finishes() -> None:
    s = play(position("X1", "s4 s5", "c5 c6"), 0, "X1")
    assert kinds(s) == ["out"] and players(s, "place")[0] == 1


def test_going_out_on_a_revolution_keeps_it() -> None:
    s = play(position("s6 h6 d6 c6", "s4 s5", "c5 c7"), 0, "s6 h6 d6 c6")
    assert kinds(s) == ["revolution", "out"] and G.view(s, 1)["revolution"] is True
