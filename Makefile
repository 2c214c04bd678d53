# Deckroom — every entry point a developer, an operator or CI uses.
# `make dev` and `make test` do all the set-up on a fresh clone.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP_STAMP := $(VENV)/.installed
FRONTEND_STAMP := frontend/dist/.built
PORT ?= 8000
HOST ?= 127.0.0.1
# One pytest worker per core and one more: a worker spends part of its time waiting on a gateway, a browser or a
# timer, and the extra worker fills those gaps; two more only crowd the cores (docs/decisions.md).
TEST_WORKERS ?= $(shell $(PYTHON) -c 'import os; print(len(os.sched_getaffinity(0)) + 1)')

export JSII_SILENCE_WARNING_DEPRECATED_NODE_VERSION := 1
# jsii names the end-of-life majors it should stay quiet about (Node 20 is what the machines have).
export JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION := 20
export PYTHONDONTWRITEBYTECODE := 1

.PHONY: help dev test test-fast bench synth preflight screenshots soak frontend chromium qemu cjk-fonts clean

help:
	@echo "make dev          run the whole product locally (http://localhost:$(PORT))"
	@echo "make test         install what is missing, then the type checker and every test (pytest, a worker per core and one more)"
	@echo "make test-fast    the quick loop while working: engine and handler tests only"
	@echo "one test          .venv/bin/python -m pytest tests/browser/test_input.py::test_a_double_tap_sends_one_move"
	@echo "make bench        benchmarks (engines, CPUs, server path, site size, frames, Lighthouse)"
	@echo "make synth        synthesise the AWS stack offline (cdk.out/)"
	@echo "make preflight    check the AWS account's quotas against TABLES=N tables (default 100)"
	@echo "make screenshots  refresh docs/screenshots/"
	@echo "make soak         the long reliability runs"

# --- set-up -------------------------------------------------------------------------------------------------

$(PIP_STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	touch $@

$(VENV)/.bench-installed: $(PIP_STAMP)
	$(PY) -m pip install -q -e '.[dev,bench]'
	touch $@

FRONTEND_SOURCES := $(shell find frontend -path frontend/node_modules -prune -o -path frontend/dist -prune -o -type f -print 2>/dev/null)
FRONTEND_MODULES := frontend/node_modules/.installed

$(FRONTEND_MODULES): frontend/package-lock.json
	cd frontend && npm ci --no-audit --no-fund
	touch $@

frontend: $(FRONTEND_STAMP)
$(FRONTEND_STAMP): $(FRONTEND_MODULES) $(FRONTEND_SOURCES)
	cd frontend && npm run build
	touch $@

# Debian's Chromium drives the browser tests (Playwright's own browser download is not available here).
chromium:
	@command -v chromium >/dev/null 2>&1 || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null)

# The arm64 code-asset test runs Debian's arm64 python3.11 under qemu (tests/infra/arm64.py).
qemu:
	@command -v qemu-aarch64-static >/dev/null 2>&1 || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq qemu-user-static >/dev/null)

# Japanese and Korean text and the faces' pictures (emoji) in screenshots need fonts (the tests read text, not
# pixels, so only here).
cjk-fonts:
	@fc-list 2>/dev/null | grep -qi "noto.*cjk" || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-cjk >/dev/null)
	@fc-list 2>/dev/null | grep -qi "emoji" || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-color-emoji >/dev/null)

# --- the two set-up commands ---------------------------------------------------------------------------------

dev: $(PIP_STAMP) $(FRONTEND_STAMP)
	$(PY) -m devserver --host $(HOST) --port $(PORT)

test: $(PIP_STAMP) $(FRONTEND_STAMP) chromium qemu
	$(PY) -m mypy
	cd frontend && npm test
	HYPOTHESIS_PROFILE=ci $(PY) -m pytest -n $(TEST_WORKERS) --dist loadgroup --durations=15

# Engine and handler tests (and every docstring example) only: the quick loop while working.
test-fast: $(PIP_STAMP)
	$(PY) -m pytest tests/engine tests/functions tests/test_doctests.py -q -n auto

# --- measuring and shipping ---------------------------------------------------------------------------------

# Lighthouse for `bench lighthouse`, in a package of its own (docs/decisions.md): 110 MB the frontend's build skips.
LIGHTHOUSE_MODULES := bench/lighthouse/node_modules/.installed
$(LIGHTHOUSE_MODULES): bench/lighthouse/package-lock.json
	cd bench/lighthouse && npm ci --no-audit --no-fund
	touch $@

bench: $(VENV)/.bench-installed $(FRONTEND_STAMP) $(LIGHTHOUSE_MODULES)
	$(PY) -m bench

synth: $(PIP_STAMP) $(FRONTEND_STAMP)
	@test -x node_modules/.bin/cdk || npm ci --no-audit --no-fund
	node_modules/.bin/cdk synth --quiet

# Reads the account's quotas (AWS CLI credentials) and says which to raise for TABLES tables (tools/preflight.py).
TABLES ?= 100
preflight: $(PIP_STAMP)
	$(PY) -m tools.preflight --tables $(TABLES)

screenshots: $(PIP_STAMP) $(FRONTEND_STAMP) chromium cjk-fonts
	$(PY) -m tools.screenshots

soak: $(PIP_STAMP) $(FRONTEND_STAMP)
	HYPOTHESIS_PROFILE=thorough $(PY) -m pytest -m soak tests/reliability

clean:
	rm -rf $(VENV) frontend/node_modules frontend/dist node_modules cdk.out
