"""ID-token verification with keys made here: what is accepted, what is refused (with which code), and how often
the issuer's key set is fetched.

The key set is served by :class:`FakeIssuer`, a stand-in for the HTTPS fetch that counts requests; the real fetch
(urllib against a running issuer) is tested in tests/devserver/test_oidc.py.
"""

from __future__ import annotations

import base64
import doctest
import hashlib
import hmac
import json
import time
from typing import Any

import jwt
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa

from functions.accounts import jwks as jwks_module
from functions.accounts import tokens as tokens_module
from functions.accounts.jwks import (
    RETRY_AFTER_FAILURE_SECONDS,
    UNKNOWN_KID_COOLDOWN_SECONDS,
    Fetched,
    KeysUnavailable,
    SigningKeys,
    fetch_json,
)
from functions.accounts.tokens import (
    GOOGLE_ISSUER,
    GOOGLE_JWKS_URL,
    IssuerSettings,
    IssuerUnavailable,
    TokenRefused,
    TokenVerifier,
)

CLIENT_ID = "1234-deckroom.apps.googleusercontent.com"
OTHER_CLIENT_ID = "9876-elsewhere.apps.googleusercontent.com"
SUBJECT = "110169484474386276334"


def _rsa_key() -> rsa.RSAPrivateKey:
    return rsa.generate_private_key(public_exponent=65537, key_size=2048)


# Made once for the module: RSA key generation costs tens of milliseconds each.
KEY, OTHER_KEY, NEW_KEY = _rsa_key(), _rsa_key(), _rsa_key()
KID, NEW_KID = "k-2026-1", "k-2026-2"


def jwk(key: rsa.RSAPrivateKey, kid: str) -> dict[str, Any]:
    return {**jwt.algorithms.RSAAlgorithm.to_jwk(key.public_key(), as_dict=True), "kid": kid, "use": "sig",
            "alg": "RS256"}


class FakeIssuer:
    """Serves documents by URL as the fetch would, and records every request."""

    def __init__(self, documents: dict[str, dict[str, Any]], max_age: float = 3600.0) -> None:
        self.documents = documents
        self.max_age = max_age
        self.requests: list[str] = []
        self.down = False

    def __call__(self, url: str) -> Fetched:
        self.requests.append(url)
        if self.down or url not in self.documents:
            raise KeysUnavailable(f"{url}: unreachable")
        return Fetched(self.documents[url], self.max_age)


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def claims(**overrides: Any) -> dict[str, Any]:
    """The claims of a Google sign-in ID token for our client; ``None`` removes a claim."""
    now = int(time.time())
    base = {
        "iss": GOOGLE_ISSUER, "azp": CLIENT_ID, "aud": CLIENT_ID, "sub": SUBJECT, "email": "aiko@example.com",
        "email_verified": True, "nbf": now - 30, "name": "Aiko", "iat": now, "exp": now + 3600, "jti": "abc123",
    }
    base.update(overrides)
    return {name: value for name, value in base.items() if value is not None}


def token(key: rsa.RSAPrivateKey = KEY, kid: str = KID, **overrides: Any) -> str:
    return jwt.encode(claims(**overrides), key, algorithm="RS256", headers={"kid": kid})


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unsigned(header: dict[str, Any], body: dict[str, Any], signature: bytes = b"") -> str:
    return f"{b64url(json.dumps(header).encode())}.{b64url(json.dumps(body).encode())}.{b64url(signature)}"


@pytest.fixture
def issuer() -> FakeIssuer:
    return FakeIssuer({GOOGLE_JWKS_URL: {"keys": [jwk(KEY, KID)]}})


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def verifier(issuer: FakeIssuer, clock: Clock) -> TokenVerifier:
    settings = IssuerSettings.google(CLIENT_ID)
    return TokenVerifier(settings, SigningKeys(settings.issuer, settings.jwks_url, fetch=issuer, clock=clock))


def refused(verifier: TokenVerifier, value: object, **kwargs: Any) -> str:
    with pytest.raises(TokenRefused) as caught:
        verifier.verify(value, **kwargs)
    return caught.value.code


