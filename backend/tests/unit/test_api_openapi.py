"""The committed OpenAPI document is the app's: a change to a route must come with the regenerated file."""

import json
from pathlib import Path

from filingproof.api.openapi import openapi_document

COMMITTED = Path(__file__).resolve().parents[2] / "openapi.json"
REGENERATE = "regenerate it: .venv/bin/python -m filingproof.api.openapi > backend/openapi.json"


def test_committed_openapi_matches_the_app() -> None:
    assert COMMITTED.is_file(), f"backend/openapi.json is missing; {REGENERATE}"
    committed = json.loads(COMMITTED.read_text())
    current = json.loads(openapi_document())
    assert committed == current, f"the app's OpenAPI schema differs from backend/openapi.json; {REGENERATE}"


def test_every_error_response_is_a_problem() -> None:
    document = json.loads(openapi_document())
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            for status, response in operation["responses"].items():
                if status.startswith("4"):
                    assert list(response["content"]) == ["application/problem+json"], (method, path, status)
