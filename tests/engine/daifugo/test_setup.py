"""Options, presets, the protocol's members, and setup: the deal, the first leader, a test's deck and start."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from functions.engine import OptionsError
from functions.engine.daifugo.cards import CODES
from functions.engine.game import Outcome
from tests.engine.daifugo.support import G, deal, hand, players

BASIC = {
    "jokers": 1, "rounds": 4, "sequences": False, "revolution": True, "sequence_revolution": False,
    "eight_cut": True, "lock": False, "eleven_back": False, "spade3": False, "miyako_ochi": False,
    "forbidden_finish": False,
}  # fmt: skip
HOUSE = {
    "jokers": 2, "rounds": 4, "sequences": True, "revolution": True, "sequence_revolution": True,
    "eight_cut": True, "lock": True, "eleven_back": True, "spade3": True, "miyako_ochi": True,
    "forbidden_finish": True,
}  # fmt: skip


def test_presets_and_defaults_are_the_option_table() -> None:
    assert G.options() == G.options("basic") == BASIC
    assert G.options("house") == HOUSE
    assert list(G.option_specs) == list(BASIC)  # the lobby's form follows this order
    assert {name: default for name, (default, _) in G.option_specs.items()} == BASIC
    assert G.option_specs["rounds"][1] == tuple(range(1, 11))
    assert sorted(G.presets) == ["basic", "house"]
    with pytest.raises(OptionsError) as caught:
        G.options("party")
    assert caught.value.code == "unknown_preset"


@pytest.mark.parametrize(
    "bad", [{"colour": True}, {"jokers": 3}, {"jokers": True}, {"rounds": 0}, {"rounds": "4"}, {"lock": 1}]
)
def test_validate_options_refuses_unknown_keys_and_other_values(bad: dict) -> None:
    with pytest.raises(OptionsError):
        G.validate_options(bad)


def test_sequence_revolution_needs_sequences_and_revolution() -> None:
    assert G.validate_options({"sequences": True, "sequence_revolution": True})["sequence_revolution"] is True
    assert G.validate_options({"sequence_revolution": True})["sequence_revolution"] is False
    off = {"sequences": True, "revolution": False, "sequence_revolution": True}
    assert G.validate_options(off)["sequence_revolution"] is False


def test_protocol_members() -> None:
    assert (G.id, G.min_players, G.max_players, G.forces_only_moves) == ("daifugo", 3, 8, False)
    seats = {G.first_seat(5, host_seat=0, previous_first=None, rng=random.Random(i)) for i in range(60)}
    assert seats == set(range(5))  # by lot
    s = G.setup(4, G.options(), rng=random.Random(1))
    assert G.outcome(s) is None and G.next_deadline(s) is None and G.advance(s, now=1e12) == s
    assert Outcome(winners=(1, 2)).winners == (1, 2)


@pytest.mark.parametrize("n", range(3, 9))
@pytest.mark.parametrize("jokers", [0, 1, 2])
def test_every_card_is_dealt_one_at_a_time_from_first(n: int, jokers: int) -> None:
    first = n - 1
    s = G.setup(n, G.validate_options({"jokers": jokers}), rng=random.Random(n), first=first)
    sizes = players(s, "cards")
    total = 52 + jokers
    # Dealt one at a time from `first`: the seats from `first` on get the extra cards.
    assert [sizes[(first + i) % n] for i in range(n)] == [total // n + (i < total % n) for i in range(n)]
    dealt = Counter(c for seat in range(n) for c in G.view(s, seat)["hand"])
    assert dealt == Counter(CODES[: 52 + jokers])


def test_the_holder_of_the_diamond_three_leads_round_one() -> None:
    s = deal("s4 h4", "d3 c9", "sA hA", first=2)
    assert (G.current(s), G.view(s, 1)["phase"], G.view(s, 1)["exchange"]) == (1, "play", None)
    assert [p["title"] for p in G.view(s, None)["players"]] == [None, None, None]
    # Without the ♦3 in play, `first` leads.
    assert G.current(deal("s4 h4", "c3 c9", "sA hA", first=2)) == 2


def test_a_given_deck_is_dealt_from_first() -> None:
    s = G.setup(3, G.options(), rng=random.Random(0), first=1, deck="s4 s5 s6 s7 d3 s9 sT".split())
    assert [hand(s, seat) for seat in range(3)] == ["s6 s9", "s4 s7 sT", "d3 s5"]  # hands in canonical order
    assert G.current(s) == 2  # the ♦3 holder


def test_setup_is_a_function_of_the_rng() -> None:
    a = G.setup(5, G.options("house"), rng=random.Random(42), first=3)
    b = G.setup(5, G.options("house"), rng=random.Random(42), first=3)
    assert G.dump(a) == G.dump(b)
    assert G.dump(a) != G.dump(G.setup(5, G.options("house"), rng=random.Random(43), first=3))


def test_start_gives_hands_round_and_scores() -> None:
    start = {"hands": [["s4", "X2"], ["d3"], ["h5", "h5"]], "round": 3, "scores": [5, 0, 2]}
    s = G.setup(3, G.validate_options({"rounds": 3}), rng=random.Random(0), start=start)
    v = G.view(s, 0)
    assert (v["round"], v["rounds"], v["hand"], [p["score"] for p in v["players"]]) == (3, 3, ["s4", "X2"], [5, 0, 2])
    assert hand(s, 2) == "h5 h5"  # codes are valid whatever `jokers` says; a test deck may repeat one


@pytest.mark.parametrize(
    ("n", "kwargs", "code"),
    [
        (2, {}, "bad_player_count"),
        (9, {}, "bad_player_count"),
        (3, {"first": 3}, "bad_first"),
        (3, {"deck": ["s3", "s4"]}, "bad_deck"),
        (3, {"deck": ["s3", "s4", "zz"]}, "bad_deck"),
        (3, {"start": {"hands": [["s3"], [], ["s4"]]}}, "bad_start"),
        (3, {"start": {"hands": [["s3"], ["s4"]]}}, "bad_start"),
        (3, {"start": {"previous": [0, 1, 1]}}, "bad_start"),
        (3, {"start": {"round": 5}}, "bad_start"),
        (3, {"start": {"round": 0}}, "bad_start"),
        (3, {"start": {"scores": [1, 2]}}, "bad_start"),
        (3, {"start": {"dealer": 1}}, "bad_start"),
    ],
)
def test_bad_setup_arguments_raise_a_value_error(n: int, kwargs: dict, code: str) -> None:
    with pytest.raises(ValueError) as caught:
        G.setup(n, G.options(), rng=random.Random(0), **kwargs)
    assert caught.value.code == code  # type: ignore[attr-defined]


def test_start_with_previous_gives_titles_the_tribute_and_the_exchange() -> None:
    # Places of the imagined earlier round: seat 2 first, then 0, 3, 1.
    s = deal("s4 s5 s6", "s7 s8 s9 X1", "sT sJ sQ", "sK sA s2", previous=[2, 0, 3, 1])
    titles = players(s, "title")
    assert titles == ["fugo", "daihinmin", "daifugo", "hinmin"]
    v = G.view(s, 2)
    assert (v["phase"], v["current"], v["exchange"]["pending"]) == ("exchange", 2, [2, 0])
    assert v["hand"] == ["s9", "sT", "sJ", "sQ", "X1"]  # the 大貧民's two strongest: X1 and s9


def test_the_first_round_played_is_dealt_from_first_and_later_ones_reshuffle_the_same_cards() -> None:
    deck = "s3 s4 s5 s6 s7 s8 d3 X2".split()
    s = G.setup(3, G.validate_options({"rounds": 2}), rng=random.Random(5), deck=deck)
    while G.view(s, None)["round"] == 1:
        seat = G.current(s)
        s = G.apply(s, seat, G.legal_moves(s, seat)[-1], now=0.0)
    assert sorted(c for seat in range(3) for c in G.view(s, seat)["hand"]) == sorted(deck)


def test_start_without_previous_plays_like_round_one_and_a_deck_adds_to_given_hands() -> None:
    start = {"hands": [["s4"], ["d3", "s6"], ["s5", "s7"]], "round": 2}
    deck = ["hA", "cA", "dA"]
    s = G.setup(3, G.validate_options({"rounds": 3}), rng=random.Random(0), deck=deck, start=start)
    v = G.view(s, 1)
    assert (v["round"], v["exchange"], v["current"], players(s, "title")) == (2, None, 1, [None] * 3)
    s = G.apply(s, 1, {"type": "play", "cards": ["d3"]}, now=0.0)
    s = G.apply(s, 2, {"type": "play", "cards": ["s5"]}, now=0.0)
    s = G.apply(s, 0, {"type": "pass"}, now=0.0)
    s = G.apply(s, 1, {"type": "play", "cards": ["s6"]}, now=0.0)  # seat 1 out first
    s = G.apply(s, 2, {"type": "play", "cards": ["s7"]}, now=0.0)  # seat 2 out: round 2 over
    dealt = Counter(c for seat in range(3) for c in G.view(s, seat)["hand"])
    assert G.view(s, 0)["round"] == 3
    assert dealt == Counter(["s4", "d3", "s6", "s5", "s7", "hA", "cA", "dA"])  # the hands' union and the deck
