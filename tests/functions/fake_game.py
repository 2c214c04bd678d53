"""A tiny game under the engine contract, for testing the server's deadline paths apart from any real rules.

"Race": on your turn you ``step`` (or ``draw`` a hidden card); the first seat with ``target`` steps wins. Each seat
has a hidden ``hand`` so tests can check views never leak.
"""

from __future__ import annotations

import random
from typing import Any

from functions.engine.errors import IllegalMove
from functions.engine.options import validate

SPEC = {"target": (3, (2, 3, 5))}


class RaceGame:
    id = "color-match"
    min_players = 2
    max_players = 10
    option_specs = SPEC
    presets = {"basic": {"target": 3}, "house": {"target": 5}}

    def options(self, preset: str | None = None) -> dict[str, Any]:
        if preset not in (None, "basic", "house"):
            raise KeyError(preset)
        return {"target": 5 if preset == "house" else 3}

    def validate_options(self, options: dict[str, Any]) -> dict[str, Any]:
        return validate(SPEC, options)

    def setup(self, n_players: int, options: dict[str, Any], *, rng: random.Random, first: int = 0,
              deck: Any = None, start: Any = None) -> dict[str, Any]:
        return {"n": n_players, "target": options["target"], "pos": [0] * n_players, "current": first,
                "hands": [[f"h{rng.randrange(100)}"] for _ in range(n_players)], "winner": None, "events": []}

    def current(self, state: dict[str, Any]) -> int | None:
        return None if state["winner"] is not None else state["current"]

    def legal_moves(self, state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        return [{"type": "step"}, {"type": "draw"}] if self.current(state) == seat else []

    def apply(self, state: dict[str, Any], seat: int, move: dict[str, Any], *, now: float) -> dict[str, Any]:
        if state["winner"] is not None:
            raise IllegalMove("game_over", "the game is over")
        if seat != state["current"]:
            raise IllegalMove("not_your_turn", f"it is seat {state['current']}'s turn")
        if move not in self.legal_moves(state, seat):
            raise IllegalMove("malformed_move", f"no such move {move!r}")
        new = {**state, "pos": list(state["pos"]), "hands": [list(h) for h in state["hands"]]}
        if move["type"] == "step":
            new["pos"][seat] += 1
            new["events"] = [{"type": "stepped", "seat": seat}]
        else:
            new["hands"][seat].append("h?")
            new["events"] = [{"type": "drew", "seat": seat}]
        if new["pos"][seat] >= state["target"]:
            new["winner"] = seat
        else:
            new["current"] = (seat + 1) % state["n"]
        return new

    def advance(self, state: dict[str, Any], *, now: float) -> dict[str, Any]:
        return state

    def next_deadline(self, state: dict[str, Any]) -> float | None:
        return None

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
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

    def dump(self, state: dict[str, Any]) -> dict[str, Any]:
        return state

    def load(self, data: dict[str, Any]) -> dict[str, Any]:
        return data


class TimedRaceGame(RaceGame):
    """Race with a rule deadline: 3 s after each step, ``advance`` gives the next seat a free step."""

    def apply(self, state: dict[str, Any], seat: int, move: dict[str, Any], *, now: float) -> dict[str, Any]:
        return {**super().apply(state, seat, move, now=now), "deadline": now + 3}

    def next_deadline(self, state: dict[str, Any]) -> float | None:
        return state.get("deadline") if state["winner"] is None else None

    def advance(self, state: dict[str, Any], *, now: float) -> dict[str, Any]:
        if state.get("deadline") is None or state["deadline"] > now:
            return state
        seat = state["current"]
        stepped = super().apply({**state, "deadline": None}, seat, {"type": "step"}, now=now)
        return {**stepped, "deadline": None, "events": [{"type": "timed_out", "seat": seat}]}
