"""What a filing is (company, form, period), from its own `dei:` cover tags unless the caller knows better."""

import re
from dataclasses import dataclass, replace
from datetime import date

from filingproof.calendar import END_SLACK, MONTH_NAME_PATTERN, fiscal_year_of, month_number
from filingproof.ingest.errors import IngestError
from filingproof.ingest.parse.cover import RegistrantNumbers, registrant_numbers
from filingproof.ingest.parse.document import ParsedDocument

_SUFFIXES = frozenset(
    {"INC", "INCORPORATED", "CORP", "CORPORATION", "CO", "COMPANY", "LTD", "LIMITED", "PLC", "LLC", "LP"}
    | {"THE"}
)
_STATE_SUFFIX_RE = re.compile(r"\s*/[A-Z]{2,4}/?\s*$")  # EDGAR's "COSTCO WHOLESALE CORP /NEW"


def company_key(name: str) -> str:
    """A company name without case, punctuation and legal form: "The Coca-Cola Company" and EDGAR's
    "COCA COLA CO" are both "COCA COLA"."""
    text = _STATE_SUFFIX_RE.sub("", name.upper()).replace("&", " AND ")
    return " ".join(word for word in re.findall(r"[A-Z0-9]+", text) if word not in _SUFFIXES)


@dataclass(frozen=True, slots=True)
class FilingMetadata:
    cik: int | None = None
    ticker: str | None = None
    company_name: str | None = None
    form: str | None = None
    period_end: date | None = None
    fiscal_year: int | None = None
    fiscal_period: str | None = None
    fiscal_year_end: str | None = None
    accession: str | None = None
    filed_at: date | None = None
    source_url: str | None = None
    registrant: RegistrantNumbers | None = None


@dataclass(frozen=True, slots=True)
class CompleteMetadata:
    cik: int
    ticker: str | None
    company_name: str
    form: str
    period_end: date
    fiscal_year: int | None
    fiscal_period: str | None
    fiscal_year_end: str | None
    accession: str | None
    filed_at: date | None
    source_url: str | None
    registrant: RegistrantNumbers | None


def metadata_from_cover(document: ParsedDocument) -> FilingMetadata:
    cover = document.cover
    cik = cover.get("EntityCentralIndexKey")
    fiscal_year = cover.get("DocumentFiscalYearFocus")
    ticker = cover.get("TradingSymbol")
    return FilingMetadata(
        cik=int(cik) if cik and cik.isdigit() else None,
        ticker=ticker.split()[0].upper() if ticker else None,
        company_name=cover.get("EntityRegistrantName"),
        form=cover.get("DocumentType"),
        period_end=cover.document_period_end,
        fiscal_year=int(fiscal_year) if fiscal_year and fiscal_year.isdigit() else None,
        fiscal_period=cover.get("DocumentFiscalPeriodFocus"),
        fiscal_year_end=month_day(cover.get("CurrentFiscalYearEndDate")),
        registrant=registrant_numbers(
            cover.get("EntityFileNumber"), cover.get("EntityTaxIdentificationNumber")
        ),
    )


_MONTH_DAY_RE = re.compile(rf"({MONTH_NAME_PATTERN})\s+(\d{{1,2}})")


def month_day(text: str | None) -> str | None:
    """The fiscal year end as XBRL writes it (`--09-28`), from "--09-28" or the printed "September 28"."""
    if not text:
        return None
    if re.fullmatch(r"--\d{2}-\d{2}", text.strip()):
        return text.strip()
    match = _MONTH_DAY_RE.search(text)
    if match is None:
        return None
    return f"--{month_number(match[1]):02d}-{int(match[2]):02d}"


def resolve_metadata(document: ParsedDocument, given: FilingMetadata | None) -> CompleteMetadata:
    """The cover's metadata, overridden field by field by what the caller passed (e.g. from EDGAR)."""
    merged = metadata_from_cover(document)
    if given is not None:
        merged = overlay_metadata(merged, given)
    missing = [
        name for name in ("cik", "company_name", "form", "period_end") if getattr(merged, name) is None
    ]
    if missing:
        raise IngestError(
            "the document does not say what it is (no dei: cover tags for "
            + ", ".join(missing)
            + "): ingest it from EDGAR by ticker, which supplies them"
        )
    return completed(merged)


_ANNUAL_FORMS = ("10-K", "20-F", "40-F")


def fiscal_year_from_end(period_end: date, fiscal_year_end: str | None) -> int:
    """The fiscal year a period ending on `period_end` falls in, where no `dei:` tag names it (a filing
    without inline XBRL): the calendar year its fiscal year ends in, that end known as `--MM-DD` or taken to
    be the period's own end (an annual report's)."""
    if fiscal_year_end is None or not re.fullmatch(r"--\d{2}-\d{2}", fiscal_year_end):
        return fiscal_year_of(period_end)
    month, day = int(fiscal_year_end[2:4]), min(int(fiscal_year_end[5:7]), 28)  # a 52/53-week end moves
    year_end = date(period_end.year, month, day)
    if period_end > year_end + END_SLACK:  # past this calendar year's end: in the fiscal year after it
        year_end = date(period_end.year + 1, month, day)
    return fiscal_year_of(year_end)


def completed(merged: FilingMetadata) -> CompleteMetadata:
    """The metadata as complete; the caller has checked that nothing required is missing. A fiscal year no
    tag gave is worked out from the period's end (an annual report's fiscal period is then "FY")."""
    assert merged.cik is not None and merged.company_name and merged.form and merged.period_end
    fiscal_year = merged.fiscal_year
    fiscal_period = merged.fiscal_period
    if fiscal_year is None:
        fiscal_year = fiscal_year_from_end(merged.period_end, merged.fiscal_year_end)
        if fiscal_period is None and merged.form.upper().startswith(_ANNUAL_FORMS):
            fiscal_period = "FY"
    return CompleteMetadata(
        cik=merged.cik,
        ticker=merged.ticker,
        company_name=merged.company_name,
        form=merged.form,
        period_end=merged.period_end,
        fiscal_year=fiscal_year,
        fiscal_period=fiscal_period,
        fiscal_year_end=merged.fiscal_year_end,
        accession=merged.accession,
        filed_at=merged.filed_at,
        source_url=merged.source_url,
        registrant=merged.registrant,
    )


def overlay_metadata(base: FilingMetadata, given: FilingMetadata) -> FilingMetadata:
    """`base`, with every field `given` sets."""
    values = {name: getattr(given, name) for name in FilingMetadata.__dataclass_fields__}
    return replace(base, **{name: value for name, value in values.items() if value is not None})
