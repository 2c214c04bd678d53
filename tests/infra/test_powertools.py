"""The Powertools layer is pinned to the Powertools version the project tests with."""

from __future__ import annotations

import tomllib

from aws_cdk import Stack

from infra.handlers import REPO_ROOT
from infra.powertools import LAYER_PARAMETER, POWERTOOLS_VERSION, layer_arn


def test_the_layer_version_is_the_one_pyproject_pins() -> None:
    pyproject = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text())
    pins = {d.split("==")[0].split("[")[0]: d.split("==")[1] for d in pyproject["project"]["dependencies"]}
    assert pins["aws-lambda-powertools"] == POWERTOOLS_VERSION


def test_by_default_the_layer_arn_is_the_releases_public_parameter_resolved_at_deploy_time(synthesis) -> None:
    parameters = synthesis.template.to_json()["Parameters"]
    layer_parameters = [p for p in parameters.values() if p.get("Default") == LAYER_PARAMETER]
    assert layer_parameters == [{"Type": "AWS::SSM::Parameter::Value<String>", "Default": LAYER_PARAMETER}]
    assert LAYER_PARAMETER == f"/aws/service/powertools/python/arm64/python3.11/{POWERTOOLS_VERSION}"


def test_a_layer_number_pins_the_arn_in_the_deploy_region() -> None:
    stack = Stack()
    assert stack.resolve(layer_arn(stack, 27)) == {
        "Fn::Join": [
            "",
            [
                "arn:aws:lambda:",
                {"Ref": "AWS::Region"},
                ":017000801446:layer:AWSLambdaPowertoolsPythonV3-python311-arm64:27",
            ],
        ]
    }
