"""Validating a game's options against a small declarative table.

Each game declares ``{name: (default, allowed values)}``; ``validate`` fills in defaults and rejects anything
unknown or out of range with an ``OptionsError``. Booleans are checked by identity so ``1`` never passes as
``True`` (and ``True`` never passes as ``1``).

>>> SPEC = {"stacking": (False, (False, True)), "call": ("callout", ("callout", 3, 5))}
>>> validate(SPEC, {"call": 5})
{'stacking': False, 'call': 5}
>>> validate(SPEC, {"call": 4})
Traceback (most recent call last):
...
functions.engine.errors.OptionsError: option 'call' must be one of 'callout', 3, 5; got 4
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import OptionsError

OptionSpec = dict[str, tuple[Any, tuple[Any, ...]]]


def _same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b


def validate(spec: OptionSpec, options: Any) -> dict[str, Any]:
    """The full, normalised options; raises ``OptionsError`` on anything unknown or out of range."""
    if not isinstance(options, dict):
        raise OptionsError("options_not_object", f"options must be an object, got {type(options).__name__}")
    unknown = sorted(set(options) - set(spec), key=str)
    if unknown:
        raise OptionsError("unknown_option", f"unknown option(s): {', '.join(map(repr, unknown))}")
    result = {}
    for name, (default, allowed) in spec.items():
        value = options.get(name, default)
        if not any(_same(value, a) for a in allowed):
            choices = ", ".join(map(repr, allowed))
            raise OptionsError("bad_option_value", f"option {name!r} must be one of {choices}; got {value!r}")
        result[name] = value
    return result


def preset_options(spec: OptionSpec, presets: Mapping[str, Mapping[str, Any]], name: str | None) -> dict[str, Any]:
    """The options of the preset ``name`` (``None``: the defaults), validated against ``spec``.

    >>> SPEC = {"stacking": (False, (False, True)), "call": ("callout", ("callout", 3, 5))}
    >>> preset_options(SPEC, {"quick": {"call": 3}}, "quick")
    {'stacking': False, 'call': 3}
    >>> preset_options(SPEC, {"quick": {"call": 3}}, "slow")
    Traceback (most recent call last):
    ...
    functions.engine.errors.OptionsError: unknown preset 'slow'; known: 'quick'
    """
    if name is not None and name not in presets:
        known = ", ".join(map(repr, presets))
        raise OptionsError("unknown_preset", f"unknown preset {name!r}; known: {known}")
    return validate(spec, {} if name is None else dict(presets[name]))

