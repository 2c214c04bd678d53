"""The built site's weight: JS and CSS bytes, raw and gzip, that each page or on-demand part makes a phone download.

    python -m bench site

Reads `frontend/dist/` (built by `make`) and the build's manifest (`dist/.vite/manifest.json`, which names the
chunks and styles each part brings). The landing page is the home screen only (index.html's scripts and styles,
plus the site's words in the reader's language, a chunk of its own: Japanese by default); a game adds, on demand, the room's
screen and its own table, with its words and rules explained in the reader's language (docs/decisions.md, "Each game's table on demand"). Targets (issue 33): landing-page JS
at most 35 KB gzip, each game at most 25 KB gzip more; the overall budget for a first page on a slow connection is
80 KB of gzip JS+CSS.
"""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

DIST = Path(__file__).resolve().parent.parent / "frontend" / "dist"
MANIFEST = DIST / ".vite" / "manifest.json"
BUDGET = 80_000  # bytes of gzip JS + CSS before the first screen is usable
LANDING_JS = 35_000  # bytes of gzip JS of the landing page
GAME_JS = 25_000  # bytes of gzip JS a game's table adds on demand
ASSET = re.compile(r'(?:src|href)="(/assets/[^"]+\.(?:js|css))"')
# The room's frame, its log and motion, and the stamps' sheet (loaded with a room; its lobby, results and people's
# sheet come on demand, as the room's phase shows them).
ROOM = ("src/ui/screens/RoomScreen.tsx", "src/app/tableParts.ts", "src/ui/parts/Stamps.tsx")
ROOM_PARTS = {"the lobby": "src/ui/screens/Lobby.tsx", "the results": "src/ui/screens/Results.tsx",
              "the people sheet (⚙)": "src/ui/parts/RoomPeople.tsx"}
GAMES = ("color-match", "color-rows", "daifugo")
LANGS = {"ja": "Japanese", "en": "English", "ko": "Korean"}


def gzip_size(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), compresslevel=9))


def assets_of(html: str) -> list[Path]:
    return [DIST / ref.lstrip("/") for ref in dict.fromkeys(ASSET.findall(html))]


def chunk_files(manifest: dict[str, dict], key: str, seen: set[str]) -> list[Path]:
    """The files ``key`` brings (its chunk, its styles, the chunks it imports statically), less those in ``seen``."""
    if key in seen or key not in manifest:
        return []
    seen.add(key)
    entry = manifest[key]
    files = [entry["file"], *entry.get("css", [])]
    paths = [DIST / f for f in files]
    for imported in entry.get("imports", []):
        paths += chunk_files(manifest, imported, seen)
    return paths


def sizes(paths: list[Path]) -> dict[str, tuple[int, int]]:
    """{"js": (raw, gzip), "css": (raw, gzip)} over ``paths``."""
    totals = {"js": [0, 0], "css": [0, 0]}
    for path in dict.fromkeys(paths):
        kind = totals[path.suffix.lstrip(".")]
        kind[0] += path.stat().st_size
        kind[1] += gzip_size(path)
    return {kind: (raw, packed) for kind, (raw, packed) in totals.items()}


def page_and_base(manifest: dict[str, dict]) -> tuple[list[Path], set[str]]:
    """index.html's files, and the manifest keys they already bring (not counted again by an on-demand part)."""
    base = {"index.html"}
    for key in manifest["index.html"].get("imports", []):
        chunk_files(manifest, key, base)
    return assets_of((DIST / "index.html").read_text()), base


def landing_page(manifest: dict[str, dict], lang: str) -> list[Path]:
    """The landing page's files for a reader of ``lang``: index.html's and the site's words in that language."""
    page, base = page_and_base(manifest)
    return page + chunk_files(manifest, f"src/i18n/{lang}.ts", base)


def room_frame(manifest: dict[str, dict], base: set[str]) -> tuple[list[Path], set[str]]:
    """The files a room adds to the landing page before its game's table, and every file loaded by then."""
    seen = set(base)
    return [path for key in ROOM for path in chunk_files(manifest, key, seen)], seen


def game_table(manifest: dict[str, dict], game: str, lang: str) -> list[Path]:
    """What a game adds to the landing page for a reader of ``lang``: the room's frame, the game's table, and its
    words and rules explained in that language, chunks of their own (``GAME_JS``'s budget)."""
    page, base = page_and_base(manifest)
    room, seen = room_frame(manifest, base)
    table = chunk_files(manifest, f"src/games/{game}/play.ts", seen)
    for part in ("words", "explained"):
        table += chunk_files(manifest, f"src/games/{game}/{part}/{lang}.ts", seen)
    return room + table


def row(label: str, paths: list[Path], target: int | None) -> None:
    s = sizes(paths)
    goal = f"≤ {target:,}" if target else ""
    verdict = "" if not target else ("ok" if s["js"][1] <= target else "OVER")
    print(f"{label:<44} {s['js'][0]:>9,} {s['js'][1]:>9,} {s['css'][0]:>9,} {s['css'][1]:>9,} {goal:>10} {verdict}")


def main() -> None:
    if not MANIFEST.exists():
        print("frontend/dist (with .vite/manifest.json) is missing: run `make` (or `cd frontend && npm run build`)")
        return
    manifest = json.loads(MANIFEST.read_text())
    page, base = page_and_base(manifest)
    print(f"{'page / part (gzip target: JS)':<44} {'JS raw':>9} {'JS gzip':>9} {'CSS raw':>9} {'CSS gzip':>9} {'target':>10}")
    for lang, name in LANGS.items():
        row(f"landing / in {name} (+ {lang} words)", landing_page(manifest, lang), LANDING_JS)
    room, room_seen = room_frame(manifest, base)
    row("  + a room's frame: on demand", room, None)
    for game in GAMES:
        row(f"  + {game}'s table: on demand", chunk_files(manifest, f"src/games/{game}/play.ts", set(room_seen)), None)
        for lang, name in LANGS.items():
            row(f"  + a room and {game}, in {name}", game_table(manifest, game, lang), GAME_JS)
    for name, key in ROOM_PARTS.items():
        row(f"  + {name}: on demand", chunk_files(manifest, key, set(room_seen)), None)
    row("  + profile screen: on demand", chunk_files(manifest, "src/ui/screens/ProfileScreen.tsx", set(base)), None)
    row("  + QR code (lobby, when shown)", chunk_files(manifest, "node_modules/qrcode-generator/dist/qrcode.mjs", set(base)), None)
    for rules in sorted((DIST / "rules").glob("*.html")):
        row(f"rules page (rules/{rules.name})", assets_of(rules.read_text()), None)
    worker = DIST / "sw.js"
    if worker.exists():  # fetched by the browser after the first page, at each visit (not part of the budget)
        print(f"  service worker: sw.js {worker.stat().st_size:,} B raw, {gzip_size(worker):,} B gzip")
    landing = sizes(landing_page(manifest, "ja"))
    total = landing["js"][1] + landing["css"][1]
    print(f"budget: {BUDGET:,} B gzip JS+CSS for the first page: {total:,} B ({total / BUDGET:.0%})")


if __name__ == "__main__":
    main()
