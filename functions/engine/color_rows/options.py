"""Color Rows' one option, the scoring table (docs/rules.md CR 2), and a preset of each side.

>>> from functions.engine.options import preset_options
>>> preset_options(OPTION_SPECS, PRESETS, "variant"), preset_options(OPTION_SPECS, PRESETS, None)
({'scoring': 'variant'}, {'scoring': 'standard'})
"""

from __future__ import annotations

from typing import Any

from ..options import OptionSpec

OPTION_SPECS: OptionSpec = {"scoring": ("standard", ("standard", "variant"))}
PRESETS: dict[str, dict[str, Any]] = {"standard": {"scoring": "standard"}, "variant": {"scoring": "variant"}}
