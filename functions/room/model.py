"""The room: members, settings, lobby choices, the current game, wins and history — plain data with a JSON form.

A room is stored as one item (``functions.storage``); ``to_dict`` / ``from_dict`` are its body. The game's
engine state is held decoded (``GameRecord.state``) for as long as the room object lives — one ``load`` when the
body is read, one ``dump`` when it is written — so the steps, the schedule and the views of one change share it.
``version`` is kept outside the body by storage (it is the condition of every write) but lives on the object for
the domain: the unit of work bumps it before an operation, so an operation knows the version its change will
carry.
"""

from __future__ import annotations

import copy
from dataclasses import InitVar, dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from . import catalog
from .faces import Avatar

if TYPE_CHECKING:
    from ..engine.game import Game, State

MAX_MEMBERS = 10  # humans in a room
MAX_SEATS = 10  # humans + CPUs

Phase = Literal["lobby", "playing", "finished"]
Mode = Literal["host", "vote"]  # the host picks the game, or everyone votes
TURN_TIMERS = (0, 15, 30, 60)  # seconds a connected player has for each decision; 0: no timer
RemovalReason = Literal["away", "private", "conduct"]  # why the host removed someone (shown to them)


@dataclass
class Member:
    """A person (``m…``) or a CPU seat (``c…``) of the room, in base seat order."""

    id: str
    name: str
    cpu: bool = False
    player_id: str | None = None
    secret_hash: str | None = None
    conn: str | None = None  # the connection that currently speaks for this member; None = disconnected
    dropped_at: float | None = None  # when the connection was lost (starts the stand-in grace)
    joined_at: float = 0.0
    wins: int = 0
    account: str | None = None  # the account this player is signed in to (a guest: None); never shown to anyone
    timeouts: int = 0  # turns in a row the turn timer ran out on (the stand-in moved)
    away: bool = False  # the stand-in plays for this connected person until they act again
    here_at: float | None = None  # when they last answered "still there?" (``still_here``)
    avatar: Avatar | None = None  # the person's chosen face (``faces``); None: never chose one (a CPU: never)

    @property
    def connected(self) -> bool:
        return self.cpu or self.conn is not None


@dataclass
class Due:
    """The next thing the server does by itself: a bot seat acts, or the engine's rule deadline.

    Only when and who: what a bot plays is decided by the change that plays it (``autoplay``).
    """

    at: float
    # "turn": the turn timer of a connected person runs out; "idle": with no turn timer, a connected person in turn
    # has not moved for ``autoplay.IDLE_TURN`` seconds (asked "still there?" for the last ``IDLE_ASK`` of them)
    kind: Literal["cpu", "standin", "turn", "idle", "engine"]
    seat: int | None = None
    step: int | None = None  # ``GameRecord.steps`` when it was scheduled


@dataclass
class Knock:
    """A newcomer asking the host to let them in (a room where newcomers knock: ``Room.knock``)."""

    id: str  # ``k`` + the room's serial
    name: str
    player_id: str
    secret_hash: str | None
    conn: str  # the connection that knocked: it becomes the member's if the host lets them in
    at: float
    account: str | None = None
    avatar: Avatar | None = None


@dataclass
class GameRecord:
    """The game being played (or just finished) in the room."""

    id: str
    number: int
    seats: list[str]  # member ids by seat; a member who left keeps the seat (a stand-in plays it)
    names: list[str]  # the seated names at the start, for a seat whose member left
    state: State  # the engine's state, decoded (its ``dump`` in the stored body)
    seed: int  # seeds the CPUs' choices, so a re-run of the same step makes the same choice
    first: int
    changed_version: int  # room version of the last change of the game state (moves older than it are stale)
    changed_at: float  # when the game state last changed (CPU moves come one second after it)
    cards_played: int = 0
    steps: int = 0  # changes of the game state so far (seeds each CPU decision afresh)
    result: dict[str, Any] | None = None
    standins: list[int] = field(default_factory=list)  # seats whose last move the stand-in made
    left: list[int] = field(default_factory=list)  # seats whose person left the game: the stand-in's to its end
    # The game's record (``room/replay.py``): what re-dealing it needs and every step, in order. ``salt`` and
    # ``seed`` are what ``commitment`` commits to; they leave the server only once the game has ended.
    salt: str = ""
    commitment: str = ""
    options: dict[str, Any] = field(default_factory=dict)  # as dealt (the room's options may change later)
    dealer: int = 0  # the seat of whoever dealt (``Game.first_seat``'s ``host_seat``)
    previous_first: int | None = None  # ``Game.first_seat``'s ``previous_first``
    dealt_at: float = 0.0
    moves: list[list[Any]] = field(default_factory=list)  # [seat, move, at, by] per step (``steps`` of them)
    #: The game being played, the engine's game object of ``id``: looked up once, when the record is made (read
    #: or dealt), so a change's steps, schedule and views never look it up again. Not stored.
    rules: Game = field(init=False, repr=False, compare=False)
    game: InitVar[Game | None] = None  # the game object of ``id`` when the caller has it already

    def __post_init__(self, game: Game | None) -> None:
        self.rules = catalog.game(self.id) if game is None else game

    def __deepcopy__(self, memo: dict[int, Any]) -> GameRecord:
        # The game object is the registry's, shared: copy the record's data, not the engine's rules.
        copied = copy.copy(self)
        for name, value in vars(self).items():
            if name != "rules":
                setattr(copied, name, copy.deepcopy(value, memo))
        return copied


