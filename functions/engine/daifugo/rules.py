"""The options of 大富豪 (room settings) and its two presets.

``basic`` is the plain game with 革命 and 8切り and one joker; ``house`` a full Japanese party table. Every local
rule is also its own option. ``sequence_revolution`` needs both ``sequences`` and ``revolution``; without
either it is normalised to ``False`` (the lobby may send it on, the game plays it off).

>>> options()["jokers"], options("house")["jokers"], options("house")["lock"]
(1, 2, True)
>>> validate_options({"sequence_revolution": True})["sequence_revolution"]
False
>>> validate_options({"rounds": 11})
Traceback (most recent call last):
...
functions.engine.errors.OptionsError: option 'rounds' must be one of 1, 2, 3, 4, 5, 6, 7, 8, 9, 10; got 11
"""

from __future__ import annotations

from typing import Any

from ..options import OptionSpec, preset_options, validate

BOOL = (False, True)

OPTION_SPEC: OptionSpec = {
    "jokers": (1, (0, 1, 2)),  # ジョーカー枚数
    "rounds": (4, tuple(range(1, 11))),  # ゲーム数
    "sequences": (False, BOOL),  # 階段
    "revolution": (True, BOOL),  # 革命 / 革命返し
    "sequence_revolution": (False, BOOL),  # 階段革命 (5+ cards)
    "eight_cut": (True, BOOL),  # 8切り
    "lock": (False, BOOL),  # 縛り
    "eleven_back": (False, BOOL),  # 11バック
    "spade3": (False, BOOL),  # スペ3返し
    "miyako_ochi": (False, BOOL),  # 都落ち
    "forbidden_finish": (False, BOOL),  # 反則上がり
}

PRESETS: dict[str, dict[str, Any]] = {
    "basic": {},
    "house": {
        "jokers": 2,
        "sequences": True,
        "sequence_revolution": True,
        "lock": True,
        "eleven_back": True,
        "spade3": True,
        "miyako_ochi": True,
        "forbidden_finish": True,
    },
}


def validate_options(options: dict[str, Any]) -> dict[str, Any]:
    """The full, normalised options; ``OptionsError`` on unknown keys or values out of range."""
    result = validate(OPTION_SPEC, options)
    if not (result["sequences"] and result["revolution"]):
        result["sequence_revolution"] = False
    return result


def options(preset: str | None = None) -> dict[str, Any]:
    """The options of ``preset`` (``None``: ``basic``), in full."""
    return validate_options(preset_options(OPTION_SPEC, PRESETS, preset))
