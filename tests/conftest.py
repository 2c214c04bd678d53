"""Test-wide settings: hypothesis profiles, the xdist groups of tests that share an expensive fixture, and the
order tests are handed to the workers in (the long ones first).

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


#: Folders whose tests run first: each starts a gateway, a browser or a CDK synthesis and lasts seconds to a minute.
#: Handed out first, they run side by side while the many short engine and handler tests fill the workers in
#: the end, instead of one long test started last holding the whole run open.
LONG_FIRST = ("tests/browser/", "tests/e2e/", "tests/reliability/", "tests/infra/")


def _long_first(item: pytest.Item) -> int:
    path = item.path.as_posix()
    return next((rank for rank, folder in enumerate(LONG_FIRST) if f"/{folder}" in path), len(LONG_FIRST))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=_long_first)  # stable: each folder's tests keep their order
    for item in items:
        path = item.path.as_posix()
        for folder, group in GROUPS.items():
            if f"/{folder}" in path and not item.get_closest_marker("xdist_group"):
                item.add_marker(pytest.mark.xdist_group(group or item.path.stem))
