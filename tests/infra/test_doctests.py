"""The examples in infra's docstrings are tests too."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["infra.app_metrics", "infra.capacity", "infra.config", "infra.domain", "infra.site"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0 and result.attempted > 0
