"""One scripted player: a WebSocket, an identity, the latest room frame, and moves chosen by the CPU players.

The player speaks only the public protocol (docs/protocol.md). It decides with the same CPU code the server
uses for CPU seats, from the same view a phone gets, so it can never make a move a person could not.
"""

from __future__ import annotations

import asyncio
import itertools
import random
import time
from typing import Any, Callable

import aiohttp

from .checks import PlaytestFailure, parse_server_frame
from .latency import RoomLatency
from .report import Report

#: Refusals a move can get through no fault of the client: the room changed under it (docs/protocol.md).
EXPECTED_MOVE_REFUSALS = frozenset({"stale", "conflict"})
CONFLICT_RETRIES = 5

Chooser = Callable[[dict[str, Any], random.Random], "dict[str, Any] | None"]


class Player:
    """A simulated person at one seat of one room."""

    def __init__(
        self,
        *,
        session: aiohttp.ClientSession,
        url: str,
        name: str,
        index: int,
        choose: Chooser,
        rng: random.Random,
        report: Report,
        latency: RoomLatency,
        stall_timeout: float,
        forget_call: float = 0.0,
        reconnect_every: int = 0,
        ping_interval: float = 240.0,
        log: Callable[[str], None] = lambda line: None,
    ) -> None:
        self.name = name
        self.index = index
        self._session = session
        self._url = url
        self._choose = choose
        self._rng = rng
        self._report = report
        self._latency = latency
        self._stall_timeout = stall_timeout
        self._forget_call = forget_call
        self._reconnect_every = reconnect_every
        self._ping_interval = ping_interval
        self._log = log

        self.player_id: str | None = None
        self.secret: str | None = None
        self.room: dict[str, Any] | None = None  # the newest room frame
        self._socket: aiohttp.ClientWebSocketResponse | None = None
        self._reader: asyncio.Task | None = None
        self._pinger: asyncio.Task | None = None
        self._rids = (f"{name[:8]}-{n}" for n in itertools.count(1))
        self._sent_rids: set[str] = set()
        self._replies: dict[str, asyncio.Future] = {}
        self._moves: dict[str, float] = {}  # rid of a move in flight -> when it was sent
        self._move_made_on: dict[str, str] = {}  # rid of a move sent -> the move and the version it was made on
        self._changed = asyncio.Event()  # a room frame arrived, a move was refused, or the socket dropped
        self._dropped = False
        self._closing = False
        self._own_moves = 0
        self.failure: PlaytestFailure | None = None  # set by the reader; raised by the playing loop
        self._forget_decided_for: int | None = None  # the game whose first call was decided on
        self._forgetting = False

    # --- connection --------------------------------------------------------------------------------------

    async def connect(self) -> None:
        """Open the WebSocket and say hello as a new guest. A socket closed before the welcome came (a gateway's
        idle limit counts from the upgrade, and a busy client can be slower than a short one) is opened again and
        the hello sent again, as a phone does with a socket closed at any moment."""
        for _ in range(CONFLICT_RETRIES):
            await self._open()
            try:
                welcome = await self.request({"action": "hello", "name": self.name})
            except (OSError, PlaytestFailure):  # aiohttp's "closing transport" is an OSError
                closed = self._dropped or self._socket is None or self._socket.closed
                if self.failure is not None or not closed:  # a bad frame, a refusal: not a closed socket
                    raise
                self._report.reconnections += 1
                continue
            self.player_id, self.secret = welcome["player_id"], welcome["secret"]
            return
        raise PlaytestFailure(f"{self.name}: the socket closed before every hello's welcome ({CONFLICT_RETRIES} times)")

    async def _open(self) -> None:
        self._socket = await self._session.ws_connect(self._url, autoping=True)
        self._dropped = False
        self._reader = asyncio.ensure_future(self._read(self._socket))
        if self._pinger is None:
            self._pinger = asyncio.ensure_future(self._keep_alive())

    async def close(self) -> None:
        self._closing = True
        for task in (self._pinger, self._reader):
            if task is not None:
                task.cancel()
        if self._socket is not None:
            await self._socket.close()

    async def resume(self) -> None:
        """Reconnect and take the seat back (``hello`` with the stored identity and the room)."""
        self._report.reconnections += 1
        self._latency.abandon(self.index)
        self._moves.clear()  # a move in flight may or may not have been applied: the next room frame tells
        if self._socket is not None and not self._socket.closed:
            await self._socket.close()
        await self._open()
        code = self.room["code"] if self.room else None
        hello = {"action": "hello", "player_id": self.player_id, "secret": self.secret, "room": code}
        for _ in range(CONFLICT_RETRIES):
            welcome = await self.request(hello, allowed_errors=frozenset({"conflict"}))
            if welcome["type"] != "error":
                break
            self._report.moves_refused["conflict"] += 1  # protocol.md: "send it again"
        else:
            raise PlaytestFailure(f"{self.name}: hello kept getting conflict ({CONFLICT_RETRIES} times)")
        if welcome["room"] != code:
            raise PlaytestFailure(f"{self.name}: resuming room {code} gave welcome with room {welcome['room']}")
        self._log(f"{self.name} reconnected to room {code}")

    async def _keep_alive(self) -> None:
        while True:
            await asyncio.sleep(self._ping_interval)
            if self._socket is not None and not self._socket.closed:
                await self._send({"action": "ping", "rid": self._new_rid()})

    # --- frames ------------------------------------------------------------------------------------------

    def _new_rid(self) -> str:
        rid = next(self._rids)
        self._sent_rids.add(rid)
        return rid

    async def _send(self, frame: dict[str, Any]) -> None:
        assert self._socket is not None
        await self._socket.send_json(frame)

    async def request(self, frame: dict[str, Any], *, allowed_errors: frozenset[str] = frozenset()) -> dict:
        """Send ``frame`` with a fresh rid and return the direct reply (an allowed ``error`` included)."""
        rid = self._new_rid()
        reply_future: asyncio.Future = asyncio.get_running_loop().create_future()
        self._replies[rid] = reply_future
        await self._send({**frame, "rid": rid})
        try:
            reply = await asyncio.wait_for(reply_future, self._stall_timeout)
        except asyncio.TimeoutError:
            raise PlaytestFailure(f"{self.name}: no reply to {frame['action']} in {self._stall_timeout}s") from None
        finally:
            self._replies.pop(rid, None)
        if reply["type"] == "error" and reply["code"] not in allowed_errors:
            raise PlaytestFailure(f"{self.name}: {frame['action']} refused: {reply['code']} ({reply['message']})")
        return reply

    async def _read(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        try:
            async for message in socket:
                if message.type is aiohttp.WSMsgType.TEXT:
                    self._receive(parse_server_frame(message.data, sent_rids=self._sent_rids))
        except PlaytestFailure as failure:
            self._fail(failure)
        finally:
            if not self._closing and socket is self._socket:
                self._dropped = True
                self._fail_pending_requests(PlaytestFailure(f"{self.name}: connection closed mid-request"))
                self._changed.set()

    def _receive(self, frame: dict[str, Any]) -> None:
        rid = frame.get("rid")
        if frame["type"] == "room":
            self._on_room(frame)
        elif frame["type"] == "error" and rid in self._moves:
            self._on_move_refused(rid, frame)
        if rid in self._replies and not self._replies[rid].done():
            self._replies[rid].set_result(frame)

    def _on_room(self, frame: dict[str, Any]) -> None:
        arrived = time.perf_counter()
        # The reply to a move ends it even when a newer change overtook it: a move left "in flight" for ever would
        # keep this player from acting again (a stall with its seat connected and no deadline).
        sent = self._moves.pop(frame.get("rid"), None)
        if self.index == 0:
            # Every change's frame is counted, one that arrives late too: its events happened all the same.
            self._count_events(frame["events"])
        if self.room is not None and frame["code"] == self.room["code"] and frame["version"] < self.room["version"]:
            self._changed.set()
            return  # a frame of an older change that arrived late: ignore it (docs/protocol.md)
        previous, self.room = self.room, frame
        self._latency.arrived(self.index, version=frame["version"], at=arrived)
        if sent is not None:
            self._latency.moved(version=frame["version"], sent=sent)
        if self.index == 0:
            self._measure_timer_lag(previous, frame)
        self._changed.set()

    def _on_move_refused(self, rid: str, frame: dict[str, Any]) -> None:
        del self._moves[rid]
        if frame["code"] not in EXPECTED_MOVE_REFUSALS:
            self._fail(PlaytestFailure(f"{self.name}: move refused: {frame['code']} {frame.get('reason')} "
                                       f"({self._move_made_on.get(rid)})"))
        self._report.moves_refused[frame["code"]] += 1
        self._changed.set()

    def _count_events(self, events: list[dict[str, Any]]) -> None:
        for event in events:
            by = event.get("by")
            self._report.events[f"{event['code']}:{by}" if by else event["code"]] += 1

    def _measure_timer_lag(self, previous: dict[str, Any] | None, frame: dict[str, Any]) -> None:
        """How late the server acted on its own deadline (a CPU move, a rule deadline), in server time."""
        deadline = (previous or {}).get("game") and previous["game"].get("deadline")
        if not deadline or previous["code"] != frame["code"]:
            return
        by_server = any(e["code"] == "deadline" or e.get("by") in ("cpu", "standin") for e in frame["events"])
        if by_server:
            self._report.timer_lags.append(frame["now"] - deadline["at"])

    def _fail(self, failure: PlaytestFailure) -> None:
        self._fail_pending_requests(failure)
        self.failure = failure
        self._changed.set()

    def _fail_pending_requests(self, failure: PlaytestFailure) -> None:
        for future in self._replies.values():
            if not future.done():
                future.set_exception(failure)

    # --- playing -----------------------------------------------------------------------------------------

    async def play_game(self, number: int) -> None:
        """Play game ``number`` of the room to its end: decide on every new room frame, move when the CPU
        logic says so, resume after a dropped connection, and fail on a stall."""
        acted_on: dict[str, Any] | None = None
        while True:
            # Cleared before looking, so a frame that arrives while this loop acts (awaits) wakes it again.
            self._changed.clear()
            if self.failure is not None:
                raise self.failure
            if self._dropped:
                await self.resume()
                continue
            room = self.room
            if room is None:
                raise PlaytestFailure(f"{self.name}: playing without a room")
            game = room["game"]
            if room["phase"] == "finished" and game["number"] == number:
                return
            if room is not acted_on and not self._moves:
                acted_on = room
                if self._reconnect_every and self._own_moves >= self._reconnect_every:
                    self._own_moves = 0
                    await self.resume()
                    continue
                move = self._decide(room, number)
                if move is not None:
                    await self._send_move(room, move)
            try:
                await asyncio.wait_for(self._changed.wait(), self._stall_timeout)
            except asyncio.TimeoutError:
                raise PlaytestFailure(self._stall_description(room)) from None

    def _decide(self, room: dict[str, Any], number: int) -> dict[str, Any] | None:
        game = room["game"]
        if room["phase"] != "playing" or game["number"] != number or room["you"]["seat"] is None:
            return None
        view = game["view"]
        if not view.get("legal"):
            return None
        if self._forgets_call(view, number):
            me = next(p for p in view["players"] if p["seat"] == view["seat"])
            if me.get("uncalled") and me.get("deadline") is not None:
                return None  # the timed call: wait for the server's deadline and its penalty
            view = {**view, "legal": [move for move in view["legal"] if move.get("type") != "declare"]}
        return self._choose(view, self._rng)

    def _forgets_call(self, view: dict[str, Any], number: int) -> bool:
        """Whether this player leaves out its first last-card call of game ``number`` (``forget_call`` is the
        chance). The lapse lasts until the chance is over: the call is no longer possible."""
        can_call = any(move.get("type") == "declare" for move in view["legal"])
        if can_call and self._forget_decided_for != number:
            self._forget_decided_for = number
            self._forgetting = self._rng.random() < self._forget_call
            self._report.calls_forgotten += self._forgetting
        elif not can_call:
            self._forgetting = False
        return self._forgetting

    async def _send_move(self, room: dict[str, Any], move: dict[str, Any]) -> None:
        rid = self._new_rid()
        self._moves[rid] = time.perf_counter()
        self._move_made_on[rid] = f"{move} on room {room['code']} v{room['version']}, current {room['game'].get('current')}"
        self._own_moves += 1
        self._report.moves_sent += 1
        self._log(f"room {room['code']} v{room['version']}: {self.name} {move}")
        await self._send({"action": "move", "room": room["code"], "version": room["version"], "move": move,
                          "rid": rid})

    def _stall_description(self, room: dict[str, Any]) -> str:
        game = room.get("game") or {}
        return (
            f"stalled: no change in room {room['code']} for {self._stall_timeout}s "
            f"(phase {room['phase']}, version {room['version']}, current {game.get('current')}, "
            f"deadline {game.get('deadline')}, seen by {self.name})"
        )
