"""Guest identities: a public player id and a secret that only the browser keeps (the server keeps its hash).

The secret is 32 random bytes, so a plain SHA-256 is enough to make the stored hash useless to a reader of the
table (no password-style stretching is needed for a random secret).

>>> player_id, secret = new_identity()
>>> player_id.startswith("p_") and len(player_id) == 18 and len(secret) == 43
True
>>> matches(secret, hash_secret(secret)), matches(secret, hash_secret("x" * 43))
(True, False)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import string

_ID_ALPHABET = string.ascii_lowercase + string.digits


def new_identity() -> tuple[str, str]:
    """A fresh ``(player_id, secret)``."""
    player_id = "p_" + "".join(secrets.choice(_ID_ALPHABET) for _ in range(16))
    return player_id, secrets.token_urlsafe(32)


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def matches(secret: str, secret_hash: str | None) -> bool:
    """Whether ``secret`` is the one ``secret_hash`` was made from (in constant time)."""
    return secret_hash is not None and hmac.compare_digest(hash_secret(secret), secret_hash)
