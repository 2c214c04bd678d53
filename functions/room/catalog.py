"""The engine's registries as the rooms layer asks them: a game by its id, the ids, the CPU levels, a CPU's move.

Nothing here names a game. The engines are imported on first use, not with this module: the connect handler
never needs them, and they are a tenth of a handler's cold start (docs/performance.md, "Cold start").
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING

from ..refusal import Refusal

if TYPE_CHECKING:
    from ..engine.game import Game, Move, View


def game(game_id: str) -> Game:
    """The game ``game_id`` of the registry; ``unknown_game`` if there is none."""
    from ..engine import GAMES

    try:
        return GAMES[game_id]
    except KeyError:
        raise Refusal("unknown_game", f"no game {game_id!r}") from None


def games() -> Mapping[str, Game]:
    """The registry: every game by its id, in the registry's order."""
    from ..engine import GAMES

    return GAMES


def game_ids() -> list[str]:
    """Every registered game's id, in the registry's order."""
    from ..engine import GAMES

    return list(GAMES)


def cpu_levels() -> tuple[str, ...]:
    """The levels a room's CPU seats may play at."""
    from ..engine import LEVELS

    return LEVELS


def standin_level() -> str:
    """The level a stand-in plays a disconnected person's seat at, whatever the room's CPU level."""
    from ..engine.cpu import DEFAULT_LEVEL

    return DEFAULT_LEVEL


def cpu_choice(game_id: str, view: View, rng: random.Random, level: str) -> Move | None:
    """What a CPU of ``game_id`` at ``level`` does on ``view`` (None: nothing now)."""
    from ..engine import CPUS

    return CPUS[game_id].at(level).choose(view, rng)

