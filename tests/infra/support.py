"""Small readers of the synthesised template, shared by the stack tests."""

from __future__ import annotations

from typing import Any

from infra.handlers import SPECS, HandlerSpec


def function_ids(resources: dict[str, dict[str, Any]]) -> dict[str, str]:
    """Handler spec name (``Connect``…) → logical id of its Lambda function, found by handler string."""
    by_handler = {
        resource["Properties"]["Handler"]: logical_id
        for logical_id, resource in resources.items()
        if resource["Type"] == "AWS::Lambda::Function"
    }
    return {spec.name: by_handler[spec.handler] for spec in SPECS}


def policy_statements(resources: dict[str, dict[str, Any]], function_id: str) -> list[dict[str, Any]]:
    """Every statement of every policy attached to the function's role."""
    role = resources[function_id]["Properties"]["Role"]["Fn::GetAtt"][0]
    statements = []
    for resource in resources.values():
        if resource["Type"] == "AWS::IAM::Policy" and {"Ref": role} in resource["Properties"]["Roles"]:
            statements += resource["Properties"]["PolicyDocument"]["Statement"]
    return statements


def actions(statements: list[dict[str, Any]]) -> set[str]:
    """All actions the statements allow."""
    found: set[str] = set()
    for statement in statements:
        assert statement["Effect"] == "Allow"
        listed = statement["Action"]
        found |= {listed} if isinstance(listed, str) else set(listed)
    return found


def spec(name: str) -> HandlerSpec:
    return next(s for s in SPECS if s.name == name)
