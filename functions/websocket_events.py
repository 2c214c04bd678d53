"""The API Gateway WebSocket events the handlers read: only the fields they use, checked as strictly.

Powertools has models of these events too, but importing any of them loads the package of all of its ~30 event
models (about 100 ms of a cold start, docs/performance.md "Server path"); these three are what we need. A
malformed event still fails loudly (``pydantic.ValidationError``). Field names follow API Gateway's, so the
Powertools models and these agree on every event the sample fixtures hold (tests/functions/events). A message's
``identity.sourceIp`` is the client's address, which the throttles count by (``functions/throttle.py``).

>>> event = {"requestContext": {"connectionId": "L0SM9cOFvHcCIhw=", "eventType": "MESSAGE",
...          "routeKey": "$default", "requestId": "r1", "identity": {"sourceIp": "203.0.113.24"}},
...          "body": "{}", "isBase64Encoded": False}
>>> context = MessageEvent.model_validate(event).request_context
>>> context.connection_id, context.identity.source_ip
('L0SM9cOFvHcCIhw=', '203.0.113.24')
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class _Model(BaseModel):
    model_config = ConfigDict(defer_build=True)  # each handler builds only the one event model it reads


class _RequestContext(_Model):
    connection_id: str = Field(alias="connectionId", min_length=1)
    route_key: str = Field(alias="routeKey")
    request_id: str = Field(alias="requestId")


class _ConnectContext(_RequestContext):
    event_type: Literal["CONNECT"] = Field(alias="eventType")


class _DisconnectContext(_RequestContext):
    event_type: Literal["DISCONNECT"] = Field(alias="eventType")


class _Identity(_Model):
    source_ip: str = Field(alias="sourceIp")  # the client's address, as API Gateway saw it


class _MessageContext(_RequestContext):
    event_type: Literal["MESSAGE"] = Field(alias="eventType")
    identity: _Identity


class ConnectEvent(_Model):
    request_context: _ConnectContext = Field(alias="requestContext")


class DisconnectEvent(_Model):
    request_context: _DisconnectContext = Field(alias="requestContext")


class MessageEvent(_Model):
    request_context: _MessageContext = Field(alias="requestContext")
    is_base64_encoded: bool = Field(alias="isBase64Encoded")
    body: str | None = None
