"""The EDGAR client against a real loopback server over ``../shared/edgar-mirror``.

The real client code runs end to end: headers, rate limit, retries, cache and 404s included.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from email.utils import format_datetime
from pathlib import Path

import pytest
from edgar_mirror import CORPUS_DIR, MIRROR_DIR, EdgarMirror, RecordedRequest

from filingproof.config import Settings
from filingproof.edgar import (
    EdgarCache,
    EdgarClient,
    EdgarError,
    EdgarHTTPError,
    FilingNotFoundError,
    FilingRef,
    PlaceholderUserAgentError,
    RateLimiter,
    UnknownTickerError,
    fetch_filing,
    select,
    validate_user_agent,
)
from filingproof.edgar.retry import parse_retry_after

USER_AGENT = "filingproof tests dev@filingproof.org"
APPLE, NVIDIA, TESLA, MICROSOFT = 320193, 1045810, 1318605, 789019
TICKERS_PATH = "/files/company_tickers.json"
APPLE_SUBMISSIONS = "/submissions/CIK0000320193.json"

pytestmark = pytest.mark.skipif(not MIRROR_DIR.is_dir(), reason=f"EDGAR mirror not found at {MIRROR_DIR}")


@pytest.fixture
def mirror() -> Iterator[EdgarMirror]:
    with EdgarMirror() as running:
        yield running


def make_settings(mirror: EdgarMirror, home: Path, **overrides: object) -> Settings:
    values: dict[str, object] = {
        "FILINGPROOF_HOME": home,
        "EDGAR_USER_AGENT": USER_AGENT,
        "EDGAR_WWW_BASE": mirror.www_base,
        "EDGAR_DATA_BASE": mirror.data_base,
        "EDGAR_REQUESTS_PER_SECOND": 5,
        "EDGAR_MAX_RETRIES": 4,
        "EDGAR_TIMEOUT_S": 30,
    }
    values.update(overrides)
    return Settings(_env_file=None, **values)  # type: ignore[arg-type]


@pytest.fixture
def settings(mirror: EdgarMirror, tmp_path: Path) -> Settings:
    return make_settings(mirror, tmp_path)


def client(settings: Settings, **kwargs: object) -> EdgarClient:
    return EdgarClient(settings, backoff_base_s=0.05, **kwargs)  # type: ignore[arg-type]


def most_in_one_second(requests: list[RecordedRequest]) -> int:
    times = sorted(r.time for r in requests)
    return max((sum(1 for t in times[i:] if t - start < 1.0) for i, start in enumerate(times)), default=0)


# -- settings and User-Agent --------------------------------------------------------------------------


def test_settings_take_explicit_values_by_alias(
    settings: Settings, mirror: EdgarMirror, tmp_path: Path
) -> None:
    assert settings.edgar_user_agent == USER_AGENT
    assert settings.edgar_www_base == mirror.www_base
    assert settings.edgar_cache_dir == tmp_path.resolve() / "edgar-cache"


@pytest.mark.parametrize(
    "agent",
    [
        "",
        "   ",
        "Sample Company Name AdminContact@<sample company domain>.com",
        "your name your@email",
        "Your Name your.email@gmail.com",
        "Acme Research ops@example.com",
        "filingproof",
        "Company Name email@domain.com",
        "dev@filingproof.org",
    ],
)
async def test_placeholder_user_agent_refused_before_any_request(
    mirror: EdgarMirror, tmp_path: Path, agent: str
) -> None:
    settings = make_settings(mirror, tmp_path, EDGAR_USER_AGENT=agent)
    with pytest.raises(PlaceholderUserAgentError, match="Company Name email@domain"):
        EdgarClient(settings)
    with pytest.raises(PlaceholderUserAgentError):
        await fetch_filing(settings, "AAPL", "10-K", 2024)
    assert mirror.requests == []


@pytest.mark.parametrize(
    "agent", [USER_AGENT, "Acme Research ops@acme.io", "Jane Doe (Acme) jane.doe@acme.co.uk"]
)
def test_real_user_agents_accepted(agent: str) -> None:
    assert validate_user_agent(f"  {agent} ") == agent


# -- tickers -----------------------------------------------------------------------------------------


async def test_ticker_to_cik(settings: Settings, mirror: EdgarMirror) -> None:
    async with client(settings) as edgar:
        apple = await edgar.company("AAPL")
        nvidia = await edgar.company("nvda")
        tesla = await edgar.company(" TSLA ")
        dotted = await edgar.company("brk.b")
        dashed = await edgar.company("BRK-B")
    assert (apple.cik, apple.ticker, apple.name) == (APPLE, "AAPL", "Apple Inc.")
    assert (nvidia.cik, nvidia.ticker) == (NVIDIA, "NVDA")
    assert tesla.cik == TESLA and tesla.name == "Tesla, Inc."
    assert dotted == dashed and dotted.cik == 1067983 and dotted.ticker == "BRK-B"
    assert apple.cik10 == "0000320193"

    # One download of the ticker list served all five look-ups, with the headers SEC asks for.
    (request,) = mirror.requests
    assert request.path == TICKERS_PATH
    assert request.headers["User-Agent"] == USER_AGENT
    assert request.headers["Accept-Encoding"] == "gzip, deflate"


async def test_unknown_ticker(settings: Settings) -> None:
    async with client(settings) as edgar:
        with pytest.raises(UnknownTickerError, match=r"'ZZZQX' was not found in company_tickers\.json"):
            await edgar.company("ZZZQX")


# -- filing histories and selection ------------------------------------------------------------------


async def test_tesla_history_follows_extra_page(settings: Settings, mirror: EdgarMirror) -> None:
    async with client(settings) as edgar:
        filings = await edgar.filings(TESLA)
    assert len(filings) == 1002 + 720  # recent + CIK0001318605-submissions-001.json
    assert [r.path for r in mirror.data.requests] == [
        "/submissions/CIK0001318605.json",
        "/submissions/CIK0001318605-submissions-001.json",
    ]
    # Tesla's FY2016 10-K is only on the extra page.
    fy2016 = select(filings, "10-K", 2016)
    assert fy2016.accession == "0001564590-17-003118"
    assert fy2016.primary_document == "tsla-10k_20161231.htm"
    assert fy2016.report_date == date(2016, 12, 31)
    assert fy2016.filing_date == date(2017, 3, 1)
    assert fy2016.is_inline_xbrl is False
    dates = [r.filing_date for r in filings]
    assert dates == sorted(dates, reverse=True)


async def test_find_filing_reads_extra_page_only_when_needed(settings: Settings, mirror: EdgarMirror) -> None:
    async with client(settings) as edgar:
        recent = await edgar.find_filing(TESLA, "10-K", 2023)
        assert len(mirror.data.requests) == 1  # found among the recent filings
        older = await edgar.find_filing(TESLA, "10-K", 2016)
    assert recent.accession == "0001628280-24-002390"
    assert older.accession == "0001564590-17-003118"
    assert len(mirror.data.requests) == 2


@pytest.mark.parametrize(
    ("cik", "form", "year", "accession", "report_date", "document"),
    [
        (APPLE, "10-K", 2024, "0000320193-24-000123", date(2024, 9, 28), "aapl-20240928.htm"),
        (NVIDIA, "10-K", 2025, "0001045810-25-000023", date(2025, 1, 26), "nvda-20250126.htm"),
        (NVIDIA, "10-K", 2024, "0001045810-24-000029", date(2024, 1, 28), "nvda-20240128.htm"),
        (TESLA, "10-K", 2024, "0001628280-25-003063", date(2024, 12, 31), "tsla-20241231.htm"),
        (MICROSOFT, "10-K", 2024, "0000950170-24-087843", date(2024, 6, 30), "msft-20240630.htm"),
    ],
)
async def test_select_by_fiscal_year(
    settings: Settings,
    mirror: EdgarMirror,
    cik: int,
    form: str,
    year: int,
    accession: str,
    report_date: date,
    document: str,
) -> None:
    async with client(settings) as edgar:
        ref = await edgar.find_filing(cik, form, year)
        by_period = await edgar.find_filing(cik, form, period_end=report_date)
    assert ref == by_period
    assert (ref.accession, ref.form, ref.report_date, ref.primary_document) == (
        accession,
        form,
        report_date,
        document,
    )
    assert ref.is_inline_xbrl and ref.cik == cik
    assert ref.document_url == (
        f"{mirror.www_base}/Archives/edgar/data/{cik}/{accession.replace('-', '')}/{document}"
    )
    # The recent filings sufficed: no older history page was read.
    assert all("-submissions-" not in r.path for r in mirror.data.requests)


async def test_amendments_excluded_unless_asked(settings: Settings) -> None:
    async with client(settings) as edgar:
        filings = await edgar.filings(TESLA)
    assert select(filings, "10-K", 2024).accession == "0001628280-25-003063"
    # Tesla filed a 10-K/A for FY2024 three months later; it is chosen only when amendments are wanted.
    assert select(filings, "10-K", 2024, include_amendments=True).accession == "0001104659-25-042659"
    assert select(filings, "10-K/A", 2024).form == "10-K/A"
    assert select(filings, "10-K").accession == "0001628280-26-003952"  # latest filed 10-K
    assert select(filings, "10-Q", period_end=date(2024, 9, 30)).report_date == date(2024, 9, 30)


def test_fiscal_year_rule_is_report_date_year() -> None:
    def ref(accession: str, report: date, filed: date, form: str = "10-K") -> FilingRef:
        return FilingRef(accession, form, filed, report, "doc.htm", True, 104169)

    walmart = [
        ref("0000104169-25-000021", date(2025, 1, 31), date(2025, 3, 14)),
        ref("0000104169-24-000056", date(2024, 1, 31), date(2024, 3, 15)),
        ref("0000104169-24-000099", date(2024, 1, 31), date(2024, 6, 1), form="10-K/A"),
    ]
    assert select(walmart, "10-K", 2025).accession == "0000104169-25-000021"
    assert select(walmart, "10-K", 2024).accession == "0000104169-24-000056"
    assert select(walmart, "10-K", 2024, include_amendments=True).form == "10-K/A"
    with pytest.raises(FilingNotFoundError, match=r"fiscal year 2023.*2025, 2024"):
        select(walmart, "10-K", 2023)


# -- absent filings ----------------------------------------------------------------------------------


async def test_absent_filing_lists_what_exists(settings: Settings) -> None:
    async with client(settings) as edgar:
        with pytest.raises(FilingNotFoundError) as caught:
            await edgar.find_filing(TESLA, "10-K", 1990)
    error = caught.value
    message = str(error)
    assert "No 10-K for fiscal year 1990" in message and "Tesla, Inc." in message
    assert "2025, 2024, 2023" in message
    assert error.available_years[:3] == [2025, 2024, 2023]
    assert error.available_years[-1] == 2010
    assert "10-Q" in error.available_forms


async def test_absent_form_says_company_has_none(settings: Settings) -> None:
    async with client(settings) as edgar:
        with pytest.raises(FilingNotFoundError, match="no 20-F at all among its filings") as caught:
            await edgar.find_filing(APPLE, "20-F", 2024)
    # Only the recent filings were searched: the older page ends in 2015, before any FY2024 filing.
    assert "filed 2015-03-12 to 2026-02-26" in str(caught.value)
    assert caught.value.available_forms[:3] == ["10-K", "10-Q", "8-K"]


async def test_apple_1990_needs_an_older_page_the_mirror_lacks(settings: Settings) -> None:
    # Apple's history lists an older page (CIK0000320193-submissions-001.json) that the mirror leaves out:
    # the client must say plainly that the document does not exist at that URL.
    async with client(settings) as edgar:
        with pytest.raises(EdgarHTTPError) as caught:
            await edgar.find_filing(APPLE, "10-K", 1990)
    assert caught.value.status == 404
    assert caught.value.url.endswith("/submissions/CIK0000320193-submissions-001.json")
    assert "does not exist" in str(caught.value)


async def test_document_missing_from_archive_is_a_clear_404(settings: Settings, mirror: EdgarMirror) -> None:
    async with client(settings) as edgar:
        microsoft = await edgar.company("MSFT")
        ref = await edgar.find_filing(microsoft.cik, "10-K", 2024)
        with pytest.raises(EdgarHTTPError) as caught:
            await edgar.download(ref)
    error = caught.value
    assert (error.status, error.attempts, error.url) == (404, 1, ref.document_url)
    assert str(error).startswith(f"EDGAR has no document at {ref.document_url}")
    assert "does not exist" in str(error)
    assert len(mirror.www.requests_for(ref.document_url.removeprefix(mirror.www_base))) == 1  # not retried


# -- downloads and the cache ---------------------------------------------------------------------------


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


async def test_download_apple_fy2024_byte_identical(settings: Settings) -> None:
    ref, company, body = await fetch_filing(settings, "aapl", "10-K", 2024)
    assert company.cik == APPLE
    assert ref.accession == "0000320193-24-000123"
    expected = (CORPUS_DIR / "AAPL" / "10-K_2024-09-28.htm").read_bytes()
    assert len(body) == len(expected)
    assert sha256(body) == sha256(expected)


async def test_second_download_served_from_cache(settings: Settings, mirror: EdgarMirror) -> None:
    async with client(settings) as edgar:
        nvidia = await edgar.company("NVDA")
        ref = await edgar.find_filing(nvidia.cik, "10-K", 2025)
        first = await edgar.download(ref)
        path = ref.document_url.removeprefix(mirror.www_base)
        assert len(mirror.www.requests_for(path)) == 1
        second = await edgar.download(ref)
    assert second == first
    assert len(mirror.www.requests_for(path)) == 1

    # A new client on the same cache folder needs no request at all, listings included.
    before = len(mirror.requests)
    ref_again, _, third = await fetch_filing(settings, "NVDA", "10-K", 2025)
    assert ref_again == ref and third == first
    assert len(mirror.requests) == before

    # With the cache off, it goes to the server again.
    async with client(settings, use_cache=False) as edgar:
        assert await edgar.download(ref) == first
    assert len(mirror.www.requests_for(path)) == 2


def test_cache_ttl_listings_expire_documents_do_not(tmp_path: Path) -> None:
    now = [1_000_000.0]
    cache = EdgarCache(tmp_path, metadata_ttl_s=86400, clock=lambda: now[0])
    listing = "https://data.sec.gov/submissions/CIK0000320193.json"
    tickers = "https://www.sec.gov/files/company_tickers.json"
    document = "https://www.sec.gov/Archives/edgar/data/320193/000032019324000123/aapl-20240928.htm"
    for url in (listing, tickers, document):
        cache.put_sync(url, url.encode())
    now[0] += 3600
    assert cache.get_sync(listing) == listing.encode()
    assert cache.get_sync(tickers) == tickers.encode()
    now[0] += 86400
    assert cache.get_sync(listing) is None
    assert cache.get_sync(tickers) is None
    assert cache.get_sync(document) == document.encode()
    assert cache.get_sync("https://www.sec.gov/never-stored") is None


# -- rate limit ----------------------------------------------------------------------------------------


async def test_at_most_five_requests_in_any_second(settings: Settings, mirror: EdgarMirror) -> None:
    url = f"{mirror.data_base}{APPLE_SUBMISSIONS}"
    async with client(settings, use_cache=False) as edgar:
        bodies = await asyncio.gather(*(edgar.get(url) for _ in range(15)))
    assert len({sha256(b) for b in bodies}) == 1
    requests = mirror.data.requests_for(APPLE_SUBMISSIONS)
    assert len(requests) == 15
    assert most_in_one_second(requests) == 5
    times = sorted(r.time for r in requests)
    assert all(later - earlier >= 1.0 for earlier, later in zip(times, times[5:], strict=False))
    assert times[-1] - times[0] < 3.5  # limited, not serialised


async def test_rate_limiter_never_exceeds_ten() -> None:
    assert RateLimiter(50).max_requests == 10
    assert RateLimiter(10).max_requests == 10
    assert RateLimiter(2.5).max_requests == 2
    slow = RateLimiter(0.5)
    assert slow.max_requests == 1 and slow.window_s >= 2.0
    with pytest.raises(ValueError):
        RateLimiter(0)
    with pytest.raises(ValueError):
        Settings(_env_file=None, EDGAR_REQUESTS_PER_SECOND=11)


# -- retries -------------------------------------------------------------------------------------------


async def test_429_with_retry_after_is_waited_out(
    settings: Settings, mirror: EdgarMirror, caplog: pytest.LogCaptureFixture
) -> None:
    mirror.www.fail_next(TICKERS_PATH, status=429, times=1, retry_after="1")
    with caplog.at_level(logging.WARNING, logger="filingproof.edgar"):
        async with client(settings) as edgar:
            apple = await edgar.company("AAPL")
    assert apple.cik == APPLE
    first, second = mirror.www.requests_for(TICKERS_PATH)
    assert (first.status, second.status) == (429, 200)
    assert second.time - first.time >= 1.0
    assert any("HTTP 429" in r.getMessage() and "Retry-After 1 s" in r.getMessage() for r in caplog.records)


async def test_503_is_retried(
    settings: Settings, mirror: EdgarMirror, caplog: pytest.LogCaptureFixture
) -> None:
    mirror.data.fail_next(APPLE_SUBMISSIONS, status=503, times=2)
    with caplog.at_level(logging.WARNING, logger="filingproof.edgar"):
        async with client(settings) as edgar:
            ref = await edgar.find_filing(APPLE, "10-K", 2024)
    assert ref.accession == "0000320193-24-000123"
    assert [r.status for r in mirror.data.requests_for(APPLE_SUBMISSIONS)] == [503, 503, 200]
    retries = [r for r in caplog.records if "HTTP 503" in r.getMessage()]
    assert len(retries) == 2


async def test_retries_exhausted(mirror: EdgarMirror, tmp_path: Path) -> None:
    settings = make_settings(mirror, tmp_path, EDGAR_MAX_RETRIES=2)
    mirror.data.fail_next(APPLE_SUBMISSIONS, status=502, times=10)
    async with client(settings) as edgar:
        with pytest.raises(EdgarHTTPError, match=r"HTTP 502 .* after 3 attempt") as caught:
            await edgar.submissions(APPLE)
    assert caught.value.status == 502 and caught.value.attempts == 3
    assert len(mirror.data.requests_for(APPLE_SUBMISSIONS)) == 3


async def test_client_errors_are_not_retried(settings: Settings, mirror: EdgarMirror) -> None:
    mirror.www.fail_next(TICKERS_PATH, status=403, times=1)
    async with client(settings) as edgar:
        with pytest.raises(EdgarHTTPError, match="403 Forbidden") as caught:
            await edgar.company("AAPL")
    assert caught.value.attempts == 1
    assert len(mirror.www.requests_for(TICKERS_PATH)) == 1


async def test_too_long_retry_after_fails_at_once(settings: Settings, mirror: EdgarMirror) -> None:
    mirror.www.fail_next(TICKERS_PATH, status=429, times=1, retry_after="3600")
    async with client(settings) as edgar:
        with pytest.raises(EdgarHTTPError, match="retry after 3600 s"):
            await edgar.company("AAPL")
    assert len(mirror.www.requests_for(TICKERS_PATH)) == 1


async def test_unreachable_host_is_retried_then_reported(tmp_path: Path) -> None:
    settings = Settings(
        _env_file=None,
        FILINGPROOF_HOME=tmp_path,
        EDGAR_USER_AGENT=USER_AGENT,
        EDGAR_WWW_BASE="http://127.0.0.1:9",  # discard port: nothing listens
        EDGAR_DATA_BASE="http://127.0.0.1:9",
        EDGAR_MAX_RETRIES=2,
        EDGAR_TIMEOUT_S=5,
    )
    async with client(settings) as edgar:
        with pytest.raises(EdgarHTTPError, match="Could not reach EDGAR") as caught:
            await edgar.company("AAPL")
    assert caught.value.status is None and caught.value.attempts == 3


def test_retry_after_parsing() -> None:
    now = datetime(2026, 1, 1, 12, 0, 0, tzinfo=UTC)
    assert parse_retry_after("7", now=now) == 7.0
    assert parse_retry_after(format_datetime(now + timedelta(seconds=30), usegmt=True), now=now) == 30.0
    assert parse_retry_after(format_datetime(now - timedelta(seconds=30), usegmt=True), now=now) == 0.0
    assert parse_retry_after(None) is None
    assert parse_retry_after("soon") is None


def test_errors_share_a_base() -> None:
    for error in (PlaceholderUserAgentError, UnknownTickerError, FilingNotFoundError, EdgarHTTPError):
        assert issubclass(error, EdgarError)
