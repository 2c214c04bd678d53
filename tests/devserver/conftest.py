"""Gateway tests run the gateway in the test's own process with the recording handlers as its routes.

`async def` tests run on a fresh event loop each (pytest-asyncio is not a dependency: the hook below is all
it takes), under an overall timeout so a missing frame fails the test instead of hanging it.
"""

from __future__ import annotations

import asyncio
import inspect

import pytest

from tests.devserver import recording_handlers

TEST_TIMEOUT = 60.0


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool | None:
    if not inspect.iscoroutinefunction(pyfuncitem.obj):
        return None
    arguments = {name: pyfuncitem.funcargs[name] for name in pyfuncitem._fixtureinfo.argnames}
    asyncio.run(asyncio.wait_for(pyfuncitem.obj(**arguments), TEST_TIMEOUT))
    return True


@pytest.fixture(autouse=True)
def fresh_recordings() -> None:
    recording_handlers.clear()
