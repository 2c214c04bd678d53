"""An account: what signing in keeps for a player — the player it owns, its devices, a display name, and games
played and won per game with the last few of them. Plain data and pure functions; ``functions.storage`` keeps it.

An account is named by :func:`account_id`, a hash of the issuer and the issuer's ``sub``: the table and the
browser hold this pseudonym, never Google's account id, e-mail or name. A device is the hash of the secret it
holds (``functions.identity``); an ID token is only accepted from the device it was asked for, whose
:func:`sign_in_nonce` it carries.

>>> account = Account.new("a_" + "0" * 32, "p_abcdefghijklmnop", "ゆうき", device="d1", now=100.0)
>>> account.add_device("d2", now=200.0), sorted(account.devices)
(True, ['d1', 'd2'])
>>> account.remove_device("d2", now=250.0), sorted(account.devices), account.refuses("d2", issued_at=240)
(True, ['d1'], True)
>>> account.refuses("d2", issued_at=260), account.refuses("d1", issued_at=240)
(False, False)
>>> game = FinishedGame(key="4821:1:77", room="4821", room_key="k", number=1, seat=2, game="color-match", at=300.0,
...                     players=3)
>>> account.count(game, won=True), account.count(game, won=True)
(True, False)
>>> account.view()["stats"], account.view()["recent"]
({'color-match': {'played': 1, 'won': 1}}, [{'room': '4821', 'number': 1, 'game': 'color-match', 'at': 300.0, 'players': 3, 'won': True}])
>>> account.played_in("4821", 1), account.played_in("4821", 2)
({'room': '4821', 'number': 1, 'game': 'color-match', 'at': 300.0, 'players': 3, 'won': True, 'room_key': 'k', 'seat': 2}, None)
>>> sign_in_nonce("0" * 64)
'0060e264600eb2511b83582592332e611cf73199685ac40da381b9e4c7ca7946'
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

ID_PREFIX = "a_"
KEY_PREFIX = "acct#"
"""An account's item in the table is ``acct#`` + its id (the stack grants some actions on these items only)."""
MAX_DEVICES = 10
"""Devices signed in at once; an eleventh signing in signs out the one that signed in longest ago."""
MAX_RECENT = 10
"""Finished games kept in ``recent``, newest first."""
SIGNED_OUT_KEPT = 24 * 3600.0
"""How long a device that signed out is remembered: far longer than an ID token lives (Google's: 1 hour), so a
token it was given before signing out is refused (``refuses``) as long as it could verify at all."""
NONCE_CONTEXT = "deckroom-sign-in:"
SHOWN_RECENT = ("room", "number", "game", "at", "players", "won")
"""What the profile shows of a ``recent`` entry. The entry keeps more for the server alone: which room's record it is
(``room_key``: ``storage.get_record``) and the seat whose view its replay shows first (``seat``). An entry stored
before games were numbered in it shows ``number`` null."""


def account_id(issuer: str, subject: str) -> str:
    """The account of ``subject`` at ``issuer``: ``a_`` and 32 hex digits of SHA-256 over both (a pseudonym:
    the issuer's own id of the person is stored nowhere)."""
    return ID_PREFIX + hashlib.sha256(f"{issuer}\n{subject}".encode()).hexdigest()[:32]


def sign_in_nonce(secret_hash: str) -> str:
    """The ``nonce`` a device asks the issuer to put in its ID token: ``sha256hex("deckroom-sign-in:" +
    secret_hash)``, where ``secret_hash`` is ``sha256hex(secret)``. A token is thereby good on that device only."""
    return hashlib.sha256((NONCE_CONTEXT + secret_hash).encode()).hexdigest()


@dataclass(frozen=True)
class FinishedGame:
    """A game that just ended, as an account records it."""

    #: Unique per game (room code, game number in the room, game seed): counting it twice changes nothing.
    key: str
    room: str
    #: the room's ``key``: a record is the room's only with it (``storage.get_record``), the code being reused later
    room_key: str
    #: the game's number in the room, and the seat the account's player held
    number: int
    seat: int
    game: str
    at: float
    players: int


