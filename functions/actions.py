"""The use cases: one function per client action (docs/protocol.md, "Client frames"), a closed connection and a
timer message.

Each validates what needs a read (identity, throttles), hands a pure room operation to the unit of work
(``unit_of_work.change_room``), then tells everyone concerned what changed (``settle``: metrics, every member's
view, connections found gone, the sender's fresh room after ``stale`` or ``conflict``). ``dispatch`` maps a
parsed frame to its action; ``functions/gateway.py`` calls these from the Lambda events.

A frame about a room from a connection that is not its member gets ``not_in_room`` whether the room exists or
not, and costs a failed join (``functions/throttle.py``), so no frame tells a stranger which codes are live.
"""

from __future__ import annotations

import functools
import hmac
import random
from collections.abc import Callable, Collection, Iterator
from typing import TYPE_CHECKING, Any

from botocore.exceptions import BotoCoreError, ClientError

from . import fanout, protocol as p, stamps, storage, throttle, timers
from .accounts.account import Account, FinishedGame, account_id, sign_in_nonce
from .identity import hash_secret, new_identity
from .observability import count, logger
from .refusal import Refusal
from .room import autoplay, lobby, play
from .room.model import Member, Room
from .room.turns import Event
from .room.view import room_view
from .settings import settings
from .unit_of_work import (
    MAX_ATTEMPTS, Change, Operation, change_account, change_room, cpu_delay, create_account, create_room,
)

if TYPE_CHECKING:
    from .accounts.tokens import Identity, TokenVerifier

#: Refusals whose sender's screen is behind the room: it gets the room as it is (before the error frame).
RESYNC = frozenset({"stale", "conflict"})
#: Writes a timer message tries before it is put back: more than a frame's (nobody waits on a spinner for it), its
#: pauses capped (unit_of_work.MAX_RETRY_PAUSE): at most about 1.3 s in all.
TIMER_ATTEMPTS = 10
#: Room codes have 4 digits, then 6, then 8: a length is left when ``TRIES_PER_LENGTH`` random codes of it in a
#: row are taken — the 4-digit codes are crowded (with half of them taken, one new room in 16 gets 6 digits).
CODE_LENGTHS = (4, 6, 8)
TRIES_PER_LENGTH = 4
CREATING = "new"  # a connection's ``room`` while it creates one (never a code: codes are digits)


def _game_seed(room: Room) -> int:
    """The seed of the game about to be dealt in ``room``: the system's randomness, or, with the test-only setting
    ``DECKROOM_SEED``, one made from (that seed, the room's code, the game's number), so a room deals the same
    games whatever other rooms the server dealt before."""
    seed = settings().seed
    if seed is None:
        return random.SystemRandom().getrandbits(63)
    return random.Random(f"{seed}:{room.code}:{room.games_started + 1}").getrandbits(63)


def ping(frame: p.Ping, conn: str, now: float) -> None:
    """``pong``; first the room again if the sender's newest frame of it is older than the room."""
    if frame.room is not None and frame.version is not None:
        room = storage.get_room(frame.room, now)
        member = room.member_by_conn(conn) if room else None
        if room is not None and member is not None and room.version > frame.version:
            fanout.post(conn, room_view(room, member, now, []))
    fanout.post(conn, _with_rid({"type": "pong", "now": now}, frame.rid))


