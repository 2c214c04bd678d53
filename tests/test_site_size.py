"""The landing page's weight (issue 33): its JS stays within the budget in every language (bench/bench_site.py
prints the whole table)."""

from __future__ import annotations

import json

import pytest

from bench.bench_site import LANDING_JS, LANGS, MANIFEST, landing_page, sizes
from tools.browser.gateway import ensure_built


@pytest.mark.parametrize("lang", LANGS)
def test_landing_page_js_is_within_budget(lang: str) -> None:
    ensure_built()
    js_gzip = sizes(landing_page(json.loads(MANIFEST.read_text()), lang))["js"][1]
    assert js_gzip <= LANDING_JS, f"landing page in {lang}: {js_gzip:,} B gzip JS, budget {LANDING_JS:,}"
