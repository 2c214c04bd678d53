"""`python -m devserver --host H --port P`: run the whole product locally (what `make dev` runs).

Run with ``--help`` for every option. Ctrl+C (or SIGTERM) stops it cleanly.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import sys
import warnings
from pathlib import Path

from .oidc import network_warning
from .server import DevServer, ServerOptions
from .settings import DEFAULT_ROUTES, DEFAULT_TIMER_HANDLER
from .static_site import DEFAULT_SITE_DIR

#: The first line printed once the server accepts connections; `devserver.testing` waits for it.
READY_PREFIX = "Deckroom is running at "
MOTO_PREFIX = "  DynamoDB and SQS (moto): "
#: The environment's say on ``--recursive-loop`` (how a test's ``running_gateway(env=…)`` sets it).
RECURSIVE_LOOP_VARIABLE = "DEVSERVER_RECURSIVE_LOOP"


def parse_arguments(argv: list[str] | None = None) -> ServerOptions:
    """The command line as `ServerOptions`.

    >>> options = parse_arguments(["--port", "0", "--idle-timeout", "2", "--route", "ping=my.handlers:ping"])
    >>> options.port, options.idle_timeout, options.routes["ping"], options.routes["$default"]
    (0, 2.0, 'my.handlers:ping', 'functions.handlers.message:handler')
    """
    parser = argparse.ArgumentParser(prog="python -m devserver", description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1", help="interface to serve (0.0.0.0: phones on the LAN)")
    parser.add_argument("--port", type=int, default=8000, help="port (0: any free port)")
    parser.add_argument("--site-dir", type=Path, default=DEFAULT_SITE_DIR, help="the built SPA")
    parser.add_argument("--idle-timeout", type=float, default=600.0, help="seconds without a client frame")
    parser.add_argument("--max-lifetime", type=float, default=7200.0, help="seconds any connection may live")
    parser.add_argument(
        "--route",
        action="append",
        default=[],
        metavar="KEY=MODULE:FUNCTION",
        help="add or replace a route (e.g. '$default=tests.devserver.handlers:echo'); repeatable",
    )
    parser.add_argument("--timer-handler", default=DEFAULT_TIMER_HANDLER, help="the SQS timer handler")
    parser.add_argument(
        "--queue-visibility-timeout", type=int, default=30, help="seconds before a failed timer comes back"
    )
    parser.add_argument("--sqs-pollers", type=int, default=5, help="concurrent long polls of the timer queue")
    parser.add_argument(
        "--recursive-loop",
        choices=("stack", "Allow", "Terminate"),
        default=os.environ.get(RECURSIVE_LOOP_VARIABLE, "stack"),
        help="the timer function's recursive loop detection setting: 'stack' (default) is what the stack deploys; "
             f"'Terminate' is Lambda's default (stops a chain after 16 hops). Also ${RECURSIVE_LOOP_VARIABLE}",
    )
    parser.add_argument("--verbose", action="store_true", help="log every request (aiohttp access log)")
    arguments = parser.parse_args(argv)

    routes = dict(DEFAULT_ROUTES)
    for entry in arguments.route:
        key, sep, spec = entry.partition("=")
        if not sep or not key or ":" not in spec:
            parser.error(f"--route {entry!r}: expected KEY=MODULE:FUNCTION")
        routes[key] = spec
    return ServerOptions(
        host=arguments.host,
        port=arguments.port,
        site_dir=arguments.site_dir,
        routes=routes,
        timer_handler=arguments.timer_handler,
        idle_timeout=arguments.idle_timeout,
        max_lifetime=arguments.max_lifetime,
        queue_visibility_timeout=arguments.queue_visibility_timeout,
        sqs_pollers=arguments.sqs_pollers,
        recursive_loop=arguments.recursive_loop,
        verbose=arguments.verbose,
    )


async def serve(options: ServerOptions) -> None:
    """Run until SIGINT or SIGTERM."""
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signal_number in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signal_number, stopping.set)
    async with DevServer(options) as server:
        print(READY_PREFIX + server.base_url, flush=True)
        if server.lan_url:
            print(f"  phones on this network: {server.lan_url}", flush=True)
        print(f"  WebSocket: {server.websocket_url}", flush=True)
        warning = network_warning(options.host) if server.oidc is not None else None
        if warning:
            print(warning, flush=True)
        if server.aws is not None:
            print(MOTO_PREFIX + server.aws.endpoint_url, flush=True)
        if not (options.site_dir / "index.html").is_file():
            print(f"  (no built site in {options.site_dir}: run `make frontend`)", flush=True)
        print("Press Ctrl+C to stop.", flush=True)
        await stopping.wait()
        print("Stopping…", flush=True)


def main(argv: list[str] | None = None) -> None:
    options = parse_arguments(argv)
    logging.basicConfig(
        level=logging.INFO, stream=sys.stderr, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    # boto3 announces at INFO where it found credentials and endpoints: noise in a developer's terminal.
    logging.getLogger("botocore").setLevel(logging.WARNING)
    # With metrics off locally, Powertools still warns on every cold handler that it has none to publish.
    warnings.filterwarnings("ignore", message="No application metrics to publish")
    asyncio.run(serve(options))


if __name__ == "__main__":
    main()