def hello(frame: p.Hello, conn: str, now: float) -> None:
    """A new guest gets an identity; a returning one gets their seat back if ``room`` still has them. A device that
    names the ``account`` it signed in to is signed in again if the account still counts it among its devices
    (its name is then the account's); otherwise it returns as a guest, and its welcome names no account."""
    _release_other_seat(conn, frame.player_id, frame.room, now)
    if frame.player_id is None:
        player_id, secret = new_identity()
        storage.update_connection(conn, now, player_id=player_id, secret_hash=hash_secret(secret),
                                  name=frame.name, room=None, account=None)
        fanout.post(conn, _with_rid({"type": "welcome", "player_id": player_id, "secret": secret,
                                     "name": frame.name, "room": None}, frame.rid))
        return
    assert frame.secret is not None
    secret_hash = hash_secret(frame.secret)
    account = _signed_in_account(frame.account, frame.player_id, secret_hash, now)
    name = account.name if account is not None else frame.name
    welcome = {"type": "welcome", "player_id": frame.player_id, "name": name, "room": None,
               **({"account": account.id} if account is not None else {})}
    account_key = account.id if account is not None else None

    def rebind(room: Room) -> list[Event]:
        member = room.member_by_player(frame.player_id or "")
        if member is None:
            return []
        if not _owns_seat(member, secret_hash, account_key, account.devices if account is not None else ()):
            raise Refusal("bad_credentials", "this player id and secret do not match")
        if account_key is not None:
            member.account = account_key
        return lobby.reconnect(room, member, conn, name)

    if frame.room is not None:
        try:
            change = _change(frame.room, rebind, now)
        except Refusal as refusal:
            if refusal.code != "room_not_found":
                raise
        else:
            member = change.room.member_by_conn(conn) if change.refusal is None else None
            if member is not None:
                storage.update_connection(conn, now, player_id=frame.player_id, secret_hash=secret_hash,
                                          name=member.name, room=change.room.code, account=account_key)
                fanout.post(conn, _with_rid({**welcome, "name": member.name, "room": change.room.code}, frame.rid))
            settle(change, now, rid=frame.rid, requester=conn)
            if member is not None:
                return
    storage.update_connection(conn, now, player_id=frame.player_id, secret_hash=secret_hash,
                              name=name, room=None, account=account_key)
    fanout.post(conn, _with_rid(welcome, frame.rid))


def create(frame: p.Create, conn: str, now: float) -> None:
    """A new room with a free code, hosted by the sender; creations are limited per address and per player."""
    record = _identified(conn, now)

    def new(code: str) -> tuple[Room, list[Event]]:
        room = lobby.new_room(code, _member(record, now), mode=frame.mode, cpu_level=frame.cpu_level)
        return room, [{"code": "member_joined", "member": room.host, "name": record.name, "spectator": False}]

    ticket = throttle.take(throttle.CREATES, record.player_id, now)
    try:
        _claim(conn, CREATING, record.room, now)
        change = create_room(new, _free_codes(), now)
    except Refusal as refusal:
        throttle.give_back(ticket)
        if refusal.code != "already_in_room":
            _claim(conn, None, CREATING, now)
        raise
    storage.update_connection(conn, now, room=change.room.code)
    settle(change, now, rid=frame.rid, requester=conn)


def join(frame: p.Join, conn: str, now: float) -> None:
    """Join room ``code`` (or take one's seat back in it). Every join is counted against the sender's address and
    player before the room is looked up, and given back when it succeeds: only failed joins use the limit up."""
    record = _identified(conn, now)
    ticket = throttle.take(throttle.JOINS, record.player_id, now)
    try:
        _claim(conn, frame.code, record.room, now)
    except Refusal:
        throttle.give_back(ticket)
        raise

    def enter(room: Room) -> list[Event]:
        member = room.member_by_player(record.player_id or "")
        if member is None:
            return lobby.join(room, _member(record, now))
        if not _owns_seat(member, record.secret_hash, record.account):
            raise Refusal("bad_credentials", "this player id and secret do not match")
        if record.account is not None:
            member.account = record.account
        return lobby.reconnect(room, member, conn)

    try:
        change = _change(frame.code, enter, now)
    except Refusal:  # room_not_found: a failed join
        _claim(conn, None, frame.code, now)
        raise
    if change.refusal is None or change.refusal.code == "conflict":  # joined, or the server's failure
        throttle.give_back(ticket)
    if change.refusal is not None:
        _claim(conn, None, frame.code, now)
    settle(change, now, rid=frame.rid, requester=conn)


def leave(frame: p.Leave, conn: str, now: float) -> None:
    """The sender leaves the room; its creator leaving as the last person in gives the room back to their limit."""
    leaver: list[Member] = []

    def go(room: Room, me: Member) -> list[Event]:
        leaver[:] = [me]
        return lobby.leave(room, me)

    change = _member_change(frame.room, conn, now, go)
    settle(change, now)
    storage.update_connection(conn, now, room=None)
    (me,) = leaver
    if not change.room.humans and me.id == lobby.CREATOR and me.player_id is not None:
        throttle.give_back_room(me.player_id, me.joined_at, now)
    fanout.post(conn, _with_rid({"type": "left", "room": frame.room}, frame.rid))


