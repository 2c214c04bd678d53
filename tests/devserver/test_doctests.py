"""The examples in devserver's docstrings are tests too."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["devserver.__main__", "devserver.events", "devserver.lambda_runtime", "devserver.lan", "devserver.oidc",
           "devserver.routing", "devserver.server", "devserver.settings", "devserver.sqs_poller"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
