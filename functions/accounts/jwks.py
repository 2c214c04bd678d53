"""An issuer's signing keys (its JWK Set), fetched over HTTPS and kept as long as the response's Cache-Control allows.

One :class:`SigningKeys` lives per Lambda instance and issuer. It fetches the set on first use, again once the
response's ``max-age`` (less its ``Age``) has passed, and once more when a token names a key id the set lacks (an
issuer publishes a new key before signing with it, so an unknown ``kid`` usually means our copy is old). That
forced refresh happens at most once per :data:`UNKNOWN_KID_COOLDOWN_SECONDS`, so a client sending made-up key ids
cannot make the functions fetch on every frame. If a refresh fails, the keys already held stay in use for up to
:data:`STALE_IF_ERROR_SECONDS`: the issuer's keys outlive its outages, and signing in should too.

Fetching uses the standard library only (``urllib``); plain ``http`` is refused except on this machine's
loopback, where ``make dev`` serves its local issuer.

>>> freshness("public, max-age=21600, must-revalidate, no-transform", age=None)
21600.0
>>> freshness("max-age=300", age="100"), freshness("no-store, max-age=300", age=None), freshness(None, age=None)
(200.0, 0.0, 0.0)
"""

from __future__ import annotations

import ipaddress
import json
import logging
import os
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from jwt import PyJWK, PyJWKSet, PyJWTError

# A child of the Powertools logger of the service (functions/observability.py), so its records come out as the
# handlers' structured JSON in Lambda; and this package imports nothing but the standard library and PyJWT.
logger = logging.getLogger(os.environ.get("POWERTOOLS_SERVICE_NAME", "deckroom") + ".accounts")

FETCH_TIMEOUT_SECONDS = 3.0
"""A sign-in frame waits for this fetch; API Gateway gives the whole frame 29 s."""

MAX_DOCUMENT_BYTES = 256 * 1024
"""Google's key set is about 2 KB; anything past this is not a key set."""

MAX_LIFETIME_SECONDS = 24 * 3600.0
"""However long an issuer says its keys may be kept, they are fetched again after a day."""

UNKNOWN_KID_COOLDOWN_SECONDS = 60.0
STALE_IF_ERROR_SECONDS = 6 * 3600.0
RETRY_AFTER_FAILURE_SECONDS = 10.0
"""After a failed refresh, how long the (stale) keys are used before the next attempt."""

DISCOVERY_PATH = "/.well-known/openid-configuration"


class KeysUnavailable(Exception):
    """The issuer's keys (or its discovery document) could not be fetched, and none are held."""


@dataclass(frozen=True)
class Fetched:
    """A JSON document and how many seconds it may be reused."""

    document: dict[str, Any]
    max_age: float


Fetch = Callable[[str], Fetched]
"""Fetches a JSON object from a URL; raises :class:`KeysUnavailable` when it cannot."""


def freshness(cache_control: str | None, *, age: str | None) -> float:
    """Seconds a response may still be reused, from its ``Cache-Control`` and ``Age`` headers (0: not at all)."""
    directives: dict[str, str] = {}
    for part in (cache_control or "").split(","):
        name, _, value = part.strip().partition("=")
        directives[name.strip().lower()] = value.strip().strip('"')
    if "no-store" in directives or "no-cache" in directives:
        return 0.0
    try:
        max_age = float(directives["max-age"])
        already = float(age) if age else 0.0
    except (KeyError, ValueError):
        return 0.0
    return min(max(max_age - already, 0.0), MAX_LIFETIME_SECONDS)


def fetch_json(url: str) -> Fetched:
    """GET ``url`` over HTTPS (plain HTTP only on loopback) and parse the JSON object it returns."""
    if not _allowed(url):
        raise KeysUnavailable(f"refusing to fetch {url}: only https (or http on loopback) is allowed")
    request = urllib.request.Request(url, headers={"Accept": "application/json", "User-Agent": "deckroom"})
    try:
        with _OPENER.open(request, timeout=FETCH_TIMEOUT_SECONDS) as response:
            body = response.read(MAX_DOCUMENT_BYTES + 1)
            headers = response.headers
    except (urllib.error.URLError, OSError, ValueError) as err:  # HTTPError is a URLError; timeouts are OSErrors
        raise KeysUnavailable(f"{url}: {err}") from err
    if len(body) > MAX_DOCUMENT_BYTES:
        raise KeysUnavailable(f"{url}: more than {MAX_DOCUMENT_BYTES} bytes")
    try:
        document = json.loads(body)
    except ValueError as err:
        raise KeysUnavailable(f"{url}: not JSON") from err
    if not isinstance(document, dict):
        raise KeysUnavailable(f"{url}: not a JSON object")
    return Fetched(document, freshness(headers.get("Cache-Control"), age=headers.get("Age")))


