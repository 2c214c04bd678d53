"""Fixtures of the reliability tests.

The in-process tests reuse the server tests' harness (``devserver.in_process`` through
``tests/functions/conftest.py``: moto in-process, the real fan-out answered at botocore's boundary, a settable
clock, API-Gateway-shaped events), where ``faults.inject`` makes AWS calls fail as AWS fails them; the end-to-end
ones start the local gateway (``devserver.testing.running_gateway``) as `make dev` runs it.
"""

from __future__ import annotations

from tests.functions.conftest import (  # noqa: F401  (the server tests' fixtures)
    clock_, fresh_rate_limits, gateway, posts,
)