# --- accepted ---------------------------------------------------------------------------------------------------


def test_a_valid_token_proves_the_account_issuer_and_subject_only(verifier: TokenVerifier) -> None:
    identity = verifier.verify(token())
    assert (identity.issuer, identity.subject) == (GOOGLE_ISSUER, SUBJECT)
    assert identity.expires_at - identity.issued_at == 3600
    # Nothing else of the token is kept: the e-mail and name cannot leak from what verify returns.
    assert set(vars(identity)) == {"issuer", "subject", "issued_at", "expires_at"}


def test_googles_other_issuer_spelling_is_the_same_account(verifier: TokenVerifier) -> None:
    identity = verifier.verify(token(iss="accounts.google.com"))
    assert (identity.issuer, identity.subject) == (GOOGLE_ISSUER, SUBJECT)


def test_clock_skew_within_the_leeway_is_tolerated(verifier: TokenVerifier) -> None:
    now = int(time.time())
    verifier.verify(token(exp=now - 20, iat=now - 3620, nbf=now - 3650))
    verifier.verify(token(iat=now + 20, nbf=now + 20))


def test_the_nonce_the_client_asked_for_is_checked(verifier: TokenVerifier) -> None:
    assert verifier.verify(token(nonce="n-7f3a"), nonce="n-7f3a").subject == SUBJECT
    assert refused(verifier, token(nonce="n-7f3a"), nonce="n-other") == "wrong_nonce"
    assert refused(verifier, token(), nonce="n-7f3a") == "wrong_nonce"


# --- refused ----------------------------------------------------------------------------------------------------


def test_a_bad_signature_is_refused(verifier: TokenVerifier) -> None:
    assert refused(verifier, token(key=OTHER_KEY)) == "bad_signature"
    header, body, signature = token().split(".")
    tampered = b64url(json.dumps(claims(sub="someone-else")).encode())
    assert refused(verifier, f"{header}.{tampered}.{signature}") == "bad_signature"


def test_alg_none_is_refused_without_fetching_keys(verifier: TokenVerifier, issuer: FakeIssuer) -> None:
    for alg in ("none", "None", "NONE"):
        assert refused(verifier, unsigned({"alg": alg, "kid": KID, "typ": "JWT"}, claims())) == "bad_algorithm"
    assert issuer.requests == []


def test_an_hs256_token_made_with_the_public_key_is_refused(verifier: TokenVerifier, issuer: FakeIssuer) -> None:
    public_pem = KEY.public_key().public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    header = {"alg": "HS256", "kid": KID, "typ": "JWT"}
    signing_input = unsigned(header, claims()).rsplit(".", 1)[0]
    for secret in (public_pem, json.dumps(jwk(KEY, KID)).encode()):
        forged = f"{signing_input}.{b64url(hmac.new(secret, signing_input.encode(), hashlib.sha256).digest())}"
        assert refused(verifier, forged) == "bad_algorithm"
    assert issuer.requests == []


@pytest.mark.parametrize("alg", ["RS384", "RS512", "PS256", "ES256", "HS512", "EdDSA"])
def test_every_other_algorithm_is_refused(verifier: TokenVerifier, alg: str) -> None:
    assert refused(verifier, unsigned({"alg": alg, "kid": KID}, claims(), b"x" * 64)) == "bad_algorithm"


def test_a_token_for_another_audience_is_refused(verifier: TokenVerifier) -> None:
    assert refused(verifier, token(aud=OTHER_CLIENT_ID, azp=OTHER_CLIENT_ID)) == "wrong_audience"
    assert refused(verifier, token(aud="https://deckroom.example")) == "wrong_audience"


def test_a_token_obtained_by_another_client_is_refused(verifier: TokenVerifier) -> None:
    # Addressed to us too, but requested by another client (azp), or for several audiences with no azp.
    assert refused(verifier, token(aud=[CLIENT_ID, OTHER_CLIENT_ID], azp=OTHER_CLIENT_ID)) == "wrong_audience"
    assert refused(verifier, token(aud=[CLIENT_ID, OTHER_CLIENT_ID], azp=None)) == "wrong_audience"
    assert verifier.verify(token(aud=[CLIENT_ID, OTHER_CLIENT_ID])).subject == SUBJECT  # azp = us