def remove_member(frame: p.RemoveMember, conn: str, now: float) -> None:
    """The host removes a person; the removed person's phone is told why (``removed``), not the others'."""
    target_conn: list[str | None] = [None]

    def remove(room: Room, me: Member) -> list[Event]:
        target = room.member(frame.member)
        target_conn[0] = target.conn if target is not None else None
        return lobby.remove_member(room, me, frame.member)

    _act(frame, conn, now, remove)
    if target_conn[0] is not None:
        fanout.post(target_conn[0], {"type": "removed", "room": frame.room, "reason": frame.reason})


def move(frame: p.Move, conn: str, now: float) -> None:
    _act(frame, conn, now, lambda room, me: play.move(room, me, frame.move, frame.version, now))


def _simple(operation: Callable[[Any, Room, Member, float], list[Event]]) -> Callable[..., None]:
    """An action that is one room operation of the acting member."""
    def action(frame: Any, conn: str, now: float) -> None:
        _act(frame, conn, now, lambda room, me: operation(frame, room, me, now))
    return action


ACTIONS: dict[type[p.Frame], Callable[..., None]] = {
    p.Ping: ping,
    p.Hello: hello,
    p.Create: create,
    p.Join: join,
    p.Leave: leave,
    p.Move: move,
    p.SetSettings: _simple(lambda f, room, me, now: lobby.set_settings(room, me, f.mode, f.cpu_level, f.turn_timer)),
    p.SelectGame: _simple(lambda f, room, me, now: lobby.select_game(room, me, f.game)),
    p.Vote: _simple(lambda f, room, me, now: lobby.vote(room, me, f.game)),
    p.SetOptions: _simple(lambda f, room, me, now: lobby.set_options(room, me, f.game, f.preset, f.options)),
    p.AddCpu: _simple(lambda f, room, me, now: lobby.add_cpu(room, me)),
    p.RemoveCpu: _simple(lambda f, room, me, now: lobby.remove_cpu(room, me, f.seat)),
    p.Start: _simple(lambda f, room, me, now: play.start(room, me, f.game, _game_seed(room), now)),
    p.Rematch: _simple(lambda f, room, me, now: play.rematch(room, me, _game_seed(room), now)),
    p.ToLobby: _simple(lambda f, room, me, now: play.to_lobby(room, me)),
    p.RemoveMember: remove_member,
    p.SetOpen: _simple(lambda f, room, me, now: lobby.set_open(room, me, f.open)),
    p.Back: _simple(lambda f, room, me, now: lobby.back(room, me)),
}


def dispatch(frame: p.Frame, conn: str, now: float) -> None:
    """Carry out ``frame`` for connection ``conn``; raises ``Refusal`` when it is refused."""
    ACTIONS[type(frame)](frame, conn, now)


def disconnect(conn: str, now: float) -> None:
    """The connection closed: its member is disconnected (the stand-in grace starts), its record forgotten."""
    record = storage.get_connection(conn)
    if record.room is not None:
        try:
            settle(_change(record.room, lambda room: lobby.disconnect(room, conn, now), now), now)
        except Refusal as refusal:  # the room is gone: nothing to tell anyone
            logger.info("disconnect without room", extra={"code": refusal.code})
    storage.delete_connection(conn)


