"""What the hidden cards are worth to Color Match's ``hard`` search (`python -m bench cpu_hard_bounds`; figures in
docs/performance.md, "What the seat could know").

The ``hard`` player's search (``cpu/search.py``: the ``normal`` choice as the default, every other move a
challenger, playouts by the quick ``normal`` player) plays one seat of four against three quick ``normal`` players
on scratch tables (``color_match/fast.py``). Each line feeds the search deals that know more of the hidden cards,
from what the seat knows without reading the history up to every hand in sight:

- ``counts only``: the other hands dealt at random from the unseen cards; only their sizes are kept;
- ``every void``: as dealt, but every hand holds no card of a colour it truly lacks — more than any reading of
  the table can tell (a player shows a missing colour only by drawing on it);
- ``every colour count``: every hand holds exactly as many cards of each colour as it truly does;
- ``next hand``: the next player's hand as it is, the others at random;
- ``every hand``: all hands as they are (the draw pile still shuffled).

Beside them, the quick ``normal`` player itself in the same seat: the reference (about 25%). Game *k* is seeded
with *k*; the seat under test is ``k % 4``; the first card turned up is the first number card (the presets'
first-card effects are left out). The search gets a third of the ``hard`` player's budget; the ``hard`` player's
own gain did not grow with budget (docs/performance.md). 95% Wilson intervals.

Each deal keeps what its line says and deals the rest again (here for seat 0 of game 1):

>>> sim, rng = new_game(1, "basic"), random.Random(0)
>>> colours = lambda table: [sorted(_colour_counts(hand).items(), key=str) for hand in table.hands]
>>> table = counts_only(sim, 0, rng)
>>> table.hands[0] == sim.hands[0], [len(h) for h in table.hands] == [len(h) for h in sim.hands]
(True, True)
>>> table.hands[1:] == sim.hands[1:]
False
>>> all({COLOR[c] for c in mine} <= {COLOR[c] for c in true}
...     for mine, true in zip(every_void(sim, 0, rng).hands, sim.hands))
True
>>> colours(every_colour_count(sim, 0, rng)) == colours(sim)
True
>>> next_hand(sim, 0, rng).hands[1] == sim.hands[1], every_hand(sim, 0, rng).hands == sim.hands
(True, True)

    python -m bench cpu_hard_bounds               # every line, 1000 games each (about 25 minutes on two cores)
    python -m bench.bench_cpu_hard_bounds 100 house
"""

from __future__ import annotations

import multiprocessing
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from bench.bench_cpu import wilson
from functions.engine.color_match.cards import COLOR, DECK, RANK
from functions.engine.color_match.fast import OVER, PLAY, Sim
from functions.engine.color_match.options import PRESETS, shared_rules
from functions.engine.cpu.color_match.hard import playout, quick_step, root_move, score
from functions.engine.cpu.search import Budget, search

PLAYERS = 4
GAMES = 1000
WORKERS = 2
BUDGET = Budget(work=12_000, deal_cost=8, playout_cost=1)
CONFIDENCE = 1.0
MAX_STEPS = 3_000
Move = dict[str, Any]
Deal = Callable[[Sim, int, random.Random], Sim]


def new_game(seed: int, preset: str) -> Sim:
    """Seven cards each, the first number card turned up, a random seat to start."""
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    hands = [deck[i * 7 : (i + 1) * 7] for i in range(PLAYERS)]
    pile = deck[PLAYERS * 7 :]
    top = pile.pop(next(i for i, c in enumerate(pile) if RANK[c].isdigit()))
    rules = shared_rules(PRESETS[preset])
    return Sim(rules, hands, pile=pile, below=[], top=top, color=COLOR[top], turn=rng.randrange(PLAYERS),
               seed=rng.getrandbits(32))  # fmt: skip


def quick_move(sim: Sim) -> Move:
    """The quick ``normal`` player's move in ``sim`` (a play or a draw), read off a copy it was made on.

    >>> sim = new_game(3, "house")
    >>> by_move, by_step = sim.copy(), sim.copy()
    >>> _ = by_move.make(sim.turn, quick_move(sim)); quick_step(by_step)
    >>> by_move.hands == by_step.hands and by_move.top == by_step.top
    True
    """
    probe = sim.copy()
    seat = sim.turn
    quick_step(probe)
    if len(probe.hands[seat]) >= len(sim.hands[seat]):
        return {"type": "draw"}
    # The old top went under first, then every card of the set but its last, which is the new top.
    cards = [*probe.below[len(sim.below) + 1 :], probe.top]
    return {"type": "play", "cards": cards, "color": probe.color} if COLOR[probe.top] is None else {
        "type": "play", "cards": cards}  # fmt: skip


def moves(sim: Sim) -> list[Move]:
    """Every play of one card (a wild with each colour) and the draw."""
    found: list[Move] = []
    for card in sorted(set(sim.playable(sim.turn))):
        if COLOR[card] is None:
            found += [{"type": "play", "cards": [card], "color": colour} for colour in "rygb"]
        else:
            found.append({"type": "play", "cards": [card]})
    return [*found, {"type": "draw"}]


