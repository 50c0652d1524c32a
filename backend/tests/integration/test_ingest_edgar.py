"""`filingproof ingest AAPL --form 10-K --year 2024` end to end, against a loopback EDGAR mirror."""

import os
import subprocess
import sys
from collections.abc import Iterator

import pytest
from edgar_mirror import EdgarMirror

USER_AGENT = "filingproof tests dev@filingproof.org"


@pytest.fixture(scope="module")
def mirror() -> Iterator[EdgarMirror]:
    with EdgarMirror() as running:
        yield running


def _cli(mirror: EdgarMirror, *args: str, user_agent: str = USER_AGENT) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "EDGAR_USER_AGENT": user_agent,
        "EDGAR_WWW_BASE": mirror.www_base,
        "EDGAR_DATA_BASE": mirror.data_base,
        "COLUMNS": "200",
    }
    return subprocess.run(
        [sys.executable, "-m", "filingproof", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_ingest_apple_fy2024_10k_from_edgar(mirror: EdgarMirror) -> None:
    result = _cli(mirror, "ingest", "AAPL", "--form", "10-K", "--year", "2024")
    assert result.returncode == 0, result.stderr
    assert "AAPL" in result.stdout and "10-K" in result.stdout and "2024-09-28" in result.stdout
    listed = _cli(mirror, "filings", "--json")
    assert '"accession": "0000320193-24-000123"' in listed.stdout
    paths = [r.path for r in mirror.requests]
    assert any(p.endswith("/aapl-20240928.htm") for p in paths)


def test_an_absent_filing_is_a_clear_error(mirror: EdgarMirror) -> None:
    result = _cli(mirror, "ingest", "TSLA", "--form", "10-K", "--year", "1990")
    assert result.returncode == 1
    assert "1990" in result.stderr and "10-K" in result.stderr


def test_an_unknown_ticker_is_a_clear_error(mirror: EdgarMirror) -> None:
    result = _cli(mirror, "ingest", "ZZZZZZ", "--form", "10-K", "--year", "2024")
    assert result.returncode == 1
    assert "ZZZZZZ" in result.stderr


def test_a_placeholder_user_agent_is_refused_before_any_request(mirror: EdgarMirror) -> None:
    mirror.reset()
    result = _cli(
        mirror,
        "ingest",
        "AAPL",
        "--year",
        "2024",
        user_agent="Sample Company Name AdminContact@samplecompany.com",
    )
    assert result.returncode == 1
    assert "User-Agent" in result.stderr or "user agent" in result.stderr.lower()
    assert mirror.requests == []
