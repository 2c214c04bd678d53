"""A game's record — its committed deal and every step the server decided — and the game replayed from it.

The shuffle anyone can verify (docs/protocol.md, "Deals anyone can verify"): each game is dealt from a ``seed``
drawn from the OS's randomness, and every frame of the running game carries ``commitment(seed, salt)``; the seed
and salt are revealed when the game ends. The record (``record``) holds what re-dealing needs — the options, the
seat count, the dealer's seat and the previous first seat (``Game.first_seat``'s arguments) — and every step in
order: ``[seat, move, at, by]``, a rule deadline being ``[None, None, at, "deadline"]``. ``states`` re-deals with
the engine's own ``first_seat`` and ``setup`` exactly as ``play._deal`` did, and applies each step with the
engine's ``apply`` / ``advance`` at the time the server applied it: there is no second implementation of the
rules, so a record that replays is the game that was played. A finished game's record is stored as an item of
its own (``storage.put_record``, by the unit of work, before the write that stores the game's end), served as
``replay`` frames (``replay_frame``), and checked by ``tools.verify``.

>>> commitment(5, "00" * 32)
'8b4444a0de45f3b41e68e4cfcba7da3d31e739461e571df6305ccb9e2112232d'
>>> committed_bytes(5, "ab" * 32)[:24]
b'deckroom-deal-v1:5:ababa'
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator
from itertools import islice
from typing import TYPE_CHECKING, Any

from ..refusal import Refusal
from . import catalog
from .model import GameRecord, Room

if TYPE_CHECKING:
    from ..engine.game import Game, State

#: Finished games a room's history keeps: the oldest line goes when another game ends.
MAX_HISTORY = 20
#: Steps in one ``replay`` frame: 10 views of the largest table stay far under API Gateway's 128 KB message.
PAGE = 10
COMMITMENT_TAG = "deckroom-deal-v1"  # names the byte string hashed, so a later format can never be mistaken for it

Step = list[Any]  # [seat or None, move or None, at, by]


class ReplayError(Exception):
    """A record that does not replay: the re-deal or a step disagrees with what the record says."""


def committed_bytes(seed: int, salt: str) -> bytes:
    """What a deal's commitment hashes: ASCII ``deckroom-deal-v1:<seed in decimal>:<salt in lowercase hex>``."""
    return f"{COMMITMENT_TAG}:{seed}:{salt}".encode("ascii")


def commitment(seed: int, salt: str) -> str:
    """The deal's commitment: SHA-256 of ``committed_bytes``, in lowercase hex."""
    return hashlib.sha256(committed_bytes(seed, salt)).hexdigest()


def deal_part(record: GameRecord) -> dict[str, Any]:
    """The frame's ``game.deal``: the commitment while the game runs; the seed (a decimal string: it does not fit a
    JavaScript number) and salt too once it has ended."""
    if record.result is None:
        return {"commitment": record.commitment}
    return {"commitment": record.commitment, "seed": str(record.seed), "salt": record.salt}


def record(game: GameRecord) -> dict[str, Any]:
    """The record of ``game`` (finished: it reveals the seed) as it is stored, sent and verified."""
    return {
        "game": game.id, "number": game.number, "players": len(game.seats), "seats": game.seats,
        "names": game.names, "options": game.options, "dealer": game.dealer,
        "previous_first": game.previous_first, "first": game.first, "at": game.dealt_at,
        **deal_part(game), "steps": game.moves, "result": game.result,
    }


def trim_history(room: Room) -> None:
    """Keep the last ``MAX_HISTORY`` lines of the room's history (their records are items of their own)."""
    del room.history[:-MAX_HISTORY]


def deal(game_id: str, players: int, seed: int, dealer: int, previous_first: int | None,
         options: dict[str, Any]) -> tuple[int, State]:
    """The first seat and the dealt state of a game from ``seed``, through the engine's own ``first_seat`` and
    ``setup``: how ``play`` deals a game and ``redeal`` deals it again."""
    game = catalog.game(game_id)
    rng = random.Random(seed)
    first = game.first_seat(players, host_seat=dealer, previous_first=previous_first, rng=rng)
    return first, game.setup(players, options, rng=rng, first=first)


def redeal(rec: dict[str, Any]) -> State:
    """The game as ``rec``'s seed deals it (``deal``)."""
    first, state = deal(rec["game"], rec["players"], int(rec["seed"]), rec["dealer"], rec["previous_first"],
                        rec["options"])
    if first != rec["first"]:
        raise ReplayError(f"the seed deals seat {first} first, the record says seat {rec['first']}")
    return state


def states(rec: dict[str, Any]) -> Iterator[State]:
    """The state after the deal, then after each of ``rec``'s steps, as the engine makes them."""
    from ..engine.errors import IllegalMove  # the engines load on first use (catalog)

    game = catalog.game(rec["game"])
    state = redeal(rec)
    yield state
    for number, (seat, move, at, by) in enumerate(rec["steps"], 1):
        try:
            state = game.advance(state, now=at) if by == "deadline" else game.apply(state, seat, move, now=at)
        except IllegalMove as err:
            raise ReplayError(f"step {number} ({by} at seat {seat}: {move}) is not legal here: {err}") from None
        yield state


def replay_frame(rec: dict[str, Any], code: str, viewer: str, seat: int | None, start: int) -> dict[str, Any]:
    """The ``replay`` frame of the finished game ``rec`` of room ``code`` for member ``viewer``: the record (on the
    first page), and from step ``start`` on up to ``PAGE`` steps as ``seat`` saw them (None: the viewer's own seat
    in that game, or a spectator's view if they had none). Made from the record alone: nothing of a game that
    runs now."""
    number = rec["number"]
    if seat is None and viewer in rec["seats"]:
        seat = rec["seats"].index(viewer)
    if seat is not None and seat >= rec["players"]:
        raise Refusal("no_seat", f"game {number} had {rec['players']} seats")
    total = len(rec["steps"])
    if start > total:
        raise Refusal("no_step", f"game {number} has steps 0 to {total}")
    game = catalog.game(rec["game"])
    end = min(start + PAGE, total + 1)  # states 0 (the deal) to total (the end)
    frames: list[dict[str, Any]] = []
    state: State = None
    for index, state in enumerate(islice(states(rec), end)):
        if index >= start:
            frames.append(_shown(game, rec["steps"], index, state, seat))
    frame: dict[str, Any] = {"type": "replay", "room": code, "number": number, "seat": seat,
                             "record": rec if start == 0 else None, "frames": frames,
                             "next": end if end <= total else None}
    if end > total:  # the last page: after the end every hand may be shown
        frame["final_views"] = [game.view(state, s) for s in range(rec["players"])]
    return frame


def _shown(game: Game, steps: list[Step], index: int, state: State, seat: int | None) -> dict[str, Any]:
    """State ``index`` of a replay as ``seat`` saw it, with the step that led to it as everyone saw it: the move as
    the live ``moved`` event showed it and the engine's events as the live ``engine`` event did (``turns._step``,
    ``turns._changed``: the spectator's view, whoever watches)."""
    view = game.view(state, seat)
    shown: dict[str, Any] = {"step": index, "view": view}
    if index:
        mover, move, at, by = steps[index - 1]
        public = view if seat is None else game.view(state, None)
        shown |= {"seat": mover, "by": by, "at": at, "move": None if move is None else game.public_move(move),
                  "events": public.get("events") or []}
    return shown
