"""The use cases of accounts: signing in, the profile, signing out, deleting the account (docs/protocol.md,
"Accounts").

Without a configured client ID (``SIGN_IN_CLIENT_ID``) the server has no sign-in: these frames are refused
``sign_in_disabled`` and everyone plays as a guest.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .. import fanout, protocol as p, storage
from ..accounts.account import Account, account_id, sign_in_nonce
from ..refusal import Refusal
from ..room import lobby
from ..room.model import Room
from ..room.turns import Event
from ..settings import settings
from ..unit_of_work import change_account, create_account
from .acting import change, seated_room
from .settle import settle

if TYPE_CHECKING:
    from ..accounts.tokens import Identity, TokenVerifier


def sign_in(frame: p.SignIn, conn: str, now: float) -> None:
    """Sign this device in with an ID token asked for with its nonce. The account's first sign-in creates it with
    the guest's player (their seat, name and room stay theirs); later sign-ins, on any device, add the device and
    give it the account's player. Switching players while seated in a room is refused (``leave_room_first``)."""
    verifier = _verifier()
    record = storage.get_connection(conn)
    if record.player_id is None or record.secret_hash is None:
        raise Refusal("no_identity", "send hello first")
    player_id, device = record.player_id, record.secret_hash
    identity = _verified(verifier, frame.credential, device)
    key = account_id(identity.issuer, identity.subject)
    if record.account not in (None, key):
        raise Refusal("already_signed_in", "this device is signed in to another account; sign out first")
    seated = seated_room(record, now)

    def add_device(account: Account) -> bool:
        if account.refuses(device, identity.issued_at):
            raise Refusal("sign_in_refused", "the token was asked for before this device signed out: sign in again",
                          reason="wrong_nonce")
        if account.player_id != player_id and seated is not None:
            raise Refusal("leave_room_first", "this account has its own player: leave the room to sign in here")
        return account.add_device(device, now)

    for _ in range(2):  # the account exists, or is created here; or another device created it in between
        account = change_account(key, add_device, now)
        if account is not None:
            created = False
            break
        account = Account.new(key, player_id, record.name or "?", device=device, now=now, avatar=record.avatar)
        if create_account(account, now):
            created = True
            break
    else:
        raise Refusal("conflict", "the account kept changing; send it again")
    avatar = account.avatar or record.avatar  # the account's face; the device's while the account has none
    storage.update_connection(conn, now, player_id=account.player_id, name=account.name, avatar=avatar, account=key)
    fanout.reply(conn, {"type": "signed_in", "player_id": account.player_id, "account": key,
                        "name": account.name, "avatar": avatar, "new": created}, frame.rid)
    if seated is not None:
        _update_seat(seated.code, conn, account, now)


def profile(frame: p.Profile, conn: str, now: float) -> None:
    """The signed-in player's profile; ``name`` and ``avatar`` change them first (the account, and their seat in
    their room)."""
    _require_sign_in()
    record = _signed_in_record(conn)
    avatar = frame.avatar.stored() if frame.avatar is not None else None

    def change_profile(account: Account) -> bool:
        before = (account.name, account.avatar)
        account.name = frame.name if frame.name is not None else account.name
        account.avatar = avatar if avatar is not None else account.avatar
        return (account.name, account.avatar) != before

    account = _change_own_account(record, change_profile, now)
    fanout.reply(conn, {"type": "profile", **account.view()}, frame.rid)
    if frame.name is not None or avatar is not None:
        storage.update_connection(conn, now, name=account.name, avatar=account.avatar)
        seated = seated_room(record, now)
        if seated is not None:
            _update_seat(seated.code, conn, account, now)


