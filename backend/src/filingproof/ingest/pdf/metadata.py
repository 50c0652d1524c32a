"""What a PDF filing is: its cover page, the caller's `--ticker/--cik/--form/--period-end`, and EDGAR's
company list (ticker → CIK, or company name → CIK and ticker), read through the cached EDGAR client. A
company listed under another name now (Facebook, now Meta Platforms) is the stored company with the
commission file and employer identification numbers its cover prints (`ingest.registrants`); one no longer
listed (acquired, delisted: Activision Blizzard) is found by its name in EDGAR's list of every name ever
filed under (`cik-lookup-data.txt`), read only then.
"""

from collections.abc import Mapping
from dataclasses import replace

from filingproof.config import Settings
from filingproof.edgar import EdgarError
from filingproof.edgar.client import EdgarClient
from filingproof.edgar.models import CompanyRef, normalize_ticker, parse_company_tickers
from filingproof.ingest.metadata import (
    CompleteMetadata,
    FilingMetadata,
    company_key,
    completed,
    overlay_metadata,
)
from filingproof.ingest.parse.periods import DocumentPeriod
from filingproof.ingest.pdf.cover import PdfCover
from filingproof.ingest.pdf.document import PdfDocument
from filingproof.ingest.pdf.errors import MissingMetadataError, UnknownCompanyError
from filingproof.ingest.registrants import KnownRegistrants


def find_company(
    companies: Mapping[str, CompanyRef], ticker: str | None, name: str | None, cover_text: str
) -> CompanyRef | None:
    """The company by its ticker, else by its name, else by a listed name printed on the cover."""
    if ticker and (found := companies.get(normalize_ticker(ticker))):
        return found
    by_name: dict[str, CompanyRef] = {}
    by_letters: dict[str, CompanyRef] = {}  # small capitals print "MGM R ESORTS": compare without spaces
    for company in companies.values():  # company_tickers.json lists the main ticker of each CIK first
        key = company_key(company.name)
        by_name.setdefault(key, company)
        by_letters.setdefault(key.replace(" ", ""), company)
    if name and (
        found := by_name.get(company_key(name)) or by_letters.get(company_key(name).replace(" ", ""))
    ):
        return found
    if name or ticker:
        return None
    # No name on the cover (a logo): the longest listed name the cover prints ("One Coca-Cola Plaza").
    text = f" {company_key(cover_text)} "
    printed = [key for key in by_name if len(key) >= 6 and " " in key and f" {key} " in text]
    return by_name[max(printed, key=len)] if printed else None


def same_letters(printed: str, listed: str) -> bool:
    """The same name but for its spacing: small capitals print "MGM R ESORTS I NTERNATIONAL"."""
    printed_key, listed_key = company_key(printed), company_key(listed)
    return printed_key != listed_key and printed_key.replace(" ", "") == listed_key.replace(" ", "")


def cik_by_name(lookup_data: str, name: str) -> int | None:
    """The CIK filed under `name` in EDGAR's `cik-lookup-data.txt` (one "NAME:CIK:" a line, every name any
    entity has filed under), when exactly one CIK carries that name."""
    key = company_key(name)
    first = key.split(" ")[0] if key else ""
    if not first:
        return None
    found = {
        int(parts[1])
        for line in lookup_data.splitlines()
        if first in line.upper()
        and len(parts := line.rstrip().rsplit(":", 2)) == 3
        and parts[1].isdigit()
        and company_key(parts[0]) == key
    }
    return found.pop() if len(found) == 1 else None


async def company_list(settings: Settings) -> dict[str, CompanyRef]:
    """EDGAR's company list (company_tickers.json), from the on-disk cache when fresh."""
    async with EdgarClient(settings) as edgar:
        return parse_company_tickers(await edgar.get_json(edgar.tickers_url))


async def past_cik(settings: Settings, name: str) -> int | None:
    """A company's CIK from EDGAR's list of all names (about 1M lines, cached like other listings)."""
    async with EdgarClient(settings) as edgar:
        body = await edgar.get(f"{edgar.www_base}/Archives/edgar/cik-lookup-data.txt")
    return cik_by_name(body.decode("latin-1"), name)


async def pdf_metadata(
    document: PdfDocument, given: FilingMetadata | None, settings: Settings, known: KnownRegistrants
) -> CompleteMetadata:
    """The cover's metadata overlaid by `given`; the CIK (and a missing ticker or name) from EDGAR."""
    return await printed_metadata(document.pdf_cover, document.period, given, settings, known)


async def printed_metadata(
    cover: PdfCover | None,
    period: DocumentPeriod,
    given: FilingMetadata | None,
    settings: Settings,
    known: KnownRegistrants,
) -> CompleteMetadata:
    """What a printed cover page says (a PDF's, or an HTML filing's without `dei:` tags), overlaid by
    `given`; the CIK (and a missing ticker or name) from EDGAR's company lists, else from the stored
    company the cover's registrant numbers name (`known`)."""
    read = FilingMetadata(
        ticker=cover.ticker if cover else None,
        company_name=cover.company_name if cover else None,
        form=period.form,
        period_end=period.period_end,
        fiscal_year=period.fiscal_year,
        fiscal_period=period.fiscal_period,
        fiscal_year_end=f"--{period.period_end:%m-%d}" if period.fiscal_period == "FY" else None,
        registrant=cover.registrant if cover else None,
    )
    merged = overlay_metadata(read, given) if given is not None else read
    lookup_error = ""
    if merged.cik is None or merged.company_name is None:
        try:
            companies = await company_list(settings)
        except EdgarError as error:
            companies, lookup_error = {}, f" (EDGAR's company list could not be read: {error})"
        found = find_company(companies, merged.ticker, merged.company_name, cover.cover_text if cover else "")
        if found is not None:
            printed = merged.company_name
            merged = replace(
                merged,
                cik=merged.cik or found.cik,
                ticker=merged.ticker or found.ticker,
                company_name=found.name if printed is None or same_letters(printed, found.name) else printed,
            )
    if merged.cik is None and merged.registrant is not None and (stored := await known(merged.registrant)):
        merged = replace(merged, cik=stored.cik, ticker=merged.ticker or stored.ticker)
    if merged.cik is None and merged.company_name is not None and not lookup_error:
        merged = replace(merged, cik=await _past_cik(settings, merged.company_name))
    return _complete(merged, lookup_error)


async def _past_cik(settings: Settings, name: str) -> int | None:
    try:
        return await past_cik(settings, name)
    except EdgarError:
        return None  # the error then names the missing CIK and --cik


def _complete(merged: FilingMetadata, lookup_error: str) -> CompleteMetadata:
    missing = []
    if merged.company_name is None:
        missing.append("the company (give --ticker)")
    if merged.cik is None:
        who = merged.ticker or merged.company_name or "the company"
        missing.append(f"the CIK of {who}, not found in EDGAR's company lists (give --ticker or --cik)")
    if missing:
        message = "the cover page does not say " + " or ".join(missing) + lookup_error
        # A company it names but nobody knows yet: a document queued with it may store its registrant.
        known_by_name = merged.company_name is not None or merged.ticker is not None
        raise (UnknownCompanyError if known_by_name else MissingMetadataError)(message)
    return completed(merged)
