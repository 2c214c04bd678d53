"""Raw WebSocket clients for the end-to-end reliability tests: a ``Phone`` sends frames (at the same instant as
others when asked) and matches the replies by ``rid``; it keeps every frame it received for later checks."""

from __future__ import annotations

import asyncio
import itertools
import json
from typing import Any

import aiohttp

_rids = itertools.count(1)


class Phone:
    """One socket. ``frames`` is everything received; ``room`` the newest room frame."""

    def __init__(self, session: aiohttp.ClientSession, url: str) -> None:
        self.session, self.url = session, url
        self.frames: list[dict[str, Any]] = []
        self.room: dict[str, Any] | None = None
        self.player_id: str | None = None
        self.secret: str | None = None
        self._replies: dict[str, asyncio.Future] = {}
        self._changed = asyncio.Event()
        self.socket: aiohttp.ClientWebSocketResponse | None = None
        self._reader: asyncio.Task | None = None

    async def open(self) -> Phone:
        self.socket = await self.session.ws_connect(self.url)
        self._reader = asyncio.ensure_future(self._read(self.socket))
        return self

    async def close(self) -> None:
        if self.socket is not None:
            await self.socket.close()
        if self._reader is not None:
            await asyncio.gather(self._reader, return_exceptions=True)

    @property
    def closed(self) -> bool:
        return self.socket is None or self.socket.closed

    async def _read(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        async for message in socket:
            if message.type is not aiohttp.WSMsgType.TEXT:
                continue
            frame = json.loads(message.data)
            self.frames.append(frame)
            if frame.get("type") == "room" and (self.room is None or frame["version"] >= self.room["version"]
                                                or frame["code"] != self.room["code"]):
                self.room = frame
            future = self._replies.pop(frame.get("rid"), None)
            if future is not None and not future.done():
                future.set_result(frame)
            self._changed.set()

    async def send(self, frame: dict[str, Any]) -> asyncio.Future:
        """Send ``frame`` with a fresh rid; the future resolves to the direct reply."""
        rid = f"t{next(_rids)}"
        future = asyncio.get_running_loop().create_future()
        self._replies[rid] = future
        assert self.socket is not None
        await self.socket.send_str(json.dumps({**frame, "rid": rid}))
        return future

    async def ask(self, frame: dict[str, Any], timeout: float = 30) -> dict[str, Any]:
        return await asyncio.wait_for(await self.send(frame), timeout)

    async def hello(self, name: str) -> Phone:
        welcome = await self.ask({"action": "hello", "name": name})
        self.player_id, self.secret = welcome["player_id"], welcome["secret"]
        return self

    async def wait_for(self, predicate, timeout: float = 30) -> dict[str, Any]:
        """The newest room frame once ``predicate(room)`` holds."""
        return await self._until(lambda: self.room if self.room is not None and predicate(self.room) else None,
                                 timeout)

    async def wait_for_frame(self, predicate, timeout: float = 30) -> dict[str, Any]:
        """The first frame received, before or after this call, for which ``predicate(frame)`` holds."""
        return await self._until(lambda: next((f for f in self.frames if predicate(f)), None), timeout)

    async def _until(self, found, timeout: float) -> dict[str, Any]:
        async def wait() -> dict[str, Any]:
            while True:
                self._changed.clear()
                frame = found()
                if frame is not None:
                    return frame
                await self._changed.wait()
        return await asyncio.wait_for(wait(), timeout)


async def at_once(*sends) -> list[dict[str, Any]]:
    """Send several frames at the same instant (all written before any reply is awaited); their replies."""
    futures = await asyncio.gather(*sends)
    return list(await asyncio.wait_for(asyncio.gather(*futures), 60))


async def phones(session: aiohttp.ClientSession, url: str, names: list[str]) -> list[Phone]:
    opened = [await Phone(session, url).open() for _ in names]
    await asyncio.gather(*(phone.hello(name) for phone, name in zip(opened, names)))
    return opened


async def room_of(session: aiohttp.ClientSession, url: str, names: list[str], game: str | None = None) -> tuple[str, list[Phone]]:
    """A room created by the first phone and joined by the others."""
    members = await phones(session, url, names)
    code = (await members[0].ask({"action": "create"}))["code"]
    for phone in members[1:]:
        assert (await phone.ask({"action": "join", "code": code}))["type"] == "room"
    if game is not None:
        await members[0].ask({"action": "select_game", "room": code, "game": game})
    return code, members
