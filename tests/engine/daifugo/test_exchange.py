"""Titles and the exchange (D3; REC 4, 5, 6, 16; D12.2, D12.5, D12.6)."""

from __future__ import annotations

import pytest

from tests.engine.daifugo.support import G, PASS, deal, give, hand, play, players, refused

# Seats 0-3 took places 1-4 in the imagined earlier round: 大富豪, 富豪, 貧民, 大貧民.
IN_ORDER = [0, 1, 2, 3]


def four() -> object:
    return deal("s3 s4 s5 s6 s7", "h3 h4 h5 h6 h7", "d5 h2 dA cK c7", "c2 s2 d4 X1 d7", previous=IN_ORDER)


def test_the_poorest_give_their_strongest_cards_at_the_deal() -> None:
    s = four()
    assert players(s, "title") == ["daifugo", "fugo", "hinmin", "daihinmin"]
    # 大貧民: the joker, then the 2s in suit order ♠ ♥ ♦ ♣ (REC 4); 貧民: its strongest, the 2.
    assert hand(s, 0) == "s3 s4 s5 s6 s7 s2 X1"
    assert hand(s, 3) == "d4 d7 c2"
    assert hand(s, 1) == "h3 h4 h5 h6 h7 h2" and hand(s, 2) == "d5 c7 cK dA"


def test_of_two_jokers_X1_goes_first() -> None:
    s = deal("s3 s4 s5 s6", "h3 h4 h5 h6", "X2 X1 s2 c3", "d3 d4 d5 d6", previous=[0, 1, 2, 3], jokers=2)
    assert hand(s, 1) == "h3 h4 h5 h6 X1"


def test_each_sees_only_its_own_part_of_the_exchange() -> None:
    s = four()
    views = [G.view(s, seat)["exchange"] for seat in range(4)]
    assert views == [
        {"pending": [0, 1], "give": 2, "given": [], "received": ["s2", "X1"]},
        {"pending": [0, 1], "give": 1, "given": [], "received": ["h2"]},
        {"pending": [0, 1], "give": 0, "given": ["h2"], "received": []},
        {"pending": [0, 1], "give": 0, "given": ["s2", "X1"], "received": []},
    ]
    assert G.view(s, None)["exchange"] == {"pending": [0, 1], "give": 0, "given": [], "received": []}
    assert (G.current(s), G.view(s, 2)["phase"]) == (0, "exchange")  # the 大富豪 first (REC 6)


def test_the_rich_return_any_cards_in_either_order_and_the_poorest_leads() -> None:
    s = four()
    s = give(s, 1, "h3")  # the 富豪 first: `current` still names the 大富豪
    assert (G.current(s), G.view(s, 1)["exchange"]["pending"]) == (0, [0])
    s = give(s, 0, "X1 s3")  # a card just received may go back (REC 5)
    assert hand(s, 3) == "s3 d4 d7 c2 X1" and hand(s, 2) == "h3 d5 c7 cK dA"
    v = G.view(s, 3)
    assert (v["phase"], v["current"]) == ("play", 3)  # the 大貧民 leads
    assert v["exchange"] == {"pending": [], "give": 0, "given": ["s2", "X1"], "received": ["s3", "X1"]}
    assert G.view(s, 0)["exchange"]["given"] == ["s3", "X1"]
    s = play(s, 3, "d4")
    assert G.view(s, 0)["exchange"]["received"] == ["s2", "X1"]  # kept for the whole round (D12.6)


def test_a_give_is_shown_to_its_two_parties_only() -> None:
    s = give(four(), 0, "s3 s4")
    for seat in (0, 3):
        assert G.view(s, seat)["last"] == {"seat": 0, "type": "give", "to": 3, "cards": ["s3", "s4"], "events": []}
    for seat in (1, 2, None):
        assert G.view(s, seat)["last"] == {"seat": 0, "type": "give", "to": 3, "events": []}


