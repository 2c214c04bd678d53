"""cdk-nag: the AWS Solutions rule pack, and the one way this code base records an accepted finding.

cdk-nag 3 plugs into CDK's policy validation (``Validations``): at synthesis the pack checks every resource and
a finding nobody acknowledged fails the synthesis. Each accepted finding is acknowledged next to the resource it
concerns, with its reason, through :func:`acknowledge`; nothing is acknowledged stack-wide, so a new resource is
checked in full.
"""

from __future__ import annotations

from aws_cdk import Acknowledgment, Stack, Validations
from cdk_nag import AwsSolutionsChecks
from constructs import IConstruct


def add_checks(app: IConstruct) -> AwsSolutionsChecks:
    """Make every synthesis of ``app`` run the AWS Solutions checks (``cdk synth`` and ``cdk deploy`` included)."""
    checks = AwsSolutionsChecks(app, verbose=True)
    Validations.of(app).add_plugins(checks)
    return checks


def acknowledge(construct: IConstruct, rule_id: str, reason: str) -> None:
    """Accept the finding ``rule_id`` on ``construct`` and everything under it, for ``reason``.

    IAM rules report one finding per policy or wildcard; name it in brackets, e.g.
    ``AwsSolutions-IAM5[Resource::*]``.
    """
    Validations.of(construct).acknowledge(Acknowledgment(id=rule_id, reason=reason))


def rendered_ref(construct: IConstruct, attribute: str | None = None) -> str:
    """How cdk-nag writes a reference to ``construct``'s resource inside a finding id.

    A grant on a resource of this stack names it by logical id, e.g. ``<SiteBucket978D4AEB.Arn>`` for
    ``rendered_ref(bucket, "Arn")``; acknowledging such a finding needs the same text.
    """
    stack = Stack.of(construct)
    resource = construct.node.default_child or construct
    logical_id = stack.resolve(stack.get_logical_id(resource))
    return f"<{logical_id}.{attribute}>" if attribute else f"<{logical_id}>"


def rendered_pseudo(scope: IConstruct, value: str) -> str:
    """How cdk-nag writes ``stack.partition``, ``stack.region`` or ``stack.account`` inside a finding id.

    An environment-agnostic stack renders ``<AWS::Region>``; a stack with an explicit environment (the custom
    domain needs one) renders the Region itself, e.g. ``ap-northeast-1``.
    """
    resolved = Stack.of(scope).resolve(value)
    return resolved if isinstance(resolved, str) else f"<{resolved['Ref']}>"


def rendered_environment(scope: IConstruct) -> tuple[str, str, str]:
    """(partition, Region, account) of ``scope``'s stack as cdk-nag writes them."""
    stack = Stack.of(scope)
    return tuple(rendered_pseudo(scope, value) for value in (stack.partition, stack.region, stack.account))