def test_a_token_from_another_issuer_is_refused(verifier: TokenVerifier) -> None:
    for iss in ("https://accounts.google.com.evil.example", "http://accounts.google.com", "https://login.example"):
        assert refused(verifier, token(iss=iss)) == "wrong_issuer"


def test_an_expired_token_is_refused(verifier: TokenVerifier) -> None:
    now = int(time.time())
    assert refused(verifier, token(iat=now - 7200, nbf=now - 7200, exp=now - 120)) == "token_expired"


def test_a_token_not_valid_yet_is_refused(verifier: TokenVerifier) -> None:
    now = int(time.time())
    assert refused(verifier, token(nbf=now + 600)) == "token_not_yet_valid"
    assert refused(verifier, token(iat=now + 600, nbf=None)) == "token_not_yet_valid"


def test_an_unknown_kid_is_refused_after_exactly_one_refresh(
    verifier: TokenVerifier, issuer: FakeIssuer, clock: Clock
) -> None:
    verifier.verify(token())
    assert len(issuer.requests) == 1
    assert refused(verifier, token(kid="k-unknown")) == "unknown_key"
    assert len(issuer.requests) == 2
    # Made-up key ids cannot make every frame fetch: the next forced refresh waits for the cool-down.
    assert refused(verifier, token(kid="k-unknown-2")) == "unknown_key"
    assert len(issuer.requests) == 2
    clock.t += UNKNOWN_KID_COOLDOWN_SECONDS
    assert refused(verifier, token(kid="k-unknown-3")) == "unknown_key"
    assert len(issuer.requests) == 3


def test_a_new_key_is_found_by_that_one_refresh(verifier: TokenVerifier, issuer: FakeIssuer) -> None:
    verifier.verify(token())
    issuer.documents[GOOGLE_JWKS_URL] = {"keys": [jwk(KEY, KID), jwk(NEW_KEY, NEW_KID)]}
    assert verifier.verify(token(key=NEW_KEY, kid=NEW_KID)).subject == SUBJECT
    assert len(issuer.requests) == 2


@pytest.mark.parametrize(
    "value",
    [
        "", "not-a-jwt", "a.b.c", "a.b.c.d.e", 42, None, ["x"], "x" * 9000,
        unsigned({"alg": "RS256"}, claims()),  # no kid
        unsigned({"alg": "RS256", "kid": 7}, claims()),
    ],
    ids=["empty", "no-dots", "junk-parts", "jwe-shaped", "number", "none", "list", "too-long", "no-kid", "int-kid"],
)
def test_malformed_tokens_are_refused_as_bad_tokens(verifier: TokenVerifier, value: object) -> None:
    assert refused(verifier, value) == "bad_token"


@pytest.mark.parametrize("missing", ["sub", "exp", "iat", "aud", "iss"])
def test_a_token_without_a_required_claim_is_refused(verifier: TokenVerifier, missing: str) -> None:
    assert refused(verifier, token(**{missing: None})) == "bad_token"


@pytest.mark.parametrize("sub", ["", 12345, "x" * 256])
def test_a_token_with_an_unusable_subject_is_refused(verifier: TokenVerifier, sub: object) -> None:
    assert refused(verifier, token(sub=sub)) == "bad_token"


# --- the key set: caching and failures -----------------------------------------------------------------------------


def test_the_key_set_is_kept_as_long_as_max_age_allows(
    verifier: TokenVerifier, issuer: FakeIssuer, clock: Clock
) -> None:
    for _ in range(5):
        verifier.verify(token())
    assert len(issuer.requests) == 1
    clock.t += issuer.max_age - 1
    verifier.verify(token())
    assert len(issuer.requests) == 1
    clock.t += 1
    verifier.verify(token())
    assert len(issuer.requests) == 2


def test_a_key_set_that_may_not_be_cached_is_fetched_every_time(issuer: FakeIssuer, clock: Clock) -> None:
    issuer.max_age = 0.0
    settings = IssuerSettings.google(CLIENT_ID)
    verifier = TokenVerifier(settings, SigningKeys(settings.issuer, settings.jwks_url, fetch=issuer, clock=clock))
    for _ in range(3):
        verifier.verify(token())
    assert len(issuer.requests) == 3


