"""The stack's settings, read from CDK context (``cdk.json`` or ``cdk deploy -c key=value``) and checked.

==========================  =================================================  =======================
context key                 meaning                                            default
==========================  =================================================  =======================
``stage``                   ``dev`` or ``prod``: names the stack               ``dev``
                            (``Deckroom-dev``), so both fit in one account
``tables``                  tables playing at once at the busiest hour: sizes  ``100``
                            throttles, alarms, DynamoDB (docs/capacity.md)
``alarmEmail``              an address subscribed to the alarm topic           none
``monthlyBudgetUsd``        an AWS Budgets budget for the account's monthly    none
                            spend, alerting the alarm topic
``domainName``              the site's own address (``play.example.com``);     none
                            the API gets ``ws.`` + it. Needs ``hostedZoneId``
``hostedZoneId``            the Route 53 public hosted zone of ``domainName``  none
``googleClientId``          Google sign-in's OAuth web client id: the          none
                            functions accept Google's ID tokens for it,
                            config.json offers sign-in, the CSP allows
                            Google Identity Services. Unset: guests only
``siteDir``                 the built site to upload (relative to the repo)    ``frontend/dist``
``powertoolsLayerVersion``  pin the Powertools layer by number (see            the release's SSM
                            ``infra/powertools.py``)                           parameter
``tracing``                 ``true``: X-Ray active tracing of every function   ``false``
                            (traces cost more than a small site's play:
                            docs/cost.md, "Logs and traces")
==========================  =================================================  =======================

The ``prod`` stage keeps its table: deletion protection, and ``cdk destroy`` leaves it (``KEPT_STAGES``).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from constructs import Node

from infra.capacity import ROOM_CODES
from infra.handlers import REPO_ROOT

DEFAULT_SITE_DIR = "frontend/dist"
STAGES = ("dev", "prod")
DEFAULT_STAGE = "dev"
DEFAULT_TABLES = 100
KEPT_STAGES = ("prod",)

_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
_LABEL = r"(?!-)[a-z0-9-]{1,63}(?<!-)"
_DOMAIN = re.compile(rf"^(?=.{{1,253}}$){_LABEL}(\.{_LABEL})+$")
_HOSTED_ZONE_ID = re.compile(r"^Z[A-Z0-9]{1,31}$")
_GOOGLE_CLIENT_ID = re.compile(r"^[0-9]+-[a-z0-9]+\.apps\.googleusercontent\.com$")


class ConfigError(ValueError):
    """A context value is malformed; the message names the key and what it expects."""


@dataclass(frozen=True)
class StackConfig:
    """Validated settings for :class:`infra.stack.DeckroomStack`."""

    site_dir: Path
    stage: str = DEFAULT_STAGE
    tables: int = DEFAULT_TABLES
    alarm_email: str | None = None
    monthly_budget_usd: float | None = None
    domain_name: str | None = None
    hosted_zone_id: str | None = None
    google_client_id: str | None = None
    powertools_layer_version: int | None = None
    tracing: bool = False

    @property
    def keeps_data(self) -> bool:
        """Whether the table is protected from deletion and kept when the stack goes (``prod``)."""
        return self.stage in KEPT_STAGES

    @property
    def stack_name(self) -> str:
        """``Deckroom-dev`` or ``Deckroom-prod``: the CloudFormation stack, and the prefix of every name the
        stack gives (alarms, dashboard, budget), so two stages never collide in one account."""
        return f"Deckroom-{self.stage}"

    @classmethod
    def from_context(cls, node: Node) -> StackConfig:
        """Read the settings from ``node``'s context.

        >>> from aws_cdk import App
        >>> StackConfig.from_context(App(context={"powertoolsLayerVersion": "7"}).node).powertools_layer_version
        7
        >>> StackConfig.from_context(App(context={"stage": "prod", "tables": "1000"}).node).stack_name
        'Deckroom-prod'
        """
        site_dir = Path(str(node.try_get_context("siteDir") or DEFAULT_SITE_DIR))
        domain_name = _matching("domainName", node.try_get_context("domainName"), _DOMAIN,
                                "a lower-case host name such as play.example.com")
        hosted_zone_id = _matching("hostedZoneId", node.try_get_context("hostedZoneId"), _HOSTED_ZONE_ID,
                                   "a Route 53 hosted zone id such as Z0123456789ABC")
        if (domain_name is None) != (hosted_zone_id is None):
            raise ConfigError("domainName and hostedZoneId go together: the certificates are validated and the "
                              "addresses created in that Route 53 zone")
        return cls(
            site_dir=site_dir if site_dir.is_absolute() else REPO_ROOT / site_dir,
            stage=_stage(node.try_get_context("stage")),
            tables=_tables(node.try_get_context("tables")),
            alarm_email=_matching("alarmEmail", node.try_get_context("alarmEmail"), _EMAIL, "an e-mail address"),
            monthly_budget_usd=_budget(node.try_get_context("monthlyBudgetUsd")),
            domain_name=domain_name,
            hosted_zone_id=hosted_zone_id,
            google_client_id=_matching("googleClientId", node.try_get_context("googleClientId"), _GOOGLE_CLIENT_ID,
                                       "a web client id ending in .apps.googleusercontent.com"),
            powertools_layer_version=_layer_version(node.try_get_context("powertoolsLayerVersion")),
            tracing=_flag("tracing", node.try_get_context("tracing")),
        )


def _absent(value: Any) -> bool:
    return value is None or value == ""


def _stage(value: Any) -> str:
    if _absent(value):
        return DEFAULT_STAGE
    if value not in STAGES:
        raise ConfigError(f"stage must be one of {', '.join(STAGES)}, not {value!r}")
    return str(value)


def _whole_number(key: str, value: Any) -> int:
    if isinstance(value, bool) or not str(value).isdigit() or int(value) < 1:
        raise ConfigError(f"{key} must be a positive whole number, not {value!r}")
    return int(value)


def _tables(value: Any) -> int:
    if _absent(value):
        return DEFAULT_TABLES
    tables = _whole_number("tables", value)
    if tables > ROOM_CODES:
        raise ConfigError(f"tables must be at most {ROOM_CODES:,}: a room is named by one of {ROOM_CODES:,} "
                          f"four-digit codes, so no more rooms can be open at once (docs/capacity.md)")
    return tables


def _matching(key: str, value: Any, pattern: re.Pattern[str], expected: str) -> str | None:
    if _absent(value):
        return None
    if not isinstance(value, str) or not pattern.fullmatch(value):
        raise ConfigError(f"{key} must be {expected}, not {value!r}")
    return value


def _budget(value: Any) -> float | None:
    if _absent(value):
        return None
    try:
        amount = float(value) if not isinstance(value, bool) else math.nan
    except (TypeError, ValueError):
        amount = math.nan
    if not math.isfinite(amount) or amount <= 0:
        raise ConfigError(f"monthlyBudgetUsd must be a positive amount of US dollars, not {value!r}")
    return amount


def _flag(key: str, value: Any) -> bool:
    """A yes/no context value: ``true``/``false`` (``-c key=true`` arrives as a string, cdk.json as a boolean).

    >>> _flag("tracing", "true"), _flag("tracing", None), _flag("tracing", False)
    (True, False, False)
    """
    if _absent(value):
        return False
    if isinstance(value, bool):
        return value
    if str(value).lower() in ("true", "false"):
        return str(value).lower() == "true"
    raise ConfigError(f"{key} must be true or false, not {value!r}")


def _layer_version(value: Any) -> int | None:
    if _absent(value):
        return None
    return _whole_number("powertoolsLayerVersion", value)
