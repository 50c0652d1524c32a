"""Property-based fuzzing of the live service from its committed OpenAPI document (schemathesis): no 5xx,
every status, content type, header and body as documented — valid and invalid inputs alike."""

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings

from filingproof.api.server import child_server

pytestmark = pytest.mark.corpus

OPENAPI = Path(__file__).resolve().parents[2] / "openapi.json"
schema = schemathesis.openapi.from_path(OPENAPI)


@pytest.fixture(scope="module")
def base_url(ingested_corpus: Any) -> Iterator[str]:
    with child_server({"QUERY_RATE_PER_MINUTE": "60000", "QUERY_RATE_BURST": "10000"}) as server:
        yield server.base_url


@schema.parametrize()
@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_api_keeps_its_documented_contract(case: schemathesis.Case[Any], base_url: str) -> None:
    case.call_and_validate(base_url=base_url, timeout=60)
