"""Helpers of the gateway tests: the gateway with the recording handlers, a client, recorded events."""

from __future__ import annotations

import asyncio
from contextlib import asynccontextmanager
from typing import AsyncIterator

import aiohttp

from devserver.server import DevServer, ServerOptions
from tests.devserver import recording_handlers

HANDLERS = "tests.devserver.recording_handlers"
ROUTES = {
    "$connect": f"{HANDLERS}:connect",
    "$disconnect": f"{HANDLERS}:disconnect",
    "$default": f"{HANDLERS}:message",
    "ping": f"{HANDLERS}:ping",
}


@asynccontextmanager
async def gateway(**options: object) -> AsyncIterator[DevServer]:
    """The gateway on a free port with the recording handlers (no moto unless ``local_aws=True``)."""
    settings = {"port": 0, "routes": ROUTES, "local_aws": False, "timer_handler": f"{HANDLERS}:timer"}
    settings.update(options)
    async with DevServer(ServerOptions(**settings)) as server:
        yield server


@asynccontextmanager
async def client(server: DevServer, query: str = "") -> AsyncIterator[aiohttp.ClientWebSocketResponse]:
    """One WebSocket client of ``server``."""
    async with aiohttp.ClientSession() as session:
        async with session.ws_connect(f"ws://127.0.0.1:{server.port}/ws{query}") as socket:
            yield socket


async def recorded(kind: str) -> dict:
    """Wait (in a thread, so the gateway keeps running) for the handlers' next event of ``kind``."""
    return await asyncio.to_thread(recording_handlers.next_event, kind)
