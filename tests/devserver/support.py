"""Helpers of the gateway tests: the gateway with the recording handlers, a client, recorded events."""

from __future__ import annotations

import asyncio
import html
import re
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


async def submit_sign_in(session: aiohttp.ClientSession, base: str, **form: str) -> tuple[int, str]:
    """Open the local issuer's sign-in page for ``form``'s ``client_id`` and ``nonce`` and submit its form with
    ``form`` (a user's ``name``), as a browser does; the answer's status and page."""
    query = {field: form[field] for field in ("client_id", "nonce") if field in form}
    async with session.get(f"{base}/oidc/authorize", params=query) as response:
        page = await response.text()
    token = re.search(r'name="form_token" value="([^"]*)"', page)
    assert token, page
    signed = {**form, "form_token": html.unescape(token.group(1))}
    async with session.post(f"{base}/oidc/authorize", data=signed) as response:
        return response.status, await response.text()
