"""What the client hands back: a company and its filings, parsed from EDGAR's JSON."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Any

DEFAULT_WWW_BASE = "https://www.sec.gov"


@dataclass(frozen=True, slots=True)
class CompanyRef:
    """A registrant as listed in ``company_tickers.json``."""

    cik: int
    ticker: str
    name: str

    @property
    def cik10(self) -> str:
        """The CIK zero-padded to ten digits, as EDGAR's JSON APIs spell it."""
        return f"{self.cik:010d}"


@dataclass(frozen=True, slots=True)
class FilingRef:
    """One filing from a company's submissions history."""

    accession: str  # with dashes: 0000320193-24-000123
    form: str  # exact EDGAR form type: "10-K", "10-K/A", "10-Q", …
    filing_date: date
    report_date: date | None  # period end; EDGAR leaves it empty for many non-periodic forms
    primary_document: str
    is_inline_xbrl: bool
    cik: int
    www_base: str = field(default=DEFAULT_WWW_BASE, repr=False, compare=False)

    @property
    def accession_nodash(self) -> str:
        return self.accession.replace("-", "")

    @property
    def folder_url(self) -> str:
        """The filing's folder in the EDGAR archive."""
        base = self.www_base.rstrip("/")
        return f"{base}/Archives/edgar/data/{self.cik}/{self.accession_nodash}"

    @property
    def document_url(self) -> str:
        """The primary document: ``{www}/Archives/edgar/data/<cik>/<accession no dashes>/<primary doc>``."""
        return f"{self.folder_url}/{self.primary_document}"

    def file_url(self, name: str) -> str:
        """Another file of the same filing (e.g. ``R2.htm``, ``FilingSummary.xml``)."""
        return f"{self.folder_url}/{name}"


_CIK_TICKER_KEY = re.compile(r"[.\-/\s]+")


def normalize_ticker(ticker: str) -> str:
    """Case- and separator-insensitive key: ``brk.b``, ``BRK-B`` and ``BRK/B`` all become ``BRK-B``."""
    return _CIK_TICKER_KEY.sub("-", ticker.strip().upper()).strip("-")


def parse_company_tickers(payload: Any) -> dict[str, CompanyRef]:
    """Map normalised ticker → company from ``company_tickers.json`` (``{"0": {cik_str, ticker, title}}``)."""
    rows = payload.values() if isinstance(payload, Mapping) else payload
    companies: dict[str, CompanyRef] = {}
    for row in rows:
        ref = CompanyRef(cik=int(row["cik_str"]), ticker=str(row["ticker"]), name=str(row["title"]))
        companies.setdefault(normalize_ticker(ref.ticker), ref)
    return companies


def _parse_date(value: object) -> date | None:
    if not isinstance(value, str) or not value:
        return None
    return date.fromisoformat(value[:10])


def parse_filing_table(table: Mapping[str, Any], cik: int, *, www_base: str) -> list[FilingRef]:
    """Turn EDGAR's column-oriented filing table (``filings.recent`` or an extra page) into rows."""
    accessions = table.get("accessionNumber") or []
    forms = table.get("form") or []
    filing_dates = table.get("filingDate") or []
    report_dates = table.get("reportDate") or [""] * len(accessions)
    documents = table.get("primaryDocument") or [""] * len(accessions)
    inline = table.get("isInlineXBRL") or [0] * len(accessions)
    refs: list[FilingRef] = []
    for i, accession in enumerate(accessions):
        filed = _parse_date(filing_dates[i])
        if filed is None:
            continue
        refs.append(
            FilingRef(
                accession=str(accession),
                form=str(forms[i]),
                filing_date=filed,
                report_date=_parse_date(report_dates[i]),
                primary_document=str(documents[i] or ""),
                is_inline_xbrl=bool(inline[i]),
                cik=cik,
                www_base=www_base,
            )
        )
    return refs


@dataclass(frozen=True, slots=True)
class SubmissionPage:
    """An extra page of a filing history, as listed in ``filings.files[]``."""

    name: str
    filing_count: int
    filing_from: date | None
    filing_to: date | None


@dataclass(frozen=True, slots=True)
class Submissions:
    """The first answer of ``submissions/CIK##########.json``: recent filings plus the older pages."""

    cik: int
    name: str
    fiscal_year_end: str | None  # "MMDD", e.g. "0928"
    recent: list[FilingRef]
    pages: list[SubmissionPage]


def parse_submissions(payload: Mapping[str, Any], *, www_base: str) -> Submissions:
    cik = int(payload["cik"])
    filings = payload.get("filings") or {}
    pages = [
        SubmissionPage(
            name=str(page["name"]),
            filing_count=int(page.get("filingCount") or 0),
            filing_from=_parse_date(page.get("filingFrom")),
            filing_to=_parse_date(page.get("filingTo")),
        )
        for page in filings.get("files") or []
    ]
    return Submissions(
        cik=cik,
        name=str(payload.get("name") or ""),
        fiscal_year_end=payload.get("fiscalYearEnd") or None,
        recent=parse_filing_table(filings.get("recent") or {}, cik, www_base=www_base),
        pages=pages,
    )