def test_the_exchange_offers_every_set_of_cards_to_each_pending_giver() -> None:
    s = four()
    gives = [m["cards"] for m in G.legal_moves(s, 0)]
    assert len(gives) == 21 and gives[:3] == [["s3", "s4"], ["s3", "s5"], ["s3", "s6"]]
    assert gives[-1] == ["s2", "X1"]
    assert [m["cards"] for m in G.legal_moves(s, 1)] == [[c] for c in "h3 h4 h5 h6 h7 h2".split()]
    assert G.legal_moves(s, 2) == G.legal_moves(s, 3) == []


@pytest.mark.parametrize(
    ("seat", "move", "code"),
    [
        (0, {"type": "give", "cards": ["s3"]}, "bad_give"),
        (0, {"type": "give", "cards": ["s3", "s4", "s5"]}, "bad_give"),
        (0, {"type": "give", "cards": ["s3", "h3"]}, "not_in_hand"),
        (0, {"type": "give", "cards": ["s3", "s3"]}, "bad_move"),
        (0, {"type": "give", "cards": ["s3", "z3"]}, "unknown_card"),
        (0, {"type": "give"}, "bad_move"),
        (0, {"type": "play", "cards": ["s3"]}, "not_your_turn"),
        (3, {"type": "play", "cards": ["d4"]}, "not_your_turn"),
        (0, PASS, "not_your_turn"),
        (2, {"type": "give", "cards": ["d5"]}, "not_exchanging"),
        (3, {"type": "give", "cards": ["d4", "d7"]}, "not_exchanging"),
    ],
)
def test_bad_gives_and_plays_during_the_exchange_are_refused(seat: int, move: dict, code: str) -> None:
    refused(four(), seat, move, code)


def test_a_seat_that_gave_owes_nothing_more() -> None:
    s = give(four(), 1, "h3")
    refused(s, 1, {"type": "give", "cards": ["h4"]}, "not_exchanging")
    assert G.legal_moves(s, 1) == []


def test_three_players_exchange_two_cards_and_the_heimin_none() -> None:
    s = deal("s3 s4 s5", "h3 h4 h5", "c2 s2 d4", previous=[1, 0, 2])
    assert players(s, "title") == ["heimin", "daifugo", "daihinmin"]
    assert G.view(s, 0)["exchange"] == {"pending": [1], "give": 0, "given": [], "received": []}
    assert hand(s, 1) == "h3 h4 h5 s2 c2"
    s = give(s, 1, "h3 h4")
    assert (G.current(s), hand(s, 2)) == (2, "h3 h4 d4")


def test_with_five_or_more_the_middle_titles_are_heimin_and_do_not_exchange() -> None:
    hands = ["s3 s4", "h3 h4", "d5 d6", "c5 c6", "s7 s8", "h7 h8"]
    s = deal(*hands, previous=[5, 4, 3, 2, 1, 0])
    assert players(s, "title") == ["daihinmin", "hinmin", "heimin", "heimin", "fugo", "daifugo"]
    assert G.view(s, 0)["exchange"]["pending"] == [5, 4]
    assert hand(s, 2) == "d5 d6" and hand(s, 3) == "c5 c6"


def test_a_short_test_hand_gives_what_it_holds_and_gets_as_many_back() -> None:
    s = deal("s3 s4 s5", "h3 h4 h5", "c2", previous=[0, 1, 2])
    assert G.view(s, 0)["exchange"]["give"] == 1 and hand(s, 2) == ""
    refused(s, 0, {"type": "give", "cards": ["s3", "s4"]}, "bad_give")
    s = give(s, 0, "s3")
    assert [len(G.view(s, seat)["hand"]) for seat in range(3)] == [3, 3, 1]


def test_round_one_has_no_titles_and_no_exchange() -> None:
    s = deal("s3 d3", "h3 h4", "c5 c6")
    v = G.view(s, 0)
    assert (v["exchange"], v["phase"], [p["title"] for p in v["players"]]) == (None, "play", [None] * 3)
