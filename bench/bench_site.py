"""The built site's weight: JS and CSS bytes, raw and gzip, that each page makes a phone download.

    python -m bench site

Reads `frontend/dist/` (built by `make`): for each HTML entry, the scripts, module preloads and stylesheets
it references; chunks nothing references up front (the QR code library) are listed as loaded on demand. The
reference column is a budget for a phone on a slow connection: 80 KB of gzip JS+CSS for the first page.
"""

from __future__ import annotations

import gzip
import re
from pathlib import Path

DIST = Path(__file__).resolve().parent.parent / "frontend" / "dist"
BUDGET = 80_000  # bytes of gzip JS + CSS before the first screen is usable
#: (label, HTML entry, whether the on-demand chunks count). The game page is the same SPA bundle as the first
#: page (one download serves every screen); the lobby adds the QR code chunk when "QRを表示" is pressed.
PAGES = [
    ("first page (index.html)", "index.html", False),
    ("game page (the same SPA bundle)", "index.html", False),
    ("lobby with the QR code shown", "index.html", True),
    ("rules page (rules/color-match.html)", "rules/color-match.html", False),
]
ASSET = re.compile(r'(?:src|href)="(/assets/[^"]+\.(?:js|css))"')


def gzip_size(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), compresslevel=9))


def assets_of(html: str) -> list[Path]:
    return [DIST / ref.lstrip("/") for ref in dict.fromkeys(ASSET.findall(html))]


def sizes(paths: list[Path]) -> dict[str, tuple[int, int]]:
    """{"js": (raw, gzip), "css": (raw, gzip)} over ``paths``."""
    totals = {"js": [0, 0], "css": [0, 0]}
    for path in paths:
        kind = totals[path.suffix.lstrip(".")]
        kind[0] += path.stat().st_size
        kind[1] += gzip_size(path)
    return {kind: (raw, packed) for kind, (raw, packed) in totals.items()}


def main() -> None:
    if not (DIST / "index.html").exists():
        print("frontend/dist is missing: run `make` (or `cd frontend && npm ci && npm run build`) first")
        return
    referenced = {p for _, file, _ in PAGES for p in assets_of((DIST / file).read_text())}
    on_demand = sorted(p for p in (DIST / "assets").glob("*.js") if p not in referenced)
    print(f"{'page':<40} {'JS raw':>9} {'JS gzip':>9} {'CSS raw':>9} {'CSS gzip':>9} {'of budget':>10}")
    for label, file, with_on_demand in PAGES:
        paths = assets_of((DIST / file).read_text()) + (on_demand if with_on_demand else [])
        s = sizes(paths)
        total = s["js"][1] + s["css"][1]
        print(f"{label:<40} {s['js'][0]:>9,} {s['js'][1]:>9,} {s['css'][0]:>9,} {s['css'][1]:>9,} {total / BUDGET:>9.0%}")
    for path in on_demand:
        print(f"  on demand: {path.name} {path.stat().st_size:,} B raw, {gzip_size(path):,} B gzip")
    worker = DIST / "sw.js"
    if worker.exists():  # fetched by the browser after the first page, at each visit (not part of the budget)
        print(f"  service worker: sw.js {worker.stat().st_size:,} B raw, {gzip_size(worker):,} B gzip")
    print(f"budget: {BUDGET:,} B gzip JS+CSS for the first page")


if __name__ == "__main__":
    main()
