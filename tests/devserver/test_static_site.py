"""The site: built files, SPA fallback, config.json from the Host header, and a placeholder without a build."""

from __future__ import annotations

from pathlib import Path

import aiohttp
import pytest

from devserver.oidc import LOCAL_CLIENT_ID
from tests.devserver.support import gateway


@pytest.fixture
def site(tmp_path: Path) -> Path:
    (tmp_path / "assets").mkdir()
    (tmp_path / "index.html").write_text("<!doctype html><title>app</title>")
    (tmp_path / "assets" / "app.js").write_text("console.log('app')")
    (tmp_path.parent / "secret.txt").write_text("outside the site")
    return tmp_path


async def _get(url: str, **headers: str) -> tuple[int, str, str]:
    async with aiohttp.ClientSession() as session, session.get(url, headers=headers) as response:
        return response.status, response.content_type, await response.text()


async def test_files_are_served_and_app_routes_fall_back_to_index(site: Path) -> None:
    async with gateway(site_dir=site) as server:
        base = f"http://127.0.0.1:{server.port}"
        assert await _get(f"{base}/") == (200, "text/html", "<!doctype html><title>app</title>")
        assert (await _get(f"{base}/assets/app.js"))[2] == "console.log('app')"
        assert (await _get(f"{base}/room/4821"))[2] == "<!doctype html><title>app</title>"


async def test_paths_cannot_leave_the_site(site: Path) -> None:
    async with gateway(site_dir=site) as server:
        for path in ("/%2e%2e/secret.txt", "/assets/%2e%2e/%2e%2e/secret.txt"):
            status, _, text = await _get(f"http://127.0.0.1:{server.port}{path}")
            assert "outside the site" not in text
            assert status in (200, 404) and (status == 404 or text.startswith("<!doctype html>"))


async def test_config_names_the_websocket_at_the_host_the_browser_used_and_the_local_sign_in(site: Path) -> None:
    sign_in = {"clientId": LOCAL_CLIENT_ID, "script": "/oidc/gsi/client"}
    async with gateway(site_dir=site) as server, aiohttp.ClientSession() as session:
        url = f"http://127.0.0.1:{server.port}/config.json"
        async with session.get(url) as response:
            assert await response.json() == {"websocketUrl": f"ws://127.0.0.1:{server.port}/ws", "signIn": sign_in}
        async with session.get(url, headers={"Host": "192.168.1.20:8000"}) as response:
            assert await response.json() == {"websocketUrl": "ws://192.168.1.20:8000/ws", "signIn": sign_in}


async def test_without_a_built_site_a_placeholder_says_how_to_build_it(tmp_path: Path) -> None:
    async with gateway(site_dir=tmp_path / "missing") as server:
        status, content_type, text = await _get(f"http://127.0.0.1:{server.port}/")
    assert status == 503 and content_type == "text/html"
    assert "make frontend" in text and f"ws://127.0.0.1:{server.port}/ws" in text


async def test_robots_txt_is_the_built_file_not_the_spa() -> None:
    """`frontend/public/robots.txt` is copied into the build: the local server (as S3 behind CloudFront) serves it."""
    built = Path(__file__).resolve().parents[2] / "frontend" / "dist"
    if not (built / "robots.txt").is_file():
        pytest.skip("the site is not built (`make frontend`)")
    async with gateway(site_dir=built) as server:
        status, content_type, text = await _get(f"http://127.0.0.1:{server.port}/robots.txt")
    assert (status, content_type) == (200, "text/plain")
    assert text.startswith("User-agent: *")


async def test_text_is_gzipped_as_cloudfront_does_and_a_revalidation_keeps_the_connection(site: Path) -> None:
    """A browser that accepts gzip gets the page and scripts compressed (infra/site.py: ``compress=True``); a
    304 answers a revalidation with no body, and the same connection serves the next request."""
    (site / "icon.png").write_bytes(b"\x89PNG not text")
    async with gateway(site_dir=site) as server, aiohttp.ClientSession() as session:
        base = f"http://127.0.0.1:{server.port}"
        for path, encoding in (("/", "gzip"), ("/assets/app.js", "gzip"), ("/icon.png", None)):
            async with session.get(base + path, headers={"Accept-Encoding": "gzip"}) as response:
                assert response.headers.get("Content-Encoding") == encoding, path
                etag = response.headers["ETag"]
                await response.read()
            async with session.get(base + path, headers={"Accept-Encoding": "gzip", "If-None-Match": etag}) as again:
                assert again.status == 304 and await again.read() == b"", path
        async with session.get(base + "/assets/app.js") as after:  # the connection the 304s left behind
            assert await after.text() == "console.log('app')"
