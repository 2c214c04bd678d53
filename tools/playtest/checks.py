"""What the scripted players hold every server frame to (docs/protocol.md). A breach is a `PlaytestFailure`."""

from __future__ import annotations

import json
import re
from typing import Any, Collection

SERVER_FRAME_TYPES = frozenset({"welcome", "room", "left", "pong", "error"})
ROOM_FIELDS = frozenset({"version", "now", "code", "phase", "you", "members", "settings", "lobby", "game",
                         "history", "events"})
PLAYER_ID = re.compile(r"^p_[a-z0-9]{16}$")


class PlaytestFailure(Exception):
    """The run failed: a protocol violation, an error frame nobody provoked, or a stalled game."""


def parse_server_frame(text: str, *, sent_rids: Collection[str]) -> dict[str, Any]:
    """The frame as a dict, after checking it against the protocol.

    >>> parse_server_frame('{"type": "pong", "now": 1.0, "rid": "r1"}', sent_rids={"r1"})["type"]
    'pong'
    >>> parse_server_frame('{"message": "Internal server error"}', sent_rids=())
    Traceback (most recent call last):
    ...
    tools.playtest.checks.PlaytestFailure: API Gateway error frame: {"message": "Internal server error"}
    """
    try:
        frame = json.loads(text)
    except ValueError:
        raise PlaytestFailure(f"a server frame is not JSON: {text[:200]!r}") from None
    if isinstance(frame, dict) and "type" not in frame and "message" in frame:
        raise PlaytestFailure(f"API Gateway error frame: {text[:300]}")
    if not isinstance(frame, dict) or frame.get("type") not in SERVER_FRAME_TYPES:
        raise PlaytestFailure(f"not a server frame of a known type: {text[:200]!r}")
    rid = frame.get("rid")
    if rid is not None and rid not in sent_rids:
        raise PlaytestFailure(f"a {frame['type']} frame carries a rid this client never sent: {rid!r}")
    CHECKS[frame["type"]](frame)
    return frame


def _check_welcome(frame: dict[str, Any]) -> None:
    if not isinstance(frame.get("player_id"), str) or not PLAYER_ID.match(frame["player_id"]):
        raise PlaytestFailure(f"welcome without a valid player_id: {frame}")
    if "room" not in frame:
        raise PlaytestFailure(f"welcome without its room field: {frame}")


def _check_error(frame: dict[str, Any]) -> None:
    if not isinstance(frame.get("code"), str) or not isinstance(frame.get("message"), str):
        raise PlaytestFailure(f"error frame without code and message: {frame}")


def _check_room(frame: dict[str, Any]) -> None:
    missing = ROOM_FIELDS - frame.keys()
    if missing:
        raise PlaytestFailure(f"room frame without {sorted(missing)}")
    if frame["phase"] not in ("lobby", "playing", "finished"):
        raise PlaytestFailure(f"room frame with unknown phase {frame['phase']!r}")
    game = frame["game"]
    if (game is None) != (frame["phase"] == "lobby"):
        raise PlaytestFailure(f"room frame in phase {frame['phase']} with game {game is not None}")
    if game is not None:
        _check_view_hides_others(game["view"], frame["you"])


def _check_view_hides_others(view: dict[str, Any], you: dict[str, Any]) -> None:
    """Hidden information never leaves the server: only the viewer's own cards, no pile order."""
    if view.get("seat") != you.get("seat"):
        raise PlaytestFailure(f"view of seat {view.get('seat')} sent to seat {you.get('seat')}")
    if you.get("seat") is None and "hand" in view:
        raise PlaytestFailure("a spectator's view holds a hand")
    for player in view.get("players", []):
        if "hand" in player:
            raise PlaytestFailure(f"a view shows seat {player.get('seat')}'s hand")
    for pile in ("draw_pile", "supply"):
        if pile in view and not isinstance(view[pile], int):
            raise PlaytestFailure(f"a view shows the {pile} itself, not its size")
    if "hand" in view:  # a game whose players show card counts: the viewer's count is their hand's size
        own = next((p for p in view.get("players", []) if p.get("seat") == you.get("seat")), {})
        if isinstance(own.get("cards"), int) and own["cards"] != len(view["hand"]):
            raise PlaytestFailure("a view's hand disagrees with its own card count")


CHECKS = {
    "welcome": _check_welcome,
    "room": _check_room,
    "left": lambda frame: None,
    "pong": lambda frame: None,
    "error": _check_error,
}
