"""The ``color-match`` game object: what Color Match adds to ``Game`` (``functions/engine/game.py``).

Most members are the functions of the module that does that one job, bound as they are (``legality``,
``turn``, ``view``, ``state``): they run on every move, and a method forwarding to them would cost a call each.

>>> import random
>>> s = GAME.setup(3, GAME.options("house"), rng=random.Random(2), first=1)
>>> GAME.current(s), GAME.outcome(s), GAME.forces_only_moves
(1, None, False)
>>> [GAME.first_seat(4, host_seat=2, previous_first=p, rng=random.Random(0)) for p in (None, 2, 3)]
[2, 3, 0]
>>> GAME.public_move({"type": "play", "cards": ["r7", "b7"]}), GAME.cards_put_down({"type": "play", "cards": ["r7", "b7"]})
({'type': 'play', 'cards': ['r7', 'b7']}, 2)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..game import Game, Move, Outcome
from .legality import legal_moves
from .options import OPTION_SPECS, PRESETS
from .setup import MAX_PLAYERS, MIN_PLAYERS
from .setup import setup as deal
from .state import OVER, State, dump, load
from .turn import advance, apply, next_deadline
from .view import view


class ColorMatch(Game):
    """The game object of Color Match."""

    id = "color-match"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    option_specs = OPTION_SPECS
    presets = PRESETS
    # Drawing is a deliberate act here (a button of its own), and seats off turn may act (the last-card call, a
    # callout): a seat's only legal move is still a decision, so none is made for it. A draw names no card, so
    # every move is public (no ``redacted_moves``).
    forces_only_moves = False

    legal_moves = staticmethod(legal_moves)
    apply = staticmethod(apply)
    advance = staticmethod(advance)
    next_deadline = staticmethod(next_deadline)
    view = staticmethod(view)
    dump = staticmethod(dump)
    load = staticmethod(load)

    def first_seat(self, n_players: int, *, host_seat: int, previous_first: int | None, rng: random.Random) -> int:
        """The host's seat in the room's first game of Color Match, then one seat on from the previous game's
        first, in seat order (docs/rules.md, "The deal")."""
        return host_seat if previous_first is None else (previous_first + 1) % n_players

    def setup(self, n_players: int, options: dict[str, Any], *, rng: random.Random, first: int = 0,
              deck: Sequence[str] | None = None, start: Any = None) -> State:
        """A new game (``start`` is unused: every card is dealt from ``deck``)."""
        return deal(n_players, options, rng=rng, first=first, deck=deck)

    def current(self, state: State) -> int | None:
        return None if state.phase == OVER else state.turn

    def outcome(self, state: State) -> Outcome | None:
        """The seat that went out; nobody when every seat was stuck with both piles empty."""
        if state.phase != OVER:
            return None
        return Outcome(winners=() if state.winner is None else (state.winner,))

    def cards_put_down(self, move: Move) -> int:
        """The cards of a play (a set of alike cards counts each)."""
        return len(move["cards"]) if move["type"] == "play" else 0


GAME = ColorMatch()