def _redeal(sim: Sim, seat: int, rng: random.Random, keep: Callable[[int, list[str]], list[str] | None]) -> Sim:
    """A copy of ``sim`` with the unseen cards shuffled and dealt again; ``keep(other, its hand)`` may hold a
    seat's hand as it is (return it) or ask for a hand of the same size drawn under a condition (see callers)."""
    table = sim.copy()
    unseen = list(table.pile)
    kept: dict[int, list[str]] = {}
    for other in range(table.n):
        if other != seat:
            hand = keep(other, table.hands[other])
            if hand is None:
                unseen += table.hands[other]
            else:
                kept[other] = hand
    rng.shuffle(unseen)
    for other in range(table.n):
        if other != seat and other not in kept:
            size = len(table.hands[other])
            table.hands[other], unseen = unseen[:size], unseen[size:]
    table.pile = unseen
    table.seed = rng.getrandbits(32)
    return table


def counts_only(sim: Sim, seat: int, rng: random.Random) -> Sim:
    return _redeal(sim, seat, rng, lambda other, hand: None)


def _shaped(sim: Sim, seat: int, rng: random.Random, shape: Callable[[list[str]], dict[str | None, int]]) -> Sim:
    """The other hands dealt at random, each taking the first unseen cards that fit its true ``shape`` (how many
    cards of each colour, wilds counted as one, it may take)."""
    table = sim.copy()
    unseen = list(table.pile)
    for other in range(table.n):
        if other != seat:
            unseen += table.hands[other]
    rng.shuffle(unseen)
    for other in range(table.n):
        if other == seat:
            continue
        room = shape(sim.hands[other])
        size = len(sim.hands[other])
        hand, rest = [], []
        for card in unseen:
            if len(hand) < size and room.get(COLOR[card], 0) > 0:
                hand.append(card)
                room[COLOR[card]] -= 1
            else:
                rest.append(card)
        table.hands[other], unseen = hand, rest
    table.pile = unseen
    table.seed = rng.getrandbits(32)
    return table


def _colour_counts(hand: list[str]) -> dict[str | None, int]:
    counts: dict[str | None, int] = {}
    for card in hand:
        counts[COLOR[card]] = counts.get(COLOR[card], 0) + 1
    return counts


def every_void(sim: Sim, seat: int, rng: random.Random) -> Sim:
    return _shaped(sim, seat, rng, lambda hand: {c: 99 for c in _colour_counts(hand)})


def every_colour_count(sim: Sim, seat: int, rng: random.Random) -> Sim:
    return _shaped(sim, seat, rng, _colour_counts)


def next_hand(sim: Sim, seat: int, rng: random.Random) -> Sim:
    nxt = sim.next_seat(seat)
    return _redeal(sim, seat, rng, lambda other, hand: list(hand) if other == nxt else None)


def every_hand(sim: Sim, seat: int, rng: random.Random) -> Sim:
    return _redeal(sim, seat, rng, lambda other, hand: list(hand))


DEALS: dict[str, Deal | None] = {
    "quick normal, no search (reference)": None,
    "search, counts only": counts_only,
    "search, every void": every_void,
    "search, every colour count": every_colour_count,
    "search, next hand": next_hand,
    "search, every hand": every_hand,
}


def searching_step(deal: Deal) -> Callable[[Sim], None]:
    def step(sim: Sim) -> None:
        seat = sim.turn
        if sim.phase != PLAY or len(sim.hands[seat]) == 1 or not sim.playable(seat):
            quick_step(sim)
            return
        default = quick_move(sim)
        candidates = [default, *(m for m in moves(sim) if m != default)]
        rng = random.Random(sim.seed * 7919 + sim.steps)

        def run(table: Sim, move: Move) -> tuple[float, int]:
            probe = table.copy()
            root_move(probe, seat, move)
            playout(probe)
            return score(probe, seat), probe.steps - table.steps

        chosen = candidates[search(candidates, lambda: deal(sim, seat, rng), run, BUDGET, CONFIDENCE)]
        root_move(sim, seat, chosen)

    return step


def play_one(args: tuple[str, str, int]) -> float:
    """1 when the seat under test wins game ``seed``, else 0."""
    label, preset, seed = args
    deal = DEALS[label]
    tested = quick_step if deal is None else searching_step(deal)
    sim = new_game(seed, preset)
    seat = seed % PLAYERS
    while sim.phase != OVER and sim.steps < MAX_STEPS:
        (tested if sim.turn == seat else quick_step)(sim)
    return 1.0 if sim.winner == seat else 0.0


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    games = next((int(a) for a in args if a.isdigit()), GAMES)
    presets = [p for p in ("basic", "house") if p in args] or ["basic", "house"]
    print(f"{'Color Match 4p, one seat against three quick normal players':<58} {'win':>6}  95% interval (Wilson)")
    with multiprocessing.get_context("fork").Pool(WORKERS) as pool:
        for preset in presets:
            for label in DEALS:
                started = time.perf_counter()
                wins = sum(pool.map(play_one, [(label, preset, seed) for seed in range(games)], chunksize=4))
                low, high = wilson(wins, games)
                print(f"{preset:<6} {label:<51} {wins / games:6.1%}  [{low:.1%}, {high:.1%}]  {games} games, "
                      f"{time.perf_counter() - started:.0f} s", flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
