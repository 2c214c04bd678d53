"""Builds the CDK app the same way for ``cdk synth``/``cdk deploy`` (``app.py``) and for the tests."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

import aws_cdk as cdk

from infra.config import ConfigError, StackConfig
from infra.domain import CLOUDFRONT_CERTIFICATE_REGION, SiteCertificateStack
from infra.nag import add_checks
from infra.stack import DeckroomStack


def build_app(
    context: Mapping[str, Any] | None = None,
    outdir: str | None = None,
    env: cdk.Environment | None = None,
) -> tuple[cdk.App, DeckroomStack]:
    """The app with the AWS Solutions checks registered and the stage's stack, configured from context.

    The checks run on every synthesis, not only in the tests, so an operator's ``cdk synth`` or ``cdk deploy``
    stops on the same unexplained finding a test would. Under the CDK CLI the context comes from ``cdk.json``
    and ``-c key=value``; tests pass it in.

    Without a custom domain the stack names no account or Region (it deploys wherever the credentials point).
    With one, the site's certificate must be made in us-east-1 by a second stack, and stacks that share values
    across Regions must name theirs: ``env`` if given, else the account and Region of the CLI's credentials.
    """
    app = cdk.App(context=dict(context) if context is not None else None, outdir=outdir)
    add_checks(app)
    config = StackConfig.from_context(app.node)
    tags = {"project": "deckroom", "stage": config.stage}
    if config.domain_name is None or config.hosted_zone_id is None:
        return app, DeckroomStack(app, config.stack_name, config=config, env=env, tags=tags)
    env = env or _cli_environment()
    certificate = SiteCertificateStack(
        app,
        f"{config.stack_name}-certificate",
        domain_name=config.domain_name,
        hosted_zone_id=config.hosted_zone_id,
        env=cdk.Environment(account=env.account, region=CLOUDFRONT_CERTIFICATE_REGION),
        description=f"Deckroom: the site certificate of {config.domain_name} (CloudFront takes it from us-east-1)",
        tags=tags,
    )
    stack = DeckroomStack(app, config.stack_name, config=config, env=env, tags=tags,
                          site_certificate=certificate.certificate)
    return app, stack


def _cli_environment() -> cdk.Environment:
    """The account and Region the CDK CLI resolved from the credentials (it sets these for the app)."""
    account, region = os.environ.get("CDK_DEFAULT_ACCOUNT"), os.environ.get("CDK_DEFAULT_REGION")
    if not account or not region:
        raise ConfigError(
            "domainName needs the account and Region to deploy to (its certificate stack is pinned to us-east-1): "
            "run cdk with AWS credentials, or set CDK_DEFAULT_ACCOUNT and CDK_DEFAULT_REGION"
        )
    return cdk.Environment(account=account, region=region)
