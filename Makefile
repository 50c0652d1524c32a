# The newcomer's commands: `make run` (embedded database, ingest the demo filings, report) and `make test`.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
FILINGPROOF_DEMO_DIR ?= ../shared/corpus/filings
export FILINGPROOF_DEMO_DIR

.PHONY: setup run test lint typecheck bench clean

setup: $(STAMP)

# CPU torch first: asked for later by sentence-transformers, pip would pull a multi-GB CUDA build.
$(STAMP): backend/pyproject.toml
	test -d $(VENV) || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet torch==2.13.0
	$(BIN)/pip install --quiet -e 'backend[dev]'
	touch $(STAMP)

run: setup
	$(BIN)/filingproof db upgrade
	$(BIN)/filingproof ingest --dir "$(FILINGPROOF_DEMO_DIR)"
	$(BIN)/filingproof filings
	$(BIN)/filingproof serve

lint: setup
	cd backend && ../$(BIN)/ruff check src tests bench && ../$(BIN)/ruff format --check src tests bench

typecheck: setup
	cd backend && ../$(BIN)/mypy

test: setup lint typecheck
	cd backend && ../$(BIN)/pytest -q

bench: setup
	$(BIN)/python backend/bench/ingest.py

clean:
	rm -rf $(VENV) backend/src/*.egg-info
