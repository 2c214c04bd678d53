"""The client frames of docs/protocol.md as pydantic models, and ``parse_frame`` that turns a WebSocket body into one.

Every model forbids unknown fields and uses strict types (``"1"`` is not a version), so a malformed frame is
refused with ``bad_frame`` before anything is read or written. Before the JSON is parsed at all, a frame is
refused when it is over ``MAX_FRAME_BYTES``, nested deeper than ``MAX_DEPTH`` (the parser recurses) or not valid
Unicode (a lone surrogate written as ``\\ud800``); a move and a game's options are held to a bounded JSON shape
(``MoveBody``, ``OptionsBody``), so an engine only ever sees short strings, small integers, booleans and short
lists of them.

>>> parse_frame('{"action": "join", "code": "4821", "rid": "r1"}')
Join(rid='r1', action='join', code='4821', key=None)
>>> parse_frame('{"action": "fly"}')
Traceback (most recent call last):
...
functions.refusal.Refusal: unknown action 'fly'
>>> parse_frame('[' * 3000 + ']' * 3000)
Traceback (most recent call last):
...
functions.refusal.Refusal: a frame nests at most 16 arrays and objects
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Annotated, Any, Literal, get_args

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, model_validator

from .refusal import Refusal
from .room import catalog
from .room.faces import Color, Picture
from .room.model import TURN_TIMERS, Mode, RemovalReason
from .stamps import StampId

MAX_FRAME_BYTES = 8 * 1024
MAX_DEPTH = 16  # arrays and objects inside one another; a frame needs 3
_SURROGATE = re.compile("[\ud800-\udfff]")
_OPENERS = re.compile(r'[\[{]|"(?:[^"\\]|\\.)*"|[\]}]')  # brackets, and strings skipped whole

#: Letters and symbols to Unicode that show as nothing: the Hangul fillers, the Braille blank, the combining
#: grapheme joiner, the Khmer inherent vowels.
_BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f\u17b4\u17b5")
MAX_MARKS = 4  # combining marks on one character (Thai and Vietnamese stack two or three)


def _clean_name(name: str) -> str:
    """A name as shown to the room: trimmed, 1–16 characters, something visible in it.

    >>> _clean_name("  ゆうき ")
    'ゆうき'
    >>> [_refused(_clean_name, n) for n in ("\u3164", "\u2800\u2800", "\u0301\u0301", " \u3000 ", "a\u200bb")]
    [True, True, True, True, True]
    """
    name = name.strip()
    if not 1 <= len(name) <= 16:
        raise ValueError("a name has 1 to 16 characters")
    categories = [unicodedata.category(ch) for ch in name]
    if any(c[0] == "C" or c in ("Zl", "Zp") for c in categories):
        raise ValueError("a name has no control, format or line-breaking characters")
    if not any(c[0] in "LNPS" and ch not in _BLANK for ch, c in zip(name, categories)):
        raise ValueError("a name has a visible character")
    marks = 0
    for c in categories:
        marks = marks + 1 if c[0] == "M" else 0
        if marks > MAX_MARKS:
            raise ValueError(f"a name stacks at most {MAX_MARKS} marks on a character")
    return name


def _refused(check: Any, value: Any) -> bool:
    try:
        check(value)
    except ValueError:
        return True
    return False


def _registered_game(game_id: str) -> str:
    if game_id not in catalog.game_ids():
        raise ValueError(f"a game is one of {', '.join(catalog.game_ids())}")
    return game_id


def _turn_timer(seconds: int) -> int:
    if seconds not in TURN_TIMERS:
        raise ValueError(f"a turn timer is one of {', '.join(map(str, TURN_TIMERS))} seconds (0: none)")
    return seconds


def _cpu_level(level: str) -> str:
    if level not in catalog.cpu_levels():
        raise ValueError(f"a CPU level is one of {', '.join(catalog.cpu_levels())}")
    return level


Name = Annotated[str, AfterValidator(_clean_name)]
#: 4 digits while the 4-digit codes are not crowded, then 6, then 8 (docs/server.md, "Room codes").
RoomCode = Annotated[str, Field(pattern=r"^[0-9]{4}(?:[0-9]{2}){0,2}$")]
PlayerId = Annotated[str, Field(pattern=r"^p_[a-z0-9]{16}$")]
Secret = Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{43}$")]
AccountId = Annotated[str, Field(pattern=r"^a_[0-9a-f]{32}$")]
RoomKey = Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{22}$")]  # a join link's key (``secrets.token_urlsafe(16)``)
GameId = Annotated[str, AfterValidator(_registered_game)]  # an id of the engine's registry
CpuLevel = Annotated[str, AfterValidator(_cpu_level)]  # one of the engine's CPU levels
TurnTimer = Annotated[int, AfterValidator(_turn_timer)]  # an int (pydantic's Literal would take 30.0)

# The bounded JSON shape of a move and of a game's options: what an engine is ever handed. Each engine still
# refuses a move of this shape that is not one of its own (``IllegalMove``), and options (``OptionsError``).
Key = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]{0,19}$")]
Token = Annotated[str, Field(min_length=1, max_length=32)]
SmallInt = Annotated[int, Field(ge=-1000, le=1000)]
Scalar = bool | SmallInt | Token | None
MoveBody = Annotated[dict[Key, Scalar | Annotated[list[Token | SmallInt], Field(max_length=40)]],
                     Field(min_length=1, max_length=8)]
OptionsBody = Annotated[dict[Key, Scalar], Field(max_length=16)]


class Avatar(BaseModel):
    """A person's face: a picture (or ``"initial"``: their name's first letter) on a colour, from the closed sets
    of ``room/faces.py``."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, defer_build=True)
    picture: Picture
    color: Color

    def stored(self) -> dict[str, str]:
        return {"picture": self.picture, "color": self.color}


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
    ``account`` if this device signed in); either may say its ``avatar``, as it says its name."""

    action: Literal["hello"]
    name: Name | None = None
    avatar: Avatar | None = None
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
    """Join room ``code``; with the ``key`` of its join link, the join is never throttled by others' failures."""

    action: Literal["join"]
    code: RoomCode
    key: RoomKey | None = None


