"""Color Rows' one option, the scoring table (docs/rules.md, "Color Rows: options"), and a preset per side.

>>> options("variant"), validate_options({})
({'scoring': 'variant'}, {'scoring': 'standard'})
"""

from __future__ import annotations

from typing import Any

from ..options import OptionSpec, preset_options, validate

OPTION_SPECS: OptionSpec = {"scoring": ("standard", ("standard", "variant"))}
PRESETS: dict[str, dict[str, Any]] = {"standard": {"scoring": "standard"}, "variant": {"scoring": "variant"}}


def options(preset: str | None = None) -> dict[str, Any]:
    """The default options, or those of the preset ``"standard"`` / ``"variant"`` (the scoring side)."""
    return preset_options(OPTION_SPECS, PRESETS, preset)


def validate_options(options: Any) -> dict[str, Any]:
    """The full, normalised options; ``OptionsError`` on anything unknown or out of range."""
    return validate(OPTION_SPECS, options)
