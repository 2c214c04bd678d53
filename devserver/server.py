"""The whole local product on one port: WebSocket API + management API + site, over moto's DynamoDB and SQS.

>>> import asyncio
>>> async def demo():
...     async with DevServer(ServerOptions(port=0, local_aws=False, routes={})) as server:
...         return server.base_url.startswith("http://localhost:")
>>> asyncio.run(demo())
True
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Literal, Mapping

from aiohttp import web

from .connections import ConnectionRegistry
from .lambda_runtime import LambdaRuntime
from .lan import browser_host, lan_address, loopback_host, WILDCARD_HOSTS
from .local_aws import LocalAws, handler_environment, start_local_aws, use_dummy_credentials
from .management_api import management_routes
from .oidc import LocalIssuer
from infra.shared_settings import RECURSIVE_LOOP, RecursiveLoop

from .lambda_runtime import function_name
from .settings import DEFAULT_ROUTES, DEFAULT_TIMER_HANDLER, GatewaySettings
from .sqs_poller import SqsPoller
from .static_site import DEFAULT_SITE_DIR, WEBSOCKET_PATH, site_routes
from .websocket_api import WebSocketApi

log = logging.getLogger("devserver")

#: Powertools settings of the deployed functions (docs/architecture.md); the developer's own values win.
#: Locally there is no X-Ray, and a metrics line (EMF) per request would drown the log: both are off.
POWERTOOLS_DEFAULTS = {
    "POWERTOOLS_SERVICE_NAME": "deckroom",
    "POWERTOOLS_METRICS_NAMESPACE": "Deckroom",
    "POWERTOOLS_TRACE_DISABLED": "true",
    "POWERTOOLS_METRICS_DISABLED": "true",
}


@dataclass(frozen=True)
class ServerOptions:
    """Everything `python -m devserver` can be told."""

    host: str = "127.0.0.1"
    port: int = 8000
    site_dir: Path = DEFAULT_SITE_DIR
    routes: Mapping[str, str] = field(default_factory=lambda: dict(DEFAULT_ROUTES))
    #: The SQS timer handler; None runs no poller.
    timer_handler: str | None = DEFAULT_TIMER_HANDLER
    #: False: no moto (gateway tests whose handlers touch no AWS service).
    local_aws: bool = True
    idle_timeout: float = 600.0
    max_lifetime: float = 7200.0
    queue_visibility_timeout: int = 30
    #: Concurrent long polls of the timer queue (Lambda's SQS event source starts with five).
    sqs_pollers: int = 5
    concurrency: int = 16
    #: The timer function's recursive loop setting: ``stack`` (what ``infra/`` deploys it with:
    #: ``infra.shared_settings.RECURSIVE_LOOP``), or ``Allow`` / ``Terminate`` to see the other.
    recursive_loop: Literal["stack", "Allow", "Terminate"] = "stack"
    #: Log every HTTP request (aiohttp's access log).
    verbose: bool = False

    def gateway_settings(self) -> GatewaySettings:
        return GatewaySettings(
            routes=dict(self.routes),
            idle_timeout=self.idle_timeout,
            max_lifetime=self.max_lifetime,
            concurrency=self.concurrency,
        )


class DevServer:
    """Starts and stops the local stack; use as ``async with DevServer(options) as server``."""

    def __init__(self, options: ServerOptions) -> None:
        if not options.local_aws:
            # Without moto there is no queue to poll.
            options = replace(options, timer_handler=None)
        self.options = options
        self.settings = options.gateway_settings()
        self.registry = ConnectionRegistry()
        self.runtime = LambdaRuntime(
            concurrency=self.settings.concurrency, region=self.settings.region, account_id=self.settings.account_id
        )
        self.websocket_api = WebSocketApi(self.settings, self.runtime, self.registry)
        self.aws: LocalAws | None = None
        self.oidc: LocalIssuer | None = None
        self.port: int = 0
        self._runner: web.AppRunner | None = None
        self._poller: SqsPoller | None = None
        self._environment_before: dict[str, str] | None = None

    # --- addresses -----------------------------------------------------------------------------------------

    @property
    def base_url(self) -> str:
        """The site as this machine's browser opens it (``http://localhost:8000`` by default)."""
        return f"http://{browser_host(self.options.host)}:{self.port}"

    @property
    def websocket_url(self) -> str:
        return f"ws://{browser_host(self.options.host)}:{self.port}{WEBSOCKET_PATH}"

    @property
    def lan_url(self) -> str | None:
        """The site's address for phones on the same network (only when serving every interface)."""
        if self.options.host not in WILDCARD_HOSTS:
            return None
        address = lan_address()
        return f"http://{address}:{self.port}" if address else None

    @property
    def timer_recursive_loop(self) -> RecursiveLoop:
        """The recursive loop setting the timer function runs with (Lambda's default for a handler the stack does
        not deploy)."""
        if self.options.recursive_loop != "stack":
            return self.options.recursive_loop
        return RECURSIVE_LOOP.get(function_name(self.options.timer_handler or ""), "Terminate")

    # --- life cycle ------------------------------------------------------------------------------------------

    async def __aenter__(self) -> "DevServer":
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stop()

    async def start(self) -> None:
        listening = socket.create_server(
            (self.options.host, self.options.port), family=_family(self.options.host), reuse_port=False
        )
        self.port = listening.getsockname()[1]
        try:
            await self._prepare_environment()
            # Import the handlers only now: they may read their environment at import time.
            self.runtime.preload(list(self.settings.routes.values()) + _listed(self.options.timer_handler))
            access_log = logging.getLogger("aiohttp.access") if self.options.verbose else None
            self._runner = web.AppRunner(
                self._application(), access_log=access_log, handle_signals=False, shutdown_timeout=5.0
            )
            await self._runner.setup()
            await web.SockSite(self._runner, listening).start()
        except BaseException:
            listening.close()
            await self.stop()
            raise
        if self.aws is not None and self.options.timer_handler is not None:
            self._poller = SqsPoller(
                self.runtime,
                self.options.timer_handler,
                queue_url=self.aws.queue_url,
                queue_arn=self.aws.queue_arn,
                endpoint_url=self.aws.endpoint_url,
                region=self.aws.region,
                pollers=self.options.sqs_pollers,
                recursive_loop=self.timer_recursive_loop,
                dead_letter_url=self.aws.dead_letter_url,
            )
            self._poller.start()

    async def _prepare_environment(self) -> None:
        # The handlers read their configuration from the process environment, as in Lambda; keep what was there
        # so that stop() leaves the process as it found it (tests run gateways in-process among other tests).
        self._environment_before = dict(os.environ)
        for name, value in POWERTOOLS_DEFAULTS.items():
            os.environ.setdefault(name, value)
        connections_endpoint = f"http://{loopback_host(self.options.host)}:{self.port}"
        self.oidc = LocalIssuer(f"{connections_endpoint}/oidc")
        os.environ.update(self.oidc.environment())
        if self.options.local_aws:
            self.aws = await asyncio.to_thread(
                start_local_aws,
                region=self.settings.region,
                queue_visibility_timeout=self.options.queue_visibility_timeout,
            )
            os.environ.update(handler_environment(self.aws, connections_endpoint))
        else:
            use_dummy_credentials(self.settings.region)
            os.environ["CONNECTIONS_ENDPOINT"] = connections_endpoint

    def _application(self) -> web.Application:
        app = web.Application(client_max_size=2 * self.settings.max_post_bytes)
        app.add_routes([web.get(WEBSOCKET_PATH, self.websocket_api.handle)])
        app.add_routes(management_routes(self.registry, self.settings))
        app.add_routes(self.oidc.routes() if self.oidc else [])
        app.add_routes(site_routes(self.options.site_dir, sign_in=self.oidc.site_config() if self.oidc else None))
        return app

    async def stop(self) -> None:
        """Stop polling, close every connection and let the handlers finish (``$disconnect`` included) while
        the management API still answers; then stop serving, then stop moto."""
        if self._poller is not None:
            await self._poller.stop()
            self._poller = None
        await self.registry.close_all()
        await self.websocket_api.drain()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        self.runtime.close()
        if self.aws is not None:
            await asyncio.to_thread(self.aws.stop)
            self.aws = None
        if self._environment_before is not None:
            os.environ.clear()
            os.environ.update(self._environment_before)
            self._environment_before = None


def _family(host: str) -> socket.AddressFamily:
    return socket.AF_INET6 if ":" in host else socket.AF_INET


def _listed(spec: str | None) -> list[str]:
    return [spec] if spec else []
