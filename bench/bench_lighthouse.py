"""Lighthouse's audit of the landing page and a rules page, as a phone would see them: printed, not asserted.

    python -m bench lighthouse

Lighthouse 12 (npm, installed by `make bench` into `bench/lighthouse/`, not into the frontend: docs/decisions.md)
with its default mobile preset (a Moto G Power class phone, simulated slow 4G and 4× CPU) drives Debian's
Chromium (headless) against a local gateway serving the built site (`devserver.testing.running_gateway`, as
`bench play_frames` does). For each page: the performance score, total blocking time, cumulative layout shift and
largest contentful paint, and the accessibility, best-practices and SEO scores. Targets (issue 33) for `/`:
performance ≥ 98, accessibility, best practices and SEO 100, CLS 0. Lighthouse's milliseconds are simulated from
a trace taken on a shared machine: compare runs side by side, not with another day's.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

LIGHTHOUSE = Path(__file__).resolve().parent / "lighthouse" / "node_modules" / ".bin" / "lighthouse"
PAGES = (("landing /", "/"), ("rules /rules/color-match.html", "/rules/color-match.html"))
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
RUNS = 2


def audit(url: str, chromium: str) -> dict:
    """One Lighthouse run of ``url``: its JSON report (the mobile preset is Lighthouse's default)."""
    done = subprocess.run(
        [str(LIGHTHOUSE), url, "--output=json", "--output-path=stdout", "--quiet",
         f"--only-categories={','.join(CATEGORIES)}", "--chrome-flags=--headless --no-sandbox --disable-gpu"],
        capture_output=True, text=True, timeout=300, env={**os.environ, "CHROME_PATH": chromium},
    )
    if done.returncode != 0:
        raise RuntimeError(done.stderr.strip().splitlines()[-1] if done.stderr.strip() else f"exit {done.returncode}")
    return json.loads(done.stdout)


def score(report: dict, category: str) -> str:
    value = report["categories"][category]["score"]
    return "—" if value is None else f"{value * 100:.0f}"


def main() -> None:
    from devserver.testing import running_gateway
    from tools.browser.driver import CHROMIUM
    from tools.browser.gateway import SEEDED, ensure_built

    chromium = CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium")
    if not chromium:
        print("skipped: Debian's chromium is not installed (`make chromium`)")
        return
    if not LIGHTHOUSE.exists():
        print("skipped: Lighthouse is not installed (bench/lighthouse/node_modules; `make bench` installs it from"
              " bench/lighthouse/package-lock.json)")
        return
    ensure_built()
    print(f"Lighthouse mobile preset (simulated throttling), {RUNS} runs a page, one after the other")
    print(f"{'page':<32} {'perf':>5} {'TBT ms':>7} {'CLS':>6} {'LCP ms':>7} {'a11y':>5} {'BP':>4} {'SEO':>4}")
    with running_gateway(env=SEEDED) as gateway:
        for label, path in PAGES:
            for _ in range(RUNS):
                try:
                    report = audit(gateway.base_url + path, chromium)
                except (RuntimeError, subprocess.TimeoutExpired, json.JSONDecodeError) as failed:
                    print(f"{label:<32} skipped: Lighthouse failed ({failed})")
                    continue
                audits = report["audits"]
                print(f"{label:<32} {score(report, 'performance'):>5} {audits['total-blocking-time']['numericValue']:>7.0f}"
                      f" {audits['cumulative-layout-shift']['numericValue']:>6.3f}"
                      f" {audits['largest-contentful-paint']['numericValue']:>7.0f} {score(report, 'accessibility'):>5}"
                      f" {score(report, 'best-practices'):>4} {score(report, 'seo'):>4}")
    print("targets for /: performance ≥ 98, accessibility, best practices and SEO 100, CLS 0")


if __name__ == "__main__":
    main()