def timer(message: timers.TimerMessage, now: float) -> None:
    """A timer message: apply what is due in its room, if its ``at`` is still the room's deadline.

    A duplicate or outdated message finds another deadline (or none) and changes nothing; one that arrives early
    (SQS delays are whole seconds, at most 15 minutes) is sent again for the rest of the wait, unless less than
    ``timers.SOON`` is left (``timers.schedule`` sent it at once). One that finds the
    room older than the write that scheduled it (the message goes out just before that write, which may land
    late) is put back for a short while, as is one that lost the write race ``TIMER_ATTEMPTS`` times: no CPU seat
    waits for SQS's visibility timeout (minutes) to be looked at again.
    """
    found = "nothing"
    decided: autoplay.Decisions = {}  # a lost write race does not make the CPUs think again

    def due_work(room: Room) -> list[Event]:
        nonlocal found
        if message.at not in autoplay.wakes(room):
            # ``room.version`` is already the version this change would store: the room as read is one older.
            unwritten = message.version is not None and room.version - 1 < message.version
            found = "unwritten" if unwritten else "nothing"
            return []
        if message.at > now + timers.SOON:
            found = "early"
            return []
        found = "due"
        # A deadline less than ``SOON`` away went out without a delay: it is due now.
        return autoplay.catch_up(room, max(now, message.at), cpu_delay=cpu_delay(), decided=decided)

    try:
        change = _change(message.room, due_work, now, catch_up=False, attempts=TIMER_ATTEMPTS)
    except Refusal as refusal:
        if refusal.code != "room_not_found":
            raise
        return
    if change.refusal is not None:  # ``conflict``: the room kept changing through every attempt
        found, change = "contended", Change(change.room, [], conflicts=change.conflicts)
    settle(change, now)
    if found == "early":
        timers.schedule(message.room, message.at, now)
    elif found in ("unwritten", "contended"):
        logger.info("timer put back", extra={"found": found, "at": message.at, "version": message.version,
                                             "put_backs": message.put_backs})
        if not timers.put_back(message):
            if found == "contended":  # SQS delivers it again after its visibility timeout, then parks it
                raise Refusal("conflict", "the room kept changing")
            logger.warning("timer dropped: the write that scheduled it never landed",
                           extra={"at": message.at, "version": message.version})


def settle(change: Change, now: float, *, rid: str | None = None, requester: str | None = None) -> None:
    """Tell everyone concerned what ``change`` did, then raise its refusal if it has one.

    Every connected member is posted their view of what was stored; ``rid`` goes to the ``requester`` only, and
    only when the request was carried out (a refused request's reply is its error frame). Members whose frame
    could not be delivered (410 Gone, or a post still failing after botocore's retries) are marked disconnected —
    a change of its own, whose fan-out skips them, and so on until every post is delivered — and their
    connections closed, so a phone that missed a frame reconnects and resumes with the whole room. A sender
    refused with ``stale`` or ``conflict`` gets the room as it is, once, before the error frame.
    """
    if change.conflicts:
        count("Conflicts", change.conflicts)
    _count_finished_games(change, now)
    refusal, room, events = change.refusal, change.room, change.events
    sender = room.member_by_conn(requester) if requester is not None else None
    sender_posted = False
    reply_rid = rid if refusal is None else None
    while events:
        _count(events)
        logger.debug("stored", extra={"code": room.code, "stored_version": room.version, "events": [
            [e["code"], e.get("seat"), e.get("move", {}).get("type")] for e in events]})
        gone = fanout.send_views(room, events, now, rid=reply_rid, requester=requester)
        sender_posted = sender_posted or (sender is not None and sender.conn not in gone)
        if not gone:
            break
        logger.info("connections gone", extra={"connections": gone})
        for conn in gone:
            fanout.close(conn)
        disconnected = change_room(room.code, lambda r: [e for c in gone for e in lobby.disconnect(r, c, now)],
                                   now, catch_up=False)
        room, events, reply_rid, sender = disconnected.room, disconnected.events, None, None
    if refusal is None:
        return
    if refusal.code in RESYNC and requester is not None and not sender_posted:
        member = change.room.member_by_conn(requester)
        if member is not None:
            fanout.post(requester, room_view(change.room, member, now, []))
    raise refusal


def actor(room: Room, connection_id: str) -> Member:
    """The member this connection speaks for; ``not_in_room`` if none (a seat is never taken from the frame)."""
    member = room.member_by_conn(connection_id)
    if member is None:
        raise Refusal("not_in_room", f"this connection is not in room {room.code}")
    return member


def _change(code: str, operation: Operation, now: float, *, catch_up: bool = True,
            attempts: int = MAX_ATTEMPTS) -> Change:
    logger.append_keys(room=code)
    return change_room(code, operation, now, catch_up=catch_up, attempts=attempts)