class Leave(RoomFrame):
    action: Literal["leave"]


class SetSettings(RoomFrame):
    action: Literal["set_settings"]
    mode: Mode | None = None
    cpu_level: CpuLevel | None = None
    turn_timer: TurnTimer | None = None  # seconds a connected player has for a turn; 0: no timer


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
    options: OptionsBody | None = None


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
    move: MoveBody

    @model_validator(mode="after")
    def _typed(self) -> Move:
        if not isinstance(self.move.get("type"), str):
            raise ValueError('a move has a "type" string')
        return self


class Rematch(RoomFrame):
    """The host deals again after a game: the same game, or ``game`` (the next game in one tap)."""

    action: Literal["rematch"]
    game: GameId | None = None


class ToLobby(RoomFrame):
    action: Literal["to_lobby"]


class SignIn(Frame):
    """An ID token from the issuer (Google Identity Services' ``credential``), asked for with this device's nonce."""

    action: Literal["sign_in"]
    credential: Annotated[str, Field(min_length=1, max_length=MAX_FRAME_BYTES)]


class Profile(Frame):
    """The signed-in player's profile; with ``name`` or ``avatar``, their display name or face changes first."""

    action: Literal["profile"]
    name: Name | None = None
    avatar: Avatar | None = None


class SignOut(Frame):
    action: Literal["sign_out"]


class DeleteAccount(Frame):
    action: Literal["delete_account"]


class RemoveMember(RoomFrame):
    """The host removes a person from the room for the rest of its life (lobby and between games)."""

    action: Literal["remove_member"]
    member: Annotated[str, Field(pattern=r"^m[0-9]{1,4}$")]
    reason: RemovalReason | None = None


class SetOpen(RoomFrame):
    """The host closes the room to newcomers, or opens it again (any time)."""

    action: Literal["set_open"]
    open: bool


class SetKnock(RoomFrame):
    """The host makes newcomers knock (``true``) or lets them in at once again (``false``)."""

    action: Literal["set_knock"]
    knock: bool


class AnswerKnock(RoomFrame):
    """The host lets a knocking newcomer in (``admit``: true) or refuses them."""

    action: Literal["answer_knock"]
    knock: Annotated[str, Field(pattern=r"^k[0-9]{1,4}$")]
    admit: bool


