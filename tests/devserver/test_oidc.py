"""The local OpenID Connect issuer of `make dev`: discovery, key set, sign-in page, and tokens that the functions'
own verifier accepts — fetched over HTTP by the production fetch path (urllib, discovery, Cache-Control)."""

from __future__ import annotations

import asyncio
import json
import os
import re

import aiohttp
import pytest

from devserver.oidc import LOCAL_CLIENT_ID, MESSAGE_SOURCE, TEST_USERS, network_warning
from functions.accounts.jwks import SigningKeys, fetch_json
from functions.accounts.tokens import IssuerSettings, TokenRefused, TokenVerifier
from tests.devserver.support import gateway, submit_sign_in


async def _get(session: aiohttp.ClientSession, url: str) -> tuple[int, dict[str, str], str]:
    async with session.get(url) as response:
        return response.status, dict(response.headers), await response.text()


async def _sign_in(session: aiohttp.ClientSession, base: str, **form: str) -> dict[str, str]:
    """Submit the sign-in page's form; the message the page would post to its opener."""
    status, page = await submit_sign_in(session, base, **form)
    assert status == 200, page
    found = re.search(r'<script id="credential" type="application/json">(.*?)</script>', page, re.S)
    assert found, page
    return json.loads(found.group(1))


async def test_discovery_names_the_issuer_and_its_keys() -> None:
    async with gateway() as server, aiohttp.ClientSession() as session:
        issuer = f"http://127.0.0.1:{server.port}/oidc"
        assert server.oidc is not None and server.oidc.issuer == issuer
        status, headers, text = await _get(session, f"{issuer}/.well-known/openid-configuration")
        document = json.loads(text)
        assert status == 200 and headers["Cache-Control"] == "max-age=300"
        assert document["issuer"] == issuer and document["jwks_uri"] == f"{issuer}/jwks"
        assert document["id_token_signing_alg_values_supported"] == ["RS256"]


async def test_the_key_set_holds_one_public_rs256_key() -> None:
    async with gateway() as server, aiohttp.ClientSession() as session:
        status, headers, text = await _get(session, f"http://127.0.0.1:{server.port}/oidc/jwks")
    (key,) = json.loads(text)["keys"]
    assert status == 200 and headers["Cache-Control"] == "max-age=300"
    assert (key["kty"], key["alg"], key["use"], key["kid"]) == ("RSA", "RS256", "sig", server.oidc.kid)
    assert not {"d", "p", "q", "dp", "dq", "qi"} & set(key), "the private key must never be published"


async def test_the_functions_are_pointed_at_the_local_issuer_while_it_runs() -> None:
    before = os.environ.get("SIGN_IN_ISSUER")
    async with gateway() as server:
        assert os.environ["SIGN_IN_ISSUER"] == server.oidc.issuer
        assert os.environ["SIGN_IN_CLIENT_ID"] == LOCAL_CLIENT_ID
    assert os.environ.get("SIGN_IN_ISSUER") == before


async def test_the_sign_in_page_offers_test_users_and_keeps_the_nonce() -> None:
    async with gateway() as server, aiohttp.ClientSession() as session:
        base = f"http://127.0.0.1:{server.port}"
        status, headers, page = await _get(session, f"{base}/oidc/authorize?client_id={LOCAL_CLIENT_ID}&nonce=n-42")
        assert status == 200 and headers["Cache-Control"] == "no-store"
        for user in TEST_USERS:
            assert f'value="{user}"' in page
        assert 'name="nonce" value="n-42"' in page and 'name="name" type="text"' in page
        assert (await _get(session, f"{base}/oidc/authorize"))[0] == 400  # no client_id


