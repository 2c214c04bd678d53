"""End-to-end tests: the real handlers behind the local gateway (a subprocess), played by `tools.playtest`."""

from __future__ import annotations

from typing import Iterator

import pytest

from devserver.testing import TEST_PACE, RunningGateway, running_gateway


@pytest.fixture(scope="module")
def gateway() -> Iterator[RunningGateway]:
    """One stack with `make dev`'s settings, shared by a module's tests (each plays in rooms of its own)."""
    with running_gateway(env=TEST_PACE) as running:
        yield running