def _act(frame: Any, conn: str, now: float, operation: Callable[[Room, Member], list[Event]]) -> None:
    """The acting member's ``operation`` on the frame's room, settled with the frame's ``rid``. A person the
    stand-in plays for who acts is back (``lobby.present``)."""

    def act(room: Room, me: Member) -> list[Event]:
        events = operation(room, me)
        return events + lobby.present(me) if events else events

    settle(_member_change(frame.room, conn, now, act), now, rid=frame.rid, requester=conn)


def _member_change(code: str, conn: str, now: float, operation: Callable[[Room, Member], list[Event]]) -> Change:
    """The change ``operation`` makes as the member ``conn`` speaks for. A connection that is not a member gets
    ``not_in_room`` whether room ``code`` exists or not, at the cost of a failed join."""
    try:
        change = _change(code, lambda room: operation(room, actor(room, conn)), now)
    except Refusal as refusal:
        if refusal.code != "room_not_found":
            raise
        raise _stranger(conn, code, now) from None
    if change.refusal is not None and change.refusal.code == "not_in_room":
        change.refusal = _stranger(conn, code, now)
    return change


def _stranger(conn: str, code: str, now: float) -> Refusal:
    """The answer to a frame about room ``code`` from a connection that is not in it, counted as a failed join."""
    try:
        throttle.take(throttle.JOINS, storage.get_connection(conn).player_id, now)
    except Refusal as refusal:
        return refusal
    return Refusal("not_in_room", f"this connection is not in room {code}")


def _claim(conn: str, room: str | None, seen: str | None, now: float) -> None:
    """Put the connection in ``room`` (None: in none) if its record still says ``seen``: of two frames racing to
    put one connection in two rooms, one is refused ``already_in_room``."""
    try:
        storage.claim_room(conn, room, seen, now)
    except storage.RoomTaken:
        if room is not None:
            raise Refusal("already_in_room", "this connection is joining or creating another room") from None


def _count(events: list[Event]) -> None:
    for code, metric in (("moved", "Moves"), ("game_started", "GamesStarted"), ("game_over", "GamesFinished")):
        n = sum(e["code"] == code for e in events)
        if n:
            count(metric, n)


def _free_codes() -> Iterator[str]:
    """Random room codes to try: ``TRIES_PER_LENGTH`` of each of ``CODE_LENGTHS`` (the 4-digit ones among the
    first ``short_codes``: all 10 000 but in tests). With the test-only ``DECKROOM_SEED`` they are the same codes
    at every creation, so a room gets the first of them that is free: on an empty table, always the first."""
    seed = settings().seed
    codes = random.SystemRandom() if seed is None else random.Random(f"{seed}:codes")
    for length in CODE_LENGTHS:
        space = settings().short_codes if length == 4 else 10**length
        for _ in range(TRIES_PER_LENGTH):
            yield f"{codes.randrange(space):0{length}d}"


def _identified(conn: str, now: float) -> storage.Connection:
    """The sender's connection record, which must carry an identity and no room it is still in."""
    record = storage.get_connection(conn)
    if record.player_id is None:
        raise Refusal("no_identity", "send hello first")
    if _seated_room(record, now) is not None:
        raise Refusal("already_in_room", f"this connection is in room {record.room}; leave it first")
    return record


def _seated_room(record: storage.Connection, now: float) -> Room | None:
    """The room this connection is a member of (its record names it, and the room still has it), or None."""
    room = storage.get_room(record.room, now) if record.room is not None else None
    return room if room is not None and room.member_by_conn(record.id) is not None else None


def _release_other_seat(conn: str, player_id: str | None, room: str | None, now: float) -> None:
    """A connection is in at most one room. One that holds a seat and says hello as someone else (a new guest, or
    another player), or for another room or none, lets the seat go, as if that tab had closed: the member is
    disconnected (a stand-in plays after the grace) rather than left acting for one room while in another. The
    same player resuming the same room keeps it."""
    record = storage.get_connection(conn)
    if record.room is None or (player_id is not None and player_id == record.player_id and room == record.room):
        return
    try:
        settle(_change(record.room, lambda room: lobby.disconnect(room, conn, now), now), now)
    except Refusal:  # the room is gone: nothing to release
        pass


def _member(record: storage.Connection, now: float) -> Member:
    return Member(id="", name=record.name or "?", player_id=record.player_id, secret_hash=record.secret_hash,
                  conn=record.id, joined_at=now, account=record.account)