@dataclass
class Room:
    code: str
    host: str
    members: list[Member] = field(default_factory=list)
    mode: Mode = "host"
    cpu_level: str = "normal"  # one of the engine's CPU levels (functions.engine.cpu.LEVELS)
    selected: str | None = None
    votes: dict[str, str] = field(default_factory=dict)  # member id -> game id
    options: dict[str, dict[str, Any]] = field(default_factory=dict)  # game id -> options the host changed
    game: GameRecord | None = None
    history: list[dict[str, Any]] = field(default_factory=list)
    games_started: int = 0
    first_seats: dict[str, int] = field(default_factory=dict)  # game id -> first seat of the last game of it
    serial: int = 0  # numbers member ids
    due: Due | None = None
    timer_at: float | None = None  # the ``at`` of the timer message this room counts on (``timers.needed``)
    turn_timer: int = 0  # one of ``TURN_TIMERS``
    open: bool = True  # newcomers may join
    removed: list[str] = field(default_factory=list)  # player ids the host removed: they never join again
    removed_devices: list[str] = field(default_factory=list)  # their secret hashes and accounts: refused too
    knock: bool = False  # newcomers knock and the host lets them in (turned on by a removal, or by the host)
    knocks: list[Knock] = field(default_factory=list)  # pending knocks, oldest first
    refused: dict[str, float] = field(default_factory=dict)  # player id -> until when its knocks are refused
    key: str = ""  # the unguessable key of the room's join link (a join with it is not throttled)
    version: int = 0

    @property
    def phase(self) -> Phase:
        if self.game is None:
            return "lobby"
        return "finished" if self.game.result is not None else "playing"

    @property
    def humans(self) -> list[Member]:
        return [m for m in self.members if not m.cpu]

    def member(self, member_id: str) -> Member | None:
        return next((m for m in self.members if m.id == member_id), None)

    def member_by_conn(self, conn: str) -> Member | None:
        return next((m for m in self.members if m.conn == conn), None)

    def member_by_player(self, player_id: str) -> Member | None:
        return next((m for m in self.members if m.player_id == player_id), None)

    def seat_of(self, member_id: str) -> int | None:
        """The member's seat in the current game, or None (spectator, lobby, or they left the game)."""
        if self.game is None or member_id not in self.game.seats:
            return None
        seat = self.game.seats.index(member_id)
        return None if seat in self.game.left else seat

    def new_member_id(self, cpu: bool) -> str:
        self.serial += 1
        return f"{'c' if cpu else 'm'}{self.serial}"

    def to_dict(self) -> dict[str, Any]:
        """The stored body: every field but ``version``, nested records as dicts (values shared, not copied:
        the body is serialised at once; ``dataclasses.asdict`` deep-copied it and took most of a write's time)."""
        body = dict(vars(self))
        del body["version"]
        body["members"] = [_member_body(member) for member in self.members]
        if self.game is not None:
            body["game"] = {**vars(self.game), "state": self.game.rules.dump(self.game.state)}
            del body["game"]["rules"]
        body["due"] = None if self.due is None else dict(vars(self.due))
        body["knocks"] = [dict(vars(knock)) for knock in self.knocks]
        return body

    @classmethod
    def from_dict(cls, body: dict[str, Any], version: int) -> Room:
        body = dict(body)
        # A body written before ``first_seats`` has ``rotation`` instead: dropped, the next deal starts afresh.
        body.pop("rotation", None)
        body["members"] = [Member(**m) for m in body["members"]]
        body["knocks"] = [Knock(**k) for k in body.get("knocks", ())]
        game = body["game"]
        if game is not None:
            rules = catalog.game(game["id"])
            body["game"] = GameRecord(**{**game, "state": rules.load(game["state"]), "game": rules})
        # A body written while ``Due`` kept the bot's decided move has it as ``move``: decided again when due.
        body["due"] = Due(**{k: v for k, v in body["due"].items() if k != "move"}) if body["due"] else None
        return cls(**body, version=version)


def _member_body(member: Member) -> dict[str, Any]:
    """A member's stored fields; ``account`` and ``here_at`` left out while None, so a room of guests is stored as it
    was before accounts existed."""
    fields = dict(vars(member))
    for optional in ("account", "here_at"):
        if fields[optional] is None:
            del fields[optional]
    return fields
