"""Room codes to try for a new room (docs/server.md, "Room codes").

Codes have 4 digits, then 6, then 8: a length is left when ``TRIES_PER_LENGTH`` random codes of it in a row are
taken — the 4-digit codes are crowded (with half of them taken, one new room in 16 gets 6 digits). Each code is
claimed by a conditional put (``unit_of_work.create_room``).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from .settings import settings

CODE_LENGTHS = (4, 6, 8)
TRIES_PER_LENGTH = 4


def free_codes() -> Iterator[str]:
    """Random room codes to try: ``TRIES_PER_LENGTH`` of each of ``CODE_LENGTHS`` (the 4-digit ones among the
    first ``short_codes``: all 10 000 but in tests). With the test-only ``DECKROOM_SEED`` they are the same codes
    at every creation, so a room gets the first of them that is free: on an empty table, always the first."""
    seed = settings().seed
    codes = random.SystemRandom() if seed is None else random.Random(f"{seed}:codes")
    for length in CODE_LENGTHS:
        space = settings().short_codes if length == 4 else 10**length
        for _ in range(TRIES_PER_LENGTH):
            yield f"{codes.randrange(space):0{length}d}"
