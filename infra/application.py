"""Builds the CDK app the same way for ``cdk synth``/``cdk deploy`` (``app.py``) and for the tests."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import aws_cdk as cdk

from infra.config import StackConfig
from infra.nag import add_checks
from infra.stack import DeckroomStack

STACK_NAME = "Deckroom"


def build_app(context: Mapping[str, Any] | None = None, outdir: str | None = None) -> tuple[cdk.App, DeckroomStack]:
    """The app with the AWS Solutions checks registered and the one stack, configured from context.

    The checks run on every synthesis, not only in the tests, so an operator's ``cdk synth`` or ``cdk deploy``
    stops on the same unexplained finding a test would. Under the CDK CLI the context comes from ``cdk.json``
    and ``-c key=value``; tests pass it in.
    """
    app = cdk.App(context=dict(context) if context is not None else None, outdir=outdir)
    add_checks(app)
    stack = DeckroomStack(app, STACK_NAME, config=StackConfig.from_context(app.node))
    return app, stack
