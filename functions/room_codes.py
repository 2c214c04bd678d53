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
#: With the test-only ``DECKROOM_SEED`` every creation tries the same codes, so the n-th room takes n tries: such a
#: server (tests, screenshots) goes on with this many 8-digit codes, where four would fail its 13th room.
SEEDED_TRIES = 1000


def free_codes() -> Iterator[str]:
    """Random room codes to try: ``TRIES_PER_LENGTH`` of each of ``CODE_LENGTHS`` (the 4-digit ones among the
    first ``short_codes``: all 10 000 but in tests). With the test-only ``DECKROOM_SEED`` they are the same codes
    at every creation, so a room gets the first of them that is free: on an empty table, always the first (and
    ``SEEDED_TRIES`` of the longest length, so that the same codes do not run out)."""
    seed = settings().seed
    codes = random.SystemRandom() if seed is None else random.Random(f"{seed}:codes")
    for length in CODE_LENGTHS:
        space = settings().short_codes if length == 4 else 10**length
        tries = SEEDED_TRIES if seed is not None and length == CODE_LENGTHS[-1] else TRIES_PER_LENGTH
        for _ in range(tries):
            yield f"{codes.randrange(space):0{length}d}"