def sign_out(frame: p.SignOut, conn: str, now: float) -> None:
    """This device is signed out: the account forgets it (and remembers for a while that it signed out, so a token
    it was given before is refused), and the connection has no identity until it says hello again (as a new
    guest)."""
    _require_sign_in()
    record = _signed_in_record(conn)
    if seated_room(record, now) is not None:
        raise Refusal("leave_room_first", "leave the room before signing out")
    assert record.account is not None and record.secret_hash is not None
    device = record.secret_hash
    change_account(record.account, lambda account: account.remove_device(device, now), now)
    _forget_identity(conn, now)
    fanout.reply(conn, {"type": "signed_out"}, frame.rid)


def delete_account(frame: p.DeleteAccount, conn: str, now: float) -> None:
    """The account this device is signed in to is deleted for good: its name, stats, recent games and devices.
    The connection has no identity until it says hello again (as a new guest)."""
    _require_sign_in()
    record = _signed_in_record(conn)
    if seated_room(record, now) is not None:
        raise Refusal("leave_room_first", "leave the room before deleting your account")
    account = _change_own_account(record, lambda account: False, now)
    storage.delete_account(account.id)
    _forget_identity(conn, now)
    fanout.reply(conn, {"type": "account_deleted"}, frame.rid)


def signed_in_account(key: str | None, player_id: str, device: str, now: float) -> Account | None:
    """The account ``key`` if sign-in is on and the account still has this player and device, else None."""
    if key is None or settings().sign_in_client_id is None:
        return None
    account = storage.get_account(key, now)
    if account is None or account.player_id != player_id or device not in account.devices:
        return None
    return account


def _require_sign_in() -> None:
    if settings().sign_in_client_id is None:
        raise Refusal("sign_in_disabled", "this server has no sign-in: everyone plays as a guest")


def _verifier() -> TokenVerifier:
    """This instance's verifier of the configured issuer's ID tokens (``sign_in_disabled`` without a client ID)."""
    _require_sign_in()
    # Imported here: only signing in needs PyJWT and cryptography (every other frame's cold start skips them).
    from ..accounts import tokens

    config = settings()
    assert config.sign_in_client_id is not None
    return tokens.verifier_for(tokens.IssuerSettings.configured(config.sign_in_client_id, config.sign_in_issuer))


def _verified(verifier: TokenVerifier, credential: str, device: str) -> Identity:
    """The identity ``credential`` proves, if it was asked for by ``device`` (its nonce); a token that proves
    nothing is ``sign_in_refused`` with the verifier's code as ``reason``."""
    from ..accounts.tokens import TokenRefused

    try:
        return verifier.verify(credential, nonce=sign_in_nonce(device))
    except TokenRefused as refused:
        raise Refusal("sign_in_refused", refused.message, reason=refused.code) from None


def _signed_in_record(conn: str) -> storage.Connection:
    record = storage.get_connection(conn)
    if record.account is None or record.secret_hash is None:
        raise Refusal("not_signed_in", "this device is not signed in")
    return record


def _change_own_account(record: storage.Connection, operation: Callable[[Account], bool], now: float) -> Account:
    """``operation`` on the account this connection is signed in to, if the account still has this device."""
    assert record.account is not None

    def checked(account: Account) -> bool:
        if account.player_id != record.player_id or record.secret_hash not in account.devices:
            raise Refusal("not_signed_in", "this device is not signed in any more")
        return operation(account)

    account = change_account(record.account, checked, now)
    if account is None:
        raise Refusal("not_signed_in", "this device's account no longer exists")
    return account


def _update_seat(code: str, conn: str, account: Account, now: float) -> None:
    """The connection's member in room ``code`` plays for ``account`` now, under its name and face (as a resume
    does)."""
    def update(room: Room) -> list[Event]:
        member = room.member_by_conn(conn)
        if member is None or member.player_id != account.player_id or \
                (member.account, member.name, member.avatar) == (account.id, account.name, account.avatar or member.avatar):
            return []
        member.account = account.id
        return lobby.reconnect(room, member, conn, account.name, account.avatar)

    settle(change(code, update, now), now, requester=conn)


def _forget_identity(conn: str, now: float) -> None:
    storage.update_connection(conn, now, player_id=None, secret_hash=None, name=None, avatar=None, room=None,
                              account=None)
