"""A local OpenID Connect issuer under ``/oidc``, so that signing in works on one machine as it does with Google.

It serves what the functions and the browser need from an issuer, and nothing more:

==================================  ==========================================================================
``/oidc/.well-known/openid-configuration``  the discovery document (the functions read ``jwks_uri`` from it)
``/oidc/jwks``                      the public key, as a JWK Set (``Cache-Control: max-age=300``)
``/oidc/authorize``                 the sign-in page: pick a test user or type a name; it hands the opener an ID
                                    token signed RS256 with a key made at start-up
``/oidc/gsi/client``                a stand-in for Google Identity Services' client script
==================================  ==========================================================================

The stand-in keeps the SPA's code path the same as with Google: the page loads a script that defines
``google.accounts.id`` (``initialize``, ``renderButton``, ``prompt``, ``disableAutoSelect``, ``cancel``,
``revoke``), and a click on the rendered button ends in the same ``callback({credential, select_by})``. Only the
script's address and the issuer the functions trust differ; the functions verify these tokens with the same code
as Google's (:mod:`functions.accounts.tokens`).

It signs anyone in as any user — a stand-in needs no passwords — but only through the page it served: each sign-in
page carries a form token (HMAC of the client ID and nonce under a key made at start, good for
``FORM_TOKEN_SECONDS``), and a ``POST`` without a valid one is refused (403), so another site's form, or a
script posting to the issuer directly, gets no token. Served on a network (``HOST=0.0.0.0``) it is still a
stand-in anyone on that network can use: ``network_warning`` says so on start.

The issuer's identity (``iss``) is fixed when the server starts, whatever host a browser used to reach the page,
as a real issuer's is: a phone on the LAN signs in through the same issuer the functions were told to trust.

>>> issuer = LocalIssuer("http://127.0.0.1:8000/oidc")
>>> claims = issuer.claims("Aiko", client_id=LOCAL_CLIENT_ID, nonce="n-1", now=1_767_225_600)
>>> claims["iss"], claims["aud"], claims["sub"] == issuer.claims("  aiko ", LOCAL_CLIENT_ID)["sub"]
('http://127.0.0.1:8000/oidc', 'deckroom-local', True)
>>> claims["exp"] - claims["iat"], claims["nonce"], claims["email"]
(3600, 'n-1', 'aiko@example.test')
>>> form = issuer.form_token(LOCAL_CLIENT_ID, "n-1", now=1_000)
>>> issuer.form_token_ok(form, LOCAL_CLIENT_ID, "n-1", now=1_100), issuer.form_token_ok(form, "x", "n-1", now=1_100)
(True, False)
>>> issuer.form_token_ok(form, LOCAL_CLIENT_ID, "n-1", now=1_000 + FORM_TOKEN_SECONDS + 1)
False
>>> network_warning("127.0.0.1") is None, network_warning("0.0.0.0").startswith("WARNING")
(True, True)
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import html
import json
import re
import secrets
import time
from typing import Any

import jwt
from aiohttp import web
from cryptography.hazmat.primitives.asymmetric import rsa

PATH = "/oidc"
LOCAL_CLIENT_ID = "deckroom-local"
"""The OAuth client ID the local site and functions use (Google's would be ``….apps.googleusercontent.com``)."""

TOKEN_LIFETIME_SECONDS = 3600
"""As Google's ID tokens."""

JWKS_MAX_AGE_SECONDS = 300
TEST_USERS = ("Aiko", "Ben", "Minji")
"""Offered on the sign-in page; any other name can be typed."""

MAX_NAME_CHARS = 40
FORM_TOKEN_SECONDS = 1800
"""How long a sign-in page's form may be submitted after it was served."""
LOOPBACK_HOSTS = frozenset({"localhost", "::1"})
MESSAGE_SOURCE = "deckroom-local-oidc"
"""Marks the sign-in page's ``postMessage`` to its opener, so the stand-in script ignores every other message."""


class LocalIssuer:
    """The issuer's key and routes; ``issuer`` is its identifier, e.g. ``http://127.0.0.1:8000/oidc``."""

    def __init__(self, issuer: str) -> None:
        self.issuer = issuer.rstrip("/")
        self.kid = "local-" + secrets.token_hex(6)
        self._form_key = secrets.token_bytes(32)

    @functools.cached_property
    def _key(self) -> rsa.RSAPrivateKey:
        # Made on first use: most local gateways (the tests') never sign anyone in.
        return rsa.generate_private_key(public_exponent=65537, key_size=2048)

    # --- what a real issuer publishes ---------------------------------------------------------------------------

    @property
    def jwks_url(self) -> str:
        return f"{self.issuer}/jwks"

    def discovery(self) -> dict[str, Any]:
        return {
            "issuer": self.issuer,
            "authorization_endpoint": f"{self.issuer}/authorize",
            "jwks_uri": self.jwks_url,
            "response_types_supported": ["id_token"],
            "subject_types_supported": ["public"],
            "id_token_signing_alg_values_supported": ["RS256"],
            "scopes_supported": ["openid", "email", "profile"],
            "claims_supported": ["iss", "sub", "aud", "azp", "iat", "exp", "nbf", "jti", "nonce", "name", "email"],
        }

    def jwks(self) -> dict[str, Any]:
        public = jwt.algorithms.RSAAlgorithm.to_jwk(self._key.public_key(), as_dict=True)
        return {"keys": [{**public, "kid": self.kid, "use": "sig", "alg": "RS256"}]}

    def environment(self) -> dict[str, str]:
        """How the functions are told to trust this issuer (instead of Google) and which client ID to expect."""
        return {"SIGN_IN_ISSUER": self.issuer, "SIGN_IN_CLIENT_ID": LOCAL_CLIENT_ID}

    def site_config(self) -> dict[str, str]:
        """``config.json``'s ``signIn``: the client ID, and the stand-in script in place of Google's (same origin)."""
        return {"clientId": LOCAL_CLIENT_ID, "script": f"{PATH}/gsi/client"}

    # --- tokens -------------------------------------------------------------------------------------------------

    def claims(self, name: str, client_id: str, nonce: str | None = None, now: int | None = None) -> dict[str, Any]:
        """The claims of an ID token for the test user ``name`` (the same name is the same user: same ``sub``)."""
        display = _clean_name(name)
        issued = int(time.time()) if now is None else now
        slug = re.sub(r"[^a-z0-9]+", ".", display.casefold()).strip(".") or "user"
        claims: dict[str, Any] = {
            "iss": self.issuer,
            "aud": client_id,
            "azp": client_id,
            "sub": "local-" + hashlib.sha256(display.casefold().encode()).hexdigest()[:24],
            "iat": issued,
            "nbf": issued - 5,
            "exp": issued + TOKEN_LIFETIME_SECONDS,
            "jti": secrets.token_hex(16),
            # What Google also puts in an ID token; the functions must ignore both.
            "name": display,
            "email": f"{slug}@example.test",
            "email_verified": True,
        }
        if nonce:
            claims["nonce"] = nonce
        return claims

    def issue(self, name: str, client_id: str = LOCAL_CLIENT_ID, nonce: str | None = None) -> str:
        """A signed ID token for the test user ``name``."""
        return self.sign(self.claims(name, client_id, nonce))

    def form_token(self, client_id: str, nonce: str, now: int | None = None) -> str:
        """The token the sign-in page for ``client_id`` and ``nonce`` carries: when it was served, and an HMAC of
        that, the client ID and the nonce (nobody but this issuer can make one)."""
        served = int(time.time()) if now is None else now
        return f"{served}.{self._form_mac(served, client_id, nonce)}"

    def form_token_ok(self, token: str, client_id: str, nonce: str, now: int | None = None) -> bool:
        """Whether ``token`` is one this issuer served with ``client_id`` and ``nonce``, recently enough."""
        served, _, mac = token.partition(".")
        if not served.isdigit():
            return False
        age = (int(time.time()) if now is None else now) - int(served)
        return 0 <= age <= FORM_TOKEN_SECONDS and hmac.compare_digest(mac, self._form_mac(int(served), client_id, nonce))

    def _form_mac(self, served: int, client_id: str, nonce: str) -> str:
        return hmac.new(self._form_key, f"{served}\n{client_id}\n{nonce}".encode(), hashlib.sha256).hexdigest()

    def sign(self, claims: dict[str, Any]) -> str:
        return jwt.encode(claims, self._key, algorithm="RS256", headers={"kid": self.kid})

    # --- HTTP ---------------------------------------------------------------------------------------------------

    def routes(self) -> list[web.RouteDef]:
        """The issuer's routes; add them before the site's catch-all route."""
        return [
            web.get(f"{PATH}/.well-known/openid-configuration", self._discovery),
            web.get(f"{PATH}/jwks", self._jwks),
            web.get(f"{PATH}/authorize", self._sign_in_page),
            web.post(f"{PATH}/authorize", self._signed_in),
            web.get(f"{PATH}/gsi/client", self._client_script),
        ]

    async def _discovery(self, request: web.Request) -> web.Response:
        return web.json_response(self.discovery(), headers={"Cache-Control": f"max-age={JWKS_MAX_AGE_SECONDS}"})

    async def _jwks(self, request: web.Request) -> web.Response:
        return web.json_response(self.jwks(), headers={"Cache-Control": f"max-age={JWKS_MAX_AGE_SECONDS}"})

    async def _sign_in_page(self, request: web.Request) -> web.Response:
        client_id = request.query.get("client_id", "")
        if not client_id:
            raise web.HTTPBadRequest(text="client_id is required")
        fields = {"client_id": client_id, "nonce": request.query.get("nonce", "")}
        fields["form_token"] = self.form_token(fields["client_id"], fields["nonce"])
        hidden = "".join(
            f'<input type="hidden" name="{field}" value="{html.escape(value)}">' for field, value in fields.items()
        )
        users = "".join(
            f'<button type="submit" name="name" value="{html.escape(user)}">{html.escape(user)}</button>'
            for user in TEST_USERS
        )
        body = SIGN_IN_PAGE.format(hidden=hidden, users=users, client_id=html.escape(client_id), max=MAX_NAME_CHARS)
        return _html(body)

    async def _signed_in(self, request: web.Request) -> web.Response:
        form = await request.post()
        name, client_id, nonce, form_token = (
            str(form.get(field, "")) for field in ("name", "client_id", "nonce", "form_token")
        )
        if not self.form_token_ok(form_token, client_id, nonce):
            raise web.HTTPForbidden(text="sign in through the sign-in page (its form token is missing or stale)")
        if not _clean_name(name) or not client_id:
            raise web.HTTPBadRequest(text="pick a test user or type a name")
        token = self.issue(name, client_id, nonce or None)
        message = {"source": MESSAGE_SOURCE, "credential": token, "clientId": client_id}
        return _html(SIGNED_IN_PAGE.format(message=_script_json(message), name=html.escape(_clean_name(name))))

    async def _client_script(self, request: web.Request) -> web.Response:
        script = CLIENT_SCRIPT.replace("__AUTHORIZE__", f"{PATH}/authorize").replace("__SOURCE__", MESSAGE_SOURCE)
        return web.Response(text=script, content_type="text/javascript", headers={"Cache-Control": "no-cache"})


def network_warning(bind_host: str) -> str | None:
    """What ``make dev`` says on start when it serves beyond this machine: the stand-in signs anyone in."""
    if bind_host.startswith("127.") or bind_host in LOOPBACK_HOSTS:
        return None
    return ("WARNING: the local sign-in stand-in (/oidc) signs anyone who can reach this server in as any user "
            f"they name, and it is served on {bind_host or 'every interface'}: use it on a network you trust")


def _clean_name(name: str) -> str:
    return " ".join(name.split())[:MAX_NAME_CHARS]


def _script_json(value: object) -> str:
    """JSON that is safe inside a ``<script>`` element (no ``</script>`` can be formed)."""
    return json.dumps(value).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _html(body: str) -> web.Response:
    return web.Response(
        text=body,
        content_type="text/html",
        headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY"},
    )


SIGN_IN_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in — local test issuer</title>
<style>
  body {{ font: 16px/1.5 system-ui, sans-serif; margin: 0; padding: 1.5rem; max-width: 26rem; }}
  h1 {{ font-size: 1.25rem; margin: 0 0 .25rem; }}
  p {{ margin: 0 0 1rem; color: #444; }}
  .users {{ display: grid; gap: .5rem; margin-bottom: 1.25rem; }}
  button {{ font: inherit; padding: .75rem 1rem; border-radius: .5rem; border: 1px solid #888; background: #fff;
           min-height: 44px; cursor: pointer; }}
  label {{ display: block; font-weight: 600; margin-bottom: .25rem; }}
  input[type=text] {{ font: inherit; padding: .6rem; width: 100%; box-sizing: border-box; border: 1px solid #888;
                     border-radius: .5rem; margin-bottom: .5rem; }}
</style></head>
<body>
<h1>Sign in (local test issuer)</h1>
<p>This stands in for Google under <code>make dev</code>. Signing in as the same name again is the same account.
Client: <code>{client_id}</code></p>
<form method="post" class="users" aria-label="Test users">{hidden}{users}</form>
<form method="post">{hidden}
  <label for="name">Or another name</label>
  <input id="name" name="name" type="text" maxlength="{max}" autocomplete="off" required>
  <button type="submit">Sign in with this name</button>
</form>
</body></html>
"""

SIGNED_IN_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Signed in — local test issuer</title></head>
<body style="font: 16px/1.5 system-ui, sans-serif; padding: 1.5rem">
<p>Signed in as <strong>{name}</strong>. This window closes itself.</p>
<script id="credential" type="application/json">{message}</script>
<script>
  const message = JSON.parse(document.getElementById("credential").textContent);
  if (window.opener) {{
    window.opener.postMessage(message, window.location.origin);
    window.close();
  }}
</script>
</body></html>
"""

# Google Identity Services, as much of it as the SPA uses. The button opens the sign-in page in a popup (as GIS's
# popup mode does) and the credential comes back by postMessage from the same origin.
CLIENT_SCRIPT = """// Local stand-in for Google Identity Services (accounts.google.com/gsi/client), from make dev.
(() => {
  let config = null;
  let popup = null;

  function openSignIn() {
    if (!config) throw new Error("google.accounts.id.initialize was not called");
    const query = new URLSearchParams({ client_id: config.client_id, nonce: config.nonce || "" });
    popup = window.open("__AUTHORIZE__?" + query, "deckroom-local-sign-in", "popup,width=420,height=600");
  }

  window.addEventListener("message", (event) => {
    const data = event.data;
    if (event.origin !== window.location.origin || !popup || event.source !== popup) return;
    if (!data || data.source !== "__SOURCE__" || !config) return;
    popup = null;
    config.callback({ credential: data.credential, select_by: "btn", clientId: data.clientId });
  });

  const LABELS = {
    en: { signin: "Sign in (local)", signup: "Sign up (local)" },
    ja: { signin: "ログイン（ローカル）", signup: "登録（ローカル）" },
    ko: { signin: "로그인 (로컬)", signup: "가입 (로컬)" },
  };

  const id = {
    initialize(configuration) { config = { ...configuration }; },
    renderButton(parent, options = {}) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "local-gsi-button";
      // In the page's language, as Google draws its own button (``locale``); English for any other.
      const words = LABELS[String(options.locale || "").slice(0, 2)] || LABELS.en;
      const label = options.text === "signup_with" ? words.signup : words.signin;
      if (options.type === "icon") {  // Google's icon button: a 40-px square (a circle with shape "circle")
        button.textContent = "G";
        button.setAttribute("aria-label", label);
        button.classList.add("icon");
      } else {
        button.textContent = label;
        if (options.width) button.style.width = options.width + "px";
      }
      button.addEventListener("click", openSignIn);
      parent.replaceChildren(button);
    },
    prompt(listener) {
      // No One Tap locally: report it as not displayed, as GIS does when it has nothing to show.
      if (listener) listener({ isNotDisplayed: () => true, isSkippedMoment: () => false,
                               isDismissedMoment: () => false, getNotDisplayedReason: () => "local_issuer",
                               getMomentType: () => "display" });
    },
    cancel() {},
    disableAutoSelect() {},
    revoke(hint, done) { if (done) done({ successful: true }); },
  };
  window.google = { ...(window.google || {}), accounts: { ...((window.google || {}).accounts || {}), id } };
  if (typeof window.onGoogleLibraryLoad === "function") window.onGoogleLibraryLoad();
})();
"""
