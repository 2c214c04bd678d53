"""The games and CPU players the rooms use, looked up through the engine contract only.

Imported lazily so the server's modules load while an engine is still being written, and so tests can put a
small stand-in game under a real id (``monkeypatch.setitem(functions.engine.GAMES, ...)``).
"""

from __future__ import annotations

import random
from typing import Any

from ..refusal import Refusal


def game(game_id: str) -> Any:
    """The engine of ``game_id`` (``GAMES[game_id]``); ``unknown_game`` if there is none."""
    from functions.engine import GAMES

    try:
        return GAMES[game_id]
    except KeyError:
        raise Refusal("unknown_game", f"no game {game_id!r}") from None


# Games whose seat in turn has its only legal move made for it, in the same change as the step before (turns.py).
# Color Rows only: a round's first draw, a card that fits one row, the one row left to take are no decisions, and
# each would otherwise cost a frame in and a post to every member. Not Color Match: drawing there is a deliberate
# act the seed page gives a button, and seats off turn may act (the last-card call, a callout).
_FORCED_MOVES = frozenset({"color-rows"})


def forces_only_moves(game_id: str) -> bool:
    """Whether the server makes the seat in turn's only legal move itself in ``game_id``.

    >>> forces_only_moves("color-rows"), forces_only_moves("color-match")
    (True, False)
    """
    return game_id in _FORCED_MOVES


def game_ids() -> list[str]:
    from functions.engine import GAMES

    return sorted(GAMES)


def cpu_choice(game_id: str, view: dict[str, Any], rng: random.Random, level: str) -> dict[str, Any] | None:
    """What a CPU seat of the room's ``level`` does on ``view``: ``CPUS[game_id].at(level).choose(view, rng)``
    (docs of ``functions/engine/cpu``: the registry holds the ``normal`` players, ``at`` gives another level)."""
    try:
        from functions.engine import CPUS
    except ImportError:  # until the registry re-exports it
        from functions.engine.cpu import CPUS

    cpu = CPUS[game_id]
    if hasattr(cpu, "at"):
        cpu = cpu.at(level)
    return cpu.choose(view, rng)