class StillHere(RoomFrame):
    """The person in turn answers "still there?" (deadline kind ``idle``)."""

    action: Literal["still_here"]


class Back(RoomFrame):
    """A member the stand-in plays for (three turns timed out) takes their seat back."""

    action: Literal["back"]


class LeaveGame(RoomFrame):
    """A seated person leaves the running game (the stand-in plays their seat to the end); they stay in the room."""

    action: Literal["leave_game"]


class EndGame(RoomFrame):
    """The host ends the running game for everyone: back to the lobby, no result."""

    action: Literal["end_game"]


class Stamp(RoomFrame):
    """One of the eight stamps, posted to every connected member of the room (nothing is stored)."""

    action: Literal["stamp"]
    stamp: StampId  # anything else is ``bad_frame``, its message listing the stamps


class Replay(RoomFrame):
    """A page of the record of one of the room's finished games (``room/replay.py``), as one seat saw it."""

    action: Literal["replay"]
    number: Annotated[int, Field(ge=1)]  # the game's number in the room (``history[].number``)
    seat: Annotated[int, Field(ge=0, le=9)] | None = None  # None: your own seat in that game
    step: Annotated[int, Field(ge=0, le=100_000)] = 0  # the first step of the page (0: the deal)


FRAMES: dict[str, type[Frame]] = {
    get_args(model.model_fields["action"].annotation)[0]: model  # the Literal's one value
    for model in (Ping, Hello, Create, Join, Leave, SetSettings, SelectGame, Vote, SetOptions, AddCpu, RemoveCpu,
                  Start, Move, Rematch, ToLobby, RemoveMember, SetOpen, SetKnock, AnswerKnock, StillHere, Back, SignIn, Profile, SignOut,
                  DeleteAccount, Stamp, LeaveGame, EndGame, Replay)
}


def request_id(body: str | None) -> str | None:
    """The ``rid`` of a frame, if one can be read, so even a refused frame's error is matched to its request."""
    try:
        data = _load(body)
    except Refusal:
        return None
    rid = data.get("rid") if isinstance(data, dict) else None
    return rid if isinstance(rid, str) and 1 <= len(rid) <= 40 else None


def parse_frame(body: str | None) -> Frame:
    """The client frame in ``body``; raises ``Refusal`` (``frame_too_large``, ``bad_frame``, ``unknown_action``)."""
    data = _load(body)
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


def _load(body: str | None) -> Any:
    """The JSON value of ``body``, refused before parsing when too large or too deep, and after when any of its
    strings is not valid Unicode."""
    if body is None:
        raise Refusal("bad_frame", "empty frame")
    try:
        size = len(body.encode())
    except UnicodeEncodeError:
        raise Refusal("bad_frame", "a frame is UTF-8 text") from None
    if size > MAX_FRAME_BYTES:
        raise Refusal("frame_too_large", f"a frame has at most {MAX_FRAME_BYTES} bytes")
    if body.count("[") + body.count("{") > MAX_DEPTH and _depth(body) > MAX_DEPTH:
        raise Refusal("bad_frame", f"a frame nests at most {MAX_DEPTH} arrays and objects")
    try:
        data = json.loads(body)
    except ValueError:
        raise Refusal("bad_frame", "a frame is a JSON object") from None
    if "\\u" in body and _has_surrogate(data):
        raise Refusal("bad_frame", "a frame's strings are valid Unicode (no lone surrogates)")
    return data


def _depth(body: str) -> int:
    """How deeply arrays and objects nest in ``body`` (brackets inside strings do not count).

    >>> _depth('{"a": [1, {"b": "[[["}]}'), _depth('[[]][]')
    (3, 2)
    """
    depth = deepest = 0
    for token in _OPENERS.finditer(body):
        bracket = token.group()
        if bracket in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif bracket in "]}":
            depth -= 1
    return deepest


def _has_surrogate(value: Any) -> bool:
    if isinstance(value, str):
        return _SURROGATE.search(value) is not None
    if isinstance(value, dict):
        return any(_has_surrogate(k) or _has_surrogate(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_has_surrogate(v) for v in value)
    return False
