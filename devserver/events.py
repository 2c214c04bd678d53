"""The events API Gateway (WebSocket) and Lambda's SQS event source hand to handlers, field for field.

The shapes copy what AWS sends (and what Powertools' parser models `APIGatewayWebSocket*EventModel` and
`SqsModel` require), so a handler cannot tell the local gateway from the real one.
"""

from __future__ import annotations

import base64
import hashlib
import os
import time
from dataclasses import dataclass
from typing import Iterable, Mapping


def new_id() -> str:
    """An id in API Gateway's style (connection, request, message ids): 16 URL-safe characters.

    >>> len(new_id()), new_id().endswith("=")
    (16, True)
    """
    return base64.urlsafe_b64encode(os.urandom(11)).decode()


def epoch_ms(seconds: float | None = None) -> int:
    return int((time.time() if seconds is None else seconds) * 1000)


def request_time(seconds: float) -> str:
    """API Gateway's ``requestTime`` format.

    >>> request_time(0)
    '01/Jan/1970:00:00:00 +0000'
    """
    return time.strftime("%d/%b/%Y:%H:%M:%S +0000", time.gmtime(seconds))


@dataclass(frozen=True)
class Api:
    """Names of the emulated API, as they appear in every event."""

    api_id: str
    stage: str
    region: str
    account_id: str


@dataclass(frozen=True)
class Client:
    """What the gateway knows of a connection from its upgrade request."""

    connection_id: str
    connected_at: float
    source_ip: str
    user_agent: str | None
    domain_name: str


def _request_context(api: Api, client: Client, route_key: str, event_type: str) -> dict:
    now = time.time()
    request_id = new_id()
    identity = {"sourceIp": client.source_ip}
    if client.user_agent is not None:
        identity["userAgent"] = client.user_agent
    return {
        "routeKey": route_key,
        "eventType": event_type,
        "extendedRequestId": request_id,
        "requestTime": request_time(now),
        "messageDirection": "IN",
        "stage": api.stage,
        "connectedAt": epoch_ms(client.connected_at),
        "requestTimeEpoch": epoch_ms(now),
        "identity": identity,
        "requestId": request_id,
        "domainName": client.domain_name,
        "connectionId": client.connection_id,
        "apiId": api.api_id,
    }


def _single_and_multi(pairs: Iterable[tuple[str, str]]) -> tuple[dict[str, str], dict[str, list[str]]]:
    """API Gateway's two views of repeated keys: the last value, and all of them in order."""
    single: dict[str, str] = {}
    multi: dict[str, list[str]] = {}
    for key, value in pairs:
        single[key] = value
        multi.setdefault(key, []).append(value)
    return single, multi


def connect_event(
    api: Api, client: Client, headers: Iterable[tuple[str, str]], query: Iterable[tuple[str, str]]
) -> dict:
    """The ``$connect`` event: the upgrade request's headers and query string.

    API Gateway omits the query string fields when there is no query string.
    """
    single_headers, multi_headers = _single_and_multi(headers)
    event = {
        "headers": single_headers,
        "multiValueHeaders": multi_headers,
        "requestContext": _request_context(api, client, "$connect", "CONNECT"),
        "isBase64Encoded": False,
    }
    single_query, multi_query = _single_and_multi(query)
    if single_query:
        event["queryStringParameters"] = single_query
        event["multiValueQueryStringParameters"] = multi_query
    return event


def message_event(api: Api, client: Client, route_key: str, body: str) -> dict:
    """A message event (any route but ``$connect`` / ``$disconnect``): the frame as ``body``."""
    context = _request_context(api, client, route_key, "MESSAGE")
    context["messageId"] = new_id()
    return {"requestContext": context, "body": body, "isBase64Encoded": False}


def disconnect_event(api: Api, client: Client, status_code: int, reason: str) -> dict:
    """The ``$disconnect`` event, with the close code and API Gateway's wording of its reason."""
    context = _request_context(api, client, "$disconnect", "DISCONNECT")
    context["disconnectStatusCode"] = status_code
    context["disconnectReason"] = reason
    # API Gateway sends these few headers, not the upgrade request's.
    headers = {"Host": client.domain_name, "x-api-key": "", "X-Forwarded-For": "", "x-restapi": ""}
    return {
        "headers": headers,
        "multiValueHeaders": {key: [value] for key, value in headers.items()},
        "requestContext": context,
        "isBase64Encoded": False,
    }


# --- SQS -------------------------------------------------------------------------------------------------


def sqs_record(message: Mapping, *, queue_arn: str, region: str) -> dict:
    """Lambda's SQS record for a message as ``ReceiveMessage`` returned it (all attributes requested).

    >>> record = sqs_record({"MessageId": "m1", "ReceiptHandle": "r1", "Body": "{}", "MD5OfBody": "x",
    ...     "Attributes": {"SentTimestamp": "1"}}, queue_arn="arn:aws:sqs:us-east-1:0:q", region="us-east-1")
    >>> record["messageId"], record["body"], record["eventSource"], record["attributes"]["SentTimestamp"]
    ('m1', '{}', 'aws:sqs', '1')
    """
    body = message["Body"]
    record = {
        "messageId": message["MessageId"],
        "receiptHandle": message["ReceiptHandle"],
        "body": body,
        "attributes": dict(message.get("Attributes", {})),
        "messageAttributes": {
            name: _lambda_message_attribute(value)
            for name, value in message.get("MessageAttributes", {}).items()
        },
        "md5OfBody": message.get("MD5OfBody") or hashlib.md5(body.encode()).hexdigest(),
        "eventSource": "aws:sqs",
        "eventSourceARN": queue_arn,
        "awsRegion": region,
    }
    if "MD5OfMessageAttributes" in message:
        record["md5OfMessageAttributes"] = message["MD5OfMessageAttributes"]
    return record


def _lambda_message_attribute(value: Mapping) -> dict:
    """SQS's ``{"StringValue": …, "DataType": …}`` in Lambda's camelCase spelling."""
    return {
        "stringValue": value.get("StringValue"),
        "binaryValue": (
            base64.b64encode(value["BinaryValue"]).decode() if "BinaryValue" in value else None
        ),
        "stringListValues": list(value.get("StringListValues", [])),
        "binaryListValues": [base64.b64encode(item).decode() for item in value.get("BinaryListValues", [])],
        "dataType": value["DataType"],
    }
