"""`python -m tools.verify`: re-deal finished games from their revealed seeds and check every step.

The input is either a JSON file of one finished game as an outside client saves it (docs/protocol.md, "Deals
anyone can verify": the ``record`` of the game's ``replay`` frame, the ``commitment`` the client received in the
game's first frame, and optionally the views it was shown, ``seen``), or a room code, whose stored records are read
from a table — the local stack's (``--endpoint``, the moto address `make dev` prints) or an AWS one (``--table``).

For each game: the revealed seed and salt hash to the commitment (and to the one the client first received); the
engine's own ``first_seat`` and ``setup`` re-deal the game from the seed; every recorded step is applied through
the engine at the time the server applied it (``functions.room.replay.states``) and must be legal; the replayed
game ends with the recorded result; every view the client saved is the view of the re-dealt game at that step
(every card it was dealt or drew). Exits 0 when every game verifies, 1 when one does not (the reason on stderr),
2 on bad arguments.
"""

from __future__ import annotations

import json
from typing import Any

from functions.room import catalog
from functions.room.replay import ReplayError, commitment, states


class NotVerified(Exception):
    """The game does not verify: the message says where it failed."""


def verify(record: dict[str, Any], *, commitment_seen: str | None = None,
           seen: list[dict[str, Any]] | None = None) -> int:
    """Check one finished game's ``record``; the number of steps replayed. ``NotVerified`` says why not."""
    name = f"game {record.get('number')} ({record.get('game')})"
    try:
        seed, salt = int(record["seed"]), record["salt"]
    except (KeyError, TypeError, ValueError):
        raise NotVerified(f"{name}: no seed and salt revealed (is it finished?)") from None
    if commitment(seed, salt) != record["commitment"]:
        raise NotVerified(f"{name}: sha256(seed, salt) is not the game's commitment")
    if commitment_seen is not None and commitment_seen != record["commitment"]:
        raise NotVerified(f"{name}: the commitment is not the one the first frame carried")
    game = catalog.game(record["game"])
    wanted: dict[int, list[dict[str, Any]]] = {}
    for shown in seen or ():
        wanted.setdefault(shown["step"], []).append(shown)
    state = None
    try:
        for step, state in enumerate(states(record)):
            for shown in wanted.pop(step, ()):
                if _plain(game.view(state, shown["seat"])) != _plain(shown["view"]):
                    raise NotVerified(f"{name}: step {step}: seat {shown['seat']} was shown a table the seed does "
                                      "not deal")
    except ReplayError as err:
        raise NotVerified(f"{name}: {err}") from None
    if wanted:
        raise NotVerified(f"{name}: views were seen at steps {sorted(wanted)}, which the record never reaches")
    if game.outcome(state) is None:
        raise NotVerified(f"{name}: the recorded steps do not end the game")
    if _plain(game.view(state, None)["result"]) != _plain(record["result"]):
        raise NotVerified(f"{name}: the replayed game's result is not the recorded one")
    return len(record["steps"])


def _plain(data: Any) -> Any:
    """``data`` as JSON has it (tuples as lists), so a view the engine makes compares with one read from a file."""
    return json.loads(json.dumps(data))