def _with_rid(frame: dict[str, Any], rid: str | None) -> dict[str, Any]:
    return frame if rid is None else {**frame, "rid": rid}


# --- accounts: signing in, the profile, signing out (docs/protocol.md, "Accounts") -----------------------------------


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
    seated = _seated_room(record, now)

    def add_device(account: Account) -> bool:
        if account.player_id != player_id and seated is not None:
            raise Refusal("leave_room_first", "this account has its own player: leave the room to sign in here")
        return account.add_device(device, now)

    for _ in range(2):  # the account exists, or is created here; or another device created it in between
        account = change_account(key, add_device, now)
        if account is not None:
            created = False
            break
        account = Account.new(key, player_id, record.name or "?", device=device, now=now)
        if create_account(account, now):
            created = True
            break
    else:
        raise Refusal("conflict", "the account kept changing; send it again")
    storage.update_connection(conn, now, player_id=account.player_id, name=account.name, account=key)
    fanout.post(conn, _with_rid({"type": "signed_in", "player_id": account.player_id, "account": key,
                                 "name": account.name, "new": created}, frame.rid))
    if seated is not None:
        _update_seat(seated.code, conn, account, now)


def profile(frame: p.Profile, conn: str, now: float) -> None:
    """The signed-in player's profile; ``name`` renames them first (the account, and their seat in their room)."""
    _require_sign_in()
    record = _signed_in_record(conn)

    def rename(account: Account) -> bool:
        if frame.name is None or frame.name == account.name:
            return False
        account.name = frame.name
        return True

    account = _change_own_account(record, rename, now)
    fanout.post(conn, _with_rid({"type": "profile", **account.view()}, frame.rid))
    if frame.name is not None:
        storage.update_connection(conn, now, name=account.name)
        seated = _seated_room(record, now)
        if seated is not None:
            _update_seat(seated.code, conn, account, now)


def sign_out(frame: p.SignOut, conn: str, now: float) -> None:
    """This device is signed out: the account forgets it, and the connection has no identity until it says hello
    again (as a new guest)."""
    _require_sign_in()
    record = _signed_in_record(conn)
    if _seated_room(record, now) is not None:
        raise Refusal("leave_room_first", "leave the room before signing out")
    assert record.account is not None and record.secret_hash is not None
    device = record.secret_hash
    change_account(record.account, lambda account: account.remove_device(device), now)
    _forget_identity(conn, now)
    fanout.post(conn, _with_rid({"type": "signed_out"}, frame.rid))


def delete_account(frame: p.DeleteAccount, conn: str, now: float) -> None:
    """The account this device is signed in to is deleted for good: its name, stats, recent games and devices.
    The connection has no identity until it says hello again (as a new guest)."""
    _require_sign_in()
    record = _signed_in_record(conn)
    if _seated_room(record, now) is not None:
        raise Refusal("leave_room_first", "leave the room before deleting your account")
    account = _change_own_account(record, lambda account: False, now)
    storage.delete_account(account.id)
    _forget_identity(conn, now)
    fanout.post(conn, _with_rid({"type": "account_deleted"}, frame.rid))


ACTIONS.update({p.SignIn: sign_in, p.Profile: profile, p.SignOut: sign_out, p.DeleteAccount: delete_account})


def _require_sign_in() -> None:
    if settings().sign_in_client_id is None:
        raise Refusal("sign_in_disabled", "this server has no sign-in: everyone plays as a guest")


def _verifier() -> TokenVerifier:
    """This instance's verifier of the configured issuer's ID tokens (``sign_in_disabled`` without a client ID)."""
    _require_sign_in()
    # Imported here: only signing in needs PyJWT and cryptography (every other frame's cold start skips them).
    from .accounts import tokens

    config = settings()
    assert config.sign_in_client_id is not None
    return tokens.verifier_for(tokens.IssuerSettings.configured(config.sign_in_client_id, config.sign_in_issuer))


def _verified(verifier: TokenVerifier, credential: str, device: str) -> Identity:
    """The identity ``credential`` proves, if it was asked for by ``device`` (its nonce); a token that proves
    nothing is ``sign_in_refused`` with the verifier's code as ``reason``."""
    from .accounts.tokens import TokenRefused

    try:
        return verifier.verify(credential, nonce=sign_in_nonce(device))
    except TokenRefused as refused:
        raise Refusal("sign_in_refused", refused.message, reason=refused.code) from None


