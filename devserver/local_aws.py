"""DynamoDB and SQS on this machine: moto's server in-process, with the stack's table and queue created.

The handlers reach them through boto3's own endpoint overrides (``AWS_ENDPOINT_URL_DYNAMODB``,
``AWS_ENDPOINT_URL_SQS``), so the same handler code runs here and in AWS.
"""

from __future__ import annotations

import json
import logging
import os
import threading
from dataclasses import dataclass
from typing import Any, Callable, Iterable

import boto3
from moto.moto_server.werkzeug_app import DomainDispatcherApplication, MotoRequestHandler, create_backend_app
from moto.server import ThreadedMotoServer
from werkzeug.serving import make_server

from infra.shared_settings import MAX_RECEIVES

TABLE_NAME = "deckroom"
QUEUE_NAME = "deckroom-timers"
DEAD_LETTER_QUEUE_NAME = "deckroom-timers-dead-letters"
DUMMY_CREDENTIALS = {
    "AWS_ACCESS_KEY_ID": "testing",
    "AWS_SECRET_ACCESS_KEY": "testing",
    "AWS_SESSION_TOKEN": "testing",
}


class OneDynamoDBRequestAtATime:
    """WSGI middleware that lets moto serve one DynamoDB request at a time (other services stay concurrent: an SQS
    long poll must not hold up the table).

    moto checks a ``ConditionExpression`` and then writes, with nothing in between to stop another thread: under
    concurrent requests two conditional puts on the same expected version can both succeed (measured: 8 threads
    racing, a double winner in about 1 trial in 40), which DynamoDB never allows. The whole design rests on that
    condition (docs/server.md, "Concurrency"), so locally it must hold as it does in AWS.
    """

    def __init__(self, app: Callable[..., Iterable[bytes]]) -> None:
        self._app = app
        self._lock = threading.Lock()

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        if not environ.get("HTTP_X_AMZ_TARGET", "").startswith("DynamoDB_"):
            return self._app(environ, start_response)
        with self._lock:
            return list(self._app(environ, start_response))  # the whole answer while the lock is held


class SerialDynamoDBMotoServer(ThreadedMotoServer):
    """moto's threaded server with ``OneDynamoDBRequestAtATime`` in front (the same entry as moto 5.2's own)."""

    def _server_entry(self) -> None:
        app = OneDynamoDBRequestAtATime(DomainDispatcherApplication(create_backend_app))
        self._server = make_server(self._ip_address, self._port, app, True, request_handler=MotoRequestHandler)
        self._server_ready_event.set()
        self._server.serve_forever()


@dataclass(frozen=True)
class LocalAws:
    """A running moto server and the names of what was created in it."""

    server: ThreadedMotoServer
    endpoint_url: str
    region: str
    table_name: str
    queue_url: str
    queue_arn: str
    dead_letter_url: str

    def stop(self) -> None:
        self.server.stop()


def use_dummy_credentials(region: str) -> None:
    """Point boto3 at fake credentials and a region, and never at the developer's real AWS account."""
    os.environ.update(DUMMY_CREDENTIALS)
    os.environ["AWS_DEFAULT_REGION"] = region
    os.environ["AWS_REGION"] = region
    os.environ.pop("AWS_PROFILE", None)
    os.environ["AWS_EC2_METADATA_DISABLED"] = "true"


@dataclass(frozen=True)
class Resources:
    """What ``create_resources`` made."""

    table_name: str
    queue_url: str
    queue_arn: str
    dead_letter_url: str


def create_resources(dynamodb: Any, sqs: Any, *, queue_visibility_timeout: int = 30) -> Resources:
    """The stack's table (key ``pk``, TTL ``ttl``) and timer queue with its dead-letter queue, as ``infra/`` defines
    them, made through the given clients: the one schema of the local gateway, the server's tests and the bench."""
    dynamodb.create_table(
        TableName=TABLE_NAME,
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
        BillingMode="PAY_PER_REQUEST",
    )
    dynamodb.update_time_to_live(
        TableName=TABLE_NAME, TimeToLiveSpecification={"Enabled": True, "AttributeName": "ttl"}
    )
    dead_letter_url = sqs.create_queue(QueueName=DEAD_LETTER_QUEUE_NAME)["QueueUrl"]
    redrive = json.dumps({"deadLetterTargetArn": _queue_arn(sqs, dead_letter_url), "maxReceiveCount": MAX_RECEIVES})
    queue_url = sqs.create_queue(
        QueueName=QUEUE_NAME,
        Attributes={"VisibilityTimeout": str(queue_visibility_timeout), "RedrivePolicy": redrive},
    )["QueueUrl"]
    return Resources(TABLE_NAME, queue_url, _queue_arn(sqs, queue_url), dead_letter_url)


def _queue_arn(sqs: Any, queue_url: str) -> str:
    arn: str = sqs.get_queue_attributes(QueueUrl=queue_url, AttributeNames=["QueueArn"])["Attributes"]["QueueArn"]
    return arn


def start_local_aws(*, region: str, queue_visibility_timeout: int = 30) -> LocalAws:
    """Start moto's server on a free loopback port; create the table and the queue (``create_resources``)."""
    use_dummy_credentials(region)
    # moto's web server logs every request at INFO: far too chatty next to the gateway's own log.
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    server = SerialDynamoDBMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    endpoint_url = f"http://{host}:{port}"
    resources = create_resources(boto3.client("dynamodb", endpoint_url=endpoint_url, region_name=region),
                                 boto3.client("sqs", endpoint_url=endpoint_url, region_name=region),
                                 queue_visibility_timeout=queue_visibility_timeout)
    return LocalAws(server, endpoint_url, region, resources.table_name, resources.queue_url, resources.queue_arn,
                    resources.dead_letter_url)


def handler_environment(aws: LocalAws, connections_endpoint: str) -> dict[str, str]:
    """The environment the handlers read (docs/architecture.md), pointing at this machine."""
    return {
        "TABLE_NAME": aws.table_name,
        "TIMER_QUEUE_URL": aws.queue_url,
        "CONNECTIONS_ENDPOINT": connections_endpoint,
        "AWS_ENDPOINT_URL_DYNAMODB": aws.endpoint_url,
        "AWS_ENDPOINT_URL_SQS": aws.endpoint_url,
    }
