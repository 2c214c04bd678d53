"""Fixtures of the reliability tests.

The in-process tests reuse the server tests' harness (moto in-process, posts captured at the fan-out boundary, a
settable clock, API-Gateway-shaped events: ``tests/functions/conftest.py``); the end-to-end ones start the local
gateway (``devserver.testing.running_gateway``) as `make dev` runs it.
"""

from __future__ import annotations

from tests.functions.conftest import Clock, Gateway, Posts, aws, clock_, engines, gateway, posts  # noqa: F401
