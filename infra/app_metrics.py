"""The functions' own CloudWatch metrics, as the alarms and the dashboard read them: the contract between
``functions/`` (which emits them with Powertools, as EMF in its logs) and ``infra/``.

Every metric is in the namespace ``POWERTOOLS_METRICS_NAMESPACE`` (``Deckroom/dev`` or ``Deckroom/prod``, so two
stages in one account never mix their figures) with the dimension ``service`` = ``POWERTOOLS_SERVICE_NAME``
(``deckroom``) — Powertools adds it to every metric, ``single_metric`` included — and nothing else, except:

=================  =========  ======================  ===============================================================
metric             unit       dimensions              emitted
=================  =========  ======================  ===============================================================
``Faults``         Count      ``service``             once per unexpected error a function catches and answers
                                                      (a frame answered ``internal``, a timer message reported as
                                                      failed); never for a refusal. An error that escapes the
                                                      handler is counted by ``AWS/Lambda`` ``Errors`` instead.
``Refusals``       Count      ``service``, ``code``   once per ``error`` frame sent, ``code`` its protocol code
                                                      (``stale``, ``rate_limited``…): ``single_metric`` with
                                                      ``add_dimension("code", …)``
``Moves``          Count      ``service``             game moves stored
``GamesStarted``   Count      ``service``
``GamesFinished``  Count      ``service``
``Conflicts``      Count      ``service``             lost write races (each retried)
=================  =========  ======================  ===============================================================

A metric with another dimension set is another metric to CloudWatch: the ``Faults`` alarm would not see it.
"""

from __future__ import annotations

from aws_cdk import Duration
from aws_cdk import aws_cloudwatch as cloudwatch

SERVICE_NAME = "deckroom"
SERVICE_DIMENSION = "service"
FAULTS = "Faults"
REFUSALS = "Refusals"
REFUSAL_CODE_DIMENSION = "code"
MOVES = "Moves"
GAMES_STARTED = "GamesStarted"
GAMES_FINISHED = "GamesFinished"
CONFLICTS = "Conflicts"


def namespace(stage: str) -> str:
    """The metrics namespace of a stage.

    >>> namespace("prod")
    'Deckroom/prod'
    """
    return f"Deckroom/{stage}"


def metric(stage: str, name: str, period: Duration, label: str | None = None) -> cloudwatch.Metric:
    """The sum of one of the functions' metrics over ``period``."""
    return cloudwatch.Metric(
        namespace=namespace(stage),
        metric_name=name,
        dimensions_map={SERVICE_DIMENSION: SERVICE_NAME},
        statistic="Sum",
        period=period,
        label=label,
    )


def refusals_by_code(stage: str, period: Duration) -> cloudwatch.MathExpression:
    """One line per refusal code seen (a search: codes are not listed here, so a new one shows up by itself)."""
    search = (f"SEARCH('{{{namespace(stage)},{REFUSAL_CODE_DIMENSION},{SERVICE_DIMENSION}}} "
              f"MetricName=\"{REFUSALS}\" {SERVICE_DIMENSION}=\"{SERVICE_NAME}\"', 'Sum', {int(period.to_seconds())})")
    return cloudwatch.MathExpression(expression=search, using_metrics={}, label="", period=period)