def _signed_in_account(key: str | None, player_id: str, device: str, now: float) -> Account | None:
    """The account ``key`` if sign-in is on and the account still has this player and device, else None."""
    if key is None or settings().sign_in_client_id is None:
        return None
    account = storage.get_account(key, now)
    if account is None or account.player_id != player_id or device not in account.devices:
        return None
    return account


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
    """The connection's member in room ``code`` plays for ``account`` now, under its name (as a resume does)."""
    def update(room: Room) -> list[Event]:
        member = room.member_by_conn(conn)
        if member is None or member.player_id != account.player_id or \
                (member.account, member.name) == (account.id, account.name):
            return []
        member.account = account.id
        return lobby.reconnect(room, member, conn, account.name)

    settle(_change(code, update, now), now, requester=conn)


def _forget_identity(conn: str, now: float) -> None:
    storage.update_connection(conn, now, player_id=None, secret_hash=None, name=None, room=None, account=None)


def _owns_seat(member: Member, secret_hash: str | None, account: str | None, devices: Collection[str] = ()) -> bool:
    """Whether a device may take ``member``'s seat: a seat of an account's player, a device signed in to that
    account; a guest's seat, the guest's device (its secret), or a device of the account the guest has since
    become (``devices``: that account's devices, when known)."""
    if member.account is not None:
        return account == member.account
    if member.secret_hash is None:
        return False
    if secret_hash is not None and hmac.compare_digest(secret_hash, member.secret_hash):
        return True
    return account is not None and member.secret_hash in devices


def _count_finished_games(change: Change, now: float) -> None:
    """Count a game that ended in ``change`` in the account of each signed-in player seated in it: one read and one
    conditional write per such seat, before the frames go out (a player who sees the game over and opens their
    profile finds it counted). An account that cannot be written is logged; the change, already stored, is
    announced all the same."""
    room, record = change.room, change.room.game
    for event in change.events:
        if event["code"] != "game_over" or record is None:
            continue
        finished = FinishedGame(key=f"{room.code}:{record.number}:{record.seed}", room=room.code, game=record.id,
                                at=record.changed_at, players=len(record.seats))
        for member_id in record.seats:
            member = room.member(member_id)
            if member is None or member.account is None:
                continue
            won, player_id = member_id in event["winners"], member.player_id
            try:
                change_account(member.account,
                               lambda account: account.player_id == player_id and account.count(finished, won=won),
                               now)
            except (ClientError, BotoCoreError, Refusal) as err:
                logger.warning("profile not updated", extra={"error": str(err)})


# --- stamps (docs/protocol.md, ``stamp``) -------------------------------------------------------------------------


def stamp(frame: p.Stamp, conn: str, now: float) -> None:
    """A member's stamp, posted to every connected member of the room (the sender's copy with its ``rid``).

    One read — the room's members — and no write: a stamp is not part of the room, so it neither bumps its version
    nor races a move. A stranger is answered as for any room frame (``not_in_room``, a failed join); a member over
    the limit (``stamps.LIMITER``) gets ``too_many_stamps``. A post that fails is only logged: the member's next
    room change finds the connection gone.
    """
    logger.append_keys(room=frame.room)
    members = storage.get_members(frame.room, now) or []
    sender = next((member for member in members if member.conn == conn), None)
    if sender is None:
        raise _stranger(conn, frame.room, now)
    wait = stamps.LIMITER.admit(f"{frame.room}/{sender.id}", now)
    if wait is not None:
        raise Refusal("too_many_stamps", f"at most {stamps.ALLOWED} stamps in {stamps.WINDOW:g} seconds",
                      retry_after=wait)
    gone = fanout.broadcast([member.conn for member in members if member.conn is not None],
                            {"type": "stamp", "room": frame.room, "member": sender.id, "stamp": frame.stamp},
                            rid=frame.rid, requester=conn)
    if gone:
        logger.info("stamp not delivered", extra={"connections": gone})


ACTIONS[p.Stamp] = stamp