def test_an_unreachable_issuer_is_a_retryable_error_not_a_refusal(
    verifier: TokenVerifier, issuer: FakeIssuer, clock: Clock
) -> None:
    issuer.down = True
    with pytest.raises(IssuerUnavailable) as caught:
        verifier.verify(token())
    assert caught.value.code == "sign_in_unavailable"
    # A flood of sign-ins while the issuer is down does not fetch once per frame.
    with pytest.raises(IssuerUnavailable):
        verifier.verify(token())
    assert len(issuer.requests) == 1
    issuer.down = False
    clock.t += RETRY_AFTER_FAILURE_SECONDS
    assert verifier.verify(token()).subject == SUBJECT


def test_keys_held_stay_in_use_while_a_refresh_fails(
    verifier: TokenVerifier, issuer: FakeIssuer, clock: Clock
) -> None:
    verifier.verify(token())
    issuer.down = True
    clock.t += issuer.max_age
    assert verifier.verify(token()).subject == SUBJECT
    assert len(issuer.requests) == 2
    assert verifier.verify(token()).subject == SUBJECT  # no new attempt until the retry delay has passed
    assert len(issuer.requests) == 2


def test_the_key_set_url_can_come_from_discovery(clock: Clock) -> None:
    issuer_url = "https://login.example"
    jwks_url = "https://login.example/keys"
    fake = FakeIssuer({
        f"{issuer_url}/.well-known/openid-configuration": {"issuer": issuer_url, "jwks_uri": jwks_url},
        jwks_url: {"keys": [jwk(KEY, KID)]},
    })
    settings = IssuerSettings(issuer_url, CLIENT_ID)
    verifier = TokenVerifier(settings, SigningKeys(issuer_url, fetch=fake, clock=clock))
    identity = verifier.verify(token(iss=issuer_url))
    assert (identity.issuer, identity.subject) == (issuer_url, SUBJECT)
    verifier.verify(token(iss=issuer_url))
    assert fake.requests == [f"{issuer_url}/.well-known/openid-configuration", jwks_url]


def test_a_discovery_document_naming_another_issuer_is_not_trusted(clock: Clock) -> None:
    issuer_url = "https://login.example"
    fake = FakeIssuer({
        f"{issuer_url}/.well-known/openid-configuration": {
            "issuer": "https://evil.example", "jwks_uri": "https://evil.example/keys"
        },
        "https://evil.example/keys": {"keys": [jwk(KEY, KID)]},
    })
    verifier = TokenVerifier(IssuerSettings(issuer_url, CLIENT_ID), SigningKeys(issuer_url, fetch=fake, clock=clock))
    with pytest.raises(IssuerUnavailable):
        verifier.verify(token(iss=issuer_url))
    assert "https://evil.example/keys" not in fake.requests


def test_only_rsa_signature_keys_of_the_set_are_used(issuer: FakeIssuer, verifier: TokenVerifier) -> None:
    encryption_key = {**jwk(OTHER_KEY, "enc-1"), "use": "enc"}
    issuer.documents[GOOGLE_JWKS_URL] = {"keys": [encryption_key, {"kty": "oct", "k": "c2VjcmV0", "kid": KID},
                                                  jwk(KEY, KID)]}
    assert verifier.verify(token()).subject == SUBJECT
    assert refused(verifier, token(key=OTHER_KEY, kid="enc-1")) == "unknown_key"


@pytest.mark.parametrize(
    "url", ["http://www.googleapis.com/oauth2/v3/certs", "ftp://example.com/keys", "file:///etc/passwd"]
)
def test_keys_are_fetched_over_https_only(url: str) -> None:
    with pytest.raises(KeysUnavailable, match="only https"):
        fetch_json(url)


@pytest.mark.parametrize("module", [jwks_module, tokens_module], ids=lambda module: module.__name__)
def test_docstring_examples(module: object) -> None:
    assert doctest.testmod(module).failed == 0
