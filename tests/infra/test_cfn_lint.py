"""cfn-lint (AWS's CloudFormation linter: resource schemas, intrinsic functions, best practices) finds nothing in
any template the app synthesises: the default stack, one with every option, and the custom domain's two stacks.

One check is left out: W3005 flags the ``DependsOn`` on a function's role that CDK writes next to the
``Fn::GetAtt`` of the same role (CDK's own functions included): redundant, and harmless.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.infra.conftest import ENVIRONMENT

IGNORED = ["W3005"]
CFN_LINT = Path(sys.executable).with_name("cfn-lint")  # moto[server] brings it into the venv
EVERY_OPTION = {"stage": "prod", "tables": "10000", "monthlyBudgetUsd": "40", "alarmEmail": "ops@example.com",
                "googleClientId": "1234-abc.apps.googleusercontent.com"}
DOMAIN = {"domainName": "play.example.com", "hostedZoneId": "Z0123456789ABC"}


def test_cfn_lint_finds_nothing(synthesize) -> None:
    syntheses = [synthesize(), synthesize(**EVERY_OPTION), synthesize(env=ENVIRONMENT, **EVERY_OPTION, **DOMAIN)]
    templates = sorted(str(path) for synthesis in syntheses for path in synthesis.templates.values())
    assert len(templates) == 4  # the custom domain adds the certificate's stack
    # One run for all: most of cfn-lint's time is loading its schemas.
    result = subprocess.run([str(CFN_LINT), "--ignore-checks", *IGNORED, "--", *templates],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
