"""The AWS clients of the process, made by one botocore session.

boto3 adds nothing the handlers use (they call the low-level clients only) and imports ~50 ms more at every cold
start (s3transfer among others; docs/performance.md "Server path"). botocore reads the same configuration: the
Region, credentials and ``AWS_ENDPOINT_URL_<SERVICE>`` (moto locally) from the environment.
"""

from __future__ import annotations

import threading
from typing import Any

import botocore.session

_session: botocore.session.Session | None = None
_lock = threading.Lock()  # a session is not thread-safe, and the fan-out's threads may make the first client


def client(service: str, **kwargs: Any) -> Any:
    """A new client of ``service`` (``"dynamodb"``, ``"sqs"``, ``"apigatewaymanagementapi"``…)."""
    global _session
    with _lock:
        if _session is None:
            _session = botocore.session.get_session()
        return _session.create_client(service, **kwargs)
