"""Verifying an OpenID Connect ID token: which account (issuer + ``sub``) it proves, or a precise refusal.

A token is accepted only if all of these hold, checked in this order:

1. it is a compact JWS whose header says ``alg: RS256`` and names a ``kid`` (``none``, ``HS256`` — for example
   one "signed" with the issuer's public key as an HMAC secret — and every other algorithm are refused before any
   key is looked up);
2. the issuer's key set has that ``kid`` (fetched over HTTPS and cached, :mod:`functions.accounts.jwks`) and the
   signature verifies with it;
3. ``iat``, ``exp`` (and ``nbf`` if present) hold within :attr:`IssuerSettings.leeway_seconds` of our clock;
4. ``iss`` is the issuer (Google signs with two spellings, both accepted);
5. ``aud`` names our client ID, and ``azp``, where present (Google's sign-in always sets it), is our client ID
   too;
6. ``sub`` is a non-empty string, and ``nonce`` is the one expected, when one is.

The JOSE work is PyJWT's (see docs/decisions.md); this module chooses what to require and names each refusal.
The account is :class:`Identity`: issuer and ``sub`` only. Profile claims (``email``, ``name``, ``picture``) are
never read, so they cannot be stored or sent anywhere.

>>> settings = IssuerSettings.google("1234.apps.googleusercontent.com")
>>> settings.accepted_issuers
('https://accounts.google.com', 'accounts.google.com')
>>> IssuerSettings.configured("1234.apps.googleusercontent.com") == settings
True
>>> IssuerSettings.configured("deckroom-local", "http://127.0.0.1:8000/oidc").jwks_url is None
True
>>> TokenRefused("wrong_audience", "the token is for another client").code
'wrong_audience'
"""

from __future__ import annotations

import functools
import hmac
from dataclasses import dataclass
from typing import Any

import jwt

from ..refusal import Refusal
from .jwks import KeysUnavailable, SigningKeys

ALGORITHM = "RS256"
"""The only signature algorithm accepted: what Google and the local issuer sign ID tokens with."""

MAX_TOKEN_CHARS = 8192
"""Google's ID tokens are about 1.2 KB; a longer string is refused before it is parsed."""

GOOGLE_ISSUER = "https://accounts.google.com"
GOOGLE_JWKS_URL = "https://www.googleapis.com/oauth2/v3/certs"
"""The ``jwks_uri`` of Google's discovery document, named here to save a fetch at every cold start."""

REQUIRED_CLAIMS = ("iss", "sub", "aud", "exp", "iat")
"""The claims OpenID Connect Core 1.0 §2 makes mandatory in an ID token."""


class TokenError(Refusal):
    """Signing in did not succeed: a :class:`Refusal` (a stable ``code`` for the client, a message for people),
    so a ``sign_in`` frame that raises it is answered with an ``error`` frame and changes nothing."""


class TokenRefused(TokenError):
    """The token proves nothing: malformed, forged, expired, or for another issuer, client or nonce.

    Codes: ``bad_token``, ``bad_algorithm``, ``unknown_key``, ``bad_signature``, ``token_expired``,
    ``token_not_yet_valid``, ``wrong_issuer``, ``wrong_audience``, ``wrong_nonce``.
    """


class IssuerUnavailable(TokenError):
    """The issuer's keys could not be fetched: the token may be fine, so the client may try again later."""

    def __init__(self, message: str) -> None:
        super().__init__("sign_in_unavailable", message)


@dataclass(frozen=True)
class IssuerSettings:
    """Whose ID tokens are accepted, and for which client."""

    #: The issuer's identifier, as its discovery document states it (the account key uses this spelling).
    issuer: str
    #: Our OAuth client ID: a token must be addressed to it (``aud``).
    client_id: str
    #: Where the issuer publishes its keys; None: read ``jwks_uri`` from its discovery document.
    jwks_url: str | None = None
    #: Other spellings of ``issuer`` that appear in ``iss`` (Google's tokens carry either).
    other_spellings: tuple[str, ...] = ()
    #: Clock skew tolerated on ``exp``, ``iat`` and ``nbf``.
    leeway_seconds: int = 60

    @classmethod
    def google(cls, client_id: str) -> IssuerSettings:
        """Sign in with Google: Google's issuer and keys, our client ID."""
        return cls(GOOGLE_ISSUER, client_id, GOOGLE_JWKS_URL, other_spellings=("accounts.google.com",))

    @classmethod
    def configured(cls, client_id: str, issuer: str | None = None) -> IssuerSettings:
        """``issuer``'s tokens for ``client_id``; Google's (with its known key set) when ``issuer`` is None or
        Google's. Any other issuer's keys are found through its discovery document."""
        if issuer is None or issuer == GOOGLE_ISSUER:
            return cls.google(client_id)
        return cls(issuer, client_id)

    @property
    def accepted_issuers(self) -> tuple[str, ...]:
        return (self.issuer, *self.other_spellings)


