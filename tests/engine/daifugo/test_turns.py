"""Turns, passing and the field (D5), places and the end of a round (D6), the game (D7; REC 17, 18)."""

from __future__ import annotations

import random

from tests.engine.daifugo.support import G, deal, events, kinds, pass_, play, players, plays, position

FILL = "c9 cT cJ"


def test_a_player_who_passed_is_skipped_until_the_field_clears() -> None:
    s = position("s4 s6 sQ", "s5 s7 sK", "sT sJ c3")
    s = play(s, 0, "s4")
    s = pass_(s, 1)
    s = play(s, 2, "sT")
    s = play(s, 0, "sQ")
    assert G.current(s) == 2  # seat 1 passed: it cannot play again on this field
    assert players(s, "passed") == [False, True, False]
    s = pass_(s, 2)
    # Back at seat 0, who made the last play: the field clears and it leads.
    assert (G.current(s), G.view(s, 0)["field"], players(s, "passed")) == (0, None, [False] * 3)
    assert events(s) == [{"type": "clear", "seat": 0}]
    assert G.view(s, 0)["trick"] == []


def test_a_follower_may_pass_when_able_to_play() -> None:
    s = play(position("s4 s6", "s5 s7", FILL), 0, "s4")
    assert plays(s, 1) == ["pass", "s5", "s7"]
    s = pass_(s, 1)
    assert G.current(s) == 2


def test_the_trick_lists_the_plays_since_the_last_clear() -> None:
    s = position("s4 s6 sQ", "s5 s7 sK", "sT sJ c3", sequences=True)
    s = play(play(s, 0, "s4"), 1, "s5")
    assert G.view(s, 2)["trick"] == [{"seat": 0, "cards": ["s4"]}, {"seat": 1, "cards": ["s5"]}]
    assert G.view(s, 2)["played"] == ["s4", "s5"]


def test_when_the_last_player_went_out_the_field_stays_until_every_holder_passed() -> None:
    s = position("s4", "s5 s6", "s7 s8 s9", "c4 c5")
    s = play(s, 0, "s4")
    assert events(s) == [{"type": "out", "seat": 0, "place": 1}]
    assert players(s, "out") == ["finished", None, None, None] and players(s, "place") == [1, None, None, None]
    s = pass_(s, 1, 2)
    assert G.current(s) == 3 and G.view(s, 3)["field"]["by"] == 0  # others may still beat it
    s = pass_(s, 3)
    # Everyone holding cards passed: it clears and the first holder after the player who went out leads.
    assert (G.current(s), G.view(s, 1)["field"]) == (1, None)
    assert events(s) == [{"type": "clear", "seat": 1}]


def test_beating_the_last_play_of_a_player_who_went_out_works_as_usual() -> None:
    s = position("s4", "s5 s6", "s7 s8 s9", "c4 c5")
    s = play(s, 0, "s4")
    s = pass_(s, 1)
    s = play(s, 2, "s7")
    s = pass_(s, 3)
    assert (G.current(s), G.view(s, 2)["field"]) == (2, None)  # seat 1 passed; back at seat 2: it leads


def test_the_round_ends_when_one_player_holds_cards_and_the_next_is_dealt_at_once() -> None:
    s = deal("d3 sA", "s5 h5", "s6 s7", rounds=2)
    s = play(s, 0, "d3")
    s = play(s, 1, "s5")
    s = play(s, 2, "s6")
    s = play(s, 0, "sA")
    s = pass_(s, 1, 2)
    assert G.current(s) == 1  # the first holder after seat 0, who went out
    s = play(s, 1, "h5")  # out second: seat 2 alone holds cards
    v = G.view(s, 2)
    assert kinds(s) == ["out", "round_end"]
    assert events(s)[-1] == {"type": "round_end", "round": 1, "places": [0, 1, 2]}
    assert v["last_round"] == {"places": [0, 1, 2], "titles": ["daifugo", "heimin", "daihinmin"], "points": [3, 2, 1]}
    assert (v["round"], v["phase"], [p["score"] for p in v["players"]]) == (2, "exchange", [3, 2, 1])
    assert [p["title"] for p in v["players"]] == ["daifugo", "heimin", "daihinmin"]
    # Every card dealt again, 2 each; the 大貧民's 2 strongest already went to the 大富豪, who owes 2 back.
    assert [p["cards"] for p in v["players"]] == [4, 2, 0]
    assert v["last"] == {"seat": 1, "type": "play", "cards": ["h5"], "events": events(s)}


def test_after_the_last_round_the_game_is_over_with_a_ranking_by_points() -> None:
    s = deal("s4", "s5 s6", "s7 s8", rounds=1)
    s = play(s, 0, "s4")
    s = pass_(s, 1)
    s = play(s, 2, "s7")  # back at seat 2: it leads again
    s = play(s, 2, "s8")
    v = G.view(s, None)
    assert (v["phase"], v["current"], G.legal_moves(s, 1)) == ("over", None, [])
    assert v["result"] == {
        "ranking": [[0, 3], [2, 2], [1, 1]],
        "winners": [0],
        "scores": [
            {"seat": 0, "total": 3, "places": [1], "points": [3]},
            {"seat": 1, "total": 1, "places": [3], "points": [1]},
            {"seat": 2, "total": 2, "places": [2], "points": [2]},
        ],
    }
    assert G.outcome(s).winners == (0,)
    assert players(s, "place") == [1, 3, 2] and players(s, "out") == ["finished", None, "finished"]


def test_equal_totals_share_the_win_and_ties_are_listed_in_seat_order() -> None:
    start = {"hands": [["s4", "s5"], ["s6", "s9"], ["sK"]], "scores": [2, 1, 0]}
    s = G.setup(3, G.validate_options({"rounds": 1}), rng=random.Random(0), first=2, start=start)
    s = play(s, 2, "sK")
    s = pass_(s, 0, 1)
    s = play(s, 0, "s4")
    s = play(s, 1, "s6")
    s = pass_(s, 0)
    s = play(s, 1, "s9")
    result = G.view(s, None)["result"]
    assert [entry["places"] for entry in result["scores"]] == [[3], [2], [1]]
    assert (result["ranking"], result["winners"]) == ([[0, 3], [1, 3], [2, 3]], [0, 1, 2])
    assert G.outcome(s).winners == (0, 1, 2)


def test_the_game_reaches_its_end_over_several_rounds() -> None:
    s = G.setup(4, G.validate_options({"rounds": 3}), rng=random.Random(3))
    rounds_seen = set()
    while G.current(s) is not None:
        seat = G.current(s)
        rounds_seen.add(G.view(s, None)["round"])
        s = G.apply(s, seat, G.legal_moves(s, seat)[-1], now=0.0)
    result = G.view(s, None)["result"]
    assert rounds_seen == {1, 2, 3}
    assert all(len(entry["places"]) == 3 for entry in result["scores"])
    assert sum(entry["total"] for entry in result["scores"]) == 3 * (4 + 3 + 2 + 1)
