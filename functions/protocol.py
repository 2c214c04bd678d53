"""The client frames of docs/protocol.md as pydantic models, and ``parse_frame`` that turns a WebSocket body into one.

Every model forbids unknown fields and uses strict types (``"1"`` is not a version), so a malformed frame is
refused with ``bad_frame`` before anything is read or written.

>>> parse_frame('{"action": "join", "code": "4821", "rid": "r1"}')
Join(rid='r1', action='join', code='4821')
>>> parse_frame('{"action": "fly"}')
Traceback (most recent call last):
...
functions.refusal.Refusal: unknown action 'fly'
"""

from __future__ import annotations

import json
import unicodedata
from typing import Annotated, Any, Literal, get_args

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, model_validator

from .refusal import Refusal
from .room import catalog
from .room.model import Mode

MAX_FRAME_BYTES = 8 * 1024


def _clean_name(name: str) -> str:
    name = name.strip()
    if not 1 <= len(name) <= 16:
        raise ValueError("a name has 1 to 16 characters")
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        raise ValueError("a name has no control characters")
    return name


def _registered_game(game_id: str) -> str:
    if game_id not in catalog.game_ids():
        raise ValueError(f"a game is one of {', '.join(catalog.game_ids())}")
    return game_id


def _cpu_level(level: str) -> str:
    if level not in catalog.cpu_levels():
        raise ValueError(f"a CPU level is one of {', '.join(catalog.cpu_levels())}")
    return level


Name = Annotated[str, AfterValidator(_clean_name)]
RoomCode = Annotated[str, Field(pattern=r"^[0-9]{4}$")]
PlayerId = Annotated[str, Field(pattern=r"^p_[a-z0-9]{16}$")]
Secret = Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{43}$")]
AccountId = Annotated[str, Field(pattern=r"^a_[0-9a-f]{32}$")]
GameId = Annotated[str, AfterValidator(_registered_game)]  # an id of the engine's registry
CpuLevel = Annotated[str, AfterValidator(_cpu_level)]  # one of the engine's CPU levels


class Frame(BaseModel):
    """Fields every client frame may carry."""

    # defer_build: a model's validator is built when it first validates a frame, not at import, so a cold start
    # pays only for the actions it sees (building all of them took about 50 ms of the import).
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, defer_build=True)
    rid: Annotated[str, Field(min_length=1, max_length=40)] | None = None


class RoomFrame(Frame):
    """A frame about the room the sender is in."""

    room: RoomCode


class Ping(Frame):
    """A heartbeat; with ``room`` and ``version`` (the last room frame the client holds) it also asks for the room
    again if it has changed since — a phone that missed a frame finds out while it waits."""

    action: Literal["ping"]
    room: RoomCode | None = None
    version: Annotated[int, Field(ge=0)] | None = None

    @model_validator(mode="after")
    def _room_and_version_together(self) -> Ping:
        if (self.room is None) != (self.version is None):
            raise ValueError("room and version come together")
        return self


class Hello(Frame):
    """A new guest (``name`` only) or a returning one (``player_id`` + ``secret``, optionally ``room``, and
    ``account`` if this device signed in)."""

    action: Literal["hello"]
    name: Name | None = None
    player_id: PlayerId | None = None
    secret: Secret | None = None
    room: RoomCode | None = None
    account: AccountId | None = None

    @model_validator(mode="after")
    def _new_or_returning(self) -> Hello:
        returning = self.player_id is not None or self.secret is not None
        if returning and (self.player_id is None or self.secret is None):
            raise ValueError("player_id and secret come together")
        if not returning and (self.name is None or self.room is not None or self.account is not None):
            raise ValueError("a new guest sends a name (and no room or account)")
        return self


class Create(Frame):
    action: Literal["create"]
    mode: Mode = "host"
    cpu_level: CpuLevel = "normal"


class Join(Frame):
    action: Literal["join"]
    code: RoomCode


class Leave(RoomFrame):
    action: Literal["leave"]


class SetSettings(RoomFrame):
    action: Literal["set_settings"]
    mode: Mode | None = None
    cpu_level: CpuLevel | None = None


class SelectGame(RoomFrame):
    action: Literal["select_game"]
    game: GameId


class Vote(RoomFrame):
    action: Literal["vote"]
    game: GameId | None


class SetOptions(RoomFrame):
    action: Literal["set_options"]
    game: GameId
    preset: Annotated[str, Field(min_length=1, max_length=20)] | None = None
    options: dict[str, Any] | None = None


class AddCpu(RoomFrame):
    action: Literal["add_cpu"]


class RemoveCpu(RoomFrame):
    action: Literal["remove_cpu"]
    seat: Annotated[int, Field(ge=0, le=9)] | None = None


class Start(RoomFrame):
    action: Literal["start"]
    game: GameId | None = None


class Move(RoomFrame):
    action: Literal["move"]
    version: Annotated[int, Field(ge=0)]
    move: dict[str, Any]


class Rematch(RoomFrame):
    action: Literal["rematch"]


class ToLobby(RoomFrame):
    action: Literal["to_lobby"]


class SignIn(Frame):
    """An ID token from the issuer (Google Identity Services' ``credential``), asked for with this device's nonce."""

    action: Literal["sign_in"]
    credential: Annotated[str, Field(min_length=1, max_length=MAX_FRAME_BYTES)]


class Profile(Frame):
    """The signed-in player's profile; with ``name``, their display name changes first."""

    action: Literal["profile"]
    name: Name | None = None


class SignOut(Frame):
    action: Literal["sign_out"]


class DeleteAccount(Frame):
    action: Literal["delete_account"]


FRAMES: dict[str, type[Frame]] = {
    get_args(model.model_fields["action"].annotation)[0]: model  # the Literal's one value
    for model in (Ping, Hello, Create, Join, Leave, SetSettings, SelectGame, Vote, SetOptions, AddCpu, RemoveCpu,
                  Start, Move, Rematch, ToLobby, SignIn, Profile, SignOut, DeleteAccount)
}


def request_id(body: str | None) -> str | None:
    """The ``rid`` of a frame, if one can be read, so even a refused frame's error is matched to its request."""
    try:
        rid = json.loads(body or "").get("rid")
    except (ValueError, AttributeError):
        return None
    return rid if isinstance(rid, str) and 1 <= len(rid) <= 40 else None


def parse_frame(body: str | None) -> Frame:
    """The client frame in ``body``; raises ``Refusal`` (``frame_too_large``, ``bad_frame``, ``unknown_action``)."""
    if body is None:
        raise Refusal("bad_frame", "empty frame")
    if len(body.encode()) > MAX_FRAME_BYTES:
        raise Refusal("frame_too_large", f"a frame has at most {MAX_FRAME_BYTES} bytes")
    try:
        data = json.loads(body)
    except ValueError:
        raise Refusal("bad_frame", "a frame is a JSON object") from None
    if not isinstance(data, dict) or not isinstance(data.get("action"), str):
        raise Refusal("bad_frame", 'a frame is a JSON object with an "action" string')
    model = FRAMES.get(data["action"])
    if model is None:
        raise Refusal("unknown_action", f"unknown action {data['action'][:40]!r}")
    try:
        return model.model_validate(data)
    except ValidationError as err:
        problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'frame'}: {e['msg']}" for e in err.errors())
        raise Refusal("bad_frame", problems[:300]) from None
