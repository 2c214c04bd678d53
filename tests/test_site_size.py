"""The site's weight (issue 33): the landing page's JS stays within its budget in every language, and what each
game adds (the room's frame and the game's table) within its own (bench/bench_site.py prints the whole table)."""

from __future__ import annotations

import json

import pytest

from bench.bench_site import GAME_JS, GAMES, LANDING_JS, LANGS, MANIFEST, game_table, landing_page, sizes
from tools.browser.gateway import ensure_built


@pytest.mark.parametrize("lang", LANGS)
def test_landing_page_js_is_within_budget(lang: str) -> None:
    ensure_built()
    js_gzip = sizes(landing_page(json.loads(MANIFEST.read_text()), lang))["js"][1]
    assert js_gzip <= LANDING_JS, f"landing page in {lang}: {js_gzip:,} B gzip JS, budget {LANDING_JS:,}"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_a_games_table_is_within_budget(game: str, lang: str) -> None:
    ensure_built()
    js_gzip = sizes(game_table(json.loads(MANIFEST.read_text()), game, lang))["js"][1]
    assert js_gzip <= GAME_JS, f"a room and {game}'s table in {lang}: {js_gzip:,} B gzip JS more, budget {GAME_JS:,}"
