"""The site, as CloudFront serves it: the built SPA, ``/config.json``, and index.html for app routes.

``config.json`` is computed from the request's ``Host`` header, so a phone that reached the server by its LAN
address gets a WebSocket URL with that same address. With ``sign_in`` it also carries ``signIn`` (the client ID and
the sign-in script, docs/protocol.md "Accounts"), as the deployed one does with ``-c googleClientId``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from aiohttp import hdrs, web

#: Where `make frontend` writes the built site.
DEFAULT_SITE_DIR = Path(__file__).resolve().parent.parent / "frontend" / "dist"
WEBSOCKET_PATH = "/ws"

PLACEHOLDER = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Deckroom (no site built)</title></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 2em auto; line-height: 1.5">
<h1>Deckroom: the site is not built</h1>
<p>The local gateway is running (WebSocket at <code>{websocket_url}</code>), but there is no built site in
<code>{site_dir}</code>.</p>
<p>Build it with <code>make frontend</code> (or run <code>make dev</code>, which builds it), then reload.</p>
</body></html>
"""


def websocket_url(request: web.Request) -> str:
    """``ws://`` (or ``wss://`` behind TLS) + the host the browser used + the WebSocket path."""
    forwarded = request.headers.get("X-Forwarded-Proto", request.scheme)
    scheme = "wss" if forwarded == "https" else "ws"
    return f"{scheme}://{request.host}{WEBSOCKET_PATH}"


def site_routes(site_dir: Path, sign_in: Mapping[str, str] | None = None) -> list[web.RouteDef]:
    """``/config.json`` and every other ``GET`` path: a file of the site, else the SPA's index.html."""
    root = site_dir.resolve()

    async def config(request: web.Request) -> web.Response:
        body: dict[str, Any] = {"websocketUrl": websocket_url(request)}
        if sign_in is not None:
            body["signIn"] = dict(sign_in)
        return web.json_response(body, headers={"Cache-Control": "no-store"})

    async def site_file(request: web.Request) -> web.StreamResponse:
        index = root / "index.html"
        if not index.is_file():
            page = PLACEHOLDER.format(websocket_url=websocket_url(request), site_dir=root)
            return web.Response(text=page, content_type="text/html", status=503)
        wanted = _file_under(root, request.match_info["path"])
        if wanted is None:
            # An app route (/room/4821): the SPA routes it. index.html must never be cached stale.
            return _compressed(request, web.FileResponse(index, headers={"Cache-Control": "no-cache"}), index)
        return _compressed(request, web.FileResponse(wanted), wanted)

    return [web.get("/config.json", config), web.get("/{path:.*}", site_file)]


#: The files CloudFront compresses for a browser that accepts it (``compress=True``, infra/site.py): text, not the
#: PNG icons. A phone on the local gateway downloads what it would in production (``bench lighthouse`` too).
COMPRESSED = frozenset((".html", ".js", ".css", ".json", ".svg", ".webmanifest", ".txt", ".xml"))


#: Requests answered in full only when the file changed, or in part: aiohttp would gzip a 304's empty body (and
#: break the connection) or a range, so these are answered uncompressed.
UNCOMPRESSED_WHEN = (hdrs.IF_NONE_MATCH, hdrs.IF_MODIFIED_SINCE, hdrs.RANGE)


def _compressed(request: web.Request, response: web.FileResponse, path: Path) -> web.FileResponse:
    if path.suffix in COMPRESSED and not any(header in request.headers for header in UNCOMPRESSED_WHEN):
        response.enable_compression()
    return response


def _file_under(root: Path, relative: str) -> Path | None:
    """The file ``relative`` names inside ``root``, or None (missing, a directory, or outside ``root``)."""
    candidate = (root / relative.lstrip("/")).resolve()
    if candidate != root and root not in candidate.parents:
        return None
    if candidate.is_dir():
        candidate = candidate / "index.html"
    return candidate if candidate.is_file() else None
