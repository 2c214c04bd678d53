"""Powertools logging, metrics and tracing, created once per process and shared by every handler.

Service name and metrics namespace come from ``POWERTOOLS_SERVICE_NAME`` / ``POWERTOOLS_METRICS_NAMESPACE``
(docs/architecture.md); the defaults keep local runs and tests quiet and working.
"""

from __future__ import annotations

import os

from aws_lambda_powertools import Logger, Metrics, Tracer

os.environ.setdefault("POWERTOOLS_SERVICE_NAME", "deckroom")
os.environ.setdefault("POWERTOOLS_METRICS_NAMESPACE", "Deckroom")

logger = Logger()
metrics = Metrics()
# Only botocore is patched: AWS calls are the only I/O the handlers make, and patching everything X-Ray knows
# (requests, httplib, sqlite3, …) imports those libraries at every cold start (docs/performance.md).
tracer = Tracer(patch_modules=("botocore",))
