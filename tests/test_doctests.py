"""Every docstring example of the project's Python packages is a test: each module whose source shows one (``>>>``)
is run through ``doctest``, so the examples stay true."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

PACKAGES = ("functions", "devserver", "tools", "bench")
ROOT = Path(__file__).resolve().parent.parent


def _modules_with_examples() -> list[str]:
    names = []
    for package in PACKAGES:
        for module in pkgutil.walk_packages([str(ROOT / package)], prefix=f"{package}."):
            path = ROOT / (module.name.replace(".", "/") + ("/__init__.py" if module.ispkg else ".py"))
            if ">>>" in path.read_text(encoding="utf-8"):
                names.append(module.name)
    return sorted(names)


MODULES = _modules_with_examples()


def test_the_examples_are_found() -> None:
    assert {"functions.protocol", "functions.engine.options", "devserver.routing", "tools.playtest.checks",
            "bench.aws_calls"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0
