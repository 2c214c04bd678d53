"""`make preflight`: the account's quotas against what the planned tables need, read from moto or a fake."""

from __future__ import annotations

from typing import Any

import boto3
import pytest
from moto import mock_aws

from infra.capacity import API_REQUESTS, LAMBDA_CONCURRENCY, NEW_CONNECTIONS, Plan
from tools import preflight


def test_a_new_accounts_lambda_concurrency_must_be_raised_and_the_defaults_fit_a_hundred_tables() -> None:
    plan = Plan.for_tables(100)
    defaults = {quota: quota.default for quota, _ in plan.needs}
    assert all(check.fits for check in preflight.compare(plan, defaults))
    new_account = preflight.compare(plan, {**defaults, LAMBDA_CONCURRENCY: 10})
    (short,) = [c for c in new_account if not c.fits]
    assert short.quota is LAMBDA_CONCURRENCY and short.needed == plan.lambda_concurrency
    assert short.line() == f"RAISE Lambda: Concurrent executions (L-B99A9384): 10 → at least {plan.lambda_concurrency} executions"


def test_ten_thousand_tables_need_the_three_increases_the_capacity_model_names() -> None:
    plan = Plan.for_tables(10_000)
    short = [c.quota for c in preflight.compare(plan, {q: q.default for q, _ in plan.needs}) if not c.fits]
    assert short == [q.quota for q in plan.quota_increases] == [API_REQUESTS, NEW_CONNECTIONS, LAMBDA_CONCURRENCY]


def test_a_quota_that_could_not_be_read_is_reported_and_does_not_pass() -> None:
    (check,) = [c for c in preflight.compare(Plan.for_tables(100), {}) if c.quota is NEW_CONNECTIONS]
    assert not check.fits and check.line().startswith("?  API Gateway: New connections")


class FakeServiceQuotas:
    """Service Quotas as it answers an account that raised the API Gateway throttle and left the rest."""

    class exceptions:
        class NoSuchResourceException(Exception):
            pass

    def get_service_quota(self, ServiceCode: str, QuotaCode: str) -> dict[str, Any]:
        if QuotaCode == API_REQUESTS.code:
            return {"Quota": {"Value": 20_000.0}}
        raise self.exceptions.NoSuchResourceException(QuotaCode)

    def get_aws_default_service_quota(self, ServiceCode: str, QuotaCode: str) -> dict[str, Any]:
        return {"Quota": {"Value": {NEW_CONNECTIONS.code: 500.0}[QuotaCode]}}


class FakeLambda:
    """Lambda's GetAccountSettings for a new account (moto does not implement it)."""

    def get_account_settings(self) -> dict[str, Any]:
        return {"AccountLimit": {"ConcurrentExecutions": 10, "UnreservedConcurrentExecutions": 10}}


@mock_aws
def test_the_account_is_read_from_lambda_service_quotas_and_dynamodb(monkeypatch: pytest.MonkeyPatch,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("AWS_DEFAULT_REGION", "us-east-1")
    for name in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"):
        monkeypatch.setenv(name, "testing")

    def client(service: str) -> Any:
        fakes = {"service-quotas": FakeServiceQuotas(), "lambda": FakeLambda()}
        return fakes.get(service) or boto3.client(service)  # DynamoDB's describe-limits: moto's

    found = preflight.account_quotas(client)
    assert found[API_REQUESTS] == 20_000 and found[NEW_CONNECTIONS] == 500
    assert found[LAMBDA_CONCURRENCY] == 10
    assert all(value is not None for value in found.values()), capsys.readouterr().err
    short = [c.quota for c in preflight.compare(Plan.for_tables(100), found) if not c.fits]
    assert short == [LAMBDA_CONCURRENCY]


def test_bad_input_is_refused_clearly(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as refused:
        preflight.main(["--tables", "0"])
    assert refused.value.code == 2 and "--tables must be a positive whole number" in capsys.readouterr().err


def test_the_default_size_is_the_stacks() -> None:
    from infra.config import DEFAULT_TABLES

    assert preflight.DEFAULT_TABLES == DEFAULT_TABLES
