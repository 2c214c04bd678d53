"""Color Match's options (docs/rules.md, "Options") and the two presets built from them.

>>> validate_options(PRESETS["basic"])["call"], validate_options(PRESETS["house"])["call"]
('callout', 'next_action')
>>> validate_options({"call": 5, "stacking": True})["stacking"]
True
>>> validate_options({"call": 4})
Traceback (most recent call last):
...
functions.engine.errors.OptionsError: option 'call' must be one of 'callout', 'next_action', 3, 5, 10; got 4
"""

from __future__ import annotations

from typing import Any

from ..options import OptionSpec, validate

BOOL = (False, True)
TIMED_CALLS = (3, 5, 10)

OPTION_SPECS: OptionSpec = {
    "multi_play": (False, BOOL),  # まとめ出し (docs/rules.md CM 6)
    "stacking": (False, BOOL),  # 重ね返し (CM 7)
    "challenge": (False, BOOL),  # チャレンジ (CM 8)
    "no_action_finish": (False, BOOL),  # 記号上がり禁止 (CM 9)
    "call": ("callout", ("callout", "next_action") + TIMED_CALLS),  # the last-card call (CM 10)
}

# ``basic`` is every option off with the 「指摘する」 callout; ``house`` turns on the usual house rules.
PRESETS: dict[str, dict[str, Any]] = {
    "basic": {},
    "house": {"multi_play": True, "stacking": True, "challenge": True, "call": "next_action"},
}

# docs/rules.md, "Challenge": on a successful challenge after a chain, the Wild Draw Four's player draws 4 (the
# rule here) — or, with this set, the whole pending total (Mattel's house-rule reading).
GUILTY_DRAWS_WHOLE_CHAIN = False


def validate_options(options: Any) -> dict[str, Any]:
    """The full, normalised options; ``OptionsError`` on anything unknown or out of range."""
    return validate(OPTION_SPECS, options)


class Rules:
    """Validated options as attributes, shared by every state of one game (read on every move, so no dict)."""

    __slots__ = ("options", "multi_play", "stacking", "challenge", "no_action_finish", "call", "grace")

    def __init__(self, options: dict[str, Any]) -> None:
        self.options = validate_options(options)
        self.multi_play: bool = self.options["multi_play"]
        self.stacking: bool = self.options["stacking"]
        self.challenge: bool = self.options["challenge"]
        self.no_action_finish: bool = self.options["no_action_finish"]
        self.call: str | int = self.options["call"]
        # seconds of grace for the timed call, None for "callout" / "next_action"
        self.grace: int | None = self.call if self.call in TIMED_CALLS else None


# The Rules of each valid option set met so far, keyed by the options' items and their types (so that ``1`` never
# finds the entry of ``True``). Only valid sets are stored, and there are few of them, so it stays small.
_SHARED: dict[tuple[Any, ...], Rules] = {}


def shared_rules(options: Any) -> Rules:
    """``Rules(options)``, validated once per distinct option set (every game's setup and load asks; the
    validation costs about a third of a deal). Raises ``OptionsError`` as ``Rules`` does.

    >>> shared_rules({"stacking": True}) is shared_rules({"stacking": True})
    True
    >>> shared_rules({"stacking": 1})
    Traceback (most recent call last):
    ...
    functions.engine.errors.OptionsError: option 'stacking' must be one of False, True; got 1
    """
    try:
        key = (*options.items(), *map(type, options.values()))
        rules = _SHARED.get(key)
    except (AttributeError, TypeError):  # not a dict, or an unhashable value: Rules says what is wrong
        return Rules(options)
    if rules is None:
        rules = _SHARED[key] = Rules(options)  # raises OptionsError on anything invalid: nothing is stored
    return rules
