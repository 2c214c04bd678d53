"""The `color-rows` game object: every member of the engine contract (engine-contract.md).

Work in progress: the rules land in the next commits; the object exists now so the registry imports.
"""

from __future__ import annotations

import random
from typing import Any


class ColorRows:
    """The contract's game object for Color Rows."""

    id = "color-rows"
    min_players = 2
    max_players = 5

    def __getattr__(self, name: str) -> Any:
        raise NotImplementedError(f"color-rows: {name} is not implemented yet")


GAME = ColorRows()
