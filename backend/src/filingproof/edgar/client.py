"""The EDGAR client: tickers → CIK, filing histories, choosing a filing, downloading its document.

Every request sends the configured User-Agent (checked before anything is sent) and
``Accept-Encoding: gzip, deflate``, passes through one shared `RateLimiter` (5 requests/s by default,
never above 10), is retried on 429, 5xx and transport errors with exponential backoff and jitter,
honouring ``Retry-After``, and is answered from the on-disk `EdgarCache` when it can be.
"""

from __future__ import annotations

import asyncio
import json
import logging
from datetime import date
from types import TracebackType
from typing import Any, Self

import httpx

from filingproof.config import Settings
from filingproof.edgar.cache import EdgarCache
from filingproof.edgar.errors import EdgarError, EdgarHTTPError, UnknownTickerError
from filingproof.edgar.models import (
    CompanyRef,
    FilingRef,
    SubmissionPage,
    Submissions,
    normalize_ticker,
    parse_company_tickers,
    parse_filing_table,
    parse_submissions,
)
from filingproof.edgar.ratelimit import RateLimiter
from filingproof.edgar.retry import backoff_delay, is_retryable_status, parse_retry_after
from filingproof.edgar.selection import matching, not_found_error
from filingproof.edgar.useragent import validate_user_agent

log = logging.getLogger(__name__)

#: A ``Retry-After`` longer than this is not waited out: the request fails at once, saying why.
DEFAULT_MAX_RETRY_AFTER_S = 120.0


