"""The engine's docstring examples are part of its documentation: they must stay true."""

import doctest
import importlib
import pkgutil

import pytest

import functions.engine

MODULES = sorted(
    m.name for m in pkgutil.walk_packages(functions.engine.__path__, prefix="functions.engine.")
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert failures == 0
