"""The ``daifugo`` game object: what 大富豪 adds to ``Game`` (``functions/engine/game.py``).

Most members are the functions of the module that does that one job, bound as they are (``rules`` for the
options, ``turn``, ``view``, ``codec``). The game has no timers, so it keeps ``Game``'s ``advance`` and
``next_deadline``; the first deal's dealer is drawn by lot, ``Game``'s default ``first_seat`` (the ♦3 holder
leads the first round; ``first`` starts the deal).

>>> import random
>>> s = GAME.setup(4, GAME.options(), rng=random.Random(7))
>>> seat = GAME.current(s)
>>> GAME.legal_moves(s, seat)[0]["type"], GAME.outcome(s), GAME.forces_only_moves
('play', None, False)
>>> GAME.options("house")["lock"], GAME.validate_options({"sequence_revolution": True})["sequence_revolution"]
(True, False)
>>> give = {"type": "give", "cards": ["S3", "H4"]}
>>> GAME.public_move(give), GAME.cards_put_down(give), GAME.cards_put_down({"type": "play", "cards": ["S3", "H3"]})
({'type': 'give'}, 0, 2)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..game import Game, Move
from . import codec, turn, view
from .rules import OPTION_SPEC, PRESETS, validate_options
from .setup import MAX_PLAYERS, MIN_PLAYERS
from .setup import setup as deal
from .state import State


class Daifugo(Game):
    """The game object of 大富豪."""

    id = view.GAME_ID
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    option_specs = OPTION_SPEC
    presets = PRESETS
    # A follower who cannot beat the field must still tap "pass": made by the server at once, the pass would
    # tell the table that this hand holds nothing above the field (docs/engine.md).
    forces_only_moves = False
    # The cards given in the exchange: only the giver and the receiver see them (their views' ``exchange``).
    redacted_moves = frozenset({"give"})

    # ``sequence_revolution`` is turned off without ``sequences`` or ``revolution`` (more than the option table).
    validate_options = staticmethod(validate_options)
    current = staticmethod(view.current)
    legal_moves = staticmethod(view.legal_moves)
    outcome = staticmethod(view.outcome)  # every seat with the top total once the last round is played
    view = staticmethod(view.view)
    dump = staticmethod(codec.dump)
    load = staticmethod(codec.load)

    def setup(self, n_players: int, options: dict[str, Any], *, rng: random.Random, first: int = 0,
              deck: Sequence[str] | None = None, start: Any = None) -> State:
        """A new game; ``start`` is this game's own test position (docs/engine.md, 大富豪 "State")."""
        return deal(n_players, self.validate_options(options), rng=rng, first=first, deck=deck, start=start)

    def apply(self, state: State, seat: int, move: Move, *, now: float) -> State:
        return turn.apply(state, seat, move)

    def cards_put_down(self, move: Move) -> int:
        """The cards of a play; the exchange's gifts change hands and never reach the table."""
        return len(move["cards"]) if move["type"] == "play" else 0


GAME = Daifugo()
