"""Powertools logging, metrics and tracing, created once per process and shared by every handler, and the
functions' own metrics (the contract the stack's alarms and dashboard read: ``infra/app_metrics.py``).

Service name and metrics namespace come from ``POWERTOOLS_SERVICE_NAME`` / ``POWERTOOLS_METRICS_NAMESPACE``
(the stack sets ``Deckroom/<stage>``: docs/architecture.md); the defaults keep local runs and tests quiet and
working. Every metric carries exactly one dimension, ``service`` (Powertools adds it), except ``Refusals``, which
also carries the refusal's ``code``: a metric with another dimension set is another metric to CloudWatch, so an
alarm on ``Faults`` would not see a ``Faults`` with a ``code``.
"""

from __future__ import annotations

import os

from aws_lambda_powertools import Logger, Metrics, Tracer
from aws_lambda_powertools.metrics import MetricUnit, single_metric

os.environ.setdefault("POWERTOOLS_SERVICE_NAME", "deckroom")
os.environ.setdefault("POWERTOOLS_METRICS_NAMESPACE", "Deckroom")

logger = Logger()
metrics = Metrics()
# Only botocore is patched: AWS calls are the only I/O the handlers make, and patching everything X-Ray knows
# (requests, httplib, sqlite3, …) imports those libraries at every cold start (docs/performance.md).
tracer = Tracer(patch_modules=("botocore",))


def count(name: str, value: int = 1) -> None:
    """Add ``value`` to the invocation's ``name`` (``Moves``, ``GamesStarted``, ``GamesFinished``, ``Conflicts``),
    flushed with the others when the handler returns."""
    metrics.add_metric(name=name, unit=MetricUnit.Count, value=value)


def fault() -> None:
    """One unexpected error caught and answered — a frame answered ``internal``, a timer message reported as
    failed — never a refusal: what the ``Faults`` alarm fires on."""
    count("Faults")


def refusal(code: str) -> None:
    """One ``error`` frame sent, by its ``code``. Written at once as a metric of its own: the ``code`` dimension
    must not reach the invocation's other metrics, as ``metrics.add_dimension`` would make it."""
    with single_metric(name="Refusals", unit=MetricUnit.Count, value=1) as metric:
        metric.add_dimension(name="code", value=code)
