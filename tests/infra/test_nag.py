"""cdk-nag's AWS Solutions checks: nothing unacknowledged, every acknowledgment with a reason, and the checks
wired into every synthesis (so ``cdk deploy`` stops where the tests would)."""

from __future__ import annotations

import pytest
from aws_cdk import App, Stack
from aws_cdk import aws_s3 as s3
from cdk_nag import AwsSolutionsChecks

from infra.nag import acknowledge, add_checks

ACKNOWLEDGED = "aws:cdk:acknowledged-rules"


def _acknowledgments(stack: Stack) -> list[tuple[str, str, str]]:
    """(construct path, rule id, reason) of every acknowledgment in the stack."""
    found = []
    for construct in stack.node.find_all():
        for entry in construct.node.metadata:
            if entry.type == ACKNOWLEDGED:
                found += [(construct.node.path, rule, reason) for rule, reason in entry.data.items()]
    return found


def test_aws_solutions_checks_leave_no_unacknowledged_finding(synthesis) -> None:
    report = AwsSolutionsChecks().validate_scope(synthesis.stack)
    findings = [
        f"{violation.rule_name} at {resource.construct_path}"
        for violation in report.violations
        for resource in violation.violating_resources
    ]
    assert report.success and not findings, "\n".join(findings)


def test_every_acknowledgment_is_specific_and_gives_its_reason(synthesis) -> None:
    acknowledgments = _acknowledgments(synthesis.stack)
    assert acknowledgments
    for path, rule, reason in acknowledgments:
        assert rule.removeprefix("Annotation::").startswith("AwsSolutions-"), (path, rule)
        assert path != synthesis.stack.node.path, f"{rule} acknowledged for the whole stack"
        assert len(reason.split()) >= 8, f"{path} {rule}: the reason is too thin: {reason!r}"


def test_an_unexplained_finding_fails_synthesis(tmp_path) -> None:
    app = App(outdir=str(tmp_path))
    add_checks(app)
    s3.Bucket(Stack(app, "Careless"), "Bucket")  # no access logs, plain HTTP allowed
    with pytest.raises(RuntimeError, match="ValidationFailed(.|\n)*AwsSolutions-S1"):
        app.synth()


def test_an_acknowledged_finding_passes(tmp_path) -> None:
    app = App(outdir=str(tmp_path))
    add_checks(app)
    bucket = s3.Bucket(Stack(app, "Careful"), "Bucket", enforce_ssl=True)
    acknowledge(bucket, "AwsSolutions-S1", "A scratch bucket in a test: nobody reads its access logs.")
    app.synth()
