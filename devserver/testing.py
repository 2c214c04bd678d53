"""Start the whole local stack for a test, in its own process, and get its URLs.

>>> from devserver.testing import running_gateway
>>> with running_gateway(idle_timeout=5) as gateway:            # doctest: +SKIP
...     page.goto(gateway.base_url)                              # the SPA, config.json, /ws, /@connections

A subprocess (rather than the test's own process) because the handlers read their environment — the table,
the queue, this gateway's port — once, at import: every test gets a fresh stack with its own port, moto and
handler modules. The process is `python -m devserver`, exactly what `make dev` runs.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Iterator, Mapping

import boto3

from .__main__ import MOTO_PREFIX, READY_PREFIX
from .local_aws import TABLE_NAME
from .settings import GatewaySettings

REPO_ROOT = Path(__file__).resolve().parent.parent
#: The CPU pace of the tests' gateways (``DECKROOM_CPU_DELAY``): a few tens of milliseconds instead of the product's
#: second, so a test waits on the room, not on the clock. Timer messages that near go out without an SQS delay.
TEST_PACE = {"DECKROOM_CPU_DELAY": "0.03"}


@dataclass
class RunningGateway:
    """A running `python -m devserver`. URLs use 127.0.0.1 (``localhost`` may try IPv6 first)."""

    base_url: str
    websocket_url: str
    #: moto's endpoint (DynamoDB and SQS), for tests that inspect the table or the queue.
    aws_endpoint_url: str | None
    process: subprocess.Popen
    #: Everything the server printed so far (stdout and stderr), for failure messages.
    output: list[str] = field(default_factory=list)

    def log(self) -> str:
        return "".join(self.output)

    def dynamodb(self) -> Any:
        """A DynamoDB client of this gateway's moto (its table is ``devserver.local_aws.TABLE_NAME``)."""
        return boto3.client("dynamodb", endpoint_url=self.aws_endpoint_url, region_name=GatewaySettings().region,
                            aws_access_key_id="testing", aws_secret_access_key="testing")

    def empty_table(self) -> None:
        """Delete every item (rooms, connections, accounts, limits): the data of a gateway just started, so a test
        on a shared gateway starts as it would on its own — under ``DECKROOM_SEED`` with the same room codes and
        deals. Whatever an earlier test left on its way (a timer, a close) finds nothing and changes nothing."""
        table = self.dynamodb()
        for page in table.get_paginator("scan").paginate(TableName=TABLE_NAME, ProjectionExpression="pk"):
            keys = [{"DeleteRequest": {"Key": {"pk": item["pk"]}}} for item in page["Items"]]
            for start in range(0, len(keys), 25):  # BatchWriteItem's limit
                table.batch_write_item(RequestItems={TABLE_NAME: keys[start:start + 25]})


class _OutputReader(threading.Thread):
    """Drains the server's output (so it never blocks on a full pipe) and notes the start-up lines."""

    def __init__(self, stream: IO[str]) -> None:
        super().__init__(daemon=True, name="devserver-output")
        self.stream = stream
        self.lines: list[str] = []
        self.base_url: str | None = None
        self.aws_endpoint_url: str | None = None
        self.settled = threading.Event()  # ready, or the process ended

    def run(self) -> None:
        for line in self.stream:
            self.lines.append(line)
            if line.startswith(MOTO_PREFIX):
                self.aws_endpoint_url = line[len(MOTO_PREFIX) :].strip()
            elif line.startswith(READY_PREFIX):
                self.base_url = line[len(READY_PREFIX) :].strip()
            elif line.startswith("Press Ctrl+C"):
                self.settled.set()
        self.settled.set()


def gateway_command(
    *,
    routes: Mapping[str, str] | None = None,
    idle_timeout: float | None = None,
    max_lifetime: float | None = None,
    site_dir: Path | None = None,
    timer_handler: str | None = None,
    queue_visibility_timeout: int | None = None,
) -> list[str]:
    """The command line of a devserver on 127.0.0.1 and a free port, with the given settings."""
    command = [sys.executable, "-m", "devserver", "--host", "127.0.0.1", "--port", "0"]
    for key, spec in (routes or {}).items():
        command += ["--route", f"{key}={spec}"]
    optional = {
        "--idle-timeout": idle_timeout,
        "--max-lifetime": max_lifetime,
        "--site-dir": site_dir,
        "--timer-handler": timer_handler,
        "--queue-visibility-timeout": queue_visibility_timeout,
    }
    for flag, value in optional.items():
        if value is not None:
            command += [flag, str(value)]
    return command


@contextmanager
def running_gateway(
    *,
    routes: Mapping[str, str] | None = None,
    idle_timeout: float | None = None,
    max_lifetime: float | None = None,
    site_dir: Path | None = None,
    timer_handler: str | None = None,
    queue_visibility_timeout: int | None = None,
    env: Mapping[str, str] | None = None,
    startup_timeout: float = 60.0,
) -> Iterator[RunningGateway]:
    """Run `python -m devserver` on a free port for the duration of the ``with`` block.

    ``routes`` adds or replaces routes (route key → ``"module:function"``); ``env`` adds environment variables
    for the handlers (e.g. a shorter CPU delay). Everything else defaults to what `make dev` does. On exit the
    server is stopped with SIGTERM (connections closed, ``$disconnect`` run) and waited for.
    """
    command = gateway_command(
        routes=routes,
        idle_timeout=idle_timeout,
        max_lifetime=max_lifetime,
        site_dir=site_dir,
        timer_handler=timer_handler,
        queue_visibility_timeout=queue_visibility_timeout,
    )
    process = subprocess.Popen(
        command,
        cwd=REPO_ROOT,
        env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        encoding="utf-8",
        errors="replace",
    )
    reader = _OutputReader(process.stdout)
    reader.start()
    try:
        if not reader.settled.wait(startup_timeout) or reader.base_url is None:
            raise RuntimeError(f"devserver did not start: {' '.join(command)}\n{''.join(reader.lines)}")
        port = reader.base_url.rsplit(":", 1)[1]
        yield RunningGateway(
            base_url=f"http://127.0.0.1:{port}",
            websocket_url=f"ws://127.0.0.1:{port}/ws",
            aws_endpoint_url=reader.aws_endpoint_url,
            process=process,
            output=reader.lines,
        )
    finally:
        _stop(process)
        reader.join(timeout=5)


def _stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
