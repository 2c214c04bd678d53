"""The functions' settings: every environment variable they read, in one pydantic model.

In AWS the stack sets them (``infra/handlers.py``); locally the local gateway does (``devserver/local_aws.py``);
docs/architecture.md names them. They are read once per process, on first use (``settings()``), so a handler that
needs none of them — ``$connect`` — never reads them.

>>> env = {"TABLE_NAME": "deckroom", "TIMER_QUEUE_URL": "https://sqs/q", "CONNECTIONS_ENDPOINT": "https://api/prod"}
>>> Settings.model_validate(env).seed is None, Settings.model_validate({**env, "DECKROOM_SEED": "7"}).seed
(True, '7')
"""

from __future__ import annotations

import functools
import os

from pydantic import BaseModel, ConfigDict, Field

LOCAL_ADDRESS_KEY = "deckroom-local-address-key"


class Settings(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore")

    #: The one DynamoDB table (rooms and connections).
    table_name: str = Field(alias="TABLE_NAME", min_length=1)
    #: The SQS queue of timer messages.
    timer_queue_url: str = Field(alias="TIMER_QUEUE_URL", min_length=1)
    #: The API Gateway management API of the WebSocket stage (posts to connections).
    connections_endpoint: str = Field(alias="CONNECTIONS_ENDPOINT", min_length=1)
    #: Test only, never set in AWS: seeds the game seeds and room codes, so a fresh server deals the same games.
    seed: str | None = Field(default=None, alias="DECKROOM_SEED")
    #: The OAuth client ID that ID tokens must be addressed to (Google's ``….apps.googleusercontent.com``, or the
    #: local issuer's under ``make dev``). Unset: no sign-in, guests only (``sign_in_disabled``).
    sign_in_client_id: str | None = Field(default=None, alias="SIGN_IN_CLIENT_ID", min_length=1)
    #: Whose ID tokens sign players in: Google's (``https://accounts.google.com``) unless set; ``make dev`` sets
    #: its local issuer. Read only with ``SIGN_IN_CLIENT_ID``.
    sign_in_issuer: str | None = Field(default=None, alias="SIGN_IN_ISSUER", min_length=1)
    #: Test only, never set in AWS: how many of the 4-digit room codes are handed out (0000 up), so a test can
    #: crowd them and see longer codes come in (docs/server.md, "Room codes").
    short_codes: int = Field(default=10_000, alias="DECKROOM_SHORT_CODES", ge=1, le=10_000)
    #: Test only, never set in AWS: seconds a CPU seat "thinks" before it moves (unset: the product's second,
    #: ``autoplay.CPU_DELAY``). The browser and end-to-end tests play at a few tens of milliseconds.
    cpu_delay: float | None = Field(default=None, alias="DECKROOM_CPU_DELAY", gt=0, le=10)

    # --- issue 29: privacy -----------------------------------------------------------------------------------
    #: The key of the keyed hash (HMAC-SHA256) that per-address limit items are named by, so the table (and its
    #: 35 days of backups) never holds a client address. In AWS a secret the stack generates (infra/handlers.py);
    #: unset (local runs, tests): ``LOCAL_ADDRESS_KEY``, which protects nothing and needs not.
    address_key: str = Field(default=LOCAL_ADDRESS_KEY, alias="DECKROOM_ADDRESS_KEY", min_length=16)


@functools.cache
def settings() -> Settings:
    """The process's settings, read from the environment on first use."""
    return Settings.model_validate(dict(os.environ))