def discover_jwks_url(issuer: str, fetch: Fetch = fetch_json) -> str:
    """The ``jwks_uri`` of ``issuer``'s discovery document, which must name that same issuer (OIDC Discovery 4.3)."""
    document = fetch(issuer.rstrip("/") + DISCOVERY_PATH).document
    if document.get("issuer") != issuer:
        raise KeysUnavailable(f"the discovery document of {issuer} names the issuer {document.get('issuer')!r}")
    jwks_uri = document.get("jwks_uri")
    if not isinstance(jwks_uri, str) or not _allowed(jwks_uri):
        raise KeysUnavailable(f"the discovery document of {issuer} has no usable jwks_uri: {jwks_uri!r}")
    return jwks_uri


class SigningKeys:
    """The signing keys of one issuer, by key id; safe to share between threads (the local gateway's are)."""

    def __init__(
        self,
        issuer: str,
        jwks_url: str | None = None,
        *,
        fetch: Fetch = fetch_json,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """``jwks_url=None`` finds the URL in the issuer's discovery document (fetched once)."""
        self.issuer = issuer
        self._jwks_url = jwks_url
        self._fetch = fetch
        self._clock = clock
        self._lock = threading.Lock()
        self._keys: dict[str, PyJWK] = {}
        self._fresh_until = float("-inf")
        self._usable_until = float("-inf")
        self._last_forced = float("-inf")

    def get(self, kid: str) -> PyJWK | None:
        """The key with id ``kid``, or None if the issuer does not publish it (after at most one refresh).

        Raises :class:`KeysUnavailable` if the issuer cannot be reached and no usable keys are held.
        """
        with self._lock:
            now = self._clock()
            refreshed = False
            if now >= self._fresh_until:
                self._refresh(now)
                refreshed = True
            if kid not in self._keys and not refreshed and now - self._last_forced >= UNKNOWN_KID_COOLDOWN_SECONDS:
                self._last_forced = now
                self._refresh(now)
            if now >= self._usable_until:
                raise KeysUnavailable(f"no current signing keys of {self.issuer}")
            return self._keys.get(kid)

    def _refresh(self, now: float) -> None:
        try:
            if self._jwks_url is None:
                self._jwks_url = discover_jwks_url(self.issuer, self._fetch)
            fetched = self._fetch(self._jwks_url)
            keys = _signing_keys(fetched.document)
        except KeysUnavailable as err:
            # Not again for a while, whatever the frames ask; until then the keys held (if any) stay in use.
            self._fresh_until = now + RETRY_AFTER_FAILURE_SECONDS
            self._last_forced = max(self._last_forced, now)
            if now >= self._usable_until:
                raise
            logger.warning("signing keys not refreshed; using the ones held", extra={"error": str(err)})
            return
        self._keys = keys
        self._fresh_until = now + fetched.max_age
        self._usable_until = self._fresh_until + STALE_IF_ERROR_SECONDS


def _signing_keys(document: dict[str, Any]) -> dict[str, PyJWK]:
    """The RSA signature keys of a JWK Set, by key id (keys without an id, or of another kind, are left out)."""
    entries = document.get("keys")
    if not isinstance(entries, list):
        raise KeysUnavailable("the key set has no 'keys' list")
    usable = [
        entry
        for entry in entries
        if isinstance(entry, dict)
        and entry.get("kty") == "RSA"
        and entry.get("use", "sig") == "sig"
        and entry.get("alg", "RS256") == "RS256"
        and isinstance(entry.get("kid"), str)
    ]
    try:
        return {key.key_id: key for key in PyJWKSet(usable).keys if key.key_id}
    except PyJWTError as err:
        raise KeysUnavailable(f"the key set has no usable RS256 key: {err}") from err


def _allowed(url: str) -> bool:
    parts = urllib.parse.urlsplit(url)
    if parts.scheme == "https":
        return bool(parts.hostname)
    return parts.scheme == "http" and _is_loopback(parts.hostname or "")


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class _NoDowngrade(urllib.request.HTTPRedirectHandler):
    """Follows a redirect only to a URL :func:`fetch_json` would fetch itself."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):  # type: ignore[no-untyped-def]
        if not _allowed(newurl):
            raise urllib.error.HTTPError(newurl, code, f"redirect to {newurl} refused", headers, fp)
        return super().redirect_request(req, fp, code, msg, headers, newurl)


_OPENER = urllib.request.build_opener(_NoDowngrade)
