"""The stack's settings, read from CDK context (``cdk.json`` or ``cdk deploy -c key=value``) and checked.

==========================  =================================================  =======================
context key                 meaning                                            default
==========================  =================================================  =======================
``siteDir``                 the built site to upload (relative to the repo)    ``frontend/dist``
``alarmEmail``              an address subscribed to the alarm topic           none
``powertoolsLayerVersion``  pin the Powertools layer by number (see            the release's SSM
                            ``infra/powertools.py``)                           parameter
==========================  =================================================  =======================
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from constructs import Node

from infra.handlers import REPO_ROOT

DEFAULT_SITE_DIR = "frontend/dist"
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")


class ConfigError(ValueError):
    """A context value is malformed; the message names the key and what it expects."""


@dataclass(frozen=True)
class StackConfig:
    """Validated settings for :class:`infra.stack.DeckroomStack`."""

    site_dir: Path
    alarm_email: str | None = None
    powertools_layer_version: int | None = None

    @classmethod
    def from_context(cls, node: Node) -> StackConfig:
        """Read the settings from ``node``'s context.

        >>> from aws_cdk import App
        >>> StackConfig.from_context(App(context={"powertoolsLayerVersion": "7"}).node).powertools_layer_version
        7
        """
        site_dir = Path(str(node.try_get_context("siteDir") or DEFAULT_SITE_DIR))
        return cls(
            site_dir=site_dir if site_dir.is_absolute() else REPO_ROOT / site_dir,
            alarm_email=_email(node.try_get_context("alarmEmail")),
            powertools_layer_version=_layer_version(node.try_get_context("powertoolsLayerVersion")),
        )


def _email(value: Any) -> str | None:
    if value in (None, ""):
        return None
    if not isinstance(value, str) or not _EMAIL.match(value):
        raise ConfigError(f"alarmEmail must be an e-mail address, not {value!r}")
    return value


def _layer_version(value: Any) -> int | None:
    if value in (None, ""):
        return None
    if isinstance(value, bool) or not str(value).isdigit() or int(value) < 1:
        raise ConfigError(f"powertoolsLayerVersion must be a positive whole number, not {value!r}")
    return int(value)