@dataclass(frozen=True)
class Identity:
    """The account a verified token proves: the issuer (its canonical spelling) and the user's ``sub`` there."""

    issuer: str
    subject: str
    #: When the issuer made the token (epoch seconds).
    issued_at: int
    #: The token's ``exp``: it proves nothing after this.
    expires_at: int


class TokenVerifier:
    """Verifies ID tokens of one issuer for one client; keep one per Lambda instance (:func:`verifier_for`)."""

    def __init__(self, settings: IssuerSettings, keys: SigningKeys | None = None) -> None:
        self.settings = settings
        self.keys = keys if keys is not None else SigningKeys(settings.issuer, settings.jwks_url)

    def verify(self, token: object, *, nonce: str | None = None) -> Identity:
        """The account ``token`` proves; raises :class:`TokenRefused` or :class:`IssuerUnavailable`.

        ``nonce``: the value the client asked the issuer to put in the token; the token's ``nonce`` must equal it.
        """
        if not isinstance(token, str) or not token or len(token) > MAX_TOKEN_CHARS:
            raise TokenRefused("bad_token", f"an ID token is a string of at most {MAX_TOKEN_CHARS} characters")
        kid = self._key_id(token)
        try:
            key = self.keys.get(kid)
        except KeysUnavailable as err:
            raise IssuerUnavailable(f"the keys of {self.settings.issuer} cannot be fetched now: {err}") from err
        if key is None:
            raise TokenRefused("unknown_key", f"{self.settings.issuer} publishes no key {kid!r}")
        claims = self._decode(token, key)
        self._check_party_and_subject(claims)
        if nonce is not None and not hmac.compare_digest(str(claims.get("nonce", "")), nonce):
            raise TokenRefused("wrong_nonce", "the token was not asked for by this sign-in")
        return Identity(self.settings.issuer, claims["sub"], int(claims["iat"]), int(claims["exp"]))

    def _key_id(self, token: str) -> str:
        try:
            header = jwt.get_unverified_header(token)
        except jwt.PyJWTError as err:
            raise TokenRefused("bad_token", f"not a signed JWT: {err}") from err
        if header.get("alg") != ALGORITHM:
            raise TokenRefused("bad_algorithm", f"only {ALGORITHM} is accepted, not {header.get('alg')!r}")
        kid = header.get("kid")
        if not isinstance(kid, str) or not kid:
            raise TokenRefused("bad_token", "the token names no signing key (kid)")
        return kid

    def _decode(self, token: str, key: jwt.PyJWK) -> dict[str, Any]:
        try:
            return jwt.decode(
                token,
                key,
                algorithms=[ALGORITHM],
                audience=self.settings.client_id,
                issuer=self.settings.accepted_issuers,
                leeway=self.settings.leeway_seconds,
                options={"require": list(REQUIRED_CLAIMS)},
            )
        except jwt.InvalidAlgorithmError as err:
            raise TokenRefused("bad_algorithm", str(err)) from err
        except jwt.InvalidSignatureError as err:
            raise TokenRefused("bad_signature", "the signature does not verify") from err
        except jwt.ExpiredSignatureError as err:
            raise TokenRefused("token_expired", "the token has expired: sign in again") from err
        except jwt.ImmatureSignatureError as err:
            raise TokenRefused("token_not_yet_valid", str(err)) from err
        except jwt.InvalidIssuerError as err:
            raise TokenRefused("wrong_issuer", f"the token is not from {self.settings.issuer}") from err
        except jwt.InvalidAudienceError as err:
            raise TokenRefused("wrong_audience", "the token is for another client") from err
        except jwt.PyJWTError as err:  # malformed parts, missing or mistyped claims
            raise TokenRefused("bad_token", str(err)) from err

    def _check_party_and_subject(self, claims: dict[str, Any]) -> None:
        # OIDC Core 3.1.3.7: a token for several audiences must name us as its authorised party; Google's sign-in
        # always sets azp, and a token whose azp is another client was obtained by that client.
        azp = claims.get("azp")
        audiences = claims["aud"] if isinstance(claims["aud"], list) else [claims["aud"]]
        if (azp is not None or len(audiences) > 1) and azp != self.settings.client_id:
            raise TokenRefused("wrong_audience", "the token was obtained by another client (azp)")
        subject = claims["sub"]
        if not isinstance(subject, str) or not subject or len(subject) > 255:
            raise TokenRefused("bad_token", "sub must be a string of 1 to 255 characters")


@functools.lru_cache(maxsize=4)
def verifier_for(settings: IssuerSettings) -> TokenVerifier:
    """The verifier of this Lambda instance for ``settings``: its key cache lives as long as the instance."""
    return TokenVerifier(settings)