async def test_a_token_from_the_sign_in_page_verifies_with_the_functions_verifier() -> None:
    async with gateway() as server, aiohttp.ClientSession() as session:
        base = f"http://127.0.0.1:{server.port}"
        message = await _sign_in(session, base, name="Aiko", client_id=LOCAL_CLIENT_ID, nonce="n-1")
        again = await _sign_in(session, base, name="aiko", client_id=LOCAL_CLIENT_ID, nonce="n-2")
        other = await _sign_in(session, base, name="Ben", client_id=LOCAL_CLIENT_ID)
        assert message["source"] == MESSAGE_SOURCE and message["clientId"] == LOCAL_CLIENT_ID

        # What the functions run: discovery, then the key set, over HTTP with urllib (in a thread: it blocks).
        fetched: list[str] = []

        def counting_fetch(url: str):  # the production fetch, counted
            fetched.append(url)
            return fetch_json(url)

        settings = IssuerSettings(server.oidc.issuer, LOCAL_CLIENT_ID)
        verifier = TokenVerifier(settings, SigningKeys(settings.issuer, fetch=counting_fetch))
        aiko = await asyncio.to_thread(verifier.verify, message["credential"], nonce="n-1")
        aiko_again = await asyncio.to_thread(verifier.verify, again["credential"], nonce="n-2")
        ben = await asyncio.to_thread(verifier.verify, other["credential"])
        assert aiko.issuer == server.oidc.issuer
        assert aiko.subject == aiko_again.subject != ben.subject
        assert fetched == [f"{server.oidc.issuer}/.well-known/openid-configuration", f"{server.oidc.issuer}/jwks"]

        # The same verifier refuses the local issuer's token for another client, or with another nonce.
        stranger = await _sign_in(session, base, name="Aiko", client_id="someone-else")
        with pytest.raises(TokenRefused, match="another client"):
            await asyncio.to_thread(verifier.verify, stranger["credential"])
        with pytest.raises(TokenRefused) as caught:
            await asyncio.to_thread(verifier.verify, message["credential"], nonce="n-2")
        assert caught.value.code == "wrong_nonce"


async def test_the_verifier_with_its_default_fetch_accepts_the_local_issuer() -> None:
    async with gateway() as server, aiohttp.ClientSession() as session:
        message = await _sign_in(session, f"http://127.0.0.1:{server.port}", name="Minji", client_id=LOCAL_CLIENT_ID)
        verifier = TokenVerifier(IssuerSettings(server.oidc.issuer, LOCAL_CLIENT_ID))
        identity = await asyncio.to_thread(verifier.verify, message["credential"])
    assert identity.subject.startswith("local-")


async def test_a_blank_name_is_refused_and_a_hostile_one_is_escaped() -> None:
    async with gateway() as server, aiohttp.ClientSession() as session:
        base = f"http://127.0.0.1:{server.port}"
        assert (await submit_sign_in(session, base, name="   ", client_id=LOCAL_CLIENT_ID))[0] == 400
        hostile = "</script><script>alert(1)</script>"
        page = (await submit_sign_in(session, base, name=hostile, client_id=LOCAL_CLIENT_ID))[1]
        assert "<script>alert(1)" not in page
        async with session.get(f"{base}/oidc/authorize?client_id=%22%3E%3Cscript%3Ex%3C/script%3E") as r:
            assert "<script>x</script>" not in await r.text()


async def test_the_stand_in_client_script_is_served() -> None:
    async with gateway() as server, aiohttp.ClientSession() as session:
        status, headers, script = await _get(session, f"http://127.0.0.1:{server.port}/oidc/gsi/client")
    assert status == 200 and headers["Content-Type"].startswith("text/javascript")
    for method in ("initialize", "renderButton", "prompt", "disableAutoSelect", "cancel", "revoke"):
        assert f"{method}(" in script
    assert MESSAGE_SOURCE in script and "/oidc/authorize" in script


async def test_a_sign_in_not_made_through_the_page_the_issuer_served_is_refused() -> None:
    """A script (or another site's form) posting to the issuer directly gets no token: the form token is missing,
    forged, or was served for another client or nonce."""
    async with gateway() as server, aiohttp.ClientSession() as session:
        base = f"http://127.0.0.1:{server.port}"
        form = {"name": "Aiko", "client_id": LOCAL_CLIENT_ID, "nonce": "n-1"}
        _, _, page = await _get(session, f"{base}/oidc/authorize?client_id={LOCAL_CLIENT_ID}&nonce=n-1")
        served = re.search(r'name="form_token" value="([^"]*)"', page).group(1)
        for form_token in (None, "", "1.abc", f"{served}0", served.split(".")[0] + ".0" * 32):
            extra = {} if form_token is None else {"form_token": form_token}
            async with session.post(f"{base}/oidc/authorize", data={**form, **extra}) as response:
                assert response.status == 403 and "credential" not in await response.text()
        for other in ({"nonce": "n-2"}, {"client_id": "someone-else"}):  # the page was for another sign-in
            async with session.post(f"{base}/oidc/authorize", data={**form, **other, "form_token": served}) as r:
                assert r.status == 403
        async with session.post(f"{base}/oidc/authorize", data={**form, "form_token": served}) as response:
            assert response.status == 200 and 'id="credential"' in await response.text()


def test_make_dev_on_the_network_warns_that_the_stand_in_signs_anyone_in() -> None:
    for private in ("127.0.0.1", "localhost", "::1"):
        assert network_warning(private) is None
    for exposed in ("0.0.0.0", "::", "192.168.1.20"):
        warning = network_warning(exposed)
        assert warning is not None and warning.startswith("WARNING") and "any user" in warning