@dataclass
class Account:
    id: str
    player_id: str
    name: str
    #: secret hash of each signed-in device → when it signed in
    devices: dict[str, float]
    created: float
    #: game id → games played / won (a shared win counts as won)
    played: dict[str, int] = field(default_factory=dict)
    won: dict[str, int] = field(default_factory=dict)
    #: the last games, newest first: ``{room, number, game, at, players, won}`` and ``room_key``, ``seat``
    recent: list[dict[str, Any]] = field(default_factory=list)
    #: ``FinishedGame.key`` of the last game counted
    counted: str | None = None
    #: secret hash of each device that signed out in the last ``SIGNED_OUT_KEPT`` seconds → when
    signed_out: dict[str, float] = field(default_factory=dict)
    #: the player's face (``room/faces.py``), None until one is chosen
    avatar: dict[str, str] | None = None
    #: kept outside the body by storage: the condition of every write
    version: int = 0

    @classmethod
    def new(cls, account_id: str, player_id: str, name: str, *, device: str, now: float,
            avatar: dict[str, str] | None = None) -> Account:
        """A new account owning ``player_id`` (the guest who signed in keeps their player, name and face)."""
        return cls(id=account_id, player_id=player_id, name=name, devices={device: now}, created=now, avatar=avatar)

    def add_device(self, secret_hash: str, now: float) -> bool:
        """Sign ``secret_hash``'s device in (again); the oldest device makes room if there are too many.
        False if it was already signed in (nothing changes)."""
        if secret_hash in self.devices:
            return False
        if len(self.devices) >= MAX_DEVICES:
            del self.devices[min(self.devices, key=lambda device: self.devices[device])]
        self.devices[secret_hash] = now
        return True

    def remove_device(self, secret_hash: str, now: float) -> bool:
        """Sign ``secret_hash``'s device out, and remember when: a token it was given before stays refused."""
        self.signed_out = {device: at for device, at in self.signed_out.items() if at > now - SIGNED_OUT_KEPT}
        self.signed_out[secret_hash] = now
        self.devices.pop(secret_hash, None)
        return True

    def refuses(self, secret_hash: str, issued_at: float) -> bool:
        """Whether a token issued at ``issued_at`` for ``secret_hash``'s device was issued before that device
        signed out: the device said hello again with its old identity to replay it (it should be a new guest)."""
        signed_out = self.signed_out.get(secret_hash)
        return signed_out is not None and issued_at <= signed_out

    def count(self, game: FinishedGame, *, won: bool) -> bool:
        """Count ``game`` in the stats and the recent games; False if it was counted already."""
        if game.key == self.counted:
            return False
        self.counted = game.key
        self.played[game.game] = self.played.get(game.game, 0) + 1
        self.won[game.game] = self.won.get(game.game, 0) + int(won)
        entry = {"room": game.room, "number": game.number, "game": game.game, "at": game.at, "players": game.players,
                 "won": won, "room_key": game.room_key, "seat": game.seat}
        self.recent = [entry, *self.recent][:MAX_RECENT]
        return True

    def played_in(self, room: str, number: int) -> dict[str, Any] | None:
        """The entry of ``recent`` for game ``number`` of room ``room`` (whose replay the player may watch), or
        None."""
        return next((e for e in self.recent if e["room"] == room and e.get("number") == number), None)

    def view(self) -> dict[str, Any]:
        """The ``profile`` frame's fields (docs/protocol.md): what the player sees of their account."""
        return {
            "player_id": self.player_id,
            "name": self.name,
            "avatar": self.avatar,
            "created": self.created,
            "devices": len(self.devices),
            "stats": {game: {"played": n, "won": self.won.get(game, 0)} for game, n in self.played.items()},
            "recent": [{k: e.get(k) for k in SHOWN_RECENT} for e in self.recent],
        }

    def to_dict(self) -> dict[str, Any]:
        """The stored body: every field but ``id`` (the key) and ``version``."""
        body = dict(vars(self))
        del body["id"], body["version"]
        return body

    @classmethod
    def from_dict(cls, account_id: str, body: dict[str, Any], version: int) -> Account:
        return cls(id=account_id, **body, version=version)
