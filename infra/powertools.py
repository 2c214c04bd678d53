"""The Powertools for AWS Lambda (Python) public layer, pinned to the version the project tests with.

The layer carries Powertools and pydantic, so the function asset holds only our own code. The version must
match the ``aws-lambda-powertools`` pin in ``pyproject.toml`` (a test checks this).

AWS publishes, in every region, one public SSM parameter per release that names that release's layer ARN:
``/aws/service/powertools/python/{arch}/{python}/{version}``. CloudFormation resolves it at deploy time in the
region being deployed to, so the template stays environment-agnostic and the pin is the Powertools version
itself rather than a layer number. An operator may pin a layer number instead with the context value
``powertoolsLayerVersion`` (``cdk deploy -c powertoolsLayerVersion=NN``); see docs/decisions.md.
"""

from __future__ import annotations

from aws_cdk import Stack
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_ssm as ssm
from constructs import Construct

POWERTOOLS_VERSION = "3.37.0"
"""Must equal the ``aws-lambda-powertools`` pin in pyproject.toml."""

PYTHON_RUNTIME = lambda_.Runtime.PYTHON_3_11
"""The runtime the project tests with (requires-python and CI)."""

ARCHITECTURE = lambda_.Architecture.ARM_64

_PUBLISHER_ACCOUNT = "017000801446"
"""The AWS account that publishes the Powertools for AWS Lambda (Python) layers."""

LAYER_PARAMETER = f"/aws/service/powertools/python/arm64/python3.11/{POWERTOOLS_VERSION}"
"""The public SSM parameter holding the layer ARN of this Powertools release (arm64, Python 3.11)."""


def layer_arn(scope: Construct, layer_version: int | None = None) -> str:
    """The layer's ARN: an explicit layer number if given, else the deploy-time value of the release parameter.

    Both forms use the region the stack is deployed to:

    - ``layer_version=NN`` → ``arn:aws:lambda:${AWS::Region}:017000801446:layer:``
      ``AWSLambdaPowertoolsPythonV3-python311-arm64:NN``
    - ``None`` → ``{{resolve}}`` of :data:`LAYER_PARAMETER` (a CloudFormation parameter of type
      ``AWS::SSM::Parameter::Value<String>``).
    """
    if layer_version is None:
        return ssm.StringParameter.value_for_string_parameter(scope, LAYER_PARAMETER)
    if layer_version < 1:
        raise ValueError(f"powertoolsLayerVersion must be a positive layer number, not {layer_version}")
    region = Stack.of(scope).region
    return (
        f"arn:aws:lambda:{region}:{_PUBLISHER_ACCOUNT}:layer:"
        f"AWSLambdaPowertoolsPythonV3-python311-arm64:{layer_version}"
    )


def powertools_layer(scope: Construct, layer_version: int | None = None) -> lambda_.ILayerVersion:
    """The Powertools layer as a construct to hand to ``lambda_.Function(layers=[...])``."""
    return lambda_.LayerVersion.from_layer_version_arn(
        scope, "PowertoolsLayer", layer_arn(scope, layer_version)
    )
