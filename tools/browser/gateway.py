"""The site the browser tests drive: built once, served by a local gateway with seeded deals at the tests' pace."""

from __future__ import annotations

import subprocess
from pathlib import Path

from devserver.testing import TEST_PACE

FRONTEND = Path(__file__).resolve().parents[2] / "frontend"

#: The browser tests' gateway settings: the server's random source for game seeds and room codes is seeded
#: (docs/devserver.md, "Seeded deals"), and CPUs play at the tests' pace.
SEEDED = {"DECKROOM_SEED": "browser-tests", **TEST_PACE}


def ensure_built() -> None:
    """`make test` builds the site first; a direct pytest run on a fresh clone builds it here."""
    if (FRONTEND / "dist" / "index.html").exists():
        return
    if not (FRONTEND / "node_modules").exists():
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=FRONTEND, check=True)
    subprocess.run(["npm", "run", "build"], cwd=FRONTEND, check=True)
