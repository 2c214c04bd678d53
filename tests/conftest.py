"""Test-wide settings: hypothesis profiles, and the xdist groups of tests that share an expensive fixture.

``ci`` (what `make test` runs) is derandomized: the same examples every run, so a red run is red again on the
next one and its blob reproduces it. ``default`` (a plain pytest call) draws new examples; ``thorough`` (`make
soak`) draws ten times as many.
"""

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.register_profile("ci", parent=settings.get_profile("default"), derandomize=True, database=None)
settings.register_profile(
    "thorough", max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

#: Tests that share a session- or module-scoped fixture too costly to build on every worker: the CDK synthesis
#: (tests/infra) and the end-to-end modules' gateways. Under `--dist loadgroup` a group runs on one worker.
GROUPS = {"tests/infra/": "cdk-synth", "tests/e2e/": None}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        path = item.path.as_posix()
        for folder, group in GROUPS.items():
            if f"/{folder}" in path and not item.get_closest_marker("xdist_group"):
                item.add_marker(pytest.mark.xdist_group(group or item.path.stem))
