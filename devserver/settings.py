"""What the local gateway emulates, in one place: routes, quotas and names.

The defaults are API Gateway's own quotas, so a client that works here behaves the same in AWS. Tests shrink
the timeouts (an idle timeout of one second) to exercise reconnection in seconds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

#: The routes of the deployed API (docs/architecture.md): route key -> "module:function".
DEFAULT_ROUTES: Mapping[str, str] = {
    "$connect": "functions.handlers.connect:handler",
    "$disconnect": "functions.handlers.disconnect:handler",
    "$default": "functions.handlers.message:handler",
}

#: The function the SQS timer queue triggers.
DEFAULT_TIMER_HANDLER = "functions.handlers.timer:handler"

KIB = 1024


@dataclass(frozen=True)
class GatewaySettings:
    """How the emulated WebSocket API behaves.

    >>> GatewaySettings().idle_timeout
    600.0
    >>> GatewaySettings(idle_timeout=1).idle_timeout
    1
    """

    routes: Mapping[str, str] = field(default_factory=lambda: dict(DEFAULT_ROUTES))
    #: API Gateway closes a connection that has not sent a frame for 10 minutes (close 1001).
    idle_timeout: float = 600.0
    #: ... and every connection after 2 hours, however busy (close 1001).
    max_lifetime: float = 7200.0
    #: A larger client frame closes the connection with 1009 (API Gateway: 32 KB per frame).
    max_frame_bytes: int = 32 * KIB
    #: A larger `POST /@connections/{id}` is refused with 413 (API Gateway: 128 KB per message).
    max_post_bytes: int = 128 * KIB
    #: API Gateway gives up on an integration after 29 s and tells the client so.
    integration_timeout: float = 29.0
    #: How many handler invocations run at once (Lambda's concurrency), in a thread pool.
    concurrency: int = 16
    stage: str = "local"
    api_id: str = "devgateway"
    region: str = "us-east-1"
    account_id: str = "000000000000"
