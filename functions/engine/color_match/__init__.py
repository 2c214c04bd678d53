"""Color Match (``color-match``): the UNO-style shedding game of RULES.md — Spec A as preset ``basic``, Spec B as
preset ``house``, every option on its own — behind the engine contract (shared design/engine-contract.md).

>>> import random
>>> s = GAME.setup(2, GAME.options("basic"), rng=random.Random(1))
>>> GAME.current(s), len(GAME.view(s, 0)["hand"]), GAME.view(s, None).get("hand")
(0, 7, None)

Modules, each with one job: ``cards`` (codes, deck, matching tables), ``rules`` (options, presets), ``state``
(the immutable record, dump/load), ``table`` (drawing, reshuffling, turn order), ``legality`` (legal moves and
the check of a move), ``turn`` (apply, advance), ``setup`` (the deal and first card), ``view``.
"""

from __future__ import annotations

from typing import Any

from .legality import legal_moves
from .rules import OPTION_SPEC, PRESETS, options, validate_options
from .setup import MAX_PLAYERS, MIN_PLAYERS, setup
from .state import OVER, State, dump, load
from .turn import advance, apply, next_deadline
from .view import view


def current(state: State) -> int | None:
    """The seat whose turn it is; None once the game is over."""
    return None if state.phase == OVER else state.turn


class ColorMatch:
    """The ``color-match`` game object of the registry: the contract's members, as plain functions."""

    id = "color-match"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    option_specs = OPTION_SPEC
    presets = PRESETS
    options = staticmethod(options)
    validate_options = staticmethod(validate_options)
    setup = staticmethod(setup)
    current = staticmethod(current)
    legal_moves = staticmethod(legal_moves)
    apply = staticmethod(apply)
    advance = staticmethod(advance)
    next_deadline = staticmethod(next_deadline)
    view = staticmethod(view)
    dump = staticmethod(dump)
    load = staticmethod(load)

    def __repr__(self) -> str:
        return "<game color-match>"


GAME: Any = ColorMatch()

__all__ = ["GAME", "State"]