class EdgarClient:
    """Async EDGAR client; use as ``async with EdgarClient(settings) as edgar: ...``."""

    def __init__(
        self,
        settings: Settings,
        *,
        use_cache: bool = True,
        cache: EdgarCache | None = None,
        limiter: RateLimiter | None = None,
        transport: httpx.AsyncBaseTransport | None = None,
        backoff_base_s: float = 0.5,
        max_retry_after_s: float = DEFAULT_MAX_RETRY_AFTER_S,
    ) -> None:
        self.settings = settings
        # Refuse a placeholder contact before anything else, so no request can ever leave without one.
        self.user_agent = validate_user_agent(self.settings.edgar_user_agent)
        self.www_base = self.settings.edgar_www_base.rstrip("/")
        self.data_base = self.settings.edgar_data_base.rstrip("/")
        self.cache: EdgarCache | None = None
        if use_cache:
            self.cache = cache or EdgarCache(self.settings.edgar_cache_dir)
        self.limiter = limiter or RateLimiter(self.settings.edgar_requests_per_second)
        self.max_retries = self.settings.edgar_max_retries
        self.backoff_base_s = backoff_base_s
        self.max_retry_after_s = max_retry_after_s
        self._http = httpx.AsyncClient(
            headers={"User-Agent": self.user_agent, "Accept-Encoding": "gzip, deflate"},
            timeout=httpx.Timeout(self.settings.edgar_timeout_s),
            follow_redirects=True,
            transport=transport,
        )
        self._tickers: dict[str, CompanyRef] | None = None
        self._submissions: dict[int, Submissions] = {}
        self._pages: dict[tuple[int, str], list[FilingRef]] = {}

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        await self._http.aclose()

    # -- raw access ---------------------------------------------------------------------------------

    async def get(self, url: str, *, use_cache: bool = True) -> bytes:
        """The body at ``url``: from the cache when fresh there, else fetched (and then cached)."""
        cache = self.cache if use_cache else None
        if cache is not None:
            cached = await cache.get(url)
            if cached is not None:
                log.debug("EDGAR cache hit %s", url)
                return cached
        body, content_type = await self._fetch(url)
        if cache is not None:
            await cache.put(url, body, content_type)
        return body

    async def get_json(self, url: str, *, use_cache: bool = True) -> Any:
        body = await self.get(url, use_cache=use_cache)
        try:
            return json.loads(body)
        except ValueError as exc:
            if self.cache is not None:
                self.cache.invalidate_sync(url)
            raise EdgarError(f"EDGAR answered {url} with something that is not JSON: {exc}") from exc

    async def _fetch(self, url: str) -> tuple[bytes, str | None]:
        attempts = self.max_retries + 1
        for attempt in range(1, attempts + 1):
            await self.limiter.acquire()
            try:
                response = await self._http.get(url)
            except (httpx.TransportError, httpx.DecodingError) as exc:
                if isinstance(exc, httpx.UnsupportedProtocol) or attempt == attempts:
                    raise EdgarHTTPError(url, None, attempt, f"{type(exc).__name__}: {exc}") from exc
                delay = backoff_delay(attempt, base_s=self.backoff_base_s)
                log.warning(
                    "EDGAR %s failed (%s: %s); retry %d/%d in %.2f s",
                    url, type(exc).__name__, exc, attempt, self.max_retries, delay,
                )  # fmt: skip
                await asyncio.sleep(delay)
                continue

            status = response.status_code
            if 200 <= status < 300:
                return response.content, response.headers.get("content-type")
            if not is_retryable_status(status) or attempt == attempts:
                raise EdgarHTTPError(url, status, attempt)
            retry_after = parse_retry_after(response.headers.get("retry-after"))
            if retry_after is not None and retry_after > self.max_retry_after_s:
                raise EdgarHTTPError(
                    url,
                    status,
                    attempt,
                    f"the server asked to retry after {retry_after:.0f} s, "
                    f"longer than the {self.max_retry_after_s:.0f} s this client waits",
                )
            delay = backoff_delay(attempt, base_s=self.backoff_base_s, retry_after_s=retry_after)
            log.warning(
                "EDGAR %s answered HTTP %d%s; retry %d/%d in %.2f s",
                url,
                status,
                f" (Retry-After {retry_after:.0f} s)" if retry_after is not None else "",
                attempt,
                self.max_retries,
                delay,
            )
            await asyncio.sleep(delay)
        raise AssertionError("unreachable")  # pragma: no cover

    # -- companies and filings ----------------------------------------------------------------------

    @property
    def tickers_url(self) -> str:
        return f"{self.www_base}/files/company_tickers.json"

    def submissions_url(self, cik: int) -> str:
        return f"{self.data_base}/submissions/CIK{cik:010d}.json"

    async def company(self, ticker: str) -> CompanyRef:
        """The company behind ``ticker`` (case-insensitive; ``BRK.B`` and ``BRK-B`` are the same)."""
        if self._tickers is None:
            self._tickers = parse_company_tickers(await self.get_json(self.tickers_url))
        found = self._tickers.get(normalize_ticker(ticker))
        if found is None:
            raise UnknownTickerError(ticker, self.tickers_url)
        return found

    async def submissions(self, cik: int) -> Submissions:
        """The first page of the company's filing history: recent filings and the list of older pages."""
        if cik not in self._submissions:
            payload = await self.get_json(self.submissions_url(cik))
            self._submissions[cik] = parse_submissions(payload, www_base=self.www_base)
        return self._submissions[cik]

    async def _page(self, cik: int, page: SubmissionPage) -> list[FilingRef]:
        key = (cik, page.name)
        if key not in self._pages:
            payload = await self.get_json(f"{self.data_base}/submissions/{page.name}")
            self._pages[key] = parse_filing_table(payload, cik, www_base=self.www_base)
        return self._pages[key]

    async def filings(self, cik: int, *, since: date | None = None) -> list[FilingRef]:
        """Every filing of the company, latest first, following the history's extra pages.

        With ``since``, extra pages whose last filing predates it are not fetched.
        """
        subs = await self.submissions(cik)
        refs = list(subs.recent)
        for page in subs.pages:
            if since is not None and page.filing_to is not None and page.filing_to < since:
                continue
            refs.extend(await self._page(cik, page))
        return sorted(refs, key=lambda r: (r.filing_date, r.accession), reverse=True)

    async def find_filing(
        self,
        cik: int,
        form: str = "10-K",
        fiscal_year: int | None = None,
        period_end: date | None = None,
        *,
        include_amendments: bool = False,
    ) -> FilingRef:
        """Like `select` over `filings`, but reads older history pages only when the recent ones lack it.

        Recent filings are all filed after those on the extra pages, so a match among them is already
        the latest filed one. A filing for fiscal year ``Y`` is filed on or after 1 January ``Y``, so
        pages that end before that are skipped.
        """
        subs = await self.submissions(cik)
        found = matching(subs.recent, form, fiscal_year, period_end, include_amendments=include_amendments)
        if found:
            return found[0]
        since: date | None = None
        if period_end is not None:
            since = period_end
        elif fiscal_year is not None:
            since = date(fiscal_year, 1, 1)
        everything = await self.filings(cik, since=since)
        found = matching(everything, form, fiscal_year, period_end, include_amendments=include_amendments)
        if found:
            return found[0]
        raise not_found_error(
            everything,
            form,
            fiscal_year,
            period_end,
            include_amendments=include_amendments,
            company_name=subs.name or None,
            cik=cik,
        )

    async def download(self, ref: FilingRef) -> bytes:
        """The filing's primary document, byte for byte (cached forever once fetched)."""
        if not ref.primary_document:
            raise EdgarError(f"Filing {ref.accession} ({ref.form}) lists no primary document")
        return await self.get(ref.document_url)


async def fetch_filing(
    settings: Settings,
    ticker: str,
    form: str = "10-K",
    fiscal_year: int | None = None,
    period_end: date | None = None,
    *,
    include_amendments: bool = False,
) -> tuple[FilingRef, CompanyRef, bytes]:
    """Ticker → company → filing → primary document bytes, in one call."""
    async with EdgarClient(settings) as edgar:
        company = await edgar.company(ticker)
        ref = await edgar.find_filing(
            company.cik, form, fiscal_year, period_end, include_amendments=include_amendments
        )
        return ref, company, await edgar.download(ref)
