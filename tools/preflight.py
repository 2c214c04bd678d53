"""`make preflight` (`python -m tools.preflight --tables N`): does this AWS account allow what N tables need?

The capacity model (``infra/capacity.py``, docs/capacity.md) says what the stack for N tables at once needs of
each account quota; this asks the account what it has — Lambda's concurrency from ``lambda get-account-settings``
(a new account may get far less than the default 1,000), API Gateway's from Service Quotas, DynamoDB's table
limits from ``dynamodb describe-limits`` — and says which to raise, and to what, before the first deploy. It only
reads. Exits 0 when everything fits, 1 when a quota must be raised first (or could not be read), 2 on bad input.
Credentials and the Region are the AWS CLI's (``AWS_PROFILE``, ``AWS_REGION``, or ``--region``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from infra.capacity import (
    API_REQUESTS, DYNAMODB_TABLE_READS, DYNAMODB_TABLE_WRITES, LAMBDA_CONCURRENCY, NEW_CONNECTIONS, Plan, Quota,
)

DEFAULT_TABLES = 100
"""The stack's default ``tables`` (``infra/config.py``, which imports CDK: not imported here)."""


@dataclass(frozen=True)
class Check:
    """One quota: what the plan needs and what the account has (None: it could not be read)."""

    quota: Quota
    needed: int
    current: int | None

    @property
    def fits(self) -> bool:
        return self.current is not None and self.current >= self.needed

    def line(self) -> str:
        code = f" ({self.quota.code})" if self.quota.code else ""
        name = f"{self.quota.service}: {self.quota.name}{code}"
        if self.current is None:
            return f"?  {name}: could not be read; it must be at least {self.needed:,} {self.quota.unit}"
        if self.fits:
            return f"ok {name}: {self.current:,} (needs {self.needed:,} {self.quota.unit})"
        return f"RAISE {name}: {self.current:,} → at least {self.needed:,} {self.quota.unit}"


def compare(plan: Plan, current: Mapping[Quota, int | None]) -> list[Check]:
    """Every quota the plan leans on, against the account's value (a quota not read counts as unknown).

    >>> compare(Plan.for_tables(100), {LAMBDA_CONCURRENCY: 10})[2].line()
    'RAISE Lambda: Concurrent executions (L-B99A9384): 10 → at least 19 executions'
    """
    return [Check(quota, needed, current.get(quota)) for quota, needed in plan.needs]


def _service_quota(client: Any, service: str, code: str) -> int:
    """The account's value of a Service Quotas quota (the AWS default where it was never changed)."""
    try:
        return int(client.get_service_quota(ServiceCode=service, QuotaCode=code)["Quota"]["Value"])
    except client.exceptions.NoSuchResourceException:
        return int(client.get_aws_default_service_quota(ServiceCode=service, QuotaCode=code)["Quota"]["Value"])


def account_quotas(client: Callable[[str], Any]) -> dict[Quota, int | None]:
    """What the account has of each quota; ``client(service)`` makes a boto3 client. A quota whose call fails
    (no permission, a Region without the service) is None, reported as unknown."""
    readers: dict[Quota, Callable[[], int]] = {
        LAMBDA_CONCURRENCY: lambda: int(
            client("lambda").get_account_settings()["AccountLimit"]["ConcurrentExecutions"]),
        API_REQUESTS: lambda: _service_quota(client("service-quotas"), "apigateway", str(API_REQUESTS.code)),
        NEW_CONNECTIONS: lambda: _service_quota(client("service-quotas"), "apigateway", str(NEW_CONNECTIONS.code)),
        DYNAMODB_TABLE_READS: lambda: int(client("dynamodb").describe_limits()["TableMaxReadCapacityUnits"]),
        DYNAMODB_TABLE_WRITES: lambda: int(client("dynamodb").describe_limits()["TableMaxWriteCapacityUnits"]),
    }
    found: dict[Quota, int | None] = {}
    for quota, read in readers.items():
        try:
            found[quota] = read()
        except Exception as err:  # reported as unknown, with the reason
            print(f"could not read {quota.service} {quota.name}: {err}", file=sys.stderr)
            found[quota] = None
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.preflight", description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=DEFAULT_TABLES,
                        help=f"tables playing at once at the busiest hour (the stack's -c tables; {DEFAULT_TABLES})")
    parser.add_argument("--region", help="the Region to deploy to (default: the AWS CLI's)")
    arguments = parser.parse_args(argv)
    if arguments.tables < 1:
        parser.error(f"--tables must be a positive whole number, not {arguments.tables}")
    import boto3

    session = boto3.Session(region_name=arguments.region)
    checks = compare(Plan.for_tables(arguments.tables), account_quotas(session.client))
    print(f"Deckroom for {arguments.tables:,} tables at once in {session.region_name}:")
    for check in checks:
        print("  " + check.line())
    short = [c for c in checks if not c.fits]
    if short:
        print("Raise these in the Service Quotas console (or `aws service-quotas request-service-quota-increase`) "
              "before deploying; Lambda's concurrency of a new account is raised the same way.")
        return 1
    print("Everything the plan needs fits.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
