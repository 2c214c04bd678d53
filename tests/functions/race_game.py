"""Race, a throwaway game that only the tests define: the rooms layer plays it through the ``Game`` protocol and
the registries alone, so the server is tested apart from any real rules (and a third game needs no server change).

On your turn you ``step`` forward or ``draw`` a hidden card; after a draw your only move is to ``step`` (a move
the server makes for you: ``forces_only_moves``). The first seat with ``target`` steps wins. The room's first
game of Race starts with the last seat, each next one with the seat before (``first_seat``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

import functions.engine
from functions.engine.errors import IllegalMove
from functions.engine.game import Game, Outcome

STEP, DRAW = {"type": "step"}, {"type": "draw"}
State = dict[str, Any]


class RaceGame(Game):
    id = "race"
    min_players = 2
    max_players = 6
    option_specs = {"target": (3, (2, 3, 5))}
    presets = {"short": {"target": 2}, "long": {"target": 5}}
    forces_only_moves = True

    def first_seat(self, n_players: int, *, host_seat: int, previous_first: int | None, rng: random.Random) -> int:
        return n_players - 1 if previous_first is None else (previous_first - 1) % n_players

    def setup(self, n_players: int, options: dict[str, Any], *, rng: random.Random, first: int = 0,
              deck: Sequence[str] | None = None, start: Any = None) -> State:
        return {"n": n_players, "target": options["target"], "pos": [0] * n_players, "current": first,
                "drawn": False, "hands": [[f"h{rng.randrange(100)}"] for _ in range(n_players)], "winner": None,
                "events": []}

    def current(self, state: State) -> int | None:
        return None if state["winner"] is not None else state["current"]

    def legal_moves(self, state: State, seat: int) -> list[dict[str, Any]]:
        if self.current(state) != seat:
            return []
        return [dict(STEP)] if state["drawn"] else [dict(STEP), dict(DRAW)]

    def apply(self, state: State, seat: int, move: dict[str, Any], *, now: float) -> State:
        if state["winner"] is not None:
            raise IllegalMove("game_over", "the game is over")
        if seat != state["current"]:
            raise IllegalMove("not_your_turn", f"it is seat {state['current']}'s turn")
        if move not in self.legal_moves(state, seat):
            raise IllegalMove("malformed_move", f"no such move {move!r}")
        new = {**state, "pos": list(state["pos"]), "hands": [list(h) for h in state["hands"]]}
        if move["type"] == "draw":
            new["hands"][seat].append(f"h{len(new['hands'][seat])}")
            new["drawn"], new["events"] = True, [{"type": "drew", "seat": seat}]
            return new
        new["pos"][seat] += 1
        new["drawn"], new["events"] = False, [{"type": "stepped", "seat": seat}]
        if new["pos"][seat] >= state["target"]:
            new["winner"] = seat
        else:
            new["current"] = (seat + 1) % state["n"]
        return new

    def outcome(self, state: State) -> Outcome | None:
        return None if state["winner"] is None else Outcome(winners=(state["winner"],))

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        winner = state["winner"]
        result = None if winner is None else {
            "winner": winner, "ranking": sorted(([s, -p] for s, p in enumerate(state["pos"])), key=lambda r: r[1])}
        view = {"game": self.id, "seat": seat, "options": {"target": state["target"]},
                "players": [{"seat": s, "pos": p, "cards": len(state["hands"][s])} for s, p in enumerate(state["pos"])],
                "current": self.current(state), "legal": [] if seat is None else self.legal_moves(state, seat),
                "result": result, "events": state["events"]}
        if seat is not None:
            view["hand"] = list(state["hands"][seat])
        return view

    def dump(self, state: State) -> dict[str, Any]:
        return state

    def load(self, data: dict[str, Any]) -> State:
        return data


class TimedRaceGame(RaceGame):
    """Race with a rule deadline: 3 s after each step, ``advance`` gives the next seat a free step. The host
    starts every game."""

    def first_seat(self, n_players: int, *, host_seat: int, previous_first: int | None, rng: random.Random) -> int:
        return host_seat

    def apply(self, state: State, seat: int, move: dict[str, Any], *, now: float) -> State:
        return {**super().apply(state, seat, move, now=now), "deadline": now + 3}

    def next_deadline(self, state: State) -> float | None:
        return state.get("deadline") if state["winner"] is None else None

    def advance(self, state: State, *, now: float) -> State:
        if state.get("deadline") is None or state["deadline"] > now:
            return state
        seat = state["current"]
        stepped = super().apply({**state, "deadline": None}, seat, STEP, now=now)
        return {**stepped, "deadline": None, "events": [{"type": "timed_out", "seat": seat}]}


class RaceCpu:
    """Race's CPU player: it always steps (it never needs to draw)."""

    def __init__(self, level: str = "normal") -> None:
        self.level = level

    def at(self, level: str) -> RaceCpu:
        return RaceCpu(level)

    def choose(self, view: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
        return dict(STEP) if STEP in view["legal"] and view["result"] is None else None


def register(monkeypatch: pytest.MonkeyPatch, game: RaceGame) -> None:
    """Put ``game`` and its CPU player in the engine's registries for one test."""
    monkeypatch.setitem(functions.engine.GAMES, game.id, game)
    monkeypatch.setitem(functions.engine.CPUS, game.id, RaceCpu())
