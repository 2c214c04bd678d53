"""Settling a change: telling everyone concerned what a unit of work did to a room (``settle``).

Its metrics, the games it finished (counted in the players' accounts), every connected member's view of the room
(posted through ``functions/fanout.py``), the connections found gone, and the sender's fresh room after ``stale``
or ``conflict``.
"""

from __future__ import annotations

from botocore.exceptions import BotoCoreError, ClientError

from .. import fanout
from ..accounts.account import FinishedGame
from ..observability import count, logger
from ..refusal import Refusal
from ..room import lobby
from ..room.turns import Event
from ..room.view import room_view
from ..unit_of_work import Change, change_account, change_room

#: Refusals whose sender's screen is behind the room: it gets the room as it is (before the error frame).
RESYNC = frozenset({"stale", "conflict"})


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


def _count(events: list[Event]) -> None:
    for code, metric in (("moved", "Moves"), ("game_started", "GamesStarted"), ("game_over", "GamesFinished")):
        n = sum(e["code"] == code for e in events)
        if n:
            count(metric, n)


def _count_finished_games(change: Change, now: float) -> None:
    """Count a game that ended in ``change`` in the account of each signed-in player seated in it: one read and one
    conditional write per such seat, before the frames go out (a player who sees the game over and opens their
    profile finds it counted). An account that cannot be written is logged; the change, already stored, is
    announced all the same."""
    room, record = change.room, change.room.game
    for event in change.events:
        if event["code"] != "game_over" or record is None:
            continue
        for seat, member_id in enumerate(record.seats):
            member = room.member(member_id)
            if member is None or member.account is None:
                continue
            finished = FinishedGame(key=f"{room.code}:{record.number}:{record.seed}", room=room.code,
                                    room_key=room.key, number=record.number, seat=seat, game=record.id,
                                    at=record.changed_at, players=len(record.seats))
            won, player_id = member_id in event["winners"], member.player_id
            try:
                change_account(member.account,
                               lambda account: account.player_id == player_id and account.count(finished, won=won),
                               now)
            except (ClientError, BotoCoreError, Refusal) as err:
                logger.warning("profile not updated", extra={"error": str(err)})
