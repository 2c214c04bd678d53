"""The app's PNG icons, drawn from its one SVG icon by Chromium (the same browser the tests use).

    python -m tools.icons        # writes frontend/public/icons/*.png; commit them

``frontend/public/icons/icon.svg`` is the source: felt-green tile, two cards. From it:

- ``icon-192.png``, ``icon-512.png``: the "any" icons of the manifest (the tile's rounded corners transparent);
- ``maskable-512.png``: full bleed (no rounded corners: the launcher cuts its own shape) with the cards shrunk
  into the safe zone, the circle of 40 % of the size around the centre that every mask keeps;
- ``apple-touch-icon.png`` (180): full bleed and opaque, as iOS wants it (it rounds the corners itself).

The PNGs are committed rather than made at build time: a rasteriser in the site's build would be a dependency for
four files that change only when the drawing does.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from urllib.parse import quote

from playwright.sync_api import sync_playwright

from tools.browser.driver import launch

ICONS = Path(__file__).resolve().parent.parent / "frontend" / "public" / "icons"
SOURCE = ICONS / "icon.svg"
SAFE_ZONE_SCALE = 0.78  # the cards' farthest corner lands inside the maskable safe circle (radius 0.4 × size)


def variant(svg: str, *, full_bleed: bool, scale: float = 1.0) -> str:
    """``svg`` with square corners (``full_bleed``) and its cards scaled about the centre."""
    if full_bleed:
        svg = re.sub(r'(<rect id="tile"[^>]*?) rx="[0-9.]+"', r"\1", svg)
    if scale != 1.0:
        svg = svg.replace('<g id="cards"', f'<g id="cards" transform="translate(256 256) scale({scale}) '
                                            'translate(-256 -256)"')
    return svg


def outputs(svg: str) -> dict[str, tuple[int, str]]:
    """File name → (size in px, SVG to draw)."""
    return {
        "icon-192.png": (192, svg),
        "icon-512.png": (512, svg),
        "maskable-512.png": (512, variant(svg, full_bleed=True, scale=SAFE_ZONE_SCALE)),
        "apple-touch-icon.png": (180, variant(svg, full_bleed=True, scale=0.9)),
    }


def main() -> int:
    svg = SOURCE.read_text()
    with sync_playwright() as playwright:
        browser = launch(playwright)
        page = browser.new_page(device_scale_factor=1)
        for name, (size, drawing) in outputs(svg).items():
            page.set_viewport_size({"width": size, "height": size})
            page.set_content(f'<body style="margin:0"><img width="{size}" height="{size}" '
                             f'src="data:image/svg+xml,{quote(drawing)}"></body>')
            page.wait_for_function("document.images[0].complete")
            page.screenshot(path=ICONS / name, omit_background=True)
            print(f"  {name} ({size}×{size})")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
