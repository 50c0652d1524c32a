# The newcomer's commands: `make run` (install what is missing, build the web app, embedded database, demo
# filings when the database is empty, serve API + app on one port) and `make test` (everything CI runs).
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
PYTHON ?= python3
# VENV may point at an existing environment (the make-run test reuses the one running pytest).
VENV ?= .venv
BIN := $(abspath $(VENV))/bin
STAMP := $(abspath $(VENV))/.filingproof-installed
HOST ?= 127.0.0.1
TORCH_VERSION := 2.13.0
TORCH_INDEX ?= https://download.pytorch.org/whl/cpu
PORT ?= 8000

# The web app is built only where it exists (frontend/package.json).
WEB := $(wildcard frontend/package.json)
WEB_STAMP := frontend/node_modules/.filingproof-installed
WEB_INDEX := frontend/dist/index.html
WEB_SOURCES := $(if $(WEB),$(shell find frontend -path frontend/node_modules -prune -o -path frontend/dist -prune \
	-o -type f \( -path 'frontend/src/*' -o -path 'frontend/public/*' -o -name '*.html' -o -name '*.json' \
	-o -name 'vite.config.*' \) -print))

.PHONY: setup web run serve test lint typecheck web-check bench clean tools

setup: $(STAMP) $(if $(WEB),$(WEB_STAMP))

# CPU torch first: asked for later by sentence-transformers, pip would pull a multi-GB CUDA build. A local
# wheel (pip's find-links, e.g. a wheelhouse) is taken without touching the network; otherwise the CPU index.
# --no-deps: torch's own small dependencies come from the ordinary index with the backend's.
# The stamp is newer than pyproject.toml once installed, so later runs skip pip entirely.
$(STAMP): backend/pyproject.toml
	test -d $(VENV) || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --no-deps --no-index torch==$(TORCH_VERSION) 2>/dev/null \
		|| $(BIN)/pip install --quiet --no-deps torch==$(TORCH_VERSION) --index-url $(TORCH_INDEX)
	$(BIN)/pip install --quiet -e 'backend[dev]'
	touch $(STAMP)

# npm ci starts from an empty node_modules; --prefer-offline reuses npm's cache when it holds the packages.
$(WEB_STAMP): frontend/package.json $(wildcard frontend/package-lock.json)
	cd frontend && npm ci --prefer-offline --no-audit --no-fund
	touch $(WEB_STAMP)

$(WEB_INDEX): $(WEB_STAMP) $(WEB_SOURCES)
	cd frontend && npm run build
	touch $(WEB_INDEX)

web: $(if $(WEB),$(WEB_INDEX))

# What pip and npm cannot install: say so up front rather than fail halfway through an ingest.
tools:
	@command -v $(PYTHON) >/dev/null || { echo "missing $(PYTHON) (3.11+): apt-get install -y python3 python3-venv"; exit 1; }
	@test -x "$${CHROMIUM_PATH:-/usr/bin/chromium}" || { echo "missing Chromium (renders filing pages): apt-get install -y chromium"; exit 1; }
	@test -z "$(WEB)" || command -v npm >/dev/null || { echo "missing npm (builds the web app): apt-get install -y nodejs npm"; exit 1; }

run: tools setup web
	$(BIN)/filingproof db upgrade
	$(BIN)/filingproof demo
	$(MAKE) --no-print-directory serve

# The API and the built web app on one port; `filingproof serve` prints "filingproof is ready at URL".
serve:
	$(if $(WEB),WEB_DIST=$(abspath frontend/dist)) exec $(BIN)/filingproof serve --host $(HOST) --port $(PORT)

lint: setup
	cd backend && $(BIN)/ruff check src tests bench
	cd backend && $(BIN)/ruff format --check src tests bench

typecheck: setup
	cd backend && $(BIN)/mypy

web-check: $(if $(WEB),$(WEB_STAMP))
	$(if $(WEB),cd frontend && npm run check,@echo "no web app (frontend/package.json) to check")

# In CI's order: lint, types, the web app's checks and build (the end-to-end tests serve frontend/dist), tests.
test: lint typecheck web-check web
	cd backend && $(BIN)/pytest -q

bench: setup
	$(BIN)/python backend/bench/ingest.py

clean:
	rm -rf $(VENV) backend/src/*.egg-info frontend/node_modules frontend/dist
