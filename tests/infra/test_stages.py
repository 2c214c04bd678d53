"""Stages: ``-c stage=dev|prod`` names the stack and everything the stack names itself, so a dev and a prod copy
deploy side by side in one account and Region without sharing a name, a metric or an alarm."""

from __future__ import annotations

import json
from typing import Any

import pytest

#: (resource type, path to a property that is a name unique in the account or Region).
NAMED = [
    ("AWS::CloudWatch::Alarm", ("AlarmName",)),
    ("AWS::CloudWatch::Dashboard", ("DashboardName",)),
    ("AWS::Budgets::Budget", ("Budget", "BudgetName")),
    ("AWS::CloudFront::ResponseHeadersPolicy", ("ResponseHeadersPolicyConfig", "Name")),
    ("AWS::CloudFront::CachePolicy", ("CachePolicyConfig", "Name")),
    ("AWS::ApiGatewayV2::Api", ("Name",)),  # need not be unique; told apart in the console
]
#: Resources whose names CloudFormation generates from the stack's name when none is given.
GENERATED = {
    "AWS::DynamoDB::Table": "TableName", "AWS::SQS::Queue": "QueueName", "AWS::Lambda::Function": "FunctionName",
    "AWS::SNS::Topic": "TopicName", "AWS::IAM::Role": "RoleName", "AWS::S3::Bucket": "BucketName",
    "AWS::Logs::LogGroup": "LogGroupName",
}


def _names(synthesis) -> set[str]:
    """Every name the template gives itself (references shown as ``<…>``)."""
    found = set()
    for resource_type, path in NAMED:
        for resource in synthesis.of_type(resource_type).values():
            value: Any = resource["Properties"]
            for key in path:
                value = value[key]
            found.add(value if isinstance(value, str) else json.dumps(value))
    return found


@pytest.fixture(scope="module")
def dev(synthesize):
    return synthesize(monthlyBudgetUsd="10")


@pytest.fixture(scope="module")
def prod(synthesize):
    return synthesize(stage="prod", monthlyBudgetUsd="10")


def test_the_stage_names_the_stack(dev, prod) -> None:
    assert (dev.stack.stack_name, prod.stack.stack_name) == ("Deckroom-dev", "Deckroom-prod")
    assert prod.template.to_json()["Description"].endswith("stage prod")


def test_the_default_stage_is_dev(synthesis) -> None:
    assert synthesis.stack.stack_name == "Deckroom-dev"


def test_dev_and_prod_share_no_name(dev, prod) -> None:
    dev_names, prod_names = _names(dev), _names(prod)
    assert len(dev_names) >= 20 and len(prod_names) == len(dev_names)
    assert not dev_names & prod_names, dev_names & prod_names
    assert all("Deckroom-prod" in name or "Deckroomprod" in name for name in prod_names), prod_names


@pytest.mark.parametrize(("resource_type", "name"), sorted(GENERATED.items()))
def test_everything_else_is_named_by_cloudformation_after_the_stack(prod, resource_type: str, name: str) -> None:
    for resource in prod.of_type(resource_type).values():
        assert name not in resource.get("Properties", {}), resource_type


def test_each_stage_has_its_own_metrics_namespace(dev, prod) -> None:
    for synthesis, namespace in ((dev, "Deckroom/dev"), (prod, "Deckroom/prod")):
        for function in synthesis.of_type("AWS::Lambda::Function").values():
            variables = function["Properties"].get("Environment", {}).get("Variables", {})
            if "POWERTOOLS_METRICS_NAMESPACE" in variables:
                assert variables["POWERTOOLS_METRICS_NAMESPACE"] == namespace
        faults = [a for a in synthesis.of_type("AWS::CloudWatch::Alarm").values()
                  if a["Properties"].get("MetricName") == "Faults"]
        assert [a["Properties"]["Namespace"] for a in faults] == [namespace]


def test_the_stacks_are_tagged_with_their_stage(dev, prod) -> None:
    for synthesis, stage in ((dev, "dev"), (prod, "prod")):
        assert synthesis.stack.tags.tag_values() == {"project": "deckroom", "stage": stage}
